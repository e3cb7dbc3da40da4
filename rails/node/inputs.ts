/**
 * Input parsing of the seller node's routes, on top of the `esim.*@v1` schemas: a problem is
 * `{field, message}` (the route answers 400 naming the field). Unknown fields are ignored.
 *
 * @example
 * ```ts
 * import { parseQuoteInput } from "./inputs.ts";
 * parseQuoteInput({ country: "de", max_price_usd: "9.50" });
 * // { ok: true, value: { country: "DE", maxCents: 950n } }
 * parseQuoteInput({ country: "Germany" }); // { ok: false, field: "country", message: "..." }
 * ```
 */
import { validate } from "../schemas.ts";
import type { QuoteFilter } from "./offers.ts";

export type Parsed<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const notObject = { ok: false, field: "body", message: "The body must be a JSON object" } as const;

/** quote-input → filter (country upper-cased, price bound in cents). */
export function parseQuoteInput(body: unknown): Parsed<QuoteFilter> {
  if (!isObject(body)) return notObject;
  const v = validate("quote-input", body);
  if (!v.ok) {
    return v.field === "country"
      ? {
        ok: false,
        field: "country",
        message: "'country' must be two letters (ISO 3166-1 alpha-2), e.g. \"US\"",
      }
      : v;
  }
  const f: QuoteFilter = { country: (body.country as string).toUpperCase() };
  if (body.min_data_bytes !== undefined) f.minDataBytes = body.min_data_bytes as number;
  if (body.min_days !== undefined) f.minDays = body.min_days as number;
  const max = body.max_price_usd;
  if (typeof max === "string") {
    const [whole, frac = ""] = max.split(".");
    f.maxCents = BigInt(whole!) * 100n + BigInt(frac.padEnd(2, "0"));
  } else if (typeof max === "number") {
    if (max > 1e12) {
      return { ok: false, field: "max_price_usd", message: "'max_price_usd' is out of range" };
    }
    // A bound with more than 2 decimals is rounded down to the cent (never above the bound).
    f.maxCents = BigInt(Math.floor(max * 100 + 1e-7));
  }
  return { ok: true, value: f };
}

/** status-input → `{orderId, token}`. */
export function parseStatusInput(body: unknown): Parsed<{ orderId: string; token?: string }> {
  if (!isObject(body)) return notObject;
  const v = validate("status-input", body);
  if (!v.ok) return v;
  return {
    ok: true,
    value: { orderId: body.order_id as string, token: body.token as string | undefined },
  };
}

/** order-input → `offer_id`. */
export function parseOrderInput(body: unknown): Parsed<{ offerId: string }> {
  if (!isObject(body)) return notObject;
  const v = validate("order-input", body);
  if (!v.ok) return v;
  return { ok: true, value: { offerId: body.offer_id as string } };
}
