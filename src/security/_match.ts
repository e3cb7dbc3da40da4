/**
 * Runs the text rules (`regex`, `near`, `email`) of the rule set over a corpus. Every regex is
 * compiled once; proximity is computed from the two term match lists with a binary search, so
 * the cost is linear in the corpus plus n log n in the number of term matches.
 */
import { type Rule, RULES, type Term } from "./rules.ts";
import { type Gate, type Plan, planKey, Prefilter, type Window } from "./_prefilter.ts";

/**
 * Internal switches. `prefilter` off runs every pattern over the whole corpus (the
 * equivalence tests compare both ways). The prefilter is used for texts of at least
 * `prefilterMinLength` characters (below that a full pass is as quick), once the process has
 * scanned `prefilterBuildAfter` characters in all: building its automaton takes about as long
 * as a few large scans, so a one-off scan never waits for it. `profile`, when set, receives
 * the milliseconds each text rule took, summed over calls (the literal pass as "(prefilter)").
 * `windows` "auto" runs a pattern only in the windows around its literals when they hold less
 * text than the stretches (tools) it would run over; "off" never, "always" whenever the
 * pattern has them (the equivalence tests compare the three).
 */
export const matchSettings: {
  prefilter: boolean;
  prefilterMinLength: number;
  prefilterBuildAfter: number;
  profile: Map<string, number> | null;
  windows: "auto" | "always" | "off";
} = {
  prefilter: true,
  prefilterMinLength: 16_384,
  prefilterBuildAfter: 1_000_000,
  profile: null,
  windows: "auto",
};

/** Characters scanned so far (decides when the automaton is worth building). */
let scanned = 0;

export interface RawMatch {
  rule: Readonly<Rule>;
  start: number;
  end: number;
  /** For a `near` rule: the term matches that were paired (the text between them is not). */
  parts?: Span[];
}

interface Span {
  start: number;
  end: number;
  parts?: Span[];
}

/**
 * Compiled patterns by flags, then by pattern: a rule's pattern is the same string on every
 * call, so its hash is worked out once (a key joining flags and a pattern of kilobytes was
 * built and hashed afresh on every call).
 */
const compiled = new Map<string, Map<string, RegExp>>();
function re(pattern: string, flags = "gi"): RegExp {
  const f = flags.includes("g") ? flags : flags + "g";
  let byPattern = compiled.get(f);
  if (!byPattern) compiled.set(f, byPattern = new Map());
  let r = byPattern.get(pattern);
  if (!r) {
    r = new RegExp(pattern, f);
    byPattern.set(pattern, r);
  }
  r.lastIndex = 0;
  return r;
}

/** Per automaton (its plans), the plan of each compiled pattern (undefined: none). */
const plansByRegExp = new WeakMap<ReadonlyMap<string, Plan>, Map<RegExp, Plan | undefined>>();
function planOf(gate: Gate, r: RegExp, pattern: string): Plan | undefined {
  let byRe = plansByRegExp.get(gate.plans);
  if (!byRe) plansByRegExp.set(gate.plans, byRe = new Map());
  if (byRe.has(r)) return byRe.get(r);
  const plan = gate.plans.get(planKey(pattern, r.flags));
  byRe.set(r, plan);
  return plan;
}

/** The cache key of a pattern term's matches (worked out once per term). */
type PatternTerm = Extract<Term, { pattern: string }>;
const termKeys = new WeakMap<PatternTerm, string>();
function termKey(t: PatternTerm): string {
  let k = termKeys.get(t);
  if (k === undefined) {
    k = (t.flags ?? "gi") + "\u0000" + t.pattern + "\u0000" + (t.unless_after ?? "");
    termKeys.set(t, k);
  }
  return k;
}

let automaton: Prefilter | null = null;

/** How many text-rule patterns the prefilter covers (for the benchmark's profile). */
export function prefilterCoverage(): {
  patterns: number;
  planned: number;
  perTool: number;
  bounded: number;
} {
  const all = new Set(textPatterns().map((p) => planKey(p.pattern, p.flags)));
  const plans = [...prefilter().plans.values()];
  return {
    patterns: all.size,
    planned: plans.length,
    perTool: plans.filter((p) => p.crossings === 0).length,
    bounded: plans.filter((p) => Number.isFinite(p.crossings)).length,
  };
}

