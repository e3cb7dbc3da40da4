/**
 * The storefront's settings from the loaded configuration (spec §2.5, DESIGN.md §14): on when
 * `STORE_NAME` is set; the methods offered are those whose `PAY_TO_*` is set (EVM: one method
 * `evm:<chainId>:usdc` per chain of `EVM_CHAINS` that has an RPC URL); `DEMO_MODE=1` shows
 * everything and sells nothing.
 */
import type { Config } from "../config/config.ts";
import { KNOWN_CHAINS, type UsdcChain } from "../x402/constants.ts";

/** One EVM chain people can pay on. */
export interface EvmMethod {
  kind: "evm";
  /** `evm:<chainId>:usdc`. */
  method: string;
  /** The `EVM_CHAINS` name (`base`, `base-sepolia`, ...). */
  name: string;
  chain: UsdcChain;
  rpcUrl: string;
  payTo: string;
}

export type PayMethod = EvmMethod;

export interface ShopSettings {
  enabled: boolean;
  storeName: string;
  demo: boolean;
  methods: PayMethod[];
  /** secp256k1 key that settles EIP-3009 authorizations (`FACILITATOR_KEY_FILE`). */
  facilitatorKey?: Uint8Array;
  /** How long an order waits for its payment (24 h). */
  expiryMs: number;
  /** Keys the status tokens (`NODE_SECRET_FILE`). */
  secret: string;
  publicUrl: string;
}

export const ORDER_EXPIRY_MS = 24 * 3600_000;

/** The chain behind an `EVM_CHAINS` name. */
export function chainByName(name: string): UsdcChain | undefined {
  const v1 = name === "ethereum" ? "ethereum" : name;
  return KNOWN_CHAINS.find((c) => c.v1Name === v1);
}

export function shopSettings(config: Config): ShopSettings {
  const sf = config.storefront;
  const methods: PayMethod[] = [];
  const payTo = config.payment.payToEvm;
  if (payTo) {
    for (const name of sf.evmChains) {
      const chain = chainByName(name);
      const rpcUrl = sf.rpcUrls[name];
      if (!chain || !rpcUrl) continue;
      methods.push({
        kind: "evm",
        method: `evm:${chain.chainId}:usdc`,
        name,
        chain,
        rpcUrl,
        payTo,
      });
    }
  }
  return {
    enabled: sf.enabled,
    storeName: sf.storeName,
    demo: config.demoMode,
    methods,
    facilitatorKey: config.payment.facilitatorKey,
    expiryMs: ORDER_EXPIRY_MS,
    secret: config.nodeSecret,
    publicUrl: config.publicUrl,
  };
}
