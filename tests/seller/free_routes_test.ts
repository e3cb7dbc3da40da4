/**
 * The seller node's free routes through the real `serve` stack against the reference supplier
 * receiver running as a subprocess: signed quotes, listing, status, CORS, bad input.
 */
import assert from "node:assert/strict";
import { validate } from "../../rails/schemas.ts";
import { DEMO_CATALOG } from "../../rails/receiver/demo_catalog.ts";
import { statusToken } from "../../rails/node/status_token.ts";
import { NODE_SECRET, nodeEnv, postJson, startReceiver } from "./_env.ts";
import { withFreeNode } from "./_free.ts";
import { startTestServer } from "../support/server.ts";

interface Offer {
  offer_id: string;
  plan_id: string;
  countries: string[];
  data_bytes: number;
  days: number;
  price_usd: string;
}
interface QuoteResult {
  country: string;
  offers: Offer[];
  quoted_at: string;
}

const cents = (p: string) => Number(p.replace(".", ""));

Deno.test("quote: offers for a country are schema-valid, cheapest first, and include regional and global plans", async () => {
  await withFreeNode(async ({ url }) => {
    const r = await postJson(`${url}/quote`, { country: "DE" });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.success, true);
    const result = r.body.result as QuoteResult;
    assert.ok(validate("quote-result", result).ok);
    for (const o of result.offers) assert.ok(validate("offer", o).ok, o.offer_id);
    assert.equal(result.country, "DE");
    const expected = DEMO_CATALOG.filter((p) => p.countries.includes("DE")).map((p) => p.id);
    assert.deepEqual(result.offers.map((o) => o.plan_id).sort(), expected.sort());
    assert.ok(result.offers.some((o) => o.countries.length > 1), "a regional or global plan");
    for (let i = 1; i < result.offers.length; i++) {
      const a = result.offers[i - 1]!, b = result.offers[i]!;
      const ok = cents(a.price_usd) < cents(b.price_usd) ||
        (cents(a.price_usd) === cents(b.price_usd) &&
          (a.data_bytes > b.data_bytes ||
            (a.data_bytes === b.data_bytes && a.offer_id < b.offer_id)));
      assert.ok(ok, `order at ${i}: ${a.offer_id} before ${b.offer_id}`);
    }
    assert.ok(!Number.isNaN(Date.parse(result.quoted_at)));
  });
});

Deno.test("quote: a lowercase country is normalised and answers the same offers", async () => {
  await withFreeNode(async ({ url }) => {
    const upper = (await postJson(`${url}/quote`, { country: "JP" })).body.result as QuoteResult;
    const lower = (await postJson(`${url}/quote`, { country: "jp" })).body.result as QuoteResult;
    assert.equal(lower.country, "JP");
    assert.deepEqual(lower.offers, upper.offers);
  });
});

Deno.test("quote: min_data_bytes, min_days and max_price_usd filter the offers", async () => {
  await withFreeNode(async ({ url }) => {
    const all = (await postJson(`${url}/quote`, { country: "US" })).body.result as QuoteResult;
    const gb5 = 5 * 1024 ** 3;
    const big = (await postJson(`${url}/quote`, { country: "US", min_data_bytes: gb5 }))
      .body.result as QuoteResult;
    assert.ok(big.offers.length > 0 && big.offers.length < all.offers.length);
    assert.ok(big.offers.every((o) => o.data_bytes >= gb5));
    const long = (await postJson(`${url}/quote`, { country: "US", min_days: 30 }))
      .body.result as QuoteResult;
    assert.ok(long.offers.length > 0 && long.offers.every((o) => o.days >= 30));
    const bound = all.offers[1]!.price_usd;
    for (const max of [bound, Number(bound)]) {
      const cheap = (await postJson(`${url}/quote`, { country: "US", max_price_usd: max }))
        .body.result as QuoteResult;
      assert.ok(cheap.offers.length >= 2 && cheap.offers.length < all.offers.length);
      assert.ok(cheap.offers.every((o) => cents(o.price_usd) <= cents(bound)));
    }
  });
});

Deno.test("quote: a well-formed country without plans is 200 with no offers", async () => {
  await withFreeNode(async ({ url }) => {
    const r = await postJson(`${url}/quote`, { country: "AQ" });
    assert.equal(r.status, 200);
    assert.deepEqual((r.body.result as QuoteResult).offers, []);
    assert.ok(r.headers.get("x-provider-signature"));
  });
});

Deno.test("quote/invoke is an alias of quote with the same signed answer", async () => {
  await withFreeNode(async ({ url }) => {
    const a = await postJson(`${url}/quote`, { country: "GB" });
    const b = await postJson(`${url}/quote/invoke`, { country: "GB" });
    assert.equal(b.status, 200);
    assert.equal(b.text, a.text);
    assert.equal(b.headers.get("x-provider-signature"), a.headers.get("x-provider-signature"));
  });
});

