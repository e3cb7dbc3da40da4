/**
 * Test environment of the storefront: a local anvil chain with the test USDC at the real Base
 * address, the reference supplier receiver (subprocess), the reference webhook receiver
 * (in-process, verifying every signature and counting duplicates) and our server with
 * `STORE_NAME` set.
 */
import { createWebhookReceiver } from "../../rails/webhooks/receiver.ts";
import type { WebhookEvent } from "../../rails/webhooks/event.ts";
import { createWalletClient, http } from "viem";
import { anvilChain, type Chain, startChain } from "../support/chain.ts";
import { BASE } from "../../src/x402/constants.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import type { SpawnedServer } from "../support/process.ts";
import { nodeEnv, startReceiver } from "../seller/_env.ts";
import { buyer, other } from "../x402/_sign.ts";
import { DEMO_CATALOG } from "../../rails/receiver/demo_catalog.ts";
import type { Plan } from "../../rails/supplier/types.ts";
import type { ShopService } from "../../src/shop/service.ts";

export const WEBHOOK_SECRET = "webhook-secret-for-the-shop-tests-01";

/** Events received and verified by the reference receiver. */
export class Received {
  readonly events: WebhookEvent[] = [];
  duplicates = 0;
  #waiters: { pred: (e: WebhookEvent) => boolean; resolve: (e: WebhookEvent) => void }[] = [];

  add(e: WebhookEvent, duplicate: boolean) {
    if (duplicate) {
      this.duplicates++;
      return;
    }
    this.events.push(e);
    const keep = [];
    for (const w of this.#waiters) {
      if (w.pred(e)) w.resolve(e);
      else keep.push(w);
    }
    this.#waiters = keep;
  }

  /** The first event of `type` for `orderId` (already received or still to come). */
  next(type: string, orderId: string): Promise<WebhookEvent> {
    const pred = (e: WebhookEvent) => e.type === type && e.data.order_id === orderId;
    const seen = this.events.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ pred, resolve }));
  }

  typesOf(orderId: string): string[] {
    return this.events.filter((e) => e.data.order_id === orderId).map((e) => e.type);
  }
}

export interface ShopEnv {
  dir: string;
  chain: Chain;
  url: string;
  server: TestServer;
  receiver: SpawnedServer;
  shop: ShopService;
  received: Received;
  logs: string[];
  env: Record<string, string>;
  /** Moves the shop's clock forward (ms). */
  advance(ms: number): void;
  /** Restarts the supplier receiver on the same port with another catalog. */
  restartReceiver(catalog: readonly Plan[]): Promise<void>;
}

export interface ShopEnvOptions {
  /** Background poll interval; 0 = none (the test calls `shop.tick()`). */
  pollMs?: number;
  env?: Record<string, string>;
  catalog?: readonly Plan[];
  fund?: bigint;
}

