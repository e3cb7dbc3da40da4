/**
 * Mounting a paid service in the HTTP kernel: one `Route` per `PaidService` at
 * `POST /x402/<slug>`, with the x402 API error surface, CORS for browser wallets
 * (`PAYMENT-REQUIRED`/`PAYMENT-RESPONSE` exposed, payment headers allowed) and the per-payer rate
 * limit (the kernel limits by IP only requests that carry no payment header; the paywall limits
 * by payer once the signature verifies, and by IP a payment header that does not verify).
 *
 * @example
 * ```ts ignore
 * import { paidRoute } from "./route.ts";
 * const routes = [paidRoute(x402CheckService, deps), ...];
 * ```
 */
import type { PaidService } from "../api/service.ts";
import type { Route } from "../http/types.ts";
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS } from "./constants.ts";
import { handlePaid, type PaywallDeps } from "./paywall.ts";

/** The kernel route of a paid service. */
export function paidRoute(service: PaidService, deps: PaywallDeps): Route {
  return {
    method: "POST",
    path: `/x402/${service.slug}`,
    errors: { kind: "api", service: service.slug },
    cors: { exposeHeaders: CORS_EXPOSE_HEADERS, allowHeaders: CORS_ALLOW_HEADERS },
    rateLimit: "payer",
    info: {
      summary: service.description,
      priceUsd: service.priceUsd,
      example: service.example,
      ...(service.needsInternet ? { needsInternet: true } : {}),
    },
    handler: async (ctx) =>
      handlePaid(service, await ctx.json(), ctx.req, {
        ...deps,
        limitPayer: (payer) => ctx.rateLimit(`payer:${payer.toLowerCase()}`),
        limitUnverified: () => ctx.rateLimit(`ip:${ctx.clientIp}`),
        ipRetryAfter: () => ctx.overLimit(`ip:${ctx.clientIp}`),
      }),
  };
}
