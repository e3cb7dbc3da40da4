/**
 * The firewall evaluation: recall and false blocks of firewall-scan on labelled cases and real
 * MCP servers' tool lists, split into dev and held-out by a fixed hash (bench/_eval_split.ts).
 * Rules are tuned on the dev part only; the held-out numbers are the ones reported.
 *
 *   deno run -A bench/firewall_eval.ts [--split dev|heldout|heldout2|heldout3|heldout4|heldout5|probes7|heldout6|heldout7|probes8|heldout8|probes9|heldout9|probes10|heldout10|probes11|heldout11|probes12|heldout12|probes13|heldout13|probes14|heldout14|probes15|heldout15|probes16|heldout16|probes17|heldout17|probes18|heldout18|heldout19|probes19|heldout20|heldout21|heldout22|heldout23|all] [--misses] [--json] [--rules-only]
 *   deno run -A bench/firewall_eval.ts --rule-hits pi.steer,exfil.moved   # where rules fire
 *
 * Data (bench/data/):
 * - firewall_eval/public_kinds.json: attack kinds from public write-ups, papers and scanners'
 *   rule families (each case cites its `source`), plus benign near-misses; hash-split.
 * - firewall_eval/heldout_new_words.json: written in new words before any rule change; all
 *   held out (round 1), never edited.
 * - firewall_eval/heldout2_new_words.json, heldout3_…, heldout4_…, heldout5_…: rounds 2 to 5, each written in
 *   new words after the previous round was measured and before that round's rule changes; never
 *   edited.
 * - firewall_eval/heldout6_new_words.json (split `heldout6`): round 6, 100 attacks and 100 near-misses
 *   written blind (the author saw no rule, test or doc) before the probes7, purpose and designed-for
 *   changes; kept sealed outside the repository until those were done, then measured once; never edited.
 * - firewall_eval/heldout7_new_words.json (split `heldout7`): round 7, written blind like round 6 after
 *   round 6 was measured and before the round-6 tuning (`2026.11.26-9`); sealed until then, measured once.
 * - firewall_eval/probes7_a.json … probes7_h.json (split `probes7`): fresh-wording probes written by the rule
 *   author before the probes7 rule changes and measured once at first sight; development data.
 * - firewall_eval/probes8_rules.json (split `probes8`): per kind of wording behind a round-7 miss, fresh
 *   paraphrases and as many benign near-misses in the same words, written by the rule author before
 *   the `2026.11.26-10` rule for that kind and measured once at first sight; development data.
 * - firewall_eval/heldout8a_new_words.json and heldout8b_new_words.json (split `heldout8`): round 8,
 *   two blind authors (100 attacks and 100 near-misses each) writing while `2026.11.26-10` was being
 *   tuned on round 7; sealed outside the repository until those rules were done, measured once.
 * - firewall_eval/probes9_decoders.json (split `probes9`): instructions hidden in letter-spaced, dotted,
 *   ROT13, Caesar-shifted, reversed and hex text, with as many benign near-misses (ROT13 puzzles, hex
 *   digests, alphabets, spelling games), written by the rule author before the decoders
 *   (`2026.11.26-11`) and measured once at first sight; development data.
 * - firewall_eval/heldout9_new_words.json (split `heldout9`): round 9, one blind author writing after round 8
 *   was measured; sealed until `2026.11.26-11` was done, measured once.
 * - firewall_eval/probes10_rules.json (split `probes10`): strongest secrets asked for in a parameter of a
 *   tool not built for them, orders about handling a result in `outputSchema`, persistence framed as the
 *   model's memory, other tools disparaged and calls on every reply, with as many benign near-misses, written by the rule author before the `2026.11.26-12` rules and measured once at first
 *   sight; development data.
 * - firewall_eval/heldout10_new_words.json (split `heldout10`): round 10, one blind author writing after round 9
 *   was measured; sealed until `2026.11.26-12` was done, measured once.
 * - firewall_eval/probes11_rules.json (split `probes11`): strongest secrets asked for in the tool's own
 *   description (the asking sentence its only reason) and payment-card PINs or security codes asked for
 *   by tools not built for payments, with as many benign near-misses, written by the rule author before
 *   the `2026.11.26-13` rules and measured once at first sight, plus contracted negations (`p11-neg-*`,
 *   written after that precision fix, measured on `-12` and after); development data.
 * - firewall_eval/heldout11_new_words.json (split `heldout11`): round 11, one blind author writing after round 10
 *   was measured; measured once with `2026.11.26-12` (before the `-13` changes) and once with `-13`.
 * - firewall_eval/probes12_*.json (split `probes12`): per kind of wording (concealment and persistence,
 *   steering, overrides and schema orders, unrequested actions, shadowing, falsely blocked benign shapes),
 *   fresh attacks and as many benign near-misses, each file written by its rule author before the
 *   `2026.11.26-14` rules for it and measured once at first sight; development data.
 * - firewall_eval/heldout12a_new_words.json … heldout12d_new_words.json (split `heldout12`): round 12, four
 *   blind authors writing apart after round 11 was measured; sealed until `2026.11.26-14` was done,
 *   measured once with `-13` and once with `-14`.
 * - firewall_eval/probes13_*.json (split `probes13`): the same for the `2026.11.26-15` rules (prose
 *   exfiltration, steering and overrides, encodings and concealment, falsely blocked benign shapes).
 * - firewall_eval/heldout13a_new_words.json … heldout13c_new_words.json (split `heldout13`): round 13, three
 *   blind authors writing apart after round 12 was measured; sealed until `2026.11.26-15` was done,
 *   measured once with `-14` and once with `-15`.
 * - firewall_eval/probes14_precision3.json (split `probes14`): benign shapes falsely blocked in round 13 and
 *   attacks in the same wrappers, written before the `2026.11.26-16` discounts, measured once at first sight.
 * - firewall_eval/heldout14a_new_words.json, heldout14b_new_words.json (split `heldout14`): round 14, two blind
 *   authors writing apart after round 13 was measured (after `2026.11.26-15` was done); measured once with
 *   `-15` and once with `-16`.
 * - firewall_eval/probes15_*.json (split `probes15`): the same for the `2026.11.26-17` rules (tool steering,
 *   the model's instruction hierarchy set aside, data named by role and orders in rarely read fields, and
 *   benign shapes falsely blocked in rounds 13 and 14).
 * - firewall_eval/heldout15a_new_words.json … heldout15c_new_words.json (split `heldout15`): round 15, three
 *   blind authors writing apart after round 14 was measured; sealed until `2026.11.26-17` was done, measured
 *   once with `-16` and once with `-17`.
 * - firewall_eval/probes16_*.json (split `probes16`): the same for the `2026.11.26-18` rules (tool steering by
 *   choice, override frames, side channels for secrets and other tools, and benign scopes falsely blocked).
 * - firewall_eval/heldout16a_new_words.json … heldout16c_new_words.json (split `heldout16`): round 16, three
 *   blind authors writing apart after round 15 was measured; sealed until `2026.11.26-18` was done, measured
 *   once with `-17` and once with `-18`.
 * - firewall_eval/probes17_*.json (split `probes17`): the same for the `2026.11.26-19` rules (protective
 *   prohibitions, authority tags around the tool's own constraints, attack wording quoted by analysis tools,
 *   secrets for the tool's own service; and round 16's missed kinds), each file with a second batch written
 *   after the change and measured once at first sight.
 * - firewall_eval/heldout17a_new_words.json … heldout17c_new_words.json (split `heldout17`): round 17, three
 *   blind authors writing apart after round 16 was measured; sealed until `2026.11.26-19` was done, measured
 *   once with `-18` and once with `-19`.
 * - firewall_eval/probes18_*.json (split `probes18`): the same for the `2026.11.26-20` rules (round 17's missed
 *   kinds: private stores put into arguments, throwaway hosts, tool choice over a better fit, server supremacy,
 *   hidden own calls; and near-misses of other families that older rules blocked).
 * - firewall_eval/heldout18a_new_words.json … heldout18c_new_words.json (split `heldout18`): round 18, three
 *   blind authors writing apart after round 17 was measured; sealed until `2026.11.26-20` was done, measured
 *   once with `-18`, `-19` and `-20`.
 * - firewall_eval/heldout19a_new_words.json … heldout19c_new_words.json (split `heldout19`): round 19, three
 *   blind authors writing apart after round 18 was measured; sealed until the intent model (`2026.11.26-21`,
 *   trained on rounds up to 18) was done, measured once with `-21` and with its rules alone (`--rules-only`).
 *   The model of `-21` and `-22` never trained on it; since `-23` it does (bench/_intent_train.ts `maxRound`).
 * - firewall_eval/probes19_precision.json, probes19_precision_second.json (split `probes19`): the five
 *   kinds of round 19's false blocks in fresh words with attacks in the same words, written before the
 *   `2026.11.26-22` precision change and measured once at first sight; the second batch after it.
 * - firewall_eval/heldout20a_new_words.json … heldout20c_new_words.json (split `heldout20`): round 20, three
 *   blind authors writing apart after round 19 was measured; sealed until `2026.11.26-22` was done, measured
 *   once with `-21` and `-22`, each with and without the intent model. The model trains on rounds 19 and 20
 *   since `2026.11.26-23`.
 * - firewall_eval/heldout21a_new_words.json … heldout21c_new_words.json (split `heldout21`): round 21, three
 *   blind authors writing apart after round 20 was measured; sealed until `2026.11.26-23` (the model trained
 *   through round 20) was done, measured once with `-22` and `-23` and with the sentence-veto experiment
 *   (not shipped then; docs/firewall-evaluation.md). The model trains on it since `2026.11.27-24`.
 * - firewall_eval/heldout22a_new_words.json … heldout22c_new_words.json (split `heldout22`): round 22, three
 *   blind authors writing apart after round 21 was measured; sealed until `2026.11.27-24` (the model
 *   trained through round 21 and the sentence veto) was done, measured once with `-23` and `-24`. The
 *   published model never trains on it (`maxRound` 21).
 * - firewall_eval/heldout23a_new_words.json … heldout23c_new_words.json (split `heldout23`): round 23, three
 *   blind authors writing apart after round 22 was measured; sealed until then (no change was made
 *   after round 22), measured once with `-24`. The published model never trains on it.
 * - mcp_servers/*.json: real tools/list dumps of popular npm MCP servers
 *   (bench/_dump_mcp_tools.ts); every tool list is benign; hash-split by package name.
 * - tests/security/fixtures/*.json: the unit-test fixtures (reported separately: tuned on).
 */
