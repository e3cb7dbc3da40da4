/**
 * Offers from a supplier catalog (DESIGN.md §7): every plan priced with `rails/pricing.ts`, and
 * the quote over them: plans listing the country (regional and global plans included), the
 * optional filters, cheapest first, ties by `data_bytes` descending, then `offer_id`.
 *
 * @example
 * ```ts
 * import { priceCatalog, quoteOffers } from "./offers.ts";
 * const cat = priceCatalog([{ id: "us-1", name: "US 1 GB", countries: ["US"], dataBytes: 1e9,
 *   days: 7, costUsd: 2 }], { marginPct: "20", minMarginUsd: "0.50" });
 * quoteOffers(cat, { country: "US" }).map((o) => o.price_usd); // ["2.50"]
 * ```
 */
import type { Plan } from "../supplier/types.ts";
import { type PricedPlan, priceOffer, type PricingConfig } from "../pricing.ts";

/** The wire offer of `esim.quote@v1` (offer.json). */
export interface Offer {
  offer_id: string;
  plan_id: string;
  name: string;
  countries: string[];
  kind?: string;
  data_bytes: number;
  days: number;
  price_usd: string;
  currency: "USD";
  speed?: string;
  networks?: string[];
  top_up?: boolean;
  unused_valid_days?: number;
}

/** One priced plan: the wire offer, the plan and its price. */
export interface PricedOffer {
  offer: Offer;
  plan: Plan;
  price: PricedPlan;
  /** Price in cents, for sorting and filters. */
  cents: bigint;
}

/** A priced catalog, indexed by offer id. */
export interface PricedCatalog {
  offers: PricedOffer[];
  byId: Map<string, PricedOffer>;
}

/** The filters of quote-input, already validated and normalised. */
export interface QuoteFilter {
  /** Two uppercase letters. */
  country: string;
  minDataBytes?: number;
  minDays?: number;
  /** Upper bound on the price, in cents. */
  maxCents?: bigint;
}

function toOffer(plan: Plan, price: PricedPlan): Offer {
  const o: Offer = {
    offer_id: price.offerId,
    plan_id: plan.id,
    name: plan.name,
    countries: [...plan.countries],
    data_bytes: plan.dataBytes,
    days: plan.days,
    price_usd: price.priceUsd,
    currency: "USD",
  };
  if (plan.kind !== undefined) o.kind = plan.kind;
  if (plan.speed !== undefined) o.speed = plan.speed;
  if (plan.networks !== undefined) o.networks = [...plan.networks];
  if (plan.topUp !== undefined) o.top_up = plan.topUp;
  if (plan.unusedValidDays !== undefined) o.unused_valid_days = plan.unusedValidDays;
  return o;
}

/** Prices every plan of a catalog. */
export function priceCatalog(plans: readonly Plan[], pricing: PricingConfig): PricedCatalog {
  const offers = plans.map((plan) => {
    const price = priceOffer({ planId: plan.id, costUsd: plan.costUsd }, pricing);
    return {
      offer: toOffer(plan, price),
      plan,
      price,
      cents: BigInt(price.priceUsd.replace(".", "")),
    };
  });
  return { offers, byId: new Map(offers.map((o) => [o.offer.offer_id, o])) };
}

/** The offers of a quote, cheapest first (ties: more data first, then offer id). */
export function quoteOffers(catalog: PricedCatalog, f: QuoteFilter): Offer[] {
  return catalog.offers
    .filter((o) =>
      o.plan.countries.includes(f.country) &&
      (f.minDataBytes === undefined || o.plan.dataBytes >= f.minDataBytes) &&
      (f.minDays === undefined || o.plan.days >= f.minDays) &&
      (f.maxCents === undefined || o.cents <= f.maxCents)
    )
    .sort((a, b) =>
      a.cents < b.cents ? -1 : a.cents > b.cents ? 1 : b.plan.dataBytes - a.plan.dataBytes ||
        (a.offer.offer_id < b.offer.offer_id ? -1 : a.offer.offer_id > b.offer.offer_id ? 1 : 0)
    )
    .map((o) => o.offer);
}
