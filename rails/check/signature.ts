/**
 * Check 4, signature over the request-bound canonical form with the key from the listing: the
 * quote answer's `X-Provider-Signature` verifies (see `free_answer.ts`), and so does that of a
 * second quote with another input, so a signature that is not bound to the request (a fixed
 * `input_sha256`, say) shows. The status route signs
 * its answers too, but an order that cannot exist gets an unsigned 404, so the quote answer is
 * the free answer the check can verify.
 */
import { canonicalSha256 } from "../../src/crypto/hash.ts";
import { type FreeAnswer, PROVIDER_SIGNATURE_HEADER, verifyFreeAnswer } from "./free_answer.ts";
import { type Answer, at, type Probe, short } from "./_probe.ts";
import { result, type RunState, seen } from "./_result.ts";
import type { CheckResult } from "./types.ts";

/** The second quote of check 4: another input, so a signature not bound to it shows. */
export const SECOND_QUOTE_EXTRA = { min_days: 1 } as const;

/** Verifies one quote answer; a failing result, or null when the signature is good. */
function verifyQuote(state: RunState, a: Answer, input: unknown): CheckResult | null {
  const header = a.headers.get(PROVIDER_SIGNATURE_HEADER);
  const answer: FreeAnswer = {
    capabilityId: "esim.quote@v1",
    productId: state.productId!,
    input,
    result: at(a.json, "/result"),
  };
  const problem = verifyFreeAnswer(state.publicKey!, answer, header);
  if (!problem) return null;
  return result("signature", "fail", `${a.request} ${short(input)}: ${problem}`, [
    seen(a, {
      header: PROVIDER_SIGNATURE_HEADER,
      found: short(header ?? undefined, 100),
      expected: `Ed25519 by key ${state.keyId}, input_sha256 ${canonicalSha256(input)}`,
    }),
  ]);
}

/**
 * Runs check 4: the quote answer of check 2, then a second quote with another input
 * (`{country, min_days: 1}`), each verified with the key of check 1 over its own input.
 */
export async function checkSignature(probe: Probe, state: RunState): Promise<CheckResult> {
  if (!state.publicKey || state.productId === undefined) {
    return result(
      "signature",
      "skip",
      "needs the public key and product_id of the listing (check 1), which it did not give",
    );
  }
  const first = state.quoteAnswer;
  if (!first) {
    return result(
      "signature",
      "skip",
      "needs a quote answer with a result (check 2), which failed",
    );
  }
  const bad = verifyQuote(state, first, state.quoteInput);
  if (bad) return bad;
  const input = { country: state.country, ...SECOND_QUOTE_EXTRA };
  const second = await probe.send("POST", "/quote", { json: input });
  if (second.status !== 200 || at(second.json, "/success") !== true) {
    return result(
      "signature",
      "fail",
      `a second quote ${short(input)} answered ${second.status}, not a signed answer`,
      [seen(second, { found: short(second.isJson ? second.json : second.text), expected: "200" })],
    );
  }
  const bad2 = verifyQuote(state, second, input);
  if (bad2) return bad2;
  return result(
    "signature",
    "pass",
    `two quote answers are signed by key ${state.keyId}, each bound to its own request`,
    [seen(first, { header: PROVIDER_SIGNATURE_HEADER })],
  );
}
