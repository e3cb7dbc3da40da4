/**
 * Deno-only: the reference receiver's store on Deno KV. Keys:
 * `["supplier","order",transaction_id]` → order, `["supplier","order_ref",order_ref]` →
 * transaction_id, `["supplier","profile",profile_id]` → profile. Order creation is one atomic
 * commit guarded on the order key, so two concurrent POST /orders with the same
 * `transaction_id` give one order.
 *
 * @example
 * ```ts
 * import { KvReceiverStore } from "./receiver.ts";
 * const kv = await Deno.openKv(":memory:");
 * const store = new KvReceiverStore(kv);
 * await store.getOrder("tx-1"); // null
 * kv.close();
 * ```
 */
import type { ReceiverStore, StoredOrder, StoredProfile } from "../../../rails/receiver/store.ts";

const P = "supplier";

export class KvReceiverStore implements ReceiverStore {
  constructor(readonly kv: Deno.Kv) {}

  async getOrder(transactionId: string): Promise<StoredOrder | null> {
    return (await this.kv.get<StoredOrder>([P, "order", transactionId])).value;
  }

  async getOrderByRef(orderRef: string): Promise<StoredOrder | null> {
    const tx = (await this.kv.get<string>([P, "order_ref", orderRef])).value;
    return tx === null ? null : await this.getOrder(tx);
  }

  async createOrder(
    order: StoredOrder,
    profiles: StoredProfile[],
  ): Promise<{ created: boolean; order: StoredOrder }> {
    const key = [P, "order", order.transactionId];
    const op = this.kv.atomic().check({ key, versionstamp: null }).set(key, order)
      .set([P, "order_ref", order.orderRef], order.transactionId);
    for (const p of profiles) op.set([P, "profile", p.profile.profileId], p);
    const res = await op.commit();
    if (res.ok) return { created: true, order };
    const existing = await this.getOrder(order.transactionId);
    if (!existing) throw new Error("order commit failed without an existing order");
    return { created: false, order: existing };
  }

  async getProfile(profileId: string): Promise<StoredProfile | null> {
    return (await this.kv.get<StoredProfile>([P, "profile", profileId])).value;
  }

  async updateProfile(
    profileId: string,
    change: (current: StoredProfile) => StoredProfile | null,
  ): Promise<StoredProfile | null> {
    const key = [P, "profile", profileId];
    for (let attempt = 0; attempt < 20; attempt++) {
      const cur = await this.kv.get<StoredProfile>(key);
      if (cur.value === null) return null;
      const next = change(structuredClone(cur.value));
      if (!next) return cur.value;
      const res = await this.kv.atomic().check(cur).set(key, next).commit();
      if (res.ok) return next;
    }
    throw new Error(`profile ${profileId} is being changed concurrently; try again`);
  }
}
