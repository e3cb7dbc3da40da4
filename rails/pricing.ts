/**
 * Offer pricing (DESIGN.md §7): `price_usd = max(cost × (1 + MARGIN_PCT/100), cost +
 * MIN_MARGIN_USD)`, rounded UP to the cent, in exact decimal arithmetic (BigInt over scaled
 * integers; no floating-point cents).
 *
 * Numbers are read through their shortest decimal string (`String(n)`), so `0.7` is exactly
 * 0.7. A cost is first rounded half-up to 6 decimals (one micro-dollar, the precision of the
 * payment terms), so float noise such as `0.1 + 0.2` (= 0.30000000000000004) is the cost
 * 0.300000 and never adds a cent. Margins may be numbers or decimal strings (`"12.5"`).
 *
 * @example
 * ```ts
 * import { priceOffer } from "./pricing.ts";
 * priceOffer({ planId: "us-1gb-7d", costUsd: 0.7 }, { marginPct: 10, minMarginUsd: 0.05 });
 * // { planId: "us-1gb-7d", costUsd: "0.700000", priceUsd: "0.77", priceAtomic: "770000", offerId: "off_..." }
 * ```
 */
import { canonicalJson } from "../src/crypto/canonical.ts";
import { sha256Bytes, toBase64Url } from "../src/crypto/hash.ts";

/** A non-negative decimal as `units / 10^scale`. */
interface Dec {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** Parses a non-negative decimal number or string exactly. Throws `RangeError` otherwise. */
function parseDec(value: number | string, name: string): Dec {
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number`);
  }
  const text = typeof value === "number" ? String(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`${name} must be a non-negative decimal number, got '${text}'`);
  const intPart = m[1]!;
  const frac = m[2] ?? "";
  const exp = Number(m[3] ?? "0");
  if (Math.abs(exp) > 400) throw new RangeError(`${name} is out of range`);
  let units = BigInt(intPart + frac);
  let scale = frac.length - exp;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units, scale };
}

function rescale(d: Dec, scale: number): bigint {
  return scale >= d.scale ? d.units * 10n ** BigInt(scale - d.scale) : d.units; // only widening
}

/** Rounds `d` to `scale` decimals: "up" (ceiling) or "half-up". */
function roundTo(d: Dec, scale: number, mode: "up" | "half-up"): bigint {
  if (d.scale <= scale) return rescale(d, scale);
  const div = 10n ** BigInt(d.scale - scale);
  const q = d.units / div;
  const r = d.units % div;
  if (r === 0n) return q;
  if (mode === "up") return q + 1n;
  return r * 2n >= div ? q + 1n : q;
}

function formatScaled(units: bigint, scale: number): string {
  const s = units.toString().padStart(scale + 1, "0");
  return scale === 0 ? s : `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

/** Margin settings: `MARGIN_PCT` and `MIN_MARGIN_USD`. */
export interface PricingConfig {
  marginPct: number | string;
  minMarginUsd: number | string;
}

/**
 * The cost in micro-dollars (6 decimals, half-up), as used for prices, comparisons and ids.
 *
 * @example
 * ```ts
 * import { costMicros } from "./pricing.ts";
 * costMicros(0.1 + 0.2); // 300000n
 * ```
 */
export function costMicros(costUsd: number | string): bigint {
  return roundTo(parseDec(costUsd, "cost_usd"), 6, "half-up");
}

/**
 * The price in cents, rounded up: `max(cost × (1 + pct/100), cost + min)`.
 *
 * @example
 * ```ts
 * import { priceCents } from "./pricing.ts";
 * priceCents(10, { marginPct: 15, minMarginUsd: 1 }); // 1150n
 * ```
 */
export function priceCents(costUsd: number | string, cfg: PricingConfig): bigint {
  const cost: Dec = { units: costMicros(costUsd), scale: 6 };
  const pct = parseDec(cfg.marginPct, "marginPct");
  const min = parseDec(cfg.minMarginUsd, "minMarginUsd");
  // cost × (100 + pct) / 100, kept exact: units scale = 6 + pct.scale + 2.
  const factor = rescale(pct, pct.scale) + 100n * 10n ** BigInt(pct.scale);
  const withPct: Dec = { units: cost.units * factor, scale: 6 + pct.scale + 2 };
  const s = Math.max(6, min.scale);
  const withMin: Dec = { units: rescale(cost, s) + rescale(min, s), scale: s };
  const a = roundTo(withPct, 2, "up");
  const b = roundTo(withMin, 2, "up");
  return a > b ? a : b;
}

/** Formats cents as the offer's `price_usd` string, e.g. `1235n` → `"12.35"`. */
export function formatCents(cents: bigint): string {
  return formatScaled(cents, 2);
}

/** Cents to the 6-decimal atomic amount of the payment terms: `1235n` → `"12350000"`. */
export function centsToAtomic(cents: bigint): string {
  return (cents * 10_000n).toString();
}

/**
 * Parses a `price_usd` string (`^\d+\.\d{2}$`) into its 6-decimal atomic amount.
 *
 * @example
 * ```ts
 * import { priceUsdToAtomic } from "./pricing.ts";
 * priceUsdToAtomic("12.35"); // "12350000"
 * ```
 */
export function priceUsdToAtomic(priceUsd: string): string {
  if (!/^\d+\.\d{2}$/.test(priceUsd)) {
    throw new RangeError(`price_usd must look like "12.35", got '${priceUsd}'`);
  }
  return centsToAtomic(BigInt(priceUsd.replace(".", "")));
}

/**
 * `offer_id`: `"off_"` + the first 22 base64url characters (132 bits) of SHA-256 over the
 * canonical JSON of `{plan_id, cost_usd, price_usd}`, where `cost_usd` is the cost as a
 * 6-decimal string (`"4.200000"`) and `price_usd` the 2-decimal price. A changed cost or
 * margin gives a new id, so an old offer becomes unknown.
 *
 * @example
 * ```ts
 * import { offerId } from "./pricing.ts";
 * offerId("us-1gb-7d", "4.200000", "4.99"); // "off_" + 22 characters
 * ```
 */
export function offerId(planId: string, costUsd6: string, priceUsd: string): string {
  const digest = sha256Bytes(
    canonicalJson({ plan_id: planId, cost_usd: costUsd6, price_usd: priceUsd }),
  );
  return "off_" + toBase64Url(digest).slice(0, 22);
}

/** Everything an offer needs about its price. */
export interface PricedPlan {
  planId: string;
  /** The cost as a 6-decimal string, e.g. `"4.200000"`. */
  costUsd: string;
  /** The price as a 2-decimal string, e.g. `"4.99"`. */
  priceUsd: string;
  /** The price in 6-decimal atomic units (USDC), e.g. `"4990000"`. */
  priceAtomic: string;
  offerId: string;
}

/** Prices a plan: price string, atomic amount and offer id together. */
export function priceOffer(
  plan: { planId: string; costUsd: number | string },
  cfg: PricingConfig,
): PricedPlan {
  const cents = priceCents(plan.costUsd, cfg);
  const costUsd = formatScaled(costMicros(plan.costUsd), 6);
  const priceUsd = formatCents(cents);
  return {
    planId: plan.planId,
    costUsd,
    priceUsd,
    priceAtomic: centsToAtomic(cents),
    offerId: offerId(plan.planId, costUsd, priceUsd),
  };
}
