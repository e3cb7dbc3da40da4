/**
 * A compact confusables table for Latin look-alikes (after UTS #39 `confusables.txt`, written
 * by hand for the letters attackers use in tool names: Cyrillic, Greek, Armenian, Cherokee,
 * Latin extensions, fullwidth and mathematical forms via NFKC) and the skeleton function.
 *
 * @example
 * ```ts
 * import { skeleton } from "./confusables.ts";
 * skeleton("rеad_fi1e") === skeleton("read_file"); // true (Cyrillic е, digit 1)
 * ```
 */

// Pairs "<confusable><latin>" for single characters.
const PAIRS = [
  // Cyrillic lower case
  "аa",
  "вb",
  "ԁd",
  "еe",
  "ғf",
  "ɡg",
  "һh",
  "іi",
  "ӏl",
  "јj",
  "кk",
  "мm",
  "пn",
  "оo",
  "рp",
  "ԛq",
  "гr",
  "ѕs",
  "тt",
  "υu",
  "ѵv",
  "ԝw",
  "хx",
  "уy",
  "ҽe",
  "ӡz",
  "ь b",
  "ѡw",
  "ѳo",
  "ԍG",
  // Cyrillic upper case
  "АA",
  "ВB",
  "СC",
  "ЕE",
  "НH",
  "ІI",
  "ЈJ",
  "КK",
  "МM",
  "ОO",
  "РP",
  "ЅS",
  "ТT",
  "ХX",
  "УY",
  "ҮY",
  "ԌG",
  "ԚQ",
  "ԜW",
  "ӀI",
  "ЗZ",
  "сc",
  // Greek
  "αa",
  "βb",
  "εe",
  "ηn",
  "ιi",
  "κk",
  "νv",
  "οo",
  "ρp",
  "τt",
  "υu",
  "χx",
  "γy",
  "ϲc",
  "ϳj",
  "ΑA",
  "ΒB",
  "ΕE",
  "ΖZ",
  "ΗH",
  "ΙI",
  "ΚK",
  "ΜM",
  "ΝN",
  "ΟO",
  "ΡP",
  "ΤT",
  "ΥY",
  "ΧX",
  // Armenian, Cherokee and Latin extensions
  "օo",
  "սu",
  "ոn",
  "հh",
  "ցg",
  "զq",
  "ɑa",
  "ı i",
  "ȷj",
  "ɩi",
  "ʏy",
  "ᴅD",
  "ꞮI",
  "ɪi",
  "ᎪA",
  "ᏴB",
  "ᏟC",
  "ᎬE",
  "ᎻH",
  "ᏦK",
  "ᎷM",
  "ᏢP",
  "ᏚS",
  "ᎢT",
  "ᏔW",
  "ᏃZ",
  // ASCII confusables (UTS #39 maps these digits and letters together)
  "1l",
  "Il",
  "|l",
  "0O",
];

const MAP = new Map<string, string>();
for (const p of PAIRS) {
  const chars = [...p.replace(" ", "")];
  MAP.set(chars[0]!, chars[1]!);
}

/** The Latin look-alike of one non-ASCII character, or undefined. */
export function latinLookalike(ch: string): string | undefined {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x80) return undefined;
  const direct = MAP.get(ch);
  if (direct) return direct;
  // Fullwidth ASCII and mathematical alphanumerics fold to ASCII under NFKC.
  if ((cp >= 0xff01 && cp <= 0xff5e) || (cp >= 0x1d400 && cp <= 0x1d7ff)) {
    const n = ch.normalize("NFKC");
    if (n.length === 1 && n.charCodeAt(0) < 0x80) return n;
  }
  return undefined;
}

/**
 * UTS #39 style skeleton of a name: NFKC, default-ignorables removed, confusables mapped to
 * their Latin prototype (case kept, as in UTS #39), then the multi-letter look-alikes
 * `rn`→`m`, `vv`→`w`, `cl`→`d`.
 */
export function skeleton(name: string): string {
  let out = "";
  for (const ch of name.normalize("NFKC")) {
    const cp = ch.codePointAt(0)!;
    if (isDefaultIgnorable(cp)) continue;
    out += cp < 0x80 ? (MAP.get(ch) ?? ch) : (latinLookalike(ch) ?? ch);
  }
  return out.replaceAll("rn", "m").replaceAll("vv", "w").replaceAll("cl", "d");
}

/** Default-ignorable code points (zero-width, joiners, bidi controls, tags, selectors ...). */
export function isDefaultIgnorable(cp: number): boolean {
  if (cp < 0xad) return false;
  return cp === 0xad || cp === 0x34f || cp === 0x61c || cp === 0x115f || cp === 0x1160 ||
    cp === 0x17b4 || cp === 0x17b5 || (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) || cp === 0x3164 || (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff || cp === 0xffa0 || (cp >= 0xfff0 && cp <= 0xfff8) ||
    (cp >= 0x1bca0 && cp <= 0x1bca3) || (cp >= 0x1d173 && cp <= 0x1d17a) ||
    (cp >= 0xe0000 && cp <= 0xe0fff);
}

/**
 * The code point at UTF-16 index `i` (0 past the end), decoded by hand: with
 * `String.prototype.codePointAt`, a string cut from longer text that ends in a lone high
 * surrogate was once read as paired with a unit past its end (apparently V8's optimised code),
 * so the same list scanned twice gave different hidden-Unicode findings.
 */
export function codePointAt(text: string, i: number): number {
  if (i >= text.length) return 0;
  const hi = text.charCodeAt(i);
  if (hi >= 0xd800 && hi <= 0xdbff && i + 1 < text.length) {
    const lo = text.charCodeAt(i + 1);
    if (lo >= 0xdc00 && lo <= 0xdfff) return (hi - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
  }
  return hi;
}
