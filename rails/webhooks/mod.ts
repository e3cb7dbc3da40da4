/**
 * Webhooks of the eSIM rails (spec §2.4, §5, §6): events and their scrubber, delivery
 * signatures, and the reference receiver's fetch handler. Web APIs only. The durable outbox
 * that sends them is Deno-only and lives in `src/webhooks/queue.ts`.
 *
 * @example
 * ```ts
 * import { createEvent, EVENT_TYPES, WebhookSigner } from "./mod.ts";
 * const event = createEvent(EVENT_TYPES.ORDER_CREATED, { order_id: "ord_1" });
 * const body = JSON.stringify(event);
 * const headers = new WebhookSigner("a shared secret of 16+ chars").sign(event.type, body);
 * // await fetch(url, { method: "POST", headers: { ...headers }, body });
 * ```
 */
export {
  ALL_EVENT_TYPES,
  checkEvent,
  createEvent,
  type CreateEventOptions,
  EVENT_TYPES,
  type EventType,
  isForbiddenKey,
  isForbiddenValue,
  newEventId,
  NO_WEBHOOKS,
  type OrderEventData,
  scrubEventData,
  type WebhookEmitter,
  type WebhookEvent,
} from "./event.ts";
export {
  EVENT_HEADER,
  type ReceivedDelivery,
  WEBHOOK_TOLERANCE_MS,
  type WebhookHeaders,
  type WebhookRefusal,
  WebhookSigner,
  webhookSigningBytes,
  WebhookVerifier,
  type WebhookVerifyResult,
} from "./sign.ts";
/** The same header names as supplier requests. */
export { SIGNATURE_HEADER, TIMESTAMP_HEADER } from "../supplier/http_signature.ts";
export {
  createWebhookReceiver,
  type ReceivedInfo,
  type WebhookReceiverOptions,
} from "./receiver.ts";
