/**
 * The listing document of a seller node (`GET /listing.json`, DESIGN.md §7): capabilities with
 * their schemas inline, the order URL, the x402 terms and the Ed25519 key of free answers.
 *
 * @example
 * ```ts
 * import { buildListing } from "./listing.ts";
 * const doc = buildListing({ name: "Demo", productId: "esim-rails", demo: false,
 *   publicUrl: "https://node.example", payTo: null,
 *   publicKey: { alg: "Ed25519", key: "A".repeat(43) + "=", key_id: "0123456789abcdef" } });
 * doc.capabilities.map((c) => c.capability_id); // ["esim.quote@v1", "esim.order@v1", "esim.status@v1"]
 * ```
 */
import { type JsonSchema, SCHEMAS } from "../schema_docs.ts";

export const CAPABILITY_QUOTE = "esim.quote@v1";
export const CAPABILITY_ORDER = "esim.order@v1";
export const CAPABILITY_STATUS = "esim.status@v1";

/** x402 facts of the order route (DESIGN.md §4). */
export const X402_TERMS = {
  scheme: "exact",
  network: "eip155:8453",
  asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
} as const;

export interface ListingOptions {
  name: string;
  productId: string;
  demo: boolean;
  /** Public origin, e.g. `https://node.example` (no trailing slash). */
  publicUrl: string;
  /** `PAY_TO_EVM`, or null when payments are not configured. */
  payTo: string | null;
  publicKey: { alg: "Ed25519"; key: string; key_id: string };
  /** The chain of the terms when not Base mainnet (`X402_NETWORK`); a test one is marked. */
  network?: { chain: { network: string; usdc: string; label: string }; test: boolean };
}

export interface Capability {
  capability_id: string;
  method: "GET" | "POST";
  url: string;
  input_schema: JsonSchema;
  result_schema: JsonSchema;
  price: "free" | { amount_usd: string };
}

export interface Listing {
  name: string;
  product_id: string;
  version: "1.0.0";
  demo: boolean;
  public_key: { alg: "Ed25519"; key: string; key_id: string };
  capabilities: Capability[];
  order_url: string;
  x402: {
    scheme: string;
    network: string;
    asset: string;
    pay_to: string | null;
    /** Present and true only on a test network: "TEST NETWORK", nothing paid is real money. */
    test_network?: true;
    note?: string;
  };
}

/** Builds the listing document. */
export function buildListing(o: ListingOptions): Listing {
  const base = o.publicUrl.replace(/\/+$/, "");
  return {
    name: o.name,
    product_id: o.productId,
    version: "1.0.0",
    demo: o.demo,
    public_key: o.publicKey,
    capabilities: [
      {
        capability_id: CAPABILITY_QUOTE,
        method: "POST",
        url: `${base}/quote`,
        input_schema: SCHEMAS["quote-input"],
        result_schema: SCHEMAS["quote-result"],
        price: "free",
      },
      {
        capability_id: CAPABILITY_ORDER,
        method: "POST",
        url: `${base}/order`,
        input_schema: SCHEMAS["order-input"],
        result_schema: SCHEMAS.delivery,
        price: { amount_usd: "from quote" },
      },
      {
        capability_id: CAPABILITY_STATUS,
        method: "POST",
        url: `${base}/status`,
        input_schema: SCHEMAS["status-input"],
        result_schema: SCHEMAS["status-result"],
        price: "free",
      },
    ],
    order_url: `${base}/order`,
    x402: o.network?.test
      ? {
        ...X402_TERMS,
        network: o.network.chain.network,
        asset: o.network.chain.usdc,
        pay_to: o.payTo,
        test_network: true,
        note: `TEST NETWORK: ${o.network.chain.label}; payments here are not real money`,
      }
      : { ...X402_TERMS, pay_to: o.payTo },
  };
}
