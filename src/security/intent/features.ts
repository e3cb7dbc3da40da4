/**
 * What the intent model (model.ts) reads of one tool: a set of feature names.
 *
 * - `w:<stem>`: a word of any string the model would read (the strings firewall-scan scans:
 *   name, title, description, annotations, every schema string and property name), split at
 *   camelCase, lowercased and lightly stemmed ("copies", "copied", "copying" -> "copi").
 * - `b:<stem> <stem>`: two consecutive words of one string.
 * - `n:0` … `n:5`: the tool's length in words, bucketed (long benign texts hold more words that
 *   lean towards an attack; the model learns to offset them).
 *
 * The veto (veto.ts) reads the same word and pair features of one sentence window at a time
 * (`eachWindow`, `windowFeatures`): no length feature, since a window is short by design.
 *
 * A feature counts once per tool. Letters of any script count, so other languages are read too.
 * The same function builds the training rows (bench/train_intent.ts) and the scan's input, so the
 * published weights mean the same thing in both.
 */

const STEMS = new Map<string, string>();
const STEMS_MAX = 100_000;

/** A light suffix stemmer: -ies, -ing, -ed, -ly, a plural -s and a final -e. */
export function stem(word: string): string {
  const hit = STEMS.get(word);
  if (hit !== undefined) return hit;
  let s = word;
  if (s.length > 4 && s.endsWith("ies")) s = s.slice(0, -3) + "i";
  else if (s.length > 5 && s.endsWith("ing")) s = s.slice(0, -3);
  else if (s.length > 4 && s.endsWith("ed")) s = s.slice(0, -2);
  else if (s.length > 4 && s.endsWith("ly")) s = s.slice(0, -2);
  else if (s.length > 3 && s.endsWith("s") && !s.endsWith("ss") && !s.endsWith("us")) {
    s = s.slice(0, -1);
  }
  if (s.length > 3 && s.endsWith("e")) s = s.slice(0, -1);
  if (STEMS.size >= STEMS_MAX) STEMS.clear();
  STEMS.set(word, s);
  return s;
}

const CAMEL = /([a-z0-9])([A-Z])/g;
const WORD = /[\p{L}\p{N}]+/gu;
const DIGIT = /^\d/;

/** Calls `visit` with each stemmed word of one string (2-30 characters, not starting with a
 * digit), in order; returns how many there were. */
export function eachWord(text: string, visit: (word: string) => void): number {
  return eachRawWord(text, (w) => visit(stem(w)));
}

/** `eachWord` before stemming: each lowercased word (the scorer caches its stems by these). */
export function eachRawWord(text: string, visit: (word: string) => void): number {
  // ASCII text (nearly all of it) is split by a character loop: the same words as the Unicode
  // pattern below, several times faster.
  if (!NON_ASCII.test(text)) return eachAsciiWord(text, visit);
  let n = 0;
  for (const m of text.replace(CAMEL, "$1 $2").toLowerCase().matchAll(WORD)) {
    const w = m[0];
    if (w.length < 2 || w.length > 30 || DIGIT.test(w)) continue;
    visit(w);
    n++;
  }
  return n;
}

const NON_ASCII = /[^\p{ASCII}]/u;

/** `eachRawWord` for ASCII text: runs of letters and digits, split where a lower-case letter or
 * a digit is followed by an upper-case letter (camelCase). */
function eachAsciiWord(text: string, visit: (word: string) => void): number {
  const lower = text.toLowerCase();
  let n = 0;
  let start = -1;
  let prevLowerOrDigit = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    const upper = c >= 65 && c <= 90;
    const lowerOrDigit = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    const split = start >= 0 && (!(upper || lowerOrDigit) || (upper && prevLowerOrDigit));
    if (split) {
      const len = i - start;
      const first = text.charCodeAt(start);
      if (len >= 2 && len <= 30 && !(first >= 48 && first <= 57)) {
        visit(lower.slice(start, i));
        n++;
      }
      start = -1;
    }
    if (start < 0 && (upper || lowerOrDigit)) start = i;
    prevLowerOrDigit = lowerOrDigit;
  }
  return n;
}

/** The stemmed words of one string. */
export function words(text: string): string[] {
  const out: string[] = [];
  eachWord(text, (w) => out.push(w));
  return out;
}

/** Word and pair features of one string, added to `into`; returns its word count. */
export function addStringFeatures(text: string, into: Set<string>): number {
  let prev = "";
  return eachWord(text, (w) => {
    into.add("w:" + w);
    if (prev) into.add("b:" + prev + " " + w);
    prev = w;
  });
}

const LENGTHS = [15, 40, 100, 250, 600];

/** The length bucket of a tool of `n` words. */
export function lengthFeature(n: number): string {
  let i = 0;
  while (i < LENGTHS.length && n >= LENGTHS[i]!) i++;
  return "n:" + i;
}

/** The feature set of one tool, from its strings (collectStrings). */
export function toolFeatures(strings: readonly { text: string }[]): Set<string> {
  const f = new Set<string>();
  let n = 0;
  for (const s of strings) n += addStringFeatures(s.text, f);
  f.add(lengthFeature(n));
  return f;
}

/** Where one sentence ends: after . ! ? ; or : and a space, or at a line break. */
const SENTENCE_END = /(?<=[.!?;:])\s+|\n+/;

/** The most consecutive sentences one veto window holds. */
export const WINDOW_SENTENCES = 3;

/**
 * Calls `visit` with each window of one string: every sentence, then every run of two and of
 * three consecutive sentences (an order split over a few short sentences is read whole).
 */
export function eachWindow(text: string, visit: (window: string) => void): void {
  const s = text.split(SENTENCE_END).map((x) => x.trim()).filter((x) => x !== "");
  for (let n = 1; n <= WINDOW_SENTENCES; n++) {
    for (let i = 0; i + n <= s.length; i++) visit(n === 1 ? s[i]! : s.slice(i, i + n).join(" "));
  }
}

/** The word and pair features of one window. */
export function windowFeatures(window: string): Set<string> {
  const f = new Set<string>();
  addStringFeatures(window, f);
  return f;
}
