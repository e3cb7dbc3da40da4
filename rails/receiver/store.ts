/**
 * Storage of the reference supplier receiver: orders (idempotent by `transaction_id`) and
 * their profiles. Two implementations: `MemoryReceiverStore` here (Web-standard, for tests and
 * for operators embedding the receiver) and `KvReceiverStore` in `kv_store_deno.ts` (Deno KV,
 * what `esim-rails supplier` uses).
 *
 * @example
 * ```ts
 * import { MemoryReceiverStore } from "./store.ts";
 * const store = new MemoryReceiverStore();
 * await store.getOrder("tx-1"); // null
 * ```
 */
import type { Profile } from "../supplier/types.ts";

export interface StoredOrder {
  transactionId: string;
  orderRef: string;
  planId: string;
  costUsd: number;
  /** ms since the epoch. */
  createdAt: number;
  profileIds: string[];
}

export interface StoredProfile {
  profile: Profile;
  /** The profile is listed from this time on (ms since the epoch); before, it is "being made". */
  readyAt: number;
}

export interface ReceiverStore {
  getOrder(transactionId: string): Promise<StoredOrder | null>;
  getOrderByRef(orderRef: string): Promise<StoredOrder | null>;
  /**
   * Stores the order and its profiles unless an order with the same `transactionId` exists,
   * atomically. Returns the order that is stored afterwards and whether it is the new one.
   */
  createOrder(
    order: StoredOrder,
    profiles: StoredProfile[],
  ): Promise<{ created: boolean; order: StoredOrder }>;
  getProfile(profileId: string): Promise<StoredProfile | null>;
  /**
   * Atomic read-modify-write of one profile: `change` returns the new record, or `null` to
   * leave it as it is. Resolves the record as stored afterwards, or `null` when unknown.
   */
  updateProfile(
    profileId: string,
    change: (current: StoredProfile) => StoredProfile | null,
  ): Promise<StoredProfile | null>;
}

function clone<T>(v: T): T {
  return structuredClone(v);
}

/** In-memory store (one process, lost at exit). */
export class MemoryReceiverStore implements ReceiverStore {
  readonly #orders = new Map<string, StoredOrder>();
  readonly #refs = new Map<string, string>();
  readonly #profiles = new Map<string, StoredProfile>();

  getOrder(transactionId: string): Promise<StoredOrder | null> {
    const o = this.#orders.get(transactionId);
    return Promise.resolve(o ? clone(o) : null);
  }

  getOrderByRef(orderRef: string): Promise<StoredOrder | null> {
    const tx = this.#refs.get(orderRef);
    return tx === undefined ? Promise.resolve(null) : this.getOrder(tx);
  }

  createOrder(
    order: StoredOrder,
    profiles: StoredProfile[],
  ): Promise<{ created: boolean; order: StoredOrder }> {
    const existing = this.#orders.get(order.transactionId);
    if (existing) return Promise.resolve({ created: false, order: clone(existing) });
    this.#orders.set(order.transactionId, clone(order));
    this.#refs.set(order.orderRef, order.transactionId);
    for (const p of profiles) this.#profiles.set(p.profile.profileId, clone(p));
    return Promise.resolve({ created: true, order: clone(order) });
  }

  getProfile(profileId: string): Promise<StoredProfile | null> {
    const p = this.#profiles.get(profileId);
    return Promise.resolve(p ? clone(p) : null);
  }

  updateProfile(
    profileId: string,
    change: (current: StoredProfile) => StoredProfile | null,
  ): Promise<StoredProfile | null> {
    const p = this.#profiles.get(profileId);
    if (!p) return Promise.resolve(null);
    const next = change(clone(p));
    if (next) this.#profiles.set(profileId, clone(next));
    return Promise.resolve(clone(next ?? p));
  }
}
