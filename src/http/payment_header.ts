/**
 * The x402 payment header of a request: `PAYMENT-SIGNATURE` (v2) first, else `X-PAYMENT` (v1);
 * null when there is none. Read by the HTTP kernel for payer-limited routes and by the paywall.
 *
 * Why `has` before `get`: in `Deno.serve`, `get` asks the server for one header per call (an op
 * into Rust each time), while `has` reads the whole header list once, and Deno reads that list
 * anyway before answering a request whose headers were looked at. Measured on Deno 2.9 (CPU per
 * request under load): about 0.35 µs less for a request without a payment, the usual one.
 *
 * @example
 * ```ts
 * import { paymentHeaderOf } from "./payment_header.ts";
 * paymentHeaderOf(new Request("http://x/", { headers: { "x-payment": "abc" } })); // "abc"
 * ```
 */
const PAYMENT_SIGNATURE = "payment-signature";
const X_PAYMENT = "x-payment";

export function paymentHeaderOf(req: Request): string | null {
  const h = req.headers;
  if (h.has(PAYMENT_SIGNATURE)) return h.get(PAYMENT_SIGNATURE);
  if (h.has(X_PAYMENT)) return h.get(X_PAYMENT);
  return null;
}
