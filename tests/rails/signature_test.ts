/**
 * Request signatures (spec §4.1 rule 5-6): HMAC vectors computed independently with
 * `openssl dgst -sha256 -hmac`, and the receiver's 401 answers over real HTTP.
 */
import assert from "node:assert/strict";
import * as HMAC from "../../rails/hmac.ts";
import { hmacSha256Hex, signV1, verifyV1 } from "../../rails/hmac.ts";
import { signingString, signRequest, verifyRequest } from "../../rails/supplier/http_signature.ts";
import { errorOf, SECRET, signedFetch, startReceiver } from "./_helpers.ts";
import { opensslHmac } from "../support/openssl.ts";

const enc = (s: string) => new TextEncoder().encode(s);

Deno.test("hmacSha256Hex() matches openssl on a GET signing string", async () => {
  const msg = signingString("1763700000000", {
    method: "GET",
    pathWithQuery: "/profiles?order_ref=ord_abc",
    body: "",
  });
  assert.equal(
    new TextDecoder().decode(msg),
    "1763700000000.GET /profiles?order_ref=ord_abc.",
  );
  assert.equal(hmacSha256Hex(SECRET, msg), await opensslHmac(SECRET, msg));
});

Deno.test("hmacSha256Hex() matches openssl on a POST with a UTF-8 body", async () => {
  const body = '{"transaction_id":"tx-é✓","plan_id":"jp-20gb-30d","cost_usd":17.5}';
  const msg = signingString("1763700000123", { method: "post", pathWithQuery: "/orders", body });
  assert.equal(new TextDecoder().decode(msg), `1763700000123.POST /orders.${body}`);
  assert.equal(hmacSha256Hex(SECRET, msg), await opensslHmac(SECRET, msg));
});

Deno.test("signRequest() headers carry the timestamp and v1=<openssl hex>", async () => {
  const h = signRequest(SECRET, {
    method: "POST",
    pathWithQuery: "/profiles/p1/cancel",
    body: "{}",
  }, 1_763_700_000_999);
  assert.equal(h["X-Kit-Timestamp"], "1763700000999");
  const expected = await opensslHmac(SECRET, enc("1763700000999.POST /profiles/p1/cancel.{}"));
  assert.equal(h["X-Kit-Signature"], `v1=${expected}`);
});

Deno.test("hmacSha256Hex() matches the RFC 4231 test case 2", () => {
  assert.equal(
    hmacSha256Hex("Jefe", "what do ya want for nothing?"),
    "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
  );
});

Deno.test("verifyV1() accepts upper-case hex and one matching entry among several", () => {
  const sig = signV1(SECRET, "m");
  assert.equal(verifyV1(SECRET, "m", sig.toUpperCase().replace("V1=", "v1=")), true);
  assert.equal(verifyV1(SECRET, "m", `v1=${"0".repeat(64)}, ${sig}`), true);
});

Deno.test("verifyV1() refuses malformed headers without throwing", () => {
  for (
    const h of [
      null,
      "",
      "v1=",
      "v2=" + "a".repeat(64),
      "v1=" + "g".repeat(64),
      "v1=abc",
      "x".repeat(2000),
    ]
  ) {
    assert.equal(verifyV1(SECRET, "m", h), false, String(h));
  }
});

Deno.test("verifyRequest() accepts exactly 300000 ms either way and refuses 300001", () => {
  const now = 1_763_700_000_000;
  const parts = { method: "GET", pathWithQuery: "/catalog", body: "" };
  for (
    const [skew, ok] of [[300_000, true], [-300_000, true], [300_001, false], [
      -300_001,
      false,
    ]] as const
  ) {
    const h = signRequest(SECRET, parts, now + skew);
    const r = verifyRequest(SECRET, {
      ...parts,
      timestamp: h["X-Kit-Timestamp"],
      signature: h["X-Kit-Signature"],
    }, now);
    assert.equal(r.ok, ok, `skew ${skew}`);
    if (!ok) assert.deepEqual(r, { ok: false, reason: "stale" });
  }
});

