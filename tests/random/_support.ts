/** Shared helpers for the fair-random tests: the RFC vectors and deterministic test data. */
import { sha512 } from "@noble/hashes/sha2.js";

export interface RfcVector {
  suite: "ECVRF-EDWARDS25519-SHA512-TAI" | "ECVRF-EDWARDS25519-SHA512-ELL2";
  example: number;
  sk: string;
  pk: string;
  alpha: string;
  pi: string;
  beta: string;
  intermediate: Record<string, string>;
}

const VECTORS_URL = new URL("./rfc9381_vectors.json", import.meta.url);

/** RFC 9381 Appendix B.3 (Examples 16-18, TAI) and B.4 (Examples 19-21, ELL2). */
export const RFC_VECTORS: RfcVector[] = JSON.parse(await Deno.readTextFile(VECTORS_URL));

/** Deterministic pseudo-random bytes: SHA-512 of a label, repeated with a counter. */
export function testBytes(label: string, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let filled = 0;
  for (let i = 0; filled < length; i++) {
    const block = sha512(new TextEncoder().encode(`${label}/${i}`));
    const take = Math.min(block.length, length - filled);
    out.set(block.subarray(0, take), filled);
    filled += take;
  }
  return out;
}
