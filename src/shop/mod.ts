/**
 * The storefront in a running server: settings, the order service with one watcher per payment
 * method (EVM chains, TON, TRON, Solana) and one settler per EVM chain, and its routes. Built by `openServices` when `STORE_NAME` is set.
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
import type { PayMethod } from "./settings.ts";
import type { PaymentWatcher } from "./watcher.ts";
import { httpGet } from "./http_get.ts";
import { TonWatcher } from "./ton/watcher.ts";
import { TronWatcher } from "./tron/watcher.ts";
import { SolanaWatcher } from "./solana/watcher.ts";

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
      if (m.kind !== "evm") continue;
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
  for (const m of settings.methods) service.addWatcher(watcherFor(m, d, service));
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

/** The watcher of one payment method. */
function watcherFor(m: PayMethod, d: ShopDeps, service: ShopService): PaymentWatcher {
  const common = { store: d.store, sink: service, chain: m.network, now: d.now };
  switch (m.kind) {
    case "evm":
      return new EvmWatcher({
        ...common,
        rpc: httpRpc(m.rpcUrl),
        chainId: m.chain.chainId,
        token: m.chain.usdc,
        payTo: m.payTo,
      });
    case "ton":
      return new TonWatcher({
        ...common,
        api: httpGet(m.apiUrl, { header: "X-API-Key", key: m.apiKey }),
        master: m.asset,
        payTo: m.payTo,
      });
    case "tron":
      return new TronWatcher({
        ...common,
        api: httpGet(m.apiUrl, { header: "TRON-PRO-API-KEY", key: m.apiKey }),
        token: m.asset,
        payTo: m.payTo,
      });
    case "solana":
      return new SolanaWatcher({
        ...common,
        rpc: httpRpc(m.apiUrl),
        mint: m.asset,
        payTo: m.payTo,
        log: d.log,
      });
  }
}
