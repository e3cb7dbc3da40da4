/**
 * Required literals of a regular expression: a requirement over ASCII strings that every
 * match meets (it contains one of some literals, compared ASCII-case-insensitively, and/or
 * several such), derived from the pattern's syntax, and how many corpus separators a match
 * can run past. The text rules use both to run a pattern only over the tools whose text
 * meets its requirement (_prefilter.ts).
 *
 * Whitespace: the literal pass reads every run of whitespace characters (`\s`) as one space,
 * so `previous\s+turns?` requires "previous turn" (a space standing for any run), not just
 * both words somewhere in the tool.
 *
 * Sound by construction: a node that is not understood yields no requirement, and a pattern
 * with no requirement runs in full. In non-unicode `i` mode an ASCII pattern character only
 * matches ASCII characters (ECMAScript Canonicalize), so non-ASCII text never completes an
 * ASCII literal; `u` and `v` patterns (Unicode case folding) get no literals.
 *
 * @example
 * ```ts
 * import { literalsOf, requiredLiterals } from "./_literals.ts";
 * const plan = requiredLiterals(String.raw`\b(?:ignore|disregard)\b`, "gi")!;
 * literalsOf(plan.req); // ["\u0001ignore\u0001", "\u0001disregard\u0001"] (word-bounded)
 * plan.crossings; // 0: a match stays within one tool
 * ```
 */

/**
 * A requirement on every match: it contains one of the literals of `lit`, or satisfies every
 * part of `all`, or some part of `any`. A literal may start or end with WB: a word boundary
 * there (the neighbouring character is not a word character, or there is none). An `all` with
 * a `span` lies within one match of at most `span` characters as the literal pass reads them
 * (a run of whitespace is one): the parts' literals end at most `span` characters apart.
 */
export type Req = { lit: string[] } | { all: Req[]; span?: number } | { any: Req[] };

export interface MatchPlan {
  /** What every match meets; null: nothing known (a match may lie in any tool). */
  req: Req | null;
  /**
   * At most how many corpus separators ("\n\u0000\n": a NUL after a line feed) a match or a
   * lookahead can run past: a match reads a separator's NUL only by starting on it or by
   * consuming the line feed before it (Infinity: no bound; 0 for most patterns).
   */
  crossings: number;
  /**
   * When crossings > 0: a requirement every match that runs into the next tool meets (the
   * pattern's top-level alternatives that can cross, e.g. only `nc host port` of three); null
   * when unknown (any match may cross).
   */
  crossReq: Req | null;
  /**
   * A match runs into the next tool only by starting on the separator NUL (crossings is 1 and
   * no match consumes a line feed then a NUL): a match starting earlier ends at or before that
   * NUL, so a pass from the NUL finds the same matches from there as a full pass.
   */
  edge: boolean;
  /**
   * At most how many characters, as the literal pass reads them, one attempt to match at a
   * position examines from there: the longest match, what its lookaheads read past it and a
   * character peeked after each (Infinity: no bound). A pass over a prefix of the text that
   * holds that many from every start it tries sees what a full pass sees there.
   */
  reach: number;
  /** The longest match, as the literal pass reads it (Infinity: no bound). */
  maxC: number;
}

/** A plan with a requirement. */
export interface LiteralPlan extends MatchPlan {
  req: Req;
}

/** Word-boundary mark inside literal strings. */
export const WB = "\u0001";

