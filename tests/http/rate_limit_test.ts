import assert from "node:assert/strict";
import { json } from "../../src/http/respond.ts";
import { ErrorCode, HttpError, invalidInput } from "../../src/http/errors.ts";
import { RateLimiter } from "../../src/http/rate_limit.ts";
import { Store } from "../../src/store/kv.ts";
import type { Route } from "../../src/http/types.ts";
import { serveApp } from "../support/app.ts";
import { tempDir } from "../support/temp.ts";

const ROUTES: Route[] = [
  { method: "GET", path: "/ping", errors: { kind: "node" }, handler: () => json({ ok: true }) },
  {
    method: "POST",
    path: "/x402/paid",
    errors: { kind: "api", service: "paid" },
    rateLimit: "payer",
    handler: async (ctx) => {
      // Stands for the paywall: bad input and unverifiable payments are refused before any
      // payer is known; only a verified payer is counted (here: a header that is not "bad").
      const body = await ctx.req.text();
      if (body === "bad input") throw invalidInput("body", "bad input");
      const header = ctx.req.headers.get("payment-signature");
      if (header === "bad") throw new HttpError(402, ErrorCode.PaymentInvalid, "bad payment");
      ctx.rateLimit(`payer:${header}`);
      return json({ status: "ok" });
    },
  },
];

class Clock {
  t = 1_700_000_000_000 - (1_700_000_000_000 % 60_000); // start of a window
  now = () => this.t;
}

async function statusOf(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  await res.body?.cancel();
  return res;
}

Deno.test("rate limiter answers 429 with Retry-After after the limit and recovers in the next window", async () => {
  const clock = new Clock();
  const limiter = new RateLimiter({ limit: 3, now: clock.now });
  await using s = serveApp({ routes: ROUTES, maxBodyBytes: 1024, limiter });
  for (let i = 0; i < 3; i++) assert.equal((await statusOf(`${s.url}/ping`)).status, 200);
  clock.t += 15_000;
  const limited = await fetch(`${s.url}/ping`);
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get("retry-after"), "45");
  const body = await limited.json();
  assert.equal(body.error.code, "rate_limited");
  clock.t += 45_000; // next window
  assert.equal((await statusOf(`${s.url}/ping`)).status, 200);
});

Deno.test("rate limiter counts a verified payer separately from the caller's IP", async () => {
  const clock = new Clock();
  const limiter = new RateLimiter({ limit: 2, now: clock.now });
  await using s = serveApp({ routes: ROUTES, maxBodyBytes: 1024, limiter });
  const paid = (payer: string) =>
    statusOf(`${s.url}/x402/paid`, { method: "POST", headers: { "payment-signature": payer } });
  assert.equal((await paid("A")).status, 200);
  assert.equal((await paid("A")).status, 200);
  assert.equal((await paid("A")).status, 429);
  assert.equal((await paid("B")).status, 200, "another payer has its own quota");
  assert.equal(
    (await statusOf(`${s.url}/ping`)).status,
    200,
    "the IP quota was not spent by payments",
  );
  assert.equal((await statusOf(`${s.url}/ping`)).status, 200);
  assert.equal((await statusOf(`${s.url}/ping`)).status, 429);
});

Deno.test("rate limiter keeps a window's counts across a restart through KV", async () => {
  await using dir = await tempDir();
  const clock = new Clock();
  const path = `${dir.path}/rl.kv`;
  let store = await Store.open(path);
  const first = new RateLimiter({ limit: 2, now: clock.now, store });
  await first.load();
  assert.equal(first.hit("ip:1").ok, true);
  assert.equal(first.hit("ip:1").ok, true);
  await first.stop();
  store.close();

  store = await Store.open(path);
  try {
    const second = new RateLimiter({ limit: 2, now: clock.now, store });
    await second.load();
    assert.equal(second.hit("ip:1").ok, false, "the restart did not reset the quota");
    assert.equal(second.hit("ip:2").ok, true);
    clock.t += 60_000;
    const third = new RateLimiter({ limit: 2, now: clock.now, store });
    await third.load();
    assert.equal(third.hit("ip:1").ok, true, "an old window's count is not carried over");
  } finally {
    store.close();
  }
});

Deno.test("rate limiter counts a request with a payment header against the IP when no payer is verified", async () => {
  const clock = new Clock();
  const limiter = new RateLimiter({ limit: 2, now: clock.now });
  await using s = serveApp({ routes: ROUTES, maxBodyBytes: 1024, limiter });
  const post = (header: string, body = "") =>
    statusOf(`${s.url}/x402/paid`, {
      method: "POST",
      headers: { "payment-signature": header },
      body,
    });
  assert.equal((await post("A", "bad input")).status, 400);
  assert.equal((await post("bad")).status, 402);
  const limited = await fetch(`${s.url}/x402/paid`, {
    method: "POST",
    headers: { "payment-signature": "A" },
    body: "bad input",
  });
  assert.equal(limited.status, 429, "a third unverified request from the IP");
  assert.equal(limited.headers.get("retry-after"), "60");
  const body = await limited.json();
  assert.deepEqual([body.status, body.service, body.error.code], ["error", "paid", "rate_limited"]);
  assert.equal((await post("bad")).status, 429);
  assert.equal((await statusOf(`${s.url}/ping`)).status, 429, "the IP quota is spent");
  assert.equal((await post("C")).status, 200, "a verified payer is not held to the IP quota");
  assert.equal((await post("C")).status, 200);
  assert.equal((await post("C")).status, 429, "payer C's own quota");
});
