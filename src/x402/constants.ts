/**
 * Facts of x402 v2 and USDC (DESIGN.md §4): networks, token addresses, EIP-712 domains, header
 * names, and the exact conversion of USD prices into USDC atomic units. Pure.
 *
 * @example
 * ```ts
 * import { usdToAtomic, BASE_USDC } from "./constants.ts";
 * usdToAtomic("0.001"); // "1000"
 * BASE_USDC.domain.name; // "USD Coin"
 * ```
 */

/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`;
/** A 0x-prefixed 20-byte address (any case). */
export type Address = `0x${string}`;

/** The x402 protocol version we speak. */
export const X402_VERSION = 2;
/** The only scheme we accept. */
export const SCHEME_EXACT = "exact";

/** Header carrying the 402 terms (v2), padded base64 of UTF-8 JSON. */
export const HEADER_PAYMENT_REQUIRED = "PAYMENT-REQUIRED";
/** Header carrying a v2 payment from the buyer. */
export const HEADER_PAYMENT_SIGNATURE = "PAYMENT-SIGNATURE";
/** Header carrying a v1 payment from older clients. */
export const HEADER_X_PAYMENT = "X-PAYMENT";
/** Header carrying the settlement outcome to the buyer. */
export const HEADER_PAYMENT_RESPONSE = "PAYMENT-RESPONSE";

/** CORS: response headers a browser client must be able to read on paid routes. */
export const CORS_EXPOSE_HEADERS: readonly string[] = [
  HEADER_PAYMENT_REQUIRED,
  HEADER_PAYMENT_RESPONSE,
];
/** CORS: request headers the official client sends on paid routes. */
export const CORS_ALLOW_HEADERS: readonly string[] = [
  HEADER_PAYMENT_SIGNATURE,
  HEADER_X_PAYMENT,
  "Content-Type",
  "Access-Control-Expose-Headers",
];

/**
 * Largest payment header we read (characters). A real payload is about 1 KB of base64; anything
 * far beyond is refused before decoding so an attacker cannot make us parse megabytes.
 */
export const MAX_PAYMENT_HEADER_CHARS = 16 * 1024;

/** `validBefore` must be at least this many seconds after now (time to settle). */
export const MIN_VALIDITY_SECONDS = 6;
/** How long a buyer's signed authorization may be valid, as offered in the terms. */
export const DEFAULT_MAX_TIMEOUT_SECONDS = 300;

/** USDC has 6 decimals. */
export const USDC_DECIMALS = 6;

/** An EIP-712 domain of an EIP-3009 token. */
export interface Eip712Domain {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: Address;
}

/** A chain on which USDC lives, with its CAIP-2 id and its v1 network name. */
export interface UsdcChain {
  /** Human label, e.g. "Base Sepolia". */
  label: string;
  /** CAIP-2 id, e.g. "eip155:84532". */
  network: string;
  /** The x402 v1 name, e.g. "base-sepolia". */
  v1Name: string;
  chainId: number;
  /** The USDC contract on this chain. */
  usdc: Address;
  /** The EIP-712 `name` the USDC contract on this chain really uses. */
  tokenName: "USD Coin" | "USDC";
}

/** Base mainnet: the network our terms use. */
export const BASE: UsdcChain = {
  label: "Base",
  network: "eip155:8453",
  v1Name: "base",
  chainId: 8453,
  usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  tokenName: "USD Coin",
};

export const BASE_SEPOLIA: UsdcChain = {
  label: "Base Sepolia",
  network: "eip155:84532",
  v1Name: "base-sepolia",
  chainId: 84532,
  usdc: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
  tokenName: "USDC",
};

/** Every chain whose USDC domain x402-check tries when a signature fails (DESIGN.md §4). */
export const KNOWN_CHAINS: readonly UsdcChain[] = [
  BASE,
  BASE_SEPOLIA,
  {
    label: "Ethereum",
    network: "eip155:1",
    v1Name: "ethereum",
    chainId: 1,
    usdc: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    tokenName: "USD Coin",
  },
  {
    label: "Sepolia",
    network: "eip155:11155111",
    v1Name: "sepolia",
    chainId: 11155111,
    usdc: "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238",
    tokenName: "USDC",
  },
  {
    label: "Arbitrum",
    network: "eip155:42161",
    v1Name: "arbitrum",
    chainId: 42161,
    usdc: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
    tokenName: "USD Coin",
  },
  {
    label: "Optimism",
    network: "eip155:10",
    v1Name: "optimism",
    chainId: 10,
    usdc: "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
    tokenName: "USD Coin",
  },
  {
    label: "Polygon",
    network: "eip155:137",
    v1Name: "polygon",
    chainId: 137,
    usdc: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359",
    tokenName: "USD Coin",
  },
  {
    label: "Avalanche",
    network: "eip155:43114",
    v1Name: "avalanche",
    chainId: 43114,
    usdc: "0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E",
    tokenName: "USD Coin",
  },
];

/** The EIP-712 domain of a chain's USDC (its real token name, version "2"). */
export function usdcDomain(chain: UsdcChain): Eip712Domain {
  return {
    name: chain.tokenName,
    version: "2",
    chainId: chain.chainId,
    verifyingContract: chain.usdc,
  };
}

/** The production domain: `{name:"USD Coin", version:"2", chainId:8453, verifyingContract}`. */
export const BASE_USDC = { address: BASE.usdc, domain: usdcDomain(BASE) } as const;

/** Finds a known chain by CAIP-2 id, v1 name or chain id; undefined when unknown. */
export function chainByNetwork(network: string): UsdcChain | undefined {
  const n = network.trim().toLowerCase();
  return KNOWN_CHAINS.find((c) => c.network === n || c.v1Name === n);
}

/** Finds a known chain by numeric chain id. */
export function chainById(chainId: number): UsdcChain | undefined {
  return KNOWN_CHAINS.find((c) => c.chainId === chainId);
}

/** The EIP-3009 typed-data types (for viem's `signTypedData`/`hashTypedData`). */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

const USD_RE = /^(0|[1-9][0-9]{0,11})(?:\.([0-9]{1,6}))?$/;

/**
 * Converts a USD decimal string to USDC atomic units (6 decimals), exactly, as a decimal
 * string. Throws `RangeError` for anything that is not a non-negative decimal with at most six
 * fractional digits.
 *
 * @example
 * ```ts
 * usdToAtomic("0.003"); // "3000"
 * usdToAtomic("12.5"); // "12500000"
 * ```
 */
export function usdToAtomic(usd: string): string {
  const m = USD_RE.exec(usd);
  if (!m) throw new RangeError(`Price '${usd}' is not a USD amount with at most 6 decimals`);
  const whole = BigInt(m[1]!);
  const frac = BigInt((m[2] ?? "").padEnd(USDC_DECIMALS, "0"));
  return (whole * 1_000_000n + frac).toString();
}

/**
 * Converts USDC atomic units back to a USD decimal string without trailing zeros.
 *
 * @example
 * ```ts
 * atomicToUsd("1000"); // "0.001"
 * ```
 */
export function atomicToUsd(atomic: string | bigint): string {
  const v = BigInt(atomic);
  const whole = v / 1_000_000n;
  const frac = (v % 1_000_000n).toString().padStart(USDC_DECIMALS, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : whole.toString();
}
