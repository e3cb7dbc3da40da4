/**
 * The route table of `esim-rails serve`. Each area contributes its routes here; the kernel
 * (src/http/app.ts) knows nothing about what the routes do.
 */
import type { Route } from "../http/types.ts";
import type { Services } from "./services.ts";
import { VERSION } from "../version.ts";
import { paymentsConfigured } from "../config/config.ts";
import { lazyPaidRoute } from "../x402/route.ts";
import type { PaidService, ServiceListing } from "../api/service.ts";
import { FAIR_RANDOM, vrfKeysListing } from "../random/listing.ts";
import { SUITE_TAI } from "../random/suites.ts";
import { Ed25519Signer } from "../crypto/ed25519_core.ts";
import { X402_CHECK } from "../x402/check_listing.ts";
import { FIREWALL_SCAN, MCP_DIFF } from "../security/listing.ts";
import { LIVE_DATA } from "../sensors/listing.ts";
import { SELLER_NODE_ROUTES } from "../node/route_table.ts";
import { LOG_ROUTES, TRANSPARENCY_CHECK } from "../tlog/listing.ts";
import { HOME_ROUTE } from "./home_listing.ts";
import { lazyRoutes } from "./lazy_routes.ts";

const NODE = { kind: "node" } as const;
const PUBLIC_CORS = { exposeHeaders: [] as string[] };

