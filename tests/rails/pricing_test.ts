/** Pricing (DESIGN.md §7): exact decimal arithmetic, rounding up to the cent, offer ids. */
import assert from "node:assert/strict";
import {
  centsToAtomic,
  costMicros,
  offerId,
  priceCents,
  priceOffer,
  priceUsdToAtomic,
} from "../../rails/pricing.ts";
import { canonicalJson } from "../../src/crypto/canonical.ts";
import { sha256Bytes, toBase64Url } from "../../src/crypto/hash.ts";

// [cost, marginPct, minMarginUsd, expected price_usd, why]
const TABLE: [number | string, number | string, number | string, string, string][] = [
  [10, 15, 1, "11.50", "percentage margin wins"],
  [10, 5, 1, "11.00", "minimum margin wins"],
  [10, 10, 1, "11.00", "both equal"],
  [1.8, 20, 0.5, "2.30", "minimum margin on a cheap plan"],
  [12.34, 0.1, 0, "12.36", "12.35234 rounds up, not to nearest"],
  [12.3401, 0, 0, "12.35", "any fraction of a cent rounds up"],
  [12.34, 0, 0, "12.34", "an exact cent stays"],
  [0.07, 0, 0, "0.07", "float trap: 0.07*100 = 7.000000000000001"],
  [0.1 + 0.2, 0, 0, "0.30", "float trap: 0.1+0.2 is the cost 0.300000"],
  [0.7, 10, 0, "0.77", "float trap: 0.7*1.1 computed exactly"],
  [1.15, 0, 0, "1.15", "float trap: 1.15*100 = 114.99999999999999"],
  [2.675, 0, 0, "2.68", "half a cent rounds up"],
  [4.35, 0, 0, "4.35", "float trap: 4.35*100 = 434.99999999999994"],
  [0, 10, 0.25, "0.25", "zero cost pays the minimum margin"],
  [0, 0, 0, "0.00", "zero everything"],
  [17.5, "12.5", "0", "19.69", "decimal-string margin (19.6875 up)"],
  ["3.333333", 0, 0, "3.34", "string cost"],
  [1e-7, 0, 0, "0.00", "below a micro-dollar rounds to 0"],
  [99999999.99, 1, 0, "100999999.99", "large costs stay exact"],
  [5, 0, "0.001", "5.01", "a sub-cent minimum margin rounds up"],
];

for (const [cost, pct, min, expected, why] of TABLE) {
  Deno.test(`priceOffer() prices cost ${cost} at ${pct}% / min ${min} as ${expected} (${why})`, () => {
    const p = priceOffer({ planId: "p", costUsd: cost }, { marginPct: pct, minMarginUsd: min });
    assert.equal(p.priceUsd, expected);
    assert.equal(p.priceAtomic, (BigInt(expected.replace(".", "")) * 10000n).toString());
  });
}

Deno.test("costMicros() rounds a cost half-up to 6 decimals", () => {
  assert.equal(costMicros(0.1 + 0.2), 300000n);
  assert.equal(costMicros("1.0000005"), 1000001n);
  assert.equal(costMicros("1.00000049"), 1000000n);
  assert.equal(costMicros(1e21), 10n ** 27n);
});

Deno.test("pricing refuses negative, non-finite and non-numeric input with RangeError", () => {
  for (const bad of [-1, NaN, Infinity, "1,5", "", "abc", "-0.5"]) {
    assert.throws(
      () => priceCents(bad, { marginPct: 0, minMarginUsd: 0 }),
      RangeError,
      String(bad),
    );
  }
  assert.throws(() => priceCents(1, { marginPct: -5, minMarginUsd: 0 }), RangeError);
  assert.throws(() => priceCents(1, { marginPct: 5, minMarginUsd: "x" }), RangeError);
});

Deno.test("priceUsdToAtomic() turns a 2-decimal price into 6-decimal units", () => {
  assert.equal(priceUsdToAtomic("12.35"), "12350000");
  assert.equal(priceUsdToAtomic("0.01"), "10000");
  assert.equal(centsToAtomic(0n), "0");
  assert.throws(() => priceUsdToAtomic("12.3"), RangeError);
  assert.throws(() => priceUsdToAtomic("12.345"), RangeError);
});

Deno.test("offerId() is off_ + 22 base64url chars of SHA-256 over canonical {plan_id, cost_usd, price_usd}", () => {
  const expected = "off_" +
    toBase64Url(
      sha256Bytes(canonicalJson({ price_usd: "4.99", plan_id: "us-1gb-7d", cost_usd: "4.200000" })),
    )
      .slice(0, 22);
  assert.equal(offerId("us-1gb-7d", "4.200000", "4.99"), expected);
  assert.match(expected, /^off_[A-Za-z0-9_-]{22}$/);
});

Deno.test("a changed cost gives a new offer id even when the price stays the same", () => {
  const cfg = { marginPct: 0, minMarginUsd: 0 };
  const a = priceOffer({ planId: "p", costUsd: 4.991 }, cfg);
  const b = priceOffer({ planId: "p", costUsd: 4.992 }, cfg);
  assert.equal(a.priceUsd, b.priceUsd);
  assert.notEqual(a.offerId, b.offerId);
});

Deno.test("a changed margin gives a new offer id; the same inputs give the same id", () => {
  const a = priceOffer({ planId: "p", costUsd: 4 }, { marginPct: 10, minMarginUsd: 0 });
  const b = priceOffer({ planId: "p", costUsd: 4 }, { marginPct: 20, minMarginUsd: 0 });
  const c = priceOffer({ planId: "p", costUsd: "4.0" }, { marginPct: "10", minMarginUsd: 0 });
  assert.notEqual(a.offerId, b.offerId);
  assert.equal(a.offerId, c.offerId);
});
