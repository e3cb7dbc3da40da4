/**
 * The HTTP kernel: turns a route table into one `Deno.serve` handler. Everything that is the
 * same for every request is decided once, at start-up: the router, the preflight routes, each
 * route's static response headers (CORS). Per request: route match (404/405) → rate limit →
 * handler → error mapping → access log.
 *
 * Cost matters here (bench/http.ts): Deno checks every header value character by character as
 * it is set, and converts headers passed in `init` slowly, so handlers answer with `ctx.send()`
 * (the route's headers added once, appended rather than passed in `init`) or, for an answer
 * that never changes, `ctx.sendFixed()` (a template with the route's headers, cloned: cloning
 * copies the checked header list); a synchronous handler is answered without a promise.
 *
 * @example
 * ```ts
 * import { createApp } from "./app.ts";
 * const app = createApp({
 *   routes: [{ method: "GET", path: "/healthz", errors: { kind: "node" }, handler: (ctx) => ctx.send({ ok: true }) }],
 *   maxBodyBytes: 1024,
 * });
 * const res = await app(new Request("http://localhost/healthz"), { remoteAddr: { hostname: "127.0.0.1" } });
 * res.status; // 200
 * ```
 */
import { ErrorCode, HttpError } from "./errors.ts";
import { errorResponse, internalError, surfaceForPath } from "./respond.ts";
import { StoreUnavailableError } from "../store/types.ts";
import { readJsonBody } from "./body.ts";
import { paymentHeaderOf } from "./payment_header.ts";
import { corsHeaders, preflight } from "./cors.ts";
import type { FixedAnswer } from "./fixed_answer.ts";
import { Router } from "./router.ts";
import type { RateLimiter } from "./rate_limit.ts";
import { type AccessLog, loggablePath } from "./access_log.ts";
import type { Ctx, Route } from "./types.ts";

export interface AppOptions {
  routes: Route[];
  /** Body size limit of routes that set none. */
  maxBodyBytes: number;
  /** Time a request body may take to arrive (408 and the connection closed after it). */
  bodyTimeoutMs?: number;
  limiter?: RateLimiter;
  accessLog?: AccessLog;
  /** Take the caller's address from `X-Forwarded-For` (only behind a proxy you run). */
  trustProxy?: boolean;
  /** Where unexpected errors are reported (never to the client). */
  onError?: (err: unknown, requestId: string) => void;
}

export interface ConnInfo {
  remoteAddr: { hostname?: string } | Deno.Addr;
}

export type AppHandler = (req: Request, info: ConnInfo) => Response | Promise<Response>;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const IP_CHARS = /^[0-9A-Fa-f:.]{2,45}$/;
const JSON_TYPE = "application/json; charset=utf-8";
const JSON_HEADERS: Record<string, string> = { "content-type": JSON_TYPE };

/**
 * The path of a request URL exactly as sent (no dot-segment or percent normalisation). Routes
 * are literal or patterns over plain segments, so an unusual path matches nothing (404): this
 * fails closed and skips a full URL parse on every request.
 */
export function rawPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  let end = url.indexOf("?", start);
  if (end < 0) end = url.length;
  const hash = url.indexOf("#", start);
  if (hash >= 0 && hash < end) end = hash;
  return url.slice(start, end);
}

interface FixedTemplate {
  res: Response;
  /** It carries an `X-Request-Id` placeholder, to be replaced per request. */
  hasId: boolean;
}

interface Compiled {
  route: Route;
  /** Headers every response of this route carries (CORS), merged at construction. */
  headers: Record<string, string>;
  hasHeaders: boolean;
  /** A JSON answer's headers: the content type and `headers` (built once, not per request). */
  jsonHeaders: Record<string, string>;
  /**
   * The same, split for building: the content type goes in `init` (one entry converts fast and
   * keeps Deno from adding its own), the rest are appended (see `buildJson`).
   */
  jsonHead: Record<string, string>;
  jsonTail: [string, string][];
  /** The last JSON text sent, and once it was sent twice in a row its response to clone. */
  lastText?: string;
  lastTextResponse?: Response;
  /** `sendFixed` templates with the kernel's headers on: without and with a request id. */
  fixed?: WeakMap<FixedAnswer, FixedTemplate>;
  fixedWithId?: WeakMap<FixedAnswer, FixedTemplate>;
}

