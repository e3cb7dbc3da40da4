/**
 * Storefront benchmark, bounded:
 *  1. Offers page: server time to build a country's offers page (quote + HTML) and its bytes,
 *     against serialising the same quote as JSON in the same run (ratio). Targets (issue 17):
 *     ≤ 2 ms, ≤ 30 KB without the QR code. Also the order page's bytes with its payment QR.
 *  2. Watcher catch-up: the EVM watcher scans 10,000 blocks on anvil holding `--transfers`
 *     USDC transfers to the shop, against one raw `eth_getLogs` over the same blocks (ratio).
 *
 *   deno run -A bench/shop.ts [--ms 400] [--transfers 100] [--blocks 10000]
 */
import { parseArgs } from "node:util";
import { createWalletClient, http } from "viem";
import { DEMO_CATALOG } from "../rails/receiver/demo_catalog.ts";
import { priceCatalog, quoteOffers } from "../rails/node/offers.ts";
import { countryPage, orderPage } from "../src/shop/pages.ts";
import type { ShopSettings } from "../src/shop/settings.ts";
import { BASE } from "../src/x402/constants.ts";
import { payView } from "../src/shop/pay.ts";
import type { ShopOrder } from "../src/shop/types.ts";
import { Store } from "../src/store/kv.ts";
import { KvShopStore } from "../src/store/kv/shop.ts";
import { EvmWatcher, TRANSFER_TOPIC } from "../src/shop/evm/watcher.ts";
import { httpRpc } from "../src/shop/evm/rpc.ts";
import { anvilChain, startChain } from "../tests/support/chain.ts";
import { buyer, seller } from "../tests/x402/_sign.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    ms: { type: "string", default: "400" },
    transfers: { type: "string", default: "100" },
    blocks: { type: "string", default: "10000" },
  },
});
const MS = Number(values.ms);
const TRANSFERS = Math.min(1000, Number(values.transfers));
const BLOCKS = Math.min(10_000, Number(values.blocks));

function rate(fn: () => unknown): number {
  for (let i = 0; i < 200; i++) fn();
  let n = 0;
  const end = performance.now() + MS;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) fn();
    n += 50;
  }
  return n / MS; // per ms
}

// ---- 1. pages --------------------------------------------------------------------------
const method = {
  kind: "evm" as const,
  method: "evm:8453:usdc",
  network: BASE.network,
  asset: BASE.usdc,
  label: "USDC on Base",
  name: "base",
  chain: BASE,
  rpcUrl: "http://127.0.0.1:1",
  payTo: seller.address,
};
const settings: ShopSettings = {
  enabled: true,
  storeName: "Bench Travel eSIMs",
  demo: false,
  methods: [method],
  expiryMs: 86_400_000,
  secret: "bench-secret-0123456789",
  publicUrl: "http://127.0.0.1",
};
const catalog = priceCatalog(DEMO_CATALOG, { marginPct: "20", minMarginUsd: "0.50" });
const page = () => countryPage(settings, "US", quoteOffers(catalog, { country: "US" }));
const json = () =>
  JSON.stringify({ country: "US", offers: quoteOffers(catalog, { country: "US" }), quoted_at: "" });
