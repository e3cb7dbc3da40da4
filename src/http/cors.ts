/**
 * CORS for routes that opt in (the free seller-node routes, the paid API for browser
 * wallets). Origin `*`, no credentials: nothing here is authorised by cookies.
 */
import type { CorsPolicy } from "./types.ts";

/** The headers every response of a CORS-enabled route carries (computed once per route). */
export function corsHeaders(policy: CorsPolicy): Record<string, string> {
  const headers: Record<string, string> = { "access-control-allow-origin": "*" };
  if (policy.exposeHeaders?.length) {
    headers["access-control-expose-headers"] = policy.exposeHeaders.join(", ");
  }
  return headers;
}

export function preflight(policy: CorsPolicy, methods: string[]): Response {
  const headers = new Headers({
    "access-control-allow-origin": "*",
    "access-control-allow-methods": [...new Set([...methods, "OPTIONS"])].join(", "),
    "access-control-allow-headers": ["Content-Type", ...(policy.allowHeaders ?? [])].join(", "),
    "access-control-max-age": "600",
  });
  if (policy.exposeHeaders?.length) {
    headers.set("access-control-expose-headers", policy.exposeHeaders.join(", "));
  }
  return new Response(null, { status: 204, headers });
}
