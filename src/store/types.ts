/**
 * The store interface (DESIGN.md §13): the atomic operations the features need, grouped in
 * feature-shaped sub-stores, with two backends: Deno KV (src/store/kv/, default, `KV_PATH`)
 * and PostgreSQL (src/store/postgres/, `STORE_URL=postgres://...`). Feature code talks to
 * these interfaces only; no `Deno.Kv` outside src/store/kv/.
 *
 * Every method that changes state is one atomic step on either backend (one KV atomic commit;
 * one SQL statement or one transaction), so any number of processes may share a PostgreSQL
 * database.
 *
 * Adding a sub-store (e.g. `tlog: TlogStore`, `shop: ShopStore`):
 * 1. declare its interface next to the feature (or here) in backend-neutral types (no KV keys
 *    or versionstamps in signatures; "version" strings are opaque tokens for compare-and-set);
 * 2. add it as a readonly property of `DataStore` below;
 * 3. implement it in src/store/kv/<name>.ts over the KV `Store` (a lazy getter in
 *    src/store/kv/kv.ts) and in src/store/postgres/<name>.ts (its tables in a new migration
 *    step in src/store/postgres/schema.ts, wired in src/store/postgres/pg_store.ts);
 * 4. add its records to `DumpRecord` and to both backends' dump/restore so export/import
 *    moves them; and run the contract suite (tests/store/contract_test.ts) on both backends.
 */
import type { IdempotencyStore } from "../../rails/adapters/idempotency.ts";
import type { ReceiverStore, StoredOrder, StoredProfile } from "../../rails/receiver/store.ts";
import type { OrderRecord } from "../../rails/node/order_state.ts";
import type { CrawlState, RegistryEntry, TlogStore } from "../tlog/store.ts";
import type { ShopStore, WatchCursor } from "../shop/store.ts";
import type { ShopOrder, UnattributedTransfer } from "../shop/types.ts";

export type { IdempotencyStore, ReceiverStore };

/** Thrown when the store cannot be opened or reached (maps to exit 1 at start, 503 later). */
export class StoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StoreError";
  }
}

/**
 * The store cannot be reached right now (database lost, refused, timed out): requests that
 * need it answer 503 `store_unavailable`, and nothing was applied by the failed step.
 */
export class StoreUnavailableError extends StoreError {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}

/**
 * An imported record cannot be written without corrupting what is stored (e.g. a transparency
 * log leaf where the store holds a different log): the import stops there.
 */
export class RestoreConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreConflictError";
  }
}

// ---------------------------------------------------------------- payment claims (x402)

/** A claim record as stored. */
export interface ClaimRecord {
  state: "pending" | "settling" | "settled";
  service: string;
  /** Unix ms when claimed. */
  claimedAt: number;
  /** Unix ms after which the record is void (the authorization has expired on chain). */
  expiresAt: number;
  /** Settlement transaction, once known. */
  transaction?: string;
}

/** A claim held by a request: `versionstamp` is an opaque compare-and-set token. */
export interface Claim {
  key: readonly string[];
  record: ClaimRecord;
  versionstamp: string;
}

/** What identifies an authorization for replay purposes. */
export interface ClaimRequest {
  from: string;
  nonce: string;
  /** The authorization's validBefore (unix seconds). */
  validBefore: string;
  service: string;
}

export type ClaimResult =
  | { ok: true; claim: Claim }
  | { ok: false; existing: ClaimRecord; versionstamp: string };

/** Replay protection: one authorization `(from, nonce)` is claimed at most once at a time. */
export interface ClaimStore {
  keyOf(from: string, nonce: string): readonly string[];
  /** Exactly one of any number of concurrent callers (on any node) gets `ok: true`. */
  claim(r: ClaimRequest, nowMs: number): Promise<ClaimResult>;
  /** Deletes a claim only if unchanged since `c` was read. */
  release(c: Claim): Promise<boolean>;
  /** Moves a claim to `state`, only if unchanged since `c` was read. */
  transition(c: Claim, state: ClaimRecord["state"], transaction?: string): Promise<Claim | null>;
  get(from: string, nonce: string): Promise<Claim | null>;
}

/** Keep void claim records readable a little past expiry. */
export const CLAIM_GRACE_MS = 60_000;
/** How long a payment whose settlement outcome was unknown stays collectable. */
export const CLAIM_SETTLING_KEEP_MS = 7 * 24 * 3600_000;
/** A claim lives as long as its authorization could still be used on chain, at most this long. */
export const CLAIM_MAX_KEEP_MS = 10 * 365 * 24 * 3600_000;

