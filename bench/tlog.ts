/**
 * Benchmark of the transparency log on Deno KV: append throughput up to `--leaves` observations
 * (default 100,000), transparency-check latency at that size (p50/p95 over `--checks` random
 * servers, each with `--per-server` observations and a few tool-set changes), and inclusion
 * proof sizes against log2(n). Ratios are against baselines measured in the same run: one raw
 * `kv.set` of the same leaf bytes per append, one `kv.get` per check.
 *
 * Run: deno run -A --unstable-kv bench/tlog.ts [--leaves 100000] [--checks 300] [--per-server 100]
 */
import { parseArgs } from "node:util";
import { Store } from "../src/store/kv.ts";
import { KvTlogStore } from "../src/store/kv/tlog.ts";
import { Ed25519Signer } from "../src/crypto/ed25519.ts";
import { TransparencyLog } from "../src/tlog/log.ts";
import { failedObservation, leafBytes } from "../src/tlog/observation.ts";
import { okObservation } from "../src/tlog/ok_observation.ts";
import type { Observation } from "../src/tlog/observation.ts";
import { checkTarget } from "../src/tlog/check.ts";
import { realisticTools } from "./security.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    leaves: { type: "string", default: "100000" },
    checks: { type: "string", default: "300" },
    "per-server": { type: "string", default: "100" },
  },
});
const LEAVES = Number(values.leaves);
const CHECKS = Number(values.checks);
const PER_SERVER = Number(values["per-server"]);
const SERVERS = Math.max(1, Math.floor(LEAVES / PER_SERVER));

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}

// Two tool sets (a server "changes" every 25 crawls) of 20 realistic tools, scanned once.
const setA = realisticTools(20, 0);
const setB = realisticTools(20, 1);
const templates = [setA, setB].map((tools) =>
  okObservation({ name: "x/x", endpoint: "https://x.example/mcp" }, "", tools)
);

function observationFor(i: number): Observation {
  const server = i % SERVERS;
  const crawlNo = Math.floor(i / SERVERS);
  const at = new Date(Date.UTC(2026, 0, 1) + crawlNo * 6 * 3600_000).toISOString();
  const target = { name: `io.bench/server-${server}`, endpoint: `https://s${server}.example/mcp` };
  if (server % 10 === 9) return failedObservation(target, at, "unreachable");
  const t = templates[Math.floor(crawlNo / 25) % 2]!;
  return { ...t, target, observed_at: at };
}

const store = await Store.open(":memory:");
const log = new TransparencyLog(new KvTlogStore(store), Ed25519Signer.generate(), "bench/mcp-log");

// Baseline: raw KV writes of the same leaf bytes.
const baseN = Math.min(LEAVES, 5000);
let t0 = performance.now();
for (let i = 0; i < baseN; i++) await store.kv.set(["bench", i], leafBytes(observationFor(i)));
const baseRate = baseN / ((performance.now() - t0) / 1000);

// One observation per append (the CLI's `log observe`)...
const SINGLE = Math.min(LEAVES, 5000);
t0 = performance.now();
for (let i = 0; i < SINGLE; i++) await log.append(observationFor(i));
const singleRate = SINGLE / ((performance.now() - t0) / 1000);
// ...and in batches of 64, as a crawl appends what its workers observed.
t0 = performance.now();
let lastReport = t0;
for (let i = SINGLE; i < LEAVES; i += 64) {
  const n = Math.min(64, LEAVES - i);
  await log.appendMany(
    Array.from({ length: n }, (_, k) => ({ observation: observationFor(i + k) })),
  );
  if (performance.now() - lastReport > 5000) {
    console.error(`  appended ${i + n}/${LEAVES}`);
    lastReport = performance.now();
  }
}
const batchSec = (performance.now() - t0) / 1000;
const batchRate = (LEAVES - SINGLE) / batchSec;
await log.checkpoint();

// Check latency at full size, vs a single kv.get.
const now = new Date();
const times: number[] = [];
const base: number[] = [];
for (let i = 0; i < CHECKS; i++) {
  const server = (i * 7919) % SERVERS;
  let s = performance.now();
  await store.kv.get(["tlog", "size"]);
  base.push(performance.now() - s);
  s = performance.now();
  const r = await checkTarget(log, { name: `io.bench/server-${server}` }, now);
  times.push(performance.now() - s);
  if (r.match === "not_found") throw new Error("bench: a logged server was not found");
}

// Proof sizes.
const sizes: string[] = [];
for (const n of [1_000, 10_000, 100_000, 1_000_000].filter((n) => n <= LEAVES)) {
  const p = await log.inclusion(Math.floor(n / 3), n);
  sizes.push(`n=${n}: ${p.length} hashes (log2 n = ${Math.log2(n).toFixed(1)})`);
}
const p = await log.inclusion(LEAVES - 1, LEAVES);
sizes.push(`n=${LEAVES} (newest leaf): ${p.length} hashes`);

console.log(`transparency log, ${LEAVES} leaves, ${SERVERS} servers x ${PER_SERVER} observations`);
console.log(
  `  append: ${singleRate.toFixed(0)} observations/s one at a time, ${
    batchRate.toFixed(0)
  }/s in batches of 64; raw kv.set baseline ${baseRate.toFixed(0)}/s; ratios ${
    (singleRate / baseRate).toFixed(2)
  } and ${(batchRate / baseRate).toFixed(2)}`,
);
console.log(
  `  check:  p50 ${pct(times, 0.5).toFixed(2)} ms, p95 ${
    pct(times, 0.95).toFixed(2)
  } ms over ${CHECKS}; kv.get baseline p50 ${pct(base, 0.5).toFixed(3)} ms; ratio ${
    (pct(times, 0.5) / pct(base, 0.5)).toFixed(0)
  }x`,
);
console.log(`  inclusion proofs: ${sizes.join("; ")}`);
store.close();
