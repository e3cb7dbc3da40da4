/**
 * `esim-rails supplier`: the reference HTTP supplier receiver (spec: eSIM rails §4.1) on
 * Deno.serve with a Deno KV store. Zero configuration: the built-in demo catalog, a generated
 * secret printed once, port `--port`, else `SUPPLIER_PORT`, else 8787 (never `PORT`, which is
 * `serve`'s: exporting it for one must not move the other), host 127.0.0.1. The banner line
 * `esim-rails supplier: listening on http://HOST:PORT` names the bound address (tests parse it
 * to find an ephemeral port).
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { readSecretFile } from "../crypto/key_file.ts";
import { toBase64Url } from "../crypto/hash.ts";
import { createSupplierReceiver } from "../../rails/receiver/handler.ts";
import { DEMO_CATALOG } from "../../rails/receiver/demo_catalog.ts";
import { parseCatalog } from "../../rails/receiver/catalog.ts";
import { MIN_SECRET_LENGTH } from "../../rails/hmac.ts";
import { Store } from "../store/kv.ts";
import type { Plan } from "../../rails/supplier/types.ts";
import { serveGuarded } from "../http/serve_guarded.ts";
import { ConfigError, loadConnectionLimits } from "../config/config.ts";

export const DEFAULT_SUPPLIER_PORT = 8787;
const DEFAULT_KV_PATH = "./data/supplier.kv";

export const command: CliCommand = {
  usage: `Usage: esim-rails supplier [options]

Runs the reference HTTP supplier receiver (the operator side of SUPPLIER=http): GET /catalog,
POST /orders, GET /profiles, POST /profiles/{id}/cancel, GET /balance, every request
HMAC-signed with the shared secret.

  --port <n>              port (default: SUPPLIER_PORT, else ${DEFAULT_SUPPLIER_PORT}; 0 = any free
                          port; PORT is serve's and is not read here)
  --host <addr>           bind address (default 127.0.0.1; 0.0.0.0 for all interfaces)
  --secret-file <file>    shared secret, 16+ characters (default: SUPPLIER_SECRET_FILE; when
                          neither is set a secret is generated and printed once)
  --catalog <plans.json>  plans to sell: a JSON array of plans (snake_case) or {"plans": [...]}
                          (default: the built-in demo catalog)
  --profile-delay-ms <n>  time a new order's profile takes to appear (default 2000)
  --balance-usd <n>       balance GET /balance reports (default: none, GET /balance is 404)
  --kv-path <path>        Deno KV file for orders (default ${DEFAULT_KV_PATH}; :memory: allowed)`,

  async run(argv) {
    const { values } = await parseFlags(argv, {
      port: { type: "string" },
      host: { type: "string" },
      "secret-file": { type: "string" },
      catalog: { type: "string" },
      "profile-delay-ms": { type: "string" },
      "balance-usd": { type: "string" },
      "kv-path": { type: "string" },
    });
    const port = values.port !== undefined
      ? intFlag("--port", values.port, DEFAULT_SUPPLIER_PORT)
      : intFlag("SUPPLIER_PORT", Deno.env.get("SUPPLIER_PORT"), DEFAULT_SUPPLIER_PORT);
    if (port > 65535) throw new UsageError("--port (or SUPPLIER_PORT) must be at most 65535");
    const host = values.host ?? "127.0.0.1";
    const delay = intFlag("--profile-delay-ms", values["profile-delay-ms"], 2000);
    let balance: number | null = null;
    if (values["balance-usd"] !== undefined) {
      balance = Number(values["balance-usd"]);
      if (!/^\d+(\.\d+)?$/.test(values["balance-usd"]) || !Number.isFinite(balance)) {
        throw new UsageError("--balance-usd must be a non-negative number, e.g. 250.00");
      }
    }

    let catalog: readonly Plan[] = DEMO_CATALOG;
    if (values.catalog) {
      let text: string;
      try {
        text = await Deno.readTextFile(values.catalog);
      } catch (err) {
        console.error(
          `esim-rails supplier: cannot read ${values.catalog}: ${(err as Error).message}`,
        );
        return 1;
      }
      const parsed = parseCatalog(text);
      if (!parsed.ok) {
        console.error(`esim-rails supplier: ${values.catalog} is not a valid catalog:`);
        for (const e of parsed.errors) console.error(`  ${e}`);
        return 1;
      }
      catalog = parsed.plans;
    }

    const secretFile = values["secret-file"] ?? Deno.env.get("SUPPLIER_SECRET_FILE");
    let secret: string;
    let generated = false;
    if (secretFile) {
      try {
        secret = await readSecretFile(secretFile);
      } catch (err) {
        console.error(`esim-rails supplier: ${(err as Error).message}`);
        return 1;
      }
      if (secret.length < MIN_SECRET_LENGTH) {
        console.error(
          `esim-rails supplier: the secret in ${secretFile} must have ${MIN_SECRET_LENGTH} or more characters`,
        );
        return 1;
      }
    } else {
      secret = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
      generated = true;
    }

    let limits;
    try {
      limits = loadConnectionLimits(Deno.env.toObject());
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      console.error(`esim-rails supplier: ${err.message}`);
      return 1;
    }
    const kvPath = values["kv-path"] ?? DEFAULT_KV_PATH;
    let store: Store;
    try {
      store = await Store.open(kvPath);
    } catch (err) {
      console.error(`esim-rails supplier: ${(err as Error).message}`);
      return 1;
    }

    const handler = createSupplierReceiver({
      secret,
      store: store.receiver,
      catalog,
      profileDelayMs: delay,
      balanceUsd: balance,
      bodyTimeoutMs: limits.bodyTimeoutMs,
      onError: (err) => console.error("esim-rails supplier: internal error:", err),
    });
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    Deno.addSignalListener("SIGINT", onSignal);
    Deno.addSignalListener("SIGTERM", onSignal);
    let bound = "";
    const server = serveGuarded({
      hostname: host,
      limits,
      port,
      signal: stop.signal,
      onListen: ({ hostname, port }) => {
        const h = hostname.includes(":") ? `[${hostname}]` : hostname;
        bound = `http://${h}:${port}`;
      },
    }, handler);
    if (generated) {
      console.log(
        `esim-rails supplier: generated shared secret (shown once; keep it in a file and pass ` +
          `--secret-file or SUPPLIER_SECRET_FILE): ${secret}`,
      );
    }
    console.log(
      `esim-rails supplier: listening on ${bound} (${catalog.length} plans, profile delay ` +
        `${delay} ms, balance ${balance === null ? "none" : balance + " USD"}, kv ${kvPath})`,
    );
    try {
      await server.finished;
    } finally {
      Deno.removeSignalListener("SIGINT", onSignal);
      Deno.removeSignalListener("SIGTERM", onSignal);
      store.close();
    }
    return 0;
  },
};

function intFlag(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new UsageError(`${name} must be a non-negative integer`);
  return Number(raw);
}
