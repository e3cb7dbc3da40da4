/**
 * The route table of `esim-rails serve`. Each area contributes its routes here; the kernel
 * (src/http/app.ts) knows nothing about what the routes do.
 */
import type { Route } from "../http/types.ts";
import type { Services } from "./services.ts";
import { VERSION } from "../version.ts";
import { paymentsConfigured } from "../config/config.ts";
import { VrfKey, vrfKeysListing } from "../random/keys.ts";
import { createFairRandomService } from "../random/service.ts";
import { paidRoute, x402CheckService } from "../x402/mod.ts";
import type { PaidService } from "../api/service.ts";
import { firewallScanService, mcpDiffService, publishedRules } from "../security/mod.ts";
import { sellerNodeRoutes } from "../node/routes.ts";

const NODE = { kind: "node" } as const;
const PUBLIC_CORS = { exposeHeaders: [] as string[] };

export function buildRoutes(services: Services): Route[] {
  const { config } = services;
  const started = Date.now();
  const vrfKey = new VrfKey(config.vrfSecret);
  const keys = {
    signer: config.signer.publicJwk(),
    ...vrfKeysListing(vrfKey, config.vrfRetired),
  };
  // Every paid /x402/* endpoint: the paywall wraps each (402 terms, verify, claim, settle).
  const paid: PaidService[] = [
    createFairRandomService(vrfKey) as PaidService,
    x402CheckService as PaidService,
    firewallScanService as PaidService,
    mcpDiffService as PaidService,
  ];
  const firewallRules = publishedRules();

  return [
    {
      method: "GET",
      path: "/healthz",
      errors: NODE,
      handler: async (ctx) => {
        // The store answers, or the node cannot serve what needs it (DESIGN.md §13).
        const store = await services.store.ping().then(() => "ok", () => "unavailable");
        return ctx.send({
          status: store === "ok" ? "ok" : "degraded",
          version: VERSION,
          uptime_s: Math.floor((Date.now() - started) / 1000),
          payments_configured: paymentsConfigured(config),
          demo_mode: config.demoMode,
          store,
        }, { status: store === "ok" ? 200 : 503, headers: { "cache-control": "no-store" } });
      },
    },
    {
      method: "GET",
      path: "/x402/keys",
      errors: { kind: "api", service: "keys" },
      cors: PUBLIC_CORS,
      handler: (ctx) => ctx.send(keys),
    },
    {
      method: "GET",
      path: "/x402/firewall-rules",
      errors: { kind: "api", service: "firewall-rules" },
      cors: PUBLIC_CORS,
      handler: (ctx) => ctx.send(firewallRules),
    },
    ...paid.map((service) => paidRoute(service, services.paywall)),
    ...sellerNodeRoutes(services.node, services.paywall),
  ];
}