export function createApp(options: AppOptions): AppHandler {
  const router = new Router<Compiled>();
  for (const route of withPreflights(options.routes)) {
    const headers = route.cors && route.method !== "OPTIONS" ? corsHeaders(route.cors) : {};
    const jsonHeaders = { "content-type": JSON_TYPE, ...headers };
    router.add(route.method, route.path, {
      route,
      headers,
      hasHeaders: Object.keys(headers).length > 0,
      jsonHeaders,
      ...splitHeaders(jsonHeaders),
    });
  }
  const onError = options.onError ?? ((err, id) => {
    console.error(
      `[${id}] unhandled error: ${err instanceof Error ? err.stack ?? err.message : String(err)}`,
    );
  });

  const state: KernelState = {
    options,
    onError,
    prefix: crypto.randomUUID().slice(0, 8),
    counter: 0,
    lastIpKey: "",
  };

  return function handle(req: Request, info: ConnInfo): Response | Promise<Response> {
    // A request id set by our own proxy is kept (TRUST_PROXY=1), so its logs and ours line up;
    // from anyone else it is not trusted, and not reading headers saves ~10 % of a request.
    const incomingId = options.trustProxy ? req.headers.get("x-request-id") : null;
    const echoId = incomingId !== null && REQUEST_ID.test(incomingId);
    const path = rawPath(req.url);
    const match = router.match(req.method, path);
    const ctx = new RequestCtx(
      req,
      path,
      match.params,
      echoId ? incomingId! : undefined,
      callerIp(req, info, options.trustProxy === true),
      match.value,
      state,
    );
    ctx.echoId = echoId;
    try {
      if (!match.value) {
        if (match.allowed.length === 0) {
          throw new HttpError(
            404,
            ErrorCode.NotFound,
            `No route for ${loggablePath(path)}`,
          );
        }
        throw new HttpError(
          405,
          ErrorCode.MethodNotAllowed,
          `Use ${match.allowed.join(" or ")} on this path`,
          {
            headers: { allow: match.allowed.join(", ") },
          },
        );
      }
      const { route } = match.value;
      const mode = route.rateLimit ?? "ip";
      if (mode === "payer") {
        // Read once here; the paywall takes it from `ctx.paymentHeader`.
        const payment = paymentHeaderOf(req);
        ctx.paymentHeader = payment;
        if (payment === null) {
          ctx.rateLimit(ctx.ipKey());
        } else {
          // A payment header is not yet proof of a payer: unless the handler counts this
          // request against a verified payer (or the IP) itself, `finish` counts it against the
          // IP.
          ctx.ipLimitDeferred = true;
        }
      } else if (mode === "ip") {
        ctx.rateLimit(ctx.ipKey());
      }
      const out = route.handler(ctx);
      if (out instanceof Promise) {
        return out.then((res) => finish(state, ctx, res, echoId), (err) => fail(state, ctx, err));
      }
      return finish(state, ctx, out, echoId);
    } catch (err) {
      return fail(state, ctx, err);
    }
  };
}

interface KernelState {
  options: AppOptions;
  onError: (err: unknown, requestId: string) => void;
  prefix: string;
  counter: number;
  lastIp?: string;
  lastIpKey: string;
}

/** Adds the request id (errors, or when the client sent one), strips HEAD bodies, logs. */
function finish(state: KernelState, ctx: RequestCtx, res: Response, echoId: boolean): Response {
  if (ctx.ipLimitDeferred && !ctx.limited) {
    // Refused before any payer was verified (bad input, replayed payment, payments off): the
    // caller's address pays for it, and over its limit the refusal becomes a 429.
    ctx.limited = true;
    const hit = state.options.limiter?.hit(ctx.ipKey());
    if (hit && !hit.ok && res.status >= 400) {
      res.body?.cancel().catch(() => {});
      const surface = ctx.compiled?.route.errors ?? surfaceForPath(ctx.path);
      res = errorResponse(surface, tooMany(hit.retryAfterSec));
    }
  }
  // `sendFixed` answers already carry what the block below would add.
  if (ctx.complete !== res) {
    const routeHeaders = ctx.compiled?.headers;
    // A handler that built its own Response (not `ctx.send`) still gets the route's headers.
    const missing = routeHeaders !== undefined && ctx.compiled!.hasHeaders &&
      ctx.sent !== res && !res.headers.has("access-control-allow-origin");
    if (echoId || res.status >= 400 || missing) {
      res = withRequestId(res, ctx.requestId);
      addRouteHeaders(res, routeHeaders);
    }
  }
  if (ctx.req.method === "HEAD" && res.body) res = new Response(null, res);
  const log = state.options.accessLog;
  if (log) {
    const end = Date.now();
    log.log(
      end,
      ctx.requestId,
      ctx.req.method,
      ctx.path,
      res.status,
      end - ctx.started,
      ctx.clientIp,
    );
  }
  return res;
}

function addRouteHeaders(res: Response, routeHeaders: Record<string, string> | undefined): void {
  if (routeHeaders) { for (const k in routeHeaders) res.headers.set(k, routeHeaders[k]!); }
}

