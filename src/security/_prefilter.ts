/**
 * Keyword prefilter for the text rules. Every pattern gets a requirement over literals
 * (_literals.ts); one Aho-Corasick pass over the corpus records which stretches (tools: the
 * text between separator NULs) contain which literals. A pattern whose requirement holds
 * nowhere is skipped. A pattern whose matches run past at most k separators (k is 0 for most)
 * runs only from the stretches where its requirement holds within k + 1 stretches, on a prefix
 * of the corpus that ends just after the NUL k stretches on: lookbehinds, word boundaries and
 * anchors see the same characters as in a full pass, so the matches are identical. A pattern
 * with no such bound runs over the whole corpus. A pattern with a bound but no required
 * literal (a generic verb slot) may start in any stretch; its plan still lets the second term
 * of a `near` rule run only in the first term's stretches (and those a match can run from).
 */
import { isSpace, matchPlan, type Req, WB } from "./_literals.ts";

/** A requirement over literal ids (`span`: see Req in _literals.ts). */
type IdReq = LitReq | { all: IdReq[]; span?: number } | { any: IdReq[] };
/** A list of literals; `node` numbers the list (see Gate.present). */
type LitReq = { lit: number[]; node: number };

const NONE: readonly number[] = [];

export interface Plan {
  /** Index of the pattern (for the per-text memo). */
  id: number;
  /** Null: no literal is required (only the crossings are known; see allMatches' `only`). */
  req: Req | null;
  /** How many separators a match can run past (_literals.ts); Infinity: no bound. */
  crossings: number;
  ids: IdReq | null;
  /** What a match that runs past a separator requires (null: unknown, any match may). */
  crossIds: IdReq | null;
  /** Matches run into the next tool only from the separator NUL (see MatchPlan). */
  edge: boolean;
  /** The longest match and how far an attempt reads, in characters as the pass reads them. */
  maxC: number;
  reach: number;
  /**
   * Whether the pass records where this plan's literals occur, so that the pattern can run
   * only around them (see Gate.windows): it needs a requirement and bounded lengths.
   */
  placed: boolean;
}

/**
 * Where a pattern can match, from its literals' places: groups of candidate starts, each
 * `lo`..`hi` (raw offsets, inclusive) with every match starting there ending before `end`, and
 * `cut`: a pass over text.slice(0, cut) from any start up to `hi` sees what a full pass sees.
 * Groups are ascending and apart (a match of one never reaches the next), and no match starts
 * outside them.
 */
export interface Window {
  lo: number;
  hi: number;
  end: number;
  cut: number;
}

export function planKey(pattern: string, flags: string): string {
  return flags + "\u0000" + pattern;
}

/** Whitespace code units (a run of them is read as one space, as the literals are written). */
const SPACE = new Uint8Array(65536);
for (let c = 0; c < 65536; c++) SPACE[c] = isSpace(c) ? 1 : 0;

const WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) WORD[c] = /\w/.test(String.fromCharCode(c)) ? 1 : 0;

/**
 * Which stretches of one text meet which plans' requirements. A stretch ends at a separator
 * NUL: a NUL directly after a line feed (the corpus puts "\n\u0000\n" between tools).
 */
export class Gate {
  private memo = new Map<number, number[]>();
  private crossMemo = new Map<number, number[]>();
  /** Stretch sets are bitsets of this many 32-bit words. */
  private words: number;
  private litBits: (Uint32Array | undefined)[];
  private winMemo = new Map<number, Window[] | null>();
  /**
   * Per literal list (by node): its literals that occur in the text, ascending (built on first
   * use). A requirement's lists hold thousands of literals and a text a few hundred of them:
   * every reading of a list below takes only these (an absent literal adds nothing to any).
   */
  private presentByNode: (number[] | undefined)[] | null = null;
  constructor(
    /** The plans of the automaton that made this gate, by planKey. */
    readonly plans: ReadonlyMap<string, Plan>,
    /** Positions of the separator NULs (stretch r ends at nuls[r], inclusive). */
    readonly nuls: number[],
    /** Per literal id: ascending stretches where it occurs (undefined: nowhere). */
    private litStretches: (ArrayLike<number> | undefined)[],
    /**
     * For the literals of an `all` with a span: where each occurrence ends, ascending, counted
     * as the literal pass reads the text (a run of whitespace is one character).
     */
    private litEnds: (ArrayLike<number> | undefined)[],
    /** The same count at each separator NUL. */
    private nulReads: number[],
    /** The text position where each read starts (one more entry: the text's length). */
    private raw: Int32Array,
    /** Per literal: the literal lists (nodes) it belongs to. */
    private nodesOf: readonly (readonly number[])[],
    /** The literals that occur (those with stretches), ascending. */
    private occurring: readonly number[],
  ) {
    this.words = (nuls.length + 1 + 31) >>> 5;
    this.litBits = new Array(litStretches.length);
  }

