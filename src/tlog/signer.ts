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
import {
  ED25519_PKCS8_PREFIX,
  Ed25519Signer,
  knownPublicKey,
  loadEd25519,
  loadEd25519PublicKey,
} from "../crypto/ed25519_core.ts";

export interface NoteSigner {
  readonly publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array | Promise<Uint8Array>;
}

export async function logSigner(secret: Uint8Array): Promise<NoteSigner> {
  // The public key natively; the pure-JS engine loads with the first signature (or now, where
  // WebCrypto lacks Ed25519).
  await loadEd25519PublicKey(secret);
  if (!knownPublicKey(secret)) await loadEd25519();
  const js = new Ed25519Signer(secret);
  try {
    const key = await crypto.subtle.importKey(
      "pkcs8",
      new Uint8Array([...ED25519_PKCS8_PREFIX, ...secret]),
      { name: "Ed25519" },
      false,
      ["sign"],
    );
    const native = async (m: Uint8Array) =>
      new Uint8Array(await crypto.subtle.sign("Ed25519", key, new Uint8Array(m)));
    // The two signers are compared once, on the first signature rather than at start (the
    // pure-JS signer builds its tables on first use); if they disagree, the pure-JS one signs.
    let agree: Promise<boolean> | undefined;
    const check = async () => {
      const probe = new Uint8Array([1, 2, 3]);
      await loadEd25519();
      return (await native(probe)).join() === js.sign(probe).join();
    };
    return {
      publicKey: js.publicKey,
      sign: async (m) => (await (agree ??= check().catch(() => false))) ? native(m) : js.sign(m),
    };
  } catch {
    await loadEd25519();
    return js;
  }
}