function fail(state: KernelState, ctx: RequestCtx, err: unknown): Response {
  const surface = ctx.compiled?.route.errors ?? surfaceForPath(ctx.path);
  if (err instanceof HttpError) return finish(state, ctx, errorResponse(surface, err), false);
  if (err instanceof StoreUnavailableError) {
    // The database is lost (DESIGN.md §13): 503 until it returns; the failed step applied nothing.
    const e = new HttpError(
      503,
      ErrorCode.StoreUnavailable,
      "The node's store is unreachable; try again shortly",
      { headers: { "retry-after": "5" } },
    );
    return finish(state, ctx, errorResponse(surface, e), false);
  }
  state.onError(err, ctx.requestId);
  return finish(state, ctx, internalError(surface, ctx.requestId), false);
}

/** The per-request context; a class so its methods live on the prototype, not per request. */
class RequestCtx implements Ctx {
  /** When the request arrived (read only when it is logged). */
  readonly started: number;
  /** The response built by `send`/`sendJsonText`, which carries the route's headers. */
  sent?: Response;
  /** `rateLimit` was called: this request is counted against some caller. */
  limited = false;
  /** A `payer` route with a payment header: count against the IP unless the handler counted. */
  ipLimitDeferred = false;
  /** The client's `X-Request-Id` is echoed (trusted proxy). */
  echoId = false;
  /** The response built by `sendFixed`: request id and route headers already on. */
  complete?: Response;
  /** On `payer` routes, the payment header as read by the kernel (null: none). */
  paymentHeader?: string | null;
  #body?: Promise<unknown>;
  #url?: URL;

  constructor(
    readonly req: Request,
    /** The path as sent, undecoded: what routing matched on. */
    readonly path: string,
    readonly params: Record<string, string>,
    /** The id the client's proxy sent (kept), else made when first needed. */
    private id: string | undefined,
    readonly clientIp: string,
    readonly compiled: Compiled | undefined,
    private readonly state: KernelState,
  ) {
    this.options = state.options;
    this.started = this.options.accessLog ? Date.now() : 0;
  }

  readonly options: AppOptions;

  /**
   * Request ids: a per-process prefix and a counter; unique, and far cheaper than a UUID. Made
   * on first use (an error answer, a log line, a handler asking), so a plain 200 makes none.
   */
  get requestId(): string {
    return this.id ??= `${this.state.prefix}-${(++this.state.counter).toString(36)}`;
  }

  /**
   * The rate limiter's key for the caller's address. The last one is kept: requests come in
   * runs from one address (keep-alive), and a reused string is not hashed again by the `Map`.
   */
  ipKey(): string {
    const s = this.state;
    if (s.lastIp !== this.clientIp) {
      s.lastIp = this.clientIp;
      s.lastIpKey = `ip:${this.clientIp}`;
    }
    return s.lastIpKey;
  }

  get url(): URL {
    return this.#url ??= new URL(this.req.url);
  }

  get route(): Route {
    return this.compiled!.route;
  }

  // Lazy: touching `req.signal` opts the request into legacy abort tracking in Deno.serve.
  get signal(): AbortSignal {
    return this.req.signal;
  }

