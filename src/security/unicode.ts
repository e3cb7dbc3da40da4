/**
 * Hidden-Unicode detector: tag characters (decoded), variation-selector runs (decoded),
 * bidi controls, zero-width and other default-ignorable characters. Emoji sequences (ZWJ
 * sequences, VS15/VS16 presentation, keycaps, skin tones, regional-indicator flags and tag
 * subdivision flags like 🏴 England) and joiners in joining scripts (Arabic, Indic, ...) are
 * legitimate and not reported. Linear in the length of the text.
 *
 * @example
 * ```ts
 * import { findHiddenUnicode } from "./unicode.ts";
 * findHiddenUnicode("ok\u{E0068}\u{E0069}")[0]; // { rule: "uni.tag", start: 2, end: 6, decoded: "hi" }
 * findHiddenUnicode("👩‍💻 ✔️"); // []
 * ```
 */
import { codePointAt, isDefaultIgnorable } from "./confusables.ts";

export interface UnicodeHit {
  rule:
    | "uni.tag"
    | "uni.variation_run"
    | "uni.bidi"
    | "uni.zero_width_in_word"
    | "uni.invisible"
    | "uni.invisible_run"
    | "uni.bidi_mark";
  /** UTF-16 offsets into the text. */
  start: number;
  end: number;
  decoded?: string;
}

const PICTO = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}/u;
const WORDCH = /[\p{L}\p{N}\p{M}]/u;
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

const NON_ASCII = /[\u0080-\uffff]/;

function isJoiningScript(cp: number): boolean {
  return (cp >= 0x0600 && cp <= 0x08ff) || (cp >= 0x0900 && cp <= 0x0dff) ||
    (cp >= 0x1000 && cp <= 0x109f) || (cp >= 0x1780 && cp <= 0x18af) ||
    (cp >= 0xa980 && cp <= 0xa9df) || (cp >= 0xfb50 && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfefe) || (cp >= 0x0f00 && cp <= 0x0fff);
}

function isVariationSelector(cp: number): boolean {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
}

function cpAt(text: string, i: number): number {
  return codePointAt(text, i);
}

function charOf(cp: number): string {
  return String.fromCodePoint(cp);
}

/** Previous code point before UTF-16 index `i` (0 when none). */
function prevCp(text: string, i: number): number {
  if (i <= 0) return 0;
  const lo = text.charCodeAt(i - 1);
  if (lo >= 0xdc00 && lo <= 0xdfff && i >= 2) return cpAt(text, i - 2);
  return lo;
}

/** Base character before index `i`, skipping skin tones, VS15/VS16 and keycap marks. */
function baseBefore(text: string, i: number): number {
  let j = i;
  for (let k = 0; k < 4 && j > 0; k++) {
    const cp = prevCp(text, j);
    if (cp === 0xfe0f || cp === 0xfe0e || cp === 0x20e3 || (cp >= 0x1f3fb && cp <= 0x1f3ff)) {
      j -= cp > 0xffff ? 2 : 1;
      continue;
    }
    return cp;
  }
  return 0;
}

function isPicto(cp: number): boolean {
  return cp !== 0 && cp > 0x7f && PICTO.test(charOf(cp));
}

/** Is the invisible code point at `i` a legitimate part of the surrounding text? */
function excused(text: string, i: number, cp: number, len: number): boolean {
  if (cp === 0xfeff && i === 0) return true; // byte order mark
  if (cp === 0x200d) {
    // ZWJ in an emoji sequence, or in a joining script.
    const before = baseBefore(text, i);
    const after = cpAt(text, i + 1);
    if (isPicto(before) && isPicto(after)) return true;
    return isJoiningScript(before) || isJoiningScript(after);
  }
  if (cp === 0x200c) {
    return isJoiningScript(prevCp(text, i)) || isJoiningScript(cpAt(text, i + len));
  }
  if (cp >= 0x180b && cp <= 0x180f) return prevCp(text, i) >= 0x1800 && prevCp(text, i) <= 0x18af;
  if (isVariationSelector(cp)) {
    // A single selector after a visible base is a standard variation sequence (emoji
    // presentation, CJK ideographic variants, math symbols). Runs are handled by the caller.
    const p = prevCp(text, i);
    return p !== 0 && !isDefaultIgnorable(p);
  }
  return false;
}

