/**
 * Check 2, quote answer validity: `POST /quote {country}` answers 200 `{success: true,
 * result}`, every offer is valid against offer.json and the result against quote-result.json,
 * for the country asked. Check 3, cheapest first: price ascending, ties by `data_bytes`
 * descending, then `offer_id` ascending (DESIGN.md §7).
 */
import { validate } from "../schemas.ts";
import { at, pointerOf, type Probe, short } from "./_probe.ts";
import { result, type RunState, seen } from "./_result.ts";
import { cents, compareOffers, type OfferKey } from "./offer_order.ts";
import type { CheckResult } from "./types.ts";

/** Runs check 2; records the answer (for check 4) and the offers (for checks 3 and 8). */
export async function checkQuote(probe: Probe, state: RunState): Promise<CheckResult> {
  const input = { country: state.country };
  const a = await probe.send("POST", "/quote", { json: input });
  if (a.status !== 200) {
    return result("quote", "fail", `POST /quote answered ${a.status}, expected 200`, [
      seen(a, { found: short(a.isJson ? a.json : a.text, 160), expected: "200" }),
    ]);
  }
  if (!a.isJson || typeof a.json !== "object" || a.json === null) {
    return result("quote", "fail", "the quote answer is not JSON", [
      seen(a, { found: short(a.text, 80), expected: "{success: true, result}" }),
    ]);
  }
  const body = a.json;
  if (at(body, "/success") !== true) {
    return result("quote", "fail", "the quote answer does not say success: true", [
      seen(a, { pointer: "/success", found: short(at(body, "/success")), expected: "true" }),
    ]);
  }
  const res = at(body, "/result");
  if (typeof res !== "object" || res === null) {
    return result("quote", "fail", "the quote answer has no result object", [
      seen(a, { pointer: "/result", found: short(res), expected: "an object" }),
    ]);
  }
  state.quoteInput = input;
  state.quoteAnswer = a;

  const offers = at(res, "/offers");
  if (Array.isArray(offers)) {
    for (let i = 0; i < offers.length; i++) {
      const v = validate("offer", offers[i]);
      if (!v.ok) {
        const pointer = pointerOf(`/result/offers/${i}`, v.field);
        return result("quote", "fail", `offer ${i} is not valid against offer.json: ${v.message}`, [
          seen(a, { pointer, found: short(at(body, pointer)) }),
        ]);
      }
    }
  }
  const v = validate("quote-result", res);
  if (!v.ok) {
    const pointer = pointerOf("/result", v.field);
    return result(
      "quote",
      "fail",
      `the result is not valid against quote-result.json: ${v.message}`,
      [
        seen(a, { pointer, found: short(at(body, pointer)) }),
      ],
    );
  }
  const r = res as { country: string; offers: OfferKey[] };
  if (r.country !== state.country) {
    return result("quote", "fail", `the result is for '${r.country}', not '${state.country}'`, [
      seen(a, {
        pointer: "/result/country",
        found: short(r.country),
        expected: short(state.country),
      }),
    ]);
  }
  state.offers = r.offers.map((o) => ({
    offer_id: o.offer_id,
    price_usd: o.price_usd,
    data_bytes: o.data_bytes,
  }));
  if (r.offers.length === 0) {
    return result(
      "quote",
      "warn",
      `valid, but there are no offers for ${state.country}: the order checks need one; choose a country the node sells`,
      [seen(a, { pointer: "/result/offers", found: "[]" })],
    );
  }
  const n = r.offers.length;
  return result(
    "quote",
    "pass",
    `${n} offer${n === 1 ? "" : "s"} for ${state.country}, each valid against offer.json`,
    [seen(a)],
  );
}

/** Runs check 3 on the offers of check 2. */
export function checkCheapestFirst(state: RunState): CheckResult {
  const offers = state.offers;
  const a = state.quoteAnswer;
  if (!offers || !a) {
    return result("cheapest_first", "skip", "needs the offers of check 2, which failed");
  }
  for (let i = 1; i < offers.length; i++) {
    const prev = offers[i - 1]!;
    const cur = offers[i]!;
    if (compareOffers(prev, cur) <= 0) continue;
    const why = cents(prev.price_usd) !== cents(cur.price_usd)
      ? `offer ${i} costs ${cur.price_usd} but comes after offer ${i - 1} at ${prev.price_usd}`
      : prev.data_bytes !== cur.data_bytes
      ? `offers ${
        i - 1
      } and ${i} cost ${cur.price_usd}; the one with more data_bytes must come first`
      : `offers ${i - 1} and ${i} cost ${cur.price_usd} with equal data_bytes; ties go by offer_id`;
    return result("cheapest_first", "fail", why, [
      seen(a, {
        pointer: `/result/offers/${i}`,
        found: short(cur),
        expected: `after ${short(prev)}`,
      }),
    ]);
  }
  if (offers.length < 2) {
    return result("cheapest_first", "pass", `${offers.length} offer(s): nothing to order`);
  }
  return result("cheapest_first", "pass", "price ascending, ties by data_bytes then offer_id");
}
