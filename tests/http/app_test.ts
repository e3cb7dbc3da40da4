import assert from "node:assert/strict";
import { json } from "../../src/http/respond.ts";
import { ErrorCode, HttpError, invalidInput } from "../../src/http/errors.ts";
import type { Route } from "../../src/http/types.ts";
import { serveApp } from "../support/app.ts";

const API = { kind: "api", service: "echo" } as const;
const NODE = { kind: "node" } as const;

function routes(): Route[] {
  return [
    { method: "GET", path: "/healthz", errors: NODE, handler: () => json({ ok: true }) },
    {
      method: "POST",
      path: "/x402/echo",
      errors: API,
      handler: async (ctx) => {
        const body = await ctx.json() as Record<string, unknown>;
        if (typeof body?.name !== "string") throw invalidInput("name", "Send 'name' as a string");
        return json({ status: "ok", echo: body.name });
      },
    },
    {
      method: "POST",
      path: "/quote",
      errors: NODE,
      cors: { exposeHeaders: ["X-Provider-Signature"] },
      handler: async (ctx) => json({ success: true, result: await ctx.json() }),
    },
    { method: "POST", path: "/order", errors: NODE, handler: () => json({ success: true }) },
    {
      method: "POST",
      path: "/profiles/:id/cancel",
      errors: NODE,
      handler: (ctx) => json({ id: ctx.params.id }),
    },
    {
      method: "GET",
      path: "/boom",
      errors: NODE,
      handler: () => {
        throw new Error("secret internals: /etc/passwd token=abc");
      },
    },
    {
      method: "GET",
      path: "/teapot",
      errors: NODE,
      handler: () => {
        throw new HttpError(409, ErrorCode.Conflict, "Already used", { field: "profile_id" });
      },
    },
  ];
}

function app() {
  const errors: unknown[] = [];
  const served = serveApp({ routes: routes(), maxBodyBytes: 1024, onError: (e) => errors.push(e) });
  return Object.assign(served, { errors });
}

async function post(
  url: string,
  body: BodyInit | null,
  headers: HeadersInit = { "content-type": "application/json" },
) {
  const res = await fetch(url, { method: "POST", body, headers });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

Deno.test("kernel answers an unknown path with 404 not_found in the node shape", async () => {
  await using s = app();
  const res = await fetch(`${s.url}/nope`);
  assert.equal(res.status, 404);
  const body = await res.json();
  assert.equal(body.success, false);
  assert.equal(body.error.code, "not_found");
});

Deno.test("kernel answers an unknown /x402/ path in the api error shape", async () => {
  await using s = app();
  const res = await fetch(`${s.url}/x402/nope`);
  assert.equal(res.status, 404);
  const body = await res.json();
  assert.deepEqual([body.status, body.service, body.error.code], ["error", "nope", "not_found"]);
});

Deno.test("kernel answers a wrong method with 405 and an Allow header", async () => {
  await using s = app();
  const res = await fetch(`${s.url}/x402/echo`);
  assert.equal(res.status, 405);
  assert.equal(res.headers.get("allow"), "POST");
  const body = await res.json();
  assert.equal(body.error.code, "method_not_allowed");
  assert.equal(body.service, "echo");
});

Deno.test("kernel falls back from HEAD to GET and sends no body", async () => {
  await using s = app();
  const res = await fetch(`${s.url}/healthz`, { method: "HEAD" });
  assert.equal(res.status, 200);
  assert.equal(await res.text(), "");
});

Deno.test("kernel passes URLPattern parameters to the handler", async () => {
  await using s = app();
  const { status, body } = await post(`${s.url}/profiles/p-42/cancel`, "{}");
  assert.equal(status, 200);
  assert.equal(body.id, "p-42");
});

Deno.test("kernel refuses invalid JSON with 400 naming the body", async () => {
  await using s = app();
  const { status, body } = await post(`${s.url}/x402/echo`, "{not json");
  assert.equal(status, 400);
  assert.deepEqual([body.error.code, body.error.field], ["invalid_input", "body"]);
});

Deno.test("kernel refuses an empty body with 400", async () => {
  await using s = app();
  const { status, body } = await post(`${s.url}/x402/echo`, "");
  assert.equal(status, 400);
  assert.equal(body.error.field, "body");
});

Deno.test("kernel refuses a wrong content type with 415 naming content-type", async () => {
  await using s = app();
  const { status, body } = await post(`${s.url}/x402/echo`, '{"name":"a"}', {
    "content-type": "text/plain",
  });
  assert.equal(status, 415);
  assert.deepEqual([body.error.code, body.error.field], ["invalid_input", "content-type"]);
});

Deno.test("kernel accepts application/json with a charset parameter", async () => {
  await using s = app();
  const { status, body } = await post(`${s.url}/x402/echo`, '{"name":"a"}', {
    "content-type": "application/json; charset=utf-8",
  });
  assert.equal(status, 200);
  assert.equal(body.echo, "a");
});

Deno.test("kernel refuses a body over the limit by Content-Length with 413", async () => {
  await using s = app();
  const { status, body } = await post(
    `${s.url}/x402/echo`,
    JSON.stringify({ name: "x".repeat(2000) }),
  );
  assert.equal(status, 413);
  assert.equal(body.error.code, "payload_too_large");
});

Deno.test("kernel refuses a chunked body that grows over the limit with 413", async () => {
  await using s = app();
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode(" ".repeat(200)));
      c.enqueue(new TextEncoder().encode('{"name":"a"}'));
      c.close();
    },
  });
  const { status, body } = await post(`${s.url}/x402/echo`, stream);
  assert.equal(status, 413);
  assert.equal(body.error.code, "payload_too_large");
});

