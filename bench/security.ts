/**
 * Benchmark of the MCP security area: firewall-scan of 500 realistic tools and mcp-diff of
 * 500 against 500 tools with 10% changed. Prints median latency over repeated runs, tools per
 * second, and the ratio against a baseline measured in the same run (JSON.stringify +
 * JSON.parse of the same 500 tools), so numbers compare across machines.
 *
 * Two scan workloads: the synthetic tools below (short descriptions, four small parameters)
 * and 500 tools taken from the real servers' dumps (bench/data/mcp_servers/, long descriptions
 * and large schemas), each with its own JSON round trip as baseline.
 *
 * The scan is also timed with the text rules' keyword prefilter off (every rule a full pass
 * over the corpus), alternating with the normal scan in the same run, and the ratio printed.
 * `--profile` prints, for both workloads, the scan's phases and the text rules that cost the
 * most per scan (milliseconds, prefilter on), so the cost of new rules shows up.
 *
 * Run: deno run -A bench/security.ts [--runs 30] [--profile]
 */
import { matchSettings, matchText, prefilterCoverage } from "../src/security/_match.ts";
import { scanTools } from "../src/security/scan.ts";
import { diffTools } from "../src/security/diff.ts";
import type { Tool } from "../src/security/scan.ts";
import { buildCorpus, locate } from "../src/security/_corpus.ts";
import { collectStrings, withWalkMemo } from "../src/security/_walk.ts";
import { scanBase64 } from "../src/security/_base64.ts";
import { scanNames } from "../src/security/_names.ts";
import { scanPurpose } from "../src/security/purpose.ts";
import { fitDiscounts } from "../src/security/fit.ts";
import { Collector } from "../src/security/_collector.ts";
import { scanDecoders } from "../src/security/_decoders.ts";
import { scanLeetAndGloss } from "../src/security/_decoders_more.ts";
import { scanSchemaSteer } from "../src/security/_steer.ts";
import { scanActions } from "../src/security/_action.ts";
import { scanShadow } from "../src/security/_shadow.ts";
import { scanSchemaAnnotations } from "../src/security/_schema_annotations.ts";
import { scanExfil } from "../src/security/_exfil_prose.ts";
import { scanSteerPeers } from "../src/security/_steer_peers.ts";
import { scanSteerChoice } from "../src/security/_steer_choice.ts";
import { scanAuthority } from "../src/security/_authority.ts";
import { scanOverrideFrame } from "../src/security/_override_frame.ts";
import { scanLeak } from "../src/security/_leak.ts";
import { scanSideChannel } from "../src/security/_side_channel.ts";
import { scanTurnedAgainstUser } from "../src/security/_turned_against_user.ts";
import { scanDataHarvest } from "../src/security/_data_harvest.ts";
import { precisionDiscounts } from "../src/security/_precision.ts";

const VERBS = ["get", "list", "create", "update", "delete", "search", "read", "write", "sync"];
const NOUNS = [
  "issue",
  "comment",
  "file",
  "branch",
  "invoice",
  "customer",
  "calendar_event",
  "message",
  "ticket",
  "dashboard",
  "metric",
  "record",
];
const SENTENCES = [
  "Returns the matching records as JSON, newest first.",
  "Only works within the directories the server was started with.",
  "Use the cursor from the previous page to continue a listing.",
  "Fails with a clear error message when the item does not exist.",
  "The result includes the identifier, the creation time and the owner.",
  "Large results are truncated to the first 100 entries; ask for the next page if needed.",
  "Times are ISO 8601 strings in UTC.",
  "Requires read access to the workspace.",
];

/** 500 realistic tool definitions (deterministic). */
export function realisticTools(n = 500, variant = 0): Tool[] {
  const tools: Tool[] = [];
  for (let i = 0; i < n; i++) {
    const verb = VERBS[i % VERBS.length]!;
    const noun = NOUNS[Math.floor(i / VERBS.length) % NOUNS.length]!;
    const name = `${verb}_${noun}_${i}`;
    const desc = [0, 1, 2, 3].map((k) => SENTENCES[(i + k * 3 + variant) % SENTENCES.length]).join(
      " ",
    );
    tools.push({
      name,
      title: `${verb[0]!.toUpperCase()}${verb.slice(1)} ${noun.replace("_", " ")} ${i}`,
      description: `${verb[0]!.toUpperCase()}${verb.slice(1)} a ${noun.replace("_", " ")}. ${desc}`,
      inputSchema: {
        type: "object",
        properties: {
          id: { type: "string", description: `Identifier of the ${noun.replace("_", " ")}.` },
          limit: {
            type: "integer",
            minimum: 1,
            maximum: 100,
            default: 20,
            description: "Page size.",
          },
          cursor: { type: "string", description: "Cursor from the previous page." },
          fields: {
            type: "array",
            items: { type: "string", enum: ["id", "name", "owner", "created_at"] },
            description: "Fields to return.",
          },
        },
        required: ["id"],
      },
      annotations: { readOnlyHint: verb === "get" || verb === "list" || verb === "search" },
    });
  }
  return tools;
}

