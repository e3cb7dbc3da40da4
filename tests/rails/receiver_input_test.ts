/**
 * Bad input to every route of the reference receiver: 400 naming the field (never 500),
 * 404/405/413 where those apply. Requests are correctly signed, so only the input is at fault.
 */
import assert from "node:assert/strict";
import { errorOf, signedFetch, startReceiver } from "./_helpers.ts";

interface Case {
  name: string;
  method: string;
  path: string;
  body?: string;
  status: number;
  code: string;
  field?: string;
}

const CASES: Case[] = [
  {
    name: "POST /orders with no body",
    method: "POST",
    path: "/orders",
    status: 400,
    code: "invalid_input",
    field: "body",
  },
  {
    name: "POST /orders with a body that is not JSON",
    method: "POST",
    path: "/orders",
    body: "{nope",
    status: 400,
    code: "invalid_input",
    field: "body",
  },
  {
    name: "POST /orders with a JSON array",
    method: "POST",
    path: "/orders",
    body: "[]",
    status: 400,
    code: "invalid_input",
    field: "body",
  },
  {
    name: "POST /orders with JSON null",
    method: "POST",
    path: "/orders",
    body: "null",
    status: 400,
    code: "invalid_input",
    field: "body",
  },
  {
    name: "POST /orders without transaction_id",
    method: "POST",
    path: "/orders",
    body: '{"plan_id":"us-1gb-7d","cost_usd":1.8}',
    status: 400,
    code: "invalid_input",
    field: "transaction_id",
  },
  {
    name: "POST /orders with a numeric transaction_id",
    method: "POST",
    path: "/orders",
    body: '{"transaction_id":5,"plan_id":"us-1gb-7d","cost_usd":1.8}',
    status: 400,
    code: "invalid_input",
    field: "transaction_id",
  },
  {
    name: "POST /orders with a transaction_id containing spaces",
    method: "POST",
    path: "/orders",
    body: '{"transaction_id":"a b","plan_id":"us-1gb-7d","cost_usd":1.8}',
    status: 400,
    code: "invalid_input",
    field: "transaction_id",
  },
  {
    name: "POST /orders with a 201-character transaction_id",
    method: "POST",
    path: "/orders",
    body: `{"transaction_id":"${"x".repeat(201)}","plan_id":"us-1gb-7d","cost_usd":1.8}`,
    status: 400,
    code: "invalid_input",
    field: "transaction_id",
  },
  {
    name: "POST /orders without plan_id",
    method: "POST",
    path: "/orders",
    body: '{"transaction_id":"t","cost_usd":1.8}',
    status: 400,
    code: "invalid_input",
    field: "plan_id",
  },
  {
    name: "POST /orders with plan_id as an object",
    method: "POST",
    path: "/orders",
    body: '{"transaction_id":"t","plan_id":{},"cost_usd":1.8}',
    status: 400,
    code: "invalid_input",
    field: "plan_id",
  },
  {
    name: "POST /orders without cost_usd",
    method: "POST",
    path: "/orders",
    body: '{"transaction_id":"t","plan_id":"us-1gb-7d"}',
    status: 400,
    code: "invalid_input",
    field: "cost_usd",
  },
  {
    name: "POST /orders with cost_usd as a string",
    method: "POST",
    path: "/orders",
    body: '{"transaction_id":"t","plan_id":"us-1gb-7d","cost_usd":"1.8"}',
    status: 400,
    code: "invalid_input",
    field: "cost_usd",
  },
  {
    name: "POST /orders with a negative cost_usd",
    method: "POST",
    path: "/orders",
    body: '{"transaction_id":"t","plan_id":"us-1gb-7d","cost_usd":-1}',
    status: 400,
    code: "invalid_input",
    field: "cost_usd",
  },
  {
    name: "POST /orders with a huge cost_usd",
    method: "POST",
    path: "/orders",
    body: '{"transaction_id":"t","plan_id":"us-1gb-7d","cost_usd":1e308}',
    status: 409,
    code: "price_changed",
    field: "cost_usd",
  },
  {
    name: "POST /orders with a tiny cost_usd",
    method: "POST",
    path: "/orders",
    body: '{"transaction_id":"t","plan_id":"us-1gb-7d","cost_usd":5e-324}',
    status: 409,
    code: "price_changed",
    field: "cost_usd",
  },
  {
    name: "GET /profiles with no query",
    method: "GET",
    path: "/profiles",
    status: 400,
    code: "invalid_input",
    field: "order_ref",
  },
  {
    name: "GET /profiles with both order_ref and profile_id",
    method: "GET",
    path: "/profiles?order_ref=a&profile_id=b",
    status: 400,
    code: "invalid_input",
    field: "profile_id",
  },
  {
    name: "GET /profiles with an empty order_ref",
    method: "GET",
    path: "/profiles?order_ref=",
    status: 400,
    code: "invalid_input",
    field: "order_ref",
  },
  {
    name: "GET /profiles with a profile_id containing a space",
    method: "GET",
    path: "/profiles?profile_id=a%20b",
    status: 400,
    code: "invalid_input",
    field: "profile_id",
  },
  {
    name: "GET /profiles with an unknown profile_id",
    method: "GET",
    path: "/profiles?profile_id=prf_x",
    status: 404,
    code: "not_found",
    field: "profile_id",
  },
  {
    name: "POST /profiles/{id}/cancel with broken percent-encoding",
    method: "POST",
    path: "/profiles/%E0%A4%A/cancel",
    body: "{}",
    status: 400,
    code: "invalid_input",
    field: "profile_id",
  },
  {
    name: "POST /profiles/{id}/cancel with a body that is not an object",
    method: "POST",
    path: "/profiles/prf_x/cancel",
    body: "[1]",
    status: 400,
    code: "invalid_input",
    field: "body",
  },
  {
    name: "POST /profiles/{id}/cancel with a body that is not JSON",
    method: "POST",
    path: "/profiles/prf_x/cancel",
    body: "cancel!",
    status: 400,
    code: "invalid_input",
    field: "body",
  },
  {
    name: "POST /profiles/{id}/cancel with an unknown id",
    method: "POST",
    path: "/profiles/prf_x/cancel",
    body: "{}",
    status: 404,
    code: "not_found",
    field: "profile_id",
  },
  {
    name: "POST /_sim/profiles/{id}/install with a body that is not an object",
    method: "POST",
    path: "/_sim/profiles/prf_x/install",
    body: '"x"',
    status: 400,
    code: "invalid_input",
    field: "body",
  },
  {
    name: "GET /orders (wrong method)",
    method: "GET",
    path: "/orders",
    status: 405,
    code: "method_not_allowed",
  },
  {
    name: "POST /catalog (wrong method)",
    method: "POST",
    path: "/catalog",
    body: "{}",
    status: 405,
    code: "method_not_allowed",
  },
  {
    name: "POST /balance (wrong method)",
    method: "POST",
    path: "/balance",
    body: "{}",
    status: 405,
    code: "method_not_allowed",
  },
  {
    name: "GET /profiles/{id}/cancel (wrong method)",
    method: "GET",
    path: "/profiles/p/cancel",
    status: 405,
    code: "method_not_allowed",
  },
  { name: "GET of an unknown path", method: "GET", path: "/admin", status: 404, code: "not_found" },
  {
    name: "POST /_sim/profiles/{id}/cancel (not a route)",
    method: "POST",
    path: "/_sim/profiles/p/cancel",
    body: "{}",
    status: 404,
    code: "not_found",
  },
  {
    name: "GET /balance with no balance configured",
    method: "GET",
    path: "/balance",
    status: 404,
    code: "not_found",
  },
];

