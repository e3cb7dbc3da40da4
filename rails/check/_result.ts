/**
 * Building check results, and the state one run shares between its checks (what the listing
 * and the quote gave, so later checks can use them or say why they cannot run).
 */
import { type CheckName, type CheckResult, CHECKS, type Evidence, type Outcome } from "./types.ts";
import type { Answer } from "./_probe.ts";
import type { OfferKey } from "./offer_order.ts";

/** A result for check `name`. */
export function result(
  name: CheckName,
  outcome: Outcome,
  reason: string,
  evidence: Evidence[] = [],
): CheckResult {
  const c = CHECKS.find((c) => c.name === name)!;
  return { id: c.id, name, title: c.title, outcome, reason, evidence };
}

/** Evidence of an answer, with optional details. */
export function seen(answer: Answer, more: Omit<Evidence, "request" | "status"> = {}): Evidence {
  return { request: answer.request, status: answer.status, ...more };
}

/** What earlier checks learned. */
export interface RunState {
  country: string;
  /** From the listing, when it carries them (even if the listing failed its schema). */
  publicKey?: Uint8Array;
  keyId?: string;
  productId?: string;
  /** The listing's `demo` flag (true only when the listing says so). */
  demo: boolean;
  /** The listing's `x402.pay_to`, when it is a string. */
  payTo?: string;
  /** The quote probe's input and answer, when it was a JSON answer. */
  quoteInput?: unknown;
  quoteAnswer?: Answer;
  /** The offers, when check 2 passed (or warned). */
  offers?: OfferKey[];
}
