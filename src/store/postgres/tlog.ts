/**
 * The transparency log's store on PostgreSQL (`TlogStore`, src/tlog/store.ts). An append is
 * one transaction that first moves the tree size with a conditional UPDATE (`size = index`):
 * of two appenders on any nodes, the second waits on the row lock, finds the size moved and
 * rolls back with nothing written, so no index is ever taken twice.
 *
 * Tables (schema step 1): `esim_tlog_size` (one row), `esim_tlog_leaves`, `esim_tlog_nodes`
 * (complete-subtree hashes), `esim_tlog_index` (by name and by endpoint),
 * `esim_tlog_toolsets`, `esim_tlog_registry`, `esim_tlog_checkpoints`, `esim_tlog_crawl`.
 */
import type {
  AppendBatch,
  CrawlState,
  IndexEntry,
  RegistryEntry,
  TlogStore,
} from "../../tlog/store.ts";
import type { Hash } from "../../tlog/merkle.ts";
import type { Db } from "./client.ts";

/** Thrown inside the append transaction to roll it back when the size has moved. */
class Moved extends Error {}

/** bytea comes back as a Buffer: hand out plain bytes like the KV backend. */
const bytes = (b: Uint8Array): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.length);

export class PgTlogStore implements TlogStore {
  /** One transaction may be large; keep a batch's parameters and WAL record modest. */
  readonly maxBatchBytes = 4_000_000;

  constructor(readonly db: Db) {}

  async treeSize(): Promise<number> {
    const rows = await this.db.run((sql) =>
      sql<{ size: number }[]>`SELECT size FROM esim_tlog_size WHERE id = 0`
    );
    return rows[0]?.size ?? 0;
  }

  async append(batch: AppendBatch): Promise<boolean> {
    if (!batch.leaves.length) return (await this.treeSize()) === batch.index;
    const leaves = batch.leaves.map((l, k) => ({ idx: batch.index + k, leaf: l.leaf }));
    const nodes = batch.leaves.flatMap((l) =>
      l.nodes.map((n) => ({ level: n.level, idx: n.index, hash: n.hash }))
    );
    const index = batch.leaves.flatMap((l, k) => {
      const e = l.entry;
      const i = batch.index + k;
      return [
        ...(e.name !== undefined ? [{ kind: "name", key: e.name, leaf_index: i, entry: e }] : []),
        ...(e.endpoint !== undefined
          ? [{ kind: "endpoint", key: e.endpoint, leaf_index: i, entry: e }]
          : []),
      ];
    });
    try {
      await this.db.run((sql) =>
        sql.begin(async (tx) => {
          const moved = await tx`UPDATE esim_tlog_size
            SET size = ${batch.index + batch.leaves.length}
            WHERE id = 0 AND size = ${batch.index} RETURNING 1`;
          if (moved.length !== 1) throw new Moved();
          await tx`INSERT INTO esim_tlog_leaves ${tx(leaves, "idx", "leaf")}`;
          await tx`INSERT INTO esim_tlog_nodes ${tx(nodes, "level", "idx", "hash")}`;
          if (index.length) {
            const rows = index.map((e) => ({ ...e, entry: tx.json(e.entry as never) }));
            await tx`INSERT INTO esim_tlog_index ${tx(rows, "kind", "key", "leaf_index", "entry")}`;
          }
        })
      );
      return true;
    } catch (err) {
      if (err instanceof Moved) return false;
      throw err;
    }
  }

  async leaf(index: number): Promise<Uint8Array | null> {
    const rows = await this.db.run((sql) =>
      sql<{ leaf: Uint8Array }[]>`SELECT leaf FROM esim_tlog_leaves WHERE idx = ${index}`
    );
    return rows[0] ? bytes(rows[0].leaf) : null;
  }

  async *leaves(start: number, end: number) {
    // Pages, not one result: a log may hold millions of leaves.
    for (let from = start; from < end;) {
      const rows = await this.db.run((sql) =>
        sql<{ idx: number; leaf: Uint8Array }[]>`
          SELECT idx, leaf FROM esim_tlog_leaves WHERE idx >= ${from} AND idx < ${end}
          ORDER BY idx LIMIT 500`
      );
      if (!rows.length) return;
      for (const r of rows) yield { index: r.idx, leaf: bytes(r.leaf) };
      from = rows.at(-1)!.idx + 1;
    }
  }

