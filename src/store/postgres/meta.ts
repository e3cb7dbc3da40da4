/** Node metadata on PostgreSQL (`esim_meta`, shared with the schema version). */
import type { MetaStore } from "../types.ts";
import type { Db } from "./client.ts";

export class PgMetaStore implements MetaStore {
  constructor(readonly db: Db) {}

  async get(name: string): Promise<string | null> {
    const rows = await this.db.run((sql) =>
      sql<{ value: string }[]>`SELECT value FROM esim_meta WHERE name = ${name}`
    );
    return rows[0]?.value ?? null;
  }

  async claim(name: string, value: string): Promise<string> {
    const rows = await this.db.run((sql) =>
      sql<{ value: string }[]>`
        WITH ins AS (
          INSERT INTO esim_meta (name, value) VALUES (${name}, ${value})
          ON CONFLICT (name) DO NOTHING RETURNING value)
        SELECT value FROM ins UNION ALL SELECT value FROM esim_meta WHERE name = ${name}`
    );
    return rows[0]?.value ?? value;
  }
}
