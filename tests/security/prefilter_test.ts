/**
 * The keyword prefilter of the text rules changes nothing: scans with it on and off give the
 * same verdicts, scores, findings, offsets and mcp-diff keys on every evaluation case, every
 * real server, the unit fixtures, the benchmark's tools and generated tool lists; and for
 * random patterns over random texts, a gated pass finds exactly the matches of a full pass and
 * every match meets the derived requirement.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { scanDetailed, scanTools, type Tool } from "../../src/security/scan.ts";
import { allMatches, matchSettings, prefilterCoverage } from "../../src/security/_match.ts";
import {
  literalsOf,
  matchPlan,
  type Req,
  requiredLiterals,
  WB,
} from "../../src/security/_literals.ts";
import { Prefilter } from "../../src/security/_prefilter.ts";
import { base64Runs, isUtf8 } from "../../src/security/_base64.ts";
import { ruleById } from "../../src/security/rules.ts";
import { buildCorpus } from "../../src/security/_corpus.ts";
import {
  DATA,
  DATA_HINT,
  GATE_DATA,
  MOVE_HINT,
  PATH_HINT,
  STEER_HINT,
} from "../../src/security/_purpose_words.ts";
import { isDefaultIgnorable, latinLookalike } from "../../src/security/confusables.ts";
import { realisticTools } from "../../bench/security.ts";
import { loadFixtures, readJsonDir } from "./_support.ts";
import { pick, rng } from "./_seeded.ts";

/** Everything a scan reports, as text: verdict, score, findings, diff signals and keys. */
function scanOutput(tools: Tool[]): string {
  const v = scanTools(tools);
  const d = scanDetailed(tools, { includeDiffOnly: true });
  return JSON.stringify({ v, items: d.items, truncated: d.truncated });
}

/** Asserts that the scan of each list is the same with the prefilter off and on. */
function assertSameBothWays(lists: { label: string; tools: Tool[] }[]) {
  const saved = { ...matchSettings };
  try {
    for (const { label, tools } of lists) {
      matchSettings.prefilter = false;
      const full = scanOutput(tools);
      matchSettings.prefilter = true;
      matchSettings.prefilterMinLength = 0; // also gate the small lists
      matchSettings.prefilterBuildAfter = 0;
      const gated = scanOutput(tools);
      assertEquals(gated, full, `prefilter changed the scan of ${label}`);
      // Every pattern that can run only around its literals does so.
      matchSettings.windows = "always";
      const windowed = scanOutput(tools);
      matchSettings.windows = saved.windows;
      assertEquals(windowed, full, `windows around literals changed the scan of ${label}`);
    }
  } finally {
    Object.assign(matchSettings, saved);
  }
}

interface EvalCase {
  id: string;
  tools: Tool[];
}

const evalCases = readJsonDir("bench/data/firewall_eval/")
  .flatMap(({ data }) => data as EvalCase[]);
const servers = readJsonDir("bench/data/mcp_servers/")
  .map(({ name, data }) => ({ label: name, tools: (data as { tools: Tool[] }).tools }));

Deno.test("prefilter: every evaluation case scans the same with it on and off", () => {
  assert(evalCases.length >= 400, `only ${evalCases.length} evaluation cases found`);
  assertSameBothWays(evalCases.map((c) => ({ label: c.id, tools: c.tools })));
});

Deno.test("prefilter: every real server scans the same with it on and off, alone and all in one list", () => {
  assert(servers.length >= 50, `only ${servers.length} servers found`);
  assertSameBothWays(servers);
  assertSameBothWays([{ label: "all servers", tools: servers.flatMap((s) => s.tools) }]);
});

Deno.test("prefilter: the unit fixtures and the benchmark's tools scan the same with it on and off", () => {
  const fixtures = loadFixtures();
  assert(fixtures.length > 0);
  assertSameBothWays(fixtures.map((f) => ({ label: f.case, tools: f.tools })));
  assertSameBothWays([{ label: "bench 500", tools: realisticTools(500) }]);
  // Every attack fixture again, all in one list (attacks next to each other's separators).
  assertSameBothWays([{
    label: "all fixtures",
    tools: fixtures.flatMap((f) => f.tools.map((t, i) => ({ ...t, name: `${f.case}_${i}` }))),
  }]);
});

/** Texts of the evaluation cases, cut and perturbed so phrases straddle tools and fields. */
function perturbedTools(seed: number, material: string[]): Tool[] {
  const r = rng(seed);
  const noise = [
    "\n",
    "\u0000",
    "\n\u0000\n",
    "\u200b",
    "\u0430",
    "_",
    "x",
    " ",
    ".",
    "İ",
    "\u212a",
    "ſ",
    "\r\n",
    "\t",
  ];
  const piece = () => {
    let s = pick(r, material);
    const a = Math.floor(r() * s.length);
    s = s.slice(a, a + 20 + Math.floor(r() * 200));
    if (r() < 0.3) s = s.toUpperCase();
    if (r() < 0.5) {
      const k = Math.floor(r() * (s.length + 1));
      s = s.slice(0, k) + pick(r, noise) + s.slice(k);
    }
    return s;
  };
  return Array.from({ length: 1 + Math.floor(r() * 8) }, (_, i) => ({
    name: r() < 0.5 ? `tool_${i}` : piece().slice(0, 30),
    description: Array.from({ length: 1 + Math.floor(r() * 4) }, piece).join(
      pick(r, [" ", "\n", ""]),
    ),
    inputSchema: {
      type: "object",
      properties: { [piece().slice(0, 20) || "p"]: { type: "string", description: piece() } },
    },
  }));
}

