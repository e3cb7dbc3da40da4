/**
 * How the HTTP supplier client maps what an operator's system answers to `SupplierError`s.
 * The "operator" here is a misbehaving server on a loopback port that verifies nothing and
 * answers what each test tells it to.
 */
import assert from "node:assert/strict";
import { HttpSupplier } from "../../rails/supplier/http_client.ts";
import { SupplierError } from "../../rails/supplier/types.ts";
import { verifyRequest } from "../../rails/supplier/http_signature.ts";
import { SECRET } from "./_helpers.ts";

type Answer = (req: Request) => Response | Promise<Response>;

async function withOperator(
  answer: Answer,
  fn: (supplier: HttpSupplier) => Promise<void>,
  timeoutMs = 5000,
): Promise<void> {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, answer);
  try {
    await fn(
      new HttpSupplier({ url: `http://127.0.0.1:${server.addr.port}`, secret: SECRET, timeoutMs }),
    );
  } finally {
    await server.shutdown();
  }
}

async function failure(p: Promise<unknown>): Promise<SupplierError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof SupplierError) return err;
    throw err;
  }
  assert.fail("expected a SupplierError");
}

const json = (status: number, body: unknown) => () => Response.json(body, { status });

const STATUS_CASES: [string, Answer, string, boolean][] = [
  ["500", json(500, { error: "boom" }), "supplier_unavailable", true],
  [
    "503 with HTML",
    () => new Response("<h1>down</h1>", { status: 503 }),
    "supplier_unavailable",
    true,
  ],
  ["429", json(429, {}), "rate_limited", true],
  ["408", json(408, {}), "timeout", true],
  ["401", json(401, { error: "bad signature" }), "unauthorized", false],
  [
    "400 with the DESIGN error shape",
    json(400, { success: false, error: { code: "invalid_input", message: "x", field: "plan_id" } }),
    "invalid_input",
    false,
  ],
  ["400 without a body", () => new Response(null, { status: 400 }), "invalid_request", false],
  [
    "404",
    json(404, { success: false, error: { code: "not_found", message: "no plan" } }),
    "not_found",
    false,
  ],
  ['409 {error:"price_changed"}', json(409, { error: "price_changed" }), "price_changed", false],
  [
    '409 {error:{code:"price_changed"}}',
    json(409, { success: false, error: { code: "price_changed", message: "m" } }),
    "price_changed",
    false,
  ],
  ["409 without a code", json(409, {}), "conflict", false],
  [
    "402 with an operator code",
    json(402, { error: { code: "insufficient_balance" } }),
    "insufficient_balance",
    false,
  ],
  ["418 with no code", json(418, {}), "http_418", false],
];

for (const [name, answer, code, retryable] of STATUS_CASES) {
  Deno.test(`HttpSupplier maps ${name} to ${code} (retryable: ${retryable})`, () =>
    withOperator(answer, async (s) => {
      const err = await failure(s.order({ transactionId: "t", planId: "p", costUsd: 1 }));
      assert.equal(err.code, code);
      assert.equal(err.retryable, retryable);
    }));
}

Deno.test("HttpSupplier's 401 message tells to check the shared secret or the clock", () =>
  withOperator(json(401, {}), async (s) => {
    const err = await failure(s.catalog());
    assert.match(err.message, /SUPPLIER_SECRET_FILE/);
    assert.match(err.message, /clock/);
    assert.ok(!err.message.includes(SECRET));
  }));

const MALFORMED: [string, string, (s: HttpSupplier) => Promise<unknown>, Answer][] = [
  ["catalog that is not JSON", "GET /catalog", (s) => s.catalog(), () => new Response("plans!")],
  ["catalog without plans", "GET /catalog", (s) => s.catalog(), json(200, { items: [] })],
  [
    "catalog with a plan missing cost_usd",
    "GET /catalog",
    (s) => s.catalog(),
    json(200, { plans: [{ id: "a", name: "A", countries: ["US"], data_bytes: 1, days: 1 }] }),
  ],
  [
    "catalog with a lowercase country",
    "GET /catalog",
    (s) => s.catalog(),
    json(200, {
      plans: [{ id: "a", name: "A", countries: ["us"], data_bytes: 1, days: 1, cost_usd: 1 }],
    }),
  ],
  [
    "order without order_ref",
    "POST /orders",
    (s) => s.order({ transactionId: "t", planId: "p", costUsd: 1 }),
    json(200, { ref: "x" }),
  ],
  [
    "order with a numeric order_ref",
    "POST /orders",
    (s) => s.order({ transactionId: "t", planId: "p", costUsd: 1 }),
    json(200, { order_ref: 7 }),
  ],
  [
    "profiles not an array",
    "GET /profiles",
    (s) => s.profiles({ orderRef: "o" }),
    json(200, { profiles: {} }),
  ],
  [
    "profile without activation_code",
    "GET /profiles",
    (s) => s.profiles({ orderRef: "o" }),
    json(200, { profiles: [{ profile_id: "p", order_ref: "o" }] }),
  ],
  [
    "profile of another order",
    "GET /profiles",
    (s) => s.profiles({ orderRef: "o" }),
    json(200, {
      profiles: [{ profile_id: "p", order_ref: "other", activation_code: "LPA:1$a$b" }],
    }),
  ],
  [
    "cancel answering cancelled:false",
    "POST /profiles/{id}/cancel",
    (s) => s.cancel("p"),
    json(200, { cancelled: false }),
  ],
  ["balance as a string", "GET /balance", (s) => s.balance(), json(200, { usd: "12" })],
];

