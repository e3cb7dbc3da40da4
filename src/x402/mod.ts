/**
 * Public surface of x402 payments: what the server mounts and what other modules reuse.
 *
 * @example
 * ```ts
 * import { handlePaid, paywallFromEnv, x402CheckService, CORS_ALLOW_HEADERS } from "./mod.ts";
 * ```
 */
export {
  atomicToUsd,
  BASE,
  BASE_SEPOLIA,
  BASE_USDC,
  CORS_ALLOW_HEADERS,
  CORS_EXPOSE_HEADERS,
  HEADER_PAYMENT_REQUIRED,
  HEADER_PAYMENT_RESPONSE,
  HEADER_PAYMENT_SIGNATURE,
  HEADER_X_PAYMENT,
  usdToAtomic,
} from "./constants.ts";
export { decodeBase64Json, encodeBase64Json, PaymentPayloadError } from "./encoding.ts";
export { paymentRequiredResponse, requirementsFor, x402ErrorResponse } from "./terms.ts";
export { verifyPayment, type VerifyResult } from "./verify.ts";
export type { ClaimStore } from "./claims.ts";
export { type SettleOutcome, type Settler, settlerFromEnv } from "./settle.ts";
export {
  handlePaid,
  paidEnvelope,
  type PaidSession,
  type PaywallDeps,
  readPayment,
  releasePayment,
  resourceUrl,
  settlePayment,
  verifyAndClaim,
  x402HttpErrorResponse,
} from "./paywall.ts";
export {
  describePayments,
  PaymentConfigError,
  type PaymentSettings,
  paywallFromConfig,
  paywallFromEnv,
} from "./config.ts";
export { x402CheckService } from "./check_service.ts";
export { paidRoute } from "./route.ts";
export type { PaymentRequired, PaymentRequirements, SettlementResponse } from "./types.ts";
