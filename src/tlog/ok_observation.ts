/**
 * `ok` observations (DESIGN.md §11): the tool set of a server that answered, with its hashes and
 * the firewall-scan summary (the scan rules load with this module, when a server is observed).
 *
 * @example
 * ```ts
 * import { okObservation } from "./ok_observation.ts";
 * const o = okObservation({ name: "io.example/echo" }, "2026-01-01T00:00:00.000Z", [{ name: "echo" }]);
 * o.tools?.length; // 1
 * ```
 */
import { canonicalSha256 } from "../crypto/hash.ts";
import { scanTools, type Tool, type Verdict } from "../security/scan.ts";
import {
  cleanTarget,
  type Observation,
  type RegistryInfo,
  type ScanSummary,
  sortTools,
  type Target,
} from "./observation.ts";

/** The firewall-scan summary of a tool set: rules version, verdict, score, counts per category. */
export function scanSummary(tools: readonly Tool[]): ScanSummary {
  return summarize(scanTools(tools as Tool[]));
}

/** The summary of a verdict already computed (the server scans large sets in its scan pool). */
export function summarize(v: Verdict): ScanSummary {
  const categories: Record<string, number> = {};
  for (const f of v.findings) categories[f.category] = (categories[f.category] ?? 0) + 1;
  return { rules_version: v.rules_version, allow: v.allow, score: v.score, categories };
}

/** An `ok` observation of a tool set. */
export function okObservation(
  target: Target,
  observedAt: string,
  tools: readonly Tool[],
  extra: {
    server_info?: { name: string; version: string };
    registry?: RegistryInfo;
    /** The summary of the sorted tool set, when the caller has scanned it already. */
    scan?: ScanSummary;
  } = {},
): Observation {
  const sorted = sortTools(tools);
  const o: Observation = {
    type: "log.observation/v1",
    target: cleanTarget(target),
    observed_at: observedAt,
    outcome: "ok",
    tools_sha256: canonicalSha256(sorted),
    tools: sorted.map((t) => ({ name: t.name, sha256: canonicalSha256(t) })),
    scan: extra.scan ?? scanSummary(sorted),
  };
  if (extra.server_info) o.server_info = extra.server_info;
  if (extra.registry) o.registry = extra.registry;
  return o;
}
