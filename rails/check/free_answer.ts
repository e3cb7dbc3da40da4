/**
 * Verification of a free answer (spec §4.3): `X-Provider-Signature` is base64
 * of an Ed25519 signature over the UTF-8 canonical JSON of `{capability_id, product_id,
 * input_sha256, result}`, where `input_sha256` is the hex SHA-256 of the canonical JSON of the
 * request body, made with the key published in the listing.
 */
import { canonicalBytes } from "../../src/crypto/canonical.ts";
import { canonicalSha256, fromBase64 } from "../../src/crypto/hash.ts";
import { verifyEd25519 } from "../../src/crypto/ed25519.ts";

/** The header that carries the signature of a free answer. */
export const PROVIDER_SIGNATURE_HEADER = "X-Provider-Signature";

/** What a free answer's signature covers. */
export interface FreeAnswer {
  capabilityId: string;
  productId: string;
  /** The request body as sent (parsed JSON). */
  input: unknown;
  /** The `result` of the answer body. */
  result: unknown;
}

/** The exact bytes a free answer's signature covers. */
export function freeAnswerMessage(a: FreeAnswer): Uint8Array {
  return canonicalBytes({
    capability_id: a.capabilityId,
    product_id: a.productId,
    input_sha256: canonicalSha256(a.input),
    result: a.result,
  });
}

/**
 * Verifies the `X-Provider-Signature` of a free answer with the listing's raw public key.
 * Returns why it does not verify, or `null` when it does.
 *
 * @example
 * ```ts
 * import { verifyFreeAnswer } from "./free_answer.ts";
 * import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
 * import { toBase64 } from "../../src/crypto/hash.ts";
 * import { freeAnswerMessage } from "./free_answer.ts";
 * const signer = Ed25519Signer.generate();
 * const a = { capabilityId: "esim.quote@v1", productId: "p", input: { country: "US" }, result: {} };
 * verifyFreeAnswer(signer.publicKey, a, toBase64(signer.sign(freeAnswerMessage(a)))); // null
 * ```
 */
export function verifyFreeAnswer(
  publicKey: Uint8Array,
  answer: FreeAnswer,
  signatureB64: string | null,
): string | null {
  if (signatureB64 === null || signatureB64.trim() === "") {
    return `there is no ${PROVIDER_SIGNATURE_HEADER} header`;
  }
  let sig: Uint8Array;
  try {
    sig = fromBase64(signatureB64.trim());
  } catch {
    return `${PROVIDER_SIGNATURE_HEADER} is not base64`;
  }
  if (sig.length !== 64) {
    return `${PROVIDER_SIGNATURE_HEADER} decodes to ${sig.length} bytes; an Ed25519 signature is 64`;
  }
  if (!verifyEd25519(publicKey, freeAnswerMessage(answer), sig)) {
    return `${PROVIDER_SIGNATURE_HEADER} does not verify with the listing key over the canonical {capability_id, product_id, input_sha256, result}`;
  }
  return null;
}
