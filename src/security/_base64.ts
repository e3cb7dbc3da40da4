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
  let i = 0;
  while (i < n) {
    if (!isB64(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isB64(text.charCodeAt(i))) i++;
    if (i - start < 24) continue;
    if (text[i] === "=") i++;
    if (text[i] === "=") i++;
    out.push({ start, end: i });
  }
  return out;
}

const runs = BASE64_RULE.pattern === RUNS_PATTERN && (BASE64_RULE.flags ?? "g") === "g"
  ? base64Runs
  : (text: string) => allMatches(BASE64_RULE.pattern!, BASE64_RULE.flags, text);

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
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
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
  if (n < 8 || printable / n < 0.95 || letters / n < 0.5 || spaces < 2) return null;
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
