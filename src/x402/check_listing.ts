/** The listing of `POST /x402/x402-check` (src/x402/check_service.ts does the work). */
import type { ServiceListing } from "../api/service.ts";

export const X402_CHECK: ServiceListing = {
  slug: "x402-check",
  priceUsd: "0.003",
  example: {
    network: "eip155:8453",
    authorization: {
      from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      to: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      value: "1000",
      validAfter: "0",
      validBefore: "4102444800",
      nonce: `0x${"11".repeat(32)}`,
    },
    signature: `0x${"22".repeat(64)}1b`,
  },
  description:
    "Offline check of an x402 exact EVM payment: EIP-712 signer, v, low s, validity window, seller terms, bound nonce, and the domain a failing signature was made for",
  envelope: "result",
  capabilityId: "x402.authorization.check@v1",
};
