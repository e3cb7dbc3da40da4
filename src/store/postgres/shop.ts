/**
 * The storefront's store on PostgreSQL (`ShopStore`, src/shop/store.ts). Each order change is
 * one transaction: the order row (compare-and-set on its version), its open flag, its offset
 * reservation and its credited payment keys move together or not at all.
 *
 * - `create`: inserts the order, then takes the offset with one conditional upsert (free, or
 *   its reservation lapsed). Two creates racing for one offset on one chain: the second waits
 *   on the first's row, sees it reserved and rolls back ("offset_taken").
 * - `put`: the order's conditional UPDATE first, then each credit key with an upsert that only
 *   succeeds when the key is free or already this order's, so a payment is credited to one
 *   order at most, whichever node's watcher saw it.
 *
 * Tables (schema step 1): `esim_shop_orders`, `esim_shop_offsets`, `esim_shop_nonces`,
 * `esim_shop_credits`, `esim_shop_unattributed`, `esim_shop_cursors`.
 */
import { type CreateRefusal, type ShopStore, type WatchCursor, watched } from "../../shop/store.ts";
import type { ShopOrder, UnattributedTransfer, Versioned } from "../../shop/types.ts";
import type { Db } from "./client.ts";

/** Thrown inside a transaction to roll it back with a known outcome. */
class Refused extends Error {
  constructor(readonly why: CreateRefusal | "lost") {
    super(why);
  }
}

/** Lock conflicts PostgreSQL resolves by aborting one side: that side lost the race. */
function lostRace(err: unknown): boolean {
  const code = (err as { code?: string } | undefined)?.code;
  return code === "40P01" || code === "40001";
}

export class PgShopStore implements ShopStore {
  constructor(readonly db: Db) {}

  async create(order: ShopOrder, reserveUntil: number): Promise<Versioned | CreateRefusal> {
    try {
      const version = await this.db.run((sql) =>
        sql.begin(async (tx) => {
          const rows = await tx<{ version: number }[]>`
            INSERT INTO esim_shop_orders (order_id, record, created_at, open)
            VALUES (${order.order_id}, ${tx.json(order as never)}, ${order.created_at},
              ${watched(order)})
            ON CONFLICT (order_id) DO NOTHING RETURNING version`;
          if (!rows.length) throw new Refused("exists");
          if (order.offset > 0) {
            const now = Date.parse(order.created_at);
            const took = await tx`
              INSERT INTO esim_shop_offsets (chain, offset_units, order_id, until)
              VALUES (${order.chain}, ${order.offset}, ${order.order_id}, ${reserveUntil})
              ON CONFLICT (chain, offset_units) DO UPDATE
                SET order_id = EXCLUDED.order_id, until = EXCLUDED.until
                WHERE esim_shop_offsets.until <= ${now}
              RETURNING 1`;
            if (!took.length) throw new Refused("offset_taken");
          }
          return rows[0]!.version;
        })
      );
      return { order, version: String(version) };
    } catch (err) {
      if (err instanceof Refused && err.why !== "lost") return err.why;
      if (lostRace(err)) return "offset_taken";
      throw err;
    }
  }

  async get(orderId: string): Promise<Versioned | null> {
    const rows = await this.db.run((sql) =>
      sql<{ record: ShopOrder; version: number }[]>`
        SELECT record, version FROM esim_shop_orders WHERE order_id = ${orderId}`
    );
    const r = rows[0];
    return r ? { order: r.record, version: String(r.version) } : null;
  }

  async put(
    prev: Versioned,
    next: ShopOrder,
    opts: { credit?: string[]; uncredit?: string[] } = {},
  ): Promise<Versioned | null> {
    // Sorted, so two transactions take key locks in one order (no deadlock between them).
    const credit = [...new Set((opts.credit ?? []).map((k) => k.toLowerCase()))].sort();
    const uncredit = (opts.uncredit ?? []).map((k) => k.toLowerCase());
    try {
      const version = await this.db.run((sql) =>
        sql.begin(async (tx) => {
          const rows = await tx<{ version: number }[]>`
            UPDATE esim_shop_orders SET record = ${tx.json(next as never)},
              open = ${watched(next)}, version = nextval('esim_version')
            WHERE order_id = ${next.order_id} AND version = ${Number(prev.version)}
            RETURNING version`;
          if (!rows.length) throw new Refused("lost");
          for (const key of credit) {
            const took = await tx`
              INSERT INTO esim_shop_credits (key, order_id) VALUES (${key}, ${next.order_id})
              ON CONFLICT (key) DO UPDATE SET order_id = EXCLUDED.order_id
                WHERE esim_shop_credits.order_id = EXCLUDED.order_id
              RETURNING 1`;
            if (!took.length) throw new Refused("lost");
          }
          if (uncredit.length) {
            await tx`DELETE FROM esim_shop_credits WHERE key IN ${tx(uncredit)}`;
          }
          return rows[0]!.version;
        })
      );
      return { order: next, version: String(version) };
    } catch (err) {
      if (err instanceof Refused || lostRace(err)) return null;
      throw err;
    }
  }

