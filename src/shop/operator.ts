/**
 * The operator's view of orders (`esim-rails orders`): people's storefront orders and agents'
 * orders in one list, each with what needs a human, plus transfers no order claimed.
 */
import type { OrderRecord } from "../../rails/node/order_state.ts";
import { formatUnits } from "./pay.ts";
import { paidUnits, type ShopOrder, stillDue, type UnattributedTransfer } from "./types.ts";

export interface OperatorRow {
  kind: "shop" | "agent";
  order_id: string;
  status: string;
  created_at: string;
  updated_at: string;
  offer_name: string;
  price_usd: string;
  method: string;
  paid_units: string;
  /** What a human must do, or null. */
  needs: string | null;
  payer?: string;
  ref?: string;
}

export function shopRow(o: ShopOrder): OperatorRow {
  const paid = paidUnits(o, true);
  const last = o.payments.at(-1);
  let needs: string | null = null;
  if (o.state === "refund_due") {
    needs = `refund ${formatUnits(paid)} ${tokenOfOrder(o)} to ${last?.payer ?? "the payer"} (${
      o.error?.message ?? "supplier refused"
    })`;
  } else if (o.state === "underpaid") {
    needs = `underpaid: ${formatUnits(stillDue(o))} ${
      tokenOfOrder(o)
    } still due; refund if it expires`;
  } else if (o.state === "expired" && paid > 0n) {
    needs = `expired with ${formatUnits(paid)} ${tokenOfOrder(o)} paid: refund ${last?.payer ?? ""}`
      .trim();
  }
  return {
    kind: "shop",
    order_id: o.order_id,
    status: o.state,
    created_at: o.created_at,
    updated_at: o.updated_at,
    offer_name: o.offer_name,
    price_usd: o.price_usd,
    method: o.method,
    paid_units: paid.toString(),
    needs,
    ...(last ? { payer: last.payer, ref: last.ref } : {}),
  };
}

export function agentRow(r: OrderRecord): OperatorRow {
  let needs: string | null = null;
  if (r.state === "settle_failed") needs = "payment failed to settle; the eSIM cancel is retrying";
  return {
    kind: "agent",
    order_id: r.order_id,
    status: r.state,
    created_at: r.created_at,
    updated_at: r.updated_at,
    offer_name: r.offer_name,
    price_usd: r.price_usd,
    method: "x402",
    paid_units: r.payment.transaction ? r.price_atomic : "0",
    needs,
    payer: r.payment.payer,
    ...(r.payment.transaction ? { ref: r.payment.transaction } : {}),
  };
}

export function unattributedNeeds(t: UnattributedTransfer): string {
  return `unattributed transfer of ${formatUnits(BigInt(t.units))} ${
    tokenOfOrder({ method: t.chain })
  } from ${t.payer} (${t.ref} on ${t.chain}): find its buyer or refund`;
}

/** The stablecoin of an order: USDT on TON and TRON, USDC elsewhere. */
function tokenOfOrder(o: { method: string }): string {
  return o.method.startsWith("ton:") || o.method.startsWith("tron:") ? "USDT" : "USDC";
}
