/**
 * `esim-rails dev` (DESIGN.md §12): a complete local sandbox without real money, one command,
 * one Ctrl-C. A local chain (anvil, chain id 8453) with the test EIP-3009 token at the real
 * USDC address, a funded buyer key in the sandbox folder, the reference supplier, the webhook
 * receiver and `serve` with payments on; then it prints the exact `esim-rails call` commands
 * that buy an eSIM and call each paid endpoint.
 *
 * The chain comes from the test support code (tests/support/chain.ts: anvil and solc from npm),
 * run as a child process (tests/support/sandbox_chain.ts) with the test lockfile only when `dev`
 * runs, so neither the server's module graph, its lockfile nor a compiled binary ever includes
 * it; `dev` therefore runs in a checkout.
 */
import { type CliCommand, parseFlags, untilStopSignal, UsageError } from "./args.ts";
import { createFileAtomically, loadOrCreateKeyFile } from "../crypto/key_file.ts";
import { toBase64Url, toHex } from "../crypto/hash.ts";
import { ConfigError, loadConfig } from "../config/config.ts";
import { ListenError, type RunningServer, startServer } from "../server/server.ts";
import { Store } from "../store/kv.ts";
import { createSupplierReceiver } from "../../rails/receiver/handler.ts";
import { KvReceiverStore } from "../../rails/receiver/kv_store_deno.ts";
import { DEMO_CATALOG } from "../../rails/receiver/demo_catalog.ts";
import { createWebhookReceiver } from "../../rails/webhooks/receiver.ts";
import { BASE } from "../x402/constants.ts";
import { callCommand, type HomeDocument, shellQuote } from "../server/home.ts";

const DEFAULT_DIR = "./data/sandbox";
/** Buyer's test USDC: 100 USDC. */
const BUYER_FUNDS = 100_000_000n;
/**
 * anvil's well-known development accounts (mnemonic "test test ... junk"): #1 settles (it has
 * test ETH for gas), #2 is the seller's PAY_TO_EVM. Only ever used on the local chain.
 */
const FACILITATOR_KEY = "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const SELLER_ADDRESS = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

const USAGE = `Usage: esim-rails dev [--port <n>] [--dir <folder>]

Runs a complete local sandbox, nothing real: a local chain (anvil, chain id 8453) with a test
USDC at the real Base USDC address, a buyer key holding 100 test USDC, the reference supplier
(demo catalog), the webhook receiver, and serve with payments on. Prints the URLs and the exact
esim-rails call commands that buy an eSIM and call each paid endpoint. Ctrl-C stops everything.
Runs in a checkout (it reuses tests/support/chain.ts; anvil and solc come from npm).

  --port <n>      serve's port (default 8402; 0 picks a free one)
  --dir <folder>  sandbox folder for the buyer key, secrets and server keys
                  (default ${DEFAULT_DIR}; kept between runs)

Environment: ANVIL_BIN  an anvil binary to use instead of the npm package
                        (@foundry-rs/anvil-linux-amd64, Linux x86-64 only)`;

interface LocalChain {
  rpcUrl: string;
  chainId: number;
  stop(): Promise<void>;
}

class Refusal extends Error {}

export const command: CliCommand = {
  usage: USAGE,
  async run(argv) {
    const { values } = await parseFlags(argv, {
      port: { type: "string" },
      dir: { type: "string" },
    });
    if (values.port !== undefined && !/^\d{1,5}$/.test(values.port)) {
      throw new UsageError("--port takes a number");
    }
    const port = values.port ?? "8402";
    const dir = absolute((values.dir ?? DEFAULT_DIR).replace(/\/+$/, ""));
    const closers: (() => Promise<void> | void)[] = [];
    const closeAll = async () => {
      for (const close of closers.reverse()) {
        try {
          await close();
        } catch { /* keep closing the rest */ }
      }
    };
    try {
      const sandbox = await startSandbox(port, dir, closers);
      console.log(sandbox);
    } catch (err) {
      await closeAll();
      if (err instanceof Refusal || err instanceof ConfigError || err instanceof ListenError) {
        console.error(`esim-rails dev: ${err.message}`);
        return 1;
      }
      throw err;
    }
    await untilStopSignal();
    await closeAll();
    console.log("esim-rails dev: stopped (chain, supplier, webhook receiver and server)");
    return 0;
  },
};

