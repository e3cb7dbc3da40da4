/**
 * The transparency log's routes as listed before their module loads: the listing of
 * `POST /x402/transparency-check` and the shapes of the free log routes (src/tlog/service.ts
 * does the work; `serve` loads it on the first request to any of them).
 */
import type { ServiceListing } from "../api/service.ts";
import type { RouteShape } from "../server/lazy_routes.ts";

export const TRANSPARENCY_CHECK: ServiceListing = {
  slug: "transparency-check",
  priceUsd: "0.001",
  description:
    "Signed record of an MCP server from the transparency log: first and last seen, tool-set changes, scan summary, inclusion proof. Never contacts the server.",
  envelope: "check",
  example: { name: "io.github.example/weather" },
};

const LOG = { kind: "api", service: "log" } as const;
const CORS = { exposeHeaders: [] as string[] };

/** `GET /x402/log/checkpoint` and `GET /x402/log/consistency` (free, no listing). */
export const LOG_ROUTES: readonly RouteShape[] = [
  { method: "GET", path: "/x402/log/checkpoint", errors: LOG, cors: CORS },
  { method: "GET", path: "/x402/log/consistency", errors: LOG, cors: CORS },
];
