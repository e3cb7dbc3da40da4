/**
 * The scan pool's cost and what it buys: 500 real-server tools (~840 KB of JSON) scanned in place
 * and in the pool's worker (paired, same run: the ratio is the worker round trip's cost), and the
 * longest stall of the server's thread (a 1 ms interval's worst gap) during each.
 *
 *   deno run -A bench/scan_pool.ts [--runs 5]
 */
import { ScanPool } from "../src/security/scan_pool.ts";
import { scanTools, type Tool } from "../src/security/scan.ts";
const dir = new URL("./data/mcp_servers/", import.meta.url);
const tools: Tool[] = [];
for (const e of [...Deno.readDirSync(dir)].sort((a, b) => a.name < b.name ? -1 : 1)) {
  const d = JSON.parse(Deno.readTextFileSync(new URL(e.name, dir)));
  for (const t of d.tools) {
    if (tools.length < 500) tools.push({ ...t, name: `${tools.length}_${t.name}` });
  }
}
console.log("tools", tools.length, "json", JSON.stringify(tools).length);
const pool = new ScanPool({ size: 1, deadlineMs: 120_000 });
await pool.run({ kind: "scan", tools });
await pool.run({ kind: "scan", tools });
for (let i = 0; i < 3; i++) scanTools(tools);
const at = Deno.args.indexOf("--runs");
const N = at >= 0 ? Number(Deno.args[at + 1]) : 5;
let a = 0, b = 0;
for (let i = 0; i < N; i++) {
  let t = performance.now();
  scanTools(tools);
  a += performance.now() - t;
  t = performance.now();
  await pool.run({ kind: "scan", tools });
  b += performance.now() - t;
}
console.log(
  `inline ${(a / N).toFixed(1)} ms, worker ${(b / N).toFixed(1)} ms, ratio ${(b / a).toFixed(2)}`,
);
// Main-thread stall: longest gap of a 1 ms interval while a worker scan runs vs inline.
async function maxGap(run: () => Promise<unknown>) {
  let last = performance.now(), gap = 0;
  const id = setInterval(() => {
    const n = performance.now();
    gap = Math.max(gap, n - last);
    last = n;
  }, 1);
  await new Promise((r) => setTimeout(r, 5));
  await run();
  await new Promise((r) => setTimeout(r, 5));
  clearInterval(id);
  return gap;
}
console.log(
  `longest main-thread stall: inline ${
    (await maxGap(() => Promise.resolve(scanTools(tools)))).toFixed(1)
  } ms, worker ${(await maxGap(() => pool.run({ kind: "scan", tools }))).toFixed(1)} ms`,
);
pool.close();
