/**
 * The crawler's scan inside `serve`: large tool sets run in the security scan pool
 * (src/security/scan_pool.ts) with `SCAN_TIMEOUT_MS`, so a registry server's tool list, however
 * shaped, cannot stall the node's thread. The CLI's crawl scans in place (its own process).
 */
import { boundedRun, configureScanPool } from "../security/scan_pool.ts";
import { scanTools, type Verdict } from "../security/scan.ts";
import { summarize } from "./ok_observation.ts";
import type { ScanSet } from "./crawler.ts";

/** A `ScanSet` over the shared scan pool, set up with this deadline. */
export function pooledScan(deadlineMs: number): ScanSet {
  configureScanPool({ deadlineMs });
  return async (tools) =>
    summarize(await boundedRun<Verdict>({ kind: "scan", tools }, () => scanTools(tools)));
}
