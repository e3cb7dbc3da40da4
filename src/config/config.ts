/**
 * Configuration from the environment (spec §2.5 of the eSIM document, DESIGN.md §1).
 * Secrets come only through `*_FILE` variables (file content, trimmed). Anything invalid stops
 * the start with a `ConfigError` naming the variable. Keys and the node secret that are not
 * configured are generated into `./data/` on first start (mode 0600) and reused afterwards.
 *
 * @example
 * ```ts
 * import { loadConfig } from "./config.ts";
 * const dir = await Deno.makeTempDir();
 * const config = await loadConfig({ KV_PATH: ":memory:", DATA_DIR: dir });
 * config.port; // 8402
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
import {
  createFileAtomically,
  loadOrCreateKeyFile,
  readKeyFile,
  readSecretFile,
} from "../crypto/key_file.ts";
import { Ed25519Signer } from "../crypto/ed25519_core.ts";
import { toBase64Url } from "../crypto/hash.ts";
import { loadSensorsConfig, type SensorsConfig, SensorsConfigError } from "../sensors/config.ts";
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS } from "../http/serve_guarded.ts";
import { isSolanaAddress, tronAddressBytes } from "../shop/base58.ts";
import { tonRaw } from "../shop/ton/address.ts";

export class ConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.name = "ConfigError";
  }
}

export const SUPPLIERS = ["adapter_a", "adapter_b", "adapter_c", "http"] as const;
/**
 * `demo` is never set by the operator: it is what an unconfigured node runs on (SUPPLIER unset
 * and no supplier credentials), the built-in demo catalog in demo mode (DESIGN.md §12).
 */
export type SupplierKind = typeof SUPPLIERS[number] | "demo";

/** What each supplier needs; an explicit SUPPLIER missing one of these fails the start. */
const SUPPLIER_NEEDS: Record<typeof SUPPLIERS[number], string[]> = {
  http: ["SUPPLIER_URL", "SUPPLIER_SECRET_FILE"],
  adapter_a: ["ADAPTER_A_ACCESS_CODE_FILE", "ADAPTER_A_SECRET_KEY_FILE"],
  adapter_b: ["ADAPTER_B_CLIENT_ID_FILE", "ADAPTER_B_CLIENT_SECRET_FILE"],
  adapter_c: ["ADAPTER_C_API_KEY_FILE"],
};
const SUPPLIER_VARIABLES = Object.values(SUPPLIER_NEEDS).flat();

/** Which x402 network paid routes take USDC on (`X402_NETWORK`). */
export const X402_NETWORKS = ["base", "base-sepolia"] as const;
export type X402Network = typeof X402_NETWORKS[number];

