/**
 * Shared rate-limit windows on PostgreSQL: one statement adds a batch of per-key deltas to the
 * window's counts (keys in a fixed order, so two nodes' batches never deadlock) and returns the
 * totals; rows of older windows are dropped as windows pass.
 */
import type { RateLimitStore } from "../types.ts";
import type { Db } from "./client.ts";

export class PgRateLimitStore implements RateLimitStore {
  #swept = -1;

  constructor(readonly db: Db) {}

  async add(window: number, deltas: ReadonlyMap<string, number>): Promise<Map<string, number>> {
    const keys = [...deltas.keys()].sort();
    const counts = keys.map((k) => deltas.get(k)!);
    const rows = await this.db.run((sql) =>
      sql<{ key: string; count: number }[]>`
        INSERT INTO esim_rate_limits (key, win, count)
        SELECT k, ${window}, d FROM unnest(${keys}::text[], ${counts}::bigint[])
          WITH ORDINALITY AS t(k, d, i) ORDER BY i
        ON CONFLICT (key, win) DO UPDATE SET count = esim_rate_limits.count + EXCLUDED.count
        RETURNING key, count`
    );
    if (this.#swept !== window) {
      this.#swept = window;
      await this.db.run((sql) => sql`DELETE FROM esim_rate_limits WHERE win < ${window - 1}`);
    }
    return new Map(rows.map((r) => [r.key, Number(r.count)]));
  }

  async load(window: number): Promise<Map<string, number>> {
    const rows = await this.db.run((sql) =>
      sql<{ key: string; count: number }[]>`
        SELECT key, count FROM esim_rate_limits WHERE win = ${window}`
    );
    return new Map(rows.map((r) => [r.key, Number(r.count)]));
  }
}