/** Starts every part, registering how to stop it; returns the text to print. */
async function startSandbox(
  port: string,
  dir: string,
  closers: (() => Promise<void> | void)[],
): Promise<string> {
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });

  // 1. Local chain with the test USDC at the real address, funding the buyer.
  const { privateKeyToAccount } = await import("viem/accounts");
  const buyerKeyFile = `${dir}/buyer.key`;
  const buyer = privateKeyToAccount(`0x${toHex((await loadOrCreateKeyFile(buyerKeyFile)).secret)}`);
  const chain = await startLocalChain(buyer.address);
  closers.push(() => chain.stop());
  const facilitatorKeyFile = `${dir}/facilitator.key`;
  await createFileAtomically(facilitatorKeyFile, FACILITATOR_KEY + "\n");
  const supplierSecretFile = await secretFile(`${dir}/supplier-secret`);
  const webhookSecretFile = await secretFile(`${dir}/webhook-secret`);

  // 2. The reference supplier (demo catalog), in this process.
  const supplierStore = await Store.open(":memory:");
  closers.push(() => supplierStore.close());
  const supplier = listen(
    createSupplierReceiver({
      secret: (await Deno.readTextFile(supplierSecretFile)).trim(),
      store: new KvReceiverStore(supplierStore.kv),
      catalog: DEMO_CATALOG,
      profileDelayMs: 500,
      balanceUsd: null,
      onError: (err) => console.error("esim-rails dev: supplier error:", err),
    }),
  );
  closers.push(() => supplier.server.shutdown());

  // 3. The webhook receiver: every event the node sends is printed.
  const webhooks = listen(
    createWebhookReceiver({
      secret: (await Deno.readTextFile(webhookSecretFile)).trim(),
      dedupeSize: 10_000,
      onEvent: (event, { duplicate }) => {
        // Type and order only: a delivery event carries the activation code, never printed.
        const order = (event.data as { order_id?: string } | undefined)?.order_id ?? "";
        if (!duplicate) console.log(`webhook: ${event.type} ${order}`.trimEnd());
      },
      onRefused: (status, reason) => console.error(`webhook: refused ${status}: ${reason}`),
    }),
  );
  closers.push(() => webhooks.server.shutdown());

  // 4. serve with payments on, settling in-process on the local chain.
  const config = await loadConfig({
    PORT: port,
    HOST: "127.0.0.1",
    DATA_DIR: dir,
    KV_PATH: ":memory:",
    PAY_TO_EVM: SELLER_ADDRESS,
    FACILITATOR_KEY_FILE: facilitatorKeyFile,
    RPC_URL: chain.rpcUrl,
    SUPPLIER: "http",
    SUPPLIER_URL: supplier.url,
    SUPPLIER_SECRET_FILE: supplierSecretFile,
    WEBHOOK_URL: `${webhooks.url}/`,
    WEBHOOK_SECRET_FILE: webhookSecretFile,
    SELLER_NAME: "esim-rails dev sandbox",
    ORDER_WAIT_SECONDS: "30",
  });
  const server: RunningServer = await startServer(config, {
    nodeLog: (line) => console.log(`node: ${line}`),
  });
  closers.push(() => server.shutdown());

  return await instructions({
    server,
    chain,
    supplierUrl: supplier.url,
    webhookUrl: webhooks.url,
    buyer: buyer.address,
    buyerKeyFile,
    publicKey: config.signer.publicJwk().key,
  });
}

const ANVIL_HINT =
  "esim-rails dev needs anvil: in a checkout run `deno install` (npm package @foundry-rs/anvil-linux-amd64, Linux x86-64), or install Foundry and set ANVIL_BIN to its anvil binary";

/**
 * Starts tests/support/sandbox_chain.ts (anvil + the test USDC, funding `buyer`) as a child
 * process with the test lockfile, refusing clearly when it or anvil cannot be had. The child
 * stops anvil when its stdin closes, so it never outlives this process.
 */
async function startLocalChain(buyer: string): Promise<LocalChain> {
  const root = new URL("../../", import.meta.url);
  const script = new URL("tests/support/sandbox_chain.ts", root);
  let inCheckout = false;
  try {
    inCheckout = script.protocol === "file:" && (await Deno.stat(script)).isFile;
  } catch { /* not there */ }
  if (!inCheckout) {
    throw new Refusal(
      "esim-rails dev runs in a checkout of esim-rails (it reuses tests/support/chain.ts): " +
        "git clone the repository and run `deno run -A main.ts dev` there",
    );
  }
  const anvilBin = Deno.env.get("ANVIL_BIN");
  if (anvilBin) {
    try {
      const st = await Deno.stat(anvilBin);
      if (!st.isFile) throw new Error("not a file");
    } catch (err) {
      throw new Refusal(`ANVIL_BIN=${anvilBin} is not an anvil binary (${(err as Error).message})`);
    }
  } else if (Deno.build.os !== "linux" || Deno.build.arch !== "x86_64") {
    throw new Refusal(`anvil from npm runs on Linux x86-64 only. ${ANVIL_HINT}`);
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      `--lock=${new URL("deno.test.lock", root).pathname}`,
      script.pathname,
      `${buyer}=${BUYER_FUNDS}`,
    ],
    cwd: root.pathname,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stdin = child.stdin.getWriter();
  const stop = async () => {
    await stdin.close().catch(() => {});
    await child.status;
  };
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("\n")) {
    const { value, done } = await lines.read();
    if (done) break;
    out += value;
  }
  if (!out.includes("\n")) {
    const err = (await new Response(child.stderr).text()).trim().split("\n").slice(-3).join(" ");
    await stop();
    throw new Refusal(
      `could not start the local chain (anvil): ${err || "it exited"}. ${ANVIL_HINT}`,
    );
  }
  // Keep draining both pipes so the child never blocks on a full one.
  (async () => {
    while (!(await lines.read()).done) { /* discard */ }
  })().catch(() => {});
  child.stderr.pipeTo(new WritableStream()).catch(() => {});
  const info = JSON.parse(out.slice(0, out.indexOf("\n"))) as { rpc_url: string; chain_id: number };
  return { rpcUrl: info.rpc_url, chainId: info.chain_id, stop };
}

