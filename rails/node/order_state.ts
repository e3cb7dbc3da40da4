/**
 * The agent-order state machine (DESIGN.md §7):
 * `received → payment_verified → supplier_ordered → profile_ready → settled → delivered`,
 * exits `refused` (the supplier said no: never charged) and `settle_failed → cancelled` (the
 * payment did not settle: the eSIM is cancelled through the supplier).
 *
 * The order record is what the store holds: never an activation code, QR link or status token.
 * It does hold the buyer's signed payment (an EIP-3009 transfer authorization, not a secret: it
 * can only move the agreed amount to the seller) so that a restarted node can settle it.
 *
 * @example
 * ```ts
 * import { canMove, isOpen } from "./order_state.ts";
 * canMove("supplier_ordered", "profile_ready"); // true
 * canMove("received", "settled"); // false
 * isOpen("delivered"); // false
 * ```
 */

export type OrderState =
  | "received"
  | "payment_verified"
  | "supplier_ordered"
  | "profile_ready"
  | "settled"
  | "delivered"
  | "refused"
  | "settle_failed"
  | "cancelled";

const NEXT: Record<OrderState, readonly OrderState[]> = {
  received: ["payment_verified", "refused"],
  payment_verified: ["supplier_ordered", "refused"],
  supplier_ordered: ["profile_ready", "refused"],
  profile_ready: ["settled", "settle_failed"],
  settled: ["delivered"],
  delivered: [],
  refused: [],
  settle_failed: ["cancelled"],
  cancelled: [],
};

/** States an order may be left in by a crash; the node resumes these on start. */
export const OPEN_STATES: readonly OrderState[] = [
  "received",
  "payment_verified",
  "supplier_ordered",
  "profile_ready",
  "settled",
  "settle_failed",
];

/** True when `from → to` is a transition of the machine. */
export function canMove(from: OrderState, to: OrderState): boolean {
  return NEXT[from].includes(to);
}

/** True while the order still has work to do. */
export function isOpen(state: OrderState): boolean {
  return OPEN_STATES.includes(state);
}

/** The stored order (snake_case, JSON-safe). */
export interface OrderRecord {
  order_id: string;
  state: OrderState;
  offer_id: string;
  plan_id: string;
  offer_name: string;
  /** 2-decimal price string. */
  price_usd: string;
  /** 6-decimal atomic USDC amount of the payment terms. */
  price_atomic: string;
  /** The supplier cost the offer was priced with (number, as the supplier takes it). */
  cost_usd: number;
  created_at: string;
  updated_at: string;
  /** SHA-256 of the canonical order input (for the receipt). */
  input_sha256: string;
  payment: {
    /** Checksummed payer address. */
    payer: string;
    /** The decoded payment header as sent (a signed transfer authorization; not a secret). */
    raw: unknown;
    /** The terms it was verified against. */
    requirements: Record<string, unknown>;
    /** Settlement transaction, once known. */
    transaction?: string;
  };
  /** The supplier's order reference (`esim_tran_no` in events). */
  order_ref?: string;
  /** The supplier's profile id (to fetch the eSIM at status time, or cancel it). */
  profile_id?: string;
  /** Why the order was refused, failed to settle, or is waiting. */
  error?: { code: string; message: string; retryable?: boolean };
}
