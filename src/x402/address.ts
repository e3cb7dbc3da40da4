/**
 * EIP-55 checksummed addresses (keccak-256 only: the paywall names payers with it without
 * loading the secp256k1 code that verification needs).
 *
 * @example
 * ```ts
 * import { checksumAddress } from "./address.ts";
 * checksumAddress("0x857b06519e91e3a54538791bdbb0e22373e36b66"); // "0x857b06519E91e3A54538791bDbb0E22373e36b66"
 * ```
 */
import { keccak_256 } from "@noble/hashes/sha3.js";

/**
 * The EIP-55 mixed-case form of a 0x-prefixed 20-byte hex address (already validated): each
 * letter is upper case where the matching nibble of keccak-256(lowercase hex) is 8 or more.
 */
export function checksumAddress(address: string): `0x${string}` {
  const lower = address.slice(2).toLowerCase();
  const h = keccak_256(new TextEncoder().encode(lower));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const nibble = (h[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out as `0x${string}`;
}
