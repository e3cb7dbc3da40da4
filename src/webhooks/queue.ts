/**
 * The webhook outbox (spec: eSIM rails §6, DESIGN.md §7): a durable queue in the store
 * (`OutboxStore`, either backend). `emit` writes the event and its pending delivery in one atomic commit
 * BEFORE any network attempt; a worker in the same process POSTs it, signed, to `WEBHOOK_URL`.
 * Any 2xx acknowledges. Three tries over about thirty seconds: waits of 0 s, 5 s and 25 s
 * before tries 1, 2 and 3 (configurable). After the last failure the event stays stored with
 * status `failed` and its attempts (status codes, or error messages with URLs cut to their
 * origin), visible through `listEvents` / `esim-rails events --failed`. On `start`, deliveries
 * left pending by a crash are resumed (at least once: receivers de-duplicate by `id`). With no
 * webhook configured, `emit` is a no-op that stores nothing.
 *
 * Scheduling is a timer-driven scan of due deliveries (ordered by due time): the clock and
 * the delays are injectable and `runDue(now)` drives the worker by hand, so tests never wait
 * thirty seconds. Each due delivery is leased before its try (DESIGN.md §13: at least 30 s,
 * longer than one try's timeout), so with several nodes on one database one node at a time
 * tries it; a node that dies mid-try leaves it to another once the lease ends.
 *
 * @example
 * ```ts
 * import { Store } from "../store/kv.ts";
 * import { createWebhookOutbox } from "./queue.ts";
 * import { createEvent, EVENT_TYPES } from "../../rails/webhooks/event.ts";
 * const store = await Store.open(":memory:");
 * const outbox = createWebhookOutbox({
 *   store, webhook: { url: "http://127.0.0.1:9/hook", secret: "0123456789abcdef" },
 * });
 * await outbox.start();
 * await outbox.emit(createEvent(EVENT_TYPES.ORDER_CREATED, { order_id: "ord_1" }));
 * await outbox.stop();
 * store.close();
 * ```
 */
import type {
  DeliveryAttempt,
  DeliveryStatus,
  LeasedDelivery,
  OutboxStore,
  StoredEvent,
} from "../store/types.ts";
import type { WebhookEmitter, WebhookEvent } from "../../rails/webhooks/event.ts";
import type { WebhookSigner } from "../../rails/webhooks/sign.ts";
import { MIN_SECRET_LENGTH } from "../../rails/hmac.ts";

// The event checks and the signer load with the first event, or when a configured worker
// starts (deliveries left by a crash are due at once): `serve` without a webhook never loads them.
let events: typeof import("../../rails/webhooks/event.ts") | undefined;
async function loadEvents() {
  return events ??= await import("../../rails/webhooks/event.ts");
}
async function loadSigner(secret: string): Promise<WebhookSigner> {
  return new (await import("../../rails/webhooks/sign.ts")).WebhookSigner(secret);
}

/** Waits before tries 1, 2 and 3 (spec: three tries over about thirty seconds). */
export const DEFAULT_DELAYS_MS: readonly number[] = [0, 5_000, 25_000];
/** Each try gives up after this long. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;
/** Delivered events are kept this long (KV expiry is lazy), failed ones until removed. */
export const DEFAULT_DELIVERED_RETENTION_MS = 7 * 24 * 3600_000;

const BATCH = 16;
/** Stored events are limited in size (Deno KV values to 64 KiB); a record must fit with its tries. */
export const MAX_EVENT_BYTES = 32 * 1024;
/** A delivery is leased for at least this long (DESIGN.md §13). */
export const MIN_DELIVERY_LEASE_MS = 30_000;

export type { DeliveryAttempt, DeliveryStatus, StoredEvent };

/** Reported after every try, once its outcome is stored. */
export interface AttemptReport {
  id: string;
  type: string;
  attempt: DeliveryAttempt;
  outcome: "delivered" | "retry" | "failed";
  next_at: number | null;
}

export interface EmitResult {
  id: string;
  /** False when webhooks are off or when this id was already stored. */
  stored: boolean;
  duplicate: boolean;
}