  /** The literals of a list that occur in the text (ascending ids). */
  private present(r: LitReq): readonly number[] {
    let by = this.presentByNode;
    if (by === null) {
      by = this.presentByNode = [];
      const { occurring, nodesOf } = this;
      for (const l of occurring) {
        for (const node of nodesOf[l]!) (by[node] ??= []).push(l);
      }
    }
    return by[r.node] ?? NONE;
  }

  /**
   * Ascending stretches where a match of the plan's pattern can start: those from which the
   * requirement holds within the stretch and the next `crossings` ones (a match spans no more).
   */
  stretches(plan: Plan): number[] {
    let s = this.memo.get(plan.id);
    if (!s) {
      s = plan.ids
        ? toList(this.eval(plan.ids, plan.crossings))
        : Array.from({ length: this.nuls.length + 1 }, (_, k) => k);
      this.memo.set(plan.id, s);
    }
    return s;
  }

  /**
   * Ascending stretches where a match that runs into a later stretch can start (for a plan
   * with crossings > 0); those of stretches() when the plan does not say.
   */
  crossStretches(plan: Plan): number[] {
    if (!plan.crossIds) return this.stretches(plan);
    let s = this.crossMemo.get(plan.id);
    if (!s) {
      s = toList(this.eval(plan.crossIds, plan.crossings));
      this.crossMemo.set(plan.id, s);
    }
    return s;
  }

  /**
   * For a placed plan: the windows around its literals where its matches can start (see
   * Window), only in the stretches where its requirement holds. Every match contains an
   * occurrence of one of the literals the requirement rests on and is at most `maxC`
   * characters long as the pass reads them, so it starts at most that many reads before the
   * occurrence ends and ends at most that many after; an attempt from there reads at most
   * `reach`. Null when the plan is not placed, or (unless `dense`) when its literals are so
   * common that the windows would hold about as much as the stretches.
   */
  windows(plan: Plan, dense = false): Window[] | null {
    if (!plan.placed) return null;
    const key = plan.id * 2 + (dense ? 1 : 0);
    let w = this.winMemo.get(key);
    if (w !== undefined) return w;
    // Where a match can start; a match that runs into later tools may hold its literals there.
    const allowed = new Uint8Array(this.nuls.length + 1);
    let chars = 0;
    if (plan.crossings === 0) {
      for (const st of this.stretches(plan)) {
        allowed[st] = 1;
        chars += this.stretchEnd(st) - (st === 0 ? 0 : this.nuls[st - 1]!);
      }
    } else {
      allowed.fill(1);
      chars = this.raw[this.raw.length - 1]!;
    }
    // Literals so common that their windows would cover the stretches anyway: not worth
    // listing (a pass over the stretches is as quick), unless `dense`.
    if (!dense && this.count(plan.ids!) * (plan.maxC + 1) > 2 * chars) {
      this.winMemo.set(key, null);
      return null;
    }
    const { raw, nulReads } = this;
    const reads = raw.length - 1;
    const at = (k: number) => raw[k < 0 ? 0 : k > reads ? reads : k]!;
    w = [];
    let st = 0;
    let cur: Window | null = null;
    for (const e of this.occurrences(plan.ids!)) {
      while (st < nulReads.length && nulReads[st]! < e) st++;
      if (allowed[st] === 0) continue;
      const lo = at(e - plan.maxC);
      const hi = at(e + 1) - 1;
      const end = at(e + plan.maxC + 1);
      const cut = at(e + plan.reach + 1);
      if (cur && lo <= cur.end) {
        if (hi > cur.hi) cur.hi = hi;
        if (end > cur.end) cur.end = end;
        if (cut > cur.cut) cur.cut = cut;
      } else {
        cur = { lo, hi, end, cut };
        w.push(cur);
      }
    }
    this.winMemo.set(key, w);
    return w;
  }