Deno.test("free routes answer any web page (CORS, signature header exposed); /order has no CORS", async () => {
  await withFreeNode(async ({ url }) => {
    const q = await postJson(`${url}/quote`, { country: "FR" }, { origin: "https://a.example" });
    assert.equal(q.headers.get("access-control-allow-origin"), "*");
    assert.match(q.headers.get("access-control-expose-headers") ?? "", /X-Provider-Signature/i);
    for (const path of ["/quote", "/status", "/listing.json", "/quote/invoke", "/status/invoke"]) {
      const pre = await fetch(`${url}${path}`, {
        method: "OPTIONS",
        headers: { origin: "https://a.example", "access-control-request-method": "POST" },
      });
      await pre.body?.cancel();
      assert.equal(pre.status, 204, path);
      assert.equal(pre.headers.get("access-control-allow-origin"), "*", path);
    }
    const l = await fetch(`${url}/listing.json`);
    await l.body?.cancel();
    assert.equal(l.headers.get("access-control-allow-origin"), "*");
    const o = await postJson(`${url}/order`, { offer_id: "off_unknown" });
    assert.equal(o.headers.get("access-control-allow-origin"), null);
    const pre = await fetch(`${url}/order`, { method: "OPTIONS" });
    await pre.body?.cancel();
    assert.equal(pre.headers.get("access-control-allow-origin"), null);
  });
});

Deno.test("listing.json is valid, publishes the signing key, the capabilities with inline schemas and the x402 terms", async () => {
  await withFreeNode(async ({ url, server }) => {
    const res = await fetch(`${url}/listing.json`);
    assert.equal(res.status, 200);
    const doc = await res.json();
    const v = validate("listing", doc);
    assert.ok(v.ok, JSON.stringify(v));
    const signer = server.server.services.config.signer;
    assert.deepEqual(doc.public_key, signer.publicJwk());
    assert.equal(doc.name, "Test Seller");
    assert.equal(doc.product_id, "esim-node-test");
    assert.equal(doc.demo, false);
    assert.deepEqual(
      doc.capabilities.map((c: { capability_id: string }) => c.capability_id),
      ["esim.quote@v1", "esim.order@v1", "esim.status@v1"],
    );
    for (const c of doc.capabilities) {
      assert.match(c.input_schema.$id, /^https:\/\/esim-rails\.dev\/spec\/esim-v1\/.+\.json$/);
      assert.match(c.result_schema.$id, /^https:\/\/esim-rails\.dev\/spec\/esim-v1\/.+\.json$/);
    }
    assert.deepEqual(doc.capabilities[1].price, { amount_usd: "from quote" });
    assert.match(doc.order_url, /\/order$/);
    assert.deepEqual(doc.x402, {
      scheme: "exact",
      network: "eip155:8453",
      asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      pay_to: null,
    });
  }, { PUBLIC_URL: "https://node.example" });
});

Deno.test("status: an unknown order is 404 not_found, also with the token that id would have", async () => {
  await withFreeNode(async ({ url }) => {
    for (
      const body of [
        { order_id: "ord_nope", token: statusToken(NODE_SECRET, "ord_nope") },
        { order_id: "ord_nope", token: "x" },
        { order_id: "ord_nope" },
      ]
    ) {
      const r = await postJson(`${url}/status`, body);
      assert.equal(r.status, 404);
      assert.deepEqual((r.body.error as { code: string }).code, "not_found");
      assert.equal(r.headers.get("x-provider-signature"), null, "errors are not signed");
    }
  });
});

const BAD: [string, string, unknown, string][] = [
  ["/quote", "no country", {}, "country"],
  ["/quote", "a three-letter country", { country: "USA" }, "country"],
  ["/quote", "a numeric country", { country: 12 }, "country"],
  ["/quote", "negative min_days", { country: "US", min_days: -1 }, "min_days"],
  ["/quote", "fractional min_days", { country: "US", min_days: 1.5 }, "min_days"],
  ["/quote", "a string min_data_bytes", { country: "US", min_data_bytes: "1GB" }, "min_data_bytes"],
  [
    "/quote",
    "max_price_usd with 3 decimals",
    { country: "US", max_price_usd: "1.234" },
    "max_price_usd",
  ],
  ["/quote", "a negative max_price_usd", { country: "US", max_price_usd: -1 }, "max_price_usd"],
  ["/quote", "an array body", [], "body"],
  ["/quote", "a JSON string body", '"US"', "body"],
  ["/quote", "a body that is not JSON", "{country:", "body"],
  ["/quote/invoke", "no country", { min_days: 1 }, "country"],
  ["/status", "no order_id", { token: "t" }, "order_id"],
  ["/status", "a numeric order_id", { order_id: 7 }, "order_id"],
  ["/status", "a numeric token", { order_id: "ord_1", token: 7 }, "token"],
  ["/status", "an over-long order_id", { order_id: "o".repeat(201) }, "order_id"],
  ["/status/invoke", "null", null, "body"],
  ["/order", "no offer_id", {}, "offer_id"],
  ["/order", "an empty offer_id", { offer_id: "" }, "offer_id"],
  ["/order", "an unknown offer", { offer_id: "off_unknown" }, "offer_id"],
];