export interface WebhookOutbox extends WebhookEmitter {
  /** False when no webhook is configured: `emit` stores nothing. */
  readonly enabled: boolean;
  /** Stores `event` (scrubbed) with a pending delivery; wakes the worker when started. */
  emit(event: WebhookEvent): Promise<EmitResult>;
  /** Starts the worker; deliveries already due (left by a crash) are tried at once. */
  start(): Promise<void>;
  /** Stops the worker; a try in flight is aborted and stays pending (resumed on next start). */
  stop(): Promise<void>;
  /** Makes every try due at `nowMs` (default: the clock) now; returns how many were made. */
  runDue(nowMs?: number): Promise<number>;
  /** Resolves once no delivery is pending (the worker must be started). */
  whenIdle(): Promise<void>;
  get(id: string): Promise<StoredEvent | null>;
}

export interface WebhookOutboxOptions {
  /** The node's store (either backend), or anything with an `outbox`. */
  store: { outbox: OutboxStore };
  /** `config.webhook`; undefined turns events off. */
  webhook?: { url: string; secret: string } | undefined;
  fetch?: typeof fetch;
  /** Clock in ms (default `Date.now`). */
  now?: () => number;
  /** Waits before each try, in ms; its length is the number of tries (default 0, 5 s, 25 s). */
  delays?: readonly number[];
  /** Per-try timeout in ms (default 10000). */
  timeoutMs?: number;
  deliveredRetentionMs?: number;
  onAttempt?: (report: AttemptReport) => void;
  /** Unexpected worker failures (e.g. the store was closed); default: console.error. */
  onError?: (err: unknown) => void;
  /**
   * Also look for due deliveries this often (ms): other nodes sharing the store emit events
   * this process is not told about, and leases of nodes that died run out. Default: never.
   */
  pollEveryMs?: number;
}

/**
 * Cuts every URL in `message` down to its origin (no credentials, path or query, where a
 * webhook token may live) and bounds its length.
 *
 * @example
 * ```ts
 * import { redactError } from "./queue.ts";
 * redactError("error sending request for url (https://u:p@hooks.example/T0/secret?k=1): refused");
 * // "error sending request for url (https://hooks.example/…): refused"
 * ```
 */
export function redactError(message: string): string {
  const cut = message.replace(/https?:\/\/[^\s)'"<>]+/gi, (m) => {
    try {
      return `${new URL(m).origin}/…`;
    } catch {
      return "<url>";
    }
  });
  return cut.length > 300 ? cut.slice(0, 299) + "…" : cut;
}

class DisabledOutbox implements WebhookOutbox {
  readonly enabled = false;
  emit(event: WebhookEvent): Promise<EmitResult> {
    return Promise.resolve({ id: event?.id, stored: false, duplicate: false });
  }
  start(): Promise<void> {
    return Promise.resolve();
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }
  runDue(): Promise<number> {
    return Promise.resolve(0);
  }
  whenIdle(): Promise<void> {
    return Promise.resolve();
  }
  get(): Promise<StoredEvent | null> {
    return Promise.resolve(null);
  }
}

class StoreOutbox implements WebhookOutbox {
  readonly enabled = true;
  readonly #store: OutboxStore;
  readonly #leaseMs: number;
  readonly #url: string;
  readonly #secret: string;
  #signer: WebhookSigner | undefined;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #delays: readonly number[];
  readonly #timeoutMs: number;
  readonly #retention: number;
  readonly #onAttempt?: (r: AttemptReport) => void;
  readonly #onError: (err: unknown) => void;
  #started = false;
  #stopping = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #poll: ReturnType<typeof setInterval> | undefined;
  #cycling = false;
  readonly #pollEveryMs?: number;
  #chain: Promise<void> = Promise.resolve();
  #inFlight = new Set<AbortController>();
  #cycleWaiters: (() => void)[] = [];

