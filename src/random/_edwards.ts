/**
 * edwards25519 helpers for ECVRF (RFC 9381 §5.5): strict RFC 8032 point decoding, little-endian
 * scalar strings, and the RFC 8032 secret-key expansion. Point arithmetic is @noble/curves'.
 * Private to `src/random/`.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import type { EdwardsPoint } from "@noble/curves/abstract/edwards.js";
import { sha512 } from "@noble/hashes/sha2.js";

export type Point = EdwardsPoint;
export const Point = ed25519.Point;
export const Fp = ed25519.Point.Fp;
/** q: order of the prime-order subgroup. */
export const Q: bigint = ed25519.Point.Fn.ORDER;
/** p: the field prime 2^255 - 19. */
export const P: bigint = ed25519.Point.Fp.ORDER;
export const BASE: Point = ed25519.Point.BASE;
export const ZERO: Point = ed25519.Point.ZERO;

/** int_to_string(n, len): little-endian (RFC 8032 §5.1.2). */
export function intToLE(n: bigint, len: number): Uint8Array {
  const out = new Uint8Array(len);
  let v = n;
  for (let i = 0; i < len; i++) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  if (v !== 0n) throw new RangeError(`Integer does not fit in ${len} bytes`);
  return out;
}

/** string_to_int: little-endian. */
export function leToInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
  return n;
}

/** point_to_string: the 32-byte RFC 8032 encoding. */
export function pointToBytes(point: Point): Uint8Array {
  return point.toBytes();
}

/**
 * string_to_point per RFC 8032 §5.1.3, strictly: the y coordinate must be below p (no
 * non-canonical encodings) and x = 0 with the sign bit set is refused. Returns `null` for
 * anything that is not the canonical encoding of a curve point ("INVALID" in RFC 9381).
 */
export function decodePoint(bytes: Uint8Array): Point | null {
  if (bytes.length !== 32) return null;
  try {
    return Point.fromBytes(bytes, false);
  } catch {
    return null;
  }
}

const D: bigint = ed25519.Point.CURVE().d;
const Y_MASK = (1n << 255n) - 1n;

/** Jacobi symbol (a/n) for odd n > 0, by quadratic reciprocity: far cheaper than a power. */
function jacobi(a: bigint, n: bigint): number {
  let r = 1;
  let x = a % n;
  let m = n;
  while (x !== 0n) {
    let twos = 0;
    while ((x & 1n) === 0n) {
      x >>= 1n;
      twos++;
    }
    if (twos & 1) {
      const m8 = m & 7n;
      if (m8 === 3n || m8 === 5n) r = -r;
    }
    [x, m] = [m, x];
    if ((x & 3n) === 3n && (m & 3n) === 3n) r = -r;
    x %= m;
  }
  return m === 1n ? r : 0;
}

/**
 * `decodePoint` with a cheap pre-check: when x^2 = (y^2 - 1) / (d y^2 + 1) has no square root
 * the string is INVALID, found with one Jacobi symbol instead of a full square root. Used by
 * try-and-increment, where about half the candidates fail.
 */
export function decodePointQuick(bytes: Uint8Array): Point | null {
  if (bytes.length !== 32) return null;
  const y = leToInt(bytes) & Y_MASK;
  if (y >= P) return null;
  const y2 = Fp.sqr(y);
  const u = Fp.sub(y2, Fp.ONE);
  const v = Fp.add(Fp.mul(D, y2), Fp.ONE);
  if (u !== 0n && jacobi(Fp.mul(u, v), P) !== 1) return null;
  return decodePoint(bytes);
}

/** True when `cofactor * point` is the identity (RFC 9381 §5.4.5 step 3). */
export function isSmallOrder(point: Point): boolean {
  return point.clearCofactor().is0();
}

/** The RFC 8032 §5.1.5 expansion of a 32-byte secret key: scalar x and the nonce prefix. */
export interface ExpandedSecret {
  /** The clamped secret scalar x (not reduced mod q, as the RFC prints it). */
  x: bigint;
  /** x mod q, the value used in the arithmetic. */
  xModQ: bigint;
  /** hashed_sk_string[32..63], the prefix for ECVRF_nonce_generation_RFC8032. */
  prefix: Uint8Array;
}

export function expandSecret(secretKey: Uint8Array): ExpandedSecret {
  if (secretKey.length !== 32) throw new RangeError("An ECVRF secret key is 32 bytes");
  const h = sha512(secretKey);
  const s = h.slice(0, 32);
  s[0] = s[0]! & 248;
  s[31] = (s[31]! & 127) | 64;
  const x = leToInt(s);
  return { x, xModQ: x % Q, prefix: h.slice(32, 64) };
}
