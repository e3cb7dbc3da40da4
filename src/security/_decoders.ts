/**
 * Trivially encoded instructions besides base64: letter-spaced or dotted text, ROT13 and other
 * Caesar shifts, reversed text, and hex-encoded ASCII. Each decoder is deterministic, gated by a
 * cheap regex, and rescans what it decodes with the same rules (like _base64.ts). The `obf.*`
 * finding is added only when the decoded text itself hits a rule, so an alphabet, a spelling
 * game, a ROT13 puzzle or a hex digest that decodes to harmless text reports nothing.
 */
import { type Corpus, locate, segmentAt } from "./_corpus.ts";
import { readableText, rescan } from "./_base64.ts";
import { ruleById } from "./rules.ts";
import type { Collector } from "./_collector.ts";

const SPACED_RULE = ruleById("obf.spaced_letters");
const ROT_RULE = ruleById("obf.rot13");
const REVERSED_RULE = ruleById("obf.reversed");
const HEX_RULE = ruleById("obf.hex_text");

/**
 * Work bounds per scan: decoded texts rescanned, characters of decoded text rescanned and of
 * text read for ROT13 (a rescan costs about what scanning the text once does, so this keeps the
 * worst request near the cost of scanning its own input), the longest announced span read, and
 * the sample the shift is chosen on (25 shifts are tried on the sample only).
 */
const MAX_DECODES = 256;
const MAX_DECODED_CHARS = 262_144;
const MAX_SPAN = 8192;
const SHIFT_SAMPLE = 512;

/** Fewest letters a letter-spaced or dotted run must hold (initials and short lists stay out). */
export const MIN_SPACED_LETTERS = 12;

/**
 * Single non-space characters separated by spaces (one within a word, two or more between
 * words), at least 12 of them. Each character is followed by a space or the end, so "A B Cde"
 * stops at "B".
 */
const SPACED = /(?<!\S)\S(?: {1,6}\S(?!\S)){11,}/g;
/** Words of single letters joined by one of . - _ * | (i.g.n.o.r.e), with their gaps. */
const DOTTED_WORD = String.raw`[A-Za-z](?:[._*|-][A-Za-z])+`;
const DOTTED = new RegExp(
  String.raw`(?<![\w.*|-])${DOTTED_WORD}(?: {1,3}(?:${DOTTED_WORD}|[A-Za-z](?![\w*|-])))*`,
  "g",
);
/** "\x69\x67…", and bare runs of hex digit pairs whose high digit makes printable ASCII. */
const HEX_ESCAPED = /(?:\\x[0-9a-fA-F]{2}){16,}/g;
const HEX_BARE = /(?:[02-7][0-9a-fA-F]){16,}/g;
const ALNUM = /[0-9A-Za-z]/;
/** Words that announce a shifted or reversed text. */
const ANNOUNCED =
  /\b(?:rot[- ]?13|rot[- ]?\d{1,2}\b|caesar|cipher(?:ed)?\s+text|decode\s+(?:(?:it|this|them)\s+)?before\s+(?:use|using|acting|following)|backwards|in\s+reverse|reversed|right[- ]to[- ]left)/gi;
const ANNOUNCED_REVERSE = /backwards|reverse|right[- ]to[- ]left/i;
/** The ROT13 of "the", "and", "you(r)", "all": plain text almost never holds them. */
const ROT13_HINT = /\b(?:[Gg]ur|naq|lbhe?|nyy)\b/g;

// Cheap gates (a short literal-led pattern is searched far quicker than the full ones).
const SPACED_GATE = /\S \S \S \S \S \S /;
const DOTTED_GATE = /[A-Za-z][._*|-][A-Za-z][._*|-][A-Za-z][._*|-][A-Za-z]/;
const HEX_GATE = /[02-7][0-9a-fA-F][02-7][0-9a-fA-F][02-7][0-9a-fA-F][02-7][0-9a-fA-F]/;

/** A small list of common English words (and the words instructions use) for the ratio test. */
const COMMON = new Set(
  (
    "the be to of and a an in that have i it for not on with he as you do at this but his by from " +
    "they we say her she or will my one all would there their what so up out if about who get which " +
    "go me when make can like no just him know take people into your some could them see other than " +
    "then now only its over also back after use how our first way even new want any these give day " +
    "most us is are was were has had been must should never always every before call read send " +
    "file tool user include put pass its field contents instructions previous ignore tell do does " +
    "did this that here there please note assistant model system prompt secret key password"
  ).split(" "),
);

