/**
 * The HTTP supplier (`SUPPLIER=http`): the kit's client of an operator's system that speaks
 * the contract of spec §4.1. snake_case on the wire, camelCase in the `Supplier` interface;
 * every request signed (`X-Kit-Timestamp`, `X-Kit-Signature`); every call bounded by a
 * timeout; every answer checked against its shape; every failure a `SupplierError`:
 *
 * | Answer | code | retryable |
 * |---|---|---|
 * | timeout / network error | `timeout` / `network_error` | yes |
 * | 429, 408 | `rate_limited` / `timeout` | yes |
 * | 5xx | `supplier_unavailable` | yes |
 * | 401 | `unauthorized` (message: check the shared secret or the clock) | no |
 * | 409 | the operator's code, e.g. `price_changed`; else `conflict` | no |
 * | 400 / 404 / other 4xx | the operator's code, else `invalid_request` / `not_found` | no |
 * | 2xx with a malformed body | `bad_supplier_response` | no |
 *
 * A malformed answer is not retryable: asking again would get the same bytes, and a broken
 * integration should be fixed, not hammered. `GET /balance` answering 404 is `null`.
 *
 * @example
 * ```ts
 * import { HttpSupplier } from "./http_client.ts";
 * const supplier = new HttpSupplier({ url: "http://127.0.0.1:8787", secret: "a shared secret of 16+" });
 * // const plans = await supplier.catalog();
 * ```
 */
import {
  type OrderInput,
  type Plan,
  type Profile,
  type ProfilesQuery,
  type Supplier,
  SupplierError,
  SupplierErrorCode as C,
} from "./types.ts";
import { signRequest } from "./http_signature.ts";
import { validate } from "../schemas.ts";
import { planFromWire, profileFromWire, type WirePlan, type WireProfile } from "./wire.ts";
import { MIN_SECRET_LENGTH } from "../hmac.ts";

/** Default per-call timeout in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Answers larger than this are refused as `bad_supplier_response`. */
const MAX_RESPONSE_CHARS = 16 * 1024 * 1024;

export interface HttpSupplierOptions {
  /** Base URL of the operator's system (`SUPPLIER_URL`); paths are appended to its path. */
  url: string;
  /** The shared secret (content of `SUPPLIER_SECRET_FILE`, trimmed), 16 or more characters. */
  secret: string;
  /** Per-call timeout in ms (default 10000), covering connect, headers and body. */
  timeoutMs?: number;
  /** `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /** Clock for `X-Kit-Timestamp` (default `Date.now`). */
  now?: () => number;
}

/** Per-call options. */
export interface CallOptions {
  /** Aborts the call (in addition to the timeout). */
  signal?: AbortSignal;
}

export class HttpSupplier implements Supplier {
  readonly #base: URL;
  readonly #basePath: string;
  readonly #secret: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;

  constructor(options: HttpSupplierOptions) {
    let base: URL;
    try {
      base = new URL(options.url);
    } catch {
      throw new TypeError(`SUPPLIER_URL '${options.url}' is not a valid URL`);
    }
    if (base.protocol !== "http:" && base.protocol !== "https:") {
      throw new TypeError(`SUPPLIER_URL must be http or https, got '${base.protocol}'`);
    }
    if (base.search || base.hash || base.username || base.password) {
      throw new TypeError("SUPPLIER_URL must not carry a query, fragment or credentials");
    }
    if (typeof options.secret !== "string" || options.secret.length < MIN_SECRET_LENGTH) {
      throw new TypeError(
        `The supplier secret must have ${MIN_SECRET_LENGTH} or more characters`,
      );
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
      throw new RangeError("timeoutMs must be a positive number");
    }
    this.#base = base;
    this.#basePath = base.pathname.replace(/\/+$/, "");
    this.#secret = options.secret;
    this.#timeoutMs = timeoutMs;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#now = options.now ?? Date.now;
  }

  /** The base URL, without trailing slash. */
  get url(): string {
    return this.#base.origin + this.#basePath;
  }