/** The record a fresh claim stores (shared by both backends so they agree on expiry). */
export function newClaimRecord(r: ClaimRequest, nowMs: number): ClaimRecord {
  const vb = BigInt(r.validBefore);
  const vbMs = vb * 1000n > BigInt(nowMs + CLAIM_MAX_KEEP_MS)
    ? nowMs + CLAIM_MAX_KEEP_MS
    : Number(vb) * 1000;
  const expiresAt = Math.min(Math.max(vbMs, nowMs + CLAIM_GRACE_MS), nowMs + CLAIM_MAX_KEEP_MS);
  return { state: "pending", service: r.service, claimedAt: nowMs, expiresAt };
}

/** The record a transition stores. */
export function movedClaimRecord(
  c: Claim,
  state: ClaimRecord["state"],
  transaction: string | undefined,
  nowMs: number,
): ClaimRecord {
  const record: ClaimRecord = { ...c.record, state, ...(transaction ? { transaction } : {}) };
  // A settlement in flight must stay collectable after the authorization's window closes.
  if (state === "settling") {
    record.expiresAt = Math.max(record.expiresAt, nowMs + CLAIM_SETTLING_KEEP_MS);
  }
  return record;
}

// ---------------------------------------------------------------- seller node orders

export interface OrderEntry {
  record: OrderRecord;
  /** Opaque compare-and-set token. */
  versionstamp: string;
}

/**
 * Order records. `create`/`replace` keep the open-order index (`open`) in the same atomic
 * step; the state machine rules live above (src/node/order_store.ts).
 */
export interface OrderRecordStore {
  /** Writes a new order; null when the id exists already. */
  create(record: OrderRecord, open: boolean): Promise<OrderEntry | null>;
  get(orderId: string): Promise<OrderEntry | null>;
  /**
   * Writes `record` only if the order still has `versionstamp`; null when another writer won.
   * With `expiresAtMs`, the order is dropped after that time (cancelled and refused orders).
   */
  replace(
    versionstamp: string,
    record: OrderRecord,
    open: boolean,
    expiresAtMs?: number,
  ): Promise<OrderEntry | null>;
  /** Ids of open orders, oldest first. */
  openIds(): Promise<string[]>;
  /** Every order not yet expired, oldest first (for the operator's listing). */
  list(): Promise<OrderRecord[]>;
  /**
   * Takes or renews the lease on an order for `holder` until `untilMs`: true when it was free,
   * expired (before `nowMs`) or already held by `holder`. One holder at a time across nodes.
   */
  lease(orderId: string, holder: string, nowMs: number, untilMs: number): Promise<boolean>;
  /** Gives a lease back (only if `holder` holds it). */
  unlease(orderId: string, holder: string): Promise<void>;
}

// ---------------------------------------------------------------- webhook outbox

export type DeliveryStatus = "pending" | "delivered" | "failed";

/** One try: the HTTP status when there was an answer, otherwise an error message. */
export interface DeliveryAttempt {
  /** 1-based. */
  n: number;
  /** ISO 8601 UTC, when the try started. */
  at: string;
  status?: number;
  /** Never holds the secret, the body or the target's path and query. */
  error?: string;
  duration_ms: number;
}

/** A stored webhook event with its delivery state. */
export interface StoredEvent {
  id: string;
  type: string;
  created_at: string;
  /** The exact JSON body sent on every try (already scrubbed). */
  body: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** When the next try is due (ms since the epoch), or null once delivered or failed. */
  next_at: number | null;
  updated_at: string;
}

/** A delivery leased to one worker: `due` is when the lease ends. */
export interface LeasedDelivery {
  event: StoredEvent;
  /** The lease's end (ms); pass back to `finish`/`unlease`. */
  due: number;
  /** Opaque compare-and-set token of the event as leased. */
  version: string;
}

/**
 * The durable outbox. A due delivery is leased (its due time moves `leaseMs` ahead, atomically,
 * so one worker on one node tries it at a time); `finish` records the try only if the event was
 * not changed meanwhile.
 */
