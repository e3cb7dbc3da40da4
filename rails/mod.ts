/**
 * esim-rails SDK: the public surface (Web APIs only; runs on Deno and Node 20+). Built for
 * Node into `dist/sdk/` by `deno task build:sdk`.
 *
 * @example
 * ```ts
 * import { HttpSupplier, waitForProfiles, priceOffer } from "./mod.ts";
 * const supplier = new HttpSupplier({ url: "http://127.0.0.1:8787", secret: "a shared secret of 16+" });
 * // const plans = await supplier.catalog();
 * // const { orderRef } = await supplier.order({ transactionId: "t1", planId: plans[0].id, costUsd: plans[0].costUsd });
 * // const [profile] = await waitForProfiles(supplier, { orderRef });
 * priceOffer({ planId: "us-1gb-7d", costUsd: 1.8 }, { marginPct: 20, minMarginUsd: 0.5 }).priceUsd; // "2.30"
 * ```
 */
export {
  type OrderInput,
  type Plan,
  type PlanKind,
  type Profile,
  type ProfilesQuery,
  type Supplier,
  SupplierError,
  SupplierErrorCode,
  type SupplierErrorOptions,
} from "./supplier/types.ts";
export {
  type CallOptions,
  DEFAULT_TIMEOUT_MS,
  errorFromStatus,
  HttpSupplier,
  type HttpSupplierOptions,
} from "./supplier/http_client.ts";
export { waitForProfiles, type WaitOptions } from "./supplier/wait_for_profiles.ts";
export {
  type ReceivedRequest,
  SIGNATURE_HEADER,
  type SignedParts,
  signingString,
  signRequest,
  TIMESTAMP_HEADER,
  verifyRequest,
  type VerifyResult,
} from "./supplier/http_signature.ts";
export {
  hmacSha256Hex,
  MIN_SECRET_LENGTH,
  SIGNATURE_WINDOW_MS,
  signV1,
  timestampProblem,
  verifyV1,
} from "./hmac.ts";
export {
  planFromWire,
  planToWire,
  profileFromWire,
  profileToWire,
  type WirePlan,
  type WireProfile,
} from "./supplier/wire.ts";
export {
  centsToAtomic,
  costMicros,
  formatCents,
  offerId,
  priceCents,
  type PricedPlan,
  priceOffer,
  priceUsdToAtomic,
  type PricingConfig,
} from "./pricing.ts";
export {
  assertValid,
  describeError,
  type JsonSchema,
  SCHEMA_BASE,
  SCHEMA_NAMES,
  type SchemaError,
  type SchemaName,
  SCHEMAS,
  validate,
  type Validation,
} from "./schemas.ts";
export {
  ADAPTER_TIMEOUT_MS,
  AIRALO_BASE_URL,
  type AiraloOptions,
  AiraloSupplier,
  createSupplier,
  ESIM_ACCESS_BASE_URL,
  ESIM_GO_BASE_URL,
  type EsimAccessOptions,
  esimAccessSignature,
  EsimAccessSupplier,
  type EsimGoOptions,
  EsimGoSupplier,
  type IdempotencyStore,
  MemoryIdempotencyStore,
  SUPPLIER_KINDS,
  type SupplierConfig,
  supplierConfigFromEnv,
  type SupplierKind,
} from "./adapters/mod.ts";
export { createSupplierReceiver, type ReceiverOptions } from "./receiver/handler.ts";
export {
  MemoryReceiverStore,
  type ReceiverStore,
  type StoredOrder,
  type StoredProfile,
} from "./receiver/store.ts";
export { DEMO_CATALOG } from "./receiver/demo_catalog.ts";
export { type CatalogResult, parseCatalog } from "./receiver/catalog.ts";
export {
  ALL_EVENT_TYPES,
  checkEvent,
  createEvent,
  type CreateEventOptions,
  createWebhookReceiver,
  EVENT_HEADER,
  EVENT_TYPES,
  type EventType,
  isForbiddenKey,
  isForbiddenValue,
  newEventId,
  NO_WEBHOOKS,
  type OrderEventData,
  type ReceivedDelivery,
  type ReceivedInfo,
  scrubEventData,
  WEBHOOK_TOLERANCE_MS,
  type WebhookEmitter,
  type WebhookEvent,
  type WebhookHeaders,
  type WebhookReceiverOptions,
  type WebhookRefusal,
  WebhookSigner,
  webhookSigningBytes,
  WebhookVerifier,
  type WebhookVerifyResult,
} from "./webhooks/mod.ts";