/** Scans `text` for hidden Unicode. Returns runs of invisible characters, classified. */
export function findHiddenUnicode(text: string): UnicodeHit[] {
  if (!NON_ASCII.test(text)) return [];
  const hits: UnicodeHit[] = [];
  const n = text.length;
  let i = 0;
  let hasRtl: boolean | undefined;
  while (i < n) {
    const cp = cpAt(text, i);
    const len = cp > 0xffff ? 2 : 1;
    if (cp < 0xad || !isDefaultIgnorable(cp)) {
      i += len;
      continue;
    }
    // Emoji tag sequence: U+1F3F4 followed by tags and U+E007F cancel tag (subdivision flags).
    if (cp >= 0xe0020 && cp <= 0xe007e && prevCp(text, i) === 0x1f3f4) {
      let j = i;
      while (j < n && cpAt(text, j) >= 0xe0020 && cpAt(text, j) <= 0xe007e && j - i < 14) j += 2;
      if (cpAt(text, j) === 0xe007f) {
        i = j + 2;
        continue;
      }
    }
    if (isVariationSelector(cp)) {
      let j = i;
      const bytes: number[] = [];
      while (j < n && isVariationSelector(cpAt(text, j))) {
        const c = cpAt(text, j);
        bytes.push(c <= 0xfe0f ? c - 0xfe00 : c - 0xe0100 + 16);
        j += c > 0xffff ? 2 : 1;
      }
      if (bytes.length >= 2) {
        const decoded = new TextDecoder("utf-8", { fatal: false }).decode(new Uint8Array(bytes));
        hits.push({ rule: "uni.variation_run", start: i, end: j, decoded });
        i = j;
        continue;
      }
      // One selector after a visible base: a standard variation sequence (emoji presentation,
      // CJK ideographic variant, math symbol).
      const p = prevCp(text, i);
      if (p !== 0 && !isDefaultIgnorable(p)) {
        i = j;
        continue;
      }
    } else if (excused(text, i, cp, len)) {
      i += len;
      continue;
    }
    // A run of suspicious default-ignorables.
    const start = i;
    let j = i;
    let tags = "";
    let kinds = 0; // bit 1 tag, 4 bidi control, 8 bidi mark, 16 other
    let count = 0;
    while (j < n) {
      const c = cpAt(text, j);
      const l = c > 0xffff ? 2 : 1;
      if (c < 0xad || !isDefaultIgnorable(c)) break;
      if (j > start && (isVariationSelector(c) || excused(text, j, c, l))) break;
      if (c >= 0xe0000 && c <= 0xe007f) {
        kinds |= 1;
        if (c >= 0xe0020 && c <= 0xe007e) tags += String.fromCharCode(c - 0xe0000);
      } else if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) kinds |= 4;
      else if (c === 0x200e || c === 0x200f || c === 0x61c) kinds |= 8;
      else kinds |= 16;
      j += l;
      count++;
    }
    const end = j;
    i = end;
    if (kinds & 1) {
      hits.push({ rule: "uni.tag", start, end, decoded: tags });
    } else if (kinds & 4) {
      hits.push({ rule: "uni.bidi", start, end });
    } else if (kinds === 8) {
      hasRtl ??= RTL.test(text.replaceAll("\u061c", ""));
      if (!hasRtl) hits.push({ rule: "uni.bidi_mark", start, end });
    } else {
      const before = prevCp(text, start);
      const after = cpAt(text, end);
      const inWord = before !== 0 && after !== 0 && WORDCH.test(charOf(before)) &&
        WORDCH.test(charOf(after));
      // A long run of invisible characters is enough to carry a message (one bit or digit each).
      const rule = count >= INVISIBLE_RUN
        ? "uni.invisible_run"
        : inWord
        ? "uni.zero_width_in_word"
        : "uni.invisible";
      hits.push({ rule, start, end });
    }
  }
  return hits;
}

/** Invisible characters in one run from which the run is read as hidden data. */
const INVISIBLE_RUN = 8;

/** Makes invisible and control characters visible as `<U+XXXX>` (for diffs and reports). */
export function visible(text: string): string {
  return text.replace(INVISIBLE_RE, (ch) => {
    const cp = ch.codePointAt(0)!;
    return `<U+${cp.toString(16).toUpperCase().padStart(4, "0")}>`;
  });
}

const INVISIBLE_RE = new RegExp(
  String
    .raw`[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]|\u{1BCA0}|\u{1BCA1}|\u{1BCA2}|\u{1BCA3}|[\u{1D173}-\u{1D17A}]|[\u{E0000}-\u{E0FFF}]`,
  "gu",
);