for (const c of CASES) {
  Deno.test(`receiver: ${c.name} → ${c.status}${c.field ? ` naming '${c.field}'` : ""}`, async () => {
    const rx = await startReceiver();
    try {
      const res = await signedFetch(rx.url, c.method, c.path, c.body, { nowMs: rx.clock.now() });
      assert.equal(res.status, c.status, JSON.stringify(res.body));
      assert.equal(res.body.success, false);
      const err = errorOf(res.body);
      assert.equal(err.code, c.code);
      assert.equal(err.field, c.field);
      if (c.status === 405) assert.ok(res.headers.get("allow"));
    } finally {
      await rx.close();
    }
  });
}

Deno.test("receiver: POST /orders with invalid UTF-8 bytes → 400 naming 'body'", async () => {
  const rx = await startReceiver();
  try {
    const { signRequest } = await import("../../rails/supplier/http_signature.ts");
    const { SECRET } = await import("./_helpers.ts");
    const body = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    const headers = signRequest(
      SECRET,
      { method: "POST", pathWithQuery: "/orders", body },
      rx.clock.now(),
    );
    const res = await fetch(rx.url + "/orders", { method: "POST", headers, body });
    const json = await res.json();
    assert.equal(res.status, 400);
    assert.equal(errorOf(json).field, "body");
  } finally {
    await rx.close();
  }
});

