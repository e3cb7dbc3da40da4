/**
 * Order records in Deno KV. Every transition is one atomic write checked against the
 * versionstamp the caller read (compare-and-set on the previous state), so two workers can
 * never both move an order. Open orders are also indexed under `["node", "open", id]` (in the
 * same atomic write) so a restart finds them without scanning every order.
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
import type { Store } from "../store/kv.ts";
import {
  canMove,
  isOpen,
  type OrderRecord,
  type OrderState,
} from "../../rails/node/order_state.ts";

export interface OrderEntry {
  record: OrderRecord;
  versionstamp: string;
}

const ORDER = ["node", "order"] as const;
/** How long a cancelled or refused order stays readable on /status (7 days). */
export const CANCELLED_ORDER_TTL_MS = 7 * 86_400_000;
const OPEN = ["node", "open"] as const;

export class OrderStore {
  constructor(readonly store: Store, readonly now: () => number = Date.now) {}

  /** Writes a new order; false when the id exists already. */
  async create(record: OrderRecord): Promise<OrderEntry | null> {
    const key = [...ORDER, record.order_id];
    const atomic = this.store.kv.atomic().check({ key, versionstamp: null }).set(key, record);
    if (isOpen(record.state)) atomic.set([...OPEN, record.order_id], record.created_at);
    const res = await atomic.commit();
    return res.ok ? { record, versionstamp: res.versionstamp } : null;
  }

  async get(orderId: string): Promise<OrderEntry | null> {
    const e = await this.store.kv.get<OrderRecord>([...ORDER, orderId]);
    return e.value && e.versionstamp ? { record: e.value, versionstamp: e.versionstamp } : null;
  }

  /**
   * Moves `entry` to `to` with `patch` applied, only if nobody changed it since it was read.
   * Null when another writer won (re-read to see what happened). Throws `RangeError` for a move
   * the state machine does not have.
   */
  async move(
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
    const key = [...ORDER, record.order_id];
    // A cancelled or refused order (nothing was sold) is kept only long enough for its buyer to
    // read the outcome on /status; it then expires instead of growing the store forever.
    const atomic = this.store.kv.atomic().check({ key, versionstamp: entry.versionstamp }).set(
      key,
      record,
      to === "cancelled" || to === "refused" ? { expireIn: CANCELLED_ORDER_TTL_MS } : undefined,
    );
    if (!isOpen(to)) atomic.delete([...OPEN, record.order_id]);
    const res = await atomic.commit();
    return res.ok ? { record, versionstamp: res.versionstamp } : null;
  }

  /** Every order record, oldest first (for the operator's `esim-rails orders`). */
  async list(): Promise<OrderRecord[]> {
    const out: OrderRecord[] = [];
    for await (const e of this.store.list<OrderRecord>([...ORDER])) out.push(e.value);
    return out.sort((a, b) =>
      a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0
    );
  }

  /** Ids of orders left in an intermediate state, oldest first. */
  async openIds(): Promise<string[]> {
    const ids: { id: string; at: string }[] = [];
    for await (const e of this.store.list<string>([...OPEN])) {
      ids.push({ id: String(e.key[e.key.length - 1]), at: e.value });
    }
    return ids.sort((a, b) => a.at < b.at ? -1 : a.at > b.at ? 1 : 0).map((x) => x.id);
  }
}
