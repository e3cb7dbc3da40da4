/** Supplier-order idempotency on PostgreSQL (eSIM Go orders by transaction id, 30 days). */
import type { IdempotencyStore } from "../types.ts";
import type { Db } from "./client.ts";

const KEEP_MS = 30 * 24 * 3600 * 1000;

export class PgIdempotencyStore implements IdempotencyStore {
  constructor(readonly db: Db, readonly now: () => number = Date.now) {}

  async get(key: string): Promise<string | null> {
    const rows = await this.db.run((sql) =>
      sql<{ value: string }[]>`
        SELECT value FROM esim_idempotency WHERE key = ${key} AND expires_at > ${this.now()}`
    );
    return rows[0]?.value ?? null;
  }

  async set(key: string, orderRef: string): Promise<void> {
    await this.db.run((sql) =>
      sql`INSERT INTO esim_idempotency (key, value, expires_at)
          VALUES (${key}, ${orderRef}, ${this.now() + KEEP_MS})
          ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`
    );
  }
}
