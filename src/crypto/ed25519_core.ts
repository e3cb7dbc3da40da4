/**
 * Ed25519 identity (DESIGN.md §3) without its pure-JS engine: key ids, public keys derived
 * natively, and `Ed25519Signer`/`verifyEd25519`, which sign and verify with `@noble/curves`
 * once it is loaded. Importing `./ed25519.ts` loads it (what every program but the server
 * does); `serve` loads it with the first request that signs (`loadEd25519`), so its start
 * does not evaluate the curve library. Pure (no Deno APIs), so `rails/` can use it on Node.
 *
 * @example
 * ```ts
 * import { Ed25519Signer, loadEd25519, verifyEd25519 } from "./ed25519_core.ts";
 * await loadEd25519();
 * const signer = Ed25519Signer.generate();
 * const sig = signer.sign(new TextEncoder().encode("hi"));
 * verifyEd25519(signer.publicKey, new TextEncoder().encode("hi"), sig); // true
 * ```
 */
import type { ed25519 as Ed25519Engine } from "@noble/curves/ed25519.js";
import { fromBase64, sha256Hex, toBase64 } from "./hash.ts";

let engine: typeof Ed25519Engine | undefined;
let loading: Promise<void> | undefined;

/** Called by `./ed25519.ts` as it loads: from then on signing and verifying work. */
export function useEd25519Engine(e: typeof Ed25519Engine): void {
  engine = e;
}

/** Whether signing and verifying work now (the engine is loaded). */
export function ed25519Loaded(): boolean {
  return engine !== undefined;
}

/**
 * Loads the pure-JS engine (once; concurrent callers share the load, a failed load is tried
 * again by the next call). Code that may run before anything imported `./ed25519.ts` awaits
 * this before signing or verifying.
 */
export function loadEd25519(): Promise<void> {
  if (engine) return Promise.resolve();
  return loading ??= import("./ed25519.ts").then(() => {}, (err) => {
    loading = undefined;
    throw err;
  });
}

function ed(): typeof Ed25519Engine {
  if (!engine) {
    throw new Error("Ed25519 used before its engine loaded (await loadEd25519() first)");
  }
  return engine;
}

/** PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410), for WebCrypto. */
export const ED25519_PKCS8_PREFIX: readonly number[] = [
  0x30,
  0x2e,
  0x02,
  0x01,
  0x00,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x04,
  0x22,
  0x04,
  0x20,
];

// Public keys derived natively by `loadEd25519PublicKey`, by secret (checked against a copy of
// the secret, so a secret changed in place is derived again). The pure-JS derivation builds the
// base point's tables (~20 ms, ~10 MB) on first use; a server that loads its keys natively
// builds them on its first signature instead of at start.
const derived = new WeakMap<Uint8Array, { secret: Uint8Array; publicKey: Uint8Array }>();

/** The public key `loadEd25519PublicKey` derived for this secret, if any. */
export function knownPublicKey(secretKey: Uint8Array): Uint8Array | undefined {
  const d = derived.get(secretKey);
  if (!d || d.secret.length !== secretKey.length) return undefined;
  for (let i = 0; i < secretKey.length; i++) if (d.secret[i] !== secretKey[i]) return undefined;
  return d.publicKey;
}

/**
 * Derives the public key of a 32-byte secret with WebCrypto's native Ed25519 and remembers it
 * for `new Ed25519Signer(secret)` (and the ECVRF key, which RFC 9381 derives the same way).
 * Where WebCrypto lacks Ed25519, nothing is remembered and the pure-JS derivation is used.
 */
export async function loadEd25519PublicKey(secretKey: Uint8Array): Promise<void> {
  if (secretKey.length !== 32 || knownPublicKey(secretKey)) return;
  try {
    const key = await crypto.subtle.importKey(
      "pkcs8",
      new Uint8Array([...ED25519_PKCS8_PREFIX, ...secretKey]),
      { name: "Ed25519" },
      true,
      ["sign"],
    );
    const { x } = await crypto.subtle.exportKey("jwk", key);
    const publicKey = x ? fromBase64Url(x) : undefined;
    if (publicKey?.length === 32) derived.set(secretKey, { secret: secretKey.slice(), publicKey });
  } catch {
    // No native Ed25519 here: the signer derives the key itself.
  }
}

// Where the runtime has it (Deno), `Uint8Array.fromBase64`: `atob` would load its module at
// start. Node 20 (the SDK in rails/) takes the portable path.
const U8 = Uint8Array as unknown as {
  fromBase64?: (s: string, o: { alphabet: "base64url" }) => Uint8Array;
};

function fromBase64Url(s: string): Uint8Array {
  return typeof U8.fromBase64 === "function"
    ? U8.fromBase64(s, { alphabet: "base64url" })
    : fromBase64(s.replaceAll("-", "+").replaceAll("_", "/"));
}

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
    this.publicKey = knownPublicKey(secretKey)?.slice() ?? ed().getPublicKey(this.#secret);
    this.keyId = keyIdOf(this.publicKey);
  }

  /** Like the constructor, deriving the public key natively where WebCrypto can. */
  static async load(secretKey: Uint8Array): Promise<Ed25519Signer> {
    await loadEd25519PublicKey(secretKey);
    // Where WebCrypto lacks Ed25519, the pure-JS engine derives it.
    if (secretKey.length === 32 && !knownPublicKey(secretKey)) await loadEd25519();
    return new Ed25519Signer(secretKey);
  }

  static generate(): Ed25519Signer {
    return new Ed25519Signer(crypto.getRandomValues(new Uint8Array(32)));
  }

  sign(message: Uint8Array): Uint8Array {
    return ed().sign(message, this.#secret);
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
  // Outside the try: a missing engine is a bug to report, not a bad signature.
  const e = ed();
  try {
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    return e.verify(signature, message, publicKey);
  } catch {
    return false;
  }
}