export function buildRoutes(services: Services): Route[] {
  const { config } = services;
  const started = Date.now();
  // The ECVRF public key is the Ed25519 one of the same secret (derived natively at start); the
  // prover itself loads with fair-random.
  const vrfPublicKey = new Ed25519Signer(config.vrfSecret).publicKey;
  const keys = {
    signer: config.signer.publicJwk(),
    ...vrfKeysListing({ publicKey: vrfPublicKey, suite: SUITE_TAI }, config.vrfRetired),
    log: services.tlog.keyListing(),
  };
  // Fixed for the life of the process: serialised once, not per request.
  const keysJson = JSON.stringify(keys);
  // Every paid /x402/* endpoint: the paywall wraps each (402 terms, verify, claim, settle). The
  // route and its listing exist from the start; a service's module (its parsing and its work:
  // ECVRF, the security rules, the live-data engine...) loads on its first request, so start
  // time and idle memory do not pay for endpoints nobody calls (static specifiers, so
  // `deno compile` still embeds them).
  const once = <T>(load: () => Promise<T>) => {
    let p: Promise<T> | undefined;
    return () =>
      p ??= load().catch((err) => {
        p = undefined;
        throw err;
      });
  };
  const liveData = once(async () => {
    const { LiveData, liveDataServices, userAgentFor } = await import("../sensors/mod.ts");
    return liveDataServices(
      new LiveData(config.sensors, {
        userAgent: userAgentFor(config.publicUrl),
        now: services.now,
      }),
    );
  });
  const security = once(async () => {
    const [service, pool] = await Promise.all([
      import("../security/service.ts"),
      import("../security/scan_pool.ts"),
    ]);
    // Large scans run in workers with this deadline (SCAN_TIMEOUT_MS).
    pool.configureScanPool({ deadlineMs: config.scanTimeoutMs });
    return service;
  });
  const tlogService = once(() => import("../tlog/service.ts"));
  // Serialised once: the rules are the largest answer the server gives, and never change.
  const firewallRules = once(async () => JSON.stringify((await security()).publishedRules()));
  const lazy: [ServiceListing, () => Promise<PaidService>][] = [
    [
      FAIR_RANDOM,
      async () => {
        const [{ createFairRandomService }, { VrfKey }] = await Promise.all([
          import("../random/service.ts"),
          import("../random/keys.ts"),
        ]);
        return createFairRandomService(new VrfKey(config.vrfSecret)) as PaidService;
      },
    ],
    [
      X402_CHECK,
      async () => (await import("../x402/check_service.ts")).x402CheckService as PaidService,
    ],
    [FIREWALL_SCAN, async () => (await security()).firewallScanService as PaidService],
    [MCP_DIFF, async () => (await security()).mcpDiffService as PaidService],
    ...LIVE_DATA.map((listing): [ServiceListing, () => Promise<PaidService>] => [
      listing,
      async () => (await liveData()).find((s) => s.slug === listing.slug)!,
    ]),
    [
      TRANSPARENCY_CHECK,
      async () =>
        (await tlogService()).transparencyCheckService(services.tlog, {
          allowPrivate: config.tlog.allowPrivate,
        }) as PaidService,
    ],
  ];
  const paid = lazy.map(([listing, load]) => lazyPaidRoute(listing, load, services.paywall));

  // Health requests that arrive while a ping is in flight share it: a flood of probes costs one
  // store round trip at a time, and every answer reflects a ping that started after it arrived
  // or was already running.
  let pinging: Promise<"ok" | "unavailable"> | undefined;
  const storeHealth = () =>
    pinging ??= services.store.ping().then(() => "ok" as const, () => "unavailable" as const)
      .finally(() => pinging = undefined);
  const routes: Route[] = [
    {
      method: "GET",
      path: "/healthz",
      errors: NODE,
      info: { summary: "Liveness: version, uptime, whether payments are configured, store status" },
      handler: async (ctx) => {
        // The store answers, or the node cannot serve what needs it (DESIGN.md §13).
        const store = await storeHealth();
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
      info: { summary: "Public keys: Ed25519 signer of receipts and answers, ECVRF key" },
      cors: PUBLIC_CORS,
      handler: (ctx) => ctx.sendJsonText(keysJson),
    },
    {
      method: "GET",
      path: "/x402/firewall-rules",
      errors: { kind: "api", service: "firewall-rules" },
      info: { summary: "The published firewall-scan rules, weights and limits (free)" },
      cors: PUBLIC_CORS,
      handler: async (ctx) => ctx.sendJsonText(await firewallRules()),
    },
    ...paid.map((route) => ({
      ...route,
      maxBodyBytes: bodyLimit(
        route.path.slice("/x402/".length),
        config.maxBodyBytes,
        config.maxSmallBodyBytes,
      ),
    })),
    // The log's free routes and the seller node's (quotes, status, listing, orders) load their
    // module on their first request, like the paid services: the shapes the kernel needs
    // (method, path, errors, CORS, rate limit, listing) are there from the start. The seller
    // node itself (its order store and flow, the resume of unfinished orders) starts at boot.
    ...lazyRoutes(
      LOG_ROUTES,
      async () => (await tlogService()).logRoutes(services.tlog),
    ),
    // Orders, quotes, status and the shop's forms are a few fields each.
    ...[
      ...lazyRoutes(
        SELLER_NODE_ROUTES,
        async () =>
          (await import("../node/routes.ts")).sellerNodeRoutes(services.node, services.paywall),
      ),
      ...(services.shop?.routes ?? []),
    ].map((route) => ({ ...route, maxBodyBytes: config.maxSmallBodyBytes })),
  ];
  // GET / describes every route above (read on its first request, so routes added to this
  // table later appear too). With the storefront on, browsers land on the shop; JSON clients
  // still get the description.
  routes.push(
    ...lazyRoutes([HOME_ROUTE], async () => [
      (await import("./home.ts")).homeRoute(
        () => routes,
        services,
        services.shop ? { redirectTo: "/shop/" } : {},
      ),
    ]),
  );
  return routes;
}

/**
 * Body limits sized for each input: the tool-list services take up to 500 tools per list
 * (`MAX_BODY_BYTES`, twice that for mcp-diff's two lists); everything else is a few fields
 * (`MAX_SMALL_BODY_BYTES`), so a junk body is refused before it costs parse time.
 */
export function bodyLimit(slug: string, large: number, small: number): number {
  if (slug === "firewall-scan") return large;
  if (slug === "mcp-diff") return 2 * large;
  return small;
}
