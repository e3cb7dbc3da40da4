/**
 * Serves the reference seller node and some broken variants in one process for tests outside
 * Deno (the Node 20 test of the built SDK's `runConformance`): prints one JSON line
 * `{<breakage>: <url>, ...}` and serves until SIGTERM or SIGINT, then closes them and exits 0.
 *
 * Usage: `deno run -A tests/check/serve_nodes.ts`
 */
import { type Breakage, startNode } from "./_nodes.ts";

const KINDS: Breakage[] = ["none", "bad_signature", "wrong_amount", "demo"];
const nodes = KINDS.map((k) => [k, startNode(k)] as const);
console.log(JSON.stringify(Object.fromEntries(nodes.map(([k, n]) => [k, n.url]))));

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all(nodes.map(([, n]) => n.close()));
  Deno.exit(0);
}
Deno.addSignalListener("SIGTERM", stop);
Deno.addSignalListener("SIGINT", stop);