  /**
   * Where a prefix of the text must end to hold `reads` characters, as the pass reads them,
   * from `pos` on (the whole read they end in included); the text's length at most.
   */
  readsOn(pos: number, reads: number): number {
    const { raw } = this;
    const last = raw.length - 1;
    // The read holding `pos`: the last one starting at or before it.
    let lo = 0;
    let hi = last;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (raw[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return raw[Math.min(last, lo + reads + 1)]!;
  }

  /** Where stretch `s` ends (its NUL, or the text's end). */
  private stretchEnd(s: number): number {
    return s < this.nuls.length ? this.nuls[s]! : this.raw[this.raw.length - 1]!;
  }

  /** How many occurrences `occurrences` would list. */
  private count(r: IdReq): number {
    if ("lit" in r) {
      let n = 0;
      for (const l of this.present(r)) n += this.litEnds[l]?.length ?? 0;
      return n;
    }
    if ("all" in r) return Math.min(...r.all.map((p) => this.count(p)));
    let n = 0;
    for (const p of r.any) n += this.count(p);
    return n;
  }

  /**
   * Ascending read indices where literals end such that every match meeting the requirement
   * contains one of them: a literal list's occurrences, the sparsest part of an `all`, all
   * parts of an `any`.
   */
  private occurrences(r: IdReq): Int32Array {
    if ("all" in r) {
      let best = r.all[0]!;
      for (const p of r.all) if (this.count(p) < this.count(best)) best = p;
      return this.occurrences(best);
    }
    const lists: ArrayLike<number>[] = [];
    if ("lit" in r) {
      for (const l of this.present(r)) {
        const ends = this.litEnds[l];
        if (ends) lists.push(ends);
      }
    } else for (const p of r.any) lists.push(this.occurrences(p));
    let size = 0;
    for (const x of lists) size += x.length;
    const out = new Int32Array(size);
    let k = 0;
    for (const x of lists) for (let i = 0; i < x.length; i++) out[k++] = x[i]!;
    return lists.length > 1 ? out.sort() : out;
  }

  /** Whether the requirement holds over the text as a whole (for patterns that span tools). */
  anywhere(plan: Plan): boolean {
    const holds = (r: IdReq): boolean =>
      "lit" in r ? this.present(r).length > 0 : "all" in r ? r.all.every(holds) : r.any.some(holds);
    return plan.ids === null || holds(plan.ids);
  }

  /** The stretches where a literal occurs, as a bitset (built on first use). */
  private bitsOf(l: number): Uint32Array | undefined {
    // Most literals of a requirement occur nowhere: that is known without a lookup.
    const list = this.litStretches[l];
    if (!list) return undefined;
    let b = this.litBits[l];
    if (!b) {
      b = new Uint32Array(this.words);
      for (let k = 0; k < list.length; k++) b[list[k]! >>> 5]! |= 1 << (list[k]! & 31);
      this.litBits[l] = b;
    }
    return b;
  }

  private eval(r: IdReq, window: number): Uint32Array {
    const acc = new Uint32Array(this.words);
    if ("lit" in r) {
      for (const l of this.present(r)) {
        const b = this.bitsOf(l);
        if (b) { for (let w = 0; w < acc.length; w++) acc[w]! |= b[w]!; }
      }
      return window === 0 ? acc : widen(acc, window);
    }
    if ("any" in r) {
      for (const x of r.any) {
        const b = this.eval(x, window);
        for (let w = 0; w < acc.length; w++) acc[w]! |= b[w]!;
      }
      return acc;
    }
    acc.fill(0xffffffff);
    let any = 0;
    for (const x of r.all) {
      const b = this.eval(x, window);
      any = 0;
      for (let w = 0; w < acc.length; w++) any |= acc[w]! &= b[w]!;
      if (any === 0) break;
    }
    if (any !== 0 && window === 0 && r.span !== undefined) this.near(acc, r.all, r.span);
    return acc;
  }

  /**
   * Keeps the stretches where the parts' literals (those given as plain literal lists) occur
   * within `span` characters of each other: one match holds them all.
   */
  private near(acc: Uint32Array, parts: IdReq[], span: number) {
    const lists = parts.filter((p): p is LitReq => "lit" in p).map((p) => this.present(p));
    if (lists.length < 2) return;
    const [first, ...rest] = lists;
    for (let w = 0; w < acc.length; w++) {
      for (let v = acc[w]!; v !== 0; v &= v - 1) {
        const bit = v & -v;
        const s = w * 32 + 31 - Math.clz32(bit);
        const lo = s === 0 ? -1 : this.nulReads[s - 1]!;
        const hi = s < this.nulReads.length ? this.nulReads[s]! : Infinity;
        let found = false;
        for (const l of first!) {
          const ends = this.litEnds[l];
          if (!ends) continue;
          for (let k = lowerBound(ends, lo + 1); k < ends.length && ends[k]! <= hi; k++) {
            const x = ends[k]!;
            if (rest.every((ls) => ls.some((m) => this.endsNear(m, x, span)))) {
              found = true;
              break;
            }
          }
          if (found) break;
        }
        if (!found) acc[w]! &= ~bit;
      }
    }
  }

  /** Whether literal `l` ends within `span` characters of position `x`. */
  private endsNear(l: number, x: number, span: number): boolean {
    const ends = this.litEnds[l];
    if (!ends) return false;
    const k = lowerBound(ends, x - span);
    return k < ends.length && ends[k]! <= x + span;
  }
}

/** Adds every literal of a requirement to a set. */
function markAll(r: IdReq, to: Set<number>) {
  if ("lit" in r) { for (const l of r.lit) to.add(l); }
  else for (const p of "all" in r ? r.all : r.any) markAll(p, to);
}

/** The first index of an ascending list whose value is at least `x`. */
function lowerBound(list: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The set bits of a bitset, ascending. */
function toList(bits: Uint32Array): number[] {
  const s: number[] = [];
  for (let w = 0; w < bits.length; w++) {
    for (let v = bits[w]!; v !== 0; v &= v - 1) s.push(w * 32 + 31 - Math.clz32(v & -v));
  }
  return s;
}

/** Adds to each stretch s the `window` stretches before it (starts of matches that reach s). */
function widen(bits: Uint32Array, window: number): Uint32Array {
  const out = bits.slice();
  for (let d = 1; d <= window; d++) {
    // out |= bits >> d (bit s moves to s - d).
    const q = d >>> 5;
    const r = d & 31;
    for (let w = 0; w + q < bits.length; w++) {
      const lo = bits[w + q]! >>> r;
      const hi = r === 0 || w + q + 1 >= bits.length ? 0 : bits[w + q + 1]! << (32 - r);
      out[w]! |= lo | hi;
    }
  }
  return out;
}

const LEAD = 1;
const TRAIL = 2;
const POS = 4;

/** A log twice as long, with the same start. */
function grow(log: Int32Array): Int32Array<ArrayBuffer> {
  const out = new Int32Array(log.length * 2);
  out.set(log);
  return out;
}

/**
 * Groups a log of (literal, value) pairs by literal, keeping their order: per literal the
 * values in one ascending list (undefined: the literal never occurred). Only the literals that
 * occur are visited (a text holds a few hundred of tens of thousands); `ids` receives them,
 * ascending. `count` is scratch of one entry per literal, all 0, and is left so.
 */
function byLiteral(
  log: Int32Array,
  size: number,
  literals: number,
  count: Int32Array,
  ids: number[],
): (Int32Array | undefined)[] {
  for (let k = 0; k < size; k += 2) {
    const l = log[k]!;
    if (count[l]!++ === 0) ids.push(l);
  }
  ids.sort((x, y) => x - y);
  // Each literal's values lie together, in the order of its ids; count becomes where the
  // next value of a literal goes, and so ends where its values end.
  const starts = new Int32Array(ids.length);
  let at = 0;
  for (let j = 0; j < ids.length; j++) {
    const l = ids[j]!;
    starts[j] = at;
    at += count[l]!;
    count[l] = starts[j]!;
  }
  const values = new Int32Array(size >> 1);
  for (let k = 0; k < size; k += 2) values[count[log[k]!]!++] = log[k + 1]!;
  const out: (Int32Array | undefined)[] = new Array(literals);
  for (let j = 0; j < ids.length; j++) {
    const l = ids[j]!;
    out[l] = values.subarray(starts[j]!, count[l]!);
    count[l] = 0;
  }
  return out;
}

/** An Aho-Corasick automaton over the ASCII literals of many patterns (case-insensitive). */
export class Prefilter {
  readonly plans = new Map<string, Plan>();
  private delta = new Int32Array(0);
  /** Alphabet class per UTF-16 code unit (0: in no literal). */
  private cls = new Uint8Array(65536);
  private width = 1;
  /** Per UTF-16 code unit: its class, plus 128 when it is white space. */
  private readAs = new Uint8Array(65536);
  /** Per state: first output index, or -1 (no literal ends here). */
  private outAt = new Int32Array(0);
  private outList = new Int32Array(0);
  /** Per literal: core length. */
  private litLen = new Int32Array(0);
  /** Per literal: 1 when every occurrence's position is recorded (a part of a spanned `all`). */
  private litPos = new Uint8Array(0);
  /** Per state: 1 when a literal ending there has its positions recorded. */
  private statePos = new Uint8Array(0);
  private literalCount = 0;
  /** Per literal: the literal lists (requirement nodes) it belongs to. */
  private nodesOf: readonly (readonly number[])[] = [];
  /** Per literal: LEAD, TRAIL and POS bits (word boundary before, after; positions recorded). */
  private litFlags = new Uint8Array(0);
  /** The pass's logs, kept between passes (they only grow). */
  private strLog = new Int32Array(1024);
  private endLog = new Int32Array(1024);
  /** The pass's per-literal and per-state stamps, and the highest stamp given so far. */
  private litSeen = new Int32Array(0);
  private stateDone = new Int32Array(0);
  private stampTop = 0;
  private sortCount = new Int32Array(0);

  constructor(patterns: readonly { pattern: string; flags: string }[]) {
    const literalIds = new Map<string, number>();
    const positional = new Set<number>();
    const nodesOf: number[][] = [];
    let nodes = 0;
    const toIds = (r: Req): IdReq => {
      if ("all" in r) {
        const all = r.all.map(toIds);
        if (r.span === undefined) return { all };
        for (const p of all) if ("lit" in p) { for (const l of p.lit) positional.add(l); }
        return { all, span: r.span };
      }
      if ("any" in r) return { any: r.any.map(toIds) };
      const node = nodes++;
      return {
        lit: r.lit.map((lit) => {
          let l = literalIds.get(lit);
          if (l === undefined) literalIds.set(lit, l = literalIds.size);
          (nodesOf[l] ??= []).push(node);
          return l;
        }),
        node,
      };
    };
    for (const { pattern, flags } of patterns) {
      const key = planKey(pattern, flags);
      if (this.plans.has(key)) continue;
      const lp = matchPlan(pattern, flags);
      if (!lp) continue;
      const id = this.plans.size;
      const ids = lp.req && toIds(lp.req);
      const placed = ids !== null && Number.isFinite(lp.crossings) && Number.isFinite(lp.reach);
      if (placed) markAll(ids, positional);
      this.plans.set(key, {
        id,
        req: lp.req,
        crossings: lp.crossings,
        ids,
        // With `edge` no pass looks back, so what a crossing match needs is never asked.
        crossIds: lp.crossReq && !lp.edge ? toIds(lp.crossReq) : null,
        edge: lp.edge,
        maxC: lp.maxC,
        reach: lp.reach,
        placed,
      });
    }
    this.literalCount = literalIds.size;
    this.nodesOf = Array.from({ length: literalIds.size }, (_, l) => nodesOf[l] ?? []);
    this.litPos = Uint8Array.from(literalIds.values(), (l) => positional.has(l) ? 1 : 0);
    this.build([...literalIds.keys()]);
  }

  private build(literals: string[]) {
    const cores = literals.map((l) => l.replaceAll(WB, ""));
    this.litLen = Int32Array.from(cores, (c) => c.length);
    this.litFlags = Uint8Array.from(
      literals,
      (lit, l) =>
        (lit.startsWith(WB) ? LEAD : 0) | (lit.endsWith(WB) ? TRAIL : 0) |
        (this.litPos[l] === 1 ? POS : 0),
    );
    // Alphabet: the ASCII characters used by any literal, letters folded; 0 = any other.
    let width = 1;
    for (const core of cores) {
      for (let k = 0; k < core.length; k++) {
        const c = core.charCodeAt(k);
        if (this.cls[c] === 0) {
          this.cls[c] = width;
          if (c >= 97 && c <= 122) this.cls[c - 32] = width;
          if (c === 32) { for (let w = 0; w < 65536; w++) if (SPACE[w] === 1) this.cls[w] = width; }
          width++;
        }
      }
    }
    // What the pass reads per code unit in one load: the class, and 128 for white space (the
    // classes of ASCII literals number fewer than 128).
    for (let c = 0; c < 65536; c++) this.readAs[c] = this.cls[c]! | (SPACE[c] === 1 ? 128 : 0);
    // Trie, in one flat table of maxStates rows (-1: no edge yet).
    const maxStates = cores.reduce((n, c) => n + c.length, 1);
    const next = new Int32Array(maxStates * width).fill(-1);
    const own: number[][] = [[]];
    let n = 1;
    cores.forEach((core, l) => {
      let s = 0;
      for (let k = 0; k < core.length; k++) {
        const e = s * width + this.cls[core.charCodeAt(k)]!;
        if (next[e] === -1) {
          next[e] = n++;
          own.push([]);
        }
        s = next[e]!;
      }
      own[s]!.push(l);
    });
    // Failure links, breadth first, completing the transition table.
    const fail = new Int32Array(n);
    const out: number[][] = own;
    const queue = new Int32Array(n);
    let qEnd = 0;
    for (let a = 0; a < width; a++) {
      const t = next[a]!;
      if (t === -1) next[a] = 0;
      else queue[qEnd++] = t;
    }
    for (let qi = 0; qi < qEnd; qi++) {
      const s = queue[qi]!;
      const f = fail[s]!;
      if (out[f]!.length > 0) out[s] = out[s]!.concat(out[f]!);
      for (let a = 0; a < width; a++) {
        const t = next[s * width + a]!;
        if (t === -1) next[s * width + a] = next[f * width + a]!;
        else {
          fail[t] = s === 0 ? 0 : next[f * width + a]!;
          queue[qEnd++] = t;
        }
      }
    }
    // States are stored premultiplied by the alphabet width (row offsets into delta); a
    // transition into a state where literals end is stored as the bitwise complement of the
    // state's number (the pass multiplies it back: no division per hit), and outAt (per
    // state) gives the start of that state's output list (which ends with -1).
    //
    // States are renumbered breadth first (the root, then by depth): text mostly keeps the
    // automaton in shallow states, whose rows then lie together in the table (fewer cache
    // misses on a table of megabytes). The automaton is the same.
    const order = new Int32Array(n);
    order.set(queue.subarray(0, qEnd), 1); // every state but the root, breadth first
    const rank = new Int32Array(n);
    for (let k = 0; k < n; k++) rank[order[k]!] = k;
    this.delta = new Int32Array(n * width);
    this.width = width;
    this.outAt = new Int32Array(n).fill(-1);
    this.statePos = new Uint8Array(n);
    const list: number[] = [];
    for (let k = 0; k < n; k++) {
      const s = order[k]!;
      if (out[s]!.some((l) => this.litPos[l] === 1)) this.statePos[k] = 1;
      if (out[s]!.length > 0) {
        this.outAt[k] = list.length;
        list.push(...out[s]!, -1);
      }
      for (let a = 0; a < width; a++) {
        const t = next[s * width + a]!;
        this.delta[k * width + a] = out[t]!.length > 0 ? ~rank[t]! : rank[t]! * width;
      }
    }
    this.outList = Int32Array.from(list);
    this.litSeen = new Int32Array(this.literalCount);
    this.stateDone = new Int32Array(n);
  }

  /** One pass over `text`: the stretches in which each literal occurs. */
  gate(text: string): Gate {
    const nuls: number[] = [];
    const nulReads: number[] = [];
    // What the pass finds is logged as pairs (literal, stretch) and (literal, end) in two flat
    // arrays and grouped by literal after the pass (sequential writes instead of pushes onto
    // thousands of small lists); per literal the order stays ascending.
    let strLog = this.strLog;
    let endLog = this.endLog;
    let ns = 0;
    let ne = 0;
    // Per literal and per state, the stamp of the stretch that last recorded it. The tables
    // are kept between passes and a pass's stamps lie above every earlier one (first + the
    // stretch), so nothing is cleared or allocated per pass.
    const n = text.length;
    if (this.stampTop + n + 2 > 0x7fffffff) {
      this.litSeen.fill(0);
      this.stateDone.fill(0);
      this.stampTop = 0;
    }
    const { litSeen, stateDone } = this;
    const first = this.stampTop + 1;
    const { delta, readAs, outAt, outList, litLen, litFlags, statePos, width } = this;
    // The text position of each character read (a run of whitespace is read once): where a
    // literal that ends here starts, and where the windows around literals lie.
    const raw = new Int32Array(n + 1);
    let read = 0;
    let lastSpace = false;
    let s = 0;
    let stamp = first; // the stretch's stamp: first + the stretch
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      const k = readAs[c]!;
      if (k >= 128) {
        if (lastSpace) continue;
        lastSpace = true;
      } else {
        lastSpace = false;
        if (c === 0 && i > 0 && text.charCodeAt(i - 1) === 10) {
          nuls.push(i);
          nulReads.push(read);
          stamp++;
        }
      }
      raw[read++] = i;
      const t = delta[s + (k & 127)]!; // non-ASCII characters are class 0: back to the root
      if (t >= 0) {
        s = t;
        continue;
      }
      const id = ~t;
      s = id * width;
      if (stateDone[id] === stamp) continue; // every literal ending here is already recorded
      let done = statePos[id] === 0;
      for (let o = outAt[id]!, l = outList[o]!; l >= 0; l = outList[++o]!) {
        const f = litFlags[l]!;
        const seen = litSeen[l] === stamp;
        if (seen && (f & POS) === 0) continue;
        if ((f & LEAD) !== 0) {
          const b = raw[read - litLen[l]!]! - 1;
          if (b >= 0) {
            const p = text.charCodeAt(b);
            if (p < 128 && WORD[p] === 1) {
              done = false;
              continue;
            }
          }
        }
        if ((f & TRAIL) !== 0 && i + 1 < n) {
          const p = text.charCodeAt(i + 1);
          if (p < 128 && WORD[p] === 1) {
            done = false;
            continue;
          }
        }
        if ((f & POS) !== 0) {
          if (ne + 2 > endLog.length) endLog = grow(endLog);
          endLog[ne++] = l;
          endLog[ne++] = read - 1;
          if (seen) continue;
        }
        litSeen[l] = stamp;
        if (ns + 2 > strLog.length) strLog = grow(strLog);
        strLog[ns++] = l;
        strLog[ns++] = stamp - first;
      }
      if (done) stateDone[id] = stamp;
    }
    raw[read] = n; // where a read after the last would start
    this.stampTop = stamp;
    this.strLog = strLog;
    this.endLog = endLog;
    // The grouping's scratch (one entry per literal, about 175 KB) is kept between passes.
    if (this.sortCount.length !== this.literalCount) {
      this.sortCount = new Int32Array(this.literalCount);
    }
    const present: number[] = [];
    const litStretches = byLiteral(strLog, ns, this.literalCount, this.sortCount, present);
    const litEnds = byLiteral(endLog, ne, this.literalCount, this.sortCount, []);
    return new Gate(
      this.plans,
      nuls,
      litStretches,
      litEnds,
      nulReads,
      raw.subarray(0, read + 1),
      this.nodesOf,
      present,
    );
  }
}
