/**
 * The seller's side of the 402 answer: payment requirements for a price, the `PAYMENT-REQUIRED`
 * header, and the x402 API error body of DESIGN.md §2. Pure (uses only web-standard classes).
 *
 * @example
 * ```ts
 * import { requirementsFor, paymentRequiredResponse } from "./terms.ts";
 * const req = requirementsFor({ priceUsd: "0.001", payTo: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C" });
 * req.amount; // "1000"
 * const res = paymentRequiredResponse({ service: "weather-now", url: "https://x/x402/weather-now",
 *   description: "Weather", accepts: [req] });
 * res.status; // 402
 * ```
 */
import {
  type Address,
  BASE,
  DEFAULT_MAX_TIMEOUT_SECONDS,
  HEADER_PAYMENT_REQUIRED,
  HEADER_PAYMENT_RESPONSE,
  SCHEME_EXACT,
  type UsdcChain,
  usdToAtomic,
  X402_VERSION,
} from "./constants.ts";
import { encodeBase64Json } from "./encoding.ts";
import type { PaymentRequired, PaymentRequirements, SettlementResponse } from "./types.ts";
import { ErrorCode } from "../http/errors.ts";

/** Options for one `accepts` entry. */
export interface TermsOptions {
  /** Price in USD as a decimal string (e.g. "0.001"); or give `amount` in atomic units. */
  priceUsd?: string;
  amount?: string;
  payTo: Address | string;
  maxTimeoutSeconds?: number;
  /** Extra members merged into `extra` (e.g. `nonceSalt`). */
  extra?: Record<string, unknown>;
  /** The chain whose USDC is asked for (default Base mainnet; `X402_NETWORK`). */
  chain?: UsdcChain;
}

/** The `exact` USDC requirements for a price (on Base unless `opts.chain` says otherwise). */
export function requirementsFor(opts: TermsOptions): PaymentRequirements {
  const chain = opts.chain ?? BASE;
  const amount = opts.amount ?? usdToAtomic(opts.priceUsd ?? "");
  if (!/^[0-9]+$/.test(amount)) throw new RangeError(`amount '${amount}' must be atomic units`);
  return {
    scheme: SCHEME_EXACT,
    network: chain.network,
    amount,
    asset: chain.usdc,
    payTo: opts.payTo,
    maxTimeoutSeconds: opts.maxTimeoutSeconds ?? DEFAULT_MAX_TIMEOUT_SECONDS,
    extra: { name: chain.tokenName, version: "2", ...opts.extra },
  };
}

/** The decoded form of the `PAYMENT-REQUIRED` header. */
export function paymentRequired(
  resource: { url: string; description: string; mimeType?: string },
  accepts: PaymentRequirements[],
  error?: string,
): PaymentRequired {
  return {
    x402Version: X402_VERSION,
    ...(error ? { error } : {}),
    resource: {
      url: resource.url,
      description: resource.description,
      mimeType: resource.mimeType ?? "application/json",
    },
    accepts,
  };
}

/** A JSON answer in the x402 API error shape `{status:"error", service, error:{code,message,field?}}`. */
export function x402ErrorResponse(
  status: number,
  service: string,
  error: { code: string; message: string; field?: string; [k: string]: unknown },
  headers?: HeadersInit,
): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  h.set("Cache-Control", "no-store");
  return new Response(JSON.stringify({ status: "error", service, error }), { status, headers: h });
}

/** Options of a 402 answer. */
export interface PaymentRequiredAnswer {
  service: string;
  url: string;
  description: string;
  accepts: PaymentRequirements[];
  /** Error code of the body (default `payment_required`). */
  code?: string;
  /** Human message of the body; also the `error` of the header. */
  message?: string;
  /** x402 reason name (e.g. `invalid_exact_evm_payload_signature`), echoed in the body. */
  reason?: string;
  field?: string;
  /** A failed settlement outcome, sent as `PAYMENT-RESPONSE`. */
  settlement?: SettlementResponse;
}

/** The message of a plain 402 (no payment sent). */
export const PAYMENT_REQUIRED_MESSAGE =
  "This endpoint is paid per call with x402: pay the terms in the PAYMENT-REQUIRED header and retry with PAYMENT-SIGNATURE";

/** Encoded headers of plain 402 answers, per terms list and resource: a paywall's hot path. */
const plainHeaderCache = new WeakMap<PaymentRequirements[], Map<string, string>>();

/** The `PAYMENT-REQUIRED` header of a 402 (`error`: the x402 reason or message, if any). */
export function paymentRequiredHeader(a: PaymentRequiredAnswer, error?: string): string {
  if (error !== undefined) return encodeBase64Json(paymentRequired(a, a.accepts, error));
  let perTerms = plainHeaderCache.get(a.accepts);
  if (!perTerms) plainHeaderCache.set(a.accepts, perTerms = new Map());
  const key = a.url + "\0" + a.description;
  let h = perTerms.get(key);
  if (h === undefined) {
    h = encodeBase64Json(paymentRequired(a, a.accepts));
    if (perTerms.size >= 1024) perTerms.clear();
    perTerms.set(key, h);
  }
  return h;
}

/** The 402 answer: `PAYMENT-REQUIRED`, `Cache-Control: no-store`, JSON error body. */
export function paymentRequiredResponse(a: PaymentRequiredAnswer): Response {
  const code = a.code ?? ErrorCode.PaymentRequired;
  const message = a.message ?? PAYMENT_REQUIRED_MESSAGE;
  const headers = new Headers({
    [HEADER_PAYMENT_REQUIRED]: paymentRequiredHeader(
      a,
      a.reason ?? (code === ErrorCode.PaymentRequired ? undefined : message),
    ),
  });
  if (a.settlement) headers.set(HEADER_PAYMENT_RESPONSE, encodeBase64Json(a.settlement));
  return x402ErrorResponse(402, a.service, {
    code,
    message,
    ...(a.field ? { field: a.field } : {}),
    ...(a.reason ? { reason: a.reason } : {}),
  }, headers);
}
