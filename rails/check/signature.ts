/**
 * Check 4, signature over the request-bound canonical form with the key from the listing: the
 * quote answer's `X-Provider-Signature` verifies (see `free_answer.ts`). The status route signs
 * its answers too, but an order that cannot exist gets an unsigned 404, so the quote answer is
 * the free answer the check can verify.
 */
import { canonicalSha256 } from "../../src/crypto/hash.ts";
import { type FreeAnswer, PROVIDER_SIGNATURE_HEADER, verifyFreeAnswer } from "./free_answer.ts";
import { at, short } from "./_probe.ts";
import { result, type RunState, seen } from "./_result.ts";
import type { CheckResult } from "./types.ts";

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
