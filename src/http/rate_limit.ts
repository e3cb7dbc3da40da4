/**
 * Per-caller fixed-window rate limiter (DESIGN.md §2: default 120 a minute).
 *
 * Counting happens in memory (one process owns the KV file, so memory is authoritative) and
 * dirty counters are persisted to KV in batches, never with a disk write on the request's
 * path (DESIGN.md §9: one write per request caps a server near 7.5k requests/s). On start the
 * current window's counts are loaded back, so a restart does not hand out a fresh quota.
 * Stored counts carry their window because KV's `expireIn` is lazy.
 *
 * @example
 * ```ts
 * import { RateLimiter } from "./rate_limit.ts";
 * const rl = new RateLimiter({ limit: 2 });
 * rl.hit("ip:1.2.3.4").ok; // true
 * ```
 */
import type { Store } from "../store/kv.ts";

export interface RateLimiterOptions {
  limit: number;
  windowMs?: number;
  store?: Store;
  /** Clock, injectable so tests can cross a window without sleeping. */
  now?: () => number;
  /** How often dirty counters are written to KV. */
  flushEveryMs?: number;
}

export type HitResult = { ok: true; remaining: number } | { ok: false; retryAfterSec: number };

interface Counter {
  window: number;
  count: number;
}

const PREFIX = ["ratelimit"] as const;

export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly #store?: Store;
  readonly #now: () => number;
  readonly #flushEveryMs: number;
  #counters = new Map<string, Counter>();
  #dirty = new Set<string>();
  #currentWindow = -1;
  #timer?: ReturnType<typeof setInterval>;
  #flushing?: Promise<void>;

  constructor(options: RateLimiterOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs ?? 60_000;
    this.#store = options.store;
    this.#now = options.now ?? Date.now;
    this.#flushEveryMs = options.flushEveryMs ?? 1_000;
  }

  /** Counts one request for `key` and says whether it is within the limit. */
  hit(key: string): HitResult {
    const now = this.#now();
    const window = Math.floor(now / this.windowMs);
    if (window !== this.#currentWindow) {
      // A new window: forget the old one wholesale (bounded memory).
      this.#counters = new Map();
      this.#dirty.clear();
      this.#currentWindow = window;
    }
    let counter = this.#counters.get(key);
    if (!counter) {
      counter = { window, count: 0 };
      this.#counters.set(key, counter);
    }
    if (counter.count >= this.limit) {
      return {
        ok: false,
        retryAfterSec: Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000)),
      };
    }
    counter.count++;
    this.#dirty.add(key);
    return { ok: true, remaining: this.limit - counter.count };
  }

  /**
   * Whether `key` is over its limit now, without counting a request: the seconds until it may
   * retry, or null when it is within the limit.
   */
  over(key: string): number | null {
    const now = this.#now();
    const window = Math.floor(now / this.windowMs);
    const counter = window === this.#currentWindow ? this.#counters.get(key) : undefined;
    if (!counter || counter.count < this.limit) return null;
    return Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
  }

  /** Loads the current window's persisted counters (call once at start). */
  async load(): Promise<void> {
    if (!this.#store) return;
    const window = Math.floor(this.#now() / this.windowMs);
    this.#currentWindow = window;
    for await (const entry of this.#store.list<Counter>(PREFIX)) {
      const key = entry.key[1];
      if (typeof key === "string" && entry.value.window === window) {
        const mine = this.#counters.get(key);
        this.#counters.set(key, { window, count: Math.max(entry.value.count, mine?.count ?? 0) });
      }
    }
  }

  /** Persists dirty counters in one batch of atomic writes. */
  flush(): Promise<void> {
    if (!this.#store || this.#dirty.size === 0) return this.#flushing ?? Promise.resolve();
    const store = this.#store;
    const keys = [...this.#dirty];
    this.#dirty.clear();
    const run = async () => {
      for (let i = 0; i < keys.length; i += 500) {
        const op = store.kv.atomic();
        for (const key of keys.slice(i, i + 500)) {
          const c = this.#counters.get(key);
          if (c) op.set([...PREFIX, key], c, { expireIn: this.windowMs * 2 });
        }
        await op.commit();
      }
    };
    const previous = this.#flushing ?? Promise.resolve();
    this.#flushing = previous.then(run).catch((err) => {
      console.error(`rate limiter: could not persist counters: ${(err as Error).message}`);
    });
    return this.#flushing;
  }

  /** Starts the periodic flush. */
  start(): void {
    if (this.#store && this.#timer === undefined) {
      const timer = setInterval(() => void this.flush(), this.#flushEveryMs);
      Deno.unrefTimer(timer);
      this.#timer = timer;
    }
  }

  /** Stops the periodic flush and writes what is left. */
  async stop(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }
}
