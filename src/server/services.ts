/**
 * What a running server holds: configuration, the store and the rate limiter. Built once at
 * start, passed to every route builder; tests build it with an in-memory store.
 */
import type { Config } from "../config/config.ts";
import type { DataStore } from "../store/types.ts";
import { checkNodeIdentity, openStore, secretFingerprint } from "../store/open.ts";
import { Ed25519Signer } from "../crypto/ed25519_core.ts";
import { RateLimiter } from "../http/rate_limit.ts";
import { paywallFromConfig } from "../x402/config.ts";
import type { PaywallDeps } from "../x402/paywall.ts";
import { withSettleLog } from "../x402/settle_log.ts";
import { buildSupplier, type SupplierSetup } from "./supplier.ts";
import { createWebhookOutbox, type WebhookOutbox } from "../webhooks/queue.ts";
import { createSellerNode, type SellerNode } from "../node/seller_node.ts";
import { orderEventsFromOutbox } from "../node/webhook_events.ts";
import type { OrderEvents } from "../../rails/node/events.ts";
import { logOrigin, TransparencyLog } from "../tlog/log.ts";
import type { CrawlLoop } from "../tlog/schedule.ts";
import { logSigner } from "../tlog/signer.ts";
import type { Shop } from "../shop/mod.ts";

export interface Services {
  config: Config;
  /** The node's store (Deno KV or PostgreSQL). */
  store: DataStore;
  limiter: RateLimiter;
  /** Payment terms, verification, replay claims and settlement for every paid route. */
  paywall: PaywallDeps;
  /** The configured supplier, or why it is unavailable. */
  supplier: SupplierSetup;
  /** Clock for everything time-dependent, injectable in tests. */
  now: () => number;
  /** Webhook events (`emit`); a no-op when WEBHOOK_URL is unset. */
  webhooks: WebhookOutbox;
  /** The seller node: priced catalog, orders, resume. */
  node: SellerNode;
  /** The transparency log of MCP servers (DESIGN.md §11). */
  tlog: TransparencyLog;
  /** The in-process registry crawl, when `MCP_REGISTRY_URL` is set. */
  crawl?: CrawlLoop;
  /** The storefront for people, when `STORE_NAME` is set. */
  shop?: Shop;
}

export interface ServiceOptions {
  /** Where the seller node's `agent_order.*` events go; default: the webhook outbox. */
  orderEvents?: OrderEvents;
  /** Seller node diagnostics (default: stdout). */
  nodeLog?: (line: string) => void;
  /** Progress of the in-process log crawl (default: stderr). */
  crawlLog?: (line: string) => void;
  /** Storefront diagnostics (default: stdout). */
  shopLog?: (line: string) => void;
  /** Storefront watcher poll interval in ms (default 2000). */
  shopPollMs?: number;
}

export async function openServices(
  config: Config,
  now: () => number = Date.now,
  options: ServiceOptions = {},
): Promise<Services> {
  const store = await openStore(config);
  const limiter = new RateLimiter({
    limit: config.rateLimitPerMin,
    store,
    now,
    shared: store.backend === "postgres",
  });
  try {
    if (config.storeUrl) {
      // Nodes sharing a database must share their keys (DESIGN.md §13).
      await checkNodeIdentity(store, {
        SIGNER_KEY_FILE: config.signer.keyId,
        VRF_KEY_FILE: new Ed25519Signer(config.vrfSecret).keyId,
        NODE_SECRET_FILE: await secretFingerprint(config.nodeSecret),
      });
    }
    await limiter.load();
  } catch (err) {
    await store.close();
    throw err;
  }
  limiter.start();
  const paywall = paywallFromConfig(config.payment, {
    claims: store.claims,
    signer: config.signer,
    publicOrigin: config.publicUrl,
  });
  // A settlement that does not pay is logged with why (RPC, chain, revert) and the tx hash.
  if (paywall.settler) {
    const log = options.nodeLog ?? ((line: string) => console.log(`esim-rails: ${line}`));
    paywall.settler = withSettleLog(paywall.settler, log);
  }
  const supplier = await buildSupplier(config, store);
  const webhooks = createWebhookOutbox({
    store,
    webhook: config.webhook,
    now,
    // Other nodes on the same database emit too; look for due deliveries now and then.
    pollEveryMs: store.backend === "postgres" ? 2_000 : undefined,
  });
  await webhooks.start();
  const node = createSellerNode({
    config,
    store,
    supplier,
    paywall,
    events: options.orderEvents ?? orderEventsFromOutbox(webhooks, now),
    now,
    log: options.nodeLog,
  });
  const tlog = new TransparencyLog(
    store.tlog,
    await logSigner(config.tlog.secret),
    logOrigin(config.publicUrl),
  );
  // The crawler (and the scan rules it summarises tool sets with) loads only when configured.
  const crawl = config.tlog.registryUrl
    ? (await import("../tlog/schedule.ts")).startCrawlLoop(tlog, {
      registry: config.tlog.registryUrl,
      intervalMin: config.tlog.crawlIntervalMin,
      observe: { allowPrivate: config.tlog.allowPrivate },
      now: () => new Date(now()),
      report: options.crawlLog,
      scan: (await import("../tlog/pooled_scan.ts")).pooledScan(config.scanTimeoutMs),
    })
    : undefined;
  const shop = config.storefront.enabled
    // Loaded only when the storefront is on: it brings the chain client (viem), which a node
    // that sells only to agents loads on its first settlement instead of at start.
    ? (await import("../shop/mod.ts")).createShop({
      config,
      store: store.shop,
      supplier: supplier.supplier,
      snapshot: () => node.snapshot(),
      outbox: webhooks,
      now,
      log: options.shopLog,
      pollMs: options.shopPollMs,
    })
    : undefined;
  return { config, store, limiter, paywall, supplier, now, webhooks, node, tlog, crawl, shop };
}

export async function closeServices(services: Services): Promise<void> {
  // Orders first (they may still emit events), then the outbox.
  await services.shop?.stop();
  await services.crawl?.stop();
  await services.node.stop();
  await services.webhooks.stop();
  await services.limiter.stop();
  await services.store.close();
}
