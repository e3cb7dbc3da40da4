/**
 * The webhook outbox (spec: eSIM rails §6, DESIGN.md §7): a durable queue in Deno KV through
 * the project's `Store`. `emit` writes the event and its pending delivery in one atomic commit
 * BEFORE any network attempt; a worker in the same process POSTs it, signed, to `WEBHOOK_URL`.
 * Any 2xx acknowledges. Three tries over about thirty seconds: waits of 0 s, 5 s and 25 s
 * before tries 1, 2 and 3 (configurable). After the last failure the event stays in KV with
 * status `failed` and its attempts (status codes, or error messages with URLs cut to their
 * origin), visible through `listEvents` / `esim-rails events --failed`. On `start`, deliveries
 * left pending by a crash are resumed (at least once: receivers de-duplicate by `id`). With no
 * webhook configured, `emit` is a no-op that stores nothing.
 *
 * Scheduling is a timer-driven scan of due deliveries (KV keys ordered by due time), not
 * `kv.enqueue`: the clock and the delays are injectable and `runDue(now)` drives the worker
 * by hand, so tests never wait thirty seconds.
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
import type { Store } from "../store/kv.ts";
import { checkEvent, type WebhookEmitter, type WebhookEvent } from "../../rails/webhooks/event.ts";
import { WebhookSigner } from "../../rails/webhooks/sign.ts";

/** Waits before tries 1, 2 and 3 (spec: three tries over about thirty seconds). */
export const DEFAULT_DELAYS_MS: readonly number[] = [0, 5_000, 25_000];
/** Each try gives up after this long. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;
/** Delivered events are kept this long (KV expiry is lazy), failed ones until removed. */
export const DEFAULT_DELIVERED_RETENTION_MS = 7 * 24 * 3600_000;

const EVENT_PREFIX = ["webhooks", "event"] as const;
const DUE_PREFIX = ["webhooks", "due"] as const;
const BATCH = 16;
/** Deno KV values are limited to 64 KiB; an event record must fit with its tries. */
export const MAX_EVENT_BYTES = 32 * 1024;

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

/** What KV holds per event (key `["webhooks", "event", id]`). */
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
  store: Store;
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
}

function eventKey(id: string): Deno.KvKey {
  return [...EVENT_PREFIX, id];
}

function dueKey(at: number, id: string): Deno.KvKey {
  return [...DUE_PREFIX, at, id];
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

class KvOutbox implements WebhookOutbox {
  readonly enabled = true;
  readonly #store: Store;
  readonly #url: string;
  readonly #signer: WebhookSigner;
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
  #chain: Promise<void> = Promise.resolve();
  #inFlight = new Set<AbortController>();
  #cycleWaiters: (() => void)[] = [];

  constructor(o: WebhookOutboxOptions & { webhook: { url: string; secret: string } }) {
    this.#store = o.store;
    this.#url = o.webhook.url;
    this.#signer = new WebhookSigner(o.webhook.secret);
    this.#fetch = o.fetch ?? fetch;
    this.#now = o.now ?? Date.now;
    const delays = o.delays ?? DEFAULT_DELAYS_MS;
    if (delays.length < 1 || delays.some((d) => !Number.isFinite(d) || d < 0)) {
      throw new RangeError("delays must be a non-empty list of non-negative milliseconds");
    }
    this.#delays = [...delays];
    this.#timeoutMs = o.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
    this.#retention = o.deliveredRetentionMs ?? DEFAULT_DELIVERED_RETENTION_MS;
    this.#onAttempt = o.onAttempt;
    this.#onError = o.onError ?? ((err) => console.error("webhooks: worker error:", err));
  }

  async emit(event: WebhookEvent): Promise<EmitResult> {
    const checked = checkEvent(event);
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
    const res = await this.#store.kv.atomic()
      .check({ key: eventKey(e.id), versionstamp: null })
      .set(eventKey(e.id), record)
      .set(dueKey(due, e.id), e.id)
      .commit();
    if (!res.ok) return { id: e.id, stored: false, duplicate: true };
    this.#kick();
    return { id: e.id, stored: true, duplicate: false };
  }

  start(): Promise<void> {
    if (this.#started) return Promise.resolve();
    this.#started = true;
    this.#stopping = false;
    this.#kick();
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#stopping = true;
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
    return this.#store.get<StoredEvent>(eventKey(id));
  }

  #kick(): void {
    if (!this.#started || this.#stopping) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#chain = this.#chain.then(() => this.#cycle()).catch((err) => this.#onError(err));
  }

  async #cycle(): Promise<void> {
    if (this.#stopping) return;
    try {
      await this.#runDue(Math.floor(this.#now()));
      if (this.#stopping) return;
      const next = await this.#nextDue();
      if (next !== null) {
        clearTimeout(this.#timer);
        this.#timer = setTimeout(() => this.#kick(), Math.max(0, next - this.#now()));
      }
    } finally {
      for (const w of this.#cycleWaiters.splice(0)) w();
    }
  }

  async #nextDue(): Promise<number | null> {
    for await (const entry of this.#store.kv.list({ prefix: [...DUE_PREFIX] }, { limit: 1 })) {
      return entry.key[2] as number;
    }
    return null;
  }

  async #runDue(now: number): Promise<number> {
    let made = 0;
    for (;;) {
      const batch: Deno.KvKey[] = [];
      const selector = { prefix: [...DUE_PREFIX], end: [...DUE_PREFIX, now + 1] };
      for await (const entry of this.#store.kv.list(selector, { limit: BATCH })) {
        batch.push(entry.key);
      }
      if (batch.length === 0 || this.#stopping) return made;
      const results = await Promise.all(batch.map((k) => this.#deliver(k)));
      made += results.filter((r) => r === "tried").length;
      if (results.every((r) => r === "skipped")) return made; // nothing moved: do not spin
    }
  }

  /**
   * One try for the delivery under `due`: `tried` when a try was made and recorded, `cleaned`
   * when the index entry was stale, `skipped` when nothing changed (stopped mid-try).
   */
  async #deliver(due: Deno.KvKey): Promise<"tried" | "cleaned" | "skipped"> {
    const id = due[3] as string;
    const entry = await this.#store.getEntry<StoredEvent>(eventKey(id));
    const rec = entry.value;
    if (!rec || rec.status !== "pending") {
      await this.#store.delete(due);
      return "cleaned";
    }
    const n = rec.attempts.length + 1;
    const started = this.#now();
    const headers = this.#signer.sign(rec.type, rec.body, started);
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
    if (this.#stopping && status === undefined && !timedOut) return "skipped"; // stays pending

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
    const op = this.#store.kv.atomic()
      .check({ key: eventKey(id), versionstamp: entry.versionstamp })
      .set(eventKey(id), next, outcome === "delivered" ? { expireIn: this.#retention } : {})
      .delete(due);
    if (nextAt !== null) op.set(dueKey(nextAt, id), id);
    const committed = await op.commit();
    if (!committed.ok) return "skipped";
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
  return new KvOutbox({ ...options, webhook: options.webhook });
}

/**
 * Stored events, oldest first; `status` filters (e.g. `"failed"`). Reads KV only, so it
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
  store: Store,
  options: { status?: DeliveryStatus; limit?: number } = {},
): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for await (const entry of store.list<StoredEvent>([...EVENT_PREFIX])) {
    if (!options.status || entry.value.status === options.status) out.push(entry.value);
  }
  out.sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1
  );
  return options.limit !== undefined ? out.slice(-options.limit) : out;
}
