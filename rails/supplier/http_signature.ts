/**
 * Request signatures of the HTTP supplier contract (spec §4.1 rule 5-6). Every request carries
 * `X-Kit-Timestamp` (ms since the epoch) and `X-Kit-Signature: v1=<hex>`, the HMAC-SHA256 with
 * the shared secret over `${timestamp}.${METHOD} ${pathWithQuery}.${rawBody}` (body empty for
 * GET). A receiver refuses a wrong signature or a timestamp more than 300000 ms away from its
 * clock (exactly 300000 ms is accepted).
 *
 * @example
 * ```ts
 * import { signRequest, verifyRequest } from "./http_signature.ts";
 * const secret = "0123456789abcdef";
 * const headers = signRequest(secret, { method: "GET", pathWithQuery: "/catalog", body: "" }, 1_700_000_000_000);
 * verifyRequest(secret, {
 *   method: "GET", pathWithQuery: "/catalog", body: "",
 *   timestamp: headers["X-Kit-Timestamp"], signature: headers["X-Kit-Signature"],
 * }, 1_700_000_000_000); // { ok: true }
 * ```
 */
import { SIGNATURE_WINDOW_MS, signV1, timestampProblem, verifyV1 } from "../hmac.ts";

export const TIMESTAMP_HEADER = "X-Kit-Timestamp";
export const SIGNATURE_HEADER = "X-Kit-Signature";

export interface SignedParts {
  /** Upper-cased before signing. */
  method: string;
  /** Path with query string exactly as sent, e.g. `/profiles?order_ref=ord_1`. */
  pathWithQuery: string;
  /** Raw body; `""` for GET. */
  body: string | Uint8Array;
}

/**
 * The exact bytes that are signed. Exported so tests and operators in other languages can
 * check their implementation against it.
 */
export function signingString(timestamp: string, parts: SignedParts): Uint8Array {
  const head = new TextEncoder().encode(
    `${timestamp}.${parts.method.toUpperCase()} ${parts.pathWithQuery}.`,
  );
  const body = typeof parts.body === "string" ? new TextEncoder().encode(parts.body) : parts.body;
  const out = new Uint8Array(head.length + body.length);
  out.set(head, 0);
  out.set(body, head.length);
  return out;
}

/** Headers to add to a request. `nowMs` defaults to `Date.now()`. */
export function signRequest(
  secret: string | Uint8Array,
  parts: SignedParts,
  nowMs: number = Date.now(),
): { "X-Kit-Timestamp": string; "X-Kit-Signature": string } {
  const ts = String(Math.floor(nowMs));
  return {
    [TIMESTAMP_HEADER]: ts,
    [SIGNATURE_HEADER]: signV1(secret, signingString(ts, parts)),
  } as { "X-Kit-Timestamp": string; "X-Kit-Signature": string };
}

export interface ReceivedRequest extends SignedParts {
  timestamp: string | null | undefined;
  signature: string | null | undefined;
}

export type VerifyResult =
  | { ok: true }
  | { ok: false; reason: "missing" | "malformed" | "stale" | "bad_signature" };

/**
 * Verifies a received request: headers present, timestamp within `windowMs` (default
 * 300000) of `nowMs` in either direction, signature matching in constant time.
 */
export function verifyRequest(
  secret: string | Uint8Array,
  req: ReceivedRequest,
  nowMs: number = Date.now(),
  windowMs: number = SIGNATURE_WINDOW_MS,
): VerifyResult {
  if (!req.signature) return { ok: false, reason: "missing" };
  const problem = timestampProblem(req.timestamp, nowMs, windowMs);
  if (problem) return { ok: false, reason: problem };
  const message = signingString(req.timestamp!, req);
  return verifyV1(secret, message, req.signature)
    ? { ok: true }
    : { ok: false, reason: "bad_signature" };
}
