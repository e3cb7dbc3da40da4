/**
 * The log key as a signer. Ed25519 is deterministic, so WebCrypto's native Ed25519 (much
 * faster than the pure-JS signer on a busy server) gives the same signatures; where WebCrypto
 * lacks Ed25519, the pure-JS signer is used.
 *
 * @example
 * ```ts
 * import { logSigner } from "./signer.ts";
 * const s = await logSigner(new Uint8Array(32).fill(7));
 * (await s.sign(new Uint8Array([1]))).length; // 64
 * ```
 */
import { Ed25519Signer } from "../crypto/ed25519.ts";

export interface NoteSigner {
  readonly publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array | Promise<Uint8Array>;
}

/** PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410). */
const PKCS8_PREFIX = [
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

export async function logSigner(secret: Uint8Array): Promise<NoteSigner> {
  const js = new Ed25519Signer(secret);
  try {
    const key = await crypto.subtle.importKey(
      "pkcs8",
      new Uint8Array([...PKCS8_PREFIX, ...secret]),
      { name: "Ed25519" },
      false,
      ["sign"],
    );
    const probe = new Uint8Array([1, 2, 3]);
    const native = new Uint8Array(await crypto.subtle.sign("Ed25519", key, probe));
    if (native.join() !== js.sign(probe).join()) throw new Error("signers disagree");
    return {
      publicKey: js.publicKey,
      sign: async (m) =>
        new Uint8Array(await crypto.subtle.sign("Ed25519", key, new Uint8Array(m))),
    };
  } catch {
    return js;
  }
}
