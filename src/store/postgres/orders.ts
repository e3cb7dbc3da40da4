/**
 * Seller-node orders on PostgreSQL: every write one conditional statement on the version read
 * (compare-and-set); leases are columns of the order row, taken with one conditional UPDATE.
 */
import type { OrderEntry, OrderRecordStore } from "../types.ts";
import type { OrderRecord } from "../../../rails/node/order_state.ts";
import type { Db } from "./client.ts";

export class PgOrderRecordStore implements OrderRecordStore {
  constructor(readonly db: Db) {}

  async create(record: OrderRecord, open: boolean): Promise<OrderEntry | null> {
    const rows = await this.db.run((sql) =>
      sql<{ version: number }[]>`
        INSERT INTO esim_orders (order_id, record, open, created_at)
        VALUES (${record.order_id}, ${sql.json(record as never)}, ${open}, ${record.created_at})
        ON CONFLICT (order_id) DO NOTHING RETURNING version`
    );
    return rows.length ? { record, versionstamp: String(rows[0]!.version) } : null;
  }

  async get(orderId: string): Promise<OrderEntry | null> {
    const rows = await this.db.run((sql) =>
      sql<{ record: OrderRecord; version: number }[]>`
        SELECT record, version FROM esim_orders WHERE order_id = ${orderId}
          AND (expires_at IS NULL OR expires_at > ${Date.now()})`
    );
    const row = rows[0];
    return row ? { record: row.record, versionstamp: String(row.version) } : null;
  }

  async replace(
    versionstamp: string,
    record: OrderRecord,
    open: boolean,
    expiresAtMs?: number,
  ): Promise<OrderEntry | null> {
    const rows = await this.db.run((sql) =>
      sql<{ version: number }[]>`
        UPDATE esim_orders SET record = ${sql.json(record as never)}, open = ${open},
          expires_at = ${expiresAtMs ?? null}, version = nextval('esim_version')
        WHERE order_id = ${record.order_id} AND version = ${Number(versionstamp)}
        RETURNING version`
    );
    return rows.length ? { record, versionstamp: String(rows[0]!.version) } : null;
  }

  async openIds(): Promise<string[]> {
    // Every node sweeps open orders periodically: a good moment to drop expired ones.
    await this.db.run((sql) =>
      sql`DELETE FROM esim_orders WHERE expires_at IS NOT NULL AND expires_at <= ${Date.now()}`
    );
    const rows = await this.db.run((sql) =>
      sql<{ order_id: string }[]>`
        SELECT order_id FROM esim_orders WHERE open ORDER BY created_at, order_id`
    );
    return rows.map((r) => r.order_id);
  }

  async list(): Promise<OrderRecord[]> {
    const rows = await this.db.run((sql) =>
      sql<{ record: OrderRecord }[]>`
        SELECT record FROM esim_orders WHERE expires_at IS NULL OR expires_at > ${Date.now()}
        ORDER BY created_at, order_id`
    );
    return rows.map((r) => r.record);
  }

  async lease(orderId: string, holder: string, nowMs: number, untilMs: number): Promise<boolean> {
    const rows = await this.db.run((sql) =>
      sql`UPDATE esim_orders SET lease_holder = ${holder}, lease_until = ${untilMs}
          WHERE order_id = ${orderId} AND (lease_holder IS NULL OR lease_holder = ${holder}
            OR lease_until <= ${nowMs})
          RETURNING 1`
    );
    return rows.length === 1;
  }

  async unlease(orderId: string, holder: string): Promise<void> {
    await this.db.run((sql) =>
      sql`UPDATE esim_orders SET lease_holder = NULL, lease_until = NULL
          WHERE order_id = ${orderId} AND lease_holder = ${holder}`
    );
  }
}
