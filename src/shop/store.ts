/**
 * What the storefront needs from a store backend. Every method that changes an order is one
 * atomic operation: the order, its indexes (open orders, unique-amount offsets, EIP-3009
 * nonces) and the idempotency keys of credited payments move together or not at all.
 * Backends: Deno KV `src/store/kv/shop.ts`, PostgreSQL `src/store/postgres/shop.ts`.
 */
import { type ShopOrder, type UnattributedTransfer, unfinished, type Versioned } from "./types.ts";

/**
 * Listed by `unfinishedIds`: unfinished, or holding a payment that is not final yet (an expired
 * order paid late). Both backends keep their open index by this rule.
 */
export function watched(o: ShopOrder): boolean {
  return unfinished(o.state) || o.payments.some((p) => !p.final);
}

/** Why a create did not happen. */
export type CreateRefusal = "offset_taken" | "exists";

/** Where a watcher has scanned up to on one chain. */
export interface WatchCursor {
  /** Next block to scan. */
  next_block: number;
  /** Wall time (ms) of the last poll that reached the chain head. */
  caught_up_at: number;
}

export interface ShopStore {
  /**
   * Writes a new order and reserves its unique-amount offset on its chain (when `offset > 0`),
   * refused when another order holds the offset (until `reserveUntil` of that order) or the id
   * exists. `reserveUntil` (ms) is how long the offset stays reserved (past expiry, so a late
   * payment still finds its order).
   */
  create(order: ShopOrder, reserveUntil: number): Promise<Versioned | CreateRefusal>;
  get(orderId: string): Promise<Versioned | null>;
  /**
   * Replaces the order if nobody changed it since `prev` was read (compare-and-set). Keeps the
   * open index in step. `credit` lists payment keys to mark as credited in the same operation
   * (refused if any is already credited to another order); `uncredit` removes keys (a
   * reorged-out payment). Null when another writer won or a key is taken.
   */
  put(
    prev: Versioned,
    next: ShopOrder,
    opts?: { credit?: string[]; uncredit?: string[] },
  ): Promise<Versioned | null>;
  /** The order holding `offset` on `chain`, if its reservation is still valid at `nowMs`. */
  orderByOffset(chain: string, offset: number, nowMs: number): Promise<string | null>;
  /** Records which order an EIP-3009 nonce belongs to (kept until the order is removed). */
  indexNonce(chain: string, nonce: string, orderId: string): Promise<void>;
  orderByNonce(chain: string, nonce: string): Promise<string | null>;
  /** The order a payment key was credited to. */
  creditedTo(key: string): Promise<string | null>;
  /**
   * Ids of unfinished orders (not delivered, expired or refund_due) and of orders holding a
   * payment not final yet, oldest first.
   */
  unfinishedIds(): Promise<string[]>;
  /** Every order, newest first (bounded by `limit`). */
  list(limit?: number): Promise<ShopOrder[]>;
  /** Keeps an unattributed transfer (idempotent by key); true when it was not kept yet. */
  addUnattributed(t: UnattributedTransfer): Promise<boolean>;
  removeUnattributed(key: string): Promise<void>;
  listUnattributed(): Promise<UnattributedTransfer[]>;
  getCursor(chain: string): Promise<WatchCursor | null>;
  setCursor(chain: string, cursor: WatchCursor): Promise<void>;
}
