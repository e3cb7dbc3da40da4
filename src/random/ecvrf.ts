/**
 * ECVRF on edwards25519 with SHA-512 (RFC 9381 §5): suites ECVRF-EDWARDS25519-SHA512-TAI
 * (0x03, try-and-increment hash to curve) and ECVRF-EDWARDS25519-SHA512-ELL2 (0x04, RFC 9380
 * Elligator 2). Written from the RFC text on @noble/curves point arithmetic and
 * @noble/hashes SHA-512. Pure (no Deno APIs).
 *
 * Verification always runs ECVRF_validate_key (§5.4.5): small-order public keys are refused,
 * points must be canonical RFC 8032 encodings, and the proof scalar must satisfy s < q.
 *
 * @example
 * ```ts
 * import { prove, verify, vrfPublicKey } from "./ecvrf.ts";
 * const sk = crypto.getRandomValues(new Uint8Array(32));
 * const alpha = new TextEncoder().encode("draw #1");
 * const pi = prove(sk, alpha); // 80 bytes
 * const res = verify(vrfPublicKey(sk), alpha, pi);
 * if (res.valid) console.log(res.beta.length); // 64
 * ```
 */
import { mulAddUnsafe } from "@noble/curves/abstract/curve.js";
import { sha512 } from "@noble/hashes/sha2.js";
import {
  BASE,
  decodePoint,
  decodePointQuick,
  expandSecret,
  intToLE,
  isSmallOrder,
  leToInt,
  Point,
  pointToBytes,
  Q,
} from "./_edwards.ts";
import { encodeToCurveEll2 } from "./_ell2.ts";
import { encodePoints, mulSameBase } from "./_multiply.ts";
import { toHex } from "../crypto/hash.ts";
import { knownPublicKey } from "../crypto/ed25519.ts";

import { type Suite, SUITE_ELL2, SUITE_TAI } from "./suites.ts";
export { type Suite, SUITE_ELL2, SUITE_TAI, SUITES } from "./suites.ts";

/** suite_string per suite (RFC 9381 §5.5). */
export const SUITE_STRING: Readonly<Record<Suite, number>> = {
  [SUITE_TAI]: 0x03,
  [SUITE_ELL2]: 0x04,
};

/** ptLen, cLen, qLen for edwards25519 (RFC 9381 §5.5). */
const PT_LEN = 32;
const C_LEN = 16;
const Q_LEN = 32;
/** Proof length ptLen + cLen + qLen = 80; output (beta) length hLen = 64. */
export const PROOF_LENGTH = PT_LEN + C_LEN + Q_LEN;
export const BETA_LENGTH = 64;

const ELL2_H2C_SUITE_ID = "edwards25519_XMD:SHA-512_ELL2_NU_";

/** Why a verification failed; stable snake_case strings for CLIs and APIs. */
export const VerifyFailure = {
  /** The public key is not 32 bytes. */
  PublicKeyLength: "public_key_length",
  /** The public key is not the canonical encoding of a curve point. */
  PublicKeyInvalid: "public_key_invalid",
  /** The public key has small order (cofactor * Y is the identity). */
  PublicKeySmallOrder: "public_key_small_order",
  /** The proof is not 80 bytes. */
  ProofLength: "proof_length",
  /** Gamma is not the canonical encoding of a curve point. */
  GammaInvalid: "gamma_invalid",
  /** The scalar s is not below the group order q (non-canonical). */
  ScalarOutOfRange: "scalar_out_of_range",
  /** The challenge does not match: the proof is not for this key and input. */
  ChallengeMismatch: "challenge_mismatch",
} as const;
export type VerifyFailureReason = typeof VerifyFailure[keyof typeof VerifyFailure];

export type VerifyResult =
  | { valid: true; beta: Uint8Array }
  | { valid: false; reason: VerifyFailureReason };

