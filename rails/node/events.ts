/**
 * Order events of the seller node (spec §2.4, §6): `agent_order.delivered` and
 * `agent_order.cancelled`. The node calls an `OrderEvents` sink; the server connects it to the
 * durable webhook outbox. Event data never carries an activation code, a QR link or a token.
 *
 * @example
 * ```ts
 * import { NO_EVENTS, orderEventData } from "./events.ts";
 * await NO_EVENTS.emit("agent_order.delivered", {});
 * ```
 */
import type { OrderRecord } from "./order_state.ts";

/** Where the node reports order events (the webhook outbox, or nothing). */
export interface OrderEvents {
  emit(type: string, data: Record<string, unknown>): Promise<void>;
}

/** The default sink: events are off. */
export const NO_EVENTS: OrderEvents = { emit: () => Promise.resolve() };

export const EVENT_DELIVERED = "agent_order.delivered";
export const EVENT_CANCELLED = "agent_order.cancelled";

/** The `data` of an agent-order event (spec §2.4 sample). */
export function orderEventData(o: OrderRecord): Record<string, unknown> {
  return {
    order_id: o.order_id,
    status: o.state,
    offer_id: o.offer_id,
    offer_name: o.offer_name,
    price_usd: o.price_usd,
    cost_usd: o.cost_usd,
    method: "x402",
    payment: {
      ref: o.payment.transaction ?? "",
      payer: o.payment.payer,
      units: o.price_atomic,
    },
    esim_tran_no: o.order_ref ?? "",
    error: o.error ? o.error.message : null,
    created_at: o.created_at,
  };
}
