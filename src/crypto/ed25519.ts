/**
 * Ed25519 identity: signs free answers, receipts and transparency records (DESIGN.md §3).
 * Pure (no Deno APIs), so the SDK in `rails/` can use it on Node too.
 *
 * @example
 * ```ts
 * import { Ed25519Signer, verifyEd25519 } from "./ed25519.ts";
 * const signer = Ed25519Signer.generate();
 * const sig = signer.sign(new TextEncoder().encode("hi"));
 * verifyEd25519(signer.publicKey, new TextEncoder().encode("hi"), sig); // true
 * ```
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256Hex, toBase64 } from "./hash.ts";

/** `key_id`: the first 16 hex characters of SHA-256 of the raw public key. */
export function keyIdOf(publicKey: Uint8Array): string {
  return sha256Hex(publicKey).slice(0, 16);
}

export class Ed25519Signer {
  readonly publicKey: Uint8Array;
  readonly keyId: string;
  readonly #secret: Uint8Array;

  constructor(secretKey: Uint8Array) {
    if (secretKey.length !== 32) throw new RangeError("An Ed25519 secret key is 32 bytes");
    this.#secret = secretKey.slice();
    this.publicKey = ed25519.getPublicKey(this.#secret);
    this.keyId = keyIdOf(this.publicKey);
  }

  static generate(): Ed25519Signer {
    return new Ed25519Signer(crypto.getRandomValues(new Uint8Array(32)));
  }

  sign(message: Uint8Array): Uint8Array {
    return ed25519.sign(message, this.#secret);
  }

  /** The public key as published: `{alg, key (base64 raw), key_id}`. */
  publicJwk(): { alg: "Ed25519"; key: string; key_id: string } {
    return { alg: "Ed25519", key: toBase64(this.publicKey), key_id: this.keyId };
  }

  /** Never serialise the secret by accident. */
  toJSON(): { alg: "Ed25519"; key: string; key_id: string } {
    return this.publicJwk();
  }
}

/** Verifies an Ed25519 signature; false for any malformed input instead of throwing. */
export function verifyEd25519(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  try {
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    return ed25519.verify(signature, message, publicKey);
  } catch {
    return false;
  }
}
