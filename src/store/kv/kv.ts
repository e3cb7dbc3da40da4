/**
 * The store: a thin typed layer over Deno KV. Every module reaches KV through this class so
 * that the atomic idioms (insert-if-absent, check-and-set, counters) are written once.
 *
 * Facts this relies on (DESIGN.md §9): one process per KV file. SQLite does not always refuse
 * a second opener (it may open and later fail with "database is locked"), so `open` takes an
 * exclusive advisory lock on `<path>.lock`, which the OS releases when the process dies.
 * `expireIn` is lazy, so records that must expire carry their own
 * timestamps and readers check them.
 *
 * @example
 * ```ts
 * import { Store } from "./kv.ts";
 * const store = await Store.open(":memory:");
 * await store.insertIfAbsent(["claim", "a"], { at: Date.now() }); // true
 * await store.insertIfAbsent(["claim", "a"], { at: Date.now() }); // false
 * store.close();
 * ```
 */

import {
  type ClaimStore,
  type DataStore,
  type DumpRecord,
  type IdempotencyStore,
  type MetaStore,
  type OrderRecordStore,
  type OutboxStore,
  type RateLimitStore,
  type ReceiverStore,
  StoreError,
} from "../types.ts";
import { KvClaimStore } from "./claims.ts";
import { KvOrderRecordStore } from "./orders.ts";
import { KvOutboxStore } from "./outbox.ts";
import { KvRateLimitStore } from "./rate_limits.ts";
import { KvIdempotencyStore } from "./idempotency.ts";
import { KvReceiverStore } from "./receiver.ts";
import { KvMetaStore } from "./meta.ts";
import type { TlogStore } from "../../tlog/store.ts";
import type { ShopStore } from "../../shop/store.ts";
import { KvTlogStore } from "./tlog.ts";
import { KvShopStore } from "./shop.ts";

export { StoreError };

export interface WriteOptions {
  /** Milliseconds after which KV may drop the value (lazily: readers must not rely on it). */
  expireIn?: number;
}

/**
 * The Deno KV backend of the `DataStore` (src/store/types.ts): its sub-stores are built on first
 * use over the same KV handle. The generic helpers below (`insertIfAbsent`, `update`, ...) are
 * for writing further KV sub-stores.
 */
export class Store implements DataStore {
  readonly backend = "kv" as const;
  readonly kv: Deno.Kv;
  readonly path: string;
  readonly #lock?: Deno.FsFile;
  #closed = false;

  private constructor(kv: Deno.Kv, path: string, lock?: Deno.FsFile) {
    this.kv = kv;
    this.path = path;
    this.#lock = lock;
  }

  /** Opens (creating if needed) the KV file at `path`, or an in-memory store for `":memory:"`. */
  static async open(path: string): Promise<Store> {
    let lock: Deno.FsFile | undefined;
    if (path !== ":memory:") {
      const slash = path.lastIndexOf("/");
      if (slash > 0) await Deno.mkdir(path.slice(0, slash), { recursive: true, mode: 0o700 });
      lock = await Deno.open(`${path}.lock`, { create: true, write: true, mode: 0o600 });
      if (!(await lock.tryLock(true))) {
        lock.close();
        throw new StoreError(
          `KV file ${path} is in use by another process; Deno KV allows one process per file ` +
            `(stop the other process or set KV_PATH to another file)`,
        );
      }
    }
    try {
      const kv = await Deno.openKv(path);
      // The file holds no secrets by design, but orders and payments are nobody else's business.
      if (path !== ":memory:") await Deno.chmod(path, 0o600).catch(() => {});
      return new Store(kv, path, lock);
    } catch (err) {
      lock?.close();
      const msg = String((err as Error).message ?? err);
      if (/locked|busy/i.test(msg)) {
        throw new StoreError(
          `KV file ${path} is in use by another process; Deno KV allows one process per file ` +
            `(stop the other process or set KV_PATH to another file)`,
          { cause: err },
        );
      }
      throw new StoreError(`Cannot open KV file ${path}: ${msg}`, { cause: err });
    }
  }

  get location(): string {
    return this.path;
  }