Deno.test("prefilter: generated and perturbed tool lists scan the same with it on and off", () => {
  const material = evalCases.flatMap((c) =>
    c.tools.flatMap((t) => [t.description ?? "", t.name]).filter((s) => s.length > 0)
  );
  const lists = [];
  for (let seed = 1; seed <= 250; seed++) {
    lists.push({ label: `seed ${seed}`, tools: perturbedTools(seed, material) });
  }
  assertSameBothWays(lists);
});

Deno.test("prefilter: it covers most text-rule patterns, most of them per tool", () => {
  const c = prefilterCoverage();
  assert(c.planned >= 0.8 * c.patterns, `${c.planned} of ${c.patterns} patterns prefiltered`);
  assert(c.perTool >= 0.8 * c.planned, `${c.perTool} of ${c.planned} run per tool`);
  assert(c.bounded >= c.perTool);
});

// ---- the literal derivation on its own -------------------------------------------------------

const show = (r: Req | undefined): string =>
  !r
    ? "none"
    : "lit" in r
    ? `[${r.lit.map((s) => s.replaceAll(WB, "~")).join("|")}]`
    : `${"all" in r ? "AND" : "OR"}(${("all" in r ? r.all : r.any).map(show).join(", ")})`;

Deno.test("requiredLiterals: words, alternations and word boundaries become literals", () => {
  assertEquals(
    show(requiredLiterals(String.raw`\b(?:ignore|disregard)\b`, "gi")?.req),
    "[~ignore~|~disregard~]",
  );
  assertEquals(
    show(requiredLiterals(String.raw`\bsend\s+(?:it|them)\s+to\s+evil\b`, "gi")?.req),
    "[~send it to evil~|~send them to evil~]",
  );
  // A run of whitespace is one space to the literal pass.
  assertEquals(
    show(requiredLiterals(String.raw`\bprevious[ \t]{1,3}\s*(?:turn|prompt)s?\b`, "gi")?.req),
    "[~previous turn~|~previous turns~|~previous prompt~|~previous prompts~]",
  );
  assertEquals(
    show(requiredLiterals(String.raw`\bsend\s+(?:\w+\s+)?to\s+evil\b`, "gi")?.req),
    "AND([to evil~], [~send ])",
  );
  assertEquals(show(requiredLiterals(String.raw`instructions?`, "gi")?.req), "[instruction]");
  assertEquals(
    show(requiredLiterals(String.raw`(?:foo|bar\s+baz)`, "gi")?.req),
    "[foo|bar baz]",
  );
  // Upper case in the pattern is matched case-insensitively by the literal pass.
  assertEquals(literalsOf(requiredLiterals(String.raw`IMPORTANT`, "g")!.req), ["important"]);
});

Deno.test("requiredLiterals: no requirement where a match may hold no literal", () => {
  for (
    const [p, f] of [
      ["a|", "g"],
      ["(?:abc)?", "g"],
      [String.raw`\w+`, "g"],
      ["[a-z]{3}", "gi"],
      ["abc", "gu"], // Unicode case folding: not handled, so not prefiltered
      ["abc", "gv"],
      ["(?i:abc)", "g"], // modifiers: not understood
      [String.raw`(a*)\1`, "g"], // a backreference may be anything, here empty
    ] as const
  ) {
    const plan = requiredLiterals(p, f);
    assert(plan === null, `${p}: ${show(plan?.req)}`);
  }
});

Deno.test("requiredLiterals: counts how many tool separators a match can run past", () => {
  const crossings = (p: string) => requiredLiterals(p, "gi")!.crossings;
  assertEquals(crossings(String.raw`foo[^\n]{0,9}bar`), 0);
  assertEquals(crossings(String.raw`foo\s+bar`), 0);
  assertEquals(crossings(String.raw`(?<=\x00\s{0,3})foo`), 0); // looks back only
  assertEquals(crossings(String.raw`foo\s+\S{1,9}`), 1); // "\n" then the NUL
  assertEquals(crossings(String.raw`foo\s+(?=\S)`), 1); // a lookahead reading the NUL
  assertEquals(crossings(String.raw`.foo`), 1); // may start at the NUL
  assertEquals(crossings(String.raw`foo[\s\S]{0,9}bar`), 9);
  assertEquals(crossings(String.raw`foo[\s\S]*bar`), Infinity);
  assertEquals(crossings(String.raw`foo(?:\s\S)+`), Infinity);
});

// ---- random patterns over random texts -----------------------------------------------------------

