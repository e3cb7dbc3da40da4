/**
 * Base58 (the Bitcoin alphabet) as TRON and Solana write addresses, and TRON's base58check
 * (version byte 0x41, four bytes of double SHA-256). Small enough to keep here rather than
 * pull a dependency into the runtime.
 */
import { sha256 } from "../crypto/hash.ts";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

export function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = "1" + out;
  }
  return out;
}

/** The bytes of a base58 string, or null when it holds a character outside the alphabet. */
export function base58Decode(s: string): Uint8Array | null {
  let n = 0n;
  for (const c of s) {
    const v = INDEX.get(c);
    if (v === undefined) return null;
    n = n * 58n + BigInt(v);
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n % 256n));
    n /= 256n;
  }
  let zeros = 0;
  while (s[zeros] === "1") zeros++;
  return new Uint8Array([...new Array(zeros).fill(0), ...body]);
}

/** A Solana public key (32 bytes, base58), e.g. an owner address, a mint or a reference. */
export function isSolanaAddress(s: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(s) && base58Decode(s)?.length === 32;
}

/** The 21 bytes (0x41 + 20) of a TRON base58check address, or null when it is not one. */
export function tronAddressBytes(s: string): Uint8Array | null {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(s)) return null;
  const raw = base58Decode(s);
  if (!raw || raw.length !== 25 || raw[0] !== 0x41) return null;
  const body = raw.subarray(0, 21);
  const check = sha256(sha256(body)).subarray(0, 4);
  return check.every((b, i) => b === raw[21 + i]) ? body : null;
}

/** The base58check TRON address of 21 bytes (0x41 + the 20-byte account). */
export function tronAddress(bytes21: Uint8Array): string {
  const check = sha256(sha256(bytes21)).subarray(0, 4);
  return base58Encode(new Uint8Array([...bytes21, ...check]));
}

/** `0x` + the 20 account bytes of a TRON address, as TronGrid's event results write them. */
export function tronHex20(s: string): string | null {
  const b = tronAddressBytes(s);
  return b
    ? "0x" + Array.from(b.subarray(1), (x) => x.toString(16).padStart(2, "0")).join("")
    : null;
}
