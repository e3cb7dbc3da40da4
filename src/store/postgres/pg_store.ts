/**
 * The PostgreSQL backend of the `DataStore` (DESIGN.md §13): `STORE_URL=postgres://...`, a
 * pooled client, the schema migrated at open. Any number of processes may open the same
 * database.
 */
import { type DataStore, type DumpRecord, StoreError } from "../types.ts";
import { maskStoreUrl } from "../../config/config.ts";
import { Db, isConnectionError, openPool } from "./client.ts";
import { migrate } from "./schema.ts";
import { PgClaimStore } from "./claims.ts";
import { PgOrderRecordStore } from "./orders.ts";
import { PgOutboxStore } from "./outbox.ts";
import { PgRateLimitStore } from "./rate_limits.ts";
import { PgIdempotencyStore } from "./idempotency.ts";
import { PgReceiverStore } from "./receiver.ts";
import { PgMetaStore } from "./meta.ts";
import { PgTlogStore } from "./tlog.ts";
import { PgShopStore } from "./shop.ts";
import { pgDump, pgRestore } from "./dump.ts";

export class PgStore implements DataStore {
  readonly backend = "postgres" as const;
  readonly location: string;
  readonly claims: PgClaimStore;
  readonly orders: PgOrderRecordStore;
  readonly outbox: PgOutboxStore;
  readonly rateLimits: PgRateLimitStore;
  readonly idempotency: PgIdempotencyStore;
  readonly receiver: PgReceiverStore;
  readonly meta: PgMetaStore;
  readonly tlog: PgTlogStore;
  readonly shop: PgShopStore;
  #closed?: Promise<void>;

  constructor(readonly db: Db) {
    this.location = maskStoreUrl(db.url);
    this.claims = new PgClaimStore(db);
    this.orders = new PgOrderRecordStore(db);
    this.outbox = new PgOutboxStore(db);
    this.rateLimits = new PgRateLimitStore(db);
    this.idempotency = new PgIdempotencyStore(db);
    this.receiver = new PgReceiverStore(db);
    this.meta = new PgMetaStore(db);
    this.tlog = new PgTlogStore(db);
    this.shop = new PgShopStore(db);
  }

  async ping(): Promise<void> {
    await this.db.run((sql) => sql`SELECT 1`);
  }

  dump(): AsyncIterable<DumpRecord> {
    return pgDump(this.db, this.tlog);
  }

  restore(rec: DumpRecord): Promise<boolean> {
    return pgRestore(this.db, this.tlog, rec);
  }

  close(): Promise<void> {
    return this.#closed ??= this.db.sql.end({ timeout: 5 });
  }
}

export interface PgOpenOptions {
  /** How long an unreachable database is retried (default 10 s). */
  retryMs?: number;
  /** Pool size per process (default 10). */
  max?: number;
  /** Create or upgrade the schema (default true). */
  migrate?: boolean;
}

/**
 * Connects (retrying an unreachable database for `retryMs`), migrates, and returns the store.
 * Fails with a StoreError naming STORE_URL, its password masked.
 */
export async function openPostgresStore(url: string, o: PgOpenOptions = {}): Promise<PgStore> {
  const db = new Db(openPool(url, o.max ?? 10), url);
  const deadline = Date.now() + (o.retryMs ?? 10_000);
  for (let wait = 100;; wait = Math.min(wait * 2, 1000)) {
    try {
      // A server that accepts the connection but does not speak PostgreSQL (STORE_URL naming an
      // HTTP port) never answers: each attempt is bounded, so start fails instead of hanging.
      const bound = Math.max(deadline - Date.now(), MIN_ATTEMPT_MS);
      if (o.migrate !== false) await answeredWithin(migrate(db.sql), bound);
      else await answeredWithin(db.sql`SELECT 1`, bound);
      return new PgStore(db);
    } catch (err) {
      if (isConnectionError(err) && Date.now() + wait < deadline) {
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      await db.sql.end({ timeout: 1 }).catch(() => {});
      if (err instanceof StoreError) throw err;
      throw new StoreError(
        `Cannot use the PostgreSQL store at STORE_URL ${maskStoreUrl(url)}: ` +
          (err as Error).message,
        { cause: err },
      );
    }
  }
}

/** The least time one start attempt gets, even when the retry window has nearly run out. */
const MIN_ATTEMPT_MS = 5_000;

/** Settles as `p` does, or rejects once `ms` pass without an answer. */
async function answeredWithin<T>(p: PromiseLike<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `no PostgreSQL answer within ${Math.round(ms / 1000)} s (is it a PostgreSQL server?)`,
          ),
        ),
      ms,
    );
  });
  const attempt = Promise.resolve(p);
  // Once the attempt is abandoned, its own late failure (the pool is ended) is expected.
  attempt.catch(() => {});
  try {
    return await Promise.race([attempt, late]);
  } finally {
    clearTimeout(timer);
  }
}
