/**
 * Test environment of the seller node: the reference supplier receiver (`esim-rails supplier`)
 * as a real subprocess, a local anvil chain with the EIP-3009 token at the real USDC address,
 * and our server (`startTestServer`, SUPPLIER=http) with a recording event sink.
 */
import { type SpawnedServer, spawnServe } from "../support/process.ts";
import { type Chain, startChain } from "../support/chain.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { buyer, KEYS, seller } from "../x402/_sign.ts";
import type { Plan } from "../../rails/supplier/types.ts";
import { planToWire } from "../../rails/supplier/wire.ts";
import { DEMO_CATALOG } from "../../rails/receiver/demo_catalog.ts";
import type { OrderEvents } from "../../rails/node/events.ts";

export const NODE_SECRET = "node-secret-for-the-tests-0123456789";
export const SUPPLIER_SECRET = "supplier-secret-for-the-tests-0123";

export interface ReceiverOptions {
  dir: string;
  catalog?: readonly Plan[];
  port?: number;
  kvPath?: string;
  delayMs?: number;
}

/** Spawns `esim-rails supplier` and parses its banner for the URL. */
export async function startReceiver(o: ReceiverOptions): Promise<SpawnedServer> {
  await Deno.writeTextFile(`${o.dir}/supplier-secret`, SUPPLIER_SECRET + "\n");
  const args = [
    "supplier",
    "--port",
    String(o.port ?? 0),
    "--secret-file",
    `${o.dir}/supplier-secret`,
    "--kv-path",
    o.kvPath ?? ":memory:",
    "--profile-delay-ms",
    String(o.delayMs ?? 300),
  ];
  if (o.catalog) {
    const file = `${o.dir}/catalog-${crypto.randomUUID()}.json`;
    await Deno.writeTextFile(file, JSON.stringify(o.catalog.map(planToWire)));
    args.push("--catalog", file);
  }
  return await spawnServe(args);
}

/** Events the node emitted, recorded in order. */
export class EventSink implements OrderEvents {
  readonly events: { type: string; data: Record<string, unknown> }[] = [];
  #waiters: { type: string; resolve: (d: Record<string, unknown>) => void }[] = [];

  emit(type: string, data: Record<string, unknown>): Promise<void> {
    this.events.push({ type, data });
    for (const w of this.#waiters.filter((w) => w.type === type)) w.resolve(data);
    this.#waiters = this.#waiters.filter((w) => w.type !== type);
    return Promise.resolve();
  }

  /** Resolves with the data of the first event of `type` (already emitted or still to come). */
  next(type: string): Promise<Record<string, unknown>> {
    const seen = this.events.find((e) => e.type === type);
    if (seen) return Promise.resolve(seen.data);
    return new Promise((resolve) => this.#waiters.push({ type, resolve }));
  }
}

/** The environment variables of a paid seller node against `receiverUrl`. */
export async function nodeEnv(
  dir: string,
  receiverUrl: string,
  chain?: Chain,
): Promise<Record<string, string>> {
  await Deno.writeTextFile(`${dir}/node-secret`, NODE_SECRET + "\n");
  await Deno.writeTextFile(`${dir}/supplier-secret`, SUPPLIER_SECRET + "\n");
  const env: Record<string, string> = {
    SUPPLIER: "http",
    SUPPLIER_URL: receiverUrl,
    SUPPLIER_SECRET_FILE: `${dir}/supplier-secret`,
    NODE_SECRET_FILE: `${dir}/node-secret`,
    PRODUCT_ID: "esim-node-test",
    SELLER_NAME: "Test Seller",
    RATE_LIMIT_PER_MIN: "100000",
    ORDER_WAIT_SECONDS: "20",
  };
  if (chain) {
    await Deno.writeTextFile(`${dir}/facilitator.key`, KEYS.facilitator);
    env.PAY_TO_EVM = seller.address;
    env.FACILITATOR_KEY_FILE = `${dir}/facilitator.key`;
    env.RPC_URL = chain.rpcUrl;
  }
  return env;
}

export interface SellerEnv {
  dir: string;
  chain: Chain;
  receiver: SpawnedServer;
  server: TestServer;
  url: string;
  sink: EventSink;
  logs: string[];
  env: Record<string, string>;
}

/** Chain (buyer funded with `fund`, default 100 USDC) + receiver + node; all stopped after. */
export async function withSeller(
  fn: (s: SellerEnv) => Promise<void>,
  opts: {
    fund?: bigint;
    env?: Record<string, string>;
    catalog?: readonly Plan[];
    delayMs?: number;
    /** Leave events to the server's own webhook outbox (no recording sink). */
    outbox?: boolean;
  } = {},
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "esim-seller-" });
  const chain = await startChain();
  let receiver: SpawnedServer | undefined;
  let server: TestServer | undefined;
  try {
    const fund = opts.fund ?? 100_000_000n;
    if (fund > 0n) await chain.mint(buyer.address, fund);
    receiver = await startReceiver({
      dir,
      catalog: opts.catalog ?? DEMO_CATALOG,
      delayMs: opts.delayMs,
    });
    const env = { ...await nodeEnv(dir, receiver.url, chain), ...opts.env };
    // An empty KV_PATH asks for an on-disk store in the test directory (to inspect its bytes).
    if (env.KV_PATH === "") env.KV_PATH = `${dir}/node.kv`;
    const sink = new EventSink();
    const logs: string[] = [];
    server = await startTestServer(env, {
      orderEvents: opts.outbox ? undefined : sink,
      nodeLog: (l) => logs.push(l),
    });
    await fn({ dir, chain, receiver, server, url: server.url, sink, logs, env });
  } finally {
    await server?.[Symbol.asyncDispose]();
    await receiver?.stop();
    await chain.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** POSTs JSON and returns status, headers and parsed body. */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown>; text: string }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text);
  } catch { /* not JSON */ }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** The cheapest offer of a quote for `country`. */
export async function cheapestOffer(
  url: string,
  country = "US",
): Promise<{ offer_id: string; price_usd: string; plan_id: string }> {
  const q = await postJson(`${url}/quote`, { country });
  if (q.status !== 200) throw new Error(`quote: ${q.status} ${q.text}`);
  const offers =
    (q.body.result as { offers: { offer_id: string; price_usd: string; plan_id: string }[] })
      .offers;
  return offers[0]!;
}