function randomPattern(r: () => number, depth = 0): string {
  const atoms = [
    "a",
    "b",
    "ab",
    "A",
    "_",
    String.raw`\.`,
    " ",
    String.raw`\s`,
    String.raw`\t`,
    "[ \t]",
    String.raw`[\s_]`,
    String.raw`\S`,
    String.raw`\w`,
    String.raw`\W`,
    String.raw`\d`,
    String.raw`\n`,
    String.raw`\x00`,
    "[ab]",
    "[^a]",
    String.raw`[^\n]`,
    String.raw`[\s\S]`,
    "[a-c_]",
    ".",
  ];
  const parts: string[] = [];
  const n = 1 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const k = r();
    let atom: string;
    if (depth < 2 && k < 0.15) {
      atom = `(?:${randomPattern(r, depth + 1)}|${randomPattern(r, depth + 1)})`;
    } else if (depth < 2 && k < 0.22) {
      atom = `(${pick(r, ["?=", "?!", "?<=", "?<!"])}${randomPattern(r, depth + 1)})`;
      parts.push(atom);
      continue;
    } else if (k < 0.3) {
      parts.push(pick(r, [String.raw`\b`, String.raw`\B`, "^", "$"]));
      continue;
    } else atom = pick(r, atoms);
    // Unbounded repetition only outside groups: nested ones could backtrack exponentially.
    const quantifiers = depth === 0 && !atom.startsWith("(")
      ? ["?", "*", "+", "{1,3}", "{0,2}?", "{2}"]
      : ["?", "{1,3}", "{0,2}?", "{2}"];
    parts.push(atom + (r() < 0.4 ? pick(r, quantifiers) : ""));
  }
  return parts.join("");
}

function randomText(r: () => number): string {
  const alphabet = [
    "a",
    "b",
    "A",
    "B",
    "_",
    " ",
    "  ",
    "\t",
    "\u00a0",
    ".",
    "\n",
    "\u0000",
    "x",
    "\u00e9",
    "ab",
    "\n\u0000\n",
  ];
  let s = "";
  const n = Math.floor(r() * 120);
  for (let i = 0; i < n; i++) s += pick(r, alphabet);
  return s;
}

/** How many characters the literal pass reads in a range (a run of whitespace is one). */
function readLength(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    if (!(/\s/.test(text[i]!) && i > start && /\s/.test(text[i - 1]!))) n++;
  }
  return n;
}

/**
 * Whether the text of a match meets a requirement (literals case-insensitive, WB = \b, a
 * space in a literal = a run of whitespace, as the literal pass reads the text).
 */
function holds(req: Req, text: string, start: number, end: number): boolean {
  if ("all" in req) {
    // A spanned `all`: the whole match is at most `span` characters as the pass reads them.
    if (req.span !== undefined && readLength(text, start, end) > req.span) return false;
    return req.all.every((x) => holds(x, text, start, end));
  }
  if ("any" in req) return req.any.some((x) => holds(x, text, start, end));
  // The match read as the literal pass reads it, with the text position of each character.
  let lower = "";
  const at: number[] = [];
  for (let i = start; i < end; i++) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      if (lower.endsWith(" ")) continue;
      lower += " ";
    } else lower += ch.replace(/[A-Z]/, (c) => c.toLowerCase());
    at.push(i);
  }
  const word = (i: number) => i >= 0 && i < text.length && /\w/.test(text[i]!);
  return req.lit.some((lit) => {
    const core = lit.replaceAll(WB, "");
    for (let k = lower.indexOf(core); k !== -1; k = lower.indexOf(core, k + 1)) {
      const a = at[k]!;
      const b = at[k + core.length - 1]! + 1;
      if (lit.startsWith(WB) && word(a - 1)) continue;
      if (lit.endsWith(WB) && word(b)) continue;
      return true;
    }
    return false;
  });
}

Deno.test("prefilter: random patterns over random texts: a gated pass finds exactly the full pass's matches", () => {
  const r = rng(20261126);
  let gated = 0;
  let restricted = 0;
  const pickTools = rng(14); // its own generator: the patterns and texts stay as they were
  for (let i = 0; i < 1500; i++) {
    const pattern = randomPattern(r);
    const flags = pick(r, ["g", "gi", "gim", "gis"]);
    try {
      new RegExp(pattern, flags);
    } catch {
      continue;
    }
    const plan = requiredLiterals(pattern, flags);
    const pf = new Prefilter([{ pattern, flags: new RegExp(pattern, flags).flags }]);
    for (let t = 0; t < 6; t++) {
      // Every third text has 40 to 100 tools, so stretch sets span several bitset words
      // (only for patterns with bounded repetition: the texts are long).
      const long = t % 3 === 2;
      if (long && /[*+]/.test(pattern)) continue;
      const text = long
        ? Array.from({ length: 40 + Math.floor(r() * 60) }, () => randomText(r).slice(0, 8))
          .join("\n\u0000\n")
        : randomText(r);
      const full = allMatches(pattern, flags, text);
      if (plan) {
        for (const m of full) {
          assert(holds(plan.req, text, m.start, m.end), `${pattern} /${flags} at ${m.start}`);
        }
        gated++;
      }
      const gate = pf.gate(text);
      assertEquals(
        allMatches(pattern, flags, text, gate),
        full,
        `${JSON.stringify(pattern)} /${flags} on ${JSON.stringify(text)}`,
      );
      // Restricted to some tools (as a near rule's second term): the matches starting in
      // those tools are exactly the full pass's.
      const only = gate.nuls.concat(text.length).map((_, k) => k).filter(() => pickTools() < 0.4);
      const inOnly = (m: { start: number }) => {
        let k = 0;
        while (k < gate.nuls.length && gate.nuls[k]! < m.start) k++;
        return only.includes(k);
      };
      assertEquals(
        allMatches(pattern, flags, text, gate, only).filter(inOnly),
        full.filter(inOnly),
        `${JSON.stringify(pattern)} /${flags} on ${JSON.stringify(text)} in ${only}`,
      );
      if (only.length > 0 && full.some(inOnly)) restricted++;
    }
  }
  assert(gated > 1000, `only ${gated} gated runs`);
  assert(restricted > 300, `only ${restricted} restricted runs with matches`);
});

