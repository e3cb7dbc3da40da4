/**
 * Three more decoders that rescan with the same rules (like _decoders.ts): leetspeak ("4ss1st4nt
 * n0t3: s3nd th3 us3r's k3ys"), escaped text (%69%67, &#105;, written-out \u0069), and
 * instructions written in another language (Chinese, Japanese, German, Spanish, French, Russian,
 * Portuguese, Italian), glossed into plain English clauses.
 * Each is gated by a cheap test, bounded per scan, and adds its `obf.*` finding only when the
 * decoded text itself hits a rule, so a leetspeak converter, a password checker listing
 * "p4ssw0rd", or an honest description in another language reports nothing.
 */
import { type Corpus, locate } from "./_corpus.ts";
import { rescan } from "./_base64.ts";
import { englishWords } from "./_decoders.ts";
import { ruleById } from "./rules.ts";
import type { Collector } from "./_collector.ts";
import { GLOSS_GATE, glossText, glossWorthy } from "./_gloss.ts";

const LEET_RULE = ruleById("obf.leetspeak");
const GLOSS_RULE = ruleById("obf.translated");
const ESCAPE_RULE = ruleById("obf.escaped_text");

/** Work bounds per scan: rescans, and characters decoded and rescanned (64 KiB per string). */
const MAX_DECODES = 64;
const MAX_DECODED_CHARS = 131_072;
const MAX_SEGMENT = 16_384;

/** Digits and signs read as letters in leetspeak (2, 6, 8 and 9 are left: rarely letters). */
const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "$": "s",
  "@": "a",
};
/** A word of letters, digits, $ and @; leet when it mixes a letter with a leet sign and no other. */
const TOKEN = /[A-Za-z0-9$@]+/g;
const MIXED = /^(?=[^A-Za-z]*[A-Za-z])(?=[^013457$@]*[013457$@])[A-Za-z013457$@]+$/;
/** A short all-digit word ("17" for it, "70" for to) is read only inside leet text. */
const SHORT_DIGITS = /^[013457]{2,4}$/;
const LEET_SIGN = /[013457$@]/g;
/** E-mail addresses keep their @ (it is swapped out while the words are read). */
const EMAIL_AT = /(?<=[\w.+-])@(?=[\w-]+(?:\.[\w-]+)+)/g;
/**
 * Cheap gate: a letter next to a leet sign, four times in a string (then the words are counted).
 * Led by the sign (rare) and looking back for the letter, so the search skips ahead on letters.
 */
const LEET_GATE = /[013457$@](?<=[A-Za-z][013457$@])|[013457$@][A-Za-z]/;
const LEET_PAIRS = /[A-Za-z][013457$@]|[013457$@][A-Za-z]/g;

function leetPairs(text: string): boolean {
  LEET_PAIRS.lastIndex = 0;
  let n = 0;
  while (LEET_PAIRS.exec(text) !== null) if (++n >= MIN_LEET_WORDS) return true;
  return false;
}

/** Fewest leet words a string needs, and the least share of its words they must make. */
const MIN_LEET_WORDS = 4;
const MIN_LEET_SHARE = 0.2;

/**
 * The plain reading of a leetspeak text, or null when it has too few leet words or does not read
 * as clearly more English decoded.
 */
export function decodeLeet(text: string): string | null {
  const kept = text.replace(EMAIL_AT, "\u0000");
  let leet = 0;
  let words = 0;
  for (const m of kept.matchAll(TOKEN)) {
    words++;
    if (MIXED.test(m[0])) leet++;
  }
  if (leet < MIN_LEET_WORDS || leet < MIN_LEET_SHARE * words) return null;
  const decoded = kept.replace(
    TOKEN,
    (w) =>
      MIXED.test(w) || SHORT_DIGITS.test(w)
        ? w.toLowerCase().replace(LEET_SIGN, (d) => LEET[d]!)
        : w,
  ).replace(/(?<=[a-z]')5\b/g, "s").replace(/(?<=[a-z]')7\b/g, "t").replaceAll("\u0000", "@");
  const after = englishWords(decoded).common;
  if (after < 4 || after < 2 * englishWords(text).common + 2) return null;
  return decoded;
}

/**
 * Escaped text: percent-encoding (%69%67), HTML character references (&#105; &#x69;) and
 * written-out \u escapes (\u0069). Eight escapes or more in a string are decoded in place.
 */
const PERCENT = /%[0-9A-Fa-f]{2}/g;
const ENTITY = /&#(?:[0-9]{1,7}|[xX][0-9A-Fa-f]{1,6});/g;
const U_ESCAPE = /\\u[0-9A-Fa-f]{4}|\\u\{[0-9A-Fa-f]{1,6}\}/g;
const ESCAPE_GATE = /%[0-9A-Fa-f]{2}|&#[0-9xX]|\\u[0-9A-Fa-f{]/;
const MIN_ESCAPES = 8;
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function fromCode(n: number): string {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "";
}

