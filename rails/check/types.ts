/**
 * Types of the conformance check (spec: eSIM rails §4.4): one result per check, in the fixed
 * order of `CHECKS`, and the report that ends with a conformance statement.
 *
 * @example
 * ```ts
 * import { CHECKS } from "./types.ts";
 * CHECKS.map((c) => c.name); // ["listing", "quote", "cheapest_first", ...]
 * ```
 */

/** What became of one check. `skip`: it could not run (the reason says why). */
export type Outcome = "pass" | "fail" | "warn" | "skip";

/** Stable names of the nine checks, in the order they run. */
export type CheckName =
  | "listing"
  | "quote"
  | "cheapest_first"
  | "signature"
  | "bad_input"
  | "unknown_status"
  | "unknown_offer"
  | "x402_terms"
  | "cors";

/** The checks in order: number (1-based), stable name, title for people. */
export const CHECKS: readonly { id: number; name: CheckName; title: string }[] = [
  { id: 1, name: "listing", title: "listing document" },
  { id: 2, name: "quote", title: "quote answer validity" },
  { id: 3, name: "cheapest_first", title: "cheapest first" },
  { id: 4, name: "signature", title: "signature with the listing key" },
  { id: 5, name: "bad_input", title: "bad input is 400" },
  { id: 6, name: "unknown_status", title: "unknown eSIM is 404 not_found" },
  { id: 7, name: "unknown_offer", title: "unknown offer is 400 before any price" },
  { id: 8, name: "x402_terms", title: "x402 terms on an unpaid order" },
  { id: 9, name: "cors", title: "CORS on the free routes" },
];

/** What was seen: the request, the answer's status, a header or a field (JSON pointer). */
export interface Evidence {
  /** The probe, e.g. `POST /quote` or `OPTIONS /status`. */
  request: string;
  /** HTTP status of the answer, when one came. */
  status?: number;
  /** A header name the finding is about. */
  header?: string;
  /** JSON pointer into the answer body (or into the decoded header, when `header` is set). */
  pointer?: string;
  /** What was found there (JSON text, shortened). */
  found?: string;
  /** What the contract expects there. */
  expected?: string;
}

/** The result of one check. */
export interface CheckResult {
  id: number;
  name: CheckName;
  title: string;
  outcome: Outcome;
  /** One sentence: why it passed, failed, warned or was skipped. */
  reason: string;
  evidence: Evidence[];
}

/** `conformant`: no failure and nothing skipped (warnings allowed). `inconclusive`: nothing
 * failed but a check could not run (e.g. no offer for the country). */
export type Verdict = "conformant" | "not_conformant" | "inconclusive";

/** The whole run. */
export interface Report {
  /** The seller node as given (normalised: no trailing slash). */
  target: string;
  country: string;
  checks: CheckResult[];
  verdict: Verdict;
  /** True when `verdict` is `conformant`. */
  conformant: boolean;
  /** The closing sentence, e.g. `conformant: esim.quote@v1, esim.status@v1, esim.order@v1 (x402 v2)`. */
  statement: string;
}

/** Options of `runConformance`. */
export interface ConformanceOptions {
  /** Two-letter country to quote (lowercase accepted; sent uppercase). */
  country: string;
  /** The fetch to use (default: the global fetch). */
  fetch?: typeof fetch;
  /** Per-request time limit in milliseconds, body included (default 10 000). */
  timeoutMs?: number;
}
