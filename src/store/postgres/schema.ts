/**
 * The PostgreSQL schema and its migrations (DESIGN.md §13). `migrate` runs every step the
 * database has not seen, in one transaction holding an advisory lock, so concurrent starts
 * (and `esim-rails store migrate`) serialize and each step runs once. A database whose schema
 * is newer than this binary knows is refused. No extensions, no superuser: plain tables in
 * the connecting user's default schema.
 */
import { StoreError } from "../types.ts";
import type { Sql } from "./client.ts";

/** Arbitrary constant naming esim-rails's migration lock. */
const MIGRATION_LOCK = 0x65_73_69_6d; // "esim"

/** Each entry upgrades version i to i + 1. Append only; never edit a released step. */
const STEPS: readonly string[][] = [
  [
    `CREATE SEQUENCE IF NOT EXISTS esim_version`,
    `CREATE TABLE IF NOT EXISTS esim_claims (
      from_addr text NOT NULL, nonce text NOT NULL, record jsonb NOT NULL,
      expires_at bigint NOT NULL, version bigint NOT NULL DEFAULT nextval('esim_version'),
      PRIMARY KEY (from_addr, nonce))`,
    `CREATE TABLE IF NOT EXISTS esim_orders (
      order_id text PRIMARY KEY, record jsonb NOT NULL, open boolean NOT NULL,
      created_at text NOT NULL, version bigint NOT NULL DEFAULT nextval('esim_version'),
      lease_holder text, lease_until bigint, expires_at bigint)`,
    `CREATE INDEX IF NOT EXISTS esim_orders_open ON esim_orders (created_at) WHERE open`,
    `CREATE TABLE IF NOT EXISTS esim_events (
      id text PRIMARY KEY, record jsonb NOT NULL, status text NOT NULL, due_at bigint,
      created_at text NOT NULL, expires_at bigint,
      version bigint NOT NULL DEFAULT nextval('esim_version'))`,
    `CREATE INDEX IF NOT EXISTS esim_events_due ON esim_events (due_at) WHERE due_at IS NOT NULL`,
    `CREATE TABLE IF NOT EXISTS esim_rate_limits (
      key text NOT NULL, win bigint NOT NULL, count bigint NOT NULL, PRIMARY KEY (key, win))`,
    `CREATE TABLE IF NOT EXISTS esim_idempotency (
      key text PRIMARY KEY, value text NOT NULL, expires_at bigint NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS esim_receiver_orders (
      transaction_id text PRIMARY KEY, order_ref text NOT NULL UNIQUE, record jsonb NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS esim_receiver_profiles (
      profile_id text PRIMARY KEY, record jsonb NOT NULL,
      version bigint NOT NULL DEFAULT nextval('esim_version'))`,
    // The transparency log (src/store/postgres/tlog.ts).
    `CREATE TABLE IF NOT EXISTS esim_tlog_size (
      id smallint PRIMARY KEY CHECK (id = 0), size bigint NOT NULL)`,
    `INSERT INTO esim_tlog_size (id, size) VALUES (0, 0) ON CONFLICT DO NOTHING`,
    `CREATE TABLE IF NOT EXISTS esim_tlog_leaves (idx bigint PRIMARY KEY, leaf bytea NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS esim_tlog_nodes (
      level smallint NOT NULL, idx bigint NOT NULL, hash bytea NOT NULL, PRIMARY KEY (level, idx))`,
    `CREATE TABLE IF NOT EXISTS esim_tlog_index (
      kind text NOT NULL, key text NOT NULL, leaf_index bigint NOT NULL, entry jsonb NOT NULL,
      PRIMARY KEY (kind, key, leaf_index))`,
    // Text, not jsonb: a tool set is read back byte for byte as it was hashed.
    `CREATE TABLE IF NOT EXISTS esim_tlog_toolsets (sha256 text PRIMARY KEY, tools text NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS esim_tlog_registry (
      name text COLLATE "C" PRIMARY KEY, entry jsonb NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS esim_tlog_checkpoints (size bigint PRIMARY KEY, note text NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS esim_tlog_crawl (
      id smallint PRIMARY KEY CHECK (id = 0), state jsonb NOT NULL)`,
    // The storefront (src/store/postgres/shop.ts). Ids, timestamps and names sort as bytes
    // (COLLATE "C"), as Deno KV orders keys, whatever the database's locale.
    `CREATE TABLE IF NOT EXISTS esim_shop_orders (
      order_id text COLLATE "C" PRIMARY KEY, record jsonb NOT NULL,
      created_at text COLLATE "C" NOT NULL, open boolean NOT NULL, version bigint NOT NULL DEFAULT nextval('esim_version'))`,
    `CREATE INDEX IF NOT EXISTS esim_shop_orders_open ON esim_shop_orders (created_at) WHERE open`,
    `CREATE INDEX IF NOT EXISTS esim_shop_orders_created ON esim_shop_orders (created_at)`,
    `CREATE TABLE IF NOT EXISTS esim_shop_offsets (
      chain text NOT NULL, offset_units integer NOT NULL, order_id text NOT NULL,
      until bigint NOT NULL, PRIMARY KEY (chain, offset_units))`,
    `CREATE TABLE IF NOT EXISTS esim_shop_nonces (
      chain text NOT NULL, nonce text NOT NULL, order_id text NOT NULL, PRIMARY KEY (chain, nonce))`,
    `CREATE TABLE IF NOT EXISTS esim_shop_credits (key text PRIMARY KEY, order_id text NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS esim_shop_unattributed (
      key text COLLATE "C" PRIMARY KEY, record jsonb NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS esim_shop_cursors (chain text PRIMARY KEY, cursor jsonb NOT NULL)`,
  ],
];

/** The schema version this binary writes. */
export const SCHEMA_VERSION = STEPS.length;

export interface MigrateResult {
  from: number;
  to: number;
}

/** Creates or upgrades the schema; idempotent and safe to run from many processes at once. */
export async function migrate(sql: Sql): Promise<MigrateResult> {
  return await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx.unsafe(
      `CREATE TABLE IF NOT EXISTS esim_meta (name text PRIMARY KEY, value text NOT NULL)`,
    );
    const rows = await tx<{ value: string }[]>`
      SELECT value FROM esim_meta WHERE name = 'schema_version'`;
    const from = rows.length ? Number(rows[0]!.value) : 0;
    if (from > SCHEMA_VERSION) {
      throw new StoreError(
        `The database schema is version ${from}, newer than this esim-rails knows ` +
          `(${SCHEMA_VERSION}); upgrade esim-rails before starting it on this database`,
      );
    }
    for (let v = from; v < SCHEMA_VERSION; v++) {
      for (const statement of STEPS[v]!) await tx.unsafe(statement);
    }
    if (from !== SCHEMA_VERSION) {
      await tx`INSERT INTO esim_meta (name, value) VALUES ('schema_version', ${
        String(SCHEMA_VERSION)
      })
        ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`;
    }
    return { from, to: SCHEMA_VERSION };
  }) as MigrateResult;
}
