/**
 * The six `order.*` events of a storefront order (spec §6, DESIGN.md §14). An event is recorded
 * on the order in the same atomic write as its transition, then handed to the webhook outbox;
 * its id is derived from the order id, the type and how many times the order has had that
 * event, so a re-emit after a crash is de-duplicated by the outbox and by receivers.
 */
import type { PendingEvent, ShopOrder } from "./types.ts";
import { paidUnits } from "./types.ts";

export const ORDER_EVENTS = {
  created: "order.created",
  delivered: "order.delivered",
  refundDue: "order.refund_due",
  underpaid: "order.underpaid",
  expired: "order.expired",
  awaitingPayment: "order.awaiting_payment",
} as const;

/** `evt_<order>_<type>` for the first, `evt_<order>_<type>_<n>` for the n-th (n ≥ 2). */
export function shopEventId(orderId: string, type: string, n: number): string {
  return n <= 1 ? `evt_${orderId}_${type}` : `evt_${orderId}_${type}_${n}`;
}

/** `data` as the spec §2.4 sample: never a code, a link or a token. */
export function shopEventData(o: ShopOrder): Record<string, unknown> {
  const last = o.payments.at(-1);
  return {
    order_id: o.order_id,
    status: o.state,
    offer_id: o.offer_id,
    offer_name: o.offer_name,
    price_usd: o.price_usd,
    cost_usd: o.cost_usd,
    method: o.method,
    payment: last
      ? { ref: last.ref, payer: last.payer, units: paidUnits(o).toString() }
      : { ref: "", payer: "", units: "0" },
    esim_tran_no: o.order_ref ?? "",
    error: o.error ? o.error.message : null,
    created_at: o.created_at,
  };
}

/** Returns `o` with the event recorded (to be written with the transition). */
export function withEvent(o: ShopOrder, type: string, nowMs: number): ShopOrder {
  const n = (o.event_counts[type] ?? 0) + 1;
  const ev: PendingEvent = {
    id: shopEventId(o.order_id, type, n),
    type,
    data: shopEventData(o),
    created_at: new Date(nowMs).toISOString(),
  };
  return {
    ...o,
    event_counts: { ...o.event_counts, [type]: n },
    pending_events: [...o.pending_events, ev],
  };
}
