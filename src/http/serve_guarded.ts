/**
 * An HTTP server with connection limits, for `serve`, `supplier` and `webhooks listen`.
 *
 * `Deno.serve` accepts connections itself and gives no control over them: no header or idle
 * timeout, no connection cap, and an accept error (EMFILE when descriptors run out) ends its
 * accept loop with an uncaught rejection that kills the process. Here the accept loop is ours
 * (`Deno.listen`): an accept error is logged at most once per interval and retried with a
 * back-off, never fatal; over `maxConnections` a connection gets a short 503 and is closed; a
 * sweeper closes connections that sent no complete request head within `headerTimeoutMs`, or
 * sat idle between keep-alive requests for `idleTimeoutMs`. Each accepted connection is served
 * by Deno's own per-connection HTTP engine (the one `Deno.serve` uses), so throughput stays
 * that of `Deno.serve` (bench/http.ts). The body-read timeout is enforced where bodies are read
 * (`readBodyLimited`), which answers 408 and closes the connection.
 *
 * @example
 * ```ts
 * import { DEFAULT_CONNECTION_LIMITS, serveGuarded } from "./serve_guarded.ts";
 * const server = serveGuarded(
 *   { hostname: "127.0.0.1", port: 0, limits: DEFAULT_CONNECTION_LIMITS },
 *   () => new Response("ok"),
 * );
 * await (await fetch(`http://127.0.0.1:${server.addr.port}/`)).text(); // "ok"
 * await server.shutdown();
 * ```
 */
import { ThrottledLog } from "./throttled_log.ts";
import { every } from "./ticker.ts";

export interface ConnectionLimits {
  /** A new connection must deliver a complete request head within this time. */
  headerTimeoutMs: number;
  /** A request body must arrive completely within this time (enforced by body readers). */
  bodyTimeoutMs: number;
  /** A keep-alive connection with no request in flight is closed after this time. */
  idleTimeoutMs: number;
  /** Connections served at once; more are answered 503 and closed. */
  maxConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headerTimeoutMs: 10_000,
  bodyTimeoutMs: 15_000,
  idleTimeoutMs: 30_000,
  maxConnections: 1024,
};

/** Descriptors kept free for the store, log files and outgoing requests when capping. */
const FD_RESERVE = 64;

export interface GuardedServeOptions {
  hostname: string;
  port: number;
  limits: ConnectionLimits;
  /** Aborting it stops the server (like `Deno.serve`'s `signal`): graceful. */
  signal?: AbortSignal;
  onListen?: (addr: Deno.NetAddr) => void;
  /**
   * Lower `maxConnections` to fit the process's descriptor limit (default true). Tests turn it
   * off to drive the accept loop into EMFILE.
   */
  fitDescriptorLimit?: boolean;
  /** Where accept errors and shedding are reported (throttled); default: stderr. */
  log?: (message: string) => void;
}

/** What a handler learns about its request's connection. */
export interface GuardedInfo {
  readonly remoteAddr: Deno.NetAddr;
}

export type GuardedHandler = (req: Request, info: GuardedInfo) => Response | Promise<Response>;

export interface GuardedServer {
  addr: Deno.NetAddr;
  /** Resolves once the server stopped and every connection is closed. */
  finished: Promise<void>;
  /** Stops accepting, lets requests in flight finish (up to a grace period), closes the rest. */
  shutdown(): Promise<void>;
  /** Connections open now (for tests and diagnostics). */
  readonly connections: number;
  /** The connection cap in force (`maxConnections`, lowered to fit the descriptor limit). */
  readonly maxConnections: number;
}

interface ConnServer {
  finished: Promise<void>;
  shutdown(): Promise<void>;
}

type ServeOnConnection = (
  conn: Deno.Conn,
  signal: AbortSignal,
  handler: GuardedHandler,
  onError: (err: unknown) => Response,
  onListen: () => void,
) => ConnServer;

