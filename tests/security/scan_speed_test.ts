/**
 * The quicker forms of the scanner's hot paths say exactly what the plain forms say: the data
 * gate read kind by kind (namesData) against its one alternation (GATE_DATA), a JSON pointer
 * read in place against the split-and-unescape reading, and the patterns run where the literal
 * pass (its occurrences logged and grouped by literal) says they can match against plain passes.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { GATE_DATA, namesData } from "../../src/security/_purpose_words.ts";
import { atPointer, collectStrings } from "../../src/security/_walk.ts";
import { allMatches, matchSettings } from "../../src/security/_match.ts";
import { Prefilter } from "../../src/security/_prefilter.ts";
import { buildCorpus } from "../../src/security/_corpus.ts";
import { realisticTools, realServerTools } from "../../bench/security.ts";
import { pick, rng } from "./_seeded.ts";

Deno.test("namesData holds for exactly the texts GATE_DATA matches", () => {
  const pieces = ["a", "key", ".pem", "-", "_", " ", ".", "x9", "pem", "\n", "é", ".pems", "/"];
  pieces.push("server", "ssh", "x".repeat(31), "password", "~/", "tax return", "the", "chat");
  pieces.push("your", "files", "history", "conversation", "passport", "api", "token", "'", "(");
  const r = rng(71);
  let hits = 0;
  for (let i = 0; i < 20_000; i++) {
    let text = "";
    const n = Math.floor(r() * 30);
    for (let k = 0; k < n; k++) text += pick(r, pieces);
    const want = GATE_DATA.test(text);
    if (want) hits++;
    assertEquals(namesData(text), want, JSON.stringify(text));
  }
  assert(hits > 2000 && hits < 18_000, `${hits} texts matched`);
  // Every string of the real servers' tools, and their descriptions joined per tool.
  for (const t of realServerTools(500)) {
    const items = collectStrings(t);
    for (const it of items) assertEquals(namesData(it.text), GATE_DATA.test(it.text), it.text);
    const prose = items.map((it) => it.text).join("\n");
    assertEquals(namesData(prose), GATE_DATA.test(prose), t.name);
  }
});

/** The pointer reading as it was: split on "/", unescape every segment. */
function atPointerSplit(root: unknown, ptr: string): unknown {
  let v: unknown = root;
  for (const raw of ptr.split("/").slice(1)) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[raw.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return v;
}

Deno.test("a JSON pointer read in place finds what the split reading finds", () => {
  const root = {
    a: { "b/c": { "~d": [1, { "": "empty key", e: null }] }, "": { "": "nested empty" } },
    "x~1y": "literal tilde-one",
    "~": { "/": "both" },
  };
  const segs = ["a", "b~1c", "~0d", "0", "1", "", "e", "x~1y", "x~01y", "~0", "~1", "zz", "~"];
  const r = rng(5);
  for (let i = 0; i < 5000; i++) {
    let ptr = r() < 0.1 ? "" : r() < 0.05 ? "a" : "";
    const n = Math.floor(r() * 5);
    for (let k = 0; k < n; k++) ptr += "/" + pick(r, segs);
    if (r() < 0.05) ptr += "/";
    assertEquals(atPointer(root, ptr), atPointerSplit(root, ptr), ptr);
  }
  assertEquals(atPointer(root, "/a/b~1c/~0d/1/"), "empty key");
  assertEquals(atPointer(root, "/~0/~1"), "both");
  // Every field of the benchmark's tools.
  for (const t of [...realisticTools(50), ...realServerTools(200)]) {
    for (const it of collectStrings(t)) {
      assertEquals(atPointer(t, it.field), atPointerSplit(t, it.field), it.field);
    }
  }
});

Deno.test("with the literal pass every pattern finds what a plain pass finds, in windows or not", () => {
  // Word-bounded literals, a spanned pair (positions recorded), a literal with a space (a run
  // of white space is read as one) and literals that share endings.
  const patterns = [
    { pattern: String.raw`\bsend\b[^\n]{0,40}\bkey\b`, flags: "gi" },
    { pattern: String.raw`(?:api|secret)\s+keys?`, flags: "gi" },
    { pattern: String.raw`\bkey\b|monkey|keyboard`, flags: "gi" },
    { pattern: String.raw`\bnote\s+to\s+(?:the\s+)?model\b`, flags: "gi" },
  ];
  const pf = new Prefilter(patterns);
  const words = ["send", "key", "keys", "monkey", "api", "secret", "note", "to", "the", "model"];
  const seps = [" ", "  ", "\t", ".", "\n", "\n\u0000\n", "_", "-", "é"];
  const r = rng(11);
  for (let round = 0; round < 300; round++) {
    let text = "";
    const n = Math.floor(r() * 80);
    for (let k = 0; k < n; k++) text += pick(r, words) + pick(r, seps);
    const gate = pf.gate(text);
    for (const windows of ["auto", "always", "off"] as const) {
      matchSettings.windows = windows;
      try {
        for (const p of patterns) {
          const plain = allMatches(p.pattern, p.flags, text);
          const gated = allMatches(p.pattern, p.flags, text, gate);
          assertEquals(gated, plain, JSON.stringify({ p: p.pattern, text, windows }));
        }
      } finally {
        matchSettings.windows = "auto";
      }
    }
  }
  // The benchmark's corpora: the same matches with and without the pass, for every pattern.
  for (const tools of [realisticTools(100), realServerTools(60)]) {
    const text = buildCorpus(tools.map((t) => collectStrings(t))).text;
    const gate = pf.gate(text);
    for (const p of patterns) {
      assertEquals(
        allMatches(p.pattern, p.flags, text, gate),
        allMatches(p.pattern, p.flags, text),
      );
    }
  }
});
