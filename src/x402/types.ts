/**
 * Wire types of x402 v2 (and the v1 payment header we still accept), as JSON values.
 * Field names follow the x402 specification exactly.
 */
import type { Address, Hex } from "./constants.ts";

/** One entry of `accepts`: the terms a buyer signs against. */
export interface PaymentRequirements {
  scheme: string;
  network: string;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra?: Record<string, unknown>;
}

/** The described resource in a 402 answer. */
export interface ResourceInfo {
  url: string;
  description: string;
  mimeType: string;
}

/** The decoded `PAYMENT-REQUIRED` header. */
export interface PaymentRequired {
  x402Version: number;
  error?: string;
  resource: ResourceInfo;
  accepts: PaymentRequirements[];
  extensions?: Record<string, unknown>;
}

/** EIP-3009 authorization as carried in a payment (decimal strings, 32-byte hex nonce). */
export interface Authorization {
  from: Address;
  to: Address;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: Hex;
}

/** The scheme payload of `exact` on EVM. */
export interface ExactEvmPayload {
  signature: Hex;
  authorization: Authorization;
}

/** A v2 payment (decoded `PAYMENT-SIGNATURE`). */
export interface PaymentPayloadV2 {
  x402Version: 2;
  resource?: ResourceInfo;
  accepted: PaymentRequirements;
  payload: ExactEvmPayload;
  extensions?: Record<string, unknown>;
}

/** A v1 payment (decoded `X-PAYMENT`). */
export interface PaymentPayloadV1 {
  x402Version: 1;
  scheme: string;
  network: string;
  payload: ExactEvmPayload;
}

/** The decoded `PAYMENT-RESPONSE` header. */
export interface SettlementResponse {
  success: boolean;
  transaction: string;
  network: string;
  payer?: string;
  errorReason?: string;
}
