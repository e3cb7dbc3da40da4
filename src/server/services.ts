/**
 * What a running server holds: configuration, the store and the rate limiter. Built once at
 * start, passed to every route builder; tests build it with an in-memory store.
 */
import type { Config } from "../config/config.ts";
import { Store } from "../store/kv.ts";
import { RateLimiter } from "../http/rate_limit.ts";
import { type PaywallDeps, paywallFromConfig } from "../x402/mod.ts";
import { buildSupplier, type SupplierSetup } from "./supplier.ts";
import { createSellerNode, type SellerNode } from "../node/seller_node.ts";
import type { OrderEvents } from "../../rails/node/events.ts";

export interface Services {
  config: Config;
  store: Store;
  limiter: RateLimiter;
  /** Payment terms, verification, replay claims and settlement for every paid route. */
  paywall: PaywallDeps;
  /** The configured supplier, or why it is unavailable. */
  supplier: SupplierSetup;
  /** Clock for everything time-dependent, injectable in tests. */
  now: () => number;
  /** The seller node: priced catalog, orders, resume. */
  node: SellerNode;
}

export interface ServiceOptions {
  /** Where the seller node's `agent_order.*` events go (the webhook outbox); default: nowhere. */
  orderEvents?: OrderEvents;
  /** Seller node diagnostics (default: stdout). */
  nodeLog?: (line: string) => void;
}

export async function openServices(
  config: Config,
  now: () => number = Date.now,
  options: ServiceOptions = {},
): Promise<Services> {
  const store = await Store.open(config.kvPath);
  const limiter = new RateLimiter({ limit: config.rateLimitPerMin, store, now });
  try {
    await limiter.load();
  } catch (err) {
    store.close();
    throw err;
  }
  limiter.start();
  const paywall = paywallFromConfig(config.payment, {
    kv: store.kv,
    signer: config.signer,
    publicOrigin: config.publicUrl,
  });
  const supplier = buildSupplier(config, store);
  const node = createSellerNode({
    config,
    store,
    supplier,
    paywall,
    events: options.orderEvents,
    now,
    log: options.nodeLog,
  });
  return { config, store, limiter, paywall, supplier, now, node };
}

export async function closeServices(services: Services): Promise<void> {
  await services.node.stop();
  await services.limiter.stop();
  services.store.close();
}
