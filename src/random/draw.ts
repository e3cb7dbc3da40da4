/**
 * A fair-random draw (DESIGN.md §6): the ECVRF proof over alpha = the UTF-8 bytes of `seed`,
 * its output beta, and the first `num_bytes` of beta. The endpoint and the offline CLI both
 * build their JSON here, so they print the same thing. Pure (no Deno APIs).
 *
 * @example
 * ```ts
 * import { draw, verifyDraw } from "./draw.ts";
 * import { VrfKey } from "./keys.ts";
 * const key = VrfKey.generate();
 * const r = draw(key, "lottery 2026-11-21", 8);
 * const again = verifyDraw(key.publicKey, "lottery 2026-11-21", r.proof, 8);
 * // again.valid === true && again.result.output === r.output
 * ```
 */
import { keyIdOf } from "../crypto/ed25519.ts";
import { fromHex, sha256Hex, toHex } from "../crypto/hash.ts";
import {
  BETA_LENGTH,
  proofToHash,
  type Suite,
  SUITE_TAI,
  verify,
  type VerifyFailureReason,
} from "./ecvrf.ts";
import type { VrfKey } from "./keys.ts";

/** Largest seed, in UTF-8 bytes. */
export const MAX_SEED_BYTES = 4096;
export const MIN_NUM_BYTES = 1;
export const MAX_NUM_BYTES = BETA_LENGTH;
export const DEFAULT_NUM_BYTES = 32;

export interface DrawResult {
  suite: Suite;
  public_key: string;
  key_id: string;
  /** Hex SHA-256 of the UTF-8 bytes of the seed. */
  seed_sha256: string;
  /** The 80-byte ECVRF proof pi, hex. */
  proof: string;
  /** The 64-byte ECVRF output beta = ECVRF_proof_to_hash(pi), hex. */
  beta: string;
  /** The first `num_bytes` bytes of beta, hex. */
  output: string;
  num_bytes: number;
}

/** Why a seed is not acceptable, or null. The seed is alpha, so it must be exact Unicode. */
export function seedProblem(seed: string): string | null {
  if (!seed.isWellFormed()) {
    return "'seed' contains a lone surrogate; send valid Unicode text";
  }
  const n = new TextEncoder().encode(seed).length;
  if (n > MAX_SEED_BYTES) {
    return `'seed' is ${n} bytes in UTF-8; the limit is ${MAX_SEED_BYTES} bytes`;
  }
  return null;
}

/** True for an integer in 1..64. */
export function isValidNumBytes(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= MIN_NUM_BYTES &&
    n <= MAX_NUM_BYTES;
}

function result(
  suite: Suite,
  publicKey: Uint8Array,
  alpha: Uint8Array,
  pi: Uint8Array,
  beta: Uint8Array,
  numBytes: number,
): DrawResult {
  return {
    suite,
    public_key: toHex(publicKey),
    key_id: keyIdOf(publicKey),
    seed_sha256: sha256Hex(alpha),
    proof: toHex(pi),
    beta: toHex(beta),
    output: toHex(beta.subarray(0, numBytes)),
    num_bytes: numBytes,
  };
}

/** Draws `numBytes` verifiable random bytes bound to `seed`. Same key and seed, same output. */
export function draw(key: VrfKey, seed: string, numBytes = DEFAULT_NUM_BYTES): DrawResult {
  const problem = seedProblem(seed);
  if (problem) throw new RangeError(problem);
  if (!isValidNumBytes(numBytes)) throw new RangeError("num_bytes must be an integer in 1..64");
  const alpha = new TextEncoder().encode(seed);
  const pi = key.prove(alpha);
  const beta = proofToHash(pi, key.suite);
  if (!beta) throw new Error("ECVRF produced a proof that does not decode");
  return result(key.suite, key.publicKey, alpha, pi, beta, numBytes);
}

export type VerifyDrawResult =
  | { valid: true; result: DrawResult }
  | { valid: false; reason: VerifyFailureReason };

/**
 * Checks a draw offline: ECVRF_verify(public key, UTF-8(seed), proof) and, when valid, the
 * same result object the endpoint returned. `proof` is hex or bytes.
 */
export function verifyDraw(
  publicKey: Uint8Array,
  seed: string,
  proof: string | Uint8Array,
  numBytes = DEFAULT_NUM_BYTES,
  suite: Suite = SUITE_TAI,
): VerifyDrawResult {
  const problem = seedProblem(seed);
  if (problem) throw new RangeError(problem);
  if (!isValidNumBytes(numBytes)) throw new RangeError("num_bytes must be an integer in 1..64");
  const pi = typeof proof === "string" ? fromHex(proof) : proof;
  const alpha = new TextEncoder().encode(seed);
  const v = verify(publicKey, alpha, pi, suite);
  if (!v.valid) return v;
  return { valid: true, result: result(suite, publicKey, alpha, pi, v.beta, numBytes) };
}
