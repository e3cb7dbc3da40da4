/**
 * The conformance check of a seller node (spec: eSIM rails §4.4), as an SDK function. Web APIs
 * only; runs on Deno and Node 20+.
 *
 * @example
 * ```ts
 * import { formatReport, runConformance } from "./mod.ts";
 * // const report = await runConformance("https://node.example", { country: "US", timeoutMs: 5000 });
 * // console.log(formatReport(report));
 * // report.conformant; // true when nothing failed and nothing was skipped
 * ```
 */
export { DEFAULT_CHECK_TIMEOUT_MS, normaliseNodeUrl, runConformance } from "./run.ts";
export { formatEvidence, formatReport } from "./format.ts";
export {
  type FreeAnswer,
  freeAnswerMessage,
  PROVIDER_SIGNATURE_HEADER,
  verifyFreeAnswer,
} from "./free_answer.ts";
export { compareOffers, type OfferKey } from "./offer_order.ts";
export {
  type CheckName,
  type CheckResult,
  CHECKS,
  type ConformanceOptions,
  type Evidence,
  type Outcome,
  type Report,
  type Verdict,
} from "./types.ts";