Deno.test("receiver: a body over the limit → 413 payload_too_large", async () => {
  const rx = await startReceiver({ maxBodyBytes: 1024 });
  try {
    const body = JSON.stringify({ transaction_id: "t", pad: "x".repeat(2000) });
    const res = await signedFetch(rx.url, "POST", "/orders", body, { nowMs: rx.clock.now() });
    assert.equal(res.status, 413);
    assert.equal(errorOf(res.body).code, "payload_too_large");
  } finally {
    await rx.close();
  }
});

Deno.test("receiver: POST /orders ignores unknown fields", async () => {
  const rx = await startReceiver();
  try {
    const body = '{"transaction_id":"t","plan_id":"us-1gb-7d","cost_usd":1.8,"note":{"x":[1]}}';
    const res = await signedFetch(rx.url, "POST", "/orders", body, { nowMs: rx.clock.now() });
    assert.equal(res.status, 200);
    assert.match(String(res.body.order_ref), /^ord_/);
  } finally {
    await rx.close();
  }
});

Deno.test("receiver: the price_changed answer carries code, field and the current cost", async () => {
  const rx = await startReceiver();
  try {
    const body = '{"transaction_id":"t","plan_id":"us-1gb-7d","cost_usd":1.79}';
    const res = await signedFetch(rx.url, "POST", "/orders", body, { nowMs: rx.clock.now() });
    assert.equal(res.status, 409);
    const err = res.body.error as Record<string, unknown>;
    assert.deepEqual([err.code, err.field, err.cost_usd], ["price_changed", "cost_usd", 1.8]);
  } finally {
    await rx.close();
  }
});

Deno.test("receiver: random signed junk bodies on every route never give a 5xx", async () => {
  const rx = await startReceiver();
  const junk = [
    "",
    "{",
    "}",
    "[]",
    "0",
    "-1",
    "true",
    '""',
    '{"transaction_id":null}',
    '{"transaction_id":"t","plan_id":"us-1gb-7d","cost_usd":{"$gt":0}}',
    '{"__proto__":{"x":1}}',
    '{"transaction_id":"t","plan_id":"constructor","cost_usd":1}',
    "\u0000",
    "é".repeat(100),
  ];
  const routes = [
    ["POST", "/orders"],
    ["POST", "/profiles/constructor/cancel"],
    ["POST", "/_sim/profiles/__proto__/install"],
    ["GET", "/profiles?order_ref=__proto__"],
    ["GET", "/catalog"],
    ["GET", "/balance"],
  ];
  try {
    for (const [method, path] of routes) {
      for (const body of junk) {
        const res = await signedFetch(rx.url, method!, path!, method === "GET" ? undefined : body, {
          nowMs: rx.clock.now(),
        });
        assert.ok(res.status < 500, `${method} ${path} ${JSON.stringify(body)} → ${res.status}`);
      }
    }
  } finally {
    await rx.close();
  }
});
