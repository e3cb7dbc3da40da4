/**
 * Base64-wrapped instructions: runs of base64 that decode to readable text are decoded and
 * rescanned (also used for text smuggled in tag characters and variation selectors).
 */
import { buildCorpus, type Corpus, locate } from "./_corpus.ts";
import { allMatches, matchText } from "./_match.ts";
import { findHiddenUnicode } from "./unicode.ts";
import { ruleById } from "./rules.ts";
import { type Collector, normKey } from "./_collector.ts";

const BASE64_RULE = ruleById("pi.base64_text");

/** The published pattern that base64Runs implements without a regex (about 5x quicker). */
const RUNS_PATTERN = String.raw`(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,}={0,2}`;
const B64 = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-") {
  B64[c.charCodeAt(0)] = 1;
}
const isB64 = (c: number) => c < 128 && B64[c] === 1;

/**
 * The matches of RUNS_PATTERN (flags "g"): every maximal run of base64/base64url characters of
 * 24 or more, with up to two "=" after it. A run is maximal because of the lookbehind, and the
 * greedy repetition takes it whole, so a scan from run to run finds the same matches.
 */
export function base64Runs(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const n = text.length;
  // No run of 24 or more before i is left to report, and none reaches back before i: either
  // i is 0, or the character before i or at i is not a base64 one. A run of 24 from anywhere
  // in [i, i + 23] holds character i + 23, so when that one is not base64 all of them are
  // skipped at once (prose is mostly short words: most characters are never read).
  let i = 0;
  while (i + 24 <= n) {
    const probe = i + 23;
    if (!isB64(text.charCodeAt(probe))) {
      i = probe + 1;
      continue;
    }
    let start = probe;
    while (start > i && isB64(text.charCodeAt(start - 1))) start--;
    let end = probe + 1;
    while (end < n && isB64(text.charCodeAt(end))) end++;
    i = end;
    if (end - start < 24) continue;
    if (text[i] === "=") i++;
    if (text[i] === "=") i++;
    out.push({ start, end: i });
  }
  return out;
}

const runs = BASE64_RULE.pattern === RUNS_PATTERN && (BASE64_RULE.flags ?? "g") === "g"
  ? base64Runs
  : (text: string) => allMatches(BASE64_RULE.pattern!, BASE64_RULE.flags, text);

/** One strict UTF-8 decoder for every run (making one per call cost more than the decoding). */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Whether bytes are well-formed UTF-8 (exactly what the strict decoder accepts: no overlong
 * forms, no surrogates, nothing past U+10FFFF, nothing cut short). Checked first because most
 * runs in real tool lists (long identifiers, hashes) are not text, and a throwing decode of
 * each cost more than the rest of the base64 pass.
 */
export function isUtf8(b: Uint8Array): boolean {
  const n = b.length;
  for (let i = 0; i < n;) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return false;
    if (i + need >= n) return false;
    const second = b[i + 1]!;
    if (second < lo || second > hi) return false;
    for (let k = 2; k <= need; k++) {
      const x = b[i + k]!;
      if (x < 0x80 || x > 0xbf) return false;
    }
    i += need + 1;
  }
  return true;
}

/** Decodes a base64/base64url run into readable text, or null when it is not text. */
export function decodeBase64Text(run: string): string | null {
  if (run.length > 65_536) return null;
  let s = run.replace(/=+$/, "").replaceAll("-", "+").replaceAll("_", "/");
  if (s.length % 4 === 1) return null;
  s += "=".repeat((4 - (s.length % 4)) % 4);
  let bin: string;
  try {
    bin = atob(s);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return readableText(bytes, 8);
}

/**
 * Decoded bytes as text when they read like prose: valid UTF-8, at least `minChars` characters,
 * nearly all printable, at least half letters and two spaces; else null (binary, digests, keys).
 */
export function readableText(bytes: Uint8Array, minChars: number): string | null {
  if (!isUtf8(bytes)) return null;
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return null;
  }
  let printable = 0;
  let letters = 0;
  let spaces = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c === 0x20) spaces++;
    if (/\p{L}/u.test(ch)) letters++;
    if (c >= 0x20 && c !== 0x7f || c === 0x0a || c === 0x09 || c === 0x0d) printable++;
  }
  const n = [...text].length;
  if (n < minChars || printable / n < 0.95 || letters / n < 0.5 || spaces < 2) return null;
  return text;
}

/** Scans a decoded hidden text and records its findings at the location of the carrier. */
export function rescan(
  col: Collector,
  decoded: string,
  tool: number,
  field: string,
  offset: number,
  match: string,
  depth: number,
): number {
  // Smuggled text is rescanned up to the per-string cap, so the work stays bounded.
  const c = buildCorpus([[{ field, text: decoded.slice(0, 65_536) }]]);
  let count = 0;
  for (const m of matchText(c.text)) {
    const loc = locate(c, m.start, m.end);
    col.add(m.rule, tool, field, offset, match, {
      decoded,
      key: normKey(loc?.match ?? ""),
    });
    count++;
  }
  for (const h of findHiddenUnicode(c.segs[0]!.text)) {
    col.add(ruleById(h.rule), tool, field, offset, match, { decoded });
    count++;
  }
  if (depth < 2) count += scanBase64(col, c, depth + 1, { tool, field, offset, match });
  return count;
}

export function scanBase64(
  col: Collector,
  c: Corpus,
  depth: number,
  carrier?: { tool: number; field: string; offset: number; match: string },
): number {
  let count = 0;
  for (const s of runs(c.text)) {
    const run = c.text.slice(s.start, s.end);
    const decoded = decodeBase64Text(run);
    if (decoded === null) continue;
    const loc = carrier ?? locate(c, s.start, s.end);
    if (!loc) continue;
    col.add(BASE64_RULE, loc.tool, loc.field, loc.offset, loc.match, { decoded });
    count += 1 + rescan(col, decoded, loc.tool, loc.field, loc.offset, loc.match, depth);
  }
  return count;
}