/** Every pattern the text rules run (regex rules and the pattern terms of `near` rules). */
function textPatterns(): { pattern: string; flags: string }[] {
  const patterns: { pattern: string; flags: string }[] = [];
  const add = (pattern: string, flags: string | undefined) =>
    patterns.push({ pattern, flags: re(pattern, flags).flags });
  for (const rule of TEXT_RULES) {
    if (rule.detector === "regex") add(rule.pattern!, rule.flags);
    if (rule.detector === "near") {
      for (const t of [rule.near!.a, rule.near!.b]) if ("pattern" in t) add(t.pattern, t.flags);
    }
  }
  return patterns;
}

/** The automaton over every text rule's patterns (built on first use). */
function prefilter(): Prefilter {
  automaton ??= new Prefilter(textPatterns());
  return automaton;
}

/**
 * All matches of a global regex; zero-length matches are skipped. With a gate (the literal
 * pass over this text), a pattern whose literals occur nowhere finds nothing, and a pattern
 * whose matches span a bounded number of tools runs only from the tools where they can start.
 * With `only` (ascending stretches), the matches that start in those stretches are exact and
 * others may be missing (the second term of a `near` rule needs only the first term's tools).
 * With `until` as well (per stretch of `only`: the latest start needed there), the matches of
 * such a stretch are listed up to that start: the scan runs from the stretch's start as before
 * and stops early, so those it lists are exact.
 */
export function allMatches(
  pattern: string,
  flags: string | undefined,
  text: string,
  gate?: Gate,
  only?: readonly number[],
  until?: ReadonlyMap<number, number>,
  around?: Around,
): Span[] {
  const r = re(pattern, flags);
  const out: Span[] = [];
  const plan = gate && planOf(gate, r, pattern);
  if (gate && plan && matchSettings.windows !== "off") {
    const w = gate.windows(plan, matchSettings.windows === "always");
    if (w && inWindows(r, text, gate, plan, w, out, only, until, around)) return out;
  }
  // A full pass (no plan, or matches that may run past any number of separators) still ends
  // at the latest start needed.
  let stop = until ? 0 : Infinity;
  if (until) { for (const u of until.values()) if (u > stop) stop = u; }
  if (!gate || !plan) {
    collect(r, text, out, stop);
    return out;
  }
  if (!Number.isFinite(plan.crossings)) {
    if (gate.anywhere(plan)) collect(r, text, out, stop);
    return out;
  }
  // Runs of consecutive stretches where a match can start are scanned in one go, on a prefix
  // of the text that ends after the last NUL a match from there can reach. With `until` and
  // no match running past a separator, every stretch is its own run (it can stop early).
  const { nuls } = gate;
  const starts = only ? restrict(gate, plan, only) : gate.stretches(plan);
  const single = until !== undefined && (plan.crossings === 0 || plan.edge);
  // A match that runs into the next tool only by starting on the separator NUL: a pass from
  // that NUL (not after it) finds what a full pass finds from there.
  const back = plan.edge ? 0 : 1;
  let pos = 0;
  for (let a = 0; a < starts.length;) {
    let b = a;
    while (!single && b + 1 < starts.length && starts[b + 1] === starts[b]! + 1) b++;
    const first = starts[a]!;
    const last = starts[b]!;
    let limit = last < nuls.length ? nuls[last]! : text.length; // the latest start
    const needed = until?.get(last);
    if (needed !== undefined && needed < limit) limit = needed;
    let cut = last + plan.crossings < nuls.length ? nuls[last + plan.crossings]! + 1 : text.length;
    // An attempt from the latest start reads at most `reach` characters on: the pass can stop
    // there instead of looking on to the end of the tool for a match it would not keep.
    if (needed !== undefined && Number.isFinite(plan.reach)) {
      cut = Math.min(cut, gate.readsOn(limit, plan.reach));
    }
    const sub = cut >= text.length ? text : text.slice(0, cut);
    r.lastIndex = Math.max(first === 0 ? 0 : nuls[first - 1]! + back, pos);
    let m: RegExpExecArray | null;
    while ((m = r.exec(sub)) !== null && m.index <= limit) {
      if (m[0].length === 0) r.lastIndex++;
      else out.push({ start: m.index, end: m.index + m[0].length });
      pos = r.lastIndex;
    }
    a = b + 1;
  }
  return out;
}

/**
 * The matches of the other term of a `near` rule that matter: those overlapping `window`
 * characters around one of `spans` (a pair needs its two parts that close, and a match
 * overlapping the first term is what the pairing steps over).
 */
