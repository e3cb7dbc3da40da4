/**
 * The supplier catalog, priced and cached for `CATALOG_CACHE_SECONDS` (default 60), so quotes
 * do not reach the supplier on every request. One fetch at a time (concurrent callers share
 * it); a failed fetch is not cached; `invalidate()` drops the snapshot (after a supplier said
 * `price_changed`). A snapshot carries the time it was fetched: quotes made from it say
 * `quoted_at` = that time, so identical questions get identical (cacheable) signed answers.
 *
 * @example
 * ```ts ignore
 * const cache = new CatalogCache(() => supplier.catalog(), { marginPct: "20", minMarginUsd: "0.50" }, 60_000);
 * const snap = await cache.get();
 * snap.catalog.byId.get("off_...");
 * ```
 */
import type { Plan } from "../../rails/supplier/types.ts";
import type { PricingConfig } from "../../rails/pricing.ts";
import { priceCatalog, type PricedCatalog } from "../../rails/node/offers.ts";

export interface CatalogSnapshot {
  catalog: PricedCatalog;
  /** When it was fetched (ms). */
  at: number;
  /** `at` as ISO 8601 UTC. */
  quotedAt: string;
  /** A counter that changes with every snapshot (answer caches key on it). */
  generation: number;
}

export class CatalogCache {
  #snapshot?: CatalogSnapshot;
  #inflight?: Promise<CatalogSnapshot>;
  #generation = 0;

  constructor(
    readonly fetchPlans: () => Promise<Plan[]>,
    readonly pricing: PricingConfig,
    readonly ttlMs: number,
    readonly now: () => number = Date.now,
    /** Told how many plans were left out because they make no valid offer. */
    readonly onInvalid?: (count: number) => void,
  ) {}

  /** The current snapshot, fetching when there is none or it is older than the TTL. */
  get(): Promise<CatalogSnapshot> {
    const s = this.#snapshot;
    if (s && this.now() - s.at < this.ttlMs) return Promise.resolve(s);
    return this.#inflight ??= this.#fetch().finally(() => {
      this.#inflight = undefined;
    });
  }

  /** The snapshot if fresh, without waiting (hot path). */
  peek(): CatalogSnapshot | undefined {
    const s = this.#snapshot;
    return s && this.now() - s.at < this.ttlMs ? s : undefined;
  }

  invalidate(): void {
    this.#snapshot = undefined;
  }

  async #fetch(): Promise<CatalogSnapshot> {
    const plans = await this.fetchPlans();
    const at = this.now();
    const priced = priceCatalog(plans, this.pricing);
    // Once per snapshot, every offer is checked against the offer schema; a plan that cannot
    // make a valid offer (e.g. a supplier's malformed row) is left out of quotes and orders.
    // The validator (ajv) is loaded here, on the first catalog fetch, rather than at start.
    const { validate } = await import("../../rails/schemas.ts");
    const valid = priced.offers.filter((o) => validate("offer", o.offer).ok);
    if (valid.length !== priced.offers.length) {
      this.onInvalid?.(priced.offers.length - valid.length);
    }
    const snap: CatalogSnapshot = {
      catalog: { offers: valid, byId: new Map(valid.map((o) => [o.offer.offer_id, o])) },
      at,
      quotedAt: new Date(at).toISOString(),
      generation: ++this.#generation,
    };
    this.#snapshot = snap;
    return snap;
  }
}