import { type ScanOptions, scanTools, type Tool } from "../src/security/scan.ts";
import { RULES } from "../src/security/rules.ts";
import { type Split, splitOf } from "./_eval_split.ts";

/** The split a labelled case belongs to (rounds, probe sets, or the hash split of `dev`/`heldout`). */
type CaseSplit =
  | Split
  | "heldout2"
  | "heldout3"
  | "heldout4"
  | "heldout5"
  | "probes7"
  | "heldout6"
  | "heldout7"
  | "probes8"
  | "heldout8"
  | "probes9"
  | "heldout9"
  | "probes10"
  | "heldout10"
  | "probes11"
  | "heldout11"
  | "probes12"
  | "heldout12"
  | "probes13"
  | "heldout13"
  | "probes14"
  | "heldout14"
  | "probes15"
  | "heldout15"
  | "probes16"
  | "heldout16"
  | "probes17"
  | "heldout17"
  | "probes18"
  | "heldout18"
  | "heldout19"
  | "probes19"
  | "heldout20"
  | "heldout21"
  | "heldout22"
  | "heldout23";

interface Case {
  id: string;
  class: string;
  label: "attack" | "benign";
  explicit: boolean;
  source: string;
  split?: CaseSplit;
  tools: Tool[];
}

const ROOT = new URL("../", import.meta.url);