export interface Around {
  spans: readonly Span[];
  window: number;
}

/**
 * Runs a pattern only in the windows around its literals (Gate.windows), when they hold less
 * text than the stretches a pass would run over; false (nothing added) when they do not.
 * Every match starts in a window. The windows are taken in order and each pass starts at the
 * window's start or after the last match, whichever is later: a match from an earlier window
 * is found there, so each pass continues as a full pass would. Each runs on a prefix that
 * holds everything an attempt from the window reads. With `around`, only the windows whose
 * matches can overlap the ranges it names are run (windows are apart: a match of one never
 * reaches the next), so the matches overlapping those ranges are exact and others may be
 * missing; otherwise every match is listed.
 */
function inWindows(
  r: RegExp,
  text: string,
  gate: Gate,
  plan: Plan,
  windows: readonly Window[],
  out: Span[],
  only: readonly number[] | undefined,
  until: ReadonlyMap<number, number> | undefined,
  around: Around | undefined,
): boolean {
  const { nuls } = gate;
  const stretchLen = (s: number) => stretchLength(nuls, text, s);
  // What a pass over stretches would read (up to the latest start needed in each).
  let stretchCost = 0;
  const runs = only && around ? restrict(gate, plan, only) : gate.stretches(plan);
  for (const st of runs) {
    const u = until?.get(st);
    const from = st === 0 ? 0 : nuls[st - 1]! + 1;
    stretchCost += u === undefined
      ? stretchLen(st)
      : Math.max(0, Math.min(u - from, stretchLen(st)));
  }
  let picked: readonly Window[] = windows;
  if (around) {
    const ranges = spread(around.spans, around.window);
    const keep: Window[] = [];
    let k = 0;
    for (const w of windows) {
      while (k < ranges.length && ranges[k]!.end < w.lo) k++;
      if (k < ranges.length && ranges[k]!.start <= w.end) keep.push(w);
    }
    picked = keep;
  }
  // Each window costs a pass of its own: counted as WINDOW_COST characters more.
  let cost = picked.length * WINDOW_COST;
  for (const w of picked) cost += w.cut - w.lo;
  if (cost * 4 > stretchCost * 3 && matchSettings.windows !== "always") return false;
  let pos = 0;
  for (const w of picked) {
    if (w.hi < pos) continue;
    const sub = w.cut >= text.length ? text : text.slice(0, w.cut);
    r.lastIndex = Math.max(w.lo, pos);
    let m: RegExpExecArray | null;
    while ((m = r.exec(sub)) !== null && m.index <= w.hi) {
      if (m[0].length === 0) r.lastIndex++;
      else out.push({ start: m.index, end: m.index + m[0].length });
      pos = r.lastIndex;
    }
  }
  return true;
}

/** What starting a pass costs, in characters a pass reads in about the same time. */
const WINDOW_COST = 48;

/** The ranges `window` characters around each span, merged, ascending. */
function spread(spans: readonly Span[], window: number): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const start = s.start - window;
    const end = s.end + window;
    const last = out[out.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else out.push({ start, end });
  }
  return out;
}

/**
 * The start stretches to scan so that the matches starting in `only` are those of a full
 * scan. A match from an earlier stretch can run into one of them (at most `crossings`
 * stretches on) and change where its matches start, so the earlier stretches where such a
 * match can start are scanned too, and theirs in turn.
 */
function restrict(gate: Gate, plan: Plan, only: readonly number[]): number[] {
  const need = new Uint8Array(gate.nuls.length + 1);
  for (const s of only) need[s] = 1;
  const k = plan.crossings;
  // With `edge`, a pass over a stretch starts on the NUL before it: nothing to look back for.
  if (k > 0 && !plan.edge) {
    const crossing = new Uint8Array(need.length);
    for (const t of gate.crossStretches(plan)) crossing[t] = 1;
    // Descending, so a stretch marked here is itself looked back from.
    for (let s = need.length - 1; s > 0; s--) {
      if (need[s] === 0) continue;
      for (let t = s - 1; t >= 0 && t >= s - k; t--) if (crossing[t] === 1) need[t] = 1;
    }
  }
  return gate.stretches(plan).filter((s) => need[s] === 1);
}

