/**
 * The seller node's routes as the kernel sees them before their module loads (method, path,
 * error surface, CORS, rate limit, listing on `GET /`): `src/node/routes.ts` adds the handlers
 * to exactly these, and `serve` mounts them lazily (src/server/lazy_routes.ts).
 */
import type { RouteShape } from "../server/lazy_routes.ts";
import { SIGNATURE_HEADER } from "../../rails/node/signature_header.ts";

const NODE = { kind: "node" } as const;
const FREE_CORS = { exposeHeaders: [SIGNATURE_HEADER] };

const free = (method: "GET" | "POST", path: string, info?: RouteShape["info"]): RouteShape => ({
  method,
  path,
  errors: NODE,
  cors: FREE_CORS,
  info,
});

export const SELLER_NODE_ROUTES: readonly RouteShape[] = [
  free("POST", "/quote", {
    summary: "eSIM offers for a country, cheapest first, signed (free)",
    example: { country: "DE" },
  }),
  free("POST", "/quote/invoke"),
  free("POST", "/status", {
    summary: "State of an order, with its status token (free)",
    example: { order_id: "<order_id>", status_token: "<status_token>" },
  }),
  free("POST", "/status/invoke"),
  free("GET", "/listing.json", {
    summary: "The listing: capabilities, schemas, order URL, x402 terms, public key (free)",
  }),
  {
    method: "POST",
    path: "/order",
    errors: NODE,
    rateLimit: "payer",
    info: {
      summary: "Buys the eSIM of an offer from /quote, paid with x402 (USDC)",
      priceUsd: "from quote",
      example: { offer_id: "<offer_id from /quote>" },
    },
  },
];
