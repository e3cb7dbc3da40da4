/** Export and import of the PostgreSQL backend's durable records (`esim-rails store ...`). */
import type { ClaimRecord, DumpRecord, StoredEvent } from "../types.ts";
import type { OrderRecord } from "../../../rails/node/order_state.ts";
import type { StoredOrder, StoredProfile } from "../../../rails/receiver/store.ts";
import type { Db } from "./client.ts";
import type { TlogStore } from "../../tlog/store.ts";
import { tlogDump, tlogRestore } from "../../tlog/dump.ts";
import { type WatchCursor, watched } from "../../shop/store.ts";
import type { ShopOrder, UnattributedTransfer } from "../../shop/types.ts";

const KEEP_MS = 30 * 24 * 3600 * 1000;

export async function* pgDump(db: Db, tlog: TlogStore): AsyncGenerator<DumpRecord> {
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
  yield* tlogDump(tlog);
  yield* shopDump(db);
}

/** The storefront's tables (src/store/postgres/shop.ts). */
async function* shopDump(db: Db): AsyncGenerator<DumpRecord> {
  // Orders page by id: a shop may hold many.
  for (let after = "";;) {
    const from = after;
    const rows = await db.run((sql) =>
      sql<{ order_id: string; record: ShopOrder }[]>`
        SELECT order_id, record FROM esim_shop_orders WHERE order_id > ${from}
        ORDER BY order_id LIMIT 500`
    );
    if (!rows.length) break;
    for (const r of rows) yield { kind: "shop_order", order: r.record };
    after = rows.at(-1)!.order_id;
  }
  for (
    const r of await db.run((sql) =>
      sql<{ chain: string; offset_units: number; order_id: string; until: number }[]>`
        SELECT chain, offset_units, order_id, until FROM esim_shop_offsets
        ORDER BY chain, offset_units`
    )
  ) {
    yield {
      kind: "shop_offset",
      chain: r.chain,
      offset: r.offset_units,
      order_id: r.order_id,
      until: r.until,
    };
  }
  for (
    const r of await db.run((sql) =>
      sql<{ chain: string; nonce: string; order_id: string }[]>`
        SELECT chain, nonce, order_id FROM esim_shop_nonces ORDER BY chain, nonce`
    )
  ) {
    yield { kind: "shop_nonce", chain: r.chain, nonce: r.nonce, order_id: r.order_id };
  }
  for (
    const r of await db.run((sql) =>
      sql<{ key: string; order_id: string }[]>`
        SELECT key, order_id FROM esim_shop_credits ORDER BY key`
    )
  ) {
    yield { kind: "shop_credit", key: r.key, order_id: r.order_id };
  }
  for (
    const r of await db.run((sql) =>
      sql<{ record: UnattributedTransfer }[]>`
        SELECT record FROM esim_shop_unattributed ORDER BY key`
    )
  ) {
    yield { kind: "shop_unattributed", transfer: r.record };
  }
  for (
    const r of await db.run((sql) =>
      sql<{ chain: string; cursor: WatchCursor }[]>`
        SELECT chain, cursor FROM esim_shop_cursors ORDER BY chain`
    )
  ) {
    yield { kind: "shop_cursor", chain: r.chain, cursor: r.cursor };
  }
}

export async function pgRestore(db: Db, tlog: TlogStore, rec: DumpRecord): Promise<boolean> {
  switch (rec.kind) {
    case "tlog_leaf":
    case "tlog_toolset":
    case "tlog_checkpoint":
    case "tlog_registry":
    case "tlog_crawl":
      return await tlogRestore(tlog, rec);
  }
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
      case "shop_order":
        return sql`INSERT INTO esim_shop_orders (order_id, record, created_at, open)
          VALUES (${rec.order.order_id}, ${sql.json(rec.order as never)}, ${rec.order.created_at},
            ${watched(rec.order)})
          ON CONFLICT DO NOTHING RETURNING 1`;
      case "shop_offset":
        return sql`INSERT INTO esim_shop_offsets (chain, offset_units, order_id, until)
          VALUES (${rec.chain}, ${rec.offset}, ${rec.order_id}, ${rec.until})
          ON CONFLICT DO NOTHING RETURNING 1`;
      case "shop_nonce":
        return sql`INSERT INTO esim_shop_nonces (chain, nonce, order_id)
          VALUES (${rec.chain}, ${rec.nonce.toLowerCase()}, ${rec.order_id})
          ON CONFLICT DO NOTHING RETURNING 1`;
      case "shop_credit":
        return sql`INSERT INTO esim_shop_credits (key, order_id)
          VALUES (${rec.key.toLowerCase()}, ${rec.order_id})
          ON CONFLICT DO NOTHING RETURNING 1`;
      case "shop_unattributed":
        return sql`INSERT INTO esim_shop_unattributed (key, record)
          VALUES (${rec.transfer.key.toLowerCase()}, ${sql.json(rec.transfer as never)})
          ON CONFLICT DO NOTHING RETURNING 1`;
      case "shop_cursor":
        return sql`INSERT INTO esim_shop_cursors (chain, cursor)
          VALUES (${rec.chain}, ${sql.json(rec.cursor as never)})
          ON CONFLICT DO NOTHING RETURNING 1`;
    }
  });
  return rows.length === 1;
}