const WORD = /[A-Za-z']+/g;

/** How many words of `text` are common English words, and how many words it has. */
export function englishWords(text: string): { common: number; words: number } {
  let common = 0;
  let words = 0;
  for (const m of text.matchAll(WORD)) {
    words++;
    if (COMMON.has(m[0].toLowerCase())) common++;
  }
  return { common, words };
}

/** Shifts every ASCII letter by `k` places (13 is ROT13). */
export function caesar(text: string, k: number): string {
  return text.replace(/[A-Za-z]/g, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode((c.charCodeAt(0) - base + k) % 26 + base);
  });
}

/** Decodes a letter-spaced run ("N o t e   t o" -> "Note to"), or null when it is too short. */
export function decodeSpaced(run: string): string | null {
  const words = run.trim().split(/ {2,}/).map((w) => w.replaceAll(" ", ""));
  const letters = words.join("").replace(/[^\p{L}]/gu, "").length;
  return letters >= MIN_SPACED_LETTERS ? words.join(" ") : null;
}

/** Decodes a dotted run ("i.g.n.o.r.e a.l.l" -> "ignore all"), or null when it is too short. */
export function decodeDotted(run: string): string | null {
  const words = run.trim().split(/ +/).map((w) => w.replace(/[._*|-]/g, ""));
  const letters = words.join("").length;
  return letters >= MIN_SPACED_LETTERS ? words.join(" ") : null;
}

/** Decodes hex-encoded text ("\x69\x67…" or "6967…") when it is readable, else null. */
export function decodeHexText(run: string): string | null {
  const hex = run.replace(/^0x/, "").replaceAll("\\x", "");
  if (hex.length % 2 !== 0 || hex.length > 131_072) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return readableText(bytes, 16);
}

/**
 * The best reading of an announced span: the Caesar shift or the reversal that gives the most
 * common English words, when it reads as clearly more English than the span itself.
 */
export function decodeAnnounced(
  span: string,
  reverse: boolean,
): { text: string; how: "shift" | "reversed" } | null {
  // The reading is chosen on a sample; only the winner is applied to the whole span.
  const sample = span.slice(0, SHIFT_SAMPLE);
  const base = englishWords(sample).common;
  let best: { k: number; common: number } | null = null;
  for (let k = 1; k < 26; k++) {
    const { common } = englishWords(caesar(sample, k));
    if (!best || common > best.common) best = { k, common };
  }
  if (reverse) {
    // Reversed text ends the sample where the span starts, so it is judged on the span's tail.
    const tail = [...span.slice(-SHIFT_SAMPLE)].reverse().join("");
    const { common } = englishWords(tail);
    if (!best || common > best.common) {
      if (common < 3 || common <= englishWords(span.slice(-SHIFT_SAMPLE)).common) return null;
      return { text: [...span].reverse().join(""), how: "reversed" };
    }
  }
  if (!best || best.common < 3 || best.common <= base) return null;
  return { text: caesar(span, best.k), how: "shift" };
}

/**
 * The ROT13 reading of unannounced text: the sentences whose ROT13 has at least three common
 * words and three times as many as the sentence itself, when they hold eight words or more.
 */
export function decodeRot13Sentences(text: string): string | null {
  const picked: string[] = [];
  let words = 0;
  for (const sentence of text.split(/(?<=[.!?;:])\s+|\n+/)) {
    const rot = caesar(sentence, 13);
    const r = englishWords(rot);
    if (r.words < 4 || r.common < 3) continue;
    if (r.common < 3 * englishWords(sentence).common + 1) continue;
    picked.push(rot);
    words += r.words;
  }
  return words >= 8 ? picked.join(" ") : null;
}

/**
 * Rescans decoded text found at corpus range [start, end) and adds the decoder's finding when
 * the decoded text hits a rule. Returns the findings added.
 */
function report(
  budget: Budget,
  col: Collector,
  c: Corpus,
  rule: ReturnType<typeof ruleById>,
  start: number,
  end: number,
  decoded: string,
): number {
  if (budget.left-- <= 0 || (budget.chars -= decoded.length) < 0) return 0;
  const loc = locate(c, start, end);
  if (!loc) return 0;
  const hits = rescan(col, decoded, loc.tool, loc.field, loc.offset, loc.match, 1);
  if (hits === 0) return 0;
  col.add(rule, loc.tool, loc.field, loc.offset, loc.match, { decoded });
  return hits + 1;
}

