/**
 * HMAC-SHA256 with a shared secret, in the `v1=<hex>` header form used by both kit-to-operator
 * channels: supplier requests (spec §4.1 rule 5, see `supplier/http_signature.ts`) and webhooks
 * (spec §5: timestamp, `.`, raw body). The key is the UTF-8 bytes of the secret as written in
 * its file (trimmed). Web-standard only: runs on Deno and Node 20+.
 *
 * @example
 * ```ts
 * import { signV1, verifyV1 } from "./hmac.ts";
 * const header = signV1("a shared secret!", "1700000000000.{}");
 * verifyV1("a shared secret!", "1700000000000.{}", header); // true
 * ```
 */
import { fromHex, timingSafeEqual, toHex } from "../src/crypto/hash.ts";
import { hmacSha256 as hmac } from "../src/crypto/sha256.ts";

const encoder = new TextEncoder();

/** The freshness window of signed requests and webhooks (spec §8), in milliseconds. */
export const SIGNATURE_WINDOW_MS = 300_000;

/** Shared secrets must have at least this many characters (spec §5, §8). */
export const MIN_SECRET_LENGTH = 16;

function bytes(x: Uint8Array | string): Uint8Array {
  return typeof x === "string" ? encoder.encode(x) : x;
}

/**
 * Lowercase hex HMAC-SHA256 of `message` keyed with `secret` (strings as UTF-8).
 *
 * @example
 * ```ts
 * import { hmacSha256Hex } from "./hmac.ts";
 * hmacSha256Hex("key", "The quick brown fox jumps over the lazy dog");
 * // "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
 * ```
 */
export function hmacSha256Hex(secret: Uint8Array | string, message: Uint8Array | string): string {
  return toHex(hmacSha256(secret, message));
}

/** HMAC-SHA256 of `message` under `secret`, as bytes. */
export function hmacSha256(secret: Uint8Array | string, message: Uint8Array | string): Uint8Array {
  return hmac(bytes(secret), bytes(message));
}

/** The header value `v1=<hex>` for `message`. */
export function signV1(secret: Uint8Array | string, message: Uint8Array | string): string {
  return `v1=${hmacSha256Hex(secret, message)}`;
}

/**
 * Checks a `v1=<hex>` header against `message` in constant time. Several comma-separated
 * `v1=` entries are accepted (any one matching), so a sender can sign with an old and a new
 * secret while rotating. Anything malformed is `false`, never an exception.
 */
export function verifyV1(
  secret: Uint8Array | string,
  message: Uint8Array | string,
  header: string | null | undefined,
): boolean {
  if (!header || header.length > 1024) return false;
  const expected = hmac(bytes(secret), bytes(message));
  let ok = false;
  for (const part of header.split(",")) {
    const m = /^\s*v1=([0-9a-fA-F]{64})\s*$/.exec(part);
    if (!m) continue;
    if (timingSafeEqual(fromHex(m[1]!), expected)) ok = true;
  }
  return ok;
}

/**
 * True when `header` has the shape of a v1 signature (`v1=<64 hex digits>`, comma-separated
 * for rotation). Checked before a body is read, so a request that cannot be signed is refused
 * (401) without reading its body.
 *
 * @example
 * ```ts
 * import { hasV1Signature } from "./hmac.ts";
 * hasV1Signature("v1=" + "ab".repeat(32)); // true
 * hasV1Signature("bogus"); // false
 * ```
 */
export function hasV1Signature(header: string | null | undefined): boolean {
  if (!header || header.length > 1024) return false;
  return header.split(",").some((part) => /^\s*v1=[0-9a-fA-F]{64}\s*$/.test(part));
}

/**
 * Parses an `X-Kit-Timestamp` value (milliseconds since the Unix epoch, decimal digits only)
 * and checks its distance from `nowMs` in either direction. Returns the reason for a refusal,
 * or `null` when the timestamp is fresh. The two channels differ at the edge: supplier requests
 * refuse "more than 300000 ms away" (`edge: "accept"`, the default: exactly 300000 is fresh);
 * webhooks refuse "five minutes or more" (`edge: "refuse"`: exactly 300000 is stale).
 *
 * @example
 * ```ts
 * import { timestampProblem } from "./hmac.ts";
 * timestampProblem("1000", 301_000); // null
 * timestampProblem("1000", 301_000, 300_000, "refuse"); // "stale"
 * ```
 */
export function timestampProblem(
  header: string | null | undefined,
  nowMs: number,
  windowMs = SIGNATURE_WINDOW_MS,
  edge: "accept" | "refuse" = "accept",
): "missing" | "malformed" | "stale" | null {
  if (header === null || header === undefined || header === "") return "missing";
  if (!/^[0-9]{1,16}$/.test(header)) return "malformed";
  const distance = Math.abs(nowMs - Number(header));
  const stale = edge === "accept" ? distance > windowMs : distance >= windowMs;
  return stale ? "stale" : null;
}