Deno.test("kernel refuses a body that is not UTF-8 with 400", async () => {
  await using s = app();
  const { status, body } = await post(
    `${s.url}/x402/echo`,
    new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
  );
  assert.equal(status, 400);
  assert.equal(body.error.field, "body");
});

Deno.test("kernel maps a handler's HttpError to its status, code and field", async () => {
  await using s = app();
  const res = await fetch(`${s.url}/teapot`);
  assert.equal(res.status, 409);
  const body = await res.json();
  assert.deepEqual(body, {
    success: false,
    error: { code: "conflict", message: "Already used", field: "profile_id" },
  });
});

Deno.test("kernel turns an unexpected error into a 500 that reveals nothing", async () => {
  await using s = app();
  const res = await fetch(`${s.url}/boom`);
  assert.equal(res.status, 500);
  const text = await res.text();
  assert.equal(text.includes("passwd"), false);
  assert.equal(text.includes("token"), false);
  const body = JSON.parse(text);
  assert.equal(body.error.code, "internal_error");
  assert.ok(body.error.message.includes(res.headers.get("x-request-id")!));
  assert.equal(s.errors.length, 1);
});

Deno.test("kernel behind a trusted proxy echoes a well-formed X-Request-Id, never a malformed one", async () => {
  await using s = serveApp({ routes: routes(), maxBodyBytes: 1024, trustProxy: true });
  const ok = await fetch(`${s.url}/healthz`, { headers: { "x-request-id": "abc-123" } });
  await ok.body?.cancel();
  assert.equal(ok.headers.get("x-request-id"), "abc-123");
  const bad = await fetch(`${s.url}/nope`, {
    headers: { "x-request-id": "<script>" + "x".repeat(100) },
  });
  await bad.body?.cancel();
  const id = bad.headers.get("x-request-id")!;
  assert.match(id, /^[0-9a-f]{8}-[0-9a-z]+$/, "an error carries a generated id");
  assert.equal(id.includes("script"), false);
});

Deno.test("kernel ignores a client's X-Request-Id when no proxy is trusted", async () => {
  await using s = app();
  const res = await fetch(`${s.url}/nope`, { headers: { "x-request-id": "client-chosen" } });
  await res.body?.cancel();
  assert.match(res.headers.get("x-request-id")!, /^[0-9a-f]{8}-[0-9a-z]+$/);
});

