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
import { INTENT_MODEL } from "./intent/model.ts";
import { WINDOW_SENTENCES } from "./intent/features.ts";
import { NEVER_LIFTED } from "./intent/veto.ts";
import { FIREWALL_SCAN, MCP_DIFF } from "./listing.ts";
import { boundedRun } from "./scan_pool.ts";

export const firewallScanService: PaidService<ScanInput, Verdict> = {
  ...FIREWALL_SCAN,
  parse: parseScanInput,
  // Large inputs scan in a worker with a deadline (scan_pool.ts): never a stalled server.
  run: (input) => boundedRun({ kind: "scan", tools: input.tools }, () => scanTools(input.tools)),
};

export const mcpDiffService: PaidService<DiffInput, DiffResult> = {
  ...MCP_DIFF,
  parse: parseDiffInput,
  run: (input) =>
    boundedRun(
      { kind: "diff", old: input.old, new: input.new },
      () => diffTools(input.old, input.new),
    ),
};

/**
 * The JSON served free at `GET /x402/firewall-rules`: version, weights, threshold, the rules,
 * the input limits and the intent model (its weights and thresholds).
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
    intent_model: {
      ...INTENT_MODEL,
      // What the veto reads and what it never lifts are code, published next to its weights.
      veto: INTENT_MODEL.veto && {
        ...INTENT_MODEL.veto,
        window_sentences: WINDOW_SENTENCES,
        never_lifted: NEVER_LIFTED,
      },
    },
  };
}

let rulesBody: string | undefined;

/** A ready handler for `GET /x402/firewall-rules` (JSON, cacheable). */
export function firewallRulesHandler(_req: Request): Promise<Response> {
  return Promise.resolve(
    // Built once: the document is fixed for the life of the process and a few hundred KB.
    new Response(rulesBody ??= JSON.stringify(publishedRules()), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "public, max-age=300",
      },
    }),
  );
}