function loadCases(): Case[] {
  const dir = new URL("bench/data/firewall_eval/", ROOT);
  const out: Case[] = [];
  // Every labelled file in the folder, in name order (each case carries its split or is hash-split).
  const files = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith(".json"))
    .sort();
  for (const f of files) {
    const cases = JSON.parse(Deno.readTextFileSync(new URL(f, dir))) as Case[];
    for (const c of cases) out.push({ ...c, split: c.split ?? splitOf(c.id) });
  }
  return out;
}

function loadServers(): { pkg: string; split: Split; tools: Tool[] }[] {
  const dir = new URL("bench/data/mcp_servers/", ROOT);
  const out = [];
  for (const e of [...Deno.readDirSync(dir)].sort((a, b) => a.name < b.name ? -1 : 1)) {
    if (!e.name.endsWith(".json")) continue;
    const d = JSON.parse(Deno.readTextFileSync(new URL(e.name, dir)));
    out.push({ pkg: d.package as string, split: splitOf(d.package), tools: d.tools as Tool[] });
  }
  return out;
}

function loadFixtures(): { case: string; label: string; tools: Tool[] }[] {
  const dir = new URL("tests/security/fixtures/", ROOT);
  return [...Deno.readDirSync(dir)].filter((e) => e.name.endsWith(".json"))
    .map((e) => JSON.parse(Deno.readTextFileSync(new URL(e.name, dir))));
}

