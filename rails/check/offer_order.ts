/**
 * The order of offers in a quote (DESIGN.md §7): cheapest first; ties by `data_bytes`
 * descending, then `offer_id` ascending (UTF-16 code units).
 *
 * @example
 * ```ts
 * import { compareOffers } from "./offer_order.ts";
 * const a = { offer_id: "off_a", price_usd: "5.40", data_bytes: 5e9 };
 * const b = { offer_id: "off_b", price_usd: "5.40", data_bytes: 3e9 };
 * [b, a].sort(compareOffers)[0] === a; // true
 * ```
 */

/** The fields of an offer that decide its place. */
export interface OfferKey {
  offer_id: string;
  /** Decimal string with 2 decimals (`^\d+\.\d{2}$`). */
  price_usd: string;
  data_bytes: number;
}

/** Price in cents of a validated `price_usd` (`^\d+\.\d{2}$`). */
export function cents(priceUsd: string): bigint {
  return BigInt(priceUsd.replace(".", ""));
}

/** Negative when `a` must come before `b` (cheapest first; ties by data desc, then id). */
export function compareOffers(a: OfferKey, b: OfferKey): number {
  const pa = cents(a.price_usd);
  const pb = cents(b.price_usd);
  if (pa !== pb) return pa < pb ? -1 : 1;
  if (a.data_bytes !== b.data_bytes) return b.data_bytes - a.data_bytes;
  return a.offer_id < b.offer_id ? -1 : a.offer_id > b.offer_id ? 1 : 0;
}
