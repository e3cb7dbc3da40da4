/**
 * A Deno KV `IdempotencyStore` (Deno-only, not in the Node SDK): makes `order` idempotent by
 * `transactionId` across restarts for providers without an idempotency field of their own
 * (eSIM Go). Keys live under `["supplier_orders", <adapter>:<transactionId>]`; the value is the
 * provider's order reference (never an activation code). Entries expire after `expireInMs`
 * (default 30 days), far beyond any retry of one purchase.
 *
 * @example
 * ```ts
 * import { KvIdempotencyStore } from "./idempotency.ts";
 * const kv = await Deno.openKv(":memory:");
 * const store = new KvIdempotencyStore(kv);
 * await store.set("adapter_c:t1", "ref-1");
 * await store.get("adapter_c:t1"); // "ref-1"
 * kv.close();
 * ```
 */
import type { IdempotencyStore } from "../../../rails/adapters/idempotency.ts";

export class KvIdempotencyStore implements IdempotencyStore {
  readonly #kv: Deno.Kv;
  readonly #prefix: Deno.KvKey;
  readonly #expireIn: number;

  constructor(kv: Deno.Kv, options: { prefix?: Deno.KvKey; expireInMs?: number } = {}) {
    this.#kv = kv;
    this.#prefix = options.prefix ?? ["supplier_orders"];
    this.#expireIn = options.expireInMs ?? 30 * 24 * 3600 * 1000;
  }

  async get(key: string): Promise<string | null> {
    const entry = await this.#kv.get<string>([...this.#prefix, key]);
    return typeof entry.value === "string" ? entry.value : null;
  }

  async set(key: string, orderRef: string): Promise<void> {
    await this.#kv.set([...this.#prefix, key], orderRef, { expireIn: this.#expireIn });
  }
}