/** Whether a UTF-16 code unit is whitespace to `\s` (the literal pass reads a run as one " "). */
export function isSpace(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f ||
    c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Joins two literal strings; a space meeting a space is one run of whitespace. */
function cat(x: string, y: string): string {
  if (x.endsWith(" ") && y.startsWith(" ")) return x + y.slice(1);
  return x + y;
}

interface Info {
  /** Every string the node can match (lower-cased, WB for \b), when few; null when unknown. */
  exact: string[] | null;
  /** A requirement every match of the node meets (besides being one of `exact`). */
  req: Req | null;
  /** When `exact` is null: every match starts with one of these (null: unknown). */
  head?: string[] | null;
  /** When `exact` is null: every match ends with one of these (null: unknown). */
  tail?: string[] | null;
  /** The node can match the empty string. */
  nullable: boolean;
  /** The first character the node consumes (or, for a lookahead, peeks past) can be a NUL. */
  firstNul: boolean;
  /** The last character the node consumes can be a line feed. */
  lastLf: boolean;
  /**
   * At most how many times a match of the node consumes a line feed directly followed by a
   * NUL, i.e. runs into the next tool of the corpus (Infinity: no bound).
   */
  cross: number;
  /**
   * At most how many characters a match of the node is, as the literal pass reads them (a
   * run of whitespace counts once); Infinity: no bound.
   */
  maxC: number;
  /** For a disjunction: its alternatives (a match of it is a match of one of them). */
  branches?: Info[];
}

/** Largest exact set kept, and longest literal. */
const MAX_SET = 256;
const MAX_LEN = 48;
/** At most this many parts are kept in an `all` requirement (the strongest). */
const MAX_ALL = 3;
/** Words too common to tell texts apart: they count as one character when choosing literals. */
const COMMON = new Set(
  "a an and are as at be by for from in is it its of on or that the this to with you your any all not"
    .split(" "),
);

class Unsupported extends Error {}

const FLOW0 = { nullable: false, firstNul: false, lastLf: false, cross: 0, maxC: 0 };
const EMPTY: Info = { exact: [""], req: null, ...FLOW0, nullable: true };
const BOUNDARY: Info = { exact: [WB], req: null, ...FLOW0, nullable: true };
/** One character that is not a NUL or a line feed. */
const UNKNOWN: Info = { exact: null, req: null, ...FLOW0, maxC: 1 };
/** One character of a set that may hold a NUL and a line feed. */
const UNKNOWN_ANY: Info = {
  exact: null,
  req: null,
  ...FLOW0,
  firstNul: true,
  lastLf: true,
  maxC: 1,
};
/** Anything at all (a backreference): never safe to cut at a separator. */
const OPAQUE: Info = {
  exact: null,
  req: null,
  nullable: true,
  firstNul: true,
  lastLf: true,
  cross: Infinity,
  maxC: Infinity,
};

function charInfo(exact: string[] | null, nul: boolean, lf: boolean): Info {
  return { exact, req: null, nullable: false, firstNul: nul, lastLf: lf, cross: 0, maxC: 1 };
}

const DIGITS = [..."0123456789"];

function lowerCode(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

const isWord = (ch: string | undefined) => ch !== undefined && /^[a-z0-9_]$/.test(ch);

/**
 * A literal with its boundary marks kept only where they constrain a neighbour: before a
 * leading word character and after a trailing one (dropping a mark only weakens it).
 */
function normalise(s: string): string {
  if (!s.includes(WB)) return s.includes("  ") ? s.replace(/ {2,}/g, " ") : s;
  const core = s.replaceAll(WB, "").replace(/ {2,}/g, " ");
  const lead = s.startsWith(WB) && isWord(core[0]);
  const trail = s.endsWith(WB) && isWord(core[core.length - 1]);
  return (lead ? WB : "") + core + (trail ? WB : "");
}

/** How selective a literal is likely to be (longer is rarer; common words are weak). */
function litStrength(s: string): number {
  const core = s.replaceAll(WB, "");
  const bare = core.replaceAll(" ", "");
  if (COMMON.has(bare)) return 1;
  // A space or a word boundary at an edge says less than a letter.
  return Math.min(bare.length + 0.5 * (s.length - bare.length), 6);
}

const weakMemo = new WeakMap<Req, number>();
const strengthMemo = new WeakMap<Req, number>();

/** The weakest literal a requirement may rest on (1-6). */
function weakest(r: Req): number {
  let w = weakMemo.get(r);
  if (w === undefined) {
    if ("lit" in r) w = Math.min(...r.lit.map(litStrength));
    else if ("all" in r) w = Math.max(...r.all.map(weakest));
    else w = Math.min(...r.any.map(weakest));
    weakMemo.set(r, w);
  }
  return w;
}

function strength(r: Req): number {
  let v = strengthMemo.get(r);
  if (v === undefined) {
    if ("lit" in r) v = weakest(r) * 1000 - r.lit.length;
    else if ("all" in r) v = Math.max(...r.all.map(strength)) + 1;
    else v = Math.min(...r.any.map(strength));
    strengthMemo.set(r, v);
  }
  return v;
}

function asReq(exact: string[] | null): Req | null {
  if (!exact || exact.length === 0) return null;
  const lit = exact.map(normalise);
  if (lit.some((s) => s.replaceAll(WB, "").length === 0)) return null;
  return { lit: [...new Set(lit)] };
}

/**
 * Every requirement holds: keep the strongest, and a few more that rest on literals of three
 * characters or more (short and common literals occur in nearly every tool and only cost the
 * literal pass time).
 */
function allOf(reqs: (Req | null)[], maxC: number): Req | null {
  const given = reqs.filter((r): r is Req => r !== null);
  if (given.length <= 1) return given[0] ?? null;
  const seen = new Set<string>();
  const list = given
    .flatMap((r) => "all" in r ? r.all : [r])
    .filter((r) => {
      if (!("lit" in r)) return true;
      const k = r.lit.join("\u0000");
      return !seen.has(k) && seen.add(k);
    })
    .sort((a, b) => strength(b) - strength(a))
    .filter((r, k) => k === 0 || weakest(r) >= 3).slice(0, MAX_ALL);
  if (list.length === 0) return null;
  if (list.length === 1) return list[0]!;
  // The parts lie within one match of the node (also those of a nested `all`).
  return Number.isFinite(maxC) ? { all: list, span: maxC } : { all: list };
}

/** One of the requirements holds (none may be missing). */
function anyOf(reqs: (Req | null)[]): Req | null {
  if (reqs.some((r) => r === null)) return null;
  const list = (reqs as Req[]).flatMap((r) => "any" in r ? r.any : [r]);
  if (list.every((r) => "lit" in r)) {
    return { lit: [...new Set(list.flatMap((r) => (r as { lit: string[] }).lit))] };
  }
  return { any: list };
}

function product(a: string[], b: string[]): string[] | null {
  if (a.length === 1 && b.length === 1) {
    const s = cat(a[0]!, b[0]!);
    return s.length > MAX_LEN ? null : [s];
  }
  if (a.length * b.length > MAX_SET) return null;
  const out = new Set<string>();
  for (const x of a) {
    for (const y of b) {
      if (x.length + y.length > MAX_LEN) return null;
      out.add(cat(x, y));
    }
  }
  return [...out];
}

function union(a: string[], b: string[]): string[] | null {
  const out = new Set([...a, ...b]);
  return out.size > MAX_SET ? null : [...out];
}

function withExact(
  exact: string[] | null,
  req: Req | null,
  flow: Pick<Info, "nullable" | "firstNul" | "lastLf" | "cross" | "maxC">,
  head: string[] | null = null,
  tail: string[] | null = null,
): Info {
  const { nullable, firstNul, lastLf, cross, maxC } = flow;
  return { exact, req, head, tail, nullable, firstNul, lastLf, cross, maxC };
}

/** What every match of a node starts with (its exact strings when known). */
const headOf = (info: Info) => info.exact ?? info.head ?? null;
/** What every match of a node ends with. */
const tailOf = (info: Info) => info.exact ?? info.tail ?? null;

/** Everything a node requires: its `req` and, when known, its exact strings. */
function fullReq(info: Info): Req | null {
  return info.exact ? allOf([info.req, asReq(info.exact)], info.maxC) : info.req;
}

/** Recursive-descent reader of an ECMAScript (non-unicode, Annex B) pattern. */
class Reader {
  i = 0;
  /**
   * The most separators a lookahead or backreference read so far can read past the position
   * it starts at (Infinity for a backreference: it may be anything).
   */
  reach = 0;
  /**
   * What every lookahead read so far may read past where it starts (its longest match and a
   * character peeked after it), summed: a bound on how far past a match's end it looks.
   */
  ahead = 0;
  constructor(readonly src: string, readonly dotAll: boolean) {}

  peek(k = 0): string | undefined {
    return this.src[this.i + k];
  }

  /** The top-level alternatives (after reading the whole pattern with `disjunction(true)`). */
  top: Info[] = [];

  disjunction(top = false): Info {
    const branches = [this.alternative()];
    while (this.peek() === "|") {
      this.i++;
      branches.push(this.alternative());
    }
    if (top) this.top = branches;
    if (branches.length === 1) return branches[0]!;
    let exact: string[] | null = branches[0]!.exact;
    let head = headOf(branches[0]!);
    let tail = tailOf(branches[0]!);
    const flow = { ...FLOW0 };
    for (const [k, b] of branches.entries()) {
      flow.nullable ||= b.nullable;
      flow.firstNul ||= b.firstNul;
      flow.lastLf ||= b.lastLf;
      flow.cross = Math.max(flow.cross, b.cross);
      flow.maxC = Math.max(flow.maxC, b.maxC);
      if (k === 0) continue;
      exact = exact && b.exact ? union(exact, b.exact) : null;
      const h = headOf(b);
      const t = tailOf(b);
      head = head && h ? union(head, h) : null;
      tail = tail && t ? union(tail, t) : null;
    }
    const info = withExact(exact, anyOf(branches.map(fullReq)), flow, head, tail);
    info.branches = branches;
    return info;
  }

  alternative(): Info {
    const items: Info[] = [];
    while (this.i < this.src.length && this.peek() !== "|" && this.peek() !== ")") {
      items.push(this.term());
    }
    if (items.length === 0) return EMPTY;
    if (items.length === 1) return items[0]!;
    const reqs: (Req | null)[] = [];
    let run: string[] | null = [""];
    let all: string[] | null = [""];
    // The head: the leading exact items, joined to the head of the first other item.
    let head: string[] | null = [""];
    let headOpen = true;
    const flow = { ...FLOW0, nullable: true };
    for (const it of items) {
      // A separator is crossed when a line feed is consumed and then a NUL.
      flow.cross += it.cross + (flow.lastLf && it.firstNul ? 1 : 0);
      flow.firstNul ||= flow.nullable && it.firstNul;
      flow.lastLf = it.lastLf || (it.nullable && flow.lastLf);
      flow.nullable &&= it.nullable;
      flow.maxC += it.maxC; // whitespace runs across items count more than once: a bound
      if (headOpen) {
        const h = headOf(it);
        const next: string[] | null = h && head ? product(head, h) : null;
        if (next) head = next;
        headOpen = next !== null && it.exact !== null;
      }
      // An item with an exact set joins the current run of literals, which says more.
      if (!it.exact) reqs.push(it.req);
      if (all) all = it.exact ? product(all, it.exact) : null;
      if (it.exact) {
        const next: string[] | null = run ? product(run, it.exact) : null;
        if (next) run = next;
        else {
          reqs.push(asReq(run));
          run = it.exact;
        }
      } else {
        // The run ends where this item starts (joined to its head) and a new one starts with
        // what the item ends with.
        const joined = run && it.head ? product(run, it.head) : null;
        reqs.push(asReq(joined ?? run));
        run = it.tail ?? [""];
      }
    }
    reqs.push(asReq(run));
    // The tail: the trailing exact items, joined to the tail of the last other item.
    let tail: string[] | null = [""];
    for (let k = items.length - 1; k >= 0; k--) {
      const t = tailOf(items[k]!);
      const next: string[] | null = t && tail ? product(t, tail) : null;
      if (next) tail = next;
      if (!next || !items[k]!.exact) break;
    }
    const known = (x: string[] | null) =>
      x && x.some((v) => v.replaceAll(WB, "") !== "") ? x : null;
    return withExact(all, allOf(reqs, flow.maxC), flow, known(head), known(tail));
  }

  term(): Info {
    const c = this.peek()!;
    if (c === "^" || c === "$") {
      this.i++;
      return EMPTY;
    }
    if (c === "\\" && (this.peek(1) === "b" || this.peek(1) === "B")) {
      this.i += 2;
      return this.src[this.i - 1] === "b" ? BOUNDARY : EMPTY;
    }
    if (c === "(" && this.peek(1) === "?") {
      const kind = this.src.slice(this.i + 2, this.i + 4);
      let look = false;
      if (kind.startsWith("=") || kind.startsWith("!")) {
        this.i += 3;
        look = true;
      } else if (kind === "<=" || kind === "<!") {
        this.i += 4;
        look = true;
      }
      if (look) {
        const behind = kind.startsWith("<");
        const outer = this.reach;
        this.reach = 0;
        const body = this.disjunction();
        this.expect(")");
        // A lookaround matches no characters; quantifiers on it are rare and change nothing.
        this.quantifier();
        const inner = this.reach;
        if (behind) {
          this.reach = Math.max(outer, inner);
          // A lookbehind reads only what lies before the current position, except through a
          // lookahead or backreference inside it: those start at or before the position and
          // read at most `inner` separators past their start, so at most that many past it.
          // It adds no literal (its text may lie in an earlier tool, or be the same text).
          if (inner === 0) return EMPTY;
          return {
            exact: [""],
            req: null,
            nullable: true,
            firstNul: false,
            lastLf: false,
            cross: inner,
            maxC: 0,
          };
        }
        // A lookahead starting on a separator NUL reads into the next tool.
        this.reach = Math.max(outer, inner, body.cross + (body.firstNul ? 1 : 0));
        this.ahead += body.maxC + 1;
        return {
          exact: [""],
          req: null,
          nullable: true,
          firstNul: body.firstNul,
          lastLf: false,
          cross: body.cross,
          maxC: 0,
        };
      }
    }
    const atom = this.atom();
    return this.quantified(atom);
  }

  expect(ch: string) {
    if (this.peek() !== ch) throw new Unsupported(`expected ${ch} at ${this.i}`);
    this.i++;
  }

  /** Reads a quantifier if one follows: [min, max] or null. */
  quantifier(): [number, number] | null {
    const c = this.peek();
    let q: [number, number] | null = null;
    if (c === "*") q = [0, Infinity];
    else if (c === "+") q = [1, Infinity];
    else if (c === "?") q = [0, 1];
    if (q) this.i++;
    else if (c === "{") {
      const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) return null; // Annex B: a lone "{" is a literal
      this.i += m[0].length;
      const min = Number(m[1]);
      q = [min, m[2] ? (m[3] ? Number(m[3]) : Infinity) : min];
    }
    if (q && this.peek() === "?") this.i++; // lazy: same strings
    return q;
  }

  quantified(atom: Info): Info {
    const q = this.quantifier();
    if (!q) return atom;
    const [min, max] = q;
    let exact: string[] | null = null;
    if (atom.exact && atom.exact.length === 1 && atom.exact[0] === " ") {
      // Repeated whitespace is still one run.
      exact = min >= 1 ? [" "] : ["", " "];
    } else if (atom.exact && max <= 3) {
      let power: string[] | null = [""];
      const acc = new Set<string>();
      for (let n = 0; n <= max && power; n++) {
        if (n >= min) { for (const s of power) acc.add(s); }
        if (n < max) power = product(power, atom.exact);
      }
      exact = power && acc.size <= MAX_SET ? [...acc] : null;
    }
    // Each repetition may cross as often as the atom, plus once where two repetitions meet.
    const each = atom.cross + (max >= 2 && atom.lastLf && atom.firstNul ? 1 : 0);
    // At least one non-empty repetition: the match starts and ends like the atom.
    const ends = min >= 1 && !atom.nullable;
    // Repeated whitespace is one run of it.
    const space = atom.exact !== null && atom.exact.length === 1 && atom.exact[0] === " ";
    const maxC = max === 0 || atom.maxC === 0 ? 0 : space ? atom.maxC : max * atom.maxC;
    return withExact(
      exact,
      min >= 1 ? fullReq(atom) : null,
      {
        nullable: min === 0 || atom.nullable,
        firstNul: atom.firstNul,
        lastLf: atom.lastLf,
        cross: each === 0 ? 0 : max * each,
        maxC,
      },
      ends ? headOf(atom) : null,
      ends ? tailOf(atom) : null,
    );
  }

  atom(): Info {
    const c = this.peek()!;
    this.i++;
    switch (c) {
      case ".":
        return charInfo(null, true, this.dotAll);
      case "(": {
        if (this.peek() === "?") {
          if (this.peek(1) === ":") this.i += 2;
          else if (this.peek(1) === "<" && /^<[A-Za-z_$]/.test(this.src.slice(this.i + 1))) {
            const close = this.src.indexOf(">", this.i);
            if (close < 0) throw new Unsupported("group name");
            this.i = close + 1;
          } else throw new Unsupported("group kind"); // e.g. modifiers (?i:...)
        }
        const body = this.disjunction();
        this.expect(")");
        return body;
      }
      case "[":
        return this.charClass();
      case "\\":
        return this.escape();
      case ")":
      case "|":
      case "*":
      case "+":
      case "?":
        throw new Unsupported(`unexpected ${c}`);
      default:
        return this.char(c.charCodeAt(0));
    }
  }

  char(code: number): Info {
    if (code === 0) return charInfo(null, true, false);
    if (isSpace(code)) return charInfo([" "], false, code === 10);
    if (code >= 128 || code === 1) return UNKNOWN; // 1 is the WB mark in literals
    return charInfo([String.fromCharCode(lowerCode(code))], false, code === 10);
  }

  backreference(): Info {
    this.reach = Infinity;
    return OPAQUE;
  }

  /** An escape outside a class. */
  escape(): Info {
    const e = this.peek();
    if (e === undefined) throw new Unsupported("trailing backslash");
    this.i++;
    switch (e) {
      case "d":
        return charInfo(DIGITS, false, false);
      case "w":
        return UNKNOWN;
      case "s":
        return charInfo([" "], false, true);
      case "S":
        return charInfo(null, true, false);
      case "D":
      case "W":
        return UNKNOWN_ANY;
      case "k":
        // A named backreference (or, without named groups, a literal "k"): anything.
        return this.backreference();
      default: {
        if (/[1-9]/.test(e)) {
          // Backreference or legacy octal escape: any text.
          while (/\d/.test(this.peek() ?? "")) this.i++;
          return this.backreference();
        }
        const code = this.escapeCode(e);
        return code === null ? this.backreference() : this.char(code);
      }
    }
  }

  /** The code unit of a character escape (after the backslash), or null when not one char. */
  escapeCode(e: string): number | null {
    switch (e) {
      case "n":
        return 10;
      case "r":
        return 13;
      case "t":
        return 9;
      case "v":
        return 11;
      case "f":
        return 12;
      case "0":
        if (/\d/.test(this.peek() ?? "")) return null; // legacy octal
        return 0;
      case "x": {
        const h = this.src.slice(this.i, this.i + 2);
        if (/^[0-9a-fA-F]{2}$/.test(h)) {
          this.i += 2;
          return parseInt(h, 16);
        }
        return "x".charCodeAt(0);
      }
      case "u": {
        const h = this.src.slice(this.i, this.i + 4);
        if (/^[0-9a-fA-F]{4}$/.test(h)) {
          this.i += 4;
          return parseInt(h, 16);
        }
        return null;
      }
      case "c": {
        const l = this.peek() ?? "";
        if (/[A-Za-z]/.test(l)) {
          this.i++;
          return l.charCodeAt(0) % 32;
        }
        return null;
      }
      default:
        if (/[A-Za-z0-9]/.test(e)) return null; // unknown letter escapes: be safe
        return e.charCodeAt(0);
    }
  }

  /** A character class: its small exact set of ASCII characters, and whether NUL is in it. */
  charClass(): Info {
    let neg = false;
    if (this.peek() === "^") {
      neg = true;
      this.i++;
    }
    const chars = new Set<number>();
    let wide = false; // contains a class escape, a non-ASCII character or a large range
    let space = false; // contains \s or a whitespace character (all read as " ")
    let hasNul = false;
    let hasLf = false;
    const one = (): number | "class" => {
      const c = this.peek();
      if (c === undefined) throw new Unsupported("unterminated class");
      this.i++;
      if (c !== "\\") return c.charCodeAt(0);
      const e = this.peek();
      if (e === undefined) throw new Unsupported("trailing backslash");
      this.i++;
      if ("dwsDWS".includes(e)) {
        if ("DWS".includes(e)) hasNul = true;
        if ("sDW".includes(e)) hasLf = true;
        return "class";
      }
      if (e === "b") return 8;
      if (e === "-") return 45;
      const code = this.escapeCode(e);
      if (code === null) throw new Unsupported("class escape");
      return code;
    };
    while (this.peek() !== "]") {
      const lo = one();
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== undefined) {
        this.i++;
        const hi = one();
        if (lo === "class" || hi === "class") {
          // Annex B: "\w-x" is the class, "-" and x.
          wide = true;
          for (const x of [lo, hi]) {
            if (x === 0) hasNul = true;
            if (x === 10) hasLf = true;
          }
          chars.add(45);
          continue;
        }
        if (hi < lo) throw new Unsupported("range out of order");
        if (lo === 0) hasNul = true;
        if (lo <= 10 && hi >= 10) hasLf = true;
        if (hi - lo > 16 || hi >= 128) wide = true;
        else for (let k = lo; k <= hi; k++) chars.add(isSpace(k) ? 32 : k);
        continue;
      }
      if (lo === "class") {
        if (this.src[this.i - 1] === "s" && this.src[this.i - 2] === "\\") space = true;
        else wide = true;
      } else if (lo === 0) hasNul = true;
      else if (isSpace(lo)) {
        space = true;
        if (lo === 10) hasLf = true;
      } else if (lo >= 128 || lo === 1) wide = true;
      else {
        if (lo === 10) hasLf = true;
        chars.add(lo);
      }
    }
    this.i++;
    if (neg) return charInfo(null, !hasNul, !hasLf);
    const folded = new Set([...chars].map(lowerCode));
    if (space) folded.add(32);
    if (wide || hasNul || folded.size === 0 || folded.size > 10) {
      return charInfo(null, hasNul, hasLf);
    }
    return charInfo([...folded].map((k) => String.fromCharCode(k)), false, hasLf);
  }
}