Deno.test("base64Runs finds exactly the matches of the published base64 pattern", () => {
  const pattern = String.raw`(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,}={0,2}`;
  assertEquals(ruleById("pi.base64_text").pattern, pattern);
  const r = rng(64);
  let withRuns = 0;
  const alphabet = [
    "A",
    "z",
    "0",
    "+",
    "/",
    "_",
    "-",
    "=",
    "==",
    " ",
    ".",
    "\n",
    "\u0000",
    "é",
    "SGVsbG8gd29ybGQ",
  ];
  for (let i = 0; i < 3000; i++) {
    let text = "";
    const n = Math.floor(r() * 80);
    for (let k = 0; k < n; k++) text += pick(r, alphabet);
    const runs = base64Runs(text);
    assertEquals(runs, allMatches(pattern, "g", text), JSON.stringify(text));
    if (runs.length > 0) withRuns++;
  }
  assert(withRuns > 300, `only ${withRuns} texts held a run`);
});

Deno.test("isUtf8 accepts exactly the byte strings the strict UTF-8 decoder accepts", () => {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const strict = (b: Uint8Array) => {
    try {
      decoder.decode(b);
      return true;
    } catch {
      return false;
    }
  };
  // Every two-byte string, then random strings built mostly from the boundary bytes.
  for (let x = 0; x < 65_536; x++) {
    const b = new Uint8Array([x >> 8, x & 255]);
    assertEquals(isUtf8(b), strict(b), `${x.toString(16)}`);
  }
  const edges = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf];
  edges.push(0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff, 0xbb);
  const r = rng(65);
  let valid = 0;
  for (let i = 0; i < 50_000; i++) {
    const b = new Uint8Array(Math.floor(r() * 9));
    for (let k = 0; k < b.length; k++) {
      b[k] = r() < 0.7 ? pick(r, edges) : Math.floor(r() * 256);
    }
    const ok = strict(b);
    if (ok && b.some((x) => x >= 0x80)) valid++;
    assertEquals(isUtf8(b), ok, `${[...b].map((x) => x.toString(16))}`);
  }
  assert(valid > 200, `only ${valid} valid multi-byte strings`);
});

Deno.test("corpus: folding copies unchanged runs whole and gives the character-by-character result", () => {
  // The plain definition: every code point dropped when ignorable, else mapped when a look-alike.
  const reference = (text: string) => {
    let folded = "";
    const map: number[] = [];
    for (let i = 0; i < text.length;) {
      const cp = text.codePointAt(i)!;
      const len = cp > 0xffff ? 2 : 1;
      if (!isDefaultIgnorable(cp)) {
        const ch = text.slice(i, i + len);
        const out = latinLookalike(ch) ?? ch;
        folded += out;
        for (let u = 0; u < out.length; u++) map.push(i);
      }
      i += len;
    }
    return { folded, map };
  };
  const pieces = [
    "a",
    "Z",
    " ",
    ".",
    "\n",
    "é",
    "а",
    "о",
    "\u200b",
    "\u00ad",
    "\ufeff",
    "地图",
    "ｆ",
  ];
  pieces.push("\ud835\udc00", "\ud83d\ude00", "\ud800", "\udc00", "\u{e0041}", "\ufe0f", "Ω", "ı");
  const r = rng(66);
  let changed = 0;
  for (let i = 0; i < 3000; i++) {
    let text = "";
    const n = 1 + Math.floor(r() * 30);
    for (let k = 0; k < n; k++) text += pick(r, pieces);
    const seg = buildCorpus([[{ field: "/description", text }]]).segs[0]!;
    const want = reference(text);
    const got = buildCorpus([[{ field: "/description", text }]]).text;
    if (seg.map === null) {
      assertEquals(got, text);
      continue;
    }
    assertEquals(got, want.folded, JSON.stringify(text));
    assertEquals([...seg.map], want.map, JSON.stringify(text));
    if (got !== text) changed++;
  }
  assert(changed > 1000, `only ${changed} texts changed by folding`);
});

