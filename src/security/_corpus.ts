/**
 * The text every rule runs over: all scanned strings of all tools joined into one corpus
 * (strings of one tool joined by "\n" so split attacks are seen; tools separated by
 * "\n\u0000\n" which no proximity window crosses). Non-ASCII strings are folded first
 * (default-ignorables dropped, Latin look-alikes mapped) with an offset map back to the
 * original characters, so a keyword broken by a zero-width space or spelt with Cyrillic
 * letters still matches, and every finding quotes the original text.
 */
import { codePointAt, isDefaultIgnorable, latinLookalike } from "./confusables.ts";

export interface Segment {
  tool: number;
  /** JSON pointer into the tool. */
  field: string;
  /** Original text. */
  text: string;
  /** Range in the corpus. */
  cStart: number;
  cEnd: number;
  /** Folded index -> original index (null when the text is ASCII and unchanged). */
  map: Int32Array | null;
  /** Offset of this text in the tool's merged original text (strings joined by "\n"). */
  mStart: number;
}

export interface Corpus {
  text: string;
  segs: Segment[];
  /** Merged original text per tool, built lazily for split findings. */
  merged(tool: number): string;
}

const NON_ASCII = /[\u0080-\uffff]/;

/** Per UTF-16 code unit: 0 not known yet, 1 kept as it is by foldWide(), 2 not (or a surrogate). */
const KEPT = new Uint8Array(65536);

/** Whether foldWide() keeps a BMP character unchanged: not ignorable and not a look-alike. */
function kept(c: number): boolean {
  let v = KEPT[c]!;
  if (v === 0) {
    const surrogate = c >= 0xd800 && c <= 0xdfff;
    v = !surrogate && !isDefaultIgnorable(c) && latinLookalike(String.fromCharCode(c)) === undefined
      ? 1
      : 2;
    KEPT[c] = v;
  }
  return v === 1;
}

/**
 * Whether a string holds a non-ASCII code unit (NON_ASCII.test): a loop for short strings
 * (most of a tool's strings), where calling the regex costs more than reading the string.
 */
function nonAscii(text: string): boolean {
  if (text.length > 64) return NON_ASCII.test(text);
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}

/** fold() of a string holding a non-ASCII code unit. */
function foldWide(text: string): { folded: string; map: Int32Array } {
  const parts: string[] = [];
  const map = new Int32Array(text.length + 1);
  let k = 0;
  for (let i = 0; i < text.length;) {
    // A run of characters that stay as they are is copied in one piece.
    let j = i;
    while (j < text.length && kept(text.charCodeAt(j))) j++;
    if (j > i) {
      parts.push(text.slice(i, j));
      for (; i < j; i++) map[k++] = i;
      if (i === text.length) break;
    }
    const cp = codePointAt(text, i);
    const len = cp > 0xffff ? 2 : 1;
    if (!isDefaultIgnorable(cp)) {
      const ch = len === 2 ? text.slice(i, i + 2) : text[i]!;
      const out = latinLookalike(ch) ?? ch;
      parts.push(out);
      for (let u = 0; u < out.length; u++) map[k++] = i;
    }
    i += len;
  }
  return { folded: parts.join(""), map: map.subarray(0, k) };
}

export interface TextItem {
  field: string;
  text: string;
}

/** Builds the corpus from the scanned strings of each tool. */
export function buildCorpus(tools: TextItem[][]): Corpus {
  const pieces: string[] = [];
  const segs: Segment[] = [];
  let pos = 0;
  tools.forEach((items, tool) => {
    if (tool > 0) {
      pieces.push("\n\u0000\n");
      pos += 3;
    }
    let m = 0;
    items.forEach((item, idx) => {
      if (idx > 0) {
        pieces.push("\n");
        pos += 1;
        m += 1;
      }
      // An ASCII string is its own folded text (most are: no object per string for them).
      const wide = nonAscii(item.text) ? foldWide(item.text) : null;
      const folded = wide === null ? item.text : wide.folded;
      const map = wide === null ? null : wide.map;
      pieces.push(folded);
      segs.push({
        tool,
        field: item.field,
        text: item.text,
        cStart: pos,
        cEnd: pos + folded.length,
        map,
        mStart: m,
      });
      pos += folded.length;
      m += item.text.length;
    });
  });
  const mergedCache = new Map<number, string>();
  return {
    text: pieces.join(""),
    segs,
    merged(tool: number): string {
      let s = mergedCache.get(tool);
      if (s === undefined) {
        s = segs.filter((g) => g.tool === tool).map((g) => g.text).join("\n");
        mergedCache.set(tool, s);
      }
      return s;
    },
  };
}

/** Index of the segment containing corpus offset `pos` (or the one before a gap). */
export function segmentAt(c: Corpus, pos: number): number {
  let lo = 0;
  let hi = c.segs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (c.segs[mid]!.cStart <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Original offset of a folded start offset within a segment. */
function origStart(seg: Segment, local: number): number {
  if (!seg.map) return local;
  if (local >= seg.map.length) return seg.text.length;
  return seg.map[local]!;
}

/** Original end offset (exclusive) of a folded end offset within a segment. */
function origEnd(seg: Segment, local: number): number {
  if (!seg.map) return local;
  if (local <= 0) return 0;
  const i = seg.map[Math.min(local, seg.map.length) - 1]!;
  const cp = codePointAt(seg.text, i);
  return i + (cp > 0xffff ? 2 : 1);
}

export interface Located {
  tool: number;
  field: string;
  offset: number;
  match: string;
  /** The first segment index (for ordering). */
  seg: number;
}

/**
 * Maps a corpus range to the original text: inside one string gives that string's pointer and
 * offset; across strings of one tool gives field "" and the offset in the merged text.
 * Returns null for a range crossing tools or lying in a separator.
 */
export function locate(c: Corpus, start: number, end: number): Located | null {
  const si = segmentAt(c, start);
  const ei = segmentAt(c, Math.max(start, end - 1));
  const s = c.segs[si]!;
  const e = c.segs[ei]!;
  if (s.tool !== e.tool) return null;
  if (start >= s.cEnd && si === ei) return null;
  if (si === ei) {
    const os = origStart(s, start - s.cStart);
    const oe = origEnd(s, end - s.cStart);
    return { tool: s.tool, field: s.field, offset: os, match: s.text.slice(os, oe), seg: si };
  }
  const os = s.mStart + origStart(s, Math.min(start, s.cEnd) - s.cStart);
  const oe = e.mStart + origEnd(e, Math.max(end, e.cStart) - e.cStart);
  return { tool: s.tool, field: "", offset: os, match: c.merged(s.tool).slice(os, oe), seg: si };
}
