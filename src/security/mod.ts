/**
 * Public surface of the MCP security area: firewall-scan, mcp-diff, the rules and the paid
 * services.
 *
 * @example
 * ```ts
 * import { scanTools } from "./mod.ts";
 * scanTools([{ name: "echo", description: "Echoes the input." }]).allow; // true
 * ```
 */
export { type Finding, type ScanOptions, scanTools, type Tool, type Verdict } from "./scan.ts";
export { type DiffResult, diffTools, type DiffVerdict } from "./diff.ts";
export { type Rule, RULES } from "./rules.ts";
export { LIMITS, parseDiffInput, parseScanInput, parseToolSide } from "./parse.ts";
export {
  firewallRulesHandler,
  firewallScanService,
  mcpDiffService,
  publishedRules,
} from "./service.ts";
