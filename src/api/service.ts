/**
 * The contract between a paid `/x402/*` endpoint and the machinery around it (body parsing,
 * rate limit, paywall, receipt, envelope). An endpoint module exports one `PaidService`;
 * it never sees payment headers and never builds the envelope itself.
 *
 * Order of work for a request (decided in DESIGN.md §2/§4, written down here):
 * parse JSON body (413/400) → `parse` (400 names the field, nothing charged) → no payment?
 * 402 with terms → verify + claim payment → `run` → only a returned result is settled →
 * 200 `{status:"ok", service, ...envelope}`; a thrown `HttpError` (400/502) releases the claim.
 */
export interface ServiceContext {
  /** Absolute URL of the resource being paid for. */
  url: string;
  /** Aborted when the client goes away or the server shuts down. */
  signal: AbortSignal;
  /** Request time, injectable for tests. */
  now: Date;
}

/**
 * What the route table, the 402 terms and `GET /` need to know of a paid service without loading
 * it: a service module spreads its listing (a small module of its own) into the `PaidService`,
 * so the server can mount the route at start and load the work on the first request.
 */
export type ServiceListing = Pick<
  PaidService,
  "slug" | "priceUsd" | "description" | "example" | "needsInternet" | "envelope" | "capabilityId"
>;

export interface PaidService<I = unknown, R = unknown> {
  /** Endpoint slug: the path is `/x402/<slug>`. */
  slug: string;
  /** Fixed price in USD as a decimal string, e.g. `"0.001"`. */
  priceUsd: string;
  /** One-line description for the 402 `resource.description`. */
  description: string;
  /**
   * A request body that works as is: shown on `GET /` and printed by `esim-rails dev` as a
   * ready-to-run `esim-rails call` (a test runs each one).
   */
  example?: unknown;
  /**
   * True when the work calls public services on the internet (live data): the local sandbox
   * lists such examples apart, since they need a network it may not have.
   */
  needsInternet?: boolean;
  /**
   * How the result is placed in the 200 body: `"result"` gives
   * `{status, service, capability_id, result, receipt}`; `"check"` / `"verdict"` give
   * `{status, service, check}` / `{status, service, verdict}` with no receipt (spec §4).
   */
  envelope: "result" | "check" | "verdict";
  /** Required when `envelope` is `"result"`. */
  capabilityId?: string;
  /** Validates the parsed JSON body; throws `HttpError` 400 naming the field. Pure. */
  parse(body: unknown): I;
  /**
   * Optional checks of the parsed input that need data loaded on first use (the city
   * gazetteer); like `parse` it runs before any payment is asked and throws 400 naming the
   * field. Never calls an upstream.
   */
  prepare?(input: I): Promise<I>;
  /** Does the work. Throws `HttpError` 502 `upstream_failed` when an upstream fails. */
  run(input: I, ctx: ServiceContext): Promise<R> | R;
}