  async node(level: number, index: number): Promise<Hash | null> {
    const rows = await this.db.run((sql) =>
      sql<{ hash: Uint8Array }[]>`
        SELECT hash FROM esim_tlog_nodes WHERE level = ${level} AND idx = ${index}`
    );
    return rows[0] ? bytes(rows[0].hash) : null;
  }

  async #index(kind: string, key: string): Promise<IndexEntry[]> {
    const rows = await this.db.run((sql) =>
      sql<{ entry: IndexEntry }[]>`
        SELECT entry FROM esim_tlog_index WHERE kind = ${kind} AND key = ${key}
        ORDER BY leaf_index`
    );
    return rows.map((r) => r.entry);
  }

  byName(name: string): Promise<IndexEntry[]> {
    return this.#index("name", name);
  }

  byEndpoint(endpoint: string): Promise<IndexEntry[]> {
    return this.#index("endpoint", endpoint);
  }

  async putToolSet(sha256: string, tools: unknown[]): Promise<boolean> {
    const rows = await this.db.run((sql) =>
      sql`INSERT INTO esim_tlog_toolsets (sha256, tools) VALUES (${sha256}, ${
        JSON.stringify(tools)
      }) ON CONFLICT DO NOTHING RETURNING 1`
    );
    return rows.length === 1;
  }

  async getToolSet(sha256: string): Promise<unknown[] | null> {
    const rows = await this.db.run((sql) =>
      sql<{ tools: string }[]>`SELECT tools FROM esim_tlog_toolsets WHERE sha256 = ${sha256}`
    );
    return rows[0] ? JSON.parse(rows[0].tools) : null;
  }

  async getCrawlState(): Promise<CrawlState | null> {
    const rows = await this.db.run((sql) =>
      sql<{ state: CrawlState }[]>`SELECT state FROM esim_tlog_crawl WHERE id = 0`
    );
    return rows[0]?.state ?? null;
  }

  async setCrawlState(state: CrawlState): Promise<void> {
    await this.db.run((sql) =>
      sql`INSERT INTO esim_tlog_crawl (id, state) VALUES (0, ${sql.json(state as never)})
        ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state`
    );
  }

  async putRegistryEntry(entry: RegistryEntry): Promise<void> {
    await this.db.run((sql) =>
      sql`INSERT INTO esim_tlog_registry (name, entry)
        VALUES (${entry.name}, ${sql.json(entry as never)})
        ON CONFLICT (name) DO UPDATE SET entry = EXCLUDED.entry`
    );
  }

  async getRegistryEntry(name: string): Promise<RegistryEntry | null> {
    const rows = await this.db.run((sql) =>
      sql<{ entry: RegistryEntry }[]>`SELECT entry FROM esim_tlog_registry WHERE name = ${name}`
    );
    return rows[0]?.entry ?? null;
  }

  async *registryEntries(after?: string) {
    // Name order as bytes (COLLATE "C"), as Deno KV orders its string keys.
    let cursor = after;
    for (;;) {
      const from = cursor;
      const rows = await this.db.run((sql) =>
        sql<{ name: string; entry: RegistryEntry }[]>`
          SELECT name, entry FROM esim_tlog_registry
          WHERE ${from === undefined ? sql`true` : sql`name COLLATE "C" > ${from}`}
          ORDER BY name COLLATE "C" LIMIT 500`
      );
      if (!rows.length) return;
      for (const r of rows) yield r.entry;
      cursor = rows.at(-1)!.name;
    }
  }

  async putCheckpoint(size: number, note: string): Promise<boolean> {
    const rows = await this.db.run((sql) =>
      sql`INSERT INTO esim_tlog_checkpoints (size, note) VALUES (${size}, ${note})
        ON CONFLICT DO NOTHING RETURNING 1`
    );
    return rows.length === 1;
  }

  async latestCheckpoint(): Promise<{ size: number; note: string } | null> {
    const rows = await this.db.run((sql) =>
      sql<{ size: number; note: string }[]>`
        SELECT size, note FROM esim_tlog_checkpoints ORDER BY size DESC LIMIT 1`
    );
    return rows[0] ?? null;
  }

  async *checkpoints() {
    for (let from = -1;;) {
      const after = from;
      const rows = await this.db.run((sql) =>
        sql<{ size: number; note: string }[]>`
          SELECT size, note FROM esim_tlog_checkpoints WHERE size > ${after}
          ORDER BY size LIMIT 500`
      );
      if (!rows.length) return;
      for (const r of rows) yield { size: r.size, note: r.note };
      from = rows.at(-1)!.size;
    }
  }
}