  constructor(o: WebhookOutboxOptions & { webhook: { url: string; secret: string } }) {
    this.#store = o.store.outbox;
    this.#url = o.webhook.url;
    // The signer (loaded with the worker) checks it too; a bad secret still fails here.
    if (typeof o.webhook.secret !== "string" || o.webhook.secret.length < MIN_SECRET_LENGTH) {
      throw new RangeError(`The webhook secret must have ${MIN_SECRET_LENGTH} or more characters`);
    }
    this.#secret = o.webhook.secret;
    this.#fetch = o.fetch ?? fetch;
    this.#now = o.now ?? Date.now;
    const delays = o.delays ?? DEFAULT_DELAYS_MS;
    if (delays.length < 1 || delays.some((d) => !Number.isFinite(d) || d < 0)) {
      throw new RangeError("delays must be a non-empty list of non-negative milliseconds");
    }
    this.#delays = [...delays];
    this.#timeoutMs = o.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
    this.#leaseMs = Math.max(MIN_DELIVERY_LEASE_MS, 2 * this.#timeoutMs);
    this.#retention = o.deliveredRetentionMs ?? DEFAULT_DELIVERED_RETENTION_MS;
    this.#onAttempt = o.onAttempt;
    this.#pollEveryMs = o.pollEveryMs;
    this.#onError = o.onError ?? ((err) => console.error("webhooks: worker error:", err));
  }