const pageRate = rate(page);
const jsonRate = rate(json);
const pageBytes = new TextEncoder().encode(page()).length;
const offer = quoteOffers(catalog, { country: "US" })[0]!;
const now = new Date().toISOString();
const order: ShopOrder = {
  order_id: "sho_000000000000000000000000",
  offer_id: offer.offer_id,
  offer_name: offer.name,
  plan_id: offer.plan_id,
  data_bytes: offer.data_bytes,
  days: offer.days,
  cost_usd: 1,
  price_usd: offer.price_usd,
  price_units: String(BigInt(offer.price_usd.replace(".", "")) * 10_000n),
  method: method.method,
  chain: BASE.network,
  asset: BASE.usdc,
  pay_to: seller.address,
  offset: 4321,
  eip3009: { nonce: "0x" + "ab".repeat(32), valid_after: "0", valid_before: "9999999999" },
  authorizations: [],
  state: "awaiting_payment",
  payments: [],
  created_at: now,
  updated_at: now,
  expires_at: now,
  event_counts: {},
  pending_events: [],
};
const orderBytes = new TextEncoder().encode(
  orderPage({ settings, order, token: "t".repeat(43), method, pay: payView(order, method) }),
).length;
console.log(
  `offers page (US, ${quoteOffers(catalog, { country: "US" }).length} offers): ${
    (1000 / pageRate).toFixed(1)
  } µs/page, ${pageBytes} bytes (target ≤ 2000 µs, ≤ 30000 bytes); ` +
    `quote JSON baseline ${(1000 / jsonRate).toFixed(1)} µs → page/JSON time ratio ${
      (jsonRate / pageRate).toFixed(2)
    }`,
);
console.log(`order page with payment QR: ${orderBytes} bytes`);

// ---- 2. watcher catch-up ----------------------------------------------------------------
const chain = await startChain();
const store = await Store.open(":memory:");
try {
  await chain.mint(buyer.address, 10n ** 12n);
  const setup = performance.now();
  const wallet = createWalletClient({
    chain: { ...anvilChain, rpcUrls: { default: { http: [chain.rpcUrl] } } },
    transport: http(chain.rpcUrl),
    account: buyer,
  });
  const start = Number(await chain.publicClient.getBlockNumber());
  const gap = Math.max(1, Math.floor(BLOCKS / TRANSFERS) - 1);
  for (let i = 0; i < TRANSFERS; i++) {
    // anvil mines each transaction at once (automine): no receipt polling needed.
    await wallet.writeContract({
      address: BASE.usdc,
      abi: chain.token.abi,
      functionName: "transfer",
      args: [seller.address, 1_000_000n + BigInt(i)],
      nonce: i,
      gas: 100_000n,
    });
    await chain.rpc("anvil_mine", ["0x" + gap.toString(16)]);
  }
  const head = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }));
  console.log(
    `(setup: ${head - start} blocks in ${((performance.now() - setup) / 1000).toFixed(1)} s)`,
  );
  const shop = new KvShopStore(store);
  let seen = 0;
  const watcher = new EvmWatcher({
    rpc: httpRpc(chain.rpcUrl),
    store: shop,
    sink: {
      observe: () => Promise.resolve(void seen++),
      confirm: () => Promise.resolve(),
      drop: () => Promise.resolve(),
      tracked: () => Promise.resolve([]),
    },
    chain: BASE.network,
    chainId: BASE.chainId,
    token: BASE.usdc,
    payTo: seller.address,
  });
  await shop.setCursor(BASE.network, { next_block: start, caught_up_at: 0 });
  const t0 = performance.now();
  const res = await watcher.poll();
  const watchMs = performance.now() - t0;
  const rpc = httpRpc(chain.rpcUrl);
  const t1 = performance.now();
  const raw = await rpc.call<unknown[]>("eth_getLogs", [{
    address: BASE.usdc,
    fromBlock: "0x" + start.toString(16),
    toBlock: "0x" + head.toString(16),
    topics: [TRANSFER_TOPIC, null, "0x" + seller.address.slice(2).toLowerCase().padStart(64, "0")],
  }]);
  const rawMs = performance.now() - t1;
  console.log(
    `watcher catch-up: ${res.scanned} blocks, ${seen} transfers (raw getLogs found ${raw.length}) in ${
      watchMs.toFixed(0)
    } ms = ${(res.scanned / watchMs * 1000).toFixed(0)} blocks/s; one raw eth_getLogs ${
      rawMs.toFixed(0)
    } ms → watcher/raw ratio ${(watchMs / rawMs).toFixed(1)}`,
  );
} finally {
  store.close();
  await chain.stop();
}
