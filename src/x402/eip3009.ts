/**
 * EIP-712 digest of an EIP-3009 `TransferWithAuthorization` and ECDSA signer recovery, written
 * directly on keccak-256 and secp256k1 (noble) so the paywall's hot path does no generic
 * typed-data encoding. Tests cross-check the digest against viem's `hashTypedData`. Pure.
 *
 * @example
 * ```ts
 * import { authorizationDigest, recoverSigner, splitSignature } from "./eip3009.ts";
 * import { BASE_SEPOLIA, usdcDomain } from "./constants.ts";
 * // The example payment of the x402 specification, made on Base Sepolia.
 * const auth = {
 *   from: "0x857b06519E91e3A54538791bDbb0E22373e36b66",
 *   to: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
 *   value: "10000",
 *   validAfter: "1740672089",
 *   validBefore: "1740672154",
 *   nonce: "0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480",
 * } as const;
 * const sig = splitSignature("0x2d6a7588d6acca505cbf0d9a4a227e0c52c6c34008c8e8986a1283259764173608a2ce6496642e377d6da8dbbf5836e9bd15092f9ecab05ded3d6293af148b571c");
 * if (!sig.ok) throw new Error(sig.problem);
 * const signer = recoverSigner(authorizationDigest(usdcDomain(BASE_SEPOLIA), auth), sig);
 * if (signer !== auth.from.toLowerCase()) throw new Error("not the payer");
 * ```
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import type { Eip712Domain } from "./constants.ts";
import type { Authorization } from "./types.ts";

export { checksumAddress } from "./address.ts";

const enc = new TextEncoder();
const DOMAIN_TYPEHASH = keccak_256(
  enc.encode("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
);
const TRANSFER_TYPEHASH = keccak_256(
  enc.encode(
    "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)",
  ),
);

/** secp256k1 group order and half of it (the low-s bound, as on chain). */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_N = N >> 1n;

function hexInto(out: Uint8Array, offset: number, hex: string, bytes: number): void {
  const h = hex.startsWith("0x") || hex.startsWith("0X") ? hex.slice(2) : hex;
  const pad = bytes * 2 - h.length;
  for (let i = 0; i < bytes; i++) {
    const j = i * 2 - pad;
    const hi = j >= 0 ? parseInt(h[j]!, 16) : 0;
    const lo = j + 1 >= 0 ? parseInt(h[j + 1]!, 16) : 0;
    out[offset + i] = (hi << 4) | lo;
  }
}

function uintInto(out: Uint8Array, offset: number, value: bigint): void {
  let v = value;
  for (let i = 31; i >= 0; i--) {
    out[offset + i] = Number(v & 0xffn);
    v >>= 8n;
  }
}

const separatorCache = new Map<string, Uint8Array>();

/** The EIP-712 domain separator of a token domain (memoised). */
export function domainSeparator(domain: Eip712Domain): Uint8Array {
  const key =
    `${domain.name}\0${domain.version}\0${domain.chainId}\0${domain.verifyingContract.toLowerCase()}`;
  const hit = separatorCache.get(key);
  if (hit) return hit;
  const buf = new Uint8Array(32 * 5);
  buf.set(DOMAIN_TYPEHASH, 0);
  buf.set(keccak_256(enc.encode(domain.name)), 32);
  buf.set(keccak_256(enc.encode(domain.version)), 64);
  uintInto(buf, 96, BigInt(domain.chainId));
  hexInto(buf, 128 + 12, domain.verifyingContract, 20);
  const sep = keccak_256(buf);
  if (separatorCache.size < 256) separatorCache.set(key, sep);
  return sep;
}

/** The EIP-712 digest the payer signs for `transferWithAuthorization` under `domain`. */
export function authorizationDigest(domain: Eip712Domain, a: Authorization): Uint8Array {
  const s = new Uint8Array(32 * 7);
  s.set(TRANSFER_TYPEHASH, 0);
  hexInto(s, 32 + 12, a.from, 20);
  hexInto(s, 64 + 12, a.to, 20);
  uintInto(s, 96, BigInt(a.value));
  uintInto(s, 128, BigInt(a.validAfter));
  uintInto(s, 160, BigInt(a.validBefore));
  hexInto(s, 192, a.nonce, 32);
  const m = new Uint8Array(66);
  m[0] = 0x19;
  m[1] = 0x01;
  m.set(domainSeparator(domain), 2);
  m.set(keccak_256(s), 34);
  return keccak_256(m);
}

/** A 65-byte signature split into r, s, v. */
export interface SplitSignature {
  ok: true;
  r: bigint;
  s: bigint;
  v: 27 | 28;
  compact: Uint8Array;
}

/** Why a signature is not a usable EOA signature. */
export type SignatureProblem =
  | "not_hex"
  | "smart_wallet"
  | "erc6492"
  | "wrong_length"
  | "bad_v"
  | "high_s"
  | "zero_r_or_s";

/** ERC-6492 magic suffix: a counterfactual smart-wallet signature. */
const ERC6492_SUFFIX = "6492649264926492649264926492649264926492649264926492649264926492";

/**
 * Splits a 0x-hex signature into r, s, v, refusing anything the token contract would refuse:
 * not 65 bytes, `v` not 27/28, high `s`, zero r or s. Longer signatures are reported as smart
 * wallet (ERC-1271) or ERC-6492 signatures, which cannot be checked offline.
 */
export function splitSignature(
  hex: string,
): SplitSignature | { ok: false; problem: SignatureProblem } {
  if (!/^0x[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) {
    return { ok: false, problem: "not_hex" };
  }
  const body = hex.slice(2);
  if (body.length > 130) {
    return {
      ok: false,
      problem: body.toLowerCase().endsWith(ERC6492_SUFFIX) ? "erc6492" : "smart_wallet",
    };
  }
  if (body.length !== 130) return { ok: false, problem: "wrong_length" };
  const r = BigInt("0x" + body.slice(0, 64));
  const s = BigInt("0x" + body.slice(64, 128));
  const v = parseInt(body.slice(128, 130), 16);
  if (v !== 27 && v !== 28) return { ok: false, problem: "bad_v" };
  if (r === 0n || s === 0n || r >= N) return { ok: false, problem: "zero_r_or_s" };
  if (s > HALF_N) return { ok: false, problem: "high_s" };
  const compact = new Uint8Array(64);
  hexInto(compact, 0, body.slice(0, 128), 64);
  return { ok: true, r, s, v, compact };
}

/** Recovers the signer's address (lowercase 0x-hex) of `digest`, or null when impossible. */
export function recoverSigner(digest: Uint8Array, sig: SplitSignature): `0x${string}` | null {
  try {
    const point = secp256k1.Signature.fromBytes(sig.compact, "compact")
      .addRecoveryBit(sig.v - 27)
      .recoverPublicKey(digest);
    const pub = point.toBytes(false);
    const h = keccak_256(pub.subarray(1));
    let out = "0x";
    for (let i = 12; i < 32; i++) out += h[i]!.toString(16).padStart(2, "0");
    return out as `0x${string}`;
  } catch {
    return null;
  }
}
