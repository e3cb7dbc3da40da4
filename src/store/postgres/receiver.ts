/**
 * The reference receiver's orders and profiles on PostgreSQL: an order and its profiles are
 * created in one transaction guarded on the order's primary key; profile changes are
 * compare-and-set on the row's version.
 */
import type { ReceiverStore } from "../types.ts";
import type { StoredOrder, StoredProfile } from "../../../rails/receiver/store.ts";
import type { Db } from "./client.ts";

export class PgReceiverStore implements ReceiverStore {
  constructor(readonly db: Db) {}

  async getOrder(transactionId: string): Promise<StoredOrder | null> {
    const rows = await this.db.run((sql) =>
      sql<{ record: StoredOrder }[]>`
        SELECT record FROM esim_receiver_orders WHERE transaction_id = ${transactionId}`
    );
    return rows[0]?.record ?? null;
  }

  async getOrderByRef(orderRef: string): Promise<StoredOrder | null> {
    const rows = await this.db.run((sql) =>
      sql<{ record: StoredOrder }[]>`
        SELECT record FROM esim_receiver_orders WHERE order_ref = ${orderRef}`
    );
    return rows[0]?.record ?? null;
  }

  async createOrder(
    order: StoredOrder,
    profiles: StoredProfile[],
  ): Promise<{ created: boolean; order: StoredOrder }> {
    const created = await this.db.run((sql) =>
      sql.begin(async (tx) => {
        const ins = await tx`
          INSERT INTO esim_receiver_orders (transaction_id, order_ref, record)
          VALUES (${order.transactionId}, ${order.orderRef}, ${tx.json(order as never)})
          ON CONFLICT (transaction_id) DO NOTHING RETURNING 1`;
        if (!ins.length) return false;
        for (const p of profiles) {
          await tx`INSERT INTO esim_receiver_profiles (profile_id, record)
            VALUES (${p.profile.profileId}, ${tx.json(p as never)})
            ON CONFLICT (profile_id) DO UPDATE SET record = EXCLUDED.record,
              version = nextval('esim_version')`;
        }
        return true;
      })
    );
    if (created) return { created: true, order };
    const existing = await this.getOrder(order.transactionId);
    if (!existing) throw new Error("order insert failed without an existing order");
    return { created: false, order: existing };
  }

  async getProfile(profileId: string): Promise<StoredProfile | null> {
    const rows = await this.db.run((sql) =>
      sql<{ record: StoredProfile }[]>`
        SELECT record FROM esim_receiver_profiles WHERE profile_id = ${profileId}`
    );
    return rows[0]?.record ?? null;
  }

  async updateProfile(
    profileId: string,
    change: (current: StoredProfile) => StoredProfile | null,
  ): Promise<StoredProfile | null> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const rows = await this.db.run((sql) =>
        sql<{ record: StoredProfile; version: number }[]>`
          SELECT record, version FROM esim_receiver_profiles WHERE profile_id = ${profileId}`
      );
      const cur = rows[0];
      if (!cur) return null;
      const next = change(structuredClone(cur.record));
      if (!next) return cur.record;
      const done = await this.db.run((sql) =>
        sql`UPDATE esim_receiver_profiles SET record = ${sql.json(next as never)},
              version = nextval('esim_version')
            WHERE profile_id = ${profileId} AND version = ${cur.version} RETURNING 1`
      );
      if (done.length) return next;
    }
    throw new Error(`profile ${profileId} is being changed concurrently; try again`);
  }
}
