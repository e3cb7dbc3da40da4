/** Hidden-Unicode detection, emoji and script precision, and the confusables skeleton. */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { findHiddenUnicode, visible } from "../../src/security/unicode.ts";
import { skeleton } from "../../src/security/confusables.ts";

const rules = (s: string) => findHiddenUnicode(s).map((h) => h.rule);

Deno.test("tag characters are reported with the smuggled ASCII decoded", () => {
  const hidden = [..."run rm"].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");
  assertEquals(findHiddenUnicode(`ok${hidden}!`), [
    { rule: "uni.tag", start: 2, end: 2 + hidden.length, decoded: "run rm" },
  ]);
});

Deno.test("a subdivision flag (England) built from tag characters is not hidden Unicode", () => {
  assertEquals(rules("Go 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}!"), []);
});

Deno.test("emoji ZWJ sequences, VS16, keycaps, skin tones and flags are not hidden Unicode", () => {
  assertEquals(rules("👩‍💻 👨‍👩‍👧‍👦 🏳️‍🌈 ❤️ ✔️ 1️⃣ #️⃣ 👍🏽 🧑🏿‍🚀 🇫🇷 🇯🇵"), []);
});

Deno.test("a run of variation selectors is decoded as UTF-8 bytes", () => {
  const bytes = new TextEncoder().encode("hi!");
  const vs = [...bytes].map((b) => String.fromCodePoint(b < 16 ? 0xfe00 + b : 0xe0100 + b - 16))
    .join("");
  const hits = findHiddenUnicode(`😀${vs}`);
  assertEquals(hits.map((h) => [h.rule, h.decoded]), [["uni.variation_run", "hi!"]]);
});

Deno.test("one ideographic variation selector after a CJK character is fine", () => {
  assertEquals(rules("葛\u{E0100}城"), []);
});

Deno.test("zero-width space inside a word is high, between words medium", () => {
  assertEquals(rules("ig\u200Bnore"), ["uni.zero_width_in_word"]);
  assertEquals(rules("end. \u200B next"), ["uni.invisible"]);
  assertEquals(rules("word\u2060\u2061\u2062join"), ["uni.zero_width_in_word"]);
});

Deno.test("ZWNJ and ZWJ in Persian and Indic text are fine; ZWJ between Latin letters is not", () => {
  assertEquals(rules("می‌خواهم"), []);
  assertEquals(rules("क्‍ष"), []);
  assertEquals(rules("pay\u200Dpal"), ["uni.zero_width_in_word"]);
});

Deno.test("bidi overrides and isolates are reported; RLM in Hebrew text is fine", () => {
  assertEquals(rules("a \u202Eevil\u202C b"), ["uni.bidi", "uni.bidi"]);
  assertEquals(rules("x \u2066y\u2069"), ["uni.bidi", "uni.bidi"]);
  assertEquals(rules("שלום \u200F עולם"), []);
  assertEquals(rules("plain \u200F latin"), ["uni.bidi_mark"]);
});

Deno.test("an Arabic letter mark (ALM) does not count as right-to-left text itself", () => {
  assertEquals(rules("plain \u061C latin"), ["uni.bidi_mark"]);
  assertEquals(rules("مرحبا \u061C عالم"), []);
});

Deno.test("a byte order mark at the start is fine, inside text it is not", () => {
  assertEquals(rules("\uFEFFhello"), []);
  assertEquals(rules("hel\uFEFFlo"), ["uni.zero_width_in_word"]);
});

Deno.test("CJK, accented Latin and plain ASCII produce no hidden-Unicode hit", () => {
  assertEquals(rules("東京の天気 서울 naïve café Ελλάδα Москва plain"), []);
});

Deno.test("visible() shows invisible and control characters as <U+XXXX>", () => {
  assertEquals(visible("a\u200Bb\u202E\x1b[0m\u{E0041}"), "a<U+200B>b<U+202E><U+001B>[0m<U+E0041>");
});

Deno.test("skeleton maps Cyrillic, Greek, fullwidth and digit look-alikes to Latin", () => {
  assertEquals(skeleton("re\u0430d_file"), skeleton("read_file"));
  assertEquals(skeleton("\u03bfpen_n\u03bfdes"), skeleton("open_nodes"));
  assertEquals(skeleton("\uFF52\uFF45\uFF41\uFF44"), skeleton("read"));
  assertEquals(skeleton("send_emaiI"), skeleton("send_email"));
  assertEquals(skeleton("fi1e"), skeleton("file"));
  assertEquals(skeleton("rnove"), skeleton("move"));
});

Deno.test("skeleton keeps case and distinct names distinct", () => {
  assertEquals(skeleton("Search") === skeleton("search"), false);
  assertEquals(skeleton("read_file") === skeleton("read_files"), false);
});