/** A secret file of 32 random bytes, created once and kept. */
async function secretFile(path: string): Promise<string> {
  await createFileAtomically(
    path,
    toBase64Url(crypto.getRandomValues(new Uint8Array(32))) + "\n",
  );
  return path;
}

function listen(handler: Deno.ServeHandler): { server: Deno.HttpServer; url: string } {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
  return { server, url: `http://127.0.0.1:${server.addr.port}` };
}

function absolute(path: string): string {
  if (path.startsWith("/")) return path;
  return `${Deno.cwd()}/${path.replace(/^\.\//, "")}`;
}

/** What to print: the parts, then one ready-to-run command per paid endpoint and an order. */
async function instructions(o: {
  server: RunningServer;
  chain: { rpcUrl: string; chainId: number };
  supplierUrl: string;
  webhookUrl: string;
  buyer: string;
  buyerKeyFile: string;
  publicKey: string;
}): Promise<string> {
  const url = o.server.url;
  // The paid endpoints as the running server lists them on GET / (new ones appear by themselves).
  const home = await (await fetch(`${url}/`, { headers: { accept: "application/json" } }))
    .json() as HomeDocument;
  const lines: string[] = [];
  const online: string[] = [];
  for (const p of home.paid_endpoints) {
    if (p.path === "/order") continue;
    if (p.example_request === undefined) {
      lines.push(`  # ${p.method} ${p.path} ($${p.price_usd}): see ${url}/ for its request`);
      continue;
    }
    // Live data calls the public weather and sensor services: apart, since the sandbox may be
    // offline (a failed upstream is answered 502 and never charged).
    (p.needs_internet ? online : lines).push(
      `  ${callCommand(p.url, p.example_request, o.buyerKeyFile)}`,
    );
  }
  // Buy an eSIM: the cheapest offer for Germany, quoted now.
  const quote = await (await fetch(`${url}/quote`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ country: "DE" }),
  })).json() as { result?: { offers?: { offer_id: string; price_usd: string }[] } };
  const offer = quote.result?.offers?.[0];
  const order = offer
    ? [
      `  ${
        callCommand(`${url}/order`, { offer_id: offer.offer_id }, o.buyerKeyFile)
      } --max-usd ${offer.price_usd} > esim.json`,
      `  esim-rails verify receipt esim.json --public-key ${shellQuote(o.publicKey)}`,
    ]
    : ["  (no offer for DE in the catalog)"];
  const main = new URL("../../main.ts", import.meta.url).pathname;
  return [
    `esim-rails dev: local sandbox ready. Nothing here is real money: chain id ${o.chain.chainId} is a local anvil with a test USDC at ${BASE.usdc}.`,
    `  server    ${url}   (open ${url}/ for every route and price)`,
    `  chain     ${o.chain.rpcUrl}   (anvil)`,
    `  supplier  ${o.supplierUrl}   (reference receiver, demo catalog)`,
    `  webhooks  ${o.webhookUrl}   (each event is printed below as "webhook: ...")`,
    `  buyer     ${o.buyer} holds 100 test USDC; key ${o.buyerKeyFile}`,
    `  seller    ${SELLER_ADDRESS} (PAY_TO_EVM)`,
    "",
    `In another terminal (in a checkout, first: alias esim-rails=${
      shellQuote(`deno run -A ${main}`)
    }):`,
    "Call each paid endpoint:",
    ...lines,
    "Buy an eSIM (cheapest offer for DE), then check its receipt offline:",
    ...order,
    ...(online.length > 0
      ? [
        "Live data: these call the public weather and sensor services, so they need internet access (a failed service is answered 502 and not charged):",
        ...online,
      ]
      : []),
    "",
    "Ctrl-C stops everything.",
  ].join("\n");
}