export interface Config {
  port: number;
  host: string;
  kvPath: string;
  /** `STORE_URL` (postgres://...): the shared PostgreSQL store; KV_PATH is then not opened. */
  storeUrl?: string;
  dataDir: string;
  /** `PUBLIC_URL`, else `http://HOST:PORT` (with `PORT=0`, `startServer` puts in the bound port). */
  publicUrl: string;
  /** True when `PUBLIC_URL` was set; false when `publicUrl` is derived from `HOST` and `PORT`. */
  publicUrlSet: boolean;
  /** Body limit of the tool-list routes (firewall-scan; mcp-diff takes twice this). */
  maxBodyBytes: number;
  /** Body limit of every other route (`MAX_SMALL_BODY_BYTES`, default 16 KiB). */
  maxSmallBodyBytes: number;
  /** How long one large firewall-scan or mcp-diff may run (`SCAN_TIMEOUT_MS`, default 10 s). */
  scanTimeoutMs: number;
  /** Connection limits and timeouts (`HTTP_*`). */
  http: ConnectionLimits;
  rateLimitPerMin: number;
  trustProxy: boolean;
  accessLog: boolean;
  demoMode: boolean;
  /** Why the node is in demo mode: set by `DEMO_MODE=1`, or nothing is configured yet. */
  demoReason?: "DEMO_MODE" | "unconfigured";
  productId: string;
  sellerName: string;
  /** Ed25519 identity for free answers, receipts and transparency records. */
  signer: Ed25519Signer;
  signerKeyPath: string;
  /** ECVRF secret key (RFC 8032 form), never the signing key. */
  vrfSecret: Uint8Array;
  vrfKeyPath: string;
  /** Retired VRF public keys, still published so old draws stay checkable. */
  vrfRetired: Uint8Array[];
  /** Keys the buyers' status tokens; at least 16 characters. */
  nodeSecret: string;
  /** The transparency log (DESIGN.md §11). */
  tlog: {
    /** Ed25519 log key (`LOG_KEY_FILE`), never the signing or VRF key. */
    key: Ed25519Signer;
    /** The log key's 32-byte secret (for the native signer). */
    secret: Uint8Array;
    keyPath: string;
    /** `MCP_REGISTRY_URL`: when set, `serve` crawls it every `crawlIntervalMin` minutes. */
    registryUrl?: string;
    crawlIntervalMin: number;
    /** `LOG_ALLOW_PRIVATE=1`: observe and check private, loopback and link-local addresses. */
    allowPrivate: boolean;
  };
  /** Which key files `loadConfig` generated on this start (for the banner). */
  generated: string[];
  payment: {
    payToEvm?: string;
    rpcUrl?: string;
    facilitatorUrl?: string;
    /** secp256k1 secret of the in-process facilitator. */
    facilitatorKey?: Uint8Array;
    /** `X402_NETWORK`: `base` (default, real money) or `base-sepolia` (a test network). */
    network: X402Network;
  };
  storefront: {
    payToTon?: string;
    payToTron?: string;
    payToSolana?: string;
    /** `TONCENTER_URL` (toncenter v3 index), default https://toncenter.com. */
    toncenterUrl: string;
    /** `TONCENTER_API_KEY_FILE`: sent as `X-API-Key`. */
    toncenterApiKey?: string;
    /** `TRONGRID_URL`, default https://api.trongrid.io. */
    trongridUrl: string;
    /** `TRONGRID_API_KEY_FILE`: sent as `TRON-PRO-API-KEY`. */
    trongridApiKey?: string;
    /** `SOLANA_RPC_URL`, default https://api.mainnet-beta.solana.com. */
    solanaRpcUrl: string;
    evmChains: string[];
    storeName: string;
    /** The storefront is on (`STORE_NAME` set). */
    enabled: boolean;
    /** `RPC_URL_<NAME>` per chain name of `EVM_CHAINS` (`RPC_URL` serves `base`). */
    rpcUrls: Record<string, string>;
  };
  supplier: {
    kind: SupplierKind;
    url?: string;
    secret?: string;
    adapterA: { accessCode?: string; secretKey?: string; baseUrl?: string };
    adapterB: { clientId?: string; clientSecret?: string; baseUrl?: string };
    adapterC: { apiKey?: string; baseUrl?: string };
  };
  webhook?: { url: string; secret: string };
  pricing: { marginPct: string; minMarginUsd: string };
  /** Seller node settings. */
  node: {
    /** How long the priced supplier catalog is reused (`CATALOG_CACHE_SECONDS`, default 60). */
    catalogCacheSeconds: number;
    /** How long `/order` waits for the eSIM before answering 202 `pending` (`ORDER_WAIT_SECONDS`). */
    orderWaitSeconds: number;
    /** Bytes of signed quote answers kept in memory (`QUOTE_CACHE_BYTES`, default 8 MiB). */
    quoteCacheBytes: number;
    /** Test hook, inert unless set: exit after an order reaches this state. */
    testExitAt?: string;
  };
  /** Live-data upstreams (METAR_URL, NWS_URL, ..., UPSTREAM_TIMEOUT_MS; DESIGN.md §10). */
  sensors: SensorsConfig;
}