Deno.test("kernel sends CORS headers on opted-in routes only", async () => {
  await using s = app();
  const quote = await post(`${s.url}/quote`, '{"country":"DE"}');
  assert.equal(quote.headers.get("access-control-allow-origin"), "*");
  assert.equal(quote.headers.get("access-control-expose-headers"), "X-Provider-Signature");
  const order = await post(`${s.url}/order`, "{}");
  assert.equal(order.headers.get("access-control-allow-origin"), null);
});

Deno.test("kernel answers a CORS preflight on opted-in routes and 405 elsewhere", async () => {
  await using s = app();
  const pre = await fetch(`${s.url}/quote`, {
    method: "OPTIONS",
    headers: { origin: "https://example.test", "access-control-request-method": "POST" },
  });
  await pre.body?.cancel();
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get("access-control-allow-origin"), "*");
  assert.match(pre.headers.get("access-control-allow-methods")!, /POST/);
  assert.match(pre.headers.get("access-control-allow-headers")!, /Content-Type/);
  const none = await fetch(`${s.url}/order`, { method: "OPTIONS" });
  await none.body?.cancel();
  assert.equal(none.status, 405);
  assert.equal(none.headers.get("access-control-allow-origin"), null);
});

Deno.test("kernel answers absurd headers and paths with a 4xx, never a 500", async () => {
  await using s = app();
  const huge = await fetch(`${s.url}/healthz`, { headers: { "x-junk": "a".repeat(200_000) } })
    .catch(() => null);
  if (huge) {
    await huge.body?.cancel();
    assert.ok(huge.status < 500 || huge.status === 200, `status ${huge.status}`);
    assert.ok(huge.status === 200 || (huge.status >= 400 && huge.status < 500));
  }
  const long = await fetch(`${s.url}/${"a/".repeat(4000)}`);
  assert.equal(long.status, 404);
  const body = await long.json();
  assert.ok(body.error.message.length < 300, "the path is not echoed in full");
  const dots = await fetch(`${s.url}/x402/%2e%2e/%00%ff`);
  await dots.body?.cancel();
  assert.ok(dots.status >= 400 && dots.status < 500);
  const many = new Headers();
  for (let i = 0; i < 90; i++) many.set(`x-h-${i}`, "v".repeat(100));
  const res = await post(`${s.url}/x402/echo`, '{"name":"ok"}', {
    "content-type": "application/json",
    ...Object.fromEntries(many),
  });
  assert.equal(res.status, 200);
  assert.equal(s.errors.length, 0);
});

Deno.test("kernel rejects non-object JSON through the handler's own 400, not a crash", async () => {
  await using s = app();
  for (const raw of ["null", "[]", "42", '"str"', '{"name":5}']) {
    const { status, body } = await post(`${s.url}/x402/echo`, raw);
    assert.equal(status, 400, raw);
    assert.equal(body.error.field, "name");
  }
  assert.equal(s.errors.length, 0);
});

Deno.test("kernel refuses a number out of range (1e400) with 400 naming the field", async () => {
  await using s = app();
  const { status, body } = await post(`${s.url}/quote`, '{"country":"US","limits":[1,1e400]}');
  assert.equal(status, 400);
  assert.equal(body.error.code, "invalid_input");
  assert.equal(body.error.field, "limits.1");
  const top = await post(`${s.url}/quote`, "-1e400");
  assert.equal(top.status, 400);
  assert.equal(top.body.error.field, "body");
  assert.equal(s.errors.length, 0);
});

Deno.test("kernel refuses absurdly deep JSON with 400, and accepts 128 levels", async () => {
  await using s = app();
  for (
    const raw of [
      "[".repeat(500) + "]".repeat(500),
      '{"a":'.repeat(129) + "1" + "}".repeat(129),
    ]
  ) {
    const { status, body } = await post(`${s.url}/quote`, raw);
    assert.equal(status, 400);
    assert.equal(body.error.code, "invalid_input");
    assert.match(body.error.message, /nested more than 128 levels/);
  }
  const ok = await post(`${s.url}/quote`, '{"a":'.repeat(127) + "[1]" + "}".repeat(127));
  assert.equal(ok.status, 200);
  assert.equal(s.errors.length, 0);
});
