/**
 * The storefront's settings from the loaded configuration (spec §2.5, DESIGN.md §14): on when
 * `STORE_NAME` is set; the methods offered are those whose `PAY_TO_*` is set (EVM: one method
 * `evm:<chainId>:usdc` per chain of `EVM_CHAINS` that has an RPC URL); `DEMO_MODE=1` shows
 * everything and sells nothing.
 */
import type { Config } from "../config/config.ts";
import { KNOWN_CHAINS, type UsdcChain } from "../x402/constants.ts";
import { TON_USDT_MASTER } from "./ton/address.ts";

/** One EVM chain people can pay on. */
export interface EvmMethod {
  kind: "evm";
  /** CAIP-2. */
  network: string;
  /** The token contract. */
  asset: string;
  label: string;
  /** `evm:<chainId>:usdc`. */
  method: string;
  /** The `EVM_CHAINS` name (`base`, `base-sepolia`, ...). */
  name: string;
  chain: UsdcChain;
  rpcUrl: string;
  payTo: string;
}

/** USDT on TON, USDT on TRON or USDC on Solana (DESIGN.md §14). */
export interface OtherMethod {
  kind: "ton" | "tron" | "solana";
  /** `ton:usdt`, `tron:usdt`, `solana:usdc`. */
  method: string;
  /** CAIP-2: `ton:-239`, `tron:0x2b6653dc`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  network: string;
  /** Jetton master (TON), token contract (TRON) or mint (Solana). */
  asset: string;
  /** "USDT on TON", ... */
  label: string;
  token: "USDT" | "USDC";
  payTo: string;
  /** toncenter, TronGrid or the Solana JSON-RPC URL. */
  apiUrl: string;
  /** API key sent as the provider's header (toncenter, TronGrid). */
  apiKey?: string;
}

export type PayMethod = EvmMethod | OtherMethod;

export const TON_NETWORK = "ton:-239";
export const TRON_NETWORK = "tron:0x2b6653dc";
export const SOLANA_NETWORK = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
/** USDT TRC-20 on TRON. */
export const TRON_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
/** USDC on Solana (mint). */
export const SOLANA_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

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
        network: chain.network,
        asset: chain.usdc,
        label: `USDC on ${chain.label}`,
        name,
        chain,
        rpcUrl,
        payTo,
      });
    }
  }
  if (sf.payToTon) {
    methods.push({
      kind: "ton",
      method: "ton:usdt",
      network: TON_NETWORK,
      asset: TON_USDT_MASTER,
      label: "USDT on TON",
      token: "USDT",
      payTo: sf.payToTon,
      apiUrl: sf.toncenterUrl,
      apiKey: sf.toncenterApiKey,
    });
  }
  if (sf.payToTron) {
    methods.push({
      kind: "tron",
      method: "tron:usdt",
      network: TRON_NETWORK,
      asset: TRON_USDT,
      label: "USDT on TRON",
      token: "USDT",
      payTo: sf.payToTron,
      apiUrl: sf.trongridUrl,
      apiKey: sf.trongridApiKey,
    });
  }
  if (sf.payToSolana) {
    methods.push({
      kind: "solana",
      method: "solana:usdc",
      network: SOLANA_NETWORK,
      asset: SOLANA_USDC,
      label: "USDC on Solana",
      token: "USDC",
      payTo: sf.payToSolana,
      apiUrl: sf.solanaRpcUrl,
    });
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