Deno.test("GATE_DATA holds for exactly the texts where one of the data patterns matches", () => {
  assert(GATE_DATA.source.includes(String.raw`(?<=\b[\w-]{1,32})\.pem\b`));
  const kinds = [DATA.secret, DATA.identity, DATA.files, DATA.conversation];
  const pieces = ["a", "key", ".pem", "-", "_", " ", ".", "x9", "pem", "\n", "é", ".pems", "/"];
  pieces.push("server", "ssh", "x".repeat(31), "password", "~/", "tax return");
  const r = rng(67);
  let hits = 0;
  for (let i = 0; i < 20_000; i++) {
    let text = "";
    const n = Math.floor(r() * 30);
    for (let k = 0; k < n; k++) text += pick(r, pieces);
    const any = kinds.some((re) => re.test(text));
    if (any) hits++;
    assertEquals(GATE_DATA.test(text), any, JSON.stringify(text));
  }
  assert(hits > 2000 && hits < 18_000, `${hits} texts matched`);
});

/** Whether a requirement's literals occur in a text at all (distances ignored). */
function occursIn(req: Req, text: string): boolean {
  if ("all" in req) return req.all.every((x) => occursIn(x, text));
  if ("any" in req) return req.any.some((x) => occursIn(x, text));
  return holds(req, text, 0, text.length);
}

Deno.test("prefilter: literals that must lie close together (a spanned all) gate exactly", () => {
  const r = rng(31);
  const lits = ["abc", "xyz", String.raw`q\s+r`, "(?:abc|xyz)", String.raw`\bxyz`, "abc "];
  const gaps = [
    String.raw`\w{0,3}`,
    String.raw`\s+`,
    String.raw`\s{1,3}`,
    String.raw`[^.]{0,5}`,
    ".{1,4}",
    String.raw`\b`,
    String.raw`(?:d\s)?`,
    String.raw`(?:\w+\s){0,2}`,
    String.raw`(?<=\s)`,
    String.raw`\S*`,
  ];
  const words = ["abc", "xyz", "q r", "q \t r", " ", "   ", ".", "\n", "d ", "w", "\u00a0"]
    .concat(Array(8).fill("wwww "));
  let spanned = 0;
  let pruned = 0;
  for (let i = 0; i < 2000; i++) {
    const n = 3 + Math.floor(r() * 3);
    const pattern = Array.from({ length: n }, (_, k) => pick(r, k % 2 === 0 ? lits : gaps))
      .join("");
    const flags = pick(r, ["g", "gi"]);
    const plan = requiredLiterals(pattern, flags);
    if (!plan || !JSON.stringify(plan.req).includes('"span"')) continue;
    spanned++;
    const pf = new Prefilter([{ pattern, flags: new RegExp(pattern, flags).flags }]);
    const tools = Array.from({ length: 30 + Math.floor(r() * 50) }, () => {
      let s = "";
      for (let k = Math.floor(r() * 40); k > 0; k--) s += pick(r, words);
      return s;
    });
    const text = tools.join("\n\u0000\n");
    const full = allMatches(pattern, flags, text);
    for (const m of full) assert(holds(plan.req, text, m.start, m.end), `${pattern} at ${m.start}`);
    const gate = pf.gate(text);
    assertEquals(
      allMatches(pattern, flags, text, gate),
      full,
      `${pattern} on ${JSON.stringify(text)}`,
    );
    const p = [...gate.plans.values()][0]!;
    if (
      p.crossings === 0 &&
      gate.stretches(p).length < tools.filter((t) => occursIn(plan.req, t)).length
    ) {
      pruned++;
    }
  }
  assert(spanned > 350, `only ${spanned} patterns with a spanned all`);
  assert(pruned > 60, `only ${pruned} texts where distance pruned tools`);
});

Deno.test("prefilter: a pass restricted to some tools is exact when only some alternatives run into the next tool", () => {
  const r = rng(77);
  const pickTools = rng(78);
  const crossingParts = [String.raw`\s+\S`, String.raw`[\s\S]{1,3}`, String.raw`\n\x00\n?`, "."];
  let checked = 0;
  for (let i = 0; i < 1500; i++) {
    const a = randomPattern(r, 1) + pick(r, crossingParts) + randomPattern(r, 1);
    const pattern = `${a}|${randomPattern(r, 1)}|abc`;
    const flags = pick(r, ["g", "gi", "gs"]);
    try {
      new RegExp(pattern, flags);
    } catch {
      continue;
    }
    const plan = requiredLiterals(pattern, flags);
    if (!plan || plan.crossings === 0 || !Number.isFinite(plan.crossings)) continue;
    const pf = new Prefilter([{ pattern, flags: new RegExp(pattern, flags).flags }]);
    const text = Array.from({ length: 20 + Math.floor(r() * 30) }, () => randomText(r).slice(0, 10))
      .join("\n\u0000\n");
    const gate = pf.gate(text);
    const full = allMatches(pattern, flags, text);
    const only = gate.nuls.concat(text.length).map((_, k) => k).filter(() => pickTools() < 0.3);
    const stretchOf = (pos: number) => gate.nuls.filter((n) => n < pos).length;
    const inOnly = (m: { start: number }) => only.includes(stretchOf(m.start));
    assertEquals(
      allMatches(pattern, flags, text, gate, only).filter(inOnly),
      full.filter(inOnly),
      `${JSON.stringify(pattern)} /${flags} on ${JSON.stringify(text)} in ${only}`,
    );
    if (full.some(inOnly)) checked++;
  }
  assert(checked > 300, `only ${checked} restricted passes with matches`);
});

