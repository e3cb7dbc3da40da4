/**
 * Compares the scanner with an earlier commit in one process: the same verdicts, scores,
 * findings (with discount reasons), offsets and mcp-diff keys on every evaluation case, every
 * real server (alone and all in one list), the unit fixtures, the benchmark's two 500-tool
 * workloads, and both workloads' scans timed alternately old/new (with the JSON round trip of
 * the same tools as baseline). For speed work on the scanner: run it before merging a change
 * that must not change any result.
 *
 * Run: deno run -A bench/_compare_old.ts [<git ref, default main>] [--runs 40]
 */
import { realisticTools, realServerTools } from "./security.ts";
import * as cur from "../src/security/scan.ts";
import * as curDiff from "../src/security/diff.ts";
import { matchSettings as curSettings } from "../src/security/_match.ts";
import type { Tool } from "../src/security/scan.ts";

const ROOT = new URL("../", import.meta.url);
const args = Deno.args.filter((a, i) => !a.startsWith("--") && Deno.args[i - 1] !== "--runs");
const ref = args[0] ?? "main";
const runsArg = Deno.args.indexOf("--runs");
const runs = runsArg >= 0 ? Number(Deno.args[runsArg + 1]) : 40;

// The old tree's src/ in a temporary directory.
const dir = await Deno.makeTempDir({ prefix: "scan_old_" });
try {
  const archive = new Deno.Command("git", {
    args: ["archive", "--format=tar", ref, "src"],
    cwd: ROOT,
    stdout: "piped",
  }).outputSync();
  if (!archive.success) throw new Error(`git archive ${ref} failed`);
  const tar = new Deno.Command("tar", { args: ["-x", "-C", dir], stdin: "piped" }).spawn();
  const w = tar.stdin.getWriter();
  await w.write(archive.stdout);
  await w.close();
  if (!(await tar.status).success) throw new Error("tar failed");
  const old = await import(`file://${dir}/src/security/scan.ts`) as typeof cur;
  const oldDiff = await import(`file://${dir}/src/security/diff.ts`) as typeof curDiff;
  const oldSettings = (await import(`file://${dir}/src/security/_match.ts`))
    .matchSettings as typeof curSettings;

  const readJsonDir = (d: string) =>
    [...Deno.readDirSync(new URL(d, ROOT))].filter((e) => e.name.endsWith(".json"))
      .sort((a, b) => a.name < b.name ? -1 : 1)
      .map((e) => ({
        name: e.name,
        data: JSON.parse(Deno.readTextFileSync(new URL(d + e.name, ROOT))),
      }));
  const lists: { label: string; tools: Tool[] }[] = [];
  for (const { data } of readJsonDir("bench/data/firewall_eval/")) {
    for (const c of data as { id: string; tools: Tool[] }[]) {
      lists.push({ label: c.id, tools: c.tools });
    }
  }
  const servers = readJsonDir("bench/data/mcp_servers/")
    .map(({ name, data }) => ({ label: name, tools: (data as { tools: Tool[] }).tools }));
  lists.push(...servers, { label: "all servers", tools: servers.flatMap((s) => s.tools) });
  const fixtures = readJsonDir("tests/security/fixtures/")
    .map(({ name, data }) => ({ label: name, tools: (data as { tools: Tool[] }).tools }));
  lists.push(...fixtures, { label: "all fixtures", tools: fixtures.flatMap((f) => f.tools) });
  lists.push({ label: "bench 500", tools: realisticTools(500) });
  lists.push({ label: "bench 500 real-server tools", tools: realServerTools(500) });

  const out = (s: typeof cur, tools: Tool[]) => {
    const v = s.scanTools(tools);
    const d = s.scanDetailed(tools, { includeDiffOnly: true });
    return JSON.stringify({ v, items: d.items, truncated: d.truncated });
  };
  let compared = 0;
  const differ: string[] = [];
  // Both with their defaults, and with the prefilter on for every list size.
  for (const gateAll of [false, true]) {
    for (const s of [curSettings, oldSettings]) {
      s.prefilterMinLength = gateAll ? 0 : 16_384;
      s.prefilterBuildAfter = gateAll ? 0 : 1_000_000;
    }
    for (const { label, tools } of lists) {
      compared++;
      if (out(old, tools) !== out(cur, tools)) differ.push(label);
    }
  }
  // mcp-diff of each server against the next one and against itself reworded.
  for (let i = 0; i + 1 < servers.length; i++) {
    compared++;
    const a = servers[i]!.tools;
    const b = servers[i + 1]!.tools;
    const o = JSON.stringify(oldDiff.diffTools(a, [...a.slice(1), ...b]));
    const n = JSON.stringify(curDiff.diffTools(a, [...a.slice(1), ...b]));
    if (o !== n) differ.push(`diff ${servers[i]!.label}`);
  }
  console.log(`compared ${compared} scans and diffs with ${ref}: ${differ.length} differ`);
  for (const d of differ.slice(0, 20)) console.log(`  differs: ${d}`);

  // Timing: old and new alternately, with the JSON round trip, for both workloads.
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (
    const [label, tools, n] of [
      ["500 synthetic tools", realisticTools(500), runs],
      ["500 real-server tools", realServerTools(500), Math.max(5, Math.round(runs / 3))],
    ] as const
  ) {
    const t = { json: [] as number[], old: [] as number[], cur: [] as number[] };
    for (let i = 0; i < 3; i++) old.scanTools(tools), cur.scanTools(tools);
    for (let i = 0; i < n; i++) {
      let a = performance.now();
      JSON.parse(JSON.stringify(tools));
      t.json.push(performance.now() - a);
      a = performance.now();
      old.scanTools(tools);
      t.old.push(performance.now() - a);
      a = performance.now();
      cur.scanTools(tools);
      t.cur.push(performance.now() - a);
    }
    const j = med(t.json);
    const fmt = (who: string, xs: number[]) =>
      console.log(
        `  ${who.padEnd(8)} median ${med(xs).toFixed(2).padStart(7)} ms (${
          (med(xs) / j).toFixed(1)
        }x JSON)  best ${Math.min(...xs).toFixed(2)} ms`,
      );
    console.log(`${label}, ${n} runs alternating; JSON round trip median ${j.toFixed(2)} ms`);
    fmt(ref, t.old);
    fmt("this", t.cur);
    console.log(`  this/${ref}: ${(med(t.cur) / med(t.old)).toFixed(2)} (median)`);
  }
  if (differ.length > 0) Deno.exitCode = 1;
} finally {
  await Deno.remove(dir, { recursive: true });
}