/** Appends the matches of `r` from its lastIndex that start at or before `stop`. */
function collect(r: RegExp, text: string, out: Span[], stop = Infinity) {
  let m: RegExpExecArray | null;
  while ((m = r.exec(text)) !== null && m.index <= stop) {
    if (m[0].length === 0) {
      r.lastIndex++;
      continue;
    }
    out.push({ start: m.index, end: m.index + m[0].length });
  }
}

const LOCAL = /[A-Za-z0-9._%+-]/;
const DOMAIN = /[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}/y;

/** E-mail addresses: found from each '@', local part walked back at most 64 characters. */
export function emailMatches(text: string): Span[] {
  const out: Span[] = [];
  let at = text.indexOf("@");
  while (at !== -1) {
    let s = at;
    while (s > 0 && at - s < 64 && LOCAL.test(text[s - 1]!)) s--;
    while (s < at && text[s] === ".") s++;
    DOMAIN.lastIndex = at + 1;
    const d = DOMAIN.exec(text);
    if (s < at && d) {
      let end = at + 1 + d[0].length;
      while (text[end - 1] === "." || text[end - 1] === "-") end--;
      const tld = text.slice(text.lastIndexOf(".", end - 1) + 1, end);
      if (/^[A-Za-z]{2,24}$/.test(tld)) {
        out.push({ start: s, end });
        at = text.indexOf("@", end);
        continue;
      }
    }
    at = text.indexOf("@", at + 1);
  }
  return out;
}

/** An ASCII letter. */
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

const TLD = new Set(
  ("com net org io sh xyz ru cn site online top info biz cc me dev app co ai tk " +
    "ly ee to gg pw su ws link click live store shop cloud uk de fr nl eu").split(" "),
);
const LABEL = /[A-Za-z0-9-]/;
const PATH = /\/[\w./-]{0,100}/y;

/**
 * Bare domain names (exfil.domain): found from each '.', walked back over at most four labels
 * and checked against the listed top-level domains; linear, no regex backtracking.
 */
export function domainMatches(text: string): Span[] {
  const out: Span[] = [];
  let lastEnd = -1;
  for (let dot = text.indexOf("."); dot !== -1; dot = text.indexOf(".", dot + 1)) {
    // The top-level domain: letters after this dot, then not a word character or '-' or '.x'.
    // Most dots end a sentence: no letter follows, so no top-level domain (a quick no).
    let e = dot + 1;
    while (e < text.length && e - dot <= 7 && isLetter(text.charCodeAt(e))) e++;
    if (e === dot + 1) continue;
    const tld = text.slice(dot + 1, e).toLowerCase();
    if (!TLD.has(tld)) continue;
    const after = text[e];
    if (
      after !== undefined &&
      (/[\w-]/.test(after) || (after === "." && /[a-z]/i.test(text[e + 1] ?? "")))
    ) {
      continue;
    }
    // Labels before the dot: 1-4 of them, each 1-63 characters.
    let s = dot;
    let labels = 0;
    while (labels < 4) {
      let k = s;
      while (k > 0 && s - k < 63 && LABEL.test(text[k - 1]!)) k--;
      if (k === s) break;
      labels++;
      s = k;
      if (text[s - 1] === "." && s - 1 > 0 && LABEL.test(text[s - 2]!)) s--;
      else break;
    }
    if (labels === 0 || s <= lastEnd) continue;
    const before = text[s - 1];
    if (before !== undefined && /[\w.@/-]/.test(before)) continue;
    if (text[s] === "-" || text[dot - 1] === "-") continue;
    PATH.lastIndex = e;
    const p = PATH.exec(text);
    const end = p ? e + p[0].length : e;
    out.push({ start: s, end });
    lastEnd = end;
  }
  return out;
}

