/**
 * Where an adapter remembers `transactionId → orderRef` when its provider has no idempotency
 * field of its own (eSIM Go), and the in-process single flight every adapter uses so that two
 * concurrent `order` calls with one `transactionId` reach the provider once.
 *
 * The default store is in memory: it keeps re-orders idempotent for the life of the process.
 * To survive restarts, pass a store backed by durable storage (e.g. Deno KV): the interface is
 * two methods.
 *
 * @example
 * ```ts
 * import { MemoryIdempotencyStore } from "./idempotency.ts";
 * const store = new MemoryIdempotencyStore();
 * await store.set("adapter_c:t1", "order-ref-1");
 * await store.get("adapter_c:t1"); // "order-ref-1"
 * ```
 */

/** `transactionId → orderRef` memory of an adapter. Keys are prefixed with the adapter kind. */
export interface IdempotencyStore {
  get(key: string): Promise<string | null>;
  set(key: string, orderRef: string): Promise<void>;
}

/** In-memory store (bounded: the oldest entries go first beyond `max`). */
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #map = new Map<string, string>();
  readonly #max: number;

  constructor(max = 100_000) {
    this.#max = max;
  }

  get(key: string): Promise<string | null> {
    return Promise.resolve(this.#map.get(key) ?? null);
  }

  set(key: string, orderRef: string): Promise<void> {
    this.#map.delete(key);
    this.#map.set(key, orderRef);
    while (this.#map.size > this.#max) {
      const oldest = this.#map.keys().next().value;
      if (oldest === undefined) break;
      this.#map.delete(oldest);
    }
    return Promise.resolve();
  }
}

/**
 * Runs `fn` once per key at a time: concurrent callers with the same key share one promise.
 *
 * @example
 * ```ts
 * import { SingleFlight } from "./idempotency.ts";
 * const flight = new SingleFlight<string>();
 * let calls = 0;
 * const f = () => Promise.resolve(String(++calls));
 * const [a, b] = await Promise.all([flight.run("k", f), flight.run("k", f)]);
 * // a === b === "1"
 * ```
 */
export class SingleFlight<T> {
  readonly #inFlight = new Map<string, Promise<T>>();

  run(key: string, fn: () => Promise<T>): Promise<T> {
    const running = this.#inFlight.get(key);
    if (running) return running;
    const p = fn().finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, p);
    return p;
  }
}

/**
 * The shared shape of every adapter's `order`: one flight per key; a remembered `orderRef`
 * is returned without asking the provider again (so a retry after a timeout never meets a
 * price re-check it would fail); otherwise `place` runs and its `orderRef` is remembered.
 */
export function idempotentOrder(
  store: IdempotencyStore,
  flight: SingleFlight<{ orderRef: string }>,
  key: string,
  place: () => Promise<string>,
): Promise<{ orderRef: string }> {
  return flight.run(key, async () => {
    const known = await store.get(key);
    if (known) return { orderRef: known };
    const orderRef = await place();
    await store.set(key, orderRef);
    return { orderRef };
  });
}
