/**
 * Signed free answers of the seller node (spec §4.3, DESIGN.md §7): the body is
 * `{success: true, result}` and `X-Provider-Signature` is the base64 Ed25519 signature over the
 * UTF-8 canonical JSON of `{capability_id, product_id, input_sha256, result}`, where
 * `input_sha256` is the hex SHA-256 of the canonical JSON of the parsed request body.
 *
 * @example
 * ```ts
 * import { signFreeAnswer, verifyFreeAnswer } from "./free_answer.ts";
 * import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
 * const signer = Ed25519Signer.generate();
 * const a = signFreeAnswer(signer, { capabilityId: "esim.quote@v1", productId: "p",
 *   input: { country: "US" }, result: { offers: [] } });
 * verifyFreeAnswer(signer.publicKey, { capabilityId: "esim.quote@v1", productId: "p",
 *   input: { country: "US" }, result: { offers: [] } }, a.signature); // true
 * ```
 */
import { canonicalJson } from "../../src/crypto/canonical.ts";
import { fromBase64, sha256Hex, toBase64 } from "../../src/crypto/hash.ts";
import { type Ed25519Signer, verifyEd25519 } from "../../src/crypto/ed25519.ts";

/** The response header carrying the signature. */
export { SIGNATURE_HEADER } from "./signature_header.ts";

export interface FreeAnswerParts {
  capabilityId: string;
  productId: string;
  /** The parsed request body (or its canonical JSON via `inputCanonical`). */
  input?: unknown;
  /** Canonical JSON of the input when already computed (saves a second pass). */
  inputCanonical?: string;
  result: unknown;
}

/** The exact bytes that are signed. */
export function signedBytes(parts: FreeAnswerParts): Uint8Array {
  const canonicalInput = parts.inputCanonical ?? canonicalJson(parts.input);
  return new TextEncoder().encode(canonicalJson({
    capability_id: parts.capabilityId,
    product_id: parts.productId,
    input_sha256: sha256Hex(canonicalInput),
    result: parts.result,
  }));
}

/** Body text and signature of a free answer. */
export function signFreeAnswer(
  signer: Ed25519Signer,
  parts: FreeAnswerParts,
): { body: string; signature: string } {
  return {
    body: JSON.stringify({ success: true, result: parts.result }),
    signature: toBase64(signer.sign(signedBytes(parts))),
  };
}

/** Checks a free answer's signature with the key published in the listing. */
export function verifyFreeAnswer(
  publicKey: Uint8Array,
  parts: FreeAnswerParts,
  signatureB64: string,
): boolean {
  let sig: Uint8Array;
  try {
    sig = fromBase64(signatureB64);
  } catch {
    return false;
  }
  return verifyEd25519(publicKey, signedBytes(parts), sig);
}
