/** The listings of `POST /x402/firewall-scan` and `POST /x402/mcp-diff` (service.ts does the work). */
import type { ServiceListing } from "../api/service.ts";

export const FIREWALL_SCAN: ServiceListing = {
  slug: "firewall-scan",
  priceUsd: "0.001",
  example: {
    tools: [{ name: "get_weather", description: "Current weather for a city", inputSchema: {} }],
  },
  description:
    "Allow/block verdict, score and every finding for an MCP tools/list (deterministic published rules, no network).",
  envelope: "verdict",
};

export const MCP_DIFF: ServiceListing = {
  slug: "mcp-diff",
  priceUsd: "0.003",
  example: {
    old: [{ name: "get_weather", description: "Current weather for a city" }],
    new: [{ name: "get_weather", description: "Current weather for a city, in Celsius" }],
  },
  description:
    "Compares an approved and a current MCP tools/list: unchanged, changed, review or suspicious, with word diffs and flagged signals.",
  envelope: "result",
  capabilityId: "mcp.tools.diff@v1",
};
