/** Export and import of the PostgreSQL backend's durable records (`esim-rails store ...`). */
import type { ClaimRecord, DumpRecord, StoredEvent } from "../types.ts";
import type { OrderRecord } from "../../../rails/node/order_state.ts";
import type { StoredOrder, StoredProfile } from "../../../rails/receiver/store.ts";
import type { Db } from "./client.ts";

const KEEP_MS = 30 * 24 * 3600 * 1000;

export async function* pgDump(db: Db): AsyncGenerator<DumpRecord> {
  const sql = db.sql;
  for (
    const r of await db.run(() =>
      sql<{ name: string; value: string }[]>`
    SELECT name, value FROM esim_meta WHERE name <> 'schema_version' ORDER BY name`
    )
  ) {
    yield { kind: "meta", name: r.name, value: r.value };
  }
  for (
    const r of await db.run(() =>
      sql<{ from_addr: string; nonce: string; record: ClaimRecord }[]>`
    SELECT from_addr, nonce, record FROM esim_claims ORDER BY from_addr, nonce`
    )
  ) {
    yield { kind: "claim", from: r.from_addr, nonce: r.nonce, record: r.record };
  }
  for (
    const r of await db.run(() =>
      sql<{ record: OrderRecord; open: boolean }[]>`
    SELECT record, open FROM esim_orders ORDER BY created_at, order_id`
    )
  ) {
    yield { kind: "order", record: r.record, open: r.open };
  }
  for (
    const r of await db.run(() =>
      sql<{ record: StoredEvent }[]>`
    SELECT record FROM esim_events ORDER BY created_at, id`
    )
  ) {
    yield { kind: "event", record: r.record };
  }
  for (
    const r of await db.run(() =>
      sql<{ key: string; value: string }[]>`
    SELECT key, value FROM esim_idempotency ORDER BY key`
    )
  ) {
    yield { kind: "idempotency", key: r.key, value: r.value };
  }
  for (
    const r of await db.run(() =>
      sql<{ record: StoredOrder }[]>`
    SELECT record FROM esim_receiver_orders ORDER BY transaction_id`
    )
  ) {
    yield { kind: "receiver_order", order: r.record };
  }
  for (
    const r of await db.run(() =>
      sql<{ record: StoredProfile }[]>`
    SELECT record FROM esim_receiver_profiles ORDER BY profile_id`
    )
  ) {
    yield { kind: "receiver_profile", profile: r.record };
  }
}

export async function pgRestore(db: Db, rec: DumpRecord): Promise<boolean> {
  const rows = await db.run((sql) => {
    switch (rec.kind) {
      case "meta":
        return sql`INSERT INTO esim_meta (name, value) VALUES (${rec.name}, ${rec.value})
          ON CONFLICT DO NOTHING RETURNING 1`;
      case "claim":
        return sql`INSERT INTO esim_claims (from_addr, nonce, record, expires_at)
          VALUES (${rec.from.toLowerCase()}, ${rec.nonce.toLowerCase()},
            ${sql.json(rec.record as never)}, ${rec.record.expiresAt})
          ON CONFLICT DO NOTHING RETURNING 1`;
      case "order":
        return sql`INSERT INTO esim_orders (order_id, record, open, created_at)
          VALUES (${rec.record.order_id}, ${sql.json(rec.record as never)}, ${rec.open},
            ${rec.record.created_at})
          ON CONFLICT DO NOTHING RETURNING 1`;
      case "event":
        return sql`INSERT INTO esim_events (id, record, status, due_at, created_at)
          VALUES (${rec.record.id}, ${sql.json(rec.record as never)}, ${rec.record.status},
            ${rec.record.status === "pending" ? rec.record.next_at : null},
            ${rec.record.created_at})
          ON CONFLICT DO NOTHING RETURNING 1`;
      case "idempotency":
        return sql`INSERT INTO esim_idempotency (key, value, expires_at)
          VALUES (${rec.key}, ${rec.value}, ${Date.now() + KEEP_MS})
          ON CONFLICT DO NOTHING RETURNING 1`;
      case "receiver_order":
        return sql`INSERT INTO esim_receiver_orders (transaction_id, order_ref, record)
          VALUES (${rec.order.transactionId}, ${rec.order.orderRef}, ${
          sql.json(rec.order as never)
        })
          ON CONFLICT DO NOTHING RETURNING 1`;
      case "receiver_profile":
        return sql`INSERT INTO esim_receiver_profiles (profile_id, record)
          VALUES (${rec.profile.profile.profileId}, ${sql.json(rec.profile as never)})
          ON CONFLICT DO NOTHING RETURNING 1`;
    }
  });
  return rows.length === 1;
}