export async function withShop(fn: (e: ShopEnv) => Promise<void>, o: ShopEnvOptions = {}) {
  const dir = await Deno.makeTempDir({ prefix: "esim-shop-" });
  const chain = await startChain();
  const received = new Received();
  let skew = 0;
  const now = () => Date.now() + skew;
  const hooks = createWebhookReceiver({
    secret: WEBHOOK_SECRET,
    onEvent: (e, info) => received.add(e, info.duplicate),
    now, // the receiver checks the signed timestamp against the (moved) clock
  });
  const hookServer = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, hooks);
  let receiver: SpawnedServer | undefined;
  let server: TestServer | undefined;
  try {
    const fund = o.fund ?? 100_000_000n;
    if (fund > 0n) {
      await chain.mint(buyer.address, fund);
      await chain.mint(other.address, fund);
    }
    receiver = await startReceiver({ dir, catalog: o.catalog ?? DEMO_CATALOG, delayMs: 100 });
    await Deno.writeTextFile(`${dir}/webhook-secret`, WEBHOOK_SECRET);
    const env: Record<string, string> = {
      ...await nodeEnv(dir, receiver.url, chain),
      STORE_NAME: "Test Travel eSIMs",
      EVM_CHAINS: "base",
      WEBHOOK_URL: `http://127.0.0.1:${hookServer.addr.port}/hook`,
      WEBHOOK_SECRET_FILE: `${dir}/webhook-secret`,
      ...o.env,
    };
    if (env.KV_PATH === "") env.KV_PATH = `${dir}/node.kv`;
    const logs: string[] = [];
    server = await startTestServer(env, {
      nodeLog: (l) => logs.push(l),
      shopLog: (l) => logs.push(l),
      shopPollMs: o.pollMs ?? 0,
      now,
    });
    const shop = server.server.services.shop?.service;
    if (!shop) throw new Error("the storefront did not start");
    const restartReceiver = async (catalog: readonly Plan[]) => {
      const port = Number(new URL(receiver!.url).port);
      await receiver!.stop();
      receiver = await startReceiver({ dir, catalog, delayMs: 100, port });
    };
    await fn({
      dir,
      chain,
      url: server.url,
      server,
      receiver,
      shop,
      received,
      logs,
      env,
      advance: (ms) => skew += ms,
      restartReceiver,
    });
  } finally {
    await server?.[Symbol.asyncDispose]();
    await receiver?.stop();
    await hookServer.shutdown();
    await chain.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

export async function api(
  url: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: init.body === undefined ? {} : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch { /* not JSON */ }
  return { status: res.status, body };
}

/** The cheapest offer of `country` from the seller node's quote. */
export async function firstOffer(url: string, country = "US") {
  const r = await api(`${url}/quote`, { body: { country } });
  const offers =
    (r.body.result as { offers: { offer_id: string; price_usd: string; plan_id: string }[] })
      .offers;
  return offers[0]!;
}

/**
 * Drives the shop (`tick`) until `done` holds, yielding to timers between passes (the supplier
 * makes profiles asynchronously). Fails after `timeoutMs`.
 */
export async function tickUntil(
  shop: ShopService,
  done: () => Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await shop.tick();
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Mines `n` empty blocks (moves the `safe` block past earlier ones). */
export async function mine(chain: Chain, n = 40): Promise<void> {
  await chain.rpc("anvil_mine", ["0x" + n.toString(16)]);
}

/** A plain USDC `transfer` from `from` (mined at once by anvil); returns the transaction hash. */
export async function transfer(
  chain: Chain,
  from: typeof buyer,
  to: `0x${string}`,
  units: bigint,
): Promise<`0x${string}`> {
  const wallet = createWalletClient({
    chain: { ...anvilChain, rpcUrls: { default: { http: [chain.rpcUrl] } } },
    transport: http(chain.rpcUrl),
    account: from,
  });
  const hash = await wallet.writeContract({
    address: BASE.usdc,
    abi: chain.token.abi,
    functionName: "transfer",
    args: [to, units],
  });
  const r = await chain.publicClient.waitForTransactionReceipt({ hash });
  if (r.status !== "success") throw new Error("transfer failed");
  return hash;
}

/** Creates an order through the JSON API; returns its id, token and pay object. */
export async function createOrder(url: string, country = "US") {
  const offer = await firstOffer(url, country);
  const r = await api(`${url}/shop/api/orders`, {
    body: { offer_id: offer.offer_id, method: "evm:8453:usdc" },
  });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  const pay = r.body.pay as { amount_units: string; address: `0x${string}` };
  return {
    id: r.body.order_id as string,
    token: r.body.status_token as string,
    pay,
    price: BigInt(offer.price_usd.replace(".", "")) * 10_000n,
    amount: BigInt(pay.amount_units),
    offer,
  };
}

/** The order's JSON (GET /shop/api/orders/:id). */
export async function view(url: string, o: { id: string; token: string }) {
  const r = await api(`${url}/shop/api/orders/${o.id}?token=${o.token}`);
  if (r.status !== 200) throw new Error(`view: ${r.status}`);
  return r.body as {
    status: string;
    paid_units: string;
    due_units: string;
    pay: { amount_units: string };
    payments: { ref: string; payer: string; units: string; final: boolean }[];
    esim?: { activation_code: string };
  };
}