  async catalog(opts: CallOptions = {}): Promise<Plan[]> {
    const body = await this.#call("GET", "/catalog", undefined, opts);
    const plans = field(body, "plans");
    if (!Array.isArray(plans)) throw bad("GET /catalog: 'plans' must be an array");
    return plans.map((p, i) => {
      const v = validate<WirePlan>("plan", p);
      if (!v.ok) throw bad(`GET /catalog: plans[${i}]: ${v.message}`);
      return planFromWire(v.value);
    });
  }

  async order(input: OrderInput, opts: CallOptions = {}): Promise<{ orderRef: string }> {
    if (!input || typeof input.transactionId !== "string" || !input.transactionId) {
      throw new TypeError("order: transactionId must be a non-empty string");
    }
    if (typeof input.planId !== "string" || !input.planId) {
      throw new TypeError("order: planId must be a non-empty string");
    }
    if (typeof input.costUsd !== "number" || !Number.isFinite(input.costUsd)) {
      throw new TypeError("order: costUsd must be a finite number");
    }
    const body = await this.#call("POST", "/orders", {
      transaction_id: input.transactionId,
      plan_id: input.planId,
      cost_usd: input.costUsd,
    }, opts);
    const ref = field(body, "order_ref");
    if (typeof ref !== "string" || !ref) {
      throw bad("POST /orders: 'order_ref' must be a non-empty string");
    }
    return { orderRef: ref };
  }

  async profiles(query: ProfilesQuery, opts: CallOptions = {}): Promise<Profile[]> {
    const byRef = typeof query?.orderRef === "string" && query.orderRef !== "";
    const byId = typeof query?.profileId === "string" && query.profileId !== "";
    if (byRef === byId) {
      throw new TypeError("profiles: give exactly one of orderRef or profileId");
    }
    const qs = byRef
      ? `order_ref=${encodeURIComponent(query.orderRef!)}`
      : `profile_id=${encodeURIComponent(query.profileId!)}`;
    const body = await this.#call("GET", `/profiles?${qs}`, undefined, opts);
    const list = field(body, "profiles");
    if (!Array.isArray(list)) throw bad("GET /profiles: 'profiles' must be an array");
    return list.map((p, i) => {
      const v = validate<WireProfile>("profile", p);
      if (!v.ok) throw bad(`GET /profiles: profiles[${i}]: ${v.message}`);
      const profile = profileFromWire(v.value);
      if (byRef && profile.orderRef !== query.orderRef) {
        throw bad(`GET /profiles: profiles[${i}] belongs to another order_ref`);
      }
      if (byId && profile.profileId !== query.profileId) {
        throw bad(`GET /profiles: profiles[${i}] has another profile_id`);
      }
      return profile;
    });
  }

  async cancel(profileId: string, opts: CallOptions = {}): Promise<true> {
    if (typeof profileId !== "string" || !profileId) {
      throw new TypeError("cancel: profileId must be a non-empty string");
    }
    const body = await this.#call(
      "POST",
      `/profiles/${encodeURIComponent(profileId)}/cancel`,
      {},
      opts,
    );
    if (field(body, "cancelled") !== true) {
      throw bad("POST /profiles/{id}/cancel: 'cancelled' must be true");
    }
    return true;
  }

  async balance(opts: CallOptions = {}): Promise<{ usd: number } | null> {
    const body = await this.#call("GET", "/balance", undefined, opts, true);
    if (body === NO_BALANCE) return null;
    const usd = field(body, "usd");
    if (typeof usd !== "number" || !Number.isFinite(usd)) {
      throw bad("GET /balance: 'usd' must be a number");
    }
    return { usd };
  }

  async #call(
    method: "GET" | "POST",
    pathWithQuery: string,
    json: unknown,
    opts: CallOptions,
    notFoundIsEmpty = false,
  ): Promise<unknown> {
    const url = new URL(this.#base.href);
    const [path, query] = pathWithQuery.split("?", 2) as [string, string | undefined];
    url.pathname = this.#basePath + path;
    url.search = query ? `?${query}` : "";
    const raw = json === undefined ? "" : JSON.stringify(json);
    const signed = url.pathname + url.search;
    const headers: Record<string, string> = {
      ...signRequest(this.#secret, { method, pathWithQuery: signed, body: raw }, this.#now()),
      "Accept": "application/json",
    };
    if (method === "POST") headers["Content-Type"] = "application/json";
    const what = `${method} ${path}`;
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
    let res: Response;
    let text: string;
    try {
      res = await this.#fetch(url, {
        method,
        headers,
        body: method === "POST" ? raw : undefined,
        signal,
        redirect: "error",
      });
      text = await res.text();
    } catch (err) {
      if (timeout.aborted) {
        throw new SupplierError(
          C.Timeout,
          `${what}: the supplier did not answer within ${this.#timeoutMs} ms`,
          true,
          { cause: err },
        );
      }
      if (opts.signal?.aborted) throw err;
      throw new SupplierError(
        C.NetworkError,
        `${what}: cannot reach the supplier at ${this.#base.origin}: ${(err as Error).message}`,
        true,
        { cause: err },
      );
    }
    if (res.status === 404 && notFoundIsEmpty) return NO_BALANCE;
    if (res.ok) {
      if (text.length > MAX_RESPONSE_CHARS) throw bad(`${what}: the answer is too large`);
      try {
        return JSON.parse(text);
      } catch (err) {
        throw bad(`${what}: the answer is not JSON`, res.status, err);
      }
    }
    throw errorFromStatus(what, res.status, text);
  }
}