function firstAtOrAfter(list: Span[], pos: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.start < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Is there a tool separator (NUL) between two corpus offsets? */
type Crosses = (a: number, b: number) => boolean;

const term = (s: Span): Span => ({ start: s.start, end: s.end });

function near(
  a: Span[],
  b: Span[],
  window: number,
  anyOrder: boolean,
  crosses: Crosses,
): Span[] {
  const out: Span[] = [];
  if (a.length === 0 || b.length === 0) return out;
  // b sorted by start (regex output is); for "any" order also need b by end: same order here
  // since matches of one term list do not overlap much; we check neighbours.
  for (const x of a) {
    let best: Span | null = null;
    const i = firstAtOrAfter(b, x.end);
    const after = b[i];
    if (after && after.start - x.end <= window && !crosses(x.start, after.end)) {
      best = { start: x.start, end: after.end, parts: [term(x), term(after)] };
    }
    if (!best && anyOrder) {
      // Candidates before x: scan back a few entries whose end is within the window.
      for (let k = i - 1, steps = 0; k >= 0 && steps < 8; k--, steps++) {
        const y = b[k]!;
        if (y.end > x.start) continue; // overlapping: not a pair
        if (x.start - y.end <= window && !crosses(y.start, x.end)) {
          best = { start: y.start, end: x.end, parts: [term(y), term(x)] };
        }
        break;
      }
    }
    if (best) {
      const last = out[out.length - 1];
      if (last && best.start < last.end) {
        // Merge overlapping pairs into one finding.
        last.end = Math.max(last.end, best.end);
        last.parts!.push(...best.parts!);
      } else out.push(best);
    }
  }
  return out;
}

/**
 * A term's matches. With `only` (ascending stretches), only the matches starting there are
 * sure to be listed, and the list is not cached.
 */
function termMatches(
  t: Term,
  text: string,
  byRule: Map<string, Span[]>,
  cache: Map<string, Span[]>,
  gate: Gate | undefined,
  only?: readonly number[],
  until?: ReadonlyMap<number, number>,
  around?: Around,
): Span[] {
  if ("pattern" in t) {
    const key = termKey(t);
    let spans = cache.get(key);
    if (!spans) {
      spans = allMatches(t.pattern, t.flags ?? "gi", text, gate, only, until, around);
      if (t.unless_after) spans = notAfter(spans, t.unless_after, text);
      if (!only) cache.set(key, spans);
    }
    return spans;
  }
  const merged: Span[] = [];
  for (const id of t.rules) for (const sp of byRule.get(id) ?? []) merged.push(sp);
  merged.sort((p, q) => p.start - q.start || p.end - q.end);
  return merged;
}

/** Roughly how much work a term's matches still take: 0 when known, else the tools to scan. */
function termCost(t: Term, gate: Gate | undefined, cache: Map<string, Span[]>) {
  if (!("pattern" in t)) return 0;
  if (cache.has(termKey(t))) return 0;
  const plan = gate && planOf(gate, re(t.pattern, t.flags ?? "gi"), t.pattern);
  if (!gate || !plan) return Infinity;
  if (!Number.isFinite(plan.crossings)) return gate.anywhere(plan) ? gate.nuls.length + 1 : 0;
  return gate.stretches(plan).length;
}

/** The length of stretch `s` (a tool's text up to its separator NUL). */
function stretchLength(nuls: readonly number[], text: string, s: number): number {
  return (s < nuls.length ? nuls[s]! : text.length) - (s === 0 ? 0 : nuls[s - 1]! + 1);
}

const afterCache = new Map<string, RegExp>();

/** Drops matches directly preceded by `pattern` (checked on the 48 characters before each). */
function notAfter(spans: Span[], pattern: string, text: string): Span[] {
  let r = afterCache.get(pattern);
  if (!r) {
    r = new RegExp(`(?:${pattern})$`, "i");
    afterCache.set(pattern, r);
  }
  return spans.filter((s) => !r.test(text.slice(Math.max(0, s.start - 48), s.start)));
}

/** Text rules in dependency order (plain detectors before the `near` rules that use them). */
const TEXT_RULES = [
  ...RULES.rules.filter((r) =>
    r.detector === "regex" || r.detector === "email" || r.detector === "domain"
  ),
  ...RULES.rules.filter((r) => r.detector === "near"),
];

/**
 * The position-free mcp-diff key of a `near` match: its distinct term texts, normalised and
 * sorted, so rewording the text between two approved terms does not make the match new.
 */
export function nearKey(text: string, parts: readonly Span[]): string {
  const terms = new Set(parts.map((p) =>
    text.slice(p.start, p.end).toLowerCase()
      .replace(/\s+/g, " ").trim()
  ));
  return [...terms].sort().join(" … ");
}

/** Runs every text rule over `text`. */
export function matchText(text: string): RawMatch[] {
  const byRule = new Map<string, Span[]>();
  const cache = new Map<string, Span[]>();
  const out: RawMatch[] = [];
  let nuls: number[] | null = null;
  const crosses: Crosses = (a, b) => {
    if (nuls === null) {
      nuls = [];
      for (let i = text.indexOf("\u0000"); i !== -1; i = text.indexOf("\u0000", i + 1)) {
        nuls.push(i);
      }
    }
    if (nuls.length === 0) return false;
    const k = firstAtOrAfterNum(nuls, a);
    return k < nuls.length && nuls[k]! < b;
  };
  let lines: number[] | null = null;
  const crossesLine: Crosses = (a, b) => {
    if (lines === null) {
      lines = [];
      for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines.push(i);
    }
    const k = firstAtOrAfterNum(lines, a);
    return (k < lines.length && lines[k]! < b) || crosses(a, b);
  };
  const profile = matchSettings.profile;
  let t0 = profile ? performance.now() : 0;
  scanned += text.length;
  const gate = matchSettings.prefilter && text.length >= matchSettings.prefilterMinLength &&
      (automaton !== null || scanned >= matchSettings.prefilterBuildAfter)
    ? prefilter().gate(text)
    : undefined;
  if (profile) {
    const t1 = performance.now();
    profile.set("(prefilter)", (profile.get("(prefilter)") ?? 0) + t1 - t0);
    t0 = t1;
  }
  for (const rule of TEXT_RULES) {
    let spans: Span[];
    if (rule.detector === "regex") spans = allMatches(rule.pattern!, rule.flags, text, gate);
    else if (rule.detector === "email") spans = emailMatches(text);
    else if (rule.detector === "domain") spans = domainMatches(text);
    else {
      const n = rule.near!;
      // Evaluate the cheaper term first (matches of other rules are already known; with the
      // prefilter, the term to run over fewer tools) and skip the other one when it found
      // nothing: a pair needs both, so the order never changes the result.
      // (A first term that costs nothing goes first: the other's cost is not worked out.)
      const costA = termCost(n.a, gate, cache);
      const bFirst = costA > 0 && termCost(n.b, gate, cache) < costA;
      const first = termMatches(bFirst ? n.b : n.a, text, byRule, cache, gate);
      // A pair lies within one tool: the second term is needed only in the first one's tools
      // (its matches starting there are exact, so the pairs are the same), and there only up
      // to a window past the first term's last match (a later start pairs with none).
      const second = first.length === 0 ? [] : termMatches(
        bFirst ? n.a : n.b,
        text,
        byRule,
        cache,
        gate,
        gate && stretchesOf(first, gate.nuls),
        // A first part ends before its second part starts: needed up to the last start.
        gate && lastNeeded(first, gate.nuls, bFirst && n.order === "a_then_b" ? null : n.window),
        gate && { spans: first, window: n.window },
      );
      const [a, b] = bFirst ? [second, first] : [first, second];
      spans = near(a, b, n.window, n.order === "any", n.same_line ? crossesLine : crosses);
    }
    byRule.set(rule.id, spans);
    if (profile) {
      const t1 = performance.now();
      profile.set(rule.id, (profile.get(rule.id) ?? 0) + t1 - t0);
      t0 = t1;
    }
    for (const s of spans) {
      out.push(s.parts ? { rule, start: s.start, end: s.end, parts: s.parts } : { rule, ...s });
    }
  }
  return out;
}

/**
 * Per stretch in which spans start: the latest start of a match of the other term of a `near`
 * rule that can pair with one of them (the furthest end plus the window). A pair lies within
 * one stretch, and its second part starts at most `window` after its first part ends, so a
 * match of the other term starting later pairs with none of these spans, in either order.
 * With `window` null the spans are second parts (a_then_b) and the other term's matches first
 * parts, which end at or before a second part starts: the latest start is the spans' latest.
 */
function lastNeeded(
  spans: readonly Span[],
  nuls: readonly number[],
  window: number | null,
): Map<number, number> {
  const out = new Map<number, number>();
  let k = 0;
  for (const s of spans) {
    k = firstAtOrAfterNum(nuls, s.start, k);
    const e = window === null ? s.start : s.end + window;
    if (!(out.get(k)! >= e)) out.set(k, e);
  }
  return out;
}

/** The ascending stretches (tools) in which the spans start. */
function stretchesOf(spans: readonly Span[], nuls: readonly number[]): number[] {
  const out: number[] = [];
  let k = 0;
  for (const s of spans) {
    if (out.length > 0 && (k === nuls.length || s.start <= nuls[k]!)) continue; // same stretch
    k = firstAtOrAfterNum(nuls, s.start, k);
    out.push(k);
  }
  return out;
}

function firstAtOrAfterNum(list: readonly number[], pos: number, from = 0): number {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
