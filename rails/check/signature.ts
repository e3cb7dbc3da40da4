/**
 * Check 4 and the verification of a free answer (spec §4.3): `X-Provider-Signature` is base64
 * of an Ed25519 signature over the UTF-8 canonical JSON of `{capability_id, product_id,
 * input_sha256, result}`, where `input_sha256` is the hex SHA-256 of the canonical JSON of the
 * request body, made with the key published in the listing.
 */
import { canonicalBytes } from "../../src/crypto/canonical.ts";
import { canonicalSha256, fromBase64 } from "../../src/crypto/hash.ts";
import { verifyEd25519 } from "../../src/crypto/ed25519.ts";
import { at, short } from "./_probe.ts";
import { result, type RunState, seen } from "./_result.ts";
import type { CheckResult } from "./types.ts";

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
 * import { verifyFreeAnswer } from "./signature.ts";
 * import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
 * import { toBase64 } from "../../src/crypto/hash.ts";
 * import { freeAnswerMessage } from "./signature.ts";
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

/** Runs check 4 on the quote answer of check 2 with the key of check 1. */
export function checkSignature(state: RunState): CheckResult {
  if (!state.publicKey || state.productId === undefined) {
    return result(
      "signature",
      "skip",
      "needs the public key and product_id of the listing (check 1), which it did not give",
    );
  }
  const a = state.quoteAnswer;
  if (!a) {
    return result(
      "signature",
      "skip",
      "needs a quote answer with a result (check 2), which failed",
    );
  }
  const header = a.headers.get(PROVIDER_SIGNATURE_HEADER);
  const answer: FreeAnswer = {
    capabilityId: "esim.quote@v1",
    productId: state.productId,
    input: state.quoteInput,
    result: at(a.json, "/result"),
  };
  const problem = verifyFreeAnswer(state.publicKey, answer, header);
  if (problem) {
    return result("signature", "fail", problem, [
      seen(a, {
        header: PROVIDER_SIGNATURE_HEADER,
        found: short(header ?? undefined, 100),
        expected: `Ed25519 by key ${state.keyId}, input_sha256 ${
          canonicalSha256(state.quoteInput)
        }`,
      }),
    ]);
  }
  return result(
    "signature",
    "pass",
    `the quote answer is signed by key ${state.keyId} over the request-bound canonical form`,
    [seen(a, { header: PROVIDER_SIGNATURE_HEADER })],
  );
}