/**
 * `n` tools from the real servers' dumps (bench/data/mcp_servers/*.json), deterministic: the
 * servers in file-name order, taking each one's next tool in turn (round robin, wrapping
 * around a server's list), so every server contributes and the mix does not depend on n.
 */
export function realServerTools(n = 500): Tool[] {
  const dir = new URL("./data/mcp_servers/", import.meta.url);
  const servers = [...Deno.readDirSync(dir)].map((e) => e.name).filter((f) => f.endsWith(".json"))
    .sort().map((f) =>
      (JSON.parse(Deno.readTextFileSync(new URL(f, dir))) as { tools: Tool[] }).tools
    ).filter((t) => t.length > 0);
  const tools: Tool[] = [];
  for (let k = 0; tools.length < n; k++) {
    for (const s of servers) {
      if (tools.length < n) tools.push(s[k % s.length]!);
    }
  }
  return tools;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(runs: number, f: () => unknown): number {
  f(); // warm up
  f();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const a = performance.now();
    f();
    t.push(performance.now() - a);
  }
  return median(t);
}

/** Medians of two functions timed alternately (so machine load hits both alike). */
function timeAlternately(runs: number, a: () => unknown, b: () => unknown): [number, number] {
  a(); // warm up
  b();
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    a();
    ta.push(performance.now() - t);
    t = performance.now();
    b();
    tb.push(performance.now() - t);
  }
  return [median(ta), median(tb)];
}

/** Scans with the text rules' prefilter off: every rule a full pass over the corpus. */
function withoutPrefilter<T>(f: () => T): T {
  matchSettings.prefilter = false;
  try {
    return f();
  } finally {
    matchSettings.prefilter = true;
  }
}

/**
 * Where a scan's time goes: its phases (the same steps as scanDetailed, timed one by one) and
 * the text rules that cost the most, in milliseconds per scan.
 */
function profile(label: string, tools: Tool[], scans: number, top: number) {
  const costs = new Map<string, number>();
  const phases = new Map<string, number>();
  // One scan first, not counted: it compiles every pattern and detector.
  for (let i = -1; i < scans; i++) {
    withWalkMemo(() => {
      let t = performance.now();
      const lap = (k: string) => {
        const now = performance.now();
        if (i >= 0) phases.set(k, (phases.get(k) ?? 0) + now - t);
        t = now;
      };
      const names = tools.map((x) => x.name);
      const col = new Collector(names);
      const texts = tools.map((x) => collectStrings(x));
      lap("schema walk");
      const corpus = buildCorpus(texts);
      lap("corpus");
      matchSettings.profile = i >= 0 ? costs : null;
      let found;
      try {
        found = matchText(corpus.text);
      } finally {
        matchSettings.profile = null;
      }
      lap("text rules");
      for (const m of found) {
        const loc = locate(corpus, m.start, m.end);
        if (loc) col.add(m.rule, loc.tool, loc.field, loc.offset, loc.match, {});
      }
      lap("locating findings");
      scanBase64(col, corpus, 1);
      lap("base64");
      scanDecoders(col, corpus);
      lap("decoders");
      scanLeetAndGloss(col, corpus);
      lap("leetspeak and gloss");
      scanNames(col, names, []);
      lap("look-alike names");
      scanPurpose(col, tools, texts);
      lap("purpose checks");
      scanSchemaSteer(col, tools, texts);
      lap("schema steering");
      scanActions(col, tools, texts);
      lap("actions");
      scanShadow(col, tools, texts);
      lap("shadowing");
      scanSchemaAnnotations(col, tools, texts);
      lap("schema annotations");
      scanExfil(col, tools, texts);
      lap("prose exfiltration");
      scanSteerPeers(col, tools, texts);
      lap("tool steering (peers)");
      scanSteerChoice(col, tools, texts);
      lap("tool steering (choice)");
      scanAuthority(col, tools, texts);
      lap("instruction hierarchy");
      scanOverrideFrame(col, tools, texts);
      lap("override frames");
      scanLeak(col, tools, texts);
      lap("leaks and cover stories");
      scanSideChannel(col, tools, texts);
      lap("side channels");
      scanTurnedAgainstUser(col, tools, texts);
      lap("false reports, safeguards off, agent stores");
      scanDataHarvest(col, tools, texts);
      lap("data harvest");
      if (col.items.length > 0) {
        const reasons = fitDiscounts(tools, texts, corpus, col.items);
        lap("designed-for discount");
        precisionDiscounts(tools, texts, col.items, reasons);
        lap("structural discounts");
      }
    });
  }
  const c = prefilterCoverage();
  console.log(
    `profile, ${label} (prefilter covers ${c.planned}/${c.patterns} patterns: ${c.perTool} per tool, ${
      c.bounded - c.perTool
    } over a few tools, ${c.planned - c.bounded} corpus-wide)`,
  );
  console.log("  phases (ms per scan; hidden Unicode and parameter names not shown):");
  for (const [k, ms] of phases) {
    console.log(`    ${k.padEnd(30)} ${(ms / scans).toFixed(2).padStart(7)}`);
  }
  const total = [...costs.values()].reduce((a, b) => a + b, 0) / scans;
  console.log(`  text rules: ${total.toFixed(2)} ms per scan, the costliest:`);
  for (const [id, ms] of [...costs].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`    ${id.padEnd(30)} ${(ms / scans).toFixed(3).padStart(7)}`);
  }
}

