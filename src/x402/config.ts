/**
 * Builds the paywall's dependencies from the environment (DESIGN.md §1): `PAY_TO_EVM`,
 * `FACILITATOR_URL`, or `FACILITATOR_KEY_FILE` + `RPC_URL`. Missing settings leave the paid
 * routes answering 503 `payment_not_configured`; `describePayments` gives the start banner line.
 *
 * @example
 * ```ts ignore
 * import { paywallFromEnv, describePayments } from "./config.ts";
 * const deps = await paywallFromEnv(Deno.env.toObject(), { claims: store.claims, signer, limitPayer });
 * console.log(describePayments(deps));
 * ```
 */
import type { Ed25519Signer } from "../crypto/ed25519.ts";
import type { ClaimStore } from "./claims.ts";
import { KnownPayers } from "./known_payers.ts";
import type { PaywallDeps } from "./paywall.ts";
import { type Settler, settlerFromEnv } from "./settle.ts";
import { lazyLocalSettler } from "./settle_lazy.ts";
import { RemoteSettler } from "./settle_remote.ts";
import { BASE } from "./constants.ts";
import { networkByCaip, networkOf, type X402NetworkInfo } from "./networks.ts";

/** A configuration problem, reported at start-up (never at request time). */
export class PaymentConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(message);
    this.name = "PaymentConfigError";
  }
}

/** Reads and checks the payment settings; throws `PaymentConfigError` for malformed values. */
export async function paywallFromEnv(
  env: Record<string, string | undefined>,
  base: {
    claims: ClaimStore;
    signer: Ed25519Signer;
    limitPayer?: PaywallDeps["limitPayer"];
    publicOrigin?: string;
  },
): Promise<PaywallDeps> {
  const payTo = env.PAY_TO_EVM?.trim() || undefined;
  if (payTo !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(payTo)) {
    throw new PaymentConfigError(
      "PAY_TO_EVM",
      `PAY_TO_EVM '${payTo}' is not a 0x-prefixed 20-byte address`,
    );
  }
  if (env.FACILITATOR_URL) {
    try {
      const u = new URL(env.FACILITATOR_URL);
      if (u.protocol !== "https:" && u.protocol !== "http:") throw new TypeError("scheme");
    } catch {
      throw new PaymentConfigError("FACILITATOR_URL", "FACILITATOR_URL must be an http(s) URL");
    }
  }
  if (!env.FACILITATOR_URL && (env.FACILITATOR_KEY_FILE ? !env.RPC_URL : !!env.RPC_URL)) {
    throw new PaymentConfigError(
      env.RPC_URL ? "FACILITATOR_KEY_FILE" : "RPC_URL",
      "In-process settlement needs both FACILITATOR_KEY_FILE and RPC_URL",
    );
  }
  const settler = await settlerFromEnv(env);
  return {
    payTo,
    settler,
    claims: base.claims,
    knownPayers: new KnownPayers(),
    signer: base.signer,
    limitPayer: base.limitPayer,
    publicOrigin: base.publicOrigin ?? (env.PUBLIC_URL || undefined),
  };
}

/** The payment part of the server's `Config` (src/config/config.ts), already validated. */
export interface PaymentSettings {
  payToEvm?: string;
  rpcUrl?: string;
  facilitatorUrl?: string;
  /** secp256k1 secret of the in-process facilitator. */
  facilitatorKey?: Uint8Array;
  /** `X402_NETWORK` (default `base`). */
  network?: X402NetworkInfo["name"];
}

/**
 * Builds the paywall's dependencies from the server's validated configuration.
 *
 * @example
 * ```ts ignore
 * const deps = paywallFromConfig(config.payment, {
 *   claims: services.store.claims, signer: config.signer, publicOrigin: config.publicUrl,
 * });
 * ```
 */
export function paywallFromConfig(
  p: PaymentSettings,
  base: {
    claims: ClaimStore;
    signer: Ed25519Signer;
    limitPayer?: PaywallDeps["limitPayer"];
    publicOrigin?: string;
  },
): PaywallDeps {
  const settler: Settler | undefined = p.facilitatorUrl
    ? new RemoteSettler({ url: p.facilitatorUrl })
    : p.facilitatorKey && p.rpcUrl
    ? lazyLocalSettler({ privateKey: p.facilitatorKey, rpcUrl: p.rpcUrl })
    : undefined;
  return {
    payTo: p.payToEvm,
    settler,
    claims: base.claims,
    knownPayers: new KnownPayers(),
    signer: base.signer,
    limitPayer: base.limitPayer,
    publicOrigin: base.publicOrigin,
    chain: networkOf(p.network).chain,
  };
}

/** One line for the start banner saying how (or whether) payments work. */
export function describePayments(deps: PaywallDeps): string {
  if (!deps.payTo) {
    return "payments: NOT CONFIGURED (set PAY_TO_EVM); paid routes answer 503 payment_not_configured";
  }
  if (!deps.settler) {
    return `payments: pay to ${deps.payTo}, but NO SETTLEMENT (set FACILITATOR_URL, or FACILITATOR_KEY_FILE and RPC_URL); paid routes answer 503`;
  }
  const network = networkByCaip((deps.chain ?? BASE).network)?.label ?? (deps.chain ?? BASE).label;
  return `payments: USDC on ${network} to ${deps.payTo}, settled ${
    deps.settler.mode === "remote"
      ? "by the facilitator at FACILITATOR_URL"
      : "in-process via RPC_URL"
  }`;
}
