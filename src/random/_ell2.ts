/**
 * RFC 9380 encode_to_curve for edwards25519 with Elligator 2 (suite
 * `edwards25519_XMD:SHA-512_ELL2_NU_`), as ECVRF-EDWARDS25519-SHA512-ELL2 uses it
 * (RFC 9381 §5.4.1.2). The map follows the straightforward description of RFC 9380 §6.7.1 and
 * the rational map of §6.8.2 (with sgn0(sqrt(-486664)) = 0), not the constant-time
 * straight-line code: its input (public key and alpha) is public. Private to `src/random/`.
 */
import { expand_message_xmd } from "@noble/curves/abstract/hash-to-curve.js";
import { FpIsSquare } from "@noble/curves/abstract/modular.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { Fp, Point } from "./_edwards.ts";

const J = 486662n;
const Z = 2n;
/** hash_to_field length L = ceil((ceil(log2(p)) + k) / 8) with k = 128. */
const L = 48;

/** sqrt with sgn0 (the parity of the canonical value) chosen. */
function sqrtWithSign(v: bigint, odd: boolean): bigint {
  const r = Fp.sqrt(v);
  return (Fp.isOdd!(r) === odd) ? r : Fp.neg(r);
}

/** c1 = sqrt(-486664) with sgn0(c1) = 0 (RFC 9380 §6.8.2, erratum 4730). */
const SQRT_M486664 = sqrtWithSign(Fp.neg(486664n), false);

export interface Ell2Trace {
  /** expand_message_xmd output (48 bytes). */
  uniformBytes: Uint8Array;
  /** u = OS2IP(uniform_bytes) mod p (big-endian, RFC 9380 §5.2). */
  u: bigint;
  /** g(x1) for x1 = -J / (1 + Z u^2) on curve25519. */
  gx1: bigint;
  /** The encoded point after clearing the cofactor. */
  point: Point;
}

/** hash_to_field(msg, 1) for edwards25519 (m = 1, L = 48), with the uniform bytes. */
function hashToField(msg: Uint8Array, dst: Uint8Array): { uniformBytes: Uint8Array; u: bigint } {
  const uniformBytes = expand_message_xmd(msg, dst, L, sha512);
  let n = 0n;
  for (const b of uniformBytes) n = (n << 8n) | BigInt(b);
  return { uniformBytes, u: Fp.create(n) };
}

/** map_to_curve_elligator2 on curve25519 (K = 1), RFC 9380 §6.7.1: returns (s, t) and g(x1). */
function mapToCurve25519(u: bigint): { s: bigint; t: bigint; gx1: bigint } {
  const g = (x: bigint) => Fp.add(Fp.add(Fp.mul(Fp.sqr(x), x), Fp.mul(J, Fp.sqr(x))), x);
  const denom = Fp.add(Fp.ONE, Fp.mul(Z, Fp.sqr(u)));
  // inv0: 1 + 2u^2 is never 0 (−1/2 is not a square), but follow the RFC anyway.
  let x1 = Fp.is0(denom) ? 0n : Fp.neg(Fp.mul(J, Fp.inv(denom)));
  if (Fp.is0(x1)) x1 = Fp.neg(J);
  const gx1 = g(x1);
  const x2 = Fp.sub(Fp.neg(x1), J);
  if (FpIsSquare(Fp, gx1)) return { s: x1, t: sqrtWithSign(gx1, true), gx1 };
  return { s: x2, t: sqrtWithSign(g(x2), false), gx1 };
}

/** Rational map curve25519 → edwards25519 (RFC 9380 §6.8.2), exceptional cases to identity. */
function montgomeryToEdwards(s: bigint, t: bigint): Point {
  if (Fp.is0(t) || Fp.is0(Fp.add(s, Fp.ONE))) return Point.ZERO;
  const x = Fp.mul(SQRT_M486664, Fp.div(s, t));
  const y = Fp.div(Fp.sub(s, Fp.ONE), Fp.add(s, Fp.ONE));
  return Point.fromAffine({ x, y });
}

/**
 * encode_to_curve(msg) with domain separation tag `dst`, returning the intermediate values
 * too (for tests against RFC 9381 Appendix B.4).
 */
export function encodeToCurveEll2(msg: Uint8Array, dst: Uint8Array): Ell2Trace {
  const { uniformBytes, u } = hashToField(msg, dst);
  const { s, t, gx1 } = mapToCurve25519(u);
  const point = montgomeryToEdwards(s, t).clearCofactor();
  return { uniformBytes, u, gx1, point };
}