/** The decoded reading of a string with many escapes, or null when it has few or reads as no text. */
export function decodeEscapes(text: string): string | null {
  let decoded = text;
  let n = 0;
  const count = (re: RegExp) => (decoded.match(re)?.length ?? 0);
  if (count(PERCENT) >= MIN_ESCAPES) {
    n += count(PERCENT);
    // Runs of escapes are decoded as UTF-8; a bad sequence leaves its run as it was.
    decoded = decoded.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
  if (count(ENTITY) >= MIN_ESCAPES) {
    n += count(ENTITY);
    decoded = decoded.replace(
      ENTITY,
      (e) =>
        fromCode(
          e[2] === "x" || e[2] === "X"
            ? parseInt(e.slice(3, -1), 16)
            : parseInt(e.slice(2, -1), 10),
        ),
    ).replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, k: string) => NAMED[k]!);
  }
  if (count(U_ESCAPE) >= MIN_ESCAPES) {
    n += count(U_ESCAPE);
    decoded = decoded.replace(
      U_ESCAPE,
      (e) => fromCode(parseInt(e[2] === "{" ? e.slice(3, -1) : e.slice(2), 16)),
    );
  }
  if (n < MIN_ESCAPES) return null;
  // Percent-encoding leaves letters as they are, so the word count may not rise: a readable
  // decoding is enough (the rescan decides).
  return englishWords(decoded).common >= 3 ? decoded : null;
}

interface Budget {
  left: number;
  chars: number;
}

/** Rescans a decoded string and records the decoder's finding when the decoded text hits. */
function report(
  budget: Budget,
  col: Collector,
  c: Corpus,
  rule: ReturnType<typeof ruleById>,
  si: number,
  decoded: string,
): number {
  if (budget.left-- <= 0 || (budget.chars -= decoded.length) < 0) return 0;
  const seg = c.segs[si]!;
  const loc = locate(c, seg.cStart, seg.cEnd);
  if (!loc) return 0;
  const hits = rescan(col, decoded, loc.tool, loc.field, loc.offset, loc.match, 1);
  if (hits === 0) return 0;
  col.add(rule, loc.tool, loc.field, loc.offset, loc.match, { decoded });
  return hits + 1;
}

/** What the decoders read in one text (undefined: not asked yet). */
interface Readings {
  leet?: string | null;
  escaped?: string | null;
  worthy?: boolean;
  glossGate?: boolean;
  glossed?: string | null;
}

/** Runs the leetspeak, escape and language decoders over each string; returns the findings added. */
export function scanLeetAndGloss(col: Collector, c: Corpus): number {
  const budget: Budget = { left: MAX_DECODES, chars: MAX_DECODED_CHARS };
  let count = 0;
  // Corpus-wide gates first: most lists hold no leet, escapes or foreign words at all.
  const leetGate = LEET_GATE.test(c.text);
  const escapeGate = ESCAPE_GATE.test(c.text);
  const glossGate = GLOSS_GATE.test(c.text);
  // The readings depend on the text alone, and a list repeats its texts (each string and the
  // merged text of a one-string tool, shared parameter descriptions): read once per scan.
  const memo = new Map<string, Readings>();
  for (let si = 0; si < c.segs.length; si++) {
    if (budget.left <= 0 || budget.chars <= 0) break;
    const seg = c.segs[si]!;
    // The original text: the corpus folds Cyrillic look-alikes into Latin letters.
    const text = seg.text.length > MAX_SEGMENT ? seg.text.slice(0, MAX_SEGMENT) : seg.text;
    // Most strings meet no gate: they are not looked up.
    if (!leetGate && !escapeGate && !glossGate && seg.map === null) continue;
    let r = memo.get(text);
    if (r === undefined) memo.set(text, r = {});
    if (leetGate) {
      if (r.leet === undefined) r.leet = leetPairs(text) ? decodeLeet(text) : null;
      if (r.leet) count += report(budget, col, c, LEET_RULE, si, r.leet);
    }
    if (escapeGate) {
      if (r.escaped === undefined) r.escaped = ESCAPE_GATE.test(text) ? decodeEscapes(text) : null;
      if (r.escaped) count += report(budget, col, c, ESCAPE_RULE, si, r.escaped);
    }
    if (
      (seg.map !== null && (r.worthy ??= glossWorthy(text))) ||
      (glossGate && (r.glossGate ??= GLOSS_GATE.test(text)))
    ) {
      if (r.glossed === undefined) r.glossed = glossText(text);
      if (r.glossed) count += report(budget, col, c, GLOSS_RULE, si, r.glossed);
    }
  }
  return count;
}
