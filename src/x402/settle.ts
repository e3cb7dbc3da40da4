/**
 * Settlement of a verified payment: the common interface of the in-process settler (our own
 * facilitator key calls USDC `transferWithAuthorization`) and the remote one (an x402
 * facilitator's `/verify` and `/settle`), and the choice between them from the environment.
 *
 * An outcome is one of: paid (`success: true`, with the transaction), refused (nothing was or
 * ever will be charged for this authorization by us), or `pending` (sent, outcome unknown: the
 * caller must keep the claim and withhold the result until a later check says paid).
 *
 * @example
 * ```ts
 * import { settlerFromEnv } from "./settle.ts";
 * const settler = await settlerFromEnv(Deno.env.toObject()); // undefined when not configured
 * ```
 */
import type { ParsedPayment } from "./encoding.ts";
import type { PaymentPayloadV2, PaymentRequirements, SettlementResponse } from "./types.ts";

/** What a settler needs: the verified payment and the terms it matched. */
export interface SettleInput {
  payment: ParsedPayment;
  requirements: PaymentRequirements;
}

/** A settlement outcome; the buyer-facing part is `SettlementResponse`. */
export interface SettleOutcome extends SettlementResponse {
  payer: string;
  /** True when the transaction may still land: keep the claim, withhold the result. */
  pending?: boolean;
  errorMessage?: string;
}

/** Outcome of a settler's pre-handler check; `unavailable` when the check could not be made. */
export type PreflightResult =
  | { ok: true }
  | { ok: false; reason: string; message: string; unavailable?: boolean };

/** A way to settle payments. */
export interface Settler {
  readonly mode: "local" | "remote";
  /** Optional check before the handler runs (the remote facilitator's `/verify`). */
  preflight?(input: SettleInput): Promise<PreflightResult>;
  /** Settles; never throws (errors become a refused or pending outcome). */
  settle(input: SettleInput): Promise<SettleOutcome>;
  /**
   * Looks again at a payment whose settlement was pending: a paid outcome when the chain shows
   * the transfer to us, `pending` while it may still land, refused when it never can.
   */
  reconcile(input: SettleInput, transaction?: string): Promise<SettleOutcome>;
}

/** The payment as the facilitator API wants it: always a v2 payload carrying `accepted`. */
export function toV2Payload(input: SettleInput): PaymentPayloadV2 {
  if (input.payment.x402Version === 2) return input.payment.raw as PaymentPayloadV2;
  return { x402Version: 2, accepted: input.requirements, payload: input.payment.payload };
}

/** A refused outcome. */
export function refused(
  input: SettleInput,
  errorReason: string,
  errorMessage?: string,
): SettleOutcome {
  return {
    success: false,
    transaction: "",
    network: input.requirements.network,
    payer: input.payment.payload.authorization.from,
    errorReason,
    ...(errorMessage ? { errorMessage } : {}),
  };
}

/** A pending outcome (sent; may still land). */
export function pending(
  input: SettleInput,
  transaction = "",
  errorMessage?: string,
): SettleOutcome {
  return {
    ...refused(input, "settlement_pending", errorMessage),
    transaction,
    pending: true,
  };
}

/** A paid outcome. */
export function paid(input: SettleInput, transaction: string): SettleOutcome {
  return {
    success: true,
    transaction,
    network: input.requirements.network,
    payer: input.payment.payload.authorization.from,
  };
}

/** The buyer-facing `PAYMENT-RESPONSE` of an outcome (no internal messages). */
export function settlementResponse(o: SettleOutcome): SettlementResponse {
  return {
    success: o.success,
    transaction: o.transaction,
    network: o.network,
    payer: o.payer,
    ...(o.errorReason ? { errorReason: o.errorReason } : {}),
  };
}

/**
 * Builds the settler the environment asks for: `FACILITATOR_URL` (remote), or
 * `FACILITATOR_KEY_FILE` + `RPC_URL` (in-process). Undefined when neither is set.
 */
export async function settlerFromEnv(
  env: Record<string, string | undefined>,
): Promise<Settler | undefined> {
  if (env.FACILITATOR_URL) {
    const { RemoteSettler } = await import("./settle_remote.ts");
    return new RemoteSettler({ url: env.FACILITATOR_URL });
  }
  if (env.FACILITATOR_KEY_FILE && env.RPC_URL) {
    const { readKeyFile } = await import("../crypto/key_file.ts");
    const { LocalSettler } = await import("./settle_local.ts");
    return new LocalSettler({
      privateKey: await readKeyFile(env.FACILITATOR_KEY_FILE),
      rpcUrl: env.RPC_URL,
    });
  }
  return undefined;
}
