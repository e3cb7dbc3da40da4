/**
 * The people's order (DESIGN.md §14): its states, its payments and what the store keeps.
 * Nothing here is secret: the activation code is fetched from the supplier on each view.
 */

/** States of a storefront order. */
export type ShopState =
  | "awaiting_payment"
  | "underpaid"
  | "paid"
  | "supplier_ordered"
  | "delivered"
  | "expired"
  | "refund_due";

export const SHOP_STATES: readonly ShopState[] = [
  "awaiting_payment",
  "underpaid",
  "paid",
  "supplier_ordered",
  "delivered",
  "expired",
  "refund_due",
];

/** Open for payment: a transfer may still be attributed to it. */
export function openForPayment(s: ShopState): boolean {
  return s === "awaiting_payment" || s === "underpaid";
}

/** Not finished: the order still has work to do (payment, supplier, delivery). */
export function unfinished(s: ShopState): boolean {
  return s !== "delivered" && s !== "expired" && s !== "refund_due";
}

/**
 * One transfer credited to an order. `key` is its idempotency key (EVM `chainId:txHash:logIndex`,
 * TRON `tron:<txid>:<event index>`, TON `ton:<hash of the shop-side transaction>`, Solana
 * `solana:<signature>`).
 */
export interface ShopPayment {
  key: string;
  /** Transaction hash (or the chain's transaction id). */
  ref: string;
  payer: string;
  /** 6-decimal units, integer string. */
  units: string;
  /** CAIP-2 chain id. */
  chain: string;
  block: number;
  block_hash: string;
  /** Reached the finality of its chain (EVM: `safe`, or 3 blocks). */
  final: boolean;
  /** `eip3009` when it came through the order's signed authorization (pays exactly the price). */
  via: "eip3009" | "transfer";
}

/** An EIP-3009 authorization the shop was given for this order (no signature once settled). */
export interface WatchedAuthorization {
  from: string;
  nonce: string;
  valid_before: string;
  /** `settling` while the shop's own transaction is in flight; `failed` once refused. */
  state: "settling" | "failed" | "settled";
  /** Kept only while settling, so a restart can finish it; dropped afterwards. */
  signature?: string;
  value?: string;
  valid_after?: string;
  tx?: string;
}

/** An event recorded with its transition, emitted to the outbox afterwards (at least once). */
export interface PendingEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: string;
}

export interface ShopOrder {
  order_id: string;
  offer_id: string;
  offer_name: string;
  plan_id: string;
  data_bytes: number;
  days: number;
  cost_usd: number;
  price_usd: string;
  /** The price in 6-decimal units. */
  price_units: string;
  /** `evm:<chainId>:usdc`, later `ton:usdt`, `tron:usdt`, `solana:usdc`. */
  method: string;
  /** CAIP-2. */
  chain: string;
  asset: string;
  pay_to: string;
  /** Unique-amount offset (1–9999 units) where the amount attributes the payment, else 0. */
  offset: number;
  /** TON: the text comment that attributes the payment (the order id). */
  memo?: string;
  /** TRON: the address the buyer said they pay from; any transfer from it pays this order. */
  payer?: string;
  /** Solana: the Solana Pay reference key (base58) that attributes the payment. */
  reference?: string;
  /** EIP-3009 parameters the page signs (EVM only). */
  eip3009?: { nonce: string; valid_after: string; valid_before: string };
  authorizations: WatchedAuthorization[];
  state: ShopState;
  payments: ShopPayment[];
  created_at: string;
  updated_at: string;
  expires_at: string;
  order_ref?: string;
  profile_id?: string;
  error?: { code: string; message: string } | null;
  /** How many times each event type was emitted (event ids carry the count after the first). */
  event_counts: Record<string, number>;
  pending_events: PendingEvent[];
}

/** A stored order with the version the store needs for compare-and-set. */
export interface Versioned {
  order: ShopOrder;
  version: string;
}

/** A transfer to us that no order claimed, kept for the operator. */
export interface UnattributedTransfer {
  key: string;
  chain: string;
  ref: string;
  payer: string;
  units: string;
  block: number;
  seen_at: string;
  reason: string;
}

/** Sum of the units of the payments. */
export function paidUnits(o: ShopOrder, onlyFinal = false): bigint {
  let sum = 0n;
  for (const p of o.payments) if (!onlyFinal || p.final) sum += BigInt(p.units);
  return sum;
}

/** The amount that attributes a plain transfer: price plus offset. */
export function askedUnits(o: ShopOrder): bigint {
  return BigInt(o.price_units) + BigInt(o.offset);
}

/** What is still due (never negative). */
export function dueUnits(o: ShopOrder): bigint {
  const d = askedUnits(o) - paidUnits(o);
  return d > 0n ? d : 0n;
}

/** The full amount asked has arrived (counting only final payments when `onlyFinal`). */
export function fullyPaid(o: ShopOrder, onlyFinal = false): boolean {
  const paid = paidUnits(o, onlyFinal);
  const viaAuth = o.payments.some((p) => p.via === "eip3009" && (!onlyFinal || p.final));
  return paid >= (viaAuth ? BigInt(o.price_units) : askedUnits(o));
}

/** What is still due (never negative). */
export function stillDue(o: ShopOrder): bigint {
  return fullyPaid(o) ? 0n : dueUnits(o);
}
