/**
 * Order records over the store (either backend). Every transition is one atomic write checked
 * against the version the caller read (compare-and-set on the previous state), so two workers,
 * on one node or many, can never both move an order. Open orders are indexed in the same write
 * so a restart finds them without scanning every order.
 *
 * Holds order records only: never an activation code, QR link or status token.
 *
 * @example
 * ```ts ignore
 * const orders = new OrderStore(store);
 * const entry = await orders.create(record);
 * const next = await orders.move(entry, "payment_verified");
 * ```
 */
import type { DataStore, OrderEntry } from "../store/types.ts";
import {
  canMove,
  isOpen,
  type OrderRecord,
  type OrderState,
} from "../../rails/node/order_state.ts";

export type { OrderEntry };

/** How long a cancelled or refused order stays readable on /status (7 days). */
export const CANCELLED_ORDER_TTL_MS = 7 * 86_400_000;

export class OrderStore {
  constructor(
    readonly store: Pick<DataStore, "orders">,
    readonly now: () => number = Date.now,
  ) {}

  /** Writes a new order; null when the id exists already. */
  create(record: OrderRecord): Promise<OrderEntry | null> {
    return this.store.orders.create(record, isOpen(record.state));
  }

  get(orderId: string): Promise<OrderEntry | null> {
    return this.store.orders.get(orderId);
  }

  /**
   * Moves `entry` to `to` with `patch` applied, only if nobody changed it since it was read.
   * Null when another writer won (re-read to see what happened). Throws `RangeError` for a move
   * the state machine does not have.
   */
  move(
    entry: OrderEntry,
    to: OrderState,
    patch: Partial<OrderRecord> = {},
  ): Promise<OrderEntry | null> {
    const from = entry.record.state;
    if (!canMove(from, to)) throw new RangeError(`order ${entry.record.order_id}: ${from} → ${to}`);
    const record: OrderRecord = {
      ...entry.record,
      ...patch,
      state: to,
      updated_at: new Date(this.now()).toISOString(),
    };
    // A cancelled or refused order (nothing was sold) is kept only long enough for its buyer to
    // read the outcome on /status; it then expires instead of growing the store forever.
    const expiresAtMs = to === "cancelled" || to === "refused"
      ? this.now() + CANCELLED_ORDER_TTL_MS
      : undefined;
    return this.store.orders.replace(entry.versionstamp, record, isOpen(to), expiresAtMs);
  }

  /** Every order record, oldest first (for the operator's `esim-rails orders`). */
  list(): Promise<OrderRecord[]> {
    return this.store.orders.list();
  }

  /** Ids of orders left in an intermediate state, oldest first. */
  openIds(): Promise<string[]> {
    return this.store.orders.openIds();
  }

  /** Takes or renews this node's lease on an order for `ms` (DESIGN.md §13: 15 s). */
  lease(orderId: string, holder: string, ms: number): Promise<boolean> {
    const now = this.now();
    return this.store.orders.lease(orderId, holder, now, now + ms);
  }

  unlease(orderId: string, holder: string): Promise<void> {
    return this.store.orders.unlease(orderId, holder);
  }
}
