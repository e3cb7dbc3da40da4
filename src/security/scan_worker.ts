/**
 * The worker of the scan pool (scan_pool.ts): runs one firewall-scan or mcp-diff at a time for
 * the server's isolate and posts the result back. A scan that runs past its deadline is ended
 * by terminating this worker, which no code in the scan itself can be trusted to do.
 */
import { scanTools, type Tool } from "./scan.ts";
import { diffTools } from "./diff.ts";

/** A job: the tool list(s) to scan or diff, numbered by the pool. */
export type ScanJob =
  | { id: number; kind: "scan"; tools: Tool[] }
  | { id: number; kind: "diff"; old: Tool[]; new: Tool[] };

/** The answer to a job (its result, or the message of what the scan threw), or "rules loaded". */
export type ScanReply = { id: number; value: unknown } | { id: number; error: string } | {
  ready: true;
};

// A worker's global scope; typed locally so this module checks with the rest of the program.
const scope = globalThis as unknown as {
  postMessage(message: ScanReply): void;
  onmessage: ((e: MessageEvent<ScanJob>) => void) | null;
};

scope.onmessage = (e) => {
  const job = e.data;
  try {
    const value = job.kind === "scan" ? scanTools(job.tools) : diffTools(job.old, job.new);
    scope.postMessage({ id: job.id, value });
  } catch (err) {
    scope.postMessage({ id: job.id, error: (err as Error)?.message ?? String(err) });
  }
};
// Loading the rules takes a while (more under a type-checking test runner): the pool starts a
// job's deadline only once this arrives.
scope.postMessage({ ready: true });