Deno.test("bad input to every route is 400 naming the field, never 500, and unsigned", async () => {
  await withFreeNode(async ({ url }) => {
    for (const [path, what, body, field] of BAD) {
      const r = await postJson(
        `${url}${path}`,
        typeof body === "string" ? body : JSON.stringify(body),
      );
      assert.equal(r.status, 400, `${path} ${what}: ${r.text}`);
      const err = r.body.error as { code: string; field: string; message: string };
      assert.equal(err.code, "invalid_input", `${path} ${what}`);
      assert.equal(err.field, field, `${path} ${what}`);
      assert.equal(r.headers.get("x-provider-signature"), null);
      assert.equal(r.headers.get("payment-required"), null, "400 before any price");
    }
  });
});

Deno.test("an order for an unknown offer is 400 before any price, even with payments configured", async () => {
  await withFreeNode(async ({ url }) => {
    const r = await postJson(`${url}/order`, { offer_id: "off_AAAAAAAAAAAAAAAAAAAAAA" });
    assert.equal(r.status, 400);
    assert.equal((r.body.error as { field: string }).field, "offer_id");
    assert.equal(r.headers.get("payment-required"), null);
  }, {
    PAY_TO_EVM: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    FACILITATOR_URL: "http://127.0.0.1:9",
  });
});

Deno.test("an order for a known offer without payments configured is 503 payment_not_configured", async () => {
  await withFreeNode(async ({ url }) => {
    const offer = ((await postJson(`${url}/quote`, { country: "US" })).body.result as QuoteResult)
      .offers[0]!;
    const r = await postJson(`${url}/order`, { offer_id: offer.offer_id });
    assert.equal(r.status, 503);
    assert.equal((r.body.error as { code: string }).code, "payment_not_configured");
    assert.equal(r.headers.get("payment-required"), null);
  });
});

Deno.test("demo mode: quotes and listing work, the listing says demo, and /order sells nothing (503 demo_mode)", async () => {
  await withFreeNode(async ({ url }) => {
    const q = await postJson(`${url}/quote`, { country: "US" });
    assert.equal(q.status, 200);
    const offer = (q.body.result as QuoteResult).offers[0]!;
    const doc = await (await fetch(`${url}/listing.json`)).json();
    assert.equal(doc.demo, true);
    const unknown = await postJson(`${url}/order`, { offer_id: "off_unknown" });
    assert.equal(unknown.status, 400, "an unknown offer is still 400 before any price");
    const r = await postJson(`${url}/order`, { offer_id: offer.offer_id });
    assert.equal(r.status, 503);
    assert.equal((r.body.error as { code: string }).code, "demo_mode");
    assert.equal(r.headers.get("payment-required"), null);
  }, { DEMO_MODE: "1", PAY_TO_EVM: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" });
});

Deno.test("an unconfigured node quotes from the demo catalog and /order answers 503 demo_mode", async () => {
  const dir = await Deno.makeTempDir({ prefix: "esim-free-" });
  try {
    await using srv = await startTestServer({ DATA_DIR: dir }, { nodeLog: () => {} });
    const r = await postJson(`${srv.url}/quote`, { country: "DE" });
    assert.equal(r.status, 200);
    const offer = (r.body.result as QuoteResult).offers[0]!;
    assert.ok(offer.offer_id);
    const o = await postJson(`${srv.url}/order`, { offer_id: offer.offer_id });
    assert.equal(o.status, 503);
    const err = o.body.error as { code: string; message: string };
    assert.equal(err.code, "demo_mode");
    assert.match(err.message, /configures SUPPLIER/);
    const bad = await postJson(`${srv.url}/quote`, { country: "USA" });
    assert.equal(bad.status, 400, "bad input is still 400");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a supplier that is down makes quotes 503 supplier_unavailable (retryable)", async () => {
  await withFreeNode(async ({ url, receiver }) => {
    await receiver.stop();
    const r = await postJson(`${url}/quote`, { country: "US" });
    assert.equal(r.status, 503);
    assert.equal((r.body.error as { code: string }).code, "supplier_unavailable");
    assert.ok(r.headers.get("retry-after"));
  });
});

Deno.test("a wrong supplier secret: quotes 503 and the operator log says to check the secret, without it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "esim-free-" });
  const receiver = await startReceiver({ dir });
  try {
    const env = await nodeEnv(dir, receiver.url);
    await Deno.writeTextFile(`${dir}/wrong-secret`, "a-wrong-shared-secret-0123\n");
    const logs: string[] = [];
    await using srv = await startTestServer(
      { ...env, SUPPLIER_SECRET_FILE: `${dir}/wrong-secret`, DATA_DIR: dir },
      { nodeLog: (l) => logs.push(l) },
    );
    const r = await postJson(`${srv.url}/quote`, { country: "US" });
    assert.equal(r.status, 503);
    assert.equal((r.body.error as { code: string }).code, "supplier_unavailable");
    const line = logs.find((l) => l.includes("catalog fetch failed"));
    assert.match(line ?? "", /unauthorized: .*shared secret/);
    assert.doesNotMatch(logs.join("\n"), /a-wrong-shared-secret/);
  } finally {
    await receiver.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