export type Env = Record<string, string | undefined>;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DECIMAL = /^\d{1,9}(\.\d{1,6})?$/;

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return def;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}`);
  return n;
}

/**
 * Connection limits and timeouts from `HTTP_HEADER_TIMEOUT_MS`, `HTTP_BODY_TIMEOUT_MS`,
 * `HTTP_IDLE_TIMEOUT_MS` and `HTTP_MAX_CONNECTIONS` (also read by `supplier` and
 * `webhooks listen`, which need no other configuration).
 */
export function loadConnectionLimits(env: Env): ConnectionLimits {
  const d = DEFAULT_CONNECTION_LIMITS;
  return {
    headerTimeoutMs: int(env, "HTTP_HEADER_TIMEOUT_MS", d.headerTimeoutMs, 100, 600_000),
    bodyTimeoutMs: int(env, "HTTP_BODY_TIMEOUT_MS", d.bodyTimeoutMs, 100, 600_000),
    idleTimeoutMs: int(env, "HTTP_IDLE_TIMEOUT_MS", d.idleTimeoutMs, 100, 3_600_000),
    maxConnections: int(env, "HTTP_MAX_CONNECTIONS", d.maxConnections, 1, 1_000_000),
  };
}

function flag(env: Env, name: string): boolean {
  const raw = (env[name] ?? "").trim().toLowerCase();
  if (raw === "" || raw === "0" || raw === "false" || raw === "no") return false;
  if (raw === "1" || raw === "true" || raw === "yes") return true;
  throw new ConfigError(name, `must be 1 or 0, got "${env[name]}"`);
}

function url(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL, got "${raw}"`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, "");
}

function decimal(env: Env, name: string, def: string): string {
  const raw = env[name];
  if (raw === undefined || raw === "") return def;
  if (!DECIMAL.test(raw)) {
    throw new ConfigError(name, `must be a non-negative decimal like "15" or "0.50", got "${raw}"`);
  }
  return raw;
}

async function secretFile(env: Env, name: string, minLength = 1): Promise<string | undefined> {
  const path = env[name];
  if (!path) return undefined;
  let value: string;
  try {
    value = await readSecretFile(path);
  } catch (err) {
    throw new ConfigError(name, (err as Error).message);
  }
  if (value.length < minLength) {
    throw new ConfigError(name, `the secret in ${path} must be at least ${minLength} characters`);
  }
  return value;
}

async function keyFile(env: Env, name: string, defaultPath: string, generated: string[]) {
  const given = env[name];
  try {
    if (given) return { secret: await readKeyFile(given), path: given };
    const { secret, created } = await loadOrCreateKeyFile(defaultPath);
    if (created) generated.push(defaultPath);
    return { secret, path: defaultPath };
  } catch (err) {
    throw new ConfigError(name, (err as Error).message);
  }
}

