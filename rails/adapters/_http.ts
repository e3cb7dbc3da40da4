/**
 * Shared transport of the provider adapters: one HTTP exchange bounded by a timeout, with
 * network failures and timeouts turned into retryable `SupplierError`s, plus the helpers every
 * adapter needs (exact decimal prices, safe field access, status → error mapping).
 * Web APIs only (fetch, AbortSignal): runs on Deno and Node 20+.
 *
 * Activation codes travel in answer bodies; nothing here logs a body or puts one in an error
 * message. Error messages quote only the provider's own error text, cut to 300 characters.
 *
 * @example
 * ```ts
 * import { decimalOf, unitsToDecimal } from "./_http.ts";
 * unitsToDecimal(15000n, 4); // "1.5"
 * decimalOf(1.5) === unitsToDecimal(15000n, 4); // true
 * ```
 */
import { SupplierError, SupplierErrorCode as C } from "../supplier/types.ts";

/** Default per-call timeout of the adapters, in milliseconds. */
export const ADAPTER_TIMEOUT_MS = 15_000;

/** Answers larger than this are refused as `bad_supplier_response`. */
const MAX_RESPONSE_CHARS = 32 * 1024 * 1024;

/** What a transport call gives back: the status and the raw text (never logged). */
export interface RawAnswer {
  status: number;
  text: string;
  headers: Headers;
}

export interface Exchange {
  /** `fetch` to use. */
  fetch: typeof fetch;
  /** Per-call timeout in ms. */
  timeoutMs: number;
  /** Provider name for messages, e.g. `"eSIM Access"`. */
  provider: string;
}

/** Validates a timeout option (positive finite number) and returns it or the default. */
export function timeoutOption(value: number | undefined): number {
  const t = value ?? ADAPTER_TIMEOUT_MS;
  if (typeof t !== "number" || !Number.isFinite(t) || t <= 0) {
    throw new RangeError("timeoutMs must be a positive number");
  }
  return t;
}

/** Parses and checks a base URL (http or https, no query, fragment or credentials). */
export function baseUrlOption(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${name} '${value}' is not a valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`${name} must be http or https, got '${url.protocol}'`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new TypeError(`${name} must not carry a query, fragment or credentials`);
  }
  return url.origin + url.pathname.replace(/\/+$/, "");
}

/** Checks that a credential is a non-empty string without surrounding whitespace. */
export function credentialOption(value: unknown, name: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new TypeError(`${name} must be a non-empty string`);
  }
  return value.trim();
}

/**
 * One HTTP exchange with a timeout covering connect, headers and body. A timeout becomes
 * `timeout` (retryable), any other transport failure `network_error` (retryable).
 */
export async function exchange(
  ex: Exchange,
  what: string,
  url: string,
  init: RequestInit,
): Promise<RawAnswer> {
  const timeout = AbortSignal.timeout(ex.timeoutMs);
  try {
    const res = await ex.fetch(url, { ...init, signal: timeout, redirect: "error" });
    const text = await res.text();
    if (text.length > MAX_RESPONSE_CHARS) throw bad(`${what}: the answer is too large`);
    return { status: res.status, text, headers: res.headers };
  } catch (err) {
    if (err instanceof SupplierError) throw err;
    if (timeout.aborted) {
      throw new SupplierError(
        C.Timeout,
        `${what}: ${ex.provider} did not answer within ${ex.timeoutMs} ms`,
        true,
        { cause: err },
      );
    }
    throw new SupplierError(
      C.NetworkError,
      `${what}: cannot reach ${ex.provider} at ${new URL(url).origin}: ${(err as Error).message}`,
      true,
      { cause: err },
    );
  }
}

/** A `bad_supplier_response` error (not retryable: the same bytes would come back). */
export function bad(message: string, status?: number, cause?: unknown): SupplierError {
  return new SupplierError(C.BadResponse, message, false, { status, cause });
}

/** Parses JSON or throws `bad_supplier_response`. */
export function parseJson(what: string, answer: RawAnswer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch (err) {
    throw bad(`${what}: the answer is not JSON`, answer.status, err);
  }
}

/** The object at `body`, or `undefined` when it is not a plain object. */
export function obj(body: unknown): Record<string, unknown> | undefined {
  return body !== null && typeof body === "object" && !Array.isArray(body)
    ? body as Record<string, unknown>
    : undefined;
}

/** A provider's error text, cut short and stripped of control characters, for messages. */
export function said(text: unknown): string {
  if (typeof text !== "string" || text === "") return "";
  let clean = "";
  for (const ch of text.slice(0, 300)) {
    const c = ch.charCodeAt(0);
    clean += c < 0x20 || c === 0x7f ? " " : ch;
  }
  return `: ${clean}`;
}