  json(): Promise<unknown> {
    return this.#body ??= readJsonBody(
      this.req,
      this.compiled?.route.maxBodyBytes ?? this.options.maxBodyBytes,
      this.options.bodyTimeoutMs,
    );
  }

  send(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
    return this.sendJsonText(JSON.stringify(data), init);
  }

  sendJsonText(
    text: string,
    init?: { status?: number; headers?: Record<string, string> },
  ): Response {
    const compiled = this.compiled;
    // Remembered as `sent` so `finish` knows the route's headers are on it (reading headers
    // back costs).
    if (init?.headers) {
      const split = splitHeaders({ ...(compiled?.jsonHeaders ?? JSON_HEADERS), ...init.headers });
      return this.sent = buildJson(text, init.status ?? 200, split.jsonHead, split.jsonTail);
    }
    const status = init?.status ?? 200;
    if (!compiled) return this.sent = buildJson(text, status, JSON_HEADERS, []);
    if (status !== 200) {
      return this.sent = buildJson(text, status, compiled.jsonHead, compiled.jsonTail);
    }
    // A route answering the same text again (a JSON text built once, like /x402/keys) gets a
    // clone of the response made for it: cloning skips Deno's header validation.
    if (text === compiled.lastText) {
      compiled.lastTextResponse ??= buildJson(text, 200, compiled.jsonHead, compiled.jsonTail);
      return this.sent = compiled.lastTextResponse.clone();
    }
    compiled.lastText = text;
    compiled.lastTextResponse = undefined;
    return this.sent = buildJson(text, 200, compiled.jsonHead, compiled.jsonTail);
  }

  sendFixed(answer: FixedAnswer): Response {
    const compiled = this.compiled;
    if (!compiled) return answer.response();
    const withId = this.echoId || answer.status >= 400;
    const cache = withId
      ? compiled.fixedWithId ??= new WeakMap()
      : compiled.fixed ??= new WeakMap();
    let template = cache.get(answer);
    if (!template) {
      // What `finish` would add, added once: the same steps in the same order, so the answer
      // is byte for byte what it would have been. The request id is a placeholder, replaced in
      // place (same position) per request.
      let res = answer.response();
      const hasId = withId ||
        (compiled.hasHeaders && !res.headers.has("access-control-allow-origin"));
      if (hasId) {
        res = withRequestId(res, "-");
        addRouteHeaders(res, compiled.headers);
      }
      cache.set(answer, template = { res, hasId });
    }
    const res = template.res.clone();
    if (template.hasId) res.headers.set("x-request-id", this.requestId);
    this.sent = this.complete = res;
    return res;
  }

  overLimit(callerKey: string): number | null {
    return this.options.limiter?.over(callerKey) ?? null;
  }

  rateLimit(callerKey: string): void {
    this.limited = true;
    const result = this.options.limiter?.hit(callerKey);
    if (result && !result.ok) throw tooMany(result.retryAfterSec);
  }
}

function tooMany(retryAfterSec: number): HttpError {
  return new HttpError(
    429,
    ErrorCode.RateLimited,
    `Too many requests; retry in ${retryAfterSec} s`,
    { headers: { "retry-after": String(retryAfterSec) } },
  );
}

/** A JSON answer's headers split for `buildJson`: the first in `init`, the rest appended. */
function splitHeaders(
  headers: Record<string, string>,
): { jsonHead: Record<string, string>; jsonTail: [string, string][] } {
  const [first, ...rest] = Object.entries(headers);
  return { jsonHead: first ? { [first[0]]: first[1] } : {}, jsonTail: rest };
}

/**
 * A JSON response. Headers in `init` go through a slow conversion in Deno (about 3 µs for two,
 * a sixth of a minimal request), appending them after construction is several times cheaper;
 * the content type stays in `init` so that Deno adds no `Content-Type` of its own (a string
 * body otherwise gets `text/plain`). The headers go out in the same order either way.
 */
function buildJson(
  text: string,
  status: number,
  head: Record<string, string>,
  tail: [string, string][],
): Response {
  const res = new Response(text, { status, headers: head });
  for (let i = 0; i < tail.length; i++) res.headers.append(tail[i]![0], tail[i]![1]);
  return res;
}

/** Adds one OPTIONS route per path that has a CORS-enabled route. */
function withPreflights(routes: Route[]): Route[] {
  const byPath = new Map<string, Route[]>();
  for (const r of routes) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
  const out = [...routes];
  for (const [path, list] of byPath) {
    const withCors = list.filter((r) => r.cors);
    if (withCors.length === 0 || list.some((r) => r.method === "OPTIONS")) continue;
    const methods = withCors.map((r) => r.method);
    if (methods.includes("GET")) methods.push("HEAD");
    const policy = {
      exposeHeaders: [...new Set(withCors.flatMap((r) => r.cors?.exposeHeaders ?? []))],
      allowHeaders: [...new Set(withCors.flatMap((r) => r.cors?.allowHeaders ?? []))],
    };
    out.push({
      method: "OPTIONS",
      path,
      errors: list[0]!.errors,
      rateLimit: "off",
      handler: () => preflight(policy, methods),
    });
  }
  return out;
}

function callerIp(req: Request, info: ConnInfo, trustProxy: boolean): string {
  if (trustProxy) {
    // The entry our own proxy appended is the last one; anything before it is client-supplied.
    const xff = req.headers.get("x-forwarded-for");
    const last = xff?.split(",").pop()?.trim();
    if (last && IP_CHARS.test(last)) return last;
  }
  const addr = info.remoteAddr as { hostname?: string };
  return addr.hostname ?? "unknown";
}

/**
 * Sets `X-Request-Id`; responses from `fetch` have immutable headers, so those are copied
 * first.
 */
function withRequestId(res: Response, id: string): Response {
  try {
    res.headers.set("x-request-id", id);
    return res;
  } catch {
    const copy = new Response(res.body, {
      status: res.status,
      statusText: res.statusText,
      headers: new Headers(res.headers),
    });
    copy.headers.set("x-request-id", id);
    return copy;
  }
}
