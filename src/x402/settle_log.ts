/**
 * The operator's log line for a settlement that did not pay: why (RPC unreachable, wrong chain,
 * reverted, expired, ...), in plain words, with the x402 reason and the transaction hash when
 * there is one. A wrapper around any `Settler`, so paid API routes and eSIM orders log alike.
 * Never logs the signature, the RPC URL or any key.
 *
 * @example
 * ```ts ignore
 * const settler = withSettleLog(localSettler, (line) => console.log(line));
 * ```
 */
import type { PreflightResult, SettleInput, SettleOutcome, Settler } from "./settle.ts";

/** Wraps `settler` so every refused or pending outcome writes one line to `log`. */
export function withSettleLog(settler: Settler, log: (line: string) => void): Settler {
  const report = (what: string, input: SettleInput, o: SettleOutcome): SettleOutcome => {
    if (!o.success) log(settleFailureLine(what, input, o));
    return o;
  };
  return {
    mode: settler.mode,
    // A pre-check the chain could not answer is the operator's problem (RPC down or wrong):
    // logged. A payer refused on the merits (no funds) is the payer's, and is not.
    preflight: settler.preflight
      ? async (input) => {
        const r = await settler.preflight!(input);
        if (!r.ok && r.unavailable) log(checkFailureLine(input, r));
        return r;
      }
      : undefined,
    settle: async (input) => report("settlement", input, await settler.settle(input)),
    reconcile: async (input, tx) =>
      report("settlement check", input, await settler.reconcile(input, tx)),
  };
}

/** One line: `settle_failed|settle_pending <why> ...`. Exported for tests. */
/** The log line of a payment pre-check the chain could not answer. */
export function checkFailureLine(
  input: SettleInput,
  r: Extract<PreflightResult, { ok: false }>,
): string {
  return settleFailureLine("payment check", input, {
    success: false,
    errorReason: r.reason,
    errorMessage: r.message,
    transaction: "",
    network: input.requirements.network,
    payer: input.payment.payload.authorization.from,
  } as SettleOutcome).replace(/^settle_failed /, "check_failed ");
}

export function settleFailureLine(what: string, input: SettleInput, o: SettleOutcome): string {
  const a = input.payment.payload.authorization;
  const reason = o.errorReason ?? "unknown";
  const parts = [
    o.pending ? "settle_pending" : "settle_failed",
    `${what} ${o.pending ? "not finished" : "failed"}: ${explain(reason, o.errorMessage)}`,
    `reason=${reason}`,
    `network=${input.requirements.network}`,
    `payer=${a.from}`,
    `amount=${input.requirements.amount}`,
  ];
  if (o.transaction) parts.push(`tx=${o.transaction}`);
  if (o.errorMessage) parts.push(`detail=${JSON.stringify(oneLine(o.errorMessage))}`);
  return parts.join(" ");
}

function explain(reason: string, message = ""): string {
  if (/serves chain \d+, terms need/i.test(message)) {
    return "wrong chain (RPC_URL serves another chain)";
  }
  if (
    /fetch failed|HTTP request failed|connect|ECONNREFUSED|timed? ?out|unreachable|cannot be reached|dns/i
      .test(
        message,
      )
  ) {
    return "RPC unreachable";
  }
  if (reason === "insufficient_funds") return "the payer's USDC balance is too low (reverted)";
  if (reason === "invalid_transaction_state") return "the authorization was already used";
  if (reason === "invalid_exact_evm_payload_authorization_valid_before") {
    return "the authorization expired";
  }
  if (reason === "invalid_exact_evm_payload_authorization_valid_after") {
    return "the authorization is not valid yet";
  }
  if (reason === "invalid_exact_evm_payload_signature") return "the signature was refused";
  if (reason === "invalid_exact_evm_transaction_failed") return "the transaction reverted";
  if (reason === "invalid_network") return "the network is not one this server settles on";
  if (reason === "settlement_pending") return "the transaction may still land";
  if (/insufficient funds for gas/i.test(message)) {
    return "the facilitator account has no gas (ETH) to send the transaction";
  }
  if (/revert/i.test(message)) return "reverted";
  return "the facilitator refused it";
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, " ").slice(0, 300);
}