// Over real HTTP: every refusal is a 401 with code "unauthorized".

async function expect401(
  run: (url: string, now: number) => Promise<{ status: number; body: Record<string, unknown> }>,
) {
  const rx = await startReceiver();
  try {
    const res = await run(rx.url, rx.clock.now());
    assert.equal(res.status, 401);
    assert.equal(errorOf(res.body).code, "unauthorized");
    assert.equal(res.body.success, false);
  } finally {
    await rx.close();
  }
}

const ORDER = '{"transaction_id":"t","plan_id":"us-1gb-7d","cost_usd":1.8}';

Deno.test("receiver answers 401 to a tampered body", () =>
  expect401((url, nowMs) =>
    signedFetch(url, "POST", "/orders", ORDER.replace("1.8", "0.01"), { nowMs, signedBody: ORDER })
  ));

Deno.test("receiver answers 401 to a signature over another path or query", () =>
  expect401((url, nowMs) =>
    signedFetch(url, "GET", "/profiles?order_ref=b", undefined, {
      nowMs,
      signedPath: "/profiles?order_ref=a",
    })
  ));

Deno.test("receiver answers 401 to a signature made with the wrong secret", () =>
  expect401((url, nowMs) =>
    signedFetch(url, "GET", "/catalog", undefined, { nowMs, secret: SECRET + "x" })
  ));

Deno.test("receiver answers 401 to a timestamp 300001 ms in the past", () =>
  expect401((url, nowMs) =>
    signedFetch(url, "GET", "/catalog", undefined, { nowMs: nowMs - 300_001 })
  ));

Deno.test("receiver answers 401 to a timestamp 300001 ms in the future", () =>
  expect401((url, nowMs) =>
    signedFetch(url, "GET", "/catalog", undefined, { nowMs: nowMs + 300_001 })
  ));

Deno.test("receiver accepts timestamps exactly 300000 ms in the past and the future", async () => {
  const rx = await startReceiver();
  try {
    for (const skew of [-300_000, 300_000]) {
      const res = await signedFetch(rx.url, "GET", "/catalog", undefined, {
        nowMs: rx.clock.now() + skew,
      });
      assert.equal(res.status, 200, `skew ${skew}`);
    }
  } finally {
    await rx.close();
  }
});

Deno.test("receiver answers 401 when the signature headers are missing", () =>
  expect401(async (url) => {
    const res = await fetch(url + "/catalog");
    return { status: res.status, body: await res.json() };
  }));

Deno.test("receiver answers 401 when only X-Kit-Timestamp is sent", () =>
  expect401(async (url, now) => {
    const res = await fetch(url + "/catalog", { headers: { "X-Kit-Timestamp": String(now) } });
    return { status: res.status, body: await res.json() };
  }));

Deno.test("receiver answers 401 to a timestamp that is not milliseconds", () =>
  expect401(async (url, now) => {
    const h = signRequest(SECRET, { method: "GET", pathWithQuery: "/catalog", body: "" }, now);
    const res = await fetch(url + "/catalog", {
      headers: { ...h, "X-Kit-Timestamp": `${now / 1000}` },
    });
    return { status: res.status, body: await res.json() };
  }));

Deno.test("receiver checks the signature before the route: unknown path unsigned is 401", () =>
  expect401(async (url) => {
    const res = await fetch(url + "/nope", { method: "DELETE" });
    return { status: res.status, body: await res.json() };
  }));

Deno.test("timestampProblem() refuses exactly the window at the edge webhooks use", () => {
  const { timestampProblem } = HMAC;
  assert.equal(timestampProblem("1000", 301_000), null);
  assert.equal(timestampProblem("1000", 301_000, 300_000, "refuse"), "stale");
  assert.equal(timestampProblem("1001", 301_000, 300_000, "refuse"), null);
  assert.equal(timestampProblem("-5", 0), "malformed");
  assert.equal(timestampProblem("", 0), "missing");
});
