/**
 * The one way the sensor adapters call an upstream: a GET with a timeout
 * (`UPSTREAM_TIMEOUT_MS`), a User-Agent naming this server, and JSON parsing that fails
 * closed. A 429 is honoured: the source is not called again until its `Retry-After` has
 * passed, and every failure becomes an `UpstreamError` (answered 502, never charged).
 *
 * @example
 * ```ts ignore
 * const up = new Upstream({ userAgent: "esim-rails/0.1.0 (+https://example.com)", timeoutMs: 8000 });
 * const body = await up.getJson("metar", "https://aviationweather.gov/api/data/metar?ids=EDDB&format=json");
 * ```
 */
import { VERSION } from "../version.ts";

/** Why an upstream call failed; `status` is the upstream's HTTP status when it answered. */
export class UpstreamError extends Error {
  constructor(
    readonly source: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${source}: ${message}`);
    this.name = "UpstreamError";
  }
}

export interface UpstreamOptions {
  userAgent: string;
  timeoutMs: number;
  now?: () => number;
  /** Replaceable for tests of the client itself; defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/** `esim-rails/<version> (+<PUBLIC_URL>)`. */
export function userAgentFor(publicUrl: string): string {
  return `esim-rails/${VERSION} (+${publicUrl})`;
}

/** Seconds from a `Retry-After` header (delta seconds or an HTTP date); 60 when absent. */
function retryAfterMs(header: string | null, now: number): number {
  if (header === null) return 60_000;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? 60_000 : Math.max(0, at - now);
}

export class Upstream {
  #blockedUntil = new Map<string, number>();
  readonly #now: () => number;
  readonly #fetch: typeof fetch;

  constructor(private readonly options: UpstreamOptions) {
    this.#now = options.now ?? Date.now;
    this.#fetch = options.fetch ?? fetch;
  }

  /**
   * GETs `url` and parses JSON. Returns `null` for 204 or an empty body (no data). 404 is an
   * `UpstreamError` with `status` 404 so adapters that expect it (NWS outside the US) can tell.
   */
  async getJson(source: string, url: string, accept = "application/json"): Promise<unknown> {
    const blocked = this.#blockedUntil.get(source);
    if (blocked !== undefined) {
      if (this.#now() < blocked) {
        throw new UpstreamError(
          source,
          "rate limited by the upstream; waiting for Retry-After",
          429,
        );
      }
      this.#blockedUntil.delete(source);
    }
    let res: Response;
    try {
      res = await this.#fetch(url, {
        headers: { "User-Agent": this.options.userAgent, Accept: accept },
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: "follow",
      });
    } catch (err) {
      const timeout = err instanceof DOMException && err.name === "TimeoutError";
      throw new UpstreamError(
        source,
        timeout ? `no answer within ${this.options.timeoutMs} ms` : "unreachable",
      );
    }
    if (res.status === 429) {
      await res.body?.cancel();
      this.#blockedUntil.set(
        source,
        this.#now() + retryAfterMs(res.headers.get("retry-after"), this.#now()),
      );
      throw new UpstreamError(source, "rate limited by the upstream (429)", 429);
    }
    let text: string;
    try {
      text = await res.text();
    } catch {
      throw new UpstreamError(
        source,
        `the answer was cut off or slower than ${this.options.timeoutMs} ms`,
      );
    }
    if (res.status === 204) return null;
    if (!res.ok) throw new UpstreamError(source, `HTTP ${res.status}`, res.status);
    if (text.trim() === "") return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new UpstreamError(source, "the answer is not JSON", res.status);
    }
  }
}