if (import.meta.main) {
  const runsArg = Deno.args.indexOf("--runs");
  const runs = runsArg >= 0 ? Number(Deno.args[runsArg + 1]) : 30;
  const tools = realisticTools(500);
  const changed = realisticTools(500).map((t, i) =>
    i % 10 === 0 ? { ...t, description: `${t.description} Now also returns the owner's team.` } : t
  );
  const baseline = time(runs, () => JSON.parse(JSON.stringify(tools)));
  const [full, scan] = timeAlternately(
    runs,
    () => withoutPrefilter(() => scanTools(tools)),
    () => scanTools(tools),
  );
  const diff = time(runs, () => diffTools(tools, changed));
  const v = scanTools(tools);
  const d = diffTools(tools, changed);
  const line = (label: string, ms: number, target: number) =>
    console.log(
      `${label.padEnd(30)} median ${ms.toFixed(2).padStart(7)} ms  ${
        (500 / (ms / 1000)).toFixed(0).padStart(7)
      } tools/s  ${(ms / baseline).toFixed(1).padStart(6)}x baseline  target <= ${target} ms ${
        ms <= target ? "ok" : "MISSED"
      }`,
    );
  console.log(`runs: ${runs}; 500 tools, ${JSON.stringify(tools).length} bytes of JSON`);
  console.log(`baseline JSON.stringify+parse    median ${baseline.toFixed(2)} ms`);
  line("firewall-scan 500 tools", scan, 25);
  console.log(
    `${"  same, prefilter off".padEnd(30)} median ${full.toFixed(2).padStart(7)} ms  (prefilter: ${
      (full / scan).toFixed(2)
    }x faster, same run)`,
  );
  if (
    JSON.stringify(withoutPrefilter(() => scanTools(tools))) !== JSON.stringify(scanTools(tools))
  ) {
    throw new Error("the prefilter changed the scan");
  }
  line("mcp-diff 500 vs 500 (10% chg)", diff, 50);
  // The same scan over 500 tools from the real servers (long descriptions, large schemas).
  const real = realServerTools(500);
  const realRuns = Math.max(5, Math.round(runs / 3));
  const [realBaseline, realScan] = timeAlternately(
    realRuns,
    () => JSON.parse(JSON.stringify(real)),
    () => scanTools(real),
  );
  const rv = scanTools(real);
  console.log(
    `real-server tools: 500 from ${new Set(real.map((t) => t.name)).size} distinct names, ${
      JSON.stringify(real).length
    } bytes of JSON, ${realRuns} runs`,
  );
  console.log(`baseline JSON.stringify+parse    median ${realBaseline.toFixed(2)} ms`);
  console.log(
    `${"firewall-scan 500 real tools".padEnd(30)} median ${realScan.toFixed(2).padStart(7)} ms  ${
      (500 / (realScan / 1000)).toFixed(0).padStart(7)
    } tools/s  ${(realScan / realBaseline).toFixed(1).padStart(6)}x baseline  target <= 25 ms ${
      realScan <= 25 ? "ok" : "MISSED"
    }`,
  );
  console.log(
    `scan verdict allow=${v.allow} findings=${v.findings.length}; real tools allow=${rv.allow} findings=${rv.findings.length}; diff verdict ${d.verdict}, ${d.changed.length} changed`,
  );
  // The labelled fixture table (tests/security/fixtures): attacks caught, benign allowed.
  const dir = new URL("../tests/security/fixtures/", import.meta.url);
  let attacks = 0, caught = 0, benign = 0, allowed = 0;
  for (const e of Deno.readDirSync(dir)) {
    if (!e.name.endsWith(".json")) continue;
    const fx = JSON.parse(Deno.readTextFileSync(new URL(e.name, dir)));
    const allow = scanTools(fx.tools).allow;
    if (fx.label === "attack") {
      attacks++;
      if (!allow) caught++;
    } else {
      benign++;
      if (allow) allowed++;
    }
  }
  console.log(`fixtures: caught ${caught}/${attacks} attacks, allowed ${allowed}/${benign} benign`);
  if (Deno.args.includes("--profile")) {
    profile("synthetic tools", tools, runs, 15);
    profile("real-server tools", real, realRuns, 15);
  }
}