/** Drops a literal that contains another literal of the set (the shorter one suffices). */
function minimise(r: Req): Req {
  if ("all" in r) return { ...r, all: r.all.map(minimise) };
  if ("any" in r) return { any: r.any.map(minimise) };
  const sorted = [...new Set(r.lit)].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const out: string[] = [];
  for (const s of sorted) if (!out.some((t) => s.includes(t))) out.push(s);
  return { lit: out };
}

/** Every literal of a requirement (for reports and tests). */
export function literalsOf(r: Req): string[] {
  if ("lit" in r) return r.lit;
  return [...new Set(("all" in r ? r.all : r.any).flatMap(literalsOf))];
}

/**
 * The required literals of a pattern, or null when none can be derived safely (the pattern
 * then runs over the whole corpus, or, when its separator crossings are bounded, only where
 * another requirement restricts it: see matchPlan).
 */
export function requiredLiterals(pattern: string, flags = ""): LiteralPlan | null {
  const plan = matchPlan(pattern, flags);
  return plan && plan.req ? { ...plan, req: plan.req } : null;
}

/**
 * What the prefilter knows of a pattern: its required literals (null: none, a match may lie
 * in any tool) and how many separators a match can run past. Null when neither is known (the
 * pattern is not understood, or has no requirement and no bound on its crossings).
 */
