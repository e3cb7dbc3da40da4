/**
 * The paid endpoints of the MCP security area, as `PaidService`s (src/api/service.ts), and the
 * free rule publication.
 *
 * - `POST /x402/firewall-scan` ($0.001): `{tools, server?}` → `{status, service, verdict}`.
 * - `POST /x402/mcp-diff` ($0.003, `mcp.tools.diff@v1`): `{old, new}` →
 *   `{status, service, capability_id, result, receipt}`.
 * - `GET /x402/firewall-rules` (free): `publishedRules()`.
 *
 * @example
 * ```ts
 * import { firewallScanService } from "./service.ts";
 * const input = firewallScanService.parse({ tools: [{ name: "echo" }] });
 * (await firewallScanService.run(input, { url: "", signal: new AbortController().signal, now: new Date() })).allow; // true
 * ```
 */
import type { PaidService } from "../api/service.ts";
import { type DiffInput, LIMITS, parseDiffInput, parseScanInput, type ScanInput } from "./parse.ts";
import { scanTools, type Verdict } from "./scan.ts";
import { type DiffResult, diffTools } from "./diff.ts";
import { RULES } from "./rules.ts";

export const firewallScanService: PaidService<ScanInput, Verdict> = {
  slug: "firewall-scan",
  priceUsd: "0.001",
  example: {
    tools: [{ name: "get_weather", description: "Current weather for a city", inputSchema: {} }],
  },
  description:
    "Allow/block verdict, score and every finding for an MCP tools/list (deterministic published rules, no network).",
  envelope: "verdict",
  parse: parseScanInput,
  run: (input) => scanTools(input.tools),
};

export const mcpDiffService: PaidService<DiffInput, DiffResult> = {
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
  parse: parseDiffInput,
  run: (input) => diffTools(input.old, input.new),
};

/**
 * The JSON served free at `GET /x402/firewall-rules`: version, weights, threshold, the rules
 * and the input limits.
 *
 * @example
 * ```ts
 * import { publishedRules } from "./service.ts";
 * publishedRules().block_threshold; // 0.7
 * ```
 */
export function publishedRules(): Record<string, unknown> {
  return {
    version: RULES.version,
    weights: RULES.weights,
    block_threshold: RULES.block_threshold,
    scoring: RULES.scoring,
    limits: LIMITS,
    well_known_tools: RULES.well_known_tools,
    rules: RULES.rules,
  };
}

/** A ready handler for `GET /x402/firewall-rules` (JSON, cacheable). */
export function firewallRulesHandler(_req: Request): Promise<Response> {
  return Promise.resolve(
    new Response(JSON.stringify(publishedRules()), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "public, max-age=300",
      },
    }),
  );
}
