/**
 * The associated token account of an owner for a mint (the account a Solana Pay wallet pays
 * into): the program-derived address of (owner, token program, mint) under the associated token
 * account program, i.e. the first bump from 255 down whose SHA-256 hash is not an ed25519 point.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58Decode, base58Encode } from "../base58.ts";

export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const ATA_PROGRAM = "ATokenGPvbdGVxr1b1hxLyWvWxmMSH5WXAyNjBq5GKDb";
const PDA_MARKER = new TextEncoder().encode("ProgramDerivedAddress");

function onCurve(b: Uint8Array): boolean {
  try {
    ed25519.Point.fromBytes(b, true);
    return true;
  } catch {
    return false;
  }
}

export function associatedTokenAccount(owner: string, mint: string): string {
  const seeds = [owner, TOKEN_PROGRAM, mint].map((a) => base58Decode(a)!);
  const program = base58Decode(ATA_PROGRAM)!;
  for (let bump = 255; bump >= 0; bump--) {
    const h = sha256(
      new Uint8Array([...seeds.flatMap((s) => [...s]), bump, ...program, ...PDA_MARKER]),
    );
    if (!onCurve(h)) return base58Encode(h);
  }
  throw new Error("no associated token account address");
}
