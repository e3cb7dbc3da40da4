/** The priced catalog cache of the seller node. */
import assert from "node:assert/strict";
import { CatalogCache } from "../../src/node/catalog_cache.ts";
import type { Plan } from "../../rails/supplier/types.ts";

const PRICING = { marginPct: "20", minMarginUsd: "0.50" };
const good: Plan = {
  id: "us-1",
  name: "US",
  countries: ["US"],
  dataBytes: 1e9,
  days: 7,
  costUsd: 2,
};

Deno.test("CatalogCache fetches once within the TTL and shares a fetch in flight", async () => {
  let calls = 0;
  let t = 0;
  const cache = new CatalogCache(
    () => {
      calls++;
      return Promise.resolve([good]);
    },
    PRICING,
    1000,
    () => t,
  );
  const [a, b] = await Promise.all([cache.get(), cache.get()]);
  assert.equal(a, b);
  assert.equal(calls, 1);
  t = 999;
  assert.equal(await cache.get(), a);
  assert.equal(cache.peek(), a);
  t = 1000;
  assert.equal(cache.peek(), undefined);
  const c = await cache.get();
  assert.notEqual(c, a);
  assert.equal(calls, 2);
  assert.equal(c.quotedAt, new Date(1000).toISOString());
});

Deno.test("CatalogCache does not cache a failed fetch, and invalidate() forces a new one", async () => {
  let fail = true;
  let calls = 0;
  const cache = new CatalogCache(
    () => {
      calls++;
      return fail ? Promise.reject(new Error("down")) : Promise.resolve([good]);
    },
    PRICING,
    60_000,
  );
  await assert.rejects(() => cache.get(), /down/);
  fail = false;
  const s = await cache.get();
  cache.invalidate();
  assert.notEqual(await cache.get(), s);
  assert.equal(calls, 3);
});

Deno.test("CatalogCache leaves out plans that make no valid offer and says how many", async () => {
  const bad: Plan = { ...good, id: "bad", countries: ["usa"], days: 0 };
  let left = 0;
  const cache = new CatalogCache(
    () => Promise.resolve([good, bad]),
    PRICING,
    60_000,
    Date.now,
    (n) => left = n,
  );
  const s = await cache.get();
  assert.deepEqual(s.catalog.offers.map((o) => o.plan.id), ["us-1"]);
  assert.equal(s.catalog.byId.size, 1);
  assert.equal(left, 1);
});
