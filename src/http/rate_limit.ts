/**
 * Per-caller fixed-window rate limiter (DESIGN.md §2: default 120 a minute; §13: shared).
 *
 * Counting happens in memory and the counts are added to the store in batches, never with a
 * write on the request's path (DESIGN.md §9: one write per request caps a server near 7.5k
 * requests/s). A flush adds this process's new hits to the stored count of the current window
 * and reads back the total, so processes sharing one database (PostgreSQL) see each other's
 * traffic: the shared limit is exact to within one flush interval (1 s). On start the current
 * window's counts are loaded, so a restart does not hand out a fresh quota. Windows are fixed
 * UTC minutes.
 *
 * @example
 * ```ts
 * import { RateLimiter } from "./rate_limit.ts";
 * const rl = new RateLimiter({ limit: 2 });
 * rl.hit("ip:1.2.3.4").ok; // true
 * ```
 */
import type { RateLimitStore } from "../store/types.ts";
import { every, type Ticker } from "./ticker.ts";

export interface RateLimiterOptions {
  limit: number;
  windowMs?: number;
  /** Where counts are shared (a node's `DataStore`, or anything with `rateLimits`). */
  store?: { rateLimits: RateLimitStore };
  /** Clock, injectable so tests can cross a window without sleeping. */
  now?: () => number;
  /** How often new hits are added to the store. */
  flushEveryMs?: number;
  /**
   * Other processes count into the same store (PostgreSQL): every flush also reads the
   * window's totals back, so this process refuses callers the others have used up.
   */
  shared?: boolean;
}

export type HitResult = { ok: true; remaining: number } | { ok: false; retryAfterSec: number };

interface Counter {
  window: number;
  count: number;
}

export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly #store?: RateLimitStore;
  readonly #now: () => number;
  readonly #flushEveryMs: number;
  readonly #shared: boolean;
  #counters = new Map<string, Counter>();
  /** Hits not yet added to the store, per key (all of `#currentWindow`). */
  #pending = new Map<string, number>();
  #currentWindow = -1;
  #timer?: Ticker;
  #flushing?: Promise<void>;

  constructor(options: RateLimiterOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs ?? 60_000;
    this.#store = options.store?.rateLimits;
    this.#now = options.now ?? Date.now;
    this.#flushEveryMs = options.flushEveryMs ?? 1_000;
    this.#shared = options.shared ?? false;
  }

  /** Counts one request for `key` and says whether it is within the limit. */
  hit(key: string): HitResult {
    const now = this.#now();
    const window = Math.floor(now / this.windowMs);
    if (window !== this.#currentWindow) {
      // A new window: forget the old one wholesale (bounded memory).
      this.#counters = new Map();
      this.#pending = new Map();
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
    if (this.#store) this.#pending.set(key, (this.#pending.get(key) ?? 0) + 1);
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

  /** Loads the current window's stored counters (call once at start). */
  async load(): Promise<void> {
    if (!this.#store) return;
    const window = Math.floor(this.#now() / this.windowMs);
    this.#currentWindow = window;
    for (const [key, count] of await this.#store.load(window)) {
      const mine = this.#counters.get(key);
      this.#counters.set(key, { window, count: Math.max(count, mine?.count ?? 0) });
    }
  }

  /** Adds the hits counted since the last flush to the store, in one batch. */
  flush(): Promise<void> {
    if (!this.#store || (this.#pending.size === 0 && !this.#shared)) {
      return this.#flushing ?? Promise.resolve();
    }
    const store = this.#store;
    const window = this.#currentWindow;
    const deltas = this.#pending;
    this.#pending = new Map();
    const run = async () => {
      try {
        if (deltas.size > 0) this.#merge(window, await store.add(window, deltas));
        if (this.#shared) this.#merge(window, await store.load(window));
      } catch (err) {
        // Keep the hits for the next flush (the store may be back by then).
        if (window === this.#currentWindow) {
          for (const [key, n] of deltas) {
            this.#pending.set(key, (this.#pending.get(key) ?? 0) + n);
          }
        }
        throw err;
      }
    };
    const previous = this.#flushing ?? Promise.resolve();
    this.#flushing = previous.then(run).catch((err) => {
      console.error(`rate limiter: could not store counters: ${(err as Error).message}`);
    });
    return this.#flushing;
  }

  /** Raises local counts to the stored totals (plus what was counted here since). */
  #merge(window: number, totals: Map<string, number>): void {
    if (window !== this.#currentWindow) return;
    for (const [key, total] of totals) {
      const seen = total + (this.#pending.get(key) ?? 0);
      const c = this.#counters.get(key);
      if (!c) this.#counters.set(key, { window, count: seen });
      else if (c.count < seen) c.count = seen;
    }
  }

  /** Starts the periodic flush. */
  start(): void {
    if (this.#store && this.#timer === undefined) {
      this.#timer = every(this.#flushEveryMs, () => void this.flush());
    }
  }

  /** Stops the periodic flush and writes what is left. */
  async stop(): Promise<void> {
    this.#timer?.stop();
    this.#timer = undefined;
    await this.flush();
  }
}