for (const [name, what, call, answer] of MALFORMED) {
  Deno.test(`HttpSupplier refuses a malformed answer (${name}) as bad_supplier_response`, () =>
    withOperator(answer, async (s) => {
      const err = await failure(call(s));
      assert.equal(err.code, "bad_supplier_response");
      assert.equal(err.retryable, false);
      assert.ok(err.message.startsWith(what), err.message);
    }));
}

Deno.test("HttpSupplier drops unknown wire fields and keeps known ones", () =>
  withOperator(
    json(200, {
      profiles: [{
        profile_id: "p",
        order_ref: "o",
        activation_code: "LPA:1$a$b",
        apn: "x",
        future_field: 1,
      }],
    }),
    async (s) => {
      assert.deepEqual(await s.profiles({ orderRef: "o" }), [
        { profileId: "p", orderRef: "o", activationCode: "LPA:1$a$b", apn: "x" },
      ]);
    },
  ));

Deno.test("HttpSupplier signs every request so that the receiver can verify it", async () => {
  const seen: { path: string; ok: boolean }[] = [];
  await withOperator(async (req) => {
    const u = new URL(req.url);
    const body = new Uint8Array(await req.arrayBuffer());
    const v = verifyRequest(SECRET, {
      method: req.method,
      pathWithQuery: u.pathname + u.search,
      body,
      timestamp: req.headers.get("x-kit-timestamp"),
      signature: req.headers.get("x-kit-signature"),
    });
    seen.push({ path: `${req.method} ${u.pathname}${u.search}`, ok: v.ok });
    if (u.pathname === "/catalog") return Response.json({ plans: [] });
    if (u.pathname === "/orders") return Response.json({ order_ref: "o" });
    if (u.pathname === "/profiles") return Response.json({ profiles: [] });
    if (u.pathname.endsWith("/cancel")) return Response.json({ cancelled: true });
    return Response.json({ usd: 1 });
  }, async (s) => {
    await s.catalog();
    await s.order({ transactionId: "t é", planId: "p", costUsd: 1.5 });
    await s.profiles({ profileId: "p/1 &x" });
    await s.cancel("p/1 &x");
    await s.balance();
  });
  assert.deepEqual(seen, [
    { path: "GET /catalog", ok: true },
    { path: "POST /orders", ok: true },
    { path: "GET /profiles?profile_id=p%2F1%20%26x", ok: true },
    { path: "POST /profiles/p%2F1%20%26x/cancel", ok: true },
    { path: "GET /balance", ok: true },
  ]);
});

Deno.test("HttpSupplier times out a call that gets no answer: timeout, retryable", async () => {
  const release = Promise.withResolvers<void>();
  await withOperator(async () => {
    await release.promise;
    return json(200, { plans: [] })();
  }, async (s) => {
    try {
      const err = await failure(s.catalog());
      assert.equal(err.code, "timeout");
      assert.equal(err.retryable, true);
    } finally {
      release.resolve(); // lets the server shut down
    }
  }, 50);
});

Deno.test("HttpSupplier reports an unreachable supplier as network_error, retryable", async () => {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const s = new HttpSupplier({ url: `http://127.0.0.1:${port}`, secret: SECRET });
  const err = await failure(s.catalog());
  assert.equal(err.code, "network_error");
  assert.equal(err.retryable, true);
});

Deno.test("HttpSupplier refuses a short secret, a bad URL and a URL with a query", () => {
  assert.throws(() => new HttpSupplier({ url: "http://x", secret: "short" }), TypeError);
  assert.throws(() => new HttpSupplier({ url: "not a url", secret: SECRET }), TypeError);
  assert.throws(() => new HttpSupplier({ url: "ftp://x", secret: SECRET }), TypeError);
  assert.throws(() => new HttpSupplier({ url: "http://x/?a=1", secret: SECRET }), TypeError);
});

Deno.test("HttpSupplier.profiles() needs exactly one of orderRef and profileId", async () => {
  const s = new HttpSupplier({ url: "http://127.0.0.1:9", secret: SECRET });
  // deno-lint-ignore no-explicit-any
  await assert.rejects(() => s.profiles({} as any), TypeError);
  // deno-lint-ignore no-explicit-any
  await assert.rejects(() => s.profiles({ orderRef: "a", profileId: "b" } as any), TypeError);
});