/** A decoded proof (RFC 9381 §5.4.4). */
export interface DecodedProof {
  gamma: Point;
  c: bigint;
  s: bigint;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  let len = 0;
  for (const p of parts) len += p.length;
  const out = new Uint8Array(len);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

function suiteByte(suite: Suite): Uint8Array {
  const b = SUITE_STRING[suite];
  if (b === undefined) throw new RangeError(`Unknown ECVRF suite '${suite}'`);
  return Uint8Array.of(b);
}

/** The RFC 8032 public key of a 32-byte VRF secret key: point_to_string(x * B). */
export function vrfPublicKey(secretKey: Uint8Array): Uint8Array {
  return pointToBytes(BASE.multiply(expandSecret(secretKey).xModQ));
}

/**
 * ECVRF_encode_to_curve_try_and_increment (§5.4.1.1): H and the counter value that produced
 * it. The salt is the public key string.
 */
export function encodeToCurveTai(
  pkString: Uint8Array,
  alpha: Uint8Array,
): { point: Point; ctr: number } {
  const head = concat(suiteByte(SUITE_TAI), Uint8Array.of(0x01), pkString, alpha);
  const buf = new Uint8Array(head.length + 2);
  buf.set(head);
  // The RFC loops until a point is found; ctr is one octet, and each try succeeds with
  // probability about 1/2, so running past 255 has probability 2^-256.
  for (let ctr = 0; ctr < 256; ctr++) {
    buf[head.length] = ctr;
    buf[head.length + 1] = 0x00;
    const hash = sha512(buf);
    const candidate = decodePointQuick(hash.subarray(0, PT_LEN));
    if (candidate) return { point: candidate.clearCofactor(), ctr };
  }
  throw new Error("ECVRF try-and-increment found no point in 256 tries");
}

/** ECVRF_encode_to_curve for `suite`, salted with the public key string. */
export function encodeToCurve(suite: Suite, pkString: Uint8Array, alpha: Uint8Array): Point {
  if (suite === SUITE_TAI) return encodeToCurveTai(pkString, alpha).point;
  suiteByte(suite);
  return encodeToCurveEll2(concat(pkString, alpha), ELL2_DST).point;
}

const ELL2_DST = concat(
  new TextEncoder().encode("ECVRF_" + ELL2_H2C_SUITE_ID),
  Uint8Array.of(SUITE_STRING[SUITE_ELL2]),
);

/** The ELL2 domain separation tag: "ECVRF_" || h2c_suite_ID_string || suite_string. */
export function ell2Dst(): Uint8Array {
  return ELL2_DST.slice();
}

/** ECVRF_nonce_generation_RFC8032 (§5.4.2.2): k_string and k. */
export function nonceGeneration(
  prefix: Uint8Array,
  hString: Uint8Array,
): { kString: Uint8Array; k: bigint } {
  const kString = sha512(concat(prefix, hString));
  return { kString, k: leToInt(kString) % Q };
}

/** ECVRF_challenge_generation (§5.4.3) over (P1..P5) given as point strings. */
export function challengeGeneration(suite: Suite, points: Uint8Array[]): bigint {
  const str = concat(suiteByte(suite), Uint8Array.of(0x02), ...points, Uint8Array.of(0x00));
  return leToInt(sha512(str).subarray(0, C_LEN));
}

/** Every intermediate value of a proof, for tests against RFC 9381 Appendix B. */
export interface ProveTrace {
  x: bigint;
  publicKey: Uint8Array;
  H: Uint8Array;
  kString: Uint8Array;
  k: bigint;
  U: Uint8Array;
  V: Uint8Array;
  pi: Uint8Array;
  beta: Uint8Array;
}

/** A VRF secret key with its expansion cached: the service proves many times with one key. */
export class VrfSecretKey {
  readonly publicKey: Uint8Array;
  readonly #xModQ: bigint;
  readonly #x: bigint;
  readonly #prefix: Uint8Array;

  constructor(secretKey: Uint8Array) {
    const { x, xModQ, prefix } = expandSecret(secretKey);
    this.#x = x;
    this.#xModQ = xModQ;
    this.#prefix = prefix;
    // x*B is the RFC 8032 public key of the same secret: reuse one derived natively at start.
    this.publicKey = knownPublicKey(secretKey)?.slice() ?? pointToBytes(BASE.multiply(xModQ));
  }

  /** ECVRF_prove (§5.1): the 80-byte proof pi for `alpha`. */
  prove(alpha: Uint8Array, suite: Suite = SUITE_TAI): Uint8Array {
    return this.proveTrace(alpha, suite).pi;
  }

