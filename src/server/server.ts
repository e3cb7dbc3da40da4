/**
 * Starts the HTTP server of `esim-rails serve` on the configured address.
 *
 * @example
 * ```ts
 * import { loadConfig } from "../config/config.ts";
 * import { startServer } from "./server.ts";
 * const dir = await Deno.makeTempDir();
 * const config = await loadConfig({ PORT: "0", KV_PATH: ":memory:", DATA_DIR: dir, ACCESS_LOG: "0" });
 * const server = await startServer(config);
 * await (await fetch(`${server.url}/healthz`)).body?.cancel();
 * await server.shutdown();
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
import type { Config } from "../config/config.ts";
import { type AppHandler, createApp } from "../http/app.ts";
import { AccessLog } from "../http/access_log.ts";
import { type GuardedServer, serveGuarded } from "../http/serve_guarded.ts";
import { buildRoutes } from "./routes.ts";
import { closeServices, openServices, type ServiceOptions, type Services } from "./services.ts";

/** The server could not listen on `HOST`:`PORT` (address in use, not local, not a host name). */
export class ListenError extends Error {
  constructor(host: string, port: number, cause: unknown) {
    const why = cause instanceof Deno.errors.AddrInUse
      ? "the address is already in use"
      : cause instanceof Deno.errors.AddrNotAvailable
      ? "the address is not one of this machine's"
      : (cause as Error)?.message ?? String(cause);
    super(`cannot listen on HOST=${host} PORT=${port}: ${why}`, { cause });
    this.name = "ListenError";
  }
}

export interface RunningServer {
  /** `http://host:port` as actually bound (port 0 resolved). */
  url: string;
  port: number;
  services: Services;
  /** Stops accepting, lets requests in flight finish, flushes and closes the store. */
  shutdown(): Promise<void>;
}

export interface StartOptions {
  now?: () => number;
  /** Replace stdout access logging (tests pass a collector). */
  accessLog?: AccessLog | false;
  /** Where the seller node's `agent_order.*` events go (the webhook outbox); default: nowhere. */
  orderEvents?: ServiceOptions["orderEvents"];
  /** Seller node diagnostics (default: stdout). */
  nodeLog?: ServiceOptions["nodeLog"];
  /** Storefront diagnostics and poll interval. */
  shopLog?: ServiceOptions["shopLog"];
  shopPollMs?: ServiceOptions["shopPollMs"];
}

export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  // With PORT=0 and no PUBLIC_URL, the URL buyers reach (the x402 terms' resource, the listing's
  // capability URLs) is known only once the port is bound: bind first, then build the routes
  // with the bound URL. Until they are ready (nobody knows the port yet) requests get a 503.
  let server: GuardedServer | undefined;
  // Our own accept loop with timeouts and a connection cap (src/http/serve_guarded.ts).
  const listen = (handler: AppHandler) =>
    serveGuarded({ hostname: config.host, port: config.port, limits: config.http }, handler);
  let lateApp: AppHandler | undefined;
  if (config.port === 0 && !config.publicUrlSet) {
    try {
      server = listen((req, info) => lateApp ? lateApp(req, info) : notReady());
    } catch (err) {
      throw new ListenError(config.host, config.port, err);
    }
    config = { ...config, publicUrl: boundUrl(server.addr) };
  }
  let services: Services;
  try {
    services = await openServices(config, options.now, {
      orderEvents: options.orderEvents,
      nodeLog: options.nodeLog,
      shopLog: options.shopLog,
      shopPollMs: options.shopPollMs,
    });
  } catch (err) {
    await server?.shutdown();
    throw err;
  }
  const accessLog = options.accessLog === false
    ? undefined
    : options.accessLog ?? (config.accessLog ? new AccessLog() : undefined);
  const app = createApp({
    routes: buildRoutes(services),
    maxBodyBytes: config.maxBodyBytes,
    bodyTimeoutMs: config.http.bodyTimeoutMs,
    limiter: services.limiter,
    accessLog,
    trustProxy: config.trustProxy,
  });
  if (server) {
    lateApp = app;
  } else {
    try {
      server = listen(app);
    } catch (err) {
      await closeServices(services);
      throw new ListenError(config.host, config.port, err);
    }
  }
  const bound = server;
  const port = bound.addr.port;
  // Orders left in an intermediate state by a crash continue now (in the background).
  services.node.start();
  services.shop?.start();
  let closing: Promise<void> | undefined;
  return {
    url: boundUrl(bound.addr),
    port,
    services,
    shutdown() {
      return closing ??= (async () => {
        // Cut short orders waiting for an eSIM first, so their requests can answer (202 pending)
        // and the server can drain; they resume on the next start.
        services.node.flow.stop();
        await bound.shutdown();
        // A city lookup still loading the gazetteer has nobody left to answer: end its worker
        // (the module is imported here, not at start: it is already loaded if a lookup ran).
        (await import("../sensors/gazetteer.ts")).closeGazetteer();
        accessLog?.flush();
        await closeServices(services);
        // Then the scan pool's workers (requests have drained and the crawl loop has stopped).
        (await import("../security/scan_pool.ts")).closeScanPool();
      })();
    },
  };
}

/** `http://host:port` of a bound listener (IPv6 hosts in brackets). */
function boundUrl(addr: Deno.NetAddr): string {
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  return `http://${host}:${addr.port}`;
}

function notReady(): Response {
  return new Response(
    JSON.stringify({ error: { code: "internal_error", message: "The server is starting" } }),
    { status: 503, headers: { "content-type": "application/json", "retry-after": "1" } },
  );
}
