/**
 * The paid endpoint `POST /x402/x402-check` ($0.003, capability `x402.authorization.check@v1`):
 * the offline check of `check.ts` behind the paywall.
 *
 * @example
 * ```ts ignore
 * import { x402CheckService } from "./check_service.ts";
 * router.post("/x402/x402-check", (req, body) => handlePaid(x402CheckService, body, req, deps));
 * ```
 */
import type { PaidService } from "../api/service.ts";
import { type CheckInput, type CheckResult, parseCheckInput, runCheck } from "./check.ts";

export const x402CheckService: PaidService<CheckInput, CheckResult> = {
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
  parse: parseCheckInput,
  run(input, ctx) {
    return runCheck(input, Math.floor(ctx.now.getTime() / 1000));
  },
};