// ---- lookarounds and patterns with no required literal ----------------------------------------

Deno.test("matchPlan: a lookbehind holding a lookahead bounds the crossings by the lookahead's", () => {
  const plan = (p: string) => matchPlan(p, "gi");
  // The lookahead inside never reads a separator: the lookbehind reads nothing past the match.
  assertEquals(plan(String.raw`(?<=\b(?:to|if(?!\s+so)\s\w+),\s)foo`)?.crossings, 0);
  assertEquals(plan(String.raw`(?<=x(?=\w{1,5}))foo`)?.crossings, 0);
  // It may read one separator (a line feed then the NUL) past its start, so past the match.
  assertEquals(plan(String.raw`(?<=x(?=\s\S))foo`)?.crossings, 1);
  // A backreference may be anything: no bound, and with no literal no plan at all.
  assertEquals(plan(String.raw`(?<=(a)\1)foo`)?.crossings, Infinity);
  assertEquals(plan(String.raw`(?<=(a)\1)[a-z]{3}`), null);
  // A lookaround adds no literal, and a pattern with no literal keeps its bound.
  assertEquals(show(plan(String.raw`(?<=secret\s)(?=token)\w+`)?.req ?? undefined), "none");
  const open = plan(String.raw`(?:[.\x00]\s?send\b|(?<=x(?=y))[a-z]{3,15}(?=\s+the\b))`)!;
  assertEquals(open.req, null);
  assertEquals(open.crossings, 1);
  // Only the first alternative (which may start on a NUL) runs into the next tool.
  assertEquals(show(open.crossReq ?? undefined), "[send~]");
});

/** A pattern built around lookarounds, some alternatives with no literal, some crossing. */
function lookaroundPattern(r: () => number): string {
  const p = () => randomPattern(r, 1);
  const look = () =>
    pick(r, [
      () => `(?<=${p()}(?=${p()})${p()})`,
      () => `(?<!${p()}(?!${p()}))`,
      () => `(?<=(?:^|[.:\\x00]\\s{0,2}|(?<=a)b(?=\\s))${p()})`,
      () => `(?=${p()}(?<=${p()}))`,
      () => `(?!${p()})`,
      // A lookahead inside a lookbehind that reads on into the next tool.
      () => `(?<=${p()}(?=\\s?[\\s\\S]{0,3}${p()}))`,
      () => `(?<=(?=\\n\\x00\\n?${p()}))`,
    ])();
  const alt = () =>
    pick(r, [
      () => `${look()}[a-z]{1,4}${look()}`,
      () => `${look()}${p()}`,
      () => `${p()}${look()}${p()}`,
      () => `${look()}ab${p()}`,
      () => `${look()}${p()}\\s+\\S${look()}`,
    ])();
  const n = 1 + Math.floor(r() * 3);
  const body = Array.from({ length: n }, alt).join("|");
  return r() < 0.5 ? `(?:${body})` : body;
}

Deno.test("prefilter: random patterns with lookarounds: gated and restricted passes find exactly the plain regex's matches", () => {
  const r = rng(4242);
  const pickTools = rng(4343);
  let planned = 0;
  let open = 0;
  let restricted = 0;
  for (let i = 0; i < 1500; i++) {
    const pattern = lookaroundPattern(r);
    const flags = pick(r, ["g", "gi", "gim", "gis"]);
    let re: RegExp;
    try {
      re = new RegExp(pattern, flags);
    } catch {
      continue;
    }
    const plan = matchPlan(pattern, re.flags);
    if (plan) planned++;
    if (plan && plan.req === null) open++;
    const pf = new Prefilter([{ pattern, flags: re.flags }]);
    const text = Array.from({ length: 5 + Math.floor(r() * 40) }, () => randomText(r).slice(0, 12))
      .join("\n\u0000\n");
    // The plain regex over the whole text, with no prefilter code at all.
    const full: { start: number; end: number }[] = [];
    for (const m of text.matchAll(new RegExp(pattern, re.flags))) {
      if (m[0].length > 0) full.push({ start: m.index, end: m.index + m[0].length });
    }
    if (plan?.req) {
      for (const m of full) {
        assert(holds(plan.req, text, m.start, m.end), `${pattern} at ${m.start}`);
      }
    }
    const gate = pf.gate(text);
    assertEquals(
      allMatches(pattern, flags, text, gate),
      full,
      `${JSON.stringify(pattern)} /${flags}`,
    );
    const only = gate.nuls.concat(text.length).map((_, k) => k).filter(() => pickTools() < 0.3);
    const stretchOf = (pos: number) => gate.nuls.filter((n) => n < pos).length;
    const inOnly = (m: { start: number }) => only.includes(stretchOf(m.start));
    assertEquals(
      allMatches(pattern, flags, text, gate, only).filter(inOnly),
      full.filter(inOnly),
      `${JSON.stringify(pattern)} /${flags} on ${JSON.stringify(text)} in ${only}`,
    );
    if (plan && Number.isFinite(plan.crossings) && full.some(inOnly)) restricted++;
  }
  assert(planned > 700, `only ${planned} patterns planned`);
  assert(open > 200, `only ${open} patterns planned with no literal`);
  assert(restricted > 200, `only ${restricted} restricted passes with matches`);
});