  /** ECVRF_prove with its intermediate values. */
  proveTrace(alpha: Uint8Array, suite: Suite = SUITE_TAI): ProveTrace {
    const Hp = encodeToCurve(suite, this.publicKey, alpha);
    const [H] = encodePoints([Hp]) as [Uint8Array];
    const { kString, k } = nonceGeneration(this.#prefix, H);
    // Gamma = x*H and V = k*H share one doubling chain; U = k*B uses the precomputed base.
    const [gamma, Vp] = mulSameBase(Hp, [this.#xModQ, k]) as [Point, Point];
    const [gammaString, U, V, gamma8] = encodePoints([
      gamma,
      BASE.multiply(k),
      Vp,
      gamma.clearCofactor(),
    ]) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
    const c = challengeGeneration(suite, [this.publicKey, H, gammaString, U, V]);
    const s = (k + c * this.#xModQ) % Q;
    const pi = concat(gammaString, intToLE(c, C_LEN), intToLE(s, Q_LEN));
    return {
      x: this.#x,
      publicKey: this.publicKey,
      H,
      kString,
      k,
      U,
      V,
      pi,
      beta: betaFromCleared(suite, gamma8),
    };
  }

  /** Never serialise the secret by accident. */
  toJSON(): { public_key: string } {
    return { public_key: toHex(this.publicKey) };
  }
}

/** ECVRF_prove (§5.1) with a raw 32-byte RFC 8032 secret key. */
export function prove(
  secretKey: Uint8Array,
  alpha: Uint8Array,
  suite: Suite = SUITE_TAI,
): Uint8Array {
  return new VrfSecretKey(secretKey).prove(alpha, suite);
}

/** ECVRF_decode_proof (§5.4.4): null-free result or the failure reason. */
export function decodeProof(
  pi: Uint8Array,
): { ok: true; proof: DecodedProof } | { ok: false; reason: VerifyFailureReason } {
  if (pi.length !== PROOF_LENGTH) return { ok: false, reason: VerifyFailure.ProofLength };
  const gamma = decodePoint(pi.subarray(0, PT_LEN));
  if (!gamma) return { ok: false, reason: VerifyFailure.GammaInvalid };
  const c = leToInt(pi.subarray(PT_LEN, PT_LEN + C_LEN));
  const s = leToInt(pi.subarray(PT_LEN + C_LEN, PROOF_LENGTH));
  if (s >= Q) return { ok: false, reason: VerifyFailure.ScalarOutOfRange };
  return { ok: true, proof: { gamma, c, s } };
}

/** Steps 4-5 of ECVRF_proof_to_hash, given point_to_string(cofactor * Gamma). */
function betaFromCleared(suite: Suite, gamma8String: Uint8Array): Uint8Array {
  return sha512(concat(suiteByte(suite), Uint8Array.of(0x03), gamma8String, Uint8Array.of(0x00)));
}

function gammaToHash(suite: Suite, gamma: Point): Uint8Array {
  return betaFromCleared(suite, pointToBytes(gamma.clearCofactor()));
}

/**
 * ECVRF_proof_to_hash (§5.2): beta (64 bytes) from a proof, or `null` when the proof does not
 * decode. It does not verify the proof: use `verify` for anything received from others.
 */
export function proofToHash(pi: Uint8Array, suite: Suite = SUITE_TAI): Uint8Array | null {
  const d = decodeProof(pi);
  return d.ok ? gammaToHash(suite, d.proof.gamma) : null;
}

/** ECVRF_validate_key (§5.4.5) on a public key string: the point, or the failure reason. */
export function validateKey(
  pkString: Uint8Array,
): { ok: true; point: Point } | { ok: false; reason: VerifyFailureReason } {
  if (pkString.length !== PT_LEN) return { ok: false, reason: VerifyFailure.PublicKeyLength };
  const Y = decodePoint(pkString);
  if (!Y) return { ok: false, reason: VerifyFailure.PublicKeyInvalid };
  if (isSmallOrder(Y)) return { ok: false, reason: VerifyFailure.PublicKeySmallOrder };
  return { ok: true, point: Y };
}

/**
 * ECVRF_verify (§5.3) with validate_key = TRUE: `{valid: true, beta}` or the reason it failed.
 * U = s*B - c*Y and V = s*H - c*Gamma are computed as double-scalar multiplications.
 */
export function verify(
  publicKey: Uint8Array,
  alpha: Uint8Array,
  pi: Uint8Array,
  suite: Suite = SUITE_TAI,
): VerifyResult {
  suiteByte(suite);
  const key = validateKey(publicKey);
  if (!key.ok) return { valid: false, reason: key.reason };
  const d = decodeProof(pi);
  if (!d.ok) return { valid: false, reason: d.reason };
  const { gamma, c, s } = d.proof;
  const Y = key.point;
  const H = encodeToCurve(suite, publicKey, alpha);
  // c < 2^128 < q and s < q, so neither scalar is reduced: U and V are exact even when Y or
  // Gamma carry a torsion component.
  const U = BASE.multiplyUnsafe(s).add(Y.negate().multiplyUnsafe(c));
  const V = mulAddUnsafe(Point, [H, gamma.negate()], [s, c]);
  const [hString, uString, vString, gamma8] = encodePoints([H, U, V, gamma.clearCofactor()]) as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ];
  const c2 = challengeGeneration(suite, [
    publicKey,
    hString,
    pi.subarray(0, PT_LEN),
    uString,
    vString,
  ]);
  if (c2 !== c) return { valid: false, reason: VerifyFailure.ChallengeMismatch };
  return { valid: true, beta: betaFromCleared(suite, gamma8) };
}

/** Parses a suite name (full RFC name, or `TAI` / `ELL2`, case-insensitive). */
export function parseSuite(name: string): Suite | null {
  const n = name.trim().toUpperCase();
  if (n === SUITE_TAI || n === "TAI" || n === "03" || n === "0X03") return SUITE_TAI;
  if (n === SUITE_ELL2 || n === "ELL2" || n === "04" || n === "0X04") return SUITE_ELL2;
  return null;
}