export interface OutboxStore {
  /** Stores a pending event due at `record.next_at`; false when the id exists. */
  insert(record: StoredEvent): Promise<boolean>;
  get(id: string): Promise<StoredEvent | null>;
  /** The earliest due time of any pending delivery (leased ones included), or null. */
  nextDue(): Promise<number | null>;
  /** Leases up to `limit` deliveries due at or before `nowMs` until `nowMs + leaseMs`. */
  lease(nowMs: number, leaseMs: number, limit: number): Promise<LeasedDelivery[]>;
  /**
   * Records a try: writes `next` (its `next_at` becomes the new due time, or none) only if the
   * event still has the attempts it had when leased. `retentionMs` applies to delivered events.
   */
  finish(leased: LeasedDelivery, next: StoredEvent, retentionMs?: number): Promise<boolean>;
  /** Makes a leased delivery due again at its stored `next_at` (a try aborted by stop). */
  unlease(leased: LeasedDelivery): Promise<void>;
  /** Stored events, oldest first; `status` filters. */
  list(options?: { status?: DeliveryStatus }): Promise<StoredEvent[]>;
}

// ---------------------------------------------------------------- rate limits

/**
 * Shared fixed-window counters. `add` adds per-key deltas to `window`'s counts atomically and
 * returns the totals after adding (so a node learns the other nodes' counts at every flush).
 */
export interface RateLimitStore {
  add(window: number, deltas: ReadonlyMap<string, number>): Promise<Map<string, number>>;
  /** Every count of `window`. */
  load(window: number): Promise<Map<string, number>>;
}

// ---------------------------------------------------------------- node metadata

/**
 * Small named facts about the deployment (schema version, key ids, fingerprints). `claim`
 * stores `value` unless `name` holds something and returns what is stored afterwards.
 */
export interface MetaStore {
  get(name: string): Promise<string | null>;
  claim(name: string, value: string): Promise<string>;
}

// ---------------------------------------------------------------- export / import

/** One line of `esim-rails store export` (JSON lines). */
export type DumpRecord =
  | { kind: "claim"; from: string; nonce: string; record: ClaimRecord }
  | { kind: "order"; record: OrderRecord; open: boolean }
  | { kind: "event"; record: StoredEvent }
  | { kind: "idempotency"; key: string; value: string }
  | { kind: "receiver_order"; order: StoredOrder }
  | { kind: "receiver_profile"; profile: StoredProfile }
  | { kind: "meta"; name: string; value: string }
  // The transparency log: leaves in index order (an import appends each at its index and
  // recomputes the subtree hashes and index entries), then what the crawler keeps.
  | { kind: "tlog_leaf"; index: number; /** base64 */ leaf: string }
  | { kind: "tlog_toolset"; sha256: string; tools: unknown[] }
  | { kind: "tlog_checkpoint"; size: number; note: string }
  | { kind: "tlog_registry"; entry: RegistryEntry }
  | { kind: "tlog_crawl"; state: CrawlState }
  // The storefront.
  | { kind: "shop_order"; order: ShopOrder }
  | { kind: "shop_offset"; chain: string; offset: number; order_id: string; until: number }
  | { kind: "shop_nonce"; chain: string; nonce: string; order_id: string }
  | { kind: "shop_credit"; key: string; order_id: string }
  | { kind: "shop_unattributed"; transfer: UnattributedTransfer }
  | { kind: "shop_cursor"; chain: string; cursor: WatchCursor };

export const DUMP_KINDS: readonly DumpRecord["kind"][] = [
  "claim",
  "order",
  "event",
  "idempotency",
  "receiver_order",
  "receiver_profile",
  "meta",
  "tlog_leaf",
  "tlog_toolset",
  "tlog_checkpoint",
  "tlog_registry",
  "tlog_crawl",
  "shop_order",
  "shop_offset",
  "shop_nonce",
  "shop_credit",
  "shop_unattributed",
  "shop_cursor",
];

// ---------------------------------------------------------------- the aggregate

/** The whole store of a node: one of these per process, shared by every feature. */
export interface DataStore {
  readonly backend: "kv" | "postgres";
  /** Where the data is, for banners and errors (a PostgreSQL URL has its password masked). */
  readonly location: string;
  readonly claims: ClaimStore;
  readonly orders: OrderRecordStore;
  readonly outbox: OutboxStore;
  readonly rateLimits: RateLimitStore;
  readonly idempotency: IdempotencyStore;
  readonly receiver: ReceiverStore;
  readonly meta: MetaStore;
  /** The transparency log of MCP servers (src/tlog/store.ts). */
  readonly tlog: TlogStore;
  /** The storefront's orders, payments and watcher cursors (src/shop/store.ts). */
  readonly shop: ShopStore;
  /** Resolves when the store answers; rejects (StoreError) when it is unreachable. */
  ping(): Promise<void>;
  /** Every durable record (rate-limit windows are transient and left out). */
  dump(): AsyncIterable<DumpRecord>;
  /** Writes one record unless its key exists; true when written. */
  restore(rec: DumpRecord): Promise<boolean>;
  close(): void | Promise<void>;
}