/** Deno's per-connection HTTP engine, behind `Deno.serve` (present in Deno 2.x). */
function serveOnConnection(): ServeOnConnection | undefined {
  const d = Deno as unknown as Record<symbol, Record<string, unknown> | undefined>;
  const sym = (Deno as unknown as { internal?: symbol }).internal;
  const fn = sym ? d[sym]?.serveHttpOnConnection : undefined;
  return typeof fn === "function" ? fn as ServeOnConnection : undefined;
}

interface ConnState {
  abort: AbortController;
  server?: ConnServer;
  /** Time of the last event: accept, or the end of the last request. */
  since: number;
  inFlight: number;
  /** A request was seen: the idle timeout applies, not the header timeout. */
  served: boolean;
}

const SHED_RESPONSE = new TextEncoder().encode(
  "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n" +
    "connection: close\r\ncontent-length: 85\r\n\r\n" +
    '{"error":{"code":"internal_error","message":"Too many connections; retry in a second"}}',
);

/** The soft descriptor limit of this process (Linux), or undefined where it cannot be read. */
export function descriptorLimit(): number | undefined {
  try {
    const text = Deno.readTextFileSync("/proc/self/limits");
    const m = text.match(/^Max open files\s+(\d+|unlimited)/m);
    return m && m[1] !== "unlimited" ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The cap actually used: `maxConnections`, lowered so the process keeps descriptors free. */
export function effectiveMaxConnections(max: number, fdLimit = descriptorLimit()): number {
  if (fdLimit === undefined) return max;
  return Math.max(16, Math.min(max, fdLimit - FD_RESERVE));
}

/**
 * Deno sets up its signal handling (a pipe) on the first signal listener and panics if that
 * fails; under descriptor exhaustion it would. Setting it up now, while descriptors are free,
 * leaves nothing to fail later.
 */
function initSignals(): void {
  if (Deno.build.os === "windows") return;
  const noop = () => {};
  try {
    Deno.addSignalListener("SIGTERM", noop);
    Deno.removeSignalListener("SIGTERM", noop);
  } catch { /* no signal support: nothing to set up */ }
}

export function serveGuarded(options: GuardedServeOptions, handler: GuardedHandler): GuardedServer {
  const engine = serveOnConnection();
  // The per-connection engine is internal to Deno (present in the pinned 2.9.6). On a Deno
  // without it, serve with plain `Deno.serve` and say loudly that the limits are off, rather
  // than not serving at all.
  if (!engine) return plainServe(options, handler);
  const serveOn: ServeOnConnection = engine;
  initSignals();
  const listener = Deno.listen({ hostname: options.hostname, port: options.port });
  const addr = listener.addr as Deno.NetAddr;
  const limits = options.limits;
  const maxConnections = options.fitDescriptorLimit === false
    ? limits.maxConnections
    : effectiveMaxConnections(limits.maxConnections);
  const log = new ThrottledLog(options.log ?? ((m) => console.error(m)));
  const conns = new Set<ConnState>();
  let closing = false;

  const onError = (err: unknown): Response => {
    log.report("handler", `unexpected error in a request handler: ${String(err)}`);
    return new Response(null, { status: 500 });
  };

  // One timer for all connections: a connection is closed when it has no request in flight
  // and its header (new connection) or idle (between requests) time is up.
  const tick = Math.max(
    25,
    Math.min(1000, Math.min(limits.headerTimeoutMs, limits.idleTimeoutMs) / 4),
  );
  // (On the web timers: `setInterval` would load Node's timers at start, src/http/ticker.ts.)
  const sweeper = every(tick, () => {
    const now = Date.now();
    for (const c of conns) {
      if (c.inFlight > 0) continue;
      const limit = c.served ? limits.idleTimeoutMs : limits.headerTimeoutMs;
      if (now - c.since >= limit) c.abort.abort();
    }
  });

  function track(state: ConnState, conn: Deno.Conn): GuardedHandler {
    // The caller's address is the connection's: read once, not through an op per request.
    const info: GuardedInfo = { remoteAddr: conn.remoteAddr as Deno.NetAddr };
    const done = () => {
      state.inFlight--;
      state.since = Date.now();
    };
    // `then` with both callbacks made once per connection: `finally` costs two more promise
    // steps per request.
    const settled = (res: Response) => {
      done();
      return res;
    };
    const failed = (err: unknown): never => {
      done();
      throw err;
    };
    return (req) => {
      state.inFlight++;
      state.served = true;
      let out: Response | Promise<Response>;
      try {
        out = handler(req, info);
      } catch (err) {
        done();
        throw err;
      }
      if (out instanceof Promise) return out.then(settled, failed);
      done();
      return out;
    };
  }

  function serveConn(conn: Deno.Conn): void {
    const state: ConnState = {
      abort: new AbortController(),
      since: Date.now(),
      inFlight: 0,
      served: false,
    };
    conns.add(state);
    const server = serveOn(conn, state.abort.signal, track(state, conn), onError, () => {});
    state.server = server;
    server.finished.catch(() => {}).finally(() => conns.delete(state));
  }

  function shed(conn: Deno.Conn): void {
    log.report("shed", `over ${maxConnections} connections: answering 503 and closing`);
    conn.write(SHED_RESPONSE).catch(() => 0).finally(() => {
      try {
        conn.close();
      } catch { /* already closed */ }
    });
  }

  const acceptLoop = (async () => {
    let backoff = 10;
    while (!closing) {
      let conn: Deno.Conn;
      try {
        conn = await listener.accept();
      } catch (err) {
        if (closing || err instanceof Deno.errors.BadResource) break;
        // EMFILE and friends: the listener stays open; wait for descriptors to be freed.
        log.report("accept", `accept failed (${(err as Error).message}); retrying`);
        await new Promise((r) => setTimeout(r, backoff));
        backoff = Math.min(backoff * 2, 1000);
        continue;
      }
      backoff = 10;
      if (closing) {
        conn.close();
        break;
      }
      if (conns.size >= maxConnections) {
        shed(conn);
        continue;
      }
      try {
        serveConn(conn);
      } catch (err) {
        log.report("serve", `could not serve a connection (${(err as Error).message})`);
        try {
          conn.close();
        } catch { /* gone */ }
      }
    }
  })();

  let stopping: Promise<void> | undefined;
  const shutdown = (): Promise<void> =>
    stopping ??= (async () => {
      closing = true;
      try {
        listener.close();
      } catch { /* already closed */ }
      await acceptLoop;
      // Graceful: requests in flight finish, idle connections close; after a grace period the
      // rest are cut.
      const grace = setTimeout(() => {
        for (const c of conns) c.abort.abort();
      }, Math.max(limits.idleTimeoutMs, 5_000));
      await Promise.all([...conns].map((c) => c.server?.shutdown().catch(() => {})));
      await Promise.all([...conns].map((c) => c.server?.finished.catch(() => {})));
      clearTimeout(grace);
      sweeper.stop();
      log.flush();
    })();

  options.signal?.addEventListener("abort", () => void shutdown(), { once: true });
  options.onListen?.(addr);
  return {
    addr,
    finished: acceptLoop.then(() => shutdown()),
    shutdown,
    get connections() {
      return conns.size;
    },
    maxConnections,
  };
}

/** `Deno.serve` without connection limits: the fallback where Deno lacks the engine. */
function plainServe(options: GuardedServeOptions, handler: GuardedHandler): GuardedServer {
  (options.log ?? ((m: string) => console.error(m)))(
    "warning: this Deno has no per-connection HTTP engine; serving without connection limits " +
      "or timeouts (use Deno 2.9.6)",
  );
  const server = Deno.serve({
    hostname: options.hostname,
    port: options.port,
    signal: options.signal,
    onListen: (addr) => options.onListen?.(addr),
  }, handler);
  return {
    addr: server.addr,
    finished: server.finished,
    shutdown: () => server.shutdown(),
    connections: 0,
    maxConnections: Infinity,
  };
}