  async orderByOffset(chain: string, offset: number, nowMs: number): Promise<string | null> {
    const rows = await this.db.run((sql) =>
      sql<{ order_id: string }[]>`
        SELECT order_id FROM esim_shop_offsets
        WHERE chain = ${chain} AND offset_units = ${offset} AND until > ${nowMs}`
    );
    return rows[0]?.order_id ?? null;
  }

  async indexNonce(chain: string, nonce: string, orderId: string): Promise<void> {
    await this.db.run((sql) =>
      sql`INSERT INTO esim_shop_nonces (chain, nonce, order_id)
        VALUES (${chain}, ${nonce.toLowerCase()}, ${orderId})
        ON CONFLICT (chain, nonce) DO UPDATE SET order_id = EXCLUDED.order_id`
    );
  }

  async orderByNonce(chain: string, nonce: string): Promise<string | null> {
    const rows = await this.db.run((sql) =>
      sql<{ order_id: string }[]>`
        SELECT order_id FROM esim_shop_nonces WHERE chain = ${chain}
          AND nonce = ${nonce.toLowerCase()}`
    );
    return rows[0]?.order_id ?? null;
  }

  async creditedTo(key: string): Promise<string | null> {
    const rows = await this.db.run((sql) =>
      sql<{ order_id: string }[]>`
        SELECT order_id FROM esim_shop_credits WHERE key = ${key.toLowerCase()}`
    );
    return rows[0]?.order_id ?? null;
  }

  async unfinishedIds(): Promise<string[]> {
    const rows = await this.db.run((sql) =>
      sql<{ order_id: string }[]>`
        SELECT order_id FROM esim_shop_orders WHERE open
        ORDER BY created_at, order_id COLLATE "C"`
    );
    return rows.map((r) => r.order_id);
  }

  async list(limit = 1000): Promise<ShopOrder[]> {
    const rows = await this.db.run((sql) =>
      sql<{ record: ShopOrder }[]>`
        SELECT record FROM esim_shop_orders
        ORDER BY created_at DESC, order_id COLLATE "C" LIMIT ${limit}`
    );
    return rows.map((r) => r.record);
  }

  async addUnattributed(t: UnattributedTransfer): Promise<boolean> {
    const rows = await this.db.run((sql) =>
      sql`INSERT INTO esim_shop_unattributed (key, record)
        VALUES (${t.key.toLowerCase()}, ${sql.json(t as never)})
        ON CONFLICT DO NOTHING RETURNING 1`
    );
    return rows.length === 1;
  }

  async removeUnattributed(key: string): Promise<void> {
    await this.db.run((sql) =>
      sql`DELETE FROM esim_shop_unattributed WHERE key = ${key.toLowerCase()}`
    );
  }

  async listUnattributed(): Promise<UnattributedTransfer[]> {
    const rows = await this.db.run((sql) =>
      sql<{ record: UnattributedTransfer }[]>`
        SELECT record FROM esim_shop_unattributed ORDER BY key COLLATE "C"`
    );
    return rows.map((r) => r.record);
  }

  async getCursor(chain: string): Promise<WatchCursor | null> {
    const rows = await this.db.run((sql) =>
      sql<{ cursor: WatchCursor }[]>`SELECT cursor FROM esim_shop_cursors WHERE chain = ${chain}`
    );
    return rows[0]?.cursor ?? null;
  }

  async setCursor(chain: string, cursor: WatchCursor): Promise<void> {
    await this.db.run((sql) =>
      sql`INSERT INTO esim_shop_cursors (chain, cursor) VALUES (${chain}, ${
        sql.json(cursor as never)
      }) ON CONFLICT (chain) DO UPDATE SET cursor = EXCLUDED.cursor`
    );
  }
}
