/**
 * Buyers' status tokens (DESIGN.md §7): base64url of HMAC-SHA256 keyed with the node secret
 * over `"status:" + order_id`. Returned in the delivery; a status request sends
 * `{order_id, token}`. Checked in constant time, so a wrong token and an unknown order are
 * indistinguishable (both 404 `not_found`).
 *
 * @example
 * ```ts
 * import { checkStatusToken, statusToken } from "./status_token.ts";
 * const t = statusToken("a node secret of 16+", "ord_123");
 * checkStatusToken("a node secret of 16+", "ord_123", t); // true
 * ```
 */
import { hmacSha256 } from "../hmac.ts";
import { timingSafeEqual, toBase64Url } from "../../src/crypto/hash.ts";

const enc = new TextEncoder();

/** The status token of `orderId` under `secret`. */
export function statusToken(secret: string, orderId: string): string {
  return toBase64Url(hmacSha256(enc.encode(secret), enc.encode("status:" + orderId)));
}

/** Constant-time check of a presented token (any string, or undefined). */
export function checkStatusToken(
  secret: string,
  orderId: string,
  presented: string | undefined,
): boolean {
  const expected = enc.encode(statusToken(secret, orderId));
  // The token length is public (43 characters); only the content is compared, in constant time.
  return typeof presented === "string" && timingSafeEqual(expected, enc.encode(presented));
}
