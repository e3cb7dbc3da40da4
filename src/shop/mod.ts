/**
 * The storefront in a running server: settings, the order service with one EVM watcher and one
 * settler per chain, and its routes. Built by `openServices` when `STORE_NAME` is set.
 *
 * @example
 * ```ts ignore
 * const shop = createShop({ config, store: new KvShopStore(store), supplier, snapshot, outbox });
 * shop.start();
 * routes.push(...shop.routes);
 * await shop.stop();
 * ```
 */
import type { Config } from "../config/config.ts";
import type { Supplier } from "../../rails/supplier/types.ts";
import type { WebhookEmitter } from "../../rails/webhooks/event.ts";
import type { CatalogSnapshot } from "../node/catalog_cache.ts";
import type { Route } from "../http/types.ts";
import { LocalSettler } from "../x402/settle_local.ts";
import type { ShopStore } from "./store.ts";
import { type ShopSettings, shopSettings } from "./settings.ts";
import { ShopService, type ShopSettler } from "./service.ts";
import { EvmWatcher } from "./evm/watcher.ts";
import { httpRpc } from "./evm/rpc.ts";
import { shopRoutes } from "./routes.ts";

export interface ShopDeps {
  config: Config;
  store: ShopStore;
  supplier?: Supplier;
  snapshot: () => Promise<CatalogSnapshot>;
  outbox: WebhookEmitter;
  now?: () => number;
  log?: (line: string) => void;
  /** Background poll interval (ms), default 2000. */
  pollMs?: number;
}

export interface Shop {
  settings: ShopSettings;
  service: ShopService;
  routes: Route[];
  start(): void;
  stop(): Promise<void>;
}

export function createShop(d: ShopDeps): Shop {
  const settings = shopSettings(d.config);
  const settlers = new Map<string, ShopSettler>();
  if (settings.facilitatorKey) {
    for (const m of settings.methods) {
      settlers.set(
        m.method,
        new LocalSettler({
          privateKey: settings.facilitatorKey,
          rpcUrl: m.rpcUrl,
        }) as unknown as ShopSettler,
      );
    }
  }
  const service = new ShopService({
    store: d.store,
    settings,
    supplier: d.supplier,
    catalog: d.snapshot,
    outbox: d.outbox,
    settlers,
    now: d.now,
    log: d.log ?? ((line) => console.log(`esim-rails shop: ${line}`)),
  });
  for (const m of settings.methods) {
    service.addWatcher(
      new EvmWatcher({
        rpc: httpRpc(m.rpcUrl),
        store: d.store,
        sink: service,
        chain: m.chain.network,
        chainId: m.chain.chainId,
        token: m.chain.usdc,
        payTo: m.payTo,
        now: d.now,
      }),
    );
  }
  return {
    settings,
    service,
    routes: shopRoutes({ service, snapshot: d.snapshot }),
    start: () => {
      // pollMs 0: no background loop (tests drive `service.tick()` by hand).
      if (!settings.demo && d.pollMs !== 0) service.start(d.pollMs);
    },
    stop: () => service.stop(),
  };
}