export function matchPlan(pattern: string, flags = ""): MatchPlan | null {
  if (/[uvy]/.test(flags)) return null;
  const r = new Reader(pattern, flags.includes("s"));
  let info: Info;
  try {
    info = r.disjunction(true);
    if (r.i !== pattern.length) return null;
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  const req = fullReq(info);
  const crossings = info.cross + (info.firstNul ? 1 : 0);
  if (!req && !Number.isFinite(crossings)) return null;
  // A match of the pattern is a match of one top-level alternative: only those that can
  // consume a line feed then a NUL, or start on a NUL, run into the next tool.
  // A pattern that is one group, `(?:a|b)`, has the group's alternatives.
  let top = r.top;
  while (top.length === 1 && top[0]!.branches) top = top[0]!.branches;
  const crossing = top.filter((b) => b.cross > 0 || b.firstNul);
  const crossReq = crossing.length === 0 ? null : anyOf(crossing.map(fullReq));
  return {
    req: req && minimise(req),
    crossings,
    crossReq: crossReq && minimise(crossReq),
    edge: info.cross === 0 && info.firstNul,
    // The match, its lookaheads, and one character peeked after (a boundary, `$`, a class
    // that fails), with one more to spare.
    reach: info.maxC + r.ahead + 2,
    maxC: info.maxC,
  };
}