/** The node secret: NODE_SECRET_FILE, or one generated into the data directory. */
async function nodeSecret(env: Env, dataDir: string, generated: string[]): Promise<string> {
  const given = await secretFile(env, "NODE_SECRET_FILE", 16);
  if (given) return given;
  const path = `${dataDir}/node-secret`;
  try {
    const value = (await Deno.readTextFile(path)).trim();
    if (value.length < 16) {
      throw new ConfigError("NODE_SECRET_FILE", `${path} holds fewer than 16 characters`);
    }
    return value;
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  const value = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  if (!(await createFileAtomically(path, value + "\n"))) {
    return (await Deno.readTextFile(path)).trim();
  }
  generated.push(path);
  return value;
}

async function sensorsConfig(env: Env): Promise<SensorsConfig> {
  try {
    return await loadSensorsConfig(env);
  } catch (err) {
    if (err instanceof SensorsConfigError) throw new ConfigError(err.variable, err.reason);
    throw err;
  }
}

async function retiredVrfKeys(env: Env): Promise<Uint8Array[]> {
  if (!env.VRF_RETIRED_KEYS_FILE) return [];
  // Checking the keys takes the ECVRF code, which a node without retired keys loads only for
  // its first draw.
  const { readRetiredVrfKeys } = await import("../random/keys.ts");
  try {
    return await readRetiredVrfKeys(env.VRF_RETIRED_KEYS_FILE);
  } catch (err) {
    throw new ConfigError("VRF_RETIRED_KEYS_FILE", (err as Error).message);
  }
}

/**
 * The supplier to use: `SUPPLIER` when set (it must then be complete: a missing variable stops
 * the start, named); unset with no supplier credentials at all, the demo catalog; unset with
 * some credentials, the default `adapter_a` (checked like an explicit one).
 */
function supplierKindOf(env: Env): SupplierKind {
  const explicit = env.SUPPLIER;
  if (explicit !== undefined && explicit !== "" && !SUPPLIERS.includes(explicit as never)) {
    throw new ConfigError(
      "SUPPLIER",
      `must be one of ${SUPPLIERS.join(", ")}, got "${env.SUPPLIER}"`,
    );
  }
  if (!explicit && !SUPPLIER_VARIABLES.some((v) => env[v])) return "demo";
  return (explicit || "adapter_a") as typeof SUPPLIERS[number];
}

/** Stops the start when the chosen supplier lacks a variable it needs, naming it. */
function checkSupplierComplete(env: Env, kind: SupplierKind): void {
  if (kind === "demo") return;
  const explicit = env.SUPPLIER;
  for (const variable of SUPPLIER_NEEDS[kind]) {
    if (!env[variable]) {
      throw new ConfigError(
        variable,
        explicit
          ? `is required with SUPPLIER=${kind} (unset SUPPLIER to start on the demo catalog)`
          : `is required: SUPPLIER is unset, so the default supplier ${kind} is used`,
      );
    }
  }
}

/**
 * `url` with its password (and a password-like query parameter) replaced by `***`, for messages.
 *
 * @example
 * ```ts
 * import { maskStoreUrl } from "./config.ts";
 * maskStoreUrl("postgres://app:s3cret@db:5432/esim"); // "postgres://app:***@db:5432/esim"
 * ```
 */
export function maskStoreUrl(url: string): string {
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/?#@]*):[^@/?#]*@/i, "$1:***@")
    .replace(/([?&]password=)[^&#]*/gi, "$1***");
}

/** Reads and validates the whole configuration. Throws `ConfigError` naming the variable. */
export async function loadConfig(env: Env = Deno.env.toObject()): Promise<Config> {
  const port = int(env, "PORT", 8402, 0, 65535);
  const host = env.HOST || "127.0.0.1";
  const dataDir = (env.DATA_DIR || "./data").replace(/\/+$/, "");
  const kvPath = env.KV_PATH || `${dataDir}/esim-rails.kv`;
  const storeUrl = env.STORE_URL?.trim() || undefined;
  if (storeUrl !== undefined) {
    if (!/^postgres(ql)?:\/\//i.test(storeUrl)) {
      throw new ConfigError(
        "STORE_URL",
        `must be a postgres:// or postgresql:// URL, got "${maskStoreUrl(storeUrl)}"`,
      );
    }
    // Several nodes share one database, so keys are never generated: each must be given and
    // be the same on every node (checked against the store at start, DESIGN.md §13).
    for (const name of ["SIGNER_KEY_FILE", "VRF_KEY_FILE", "NODE_SECRET_FILE"]) {
      if (!env[name]) {
        throw new ConfigError(name, "is required with STORE_URL (keys are never generated then)");
      }
    }
  }
  const generated: string[] = [];

  const payToEvm = env.PAY_TO_EVM || undefined;
  if (payToEvm !== undefined && !EVM_ADDRESS.test(payToEvm)) {
    throw new ConfigError(
      "PAY_TO_EVM",
      `must be a 0x-prefixed 20-byte hex address, got "${payToEvm}"`,
    );
  }
  const supplierKind = supplierKindOf(env);
  const network = (env.X402_NETWORK || "base") as X402Network;
  if (!X402_NETWORKS.includes(network)) {
    throw new ConfigError(
      "X402_NETWORK",
      `must be one of ${X402_NETWORKS.join(", ")}, got "${env.X402_NETWORK}"`,
    );
  }
  const webhookUrl = url(env, "WEBHOOK_URL");
  const webhookSecret = await secretFile(env, "WEBHOOK_SECRET_FILE", 16);
  if (webhookUrl && !webhookSecret) {
    throw new ConfigError(
      "WEBHOOK_SECRET_FILE",
      "is required when WEBHOOK_URL is set (16 or more characters)",
    );
  }
  const facilitatorKeyPath = env.FACILITATOR_KEY_FILE;
  let facilitatorKey: Uint8Array | undefined;
  if (facilitatorKeyPath) {
    try {
      facilitatorKey = await readKeyFile(facilitatorKeyPath);
    } catch (err) {
      throw new ConfigError("FACILITATOR_KEY_FILE", (err as Error).message);
    }
  }
  const rpcUrl = url(env, "RPC_URL");
  if (facilitatorKey && !rpcUrl) {
    throw new ConfigError(
      "RPC_URL",
      "is required with FACILITATOR_KEY_FILE (in-process settlement)",
    );
  }

  const signerKey = await keyFile(env, "SIGNER_KEY_FILE", `${dataDir}/signer.key`, generated);
  const vrfKey = await keyFile(env, "VRF_KEY_FILE", `${dataDir}/vrf.key`, generated);
  // Public keys derived natively (Ed25519Signer.load): the pure-JS tables wait for a signature.
  const signer = await Ed25519Signer.load(signerKey.secret);
  const vrfKeyId = (await Ed25519Signer.load(vrfKey.secret)).keyId;
  if (vrfKeyId === signer.keyId) {
    throw new ConfigError("VRF_KEY_FILE", "must not hold the same key as SIGNER_KEY_FILE");
  }
  const logKeyFile = await keyFile(env, "LOG_KEY_FILE", `${dataDir}/log.key`, generated);
  const logKey = await Ed25519Signer.load(logKeyFile.secret);
  if (logKey.keyId === signer.keyId || logKey.keyId === vrfKeyId) {
    throw new ConfigError(
      "LOG_KEY_FILE",
      "must not hold the same key as SIGNER_KEY_FILE or VRF_KEY_FILE",
    );
  }

  const supplier: Config["supplier"] = {
    kind: supplierKind,
    url: url(env, "SUPPLIER_URL"),
    // The HTTP supplier contract's shared secret: 16+ characters, as the kit's client requires.
    secret: await secretFile(env, "SUPPLIER_SECRET_FILE", 16),
    adapterA: {
      accessCode: await secretFile(env, "ADAPTER_A_ACCESS_CODE_FILE"),
      secretKey: await secretFile(env, "ADAPTER_A_SECRET_KEY_FILE"),
      baseUrl: url(env, "ADAPTER_A_BASE_URL"),
    },
    adapterB: {
      clientId: await secretFile(env, "ADAPTER_B_CLIENT_ID_FILE"),
      clientSecret: await secretFile(env, "ADAPTER_B_CLIENT_SECRET_FILE"),
      baseUrl: url(env, "ADAPTER_B_BASE_URL"),
    },
    adapterC: {
      apiKey: await secretFile(env, "ADAPTER_C_API_KEY_FILE"),
      baseUrl: url(env, "ADAPTER_C_BASE_URL"),
    },
  };
  checkSupplierComplete(env, supplierKind);

  return {
    port,
    host,
    kvPath,
    ...(storeUrl ? { storeUrl } : {}),
    dataDir,
    publicUrl: url(env, "PUBLIC_URL") ??
      `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    publicUrlSet: Boolean(env.PUBLIC_URL),
    maxBodyBytes: int(env, "MAX_BODY_BYTES", 2 * 1024 * 1024, 1024, 64 * 1024 * 1024),
    maxSmallBodyBytes: int(env, "MAX_SMALL_BODY_BYTES", 16 * 1024, 1024, 64 * 1024 * 1024),
    scanTimeoutMs: int(env, "SCAN_TIMEOUT_MS", 10_000, 1, 600_000),
    http: loadConnectionLimits(env),
    rateLimitPerMin: int(env, "RATE_LIMIT_PER_MIN", 120, 1, 10_000_000),
    trustProxy: flag(env, "TRUST_PROXY"),
    // Off by default, like Caddy: behind the TLS proxy we recommend, the proxy logs requests.
    accessLog: flag(env, "ACCESS_LOG"),
    demoMode: flag(env, "DEMO_MODE") || supplierKind === "demo",
    demoReason: flag(env, "DEMO_MODE")
      ? "DEMO_MODE"
      : supplierKind === "demo"
      ? "unconfigured"
      : undefined,
    productId: env.PRODUCT_ID || "esim-rails",
    sellerName: env.SELLER_NAME || env.STORE_NAME || "esim-rails node",
    signer,
    signerKeyPath: signerKey.path,
    vrfSecret: vrfKey.secret,
    vrfKeyPath: vrfKey.path,
    vrfRetired: await retiredVrfKeys(env),
    tlog: {
      key: logKey,
      secret: logKeyFile.secret,
      keyPath: logKeyFile.path,
      registryUrl: url(env, "MCP_REGISTRY_URL"),
      crawlIntervalMin: int(env, "LOG_CRAWL_INTERVAL_MIN", 360, 1, 525_600),
      allowPrivate: flag(env, "LOG_ALLOW_PRIVATE"),
    },
    nodeSecret: await nodeSecret(env, dataDir, generated),
    generated,
    payment: {
      payToEvm,
      rpcUrl,
      facilitatorUrl: url(env, "FACILITATOR_URL"),
      facilitatorKey,
      network,
    },
    storefront: {
      payToTon: payToOther(env, "PAY_TO_TON"),
      payToTron: payToOther(env, "PAY_TO_TRON"),
      payToSolana: payToOther(env, "PAY_TO_SOLANA"),
      toncenterUrl: url(env, "TONCENTER_URL") ?? "https://toncenter.com",
      toncenterApiKey: await secretFile(env, "TONCENTER_API_KEY_FILE"),
      trongridUrl: url(env, "TRONGRID_URL") ?? "https://api.trongrid.io",
      trongridApiKey: await secretFile(env, "TRONGRID_API_KEY_FILE"),
      solanaRpcUrl: url(env, "SOLANA_RPC_URL") ?? "https://api.mainnet-beta.solana.com",
      evmChains: (env.EVM_CHAINS || "base").split(",").map((s) => s.trim()).filter(Boolean),
      storeName: env.STORE_NAME || env.SELLER_NAME || "esim-rails store",
      enabled: Boolean(env.STORE_NAME),
      rpcUrls: storefrontRpcUrls(env, rpcUrl),
    },
    supplier,
    webhook: webhookUrl && webhookSecret ? { url: webhookUrl, secret: webhookSecret } : undefined,
    pricing: {
      marginPct: decimal(env, "MARGIN_PCT", "20"),
      minMarginUsd: decimal(env, "MIN_MARGIN_USD", "0.50"),
    },
    node: {
      catalogCacheSeconds: int(env, "CATALOG_CACHE_SECONDS", 60, 0, 86_400),
      orderWaitSeconds: int(env, "ORDER_WAIT_SECONDS", 60, 1, 600),
      quoteCacheBytes: int(env, "QUOTE_CACHE_BYTES", 8 * 1024 * 1024, 0, 1024 * 1024 * 1024),
      testExitAt: env.ESIM_RAILS_TEST_EXIT_AT || undefined,
    },
    sensors: await sensorsConfig(env),
  };
}

/** `PAY_TO_TON` (either address form), `PAY_TO_TRON` (base58check), `PAY_TO_SOLANA` (base58). */
function payToOther(env: Env, name: "PAY_TO_TON" | "PAY_TO_TRON" | "PAY_TO_SOLANA") {
  const v = env[name]?.trim();
  if (!v) return undefined;
  const ok = name === "PAY_TO_TON"
    ? tonRaw(v) !== null
    : name === "PAY_TO_TRON"
    ? tronAddressBytes(v) !== null
    : isSolanaAddress(v);
  if (!ok) {
    const form = name === "PAY_TO_TON"
      ? "a TON address (user-friendly EQ.../UQ... or raw 0:<64 hex>)"
      : name === "PAY_TO_TRON"
      ? "a TRON address (base58, T...)"
      : "a Solana address (base58 public key of the owner, not a token account)";
    throw new ConfigError(name, `must be ${form}, got "${v}"`);
  }
  return v;
}

const STOREFRONT_CHAINS = ["base", "ethereum", "arbitrum", "optimism", "polygon", "base-sepolia"];

/** `RPC_URL_<NAME>` for each chain of `EVM_CHAINS`; unknown chain names stop the start. */
function storefrontRpcUrls(env: Env, rpcUrl: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const names = (env.EVM_CHAINS || "base").split(",").map((s) => s.trim()).filter(Boolean);
  for (const name of names) {
    if (!STOREFRONT_CHAINS.includes(name)) {
      throw new ConfigError(
        "EVM_CHAINS",
        `unknown chain "${name}"; use a comma list of ${STOREFRONT_CHAINS.join(", ")}`,
      );
    }
    const variable = `RPC_URL_${name.toUpperCase().replace(/-/g, "_")}`;
    const u = url(env, variable) ?? (name === "base" ? rpcUrl : undefined);
    if (u) out[name] = u;
  }
  return out;
}

/** True when paid routes can take money: a pay-to address and a way to settle. */
export function paymentsConfigured(config: Config): boolean {
  const p = config.payment;
  return Boolean(p.payToEvm && (p.facilitatorUrl || (p.facilitatorKey && p.rpcUrl)));
}
