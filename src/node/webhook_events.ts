/**
 * The seller node's `OrderEvents` over the webhook outbox: each `agent_order.*` event becomes a
 * spec §2.4 event whose id is derived from the order id and the type, so an event emitted again
 * after a crash (the node emits before it records the state) is de-duplicated by the outbox and
 * by receivers. The outbox scrubs anything that looks like a code, link or token.
 *
 * @example
 * ```ts ignore
 * const events = orderEventsFromOutbox(services.webhooks, Date.now);
 * await events.emit("agent_order.delivered", { order_id: "ord_1", status: "delivered" });
 * ```
 */
import type { WebhookEmitter } from "../../rails/webhooks/event.ts";
import type { OrderEvents } from "../../rails/node/events.ts";

/** The event id of an order event: `evt_<order_id>_<type>`, stable across re-emits. */
export function orderEventId(orderId: string, type: string): string {
  return `evt_${orderId}_${type}`;
}

export function orderEventsFromOutbox(
  outbox: WebhookEmitter,
  now: () => number = Date.now,
): OrderEvents {
  return {
    async emit(type, data) {
      const orderId = typeof data.order_id === "string" ? data.order_id : "unknown";
      // The event module loads with the first order event, not at start.
      const { createEvent } = await import("../../rails/webhooks/event.ts");
      await outbox.emit(createEvent(type, data, { id: orderEventId(orderId, type), nowMs: now() }));
    },
  };
}