/**
 * Maps the transport-level statuses every provider shares: 429 → `rate_limited`, 408 →
 * `timeout`, 5xx → `supplier_unavailable` (all retryable). Returns `null` for anything else,
 * which the adapter maps itself.
 */
export function commonStatusError(
  what: string,
  status: number,
  message: string,
): SupplierError | null {
  const mk = (code: string, text: string) =>
    new SupplierError(code, `${what}: ${text}${message}`, true, { status });
  if (status === 429) return mk(C.RateLimited, "rate limited by the provider");
  if (status === 408) return mk(C.Timeout, "the provider timed out");
  if (status >= 500) return mk(C.Unavailable, `the provider failed with ${status}`);
  return null;
}

/**
 * The canonical decimal string of a finite non-negative number or decimal string: no
 * exponent, no trailing zeros after the point, no leading zeros (e.g. `1.50` → `"1.5"`,
 * `1e-7` → `"0.0000001"`). Returns `null` for anything that is not such a number. Two prices
 * are equal exactly when their canonical strings are equal (no floating-point tolerance).
 *
 * @example
 * ```ts
 * import { decimalOf } from "./_http.ts";
 * decimalOf(2.3); // "2.3"
 * decimalOf("2.30"); // "2.3"
 * decimalOf(0.1 + 0.2); // "0.30000000000000004"
 * ```
 */
export function decimalOf(value: number | string): string | null {
  let s: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    s = String(value);
  } else if (typeof value === "string") {
    s = value.trim();
  } else {
    return null;
  }
  const m = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(s);
  if (!m) return null;
  let digits = m[1]! + (m[2] ?? "");
  let point = m[1]!.length + Number(m[3] ?? 0);
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits + "0".repeat(point - digits.length);
  const int = digits.slice(0, point).replace(/^0+/, "") || "0";
  const frac = digits.slice(point).replace(/0+$/, "");
  return frac ? `${int}.${frac}` : int;
}

/**
 * The canonical decimal of an integer amount in units of 10^-scale, e.g. eSIM Access prices
 * in 1/10000 USD: `unitsToDecimal(15000n, 4)` is `"1.5"`.
 */
export function unitsToDecimal(units: bigint, scale: number): string {
  const neg = units < 0n;
  const s = (neg ? -units : units).toString().padStart(scale + 1, "0");
  const int = s.slice(0, s.length - scale);
  const frac = s.slice(s.length - scale).replace(/0+$/, "");
  return (neg ? "-" : "") + (frac ? `${int}.${frac}` : int);
}

/** A positive-or-zero safe integer, or `undefined`. */
export function nonNegInt(v: unknown): number | undefined {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

/** A non-empty string, or `undefined`. */
export function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** Two uppercase ISO 3166-1 alpha-2 letters, or `undefined` (lowercase is normalised). */
export function countryCode(v: unknown): string | undefined {
  if (typeof v !== "string") return undefined;
  const c = v.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(c) ? c : undefined;
}

/** The LPA activation code `LPA:1$<SM-DP+ address>$<matching id>`. */
export function lpaOf(smdpAddress: string, matchingId: string): string {
  return `LPA:1$${smdpAddress}$${matchingId}`;
}

/** Whether a string looks like an LPA activation code. */
export function isLpa(v: unknown): v is string {
  return typeof v === "string" && /^LPA:1\$[^$\s]+\$[^\s]*$/.test(v);
}

/** Bytes in one megabyte as providers count data (MB = 2^20 bytes, "1 GB" = 1024 MB). */
export const MB = 1024 * 1024;

/** Input checks shared by every adapter's `order`. */
export function checkOrderInput(input: {
  transactionId: unknown;
  planId: unknown;
  costUsd: unknown;
}): void {
  if (!input || typeof input.transactionId !== "string" || !input.transactionId) {
    throw new TypeError("order: transactionId must be a non-empty string");
  }
  if (input.transactionId.length > 50) {
    throw new TypeError("order: transactionId must have at most 50 characters");
  }
  if (typeof input.planId !== "string" || !input.planId) {
    throw new TypeError("order: planId must be a non-empty string");
  }
  if (typeof input.costUsd !== "number" || !Number.isFinite(input.costUsd) || input.costUsd < 0) {
    throw new TypeError("order: costUsd must be a finite non-negative number");
  }
}

/** The `price_changed` refusal (not retryable: the buyer must be quoted again). */
export function priceChanged(planId: string, given: number, current: string): SupplierError {
  return new SupplierError(
    C.PriceChanged,
    `Plan '${planId}' now costs ${current} USD, not ${decimalOf(given) ?? given}; quote again`,
    false,
  );
}

/** The unknown-plan refusal (not retryable). */
export function unknownPlan(provider: string, planId: string, status?: number): SupplierError {
  return new SupplierError(
    C.NotFound,
    `${provider} does not sell plan '${planId}' (not in its catalogue)`,
    false,
    { status },
  );
}
