/** Types shared by the router, the middleware and every handler. */
import type { FixedAnswer } from "./fixed_answer.ts";

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * Which error body a route answers with (DESIGN.md §2):
 * `api`  → `{"status":"error","service":<slug>,"error":{code,message,field?}}`
 * `node` → `{"success":false,"error":{code,message,field?}}` (seller node, supplier receiver)
 */
export type ErrorSurface = { kind: "api"; service: string } | { kind: "node" };

export interface CorsPolicy {
  /** Response headers a browser script may read. */
  exposeHeaders?: readonly string[];
  /** Request headers a browser script may send (preflight). */
  allowHeaders?: readonly string[];
}

/**
 * How a route is rate-limited: `ip` counts every request against the caller's address;
 * `payer` leaves requests that carry a payment header to the handler, which calls
 * `ctx.rateLimit("payer:<address>")` once the signature verifies (an unverified header must
 * not spend someone else's quota). A request with a payment header that the handler does not
 * count (bad input, a replayed payment, payments not configured) is counted against the IP when it
 * ends, and answered 429 instead when the IP is over its limit. `off` for nothing.
 */
export type RateLimitMode = "ip" | "payer" | "off";

export interface Ctx {
  readonly req: Request;
  /** The full URL, parsed on first use. */
  readonly url: URL;
  /** The path as sent (undecoded), which routing matched on. */
  readonly path: string;
  readonly params: Record<string, string>;
  readonly requestId: string;
  readonly clientIp: string;
  readonly route: Route;
  readonly signal: AbortSignal;
  /** Reads the body as JSON within the size limit; 413/415/400 as `HttpError`. Cached. */
  json(): Promise<unknown>;
  /**
   * A JSON response carrying the route's static headers (CORS). Prefer this to building a
   * `Response` and adding headers afterwards: each later header write costs.
   */
  send(data: unknown, init?: { status?: number; headers?: Record<string, string> }): Response;
  /** Like `send`, for a body already serialised as JSON text (a cached answer). */
  sendJsonText(
    text: string,
    init?: { status?: number; headers?: Record<string, string> },
  ): Response;
  /**
   * An answer that is the same for every request (a 402 with its terms), with the route's
   * headers and the request id as `finish` would add them; the kernel keeps one template per
   * route and answer and clones it (far cheaper than building and setting headers).
   */
  sendFixed(answer: FixedAnswer): Response;
  /**
   * On `payer`-limited routes: the request's payment header (`PAYMENT-SIGNATURE`, else
   * `X-PAYMENT`; null when there is none), read once by the kernel. Undefined elsewhere.
   */
  readonly paymentHeader?: string | null;
  /** Counts one request for `callerKey`; throws `HttpError` 429 over the limit. */
  rateLimit(callerKey: string): void;
  /** Seconds until `callerKey` may retry when it is over its limit now, else null (no count). */
  overLimit(callerKey: string): number | null;
}

export type Handler = (ctx: Ctx) => Response | Promise<Response>;

/**
 * What a route offers, for people and agents reading `GET /` (src/server/home.ts). Optional:
 * a route without it is still listed by method and path.
 */
export interface RouteInfo {
  /** One line: what the route does. */
  summary: string;
  /** Fixed price in USD for a paid route (x402), e.g. `"0.001"`; `"from quote"` for orders. */
  priceUsd?: string;
  /** A request body that works as is. */
  example?: unknown;
  /** The route's work calls public services on the internet. */
  needsInternet?: boolean;
}

export interface Route {
  method: Method;
  /** A literal path (`/healthz`) or a URLPattern pathname (`/profiles/:id/cancel`). */
  path: string;
  handler: Handler;
  errors: ErrorSurface;
  cors?: CorsPolicy;
  rateLimit?: RateLimitMode;
  /** Listed on `GET /`. */
  info?: RouteInfo;
  /** Body size limit of this route in bytes (default: the app's `maxBodyBytes`). */
  maxBodyBytes?: number;
}