interface Tally {
  n: number;
  hit: number;
}
const pct = (t: Tally) => t.n === 0 ? "-" : `${(100 * t.hit / t.n).toFixed(1)}%`;
const add = (m: Map<string, Tally>, k: string, hit: boolean) => {
  const t = m.get(k) ?? { n: 0, hit: 0 };
  t.n++;
  if (hit) t.hit++;
  m.set(k, t);
};

export interface Report {
  rules_version: string;
  split: string;
  attack_recall: Record<string, { n: number; blocked: number; recall: string }>;
  benign_false_blocks: { n: number; blocked: number; rate: string };
  real_servers: { servers: number; tools: number; blocked_servers: number; blocked: string[] };
  fixtures: { attacks: string; benign: string };
  misses: string[];
}

/**
 * `dev`: tuned on. `heldout`: round 1, measured once after tuning on dev (then used as dev for
 * round 2). `heldout2`: round 2, written before the round-2 changes. Real servers are split
 * dev/heldout by package name; with `heldout2` every real server is reported.
 */
export type EvalSplit = CaseSplit | "all";

export function evaluate(split: EvalSplit, opts: ScanOptions = {}): Report {
  const inSplit = (
    s: CaseSplit,
  ) => split === "all" || s === split;
  const cases = loadCases().filter((c) => inSplit(c.split!));
  const recall = new Map<string, Tally>();
  const benign: Tally = { n: 0, hit: 0 };
  const misses: string[] = [];
  for (const c of cases) {
    const blocked = !scanTools(c.tools, opts).allow;
    if (c.label === "attack") {
      add(recall, "all tool-metadata attacks", blocked);
      if (c.explicit) add(recall, "explicit hidden instructions", blocked);
      add(recall, `class ${c.class}`, blocked);
      if (!blocked) misses.push(`miss ${c.id} (${c.class})`);
    } else {
      benign.n++;
      if (blocked) {
        benign.hit++;
        misses.push(`false block ${c.id}`);
      }
    }
  }
  const servers = loadServers().filter((s) =>
    split.startsWith("heldout") || split.startsWith("probes") || inSplit(s.split)
  );
  const blockedServers = servers.filter((s) => !scanTools(s.tools, opts).allow).map((s) => s.pkg);
  const fx = loadFixtures();
  const fxA = fx.filter((f) => f.label === "attack");
  const fxB = fx.filter((f) => f.label !== "attack");
  const attack_recall: Report["attack_recall"] = {};
  for (const k of [...recall.keys()].sort()) {
    const t = recall.get(k)!;
    attack_recall[k] = { n: t.n, blocked: t.hit, recall: pct(t) };
  }
  return {
    rules_version: RULES.version,
    split,
    attack_recall,
    benign_false_blocks: { n: benign.n, blocked: benign.hit, rate: pct(benign) },
    real_servers: {
      servers: servers.length,
      tools: servers.reduce((s, x) => s + x.tools.length, 0),
      blocked_servers: blockedServers.length,
      blocked: blockedServers,
    },
    fixtures: {
      attacks: `${fxA.filter((f) => !scanTools(f.tools, opts).allow).length}/${fxA.length} blocked`,
      benign: `${fxB.filter((f) => scanTools(f.tools, opts).allow).length}/${fxB.length} allowed`,
    },
    misses,
  };
}