  async emit(event: WebhookEvent): Promise<EmitResult> {
    const checked = (events ?? await loadEvents()).checkEvent(event);
    if (!checked.ok) throw new TypeError(`Cannot emit this event: ${checked.message}`);
    const e = checked.event;
    const body = JSON.stringify(e);
    const size = new TextEncoder().encode(body).length;
    if (size > MAX_EVENT_BYTES) {
      throw new TypeError(`Cannot emit this event: ${size} bytes, over ${MAX_EVENT_BYTES}`);
    }
    const now = Math.floor(this.#now());
    const due = now + this.#delays[0]!;
    const record: StoredEvent = {
      id: e.id,
      type: e.type,
      created_at: e.created_at,
      body,
      status: "pending",
      attempts: [],
      next_at: due,
      updated_at: new Date(now).toISOString(),
    };
    if (!(await this.#store.insert(record))) return { id: e.id, stored: false, duplicate: true };
    this.#kick();
    return { id: e.id, stored: true, duplicate: false };
  }

  async start(): Promise<void> {
    if (this.#started) return;
    await this.#loadSigner();
    if (this.#started) return;
    this.#started = true;
    this.#stopping = false;
    if (this.#pollEveryMs) {
      this.#poll = setInterval(() => {
        if (!this.#cycling) this.#kick();
      }, this.#pollEveryMs);
      Deno.unrefTimer(this.#poll);
    }
    this.#kick();
  }

  #loadSigner(): Promise<WebhookSigner> | WebhookSigner {
    return this.#signer ?? loadSigner(this.#secret).then((s) => this.#signer = s);
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#stopping = true;
    clearInterval(this.#poll);
    this.#poll = undefined;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const c of this.#inFlight) c.abort();
    await this.#chain;
    this.#started = false;
    this.#stopping = false;
    for (const w of this.#cycleWaiters.splice(0)) w();
  }

  runDue(nowMs?: number): Promise<number> {
    const run = this.#chain.then(() => this.#runDue(Math.floor(nowMs ?? this.#now())));
    this.#chain = run.then(() => {}, () => {});
    return run;
  }

  async whenIdle(): Promise<void> {
    for (;;) {
      await this.#chain;
      if ((await this.#nextDue()) === null) return;
      if (!this.#started || this.#stopping) {
        throw new Error("The webhook worker is not running; call start() first");
      }
      await new Promise<void>((resolve) => this.#cycleWaiters.push(resolve));
    }
  }

  get(id: string): Promise<StoredEvent | null> {
    return this.#store.get(id);
  }

  #kick(): void {
    if (!this.#started || this.#stopping) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#chain = this.#chain.then(() => this.#cycle()).catch((err) => this.#onError(err));
  }

  async #cycle(): Promise<void> {
    if (this.#stopping) return;
    this.#cycling = true;
    try {
      await this.#runDue(Math.floor(this.#now()));
      if (this.#stopping) return;
      const next = await this.#nextDue();
      if (next !== null) {
        clearTimeout(this.#timer);
        this.#timer = setTimeout(() => this.#kick(), Math.max(0, next - this.#now()));
      }
    } finally {
      this.#cycling = false;
      for (const w of this.#cycleWaiters.splice(0)) w();
    }
  }

  #nextDue(): Promise<number | null> {
    return this.#store.nextDue();
  }

  async #runDue(now: number): Promise<number> {
    let made = 0;
    for (;;) {
      if (this.#stopping) return made;
      const batch = await this.#store.lease(now, this.#leaseMs, BATCH);
      if (batch.length === 0) return made;
      const results = await Promise.all(batch.map((k) => this.#deliver(k)));
      made += results.filter((r) => r === "tried").length;
      if (results.every((r) => r === "skipped")) return made; // nothing moved: do not spin
    }
  }

  /**
   * One try for a leased delivery: `tried` when a try was made and recorded, `skipped` when
   * nothing changed (stopped mid-try, or the event changed meanwhile).
   */
  async #deliver(leased: LeasedDelivery): Promise<"tried" | "skipped"> {
    const rec = leased.event;
    const id = rec.id;
    const signer = await this.#loadSigner();
    if (this.#stopping) {
      await this.#store.unlease(leased);
      return "skipped";
    }
    const n = rec.attempts.length + 1;
    const started = this.#now();
    const headers = signer.sign(rec.type, rec.body, started);
    const ctrl = new AbortController();
    this.#inFlight.add(ctrl);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, this.#timeoutMs);
    let status: number | undefined;
    let error: string | undefined;
    try {
      const res = await this.#fetch(this.#url, {
        method: "POST",
        headers: { ...headers },
        body: rec.body,
        signal: ctrl.signal,
        redirect: "manual",
      });
      status = res.status;
      await res.body?.cancel().catch(() => {});
    } catch (err) {
      error = timedOut
        ? `timed out after ${this.#timeoutMs} ms`
        : redactError(String((err as Error)?.message ?? err));
    } finally {
      clearTimeout(timer);
      this.#inFlight.delete(ctrl);
    }
    if (this.#stopping && status === undefined && !timedOut) {
      await this.#store.unlease(leased); // stays pending, due as before
      return "skipped";
    }

    const finished = this.#now();
    const attempt: DeliveryAttempt = {
      n,
      at: new Date(started).toISOString(),
      ...(status !== undefined ? { status } : {}),
      ...(error !== undefined ? { error } : {}),
      duration_ms: Math.max(0, Math.round(finished - started)),
    };
    const ok = status !== undefined && status >= 200 && status < 300;
    const outcome: AttemptReport["outcome"] = ok
      ? "delivered"
      : n >= this.#delays.length
      ? "failed"
      : "retry";
    const nextAt = outcome === "retry" ? Math.floor(finished) + this.#delays[n]! : null;
    const next: StoredEvent = {
      ...rec,
      status: outcome === "retry" ? "pending" : outcome,
      attempts: [...rec.attempts, attempt],
      next_at: nextAt,
      updated_at: new Date(finished).toISOString(),
    };
    if (!(await this.#store.finish(leased, next, this.#retention))) return "skipped";
    this.#onAttempt?.({ id, type: rec.type, attempt, outcome, next_at: nextAt });
    return "tried";
  }
}

/**
 * The outbox for `config.webhook`: enabled when a webhook is configured, otherwise a no-op
 * whose `emit` stores nothing. Throws `RangeError` for a secret under 16 characters or bad
 * delays.
 *
 * @example
 * ```ts
 * import { Store } from "../store/kv.ts";
 * import { createWebhookOutbox } from "./queue.ts";
 * const store = await Store.open(":memory:");
 * const off = createWebhookOutbox({ store, webhook: undefined });
 * off.enabled; // false
 * store.close();
 * ```
 */
export function createWebhookOutbox(options: WebhookOutboxOptions): WebhookOutbox {
  if (!options.webhook) return new DisabledOutbox();
  return new StoreOutbox({ ...options, webhook: options.webhook });
}

/**
 * Stored events, oldest first; `status` filters (e.g. `"failed"`). Reads the store only, so it
 * works without a webhook configured (e.g. after WEBHOOK_URL was removed).
 *
 * @example
 * ```ts
 * import { Store } from "../store/kv.ts";
 * import { listEvents } from "./queue.ts";
 * const store = await Store.open(":memory:");
 * await listEvents(store, { status: "failed" }); // []
 * store.close();
 * ```
 */
export async function listEvents(
  store: { outbox: OutboxStore },
  options: { status?: DeliveryStatus; limit?: number } = {},
): Promise<StoredEvent[]> {
  const out = await store.outbox.list({ status: options.status });
  return options.limit !== undefined ? out.slice(-options.limit) : out;
}