Deno.test("prefilter: a pattern that runs into the next tool only from the separator NUL passes exactly from that NUL, also stopping early", () => {
  const r = rng(5151);
  const pickTools = rng(5252);
  let edges = 0;
  let checked = 0;
  for (let i = 0; i < 1500; i++) {
    const lead = pick(r, [
      String.raw`[.:\x00]\s?`,
      String.raw`(?:^|[;\x00])`,
      ".",
      String.raw`\x00`,
    ]);
    const alts = [`${lead}${randomPattern(r, 1)}`, `(?<=[.\\x00]\\s)[a-z]{1,3}(?=\\s)`];
    if (r() < 0.5) alts.push(randomPattern(r, 1));
    const pattern = r() < 0.5 ? `(?:${alts.join("|")})` : alts.join("|");
    const flags = pick(r, ["g", "gi", "gim"]);
    try {
      new RegExp(pattern, flags);
    } catch {
      continue;
    }
    const plan = matchPlan(pattern, flags);
    if (!plan?.edge) continue;
    edges++;
    const pf = new Prefilter([{ pattern, flags: new RegExp(pattern, flags).flags }]);
    const text = Array.from({ length: 10 + Math.floor(r() * 30) }, () => randomText(r).slice(0, 10))
      .join("\n\u0000\n");
    const gate = pf.gate(text);
    const full = allMatches(pattern, flags, text);
    assertEquals(allMatches(pattern, flags, text, gate), full, JSON.stringify(pattern));
    const only = gate.nuls.concat(text.length).map((_, k) => k).filter(() => pickTools() < 0.4);
    // Per stretch of `only`: the latest start needed, somewhere inside the stretch.
    const until = new Map<number, number>();
    for (const s of only) {
      const lo = s === 0 ? 0 : gate.nuls[s - 1]! + 1;
      const hi = s < gate.nuls.length ? gate.nuls[s]! : text.length;
      until.set(s, lo + Math.floor(pickTools() * (hi - lo + 1)));
    }
    const stretchOf = (pos: number) => gate.nuls.filter((n) => n < pos).length;
    const wanted = (m: { start: number }) => {
      const s = stretchOf(m.start);
      return only.includes(s) && m.start <= until.get(s)!;
    };
    assertEquals(
      allMatches(pattern, flags, text, gate, only, until).filter(wanted),
      full.filter(wanted),
      `${JSON.stringify(pattern)} /${flags} on ${JSON.stringify(text)} in ${only}`,
    );
    if (full.some(wanted)) checked++;
  }
  assert(edges > 500, `only ${edges} patterns that cross only from the NUL`);
  assert(checked > 300, `only ${checked} restricted passes with matches`);
});

// ---- passes in the windows around literals -----------------------------------------------------

Deno.test("matchPlan: the longest match and how far an attempt reads, as the literal pass reads them", () => {
  const plan = (p: string) => matchPlan(p, "gi")!;
  // A run of whitespace reads as one character; one more peeked after the match, one spare.
  assertEquals([plan(String.raw`\bfoo\s+bar\b`).maxC, plan(String.raw`\bfoo\s+bar\b`).reach], [
    7,
    9,
  ]);
  // A lookahead reads past the match: its longest match and one more.
  const look = plan(String.raw`foo(?=\s{0,3}bar)`);
  assertEquals([look.maxC, look.reach], [3, 3 + 5 + 2]);
  assertEquals(plan(String.raw`foo[^.\n]{0,40}?bar`).maxC, 46);
  // Unbounded repetition, in the match or a lookahead: no bound.
  assertEquals(plan(String.raw`foo\S+`).maxC, Infinity);
  assertEquals(plan(String.raw`foo(?!\w*bar)`).reach, Infinity);
  assertEquals(plan(String.raw`foo(?!\w*bar)`).maxC, 3);
});

/** A long text of tools with few literal-bearing pieces among filler words. */
function sparseText(r: () => number): string {
  const filler = ["lorem ipsum ", "dolor sit amet, ", "consectetur ", "x_y ", "\n", "qq. "];
  const tools: string[] = [];
  for (let t = 0; t < 4 + Math.floor(r() * 12); t++) {
    let s = "";
    for (let k = 0; k < 6 + Math.floor(r() * 30); k++) {
      s += r() < 0.12 ? randomText(r).slice(0, 14) : pick(r, filler);
    }
    tools.push(s);
  }
  return tools.join("\n\u0000\n");
}