const NO_BALANCE = Symbol("no balance");

function field(body: unknown, name: string): unknown {
  return body !== null && typeof body === "object" && !Array.isArray(body)
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

function bad(message: string, status?: number, cause?: unknown): SupplierError {
  return new SupplierError(C.BadResponse, message, false, { status, cause });
}

/** The operator's `{code, message}` from either `{error:{code,message}}` or `{error:"code"}`. */
function operatorError(text: string): { code?: string; message?: string } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {};
  }
  const err = field(body, "error");
  const code = typeof err === "string" ? err : field(err, "code") ?? field(body, "code");
  const message = field(err, "message") ?? field(body, "message");
  return {
    code: typeof code === "string" && /^[a-z][a-z0-9_]{0,63}$/.test(code) ? code : undefined,
    message: typeof message === "string" ? message.slice(0, 300) : undefined,
  };
}

/**
 * Maps a non-2xx answer to a `SupplierError` (see the table at the top of this file).
 *
 * @example
 * ```ts
 * import { errorFromStatus } from "./http_client.ts";
 * errorFromStatus("POST /orders", 409, '{"error":"price_changed"}').code; // "price_changed"
 * ```
 */
export function errorFromStatus(what: string, status: number, text: string): SupplierError {
  const op = operatorError(text);
  const said = op.message ? `: ${op.message}` : "";
  const mk = (code: string, retryable: boolean, message: string) =>
    new SupplierError(code, message, retryable, { status });
  if (status === 401) {
    return mk(
      C.Unauthorized,
      false,
      `${what}: the supplier refused the request signature (401). Check that SUPPLIER_SECRET_FILE ` +
        `holds the operator's shared secret and that both clocks are right (within 5 minutes).`,
    );
  }
  if (status === 429) {
    return mk(C.RateLimited, true, `${what}: rate limited by the supplier${said}`);
  }
  if (status === 408) return mk(C.Timeout, true, `${what}: the supplier timed out${said}`);
  if (status >= 500) {
    return mk(C.Unavailable, true, `${what}: the supplier failed with ${status}${said}`);
  }
  if (status === 409) {
    const code = op.code ?? C.Conflict;
    return mk(code, false, `${what}: refused with ${code}${said}`);
  }
  if (status === 404) return mk(op.code ?? C.NotFound, false, `${what}: not found${said}`);
  if (status === 400) {
    return mk(op.code ?? C.InvalidRequest, false, `${what}: the supplier refused the input${said}`);
  }
  return mk(op.code ?? `http_${status}`, false, `${what}: refused with status ${status}${said}`);
}