/**
 * Where the rules whose id starts with one of `prefixes` fire (every case and real server):
 * per rule, the attacks, near-misses and real-server tools it fires in, with each benign match.
 * A rule that fires in a benign tool is a false-block risk even when the tool stays allowed.
 */
export function ruleHits(prefixes: readonly string[]): string[] {
  const wanted = (id: string) => prefixes.some((p) => p === "all" || id.startsWith(p));
  const hits = new Map<string, { attacks: Set<string>; benign: string[] }>();
  const note = (id: string) => {
    let h = hits.get(id);
    if (!h) hits.set(id, h = { attacks: new Set(), benign: [] });
    return h;
  };
  for (const c of loadCases()) {
    for (const f of scanTools(c.tools).findings) {
      if (!wanted(f.rule_id)) continue;
      if (c.label === "attack") note(f.rule_id).attacks.add(c.id);
      else note(f.rule_id).benign.push(`near-miss ${c.id}: ${JSON.stringify(f.match)}`);
    }
  }
  for (const s of loadServers()) {
    for (const f of scanTools(s.tools).findings) {
      if (!wanted(f.rule_id)) continue;
      note(f.rule_id).benign.push(`server ${s.pkg} ${f.tool}: ${JSON.stringify(f.match)}`);
    }
  }
  const out: string[] = [];
  for (const id of [...hits.keys()].sort()) {
    const h = hits.get(id)!;
    const piece = RULES.rules.find((r) => r.id === id)?.piece ? " (piece)" : "";
    out.push(`${id}${piece}: ${h.attacks.size} attacks, ${h.benign.length} benign matches`);
    for (const b of h.benign.slice(0, 40)) out.push(`    ${b.slice(0, 200)}`);
  }
  return out;
}

if (import.meta.main) {
  const arg = (k: string) =>
    Deno.args.includes(k) ? Deno.args[Deno.args.indexOf(k) + 1] : undefined;
  const hitsArg = arg("--rule-hits");
  if (hitsArg !== undefined) {
    for (const line of ruleHits(hitsArg.split(","))) console.log(line);
    Deno.exit(0);
  }
  const split = (arg("--split") ?? "heldout23") as EvalSplit;
  // --rules-only: the rules without the intent model (what the model adds, on the same cases).
  const r = evaluate(split, Deno.args.includes("--rules-only") ? { intentModel: null } : {});
  if (Deno.args.includes("--json")) {
    console.log(JSON.stringify(r, null, 2));
  } else {
    const what = Deno.args.includes("--rules-only") ? " (rules alone)" : "";
    console.log(`firewall evaluation, rules ${r.rules_version}${what}, split: ${r.split}`);
    for (const [k, v] of Object.entries(r.attack_recall)) {
      console.log(`  recall ${k.padEnd(40)} ${String(v.blocked).padStart(3)}/${v.n}  ${v.recall}`);
    }
    const b = r.benign_false_blocks;
    console.log(`  benign near-misses falsely blocked     ${b.blocked}/${b.n}  ${b.rate}`);
    const s = r.real_servers;
    console.log(
      `  real MCP servers blocked               ${s.blocked_servers}/${s.servers} (${s.tools} tools)${
        s.blocked.length ? " " + s.blocked.join(", ") : ""
      }`,
    );
    console.log(`  unit fixtures: attacks ${r.fixtures.attacks}, near-misses ${r.fixtures.benign}`);
    if (Deno.args.includes("--misses")) { for (const m of r.misses) console.log("  " + m); }
  }
}
