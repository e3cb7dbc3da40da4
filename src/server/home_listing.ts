/** The shape of `GET /` before src/server/home.ts loads (on the first request to it). */
import type { RouteShape } from "./lazy_routes.ts";

export const HOME_ROUTE: RouteShape = {
  method: "GET",
  path: "/",
  errors: { kind: "node" },
  info: { summary: "This page (HTML; JSON with Accept: application/json)" },
};
