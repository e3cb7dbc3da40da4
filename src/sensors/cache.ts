/**
 * A small time-to-live cache that also shares one in-flight load per key, so a burst of
 * requests for the same cell makes one upstream call (no stampede). Failures are not cached.
 *
 * @example
 * ```ts
 * import { TtlCache } from "./cache.ts";
 * const cache = new TtlCache<number>(60_000);
 * await cache.get("52.5,13.4", () => Promise.resolve(42)); // 42, loaded once for 60 s
 * ```
 */
export class TtlCache<V> {
  #values = new Map<string, { value: V; expires: number }>();
  #inflight = new Map<string, Promise<V>>();

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 5000,
  ) {}

  /** The cached value for `key`, or the result of `load` (shared with concurrent callers). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.#values.get(key);
    if (hit && hit.expires > this.now()) return Promise.resolve(hit.value);
    const pending = this.#inflight.get(key);
    if (pending) return pending;
    const p = load().then((value) => {
      if (this.#values.size >= this.maxEntries) this.#evict();
      this.#values.delete(key);
      this.#values.set(key, { value, expires: this.now() + this.ttlMs });
      return value;
    }).finally(() => this.#inflight.delete(key));
    this.#inflight.set(key, p);
    return p;
  }

  /** Drops expired entries, then the oldest if still full. */
  #evict(): void {
    const t = this.now();
    for (const [k, v] of this.#values) if (v.expires <= t) this.#values.delete(k);
    while (this.#values.size >= this.maxEntries) {
      const oldest = this.#values.keys().next().value;
      if (oldest === undefined) break;
      this.#values.delete(oldest);
    }
  }
}
