/**
 * Mounting a paid service in the HTTP kernel: one `Route` per `PaidService` at
 * `POST /x402/<slug>`, with the x402 API error surface, CORS for browser wallets
 * (`PAYMENT-REQUIRED`/`PAYMENT-RESPONSE` exposed, payment headers allowed) and the per-payer rate
 * limit (the kernel limits by IP only requests that carry no payment header; the paywall limits
 * by payer once the signature verifies, and by IP a payment header that does not verify).
 *
 * @example
 * ```ts ignore
 * import { lazyPaidRoute, paidRoute } from "./route.ts";
 * const routes = [
 *   paidRoute(x402CheckService, deps),
 *   lazyPaidRoute(X402_CHECK, async () => (await import("./check_service.ts")).x402CheckService, deps),
 * ];
 * ```
 */
import type { PaidService, ServiceListing } from "../api/service.ts";
import type { Route } from "../http/types.ts";
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from "./constants.ts";
import { answerPaid, type PaywallDeps } from "./paywall.ts";
import { ed25519Loaded, loadEd25519 } from "../crypto/ed25519_core.ts";

/** The kernel route of a paid service. */
export function paidRoute(service: PaidService, deps: PaywallDeps): Route {
  return routeOf(service, deps, () => service);
}

/**
 * The kernel route of a paid service whose module loads on its first request: the route, its
 * listing on `GET /` and its place in the table exist from the start; `load` runs once (requests
 * arriving while it runs wait for the same load; a failed load is tried again by the next one).
 */
export function lazyPaidRoute(
  listing: ServiceListing,
  load: () => Promise<PaidService>,
  deps: PaywallDeps,
): Route {
  let service: PaidService | undefined;
  let loading: Promise<PaidService> | undefined;
  const get = () =>
    loading ??= load().then((s) => {
      if (s.slug !== listing.slug) {
        throw new Error(`service '${s.slug}' loaded for the route of '${listing.slug}'`);
      }
      return service = s;
    }, (err) => {
      loading = undefined;
      throw err;
    });
  return routeOf(listing, deps, () => service ?? get());
}

function routeOf(
  listing: ServiceListing,
  deps: PaywallDeps,
  service: () => PaidService | Promise<PaidService>,
): Route {
  return {
    method: "POST",
    path: `/x402/${listing.slug}`,
    errors: { kind: "api", service: listing.slug },
    cors: { exposeHeaders: CORS_EXPOSE_HEADERS, allowHeaders: CORS_ALLOW_HEADERS },
    rateLimit: "payer",
    info: {
      summary: listing.description,
      priceUsd: listing.priceUsd,
      example: listing.example,
      ...(listing.needsInternet ? { needsInternet: true } : {}),
    },
    handler: (ctx) => {
      // No async function and no per-request hooks: a loaded service's unpaid call is answered
      // as soon as its body is read (`answerPaid` returns the 402 without a promise). Receipts
      // are signed synchronously: the Ed25519 engine loads with the first paid request.
      const s = service();
      if (s instanceof Promise || !ed25519Loaded()) {
        return Promise.all([s, loadEd25519()]).then(([loaded]) =>
          ctx.json().then((body) => answerPaid(loaded, body, ctx.req, deps, ctx))
        );
      }
      return ctx.json().then((body) => answerPaid(s, body, ctx.req, deps, ctx));
    },
  };
}
