/**
 * The seller node's state in a running server: the cached priced catalog, the order store and
 * flow, the event sink, and the resume of unfinished orders on start.
 *
 * @example
 * ```ts ignore
 * const node = createSellerNode({ config, store, supplier, paywall });
 * node.start();          // resumes orders left in an intermediate state, in the background
 * await node.stop();     // waits for orders in flight
 * ```
 */
import type { Config } from "../config/config.ts";
import type { DataStore } from "../store/types.ts";
import type { PaywallDeps } from "../x402/paywall.ts";
import { ErrorCode, HttpError } from "../http/errors.ts";
import type { SupplierSetup } from "../server/supplier.ts";
import type { Supplier } from "../../rails/supplier/types.ts";
import { NO_EVENTS, type OrderEvents } from "../../rails/node/events.ts";
import { CatalogCache, type CatalogSnapshot } from "./catalog_cache.ts";
import { OrderStore } from "./order_store.ts";
import type { QuoteCache } from "./quote_cache.ts";
import { asSupplierError, OrderFlow } from "./order_flow.ts";

export interface SellerNodeOptions {
  config: Config;
  store: DataStore;
  supplier: SupplierSetup;
  paywall: PaywallDeps;
  /** Where `agent_order.*` events go (the webhook outbox); default: nowhere. */
  events?: OrderEvents;
  now?: () => number;
  /** Diagnostics sink (default: stdout); lines carry order ids and states only. */
  log?: (line: string) => void;
  /** With PostgreSQL: how often open orders left by dead nodes are looked for (default 5 s). */
  sweepEveryMs?: number;
}

export interface SellerNode {
  config: Config;
  orders: OrderStore;
  flow: OrderFlow;
  events: OrderEvents;
  catalog?: CatalogCache;
  /** Signed quote answers (set by the routes; read by tests and diagnostics). */
  quotes?: QuoteCache;
  /** The supplier, or a 503 `supplier_unavailable` naming why not. */
  supplier(): Supplier;
  /** The priced catalog; 503 `supplier_unavailable` when it cannot be fetched. */
  snapshot(): Promise<CatalogSnapshot>;
  /** Resumes unfinished orders in the background. */
  start(): void;
  /** Stops background work and waits for orders in flight. */
  stop(): Promise<void>;
}

function unavailable(message: string, cause?: unknown): HttpError {
  return new HttpError(503, ErrorCode.SupplierUnavailable, message, {
    headers: { "retry-after": "30" },
    cause,
  });
}

export function createSellerNode(o: SellerNodeOptions): SellerNode {
  const log = o.log ?? ((line: string) => console.log(`esim-rails node: ${line}`));
  const supplier = o.supplier.supplier;
  const orders = new OrderStore(o.store, o.now);
  const catalog = supplier
    ? new CatalogCache(
      () => supplier.catalog(),
      o.config.pricing,
      o.config.node.catalogCacheSeconds * 1000,
      o.now,
      (n) => log(`catalog: ${n} plan(s) left out, they make no valid offer`),
    )
    : undefined;
  const events = o.events ?? NO_EVENTS;
  const flow = new OrderFlow({
    orders,
    supplier: supplier ?? missingSupplier(o.supplier.problem ?? "no supplier"),
    paywall: o.paywall,
    events,
    catalog,
    now: o.now,
    log,
    exitAt: o.config.node.testExitAt,
  });
  let resuming: Promise<unknown> | undefined;
  let sweeper: ReturnType<typeof setInterval> | undefined;
  return {
    config: o.config,
    orders,
    flow,
    events,
    catalog,
    supplier() {
      if (!supplier) {
        throw unavailable(
          `The supplier is not configured on this node (${o.supplier.problem}); the operator must set it up`,
        );
      }
      return supplier;
    },
    async snapshot() {
      if (!catalog) {
        throw unavailable(
          `The supplier is not configured on this node (${o.supplier.problem}); the operator must set it up`,
        );
      }
      try {
        return await catalog.get();
      } catch (err) {
        const e = asSupplierError(err);
        // The operator needs the reason (e.g. 'check the shared secret or the clock'); supplier
        // error messages never carry a credential or a response body.
        log(`catalog fetch failed: ${e.code}: ${e.message}`);
        throw unavailable(
          `The supplier's catalog is unavailable right now (${e.code}); retry later`,
          err,
        );
      }
    },
    start() {
      if (!supplier) return;
      resuming = flow.resumeAll().then((n) => {
        if (n > 0) log(`resumed ${n} unfinished order(s)`);
      }).catch((err) => log(`resume failed: ${(err as Error).message}`));
      if (o.store.backend === "postgres") {
        // Other nodes share the database: take over orders a dead node left (DESIGN.md §13).
        sweeper = setInterval(() => {
          flow.sweep().catch((err) => log(`order sweep failed: ${(err as Error).message}`));
        }, o.sweepEveryMs ?? 5_000);
        Deno.unrefTimer(sweeper);
      }
    },
    async stop() {
      clearInterval(sweeper);
      flow.stop();
      await resuming;
      await flow.idle();
    },
  };
}

/** A supplier whose every call fails as "not configured" (the flow never runs without one). */
function missingSupplier(problem: string): Supplier {
  const fail = () => Promise.reject(asSupplierError(new Error(problem)));
  return { catalog: fail, order: fail, profiles: fail, cancel: fail, balance: fail };
}