  #claims?: ClaimStore;
  get claims(): ClaimStore {
    return this.#claims ??= new KvClaimStore(this.kv);
  }
  #orders?: OrderRecordStore;
  get orders(): OrderRecordStore {
    return this.#orders ??= new KvOrderRecordStore(this.kv);
  }
  #outbox?: OutboxStore;
  get outbox(): OutboxStore {
    return this.#outbox ??= new KvOutboxStore(this.kv);
  }
  #rateLimits?: RateLimitStore;
  get rateLimits(): RateLimitStore {
    return this.#rateLimits ??= new KvRateLimitStore(this.kv);
  }
  #idempotency?: IdempotencyStore;
  get idempotency(): IdempotencyStore {
    return this.#idempotency ??= new KvIdempotencyStore(this.kv);
  }
  #receiver?: ReceiverStore;
  get receiver(): ReceiverStore {
    return this.#receiver ??= new KvReceiverStore(this.kv);
  }
  #meta?: MetaStore;
  get meta(): MetaStore {
    return this.#meta ??= new KvMetaStore(this.kv);
  }
  #tlog?: TlogStore;
  get tlog(): TlogStore {
    return this.#tlog ??= new KvTlogStore(this);
  }

  #shop?: ShopStore;
  get shop(): ShopStore {
    return this.#shop ??= new KvShopStore(this);
  }

  async ping(): Promise<void> {
    if (this.#closed) throw new StoreError(`KV file ${this.path} is closed`);
    await this.kv.get(["meta", "ping"]);
  }

  // Export and import (`esim-rails store export|import`) load their code when used.
  async *dump(): AsyncIterable<DumpRecord> {
    const { kvDump } = await import("./dump.ts");
    yield* kvDump(this);
  }

  async restore(rec: DumpRecord): Promise<boolean> {
    const { kvRestore } = await import("./dump.ts");
    return await kvRestore(this, rec);
  }

  async get<T>(key: Deno.KvKey): Promise<T | null> {
    return (await this.kv.get<T>(key)).value;
  }

  getEntry<T>(key: Deno.KvKey): Promise<Deno.KvEntryMaybe<T>> {
    return this.kv.get<T>(key);
  }

  async set(key: Deno.KvKey, value: unknown, options: WriteOptions = {}): Promise<void> {
    await this.kv.set(key, value, options);
  }

  async delete(key: Deno.KvKey): Promise<void> {
    await this.kv.delete(key);
  }

  /** Writes `value` only if `key` holds nothing. True when this call wrote it. */
  async insertIfAbsent(
    key: Deno.KvKey,
    value: unknown,
    options: WriteOptions = {},
  ): Promise<boolean> {
    const res = await this.kv.atomic().check({ key, versionstamp: null }).set(key, value, options)
      .commit();
    return res.ok;
  }

  /**
   * Writes `value` only if `key` still has `versionstamp` (from `getEntry`; `null` = absent).
   * True when this call wrote it.
   */
  async compareAndSet(
    key: Deno.KvKey,
    versionstamp: string | null,
    value: unknown,
    options: WriteOptions = {},
  ): Promise<boolean> {
    const res = await this.kv.atomic().check({ key, versionstamp }).set(key, value, options)
      .commit();
    return res.ok;
  }

  /**
   * Atomically applies `fn` to the current value and writes the result, retrying on
   * concurrent writes. `fn` returning `undefined` leaves the value alone. Returns what was
   * written (or the unchanged current value).
   */
  async update<T>(
    key: Deno.KvKey,
    fn: (current: T | null) => T | undefined,
    options: WriteOptions = {},
  ): Promise<T | null> {
    for (let attempt = 0; attempt < 64; attempt++) {
      const entry = await this.kv.get<T>(key);
      const next = fn(entry.value);
      if (next === undefined) return entry.value;
      if (await this.compareAndSet(key, entry.versionstamp, next, options)) return next;
    }
    throw new StoreError(`Too much contention updating ${JSON.stringify(key)}`);
  }

  /**
   * A counter that belongs to a window: returns the count after adding `by`. A stored count
   * from an older window (the value carries its window, since `expireIn` is lazy) restarts at 0.
   */
  async incrementInWindow(
    key: Deno.KvKey,
    window: number,
    by: number,
    options: WriteOptions = {},
  ): Promise<number> {
    const next = await this.update<{ window: number; count: number }>(key, (cur) => ({
      window,
      count: (cur && cur.window === window ? cur.count : 0) + by,
    }), options);
    return next?.count ?? 0;
  }

  async *list<T>(prefix: Deno.KvKey, options: Deno.KvListOptions = {}) {
    for await (const entry of this.kv.list<T>({ prefix }, options)) yield entry;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.kv.close();
    // Unlock before closing: the close of the handle can lag behind (the runtime may still hold
    // it), and a store reopened at once by this process must find the file free.
    try {
      this.#lock?.unlockSync();
    } catch {
      // Closing below releases the lock anyway.
    }
    this.#lock?.close();
  }
}