/** Rescans and characters (decoded or read for ROT13) left in this scan. */
interface Budget {
  left: number;
  chars: number;
}

/** Runs every decoder over the corpus; returns the findings added. */
export function scanDecoders(col: Collector, c: Corpus): number {
  const budget: Budget = { left: MAX_DECODES, chars: MAX_DECODED_CHARS };
  const text = c.text;
  let count = 0;
  if (SPACED_GATE.test(text)) {
    for (const m of text.matchAll(SPACED)) {
      if (budget.left <= 0 || budget.chars <= 0) break;
      const decoded = decodeSpaced(m[0]);
      if (decoded) {
        count += report(budget, col, c, SPACED_RULE, m.index, m.index + m[0].length, decoded);
      }
    }
  }
  if (DOTTED_GATE.test(text)) {
    for (const m of text.matchAll(DOTTED)) {
      if (budget.left <= 0 || budget.chars <= 0) break;
      const decoded = decodeDotted(m[0]);
      if (decoded) {
        count += report(budget, col, c, SPACED_RULE, m.index, m.index + m[0].length, decoded);
      }
    }
  }
  if (text.includes("\\x")) {
    for (const m of text.matchAll(HEX_ESCAPED)) {
      if (budget.left <= 0 || budget.chars <= 0) break;
      const decoded = decodeHexText(m[0]);
      if (decoded) {
        count += report(budget, col, c, HEX_RULE, m.index, m.index + m[0].length, decoded);
      }
    }
  }
  if (HEX_GATE.test(text)) {
    for (const m of text.matchAll(HEX_BARE)) {
      if (budget.left <= 0 || budget.chars <= 0) break;
      // A whole run: nothing alphanumeric around it but an "0x" prefix.
      let start = m.index;
      const end = start + m[0].length;
      if (text.slice(start - 2, start) === "0x") start -= 2;
      if (ALNUM.test(text[start - 1] ?? "") || ALNUM.test(text[end] ?? "")) continue;
      const decoded = decodeHexText(m[0]);
      if (decoded) count += report(budget, col, c, HEX_RULE, start, end, decoded);
    }
  }
  count += scanShifted(budget, col, c);
  return count;
}

/** Announced shifted/reversed spans, and unannounced ROT13 sentences, per scanned string. */
function scanShifted(budget: Budget, col: Collector, c: Corpus): number {
  const text = c.text;
  let count = 0;
  const announced = new Map<number, RegExpMatchArray>();
  for (const m of text.matchAll(ANNOUNCED)) {
    const si = segmentAt(c, m.index!);
    if (!announced.has(si)) announced.set(si, m);
  }
  const done = new Set<number>();
  for (const [si, m] of announced) {
    if (budget.left <= 0 || budget.chars <= 0) break;
    const seg = c.segs[si]!;
    if (m.index! >= seg.cEnd) continue;
    // The span after the announcement, or before it when little follows.
    let start = m.index! + m[0].length;
    let end = seg.cEnd;
    if ((text.slice(start, end).match(/[A-Za-z]/g)?.length ?? 0) < 16) {
      start = seg.cStart;
      end = m.index!;
    }
    end = Math.min(end, start + MAX_SPAN);
    const span = text.slice(start, end);
    const found = decodeAnnounced(span, ANNOUNCED_REVERSE.test(m[0]));
    if (!found) continue;
    const rule = found.how === "reversed" ? REVERSED_RULE : ROT_RULE;
    const added = report(budget, col, c, rule, start, end, found.text);
    if (added > 0) done.add(si);
    count += added;
  }
  const hinted = new Set<number>();
  for (const m of text.matchAll(ROT13_HINT)) hinted.add(segmentAt(c, m.index!));
  for (const si of hinted) {
    if (done.has(si)) continue;
    const seg = c.segs[si]!;
    if (budget.left <= 0 || budget.chars <= 0) break;
    const read = text.slice(seg.cStart, Math.min(seg.cEnd, seg.cStart + 65_536));
    budget.chars -= read.length;
    const decoded = decodeRot13Sentences(read);
    if (decoded) count += report(budget, col, c, ROT_RULE, seg.cStart, seg.cEnd, decoded);
  }
  return count;
}