Deno.test("prefilter windows: random patterns over sparse texts: passes around the literals find exactly the full pass's matches, and those near given spans", () => {
  const r = rng(777);
  const saved = { ...matchSettings };
  let windowed = 0;
  let near = 0;
  try {
    matchSettings.windows = "always";
    for (let i = 0; i < 2500; i++) {
      const pattern = i % 2 === 0 ? randomPattern(r) : lookaroundPattern(r);
      const flags = pick(r, ["g", "gi", "gim", "gis"]);
      let re: RegExp;
      try {
        re = new RegExp(pattern, flags);
      } catch {
        continue;
      }
      if (/[*+]/.test(pattern) && r() < 0.7) continue; // mostly bounded (the texts are long)
      const pf = new Prefilter([{ pattern, flags: re.flags }]);
      const plan = pf.plans.get(`${re.flags}\u0000${pattern}`);
      const text = sparseText(r);
      const full: { start: number; end: number }[] = [];
      for (const m of text.matchAll(new RegExp(pattern, re.flags))) {
        if (m[0].length > 0) full.push({ start: m.index, end: m.index + m[0].length });
      }
      const gate = pf.gate(text);
      if (!plan || gate.windows(plan, true) === null) continue;
      windowed++;
      const label = `${JSON.stringify(pattern)} /${flags} on ${JSON.stringify(text)}`;
      assertEquals(allMatches(pattern, flags, text, gate), full, label);
      // Around a few spans (the other term's matches of a near rule): the matches that
      // overlap the ranges `window` characters around them are exact.
      const spans = Array.from({ length: 1 + Math.floor(r() * 3) }, () => {
        const start = Math.floor(r() * text.length);
        return { start, end: Math.min(text.length, start + 1 + Math.floor(r() * 10)) };
      });
      const window = Math.floor(r() * 30);
      const wanted = (m: { start: number; end: number }) =>
        spans.some((s) => m.start <= s.end + window && m.end >= s.start - window);
      assertEquals(
        allMatches(pattern, flags, text, gate, undefined, undefined, { spans, window })
          .filter(wanted),
        full.filter(wanted),
        `${label} around ${JSON.stringify(spans)} ±${window}`,
      );
      if (full.some(wanted)) near++;
    }
  } finally {
    Object.assign(matchSettings, saved);
  }
  assert(windowed > 800, `only ${windowed} patterns ran in windows`);
  assert(near > 200, `only ${near} passes around spans with matches`);
});

Deno.test("prefilter: a pass over some tools that stops at a latest start ends its text where an attempt from there stops reading, exactly", () => {
  const r = rng(9090);
  const pickTools = rng(9191);
  const saved = { ...matchSettings };
  let checked = 0;
  try {
    matchSettings.windows = "off";
    for (let i = 0; i < 2000; i++) {
      const pattern = i % 2 === 0 ? randomPattern(r) : lookaroundPattern(r);
      const flags = pick(r, ["g", "gi", "gim", "gis"]);
      let re: RegExp;
      try {
        re = new RegExp(pattern, flags);
      } catch {
        continue;
      }
      if (/[*+]/.test(pattern)) continue; // bounded reach only (the cut needs it)
      const pf = new Prefilter([{ pattern, flags: re.flags }]);
      const text = sparseText(r);
      const gate = pf.gate(text);
      const full = allMatches(pattern, flags, text);
      const only = gate.nuls.concat(text.length).map((_, k) => k).filter(() => pickTools() < 0.5);
      const until = new Map<number, number>();
      for (const s of only) {
        const lo = s === 0 ? 0 : gate.nuls[s - 1]! + 1;
        const hi = s < gate.nuls.length ? gate.nuls[s]! : text.length;
        until.set(s, lo + Math.floor(pickTools() * (hi - lo + 1)));
      }
      const stretchOf = (pos: number) => gate.nuls.filter((n) => n < pos).length;
      const wanted = (m: { start: number }) => {
        const s = stretchOf(m.start);
        return only.includes(s) && m.start <= until.get(s)!;
      };
      assertEquals(
        allMatches(pattern, flags, text, gate, only, until).filter(wanted),
        full.filter(wanted),
        `${JSON.stringify(pattern)} /${flags} on ${JSON.stringify(text)} in ${only}`,
      );
      if (full.some(wanted)) checked++;
    }
  } finally {
    Object.assign(matchSettings, saved);
  }
  assert(checked > 300, `only ${checked} restricted passes with matches`);
});

Deno.test("purpose hints: a tool's prose joined by line feeds holds MOVE, STEER and PATH hints exactly when one of its texts does", () => {
  // The purpose gate tests these per text (memoised) instead of on the joined prose.
  const material = evalCases.flatMap((c) => c.tools.map((t) => t.description ?? ""))
    .filter((s) => s.length > 0);
  const r = rng(31337);
  let hits = 0;
  for (let i = 0; i < 4000; i++) {
    // A description cut into texts at spaces, so phrases straddle the joins.
    const words = pick(r, material).split(" ");
    const texts: string[] = [];
    let cur: string[] = [];
    for (const w of words) {
      cur.push(w);
      if (r() < 0.25) {
        texts.push(cur.join(" "));
        cur = [];
      }
    }
    texts.push(cur.join(" "));
    const all = texts.join("\n");
    for (const re of [MOVE_HINT, STEER_HINT, PATH_HINT]) {
      const any = texts.some((t) => re.test(t));
      if (any) hits++;
      assertEquals(re.test(all), any, `${re.source.slice(0, 30)} on ${JSON.stringify(texts)}`);
    }
    // DATA_HINT: a match in one text is one in the joined prose (the gate relies on that one
    // way only: across a line feed it may match where no text does).
    if (texts.some((t) => DATA_HINT.test(t))) assert(DATA_HINT.test(all), JSON.stringify(texts));
  }
  assert(hits > 1000, `only ${hits} hints found`);
});
