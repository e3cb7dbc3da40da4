/**
 * The signed /quote cache (issue: keyed on the raw body, unknown fields included, it held
 * gigabytes of attacker-chosen text). Keyed on the normalized question and bounded by bytes:
 * junk fields make no new entries, distinct filters stay within the bound, and every answer
 * is still signed over its own input.
 */
import assert from "node:assert/strict";
import { withFreeNode } from "../seller/_free.ts";
import { postJson } from "../seller/_env.ts";
import { verifyFreeAnswer } from "../../rails/node/free_answer.ts";
import { QuoteCache, quoteKey } from "../../src/node/quote_cache.ts";
import type { TestServer } from "../support/server.ts";

const BOUND = 256 * 1024;

function verifies(server: TestServer, input: unknown, r: Awaited<ReturnType<typeof postJson>>) {
  const config = server.server.services.config;
  return verifyFreeAnswer(config.signer.publicKey, {
    capabilityId: "esim.quote@v1",
    productId: config.productId,
    input,
    result: r.body.result,
  }, r.headers.get("x-provider-signature")!);
}

Deno.test("quote: bodies with distinct junk fields share one cache entry, each signed over its own input", async () => {
  await withFreeNode(async ({ url, server }) => {
    const quotes = () => server.server.services.node.quotes!;
    for (let i = 0; i < 60; i++) {
      const input = { country: "us", [`junk${i}`]: "x".repeat(12_000) };
      const r = await postJson(`${url}/quote`, input);
      assert.equal(r.status, 200, r.text);
      assert.ok(verifies(server, input, r), "the signature covers this request's input");
    }
    assert.equal(quotes().size, 1);
    assert.ok(quotes().bytes < 64 * 1024, `${quotes().bytes} bytes for one question`);
  }, { QUOTE_CACHE_BYTES: String(BOUND) });
});

Deno.test("quote: distinct questions stay within QUOTE_CACHE_BYTES", async () => {
  await withFreeNode(async ({ url, server }) => {
    const quotes = () => server.server.services.node.quotes!;
    let peak = 0;
    for (let i = 1; i <= 150; i++) {
      const input = { country: "US", min_days: i, pad: "y".repeat(12_000) };
      const r = await postJson(`${url}/quote`, input);
      assert.equal(r.status, 200, r.text);
      peak = Math.max(peak, quotes().bytes);
    }
    assert.ok(peak <= BOUND, `peak ${peak} bytes over the ${BOUND}-byte bound`);
    assert.ok(quotes().size < 150, "old entries were dropped");
  }, { QUOTE_CACHE_BYTES: String(BOUND) });
});

Deno.test("QuoteCache evicts the oldest entries to stay within its byte bound", () => {
  const cache = new QuoteCache(100_000);
  const snap = {};
  for (let i = 0; i < 500; i++) {
    const body = "z".repeat(1000 + i);
    cache.set(snap, quoteKey({ country: "US", minDays: i }), {
      raw: "{}",
      canon: "{}",
      result: null,
      body,
      headers: {},
    });
    assert.ok(cache.bytes <= 100_000);
  }
  assert.equal(cache.get(snap, quoteKey({ country: "US", minDays: 0 })), undefined);
  assert.ok(cache.get(snap, quoteKey({ country: "US", minDays: 499 })));
  // A new catalog snapshot starts empty.
  assert.equal(cache.get({}, quoteKey({ country: "US", minDays: 499 })), undefined);
});
