/**
 * The gates read piece by piece (`PieceReader`: a text cut between every dot and the space after
 * it) answer as they do on the whole text: no pattern among them matches across such a cut.
 * Checked on every string of the evaluation cases, the real servers and the benchmark (as
 * written, lowercased and folded, as the detectors read them) and on random texts built from
 * the patterns' own words, dots and spaces.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { fold, isForeign, PIECEWISE_TESTS } from "../../src/security/_exfil_prose.ts";
import { passesGate } from "../../src/security/_leak.ts";
import { cutAfterDots, PieceReader } from "../../src/security/_sentence_spans.ts";
import { collectStrings } from "../../src/security/_walk.ts";
import type { Tool } from "../../src/security/scan.ts";
import { realisticTools, realServerTools } from "../../bench/security.ts";
import { pick, rng } from "./_seeded.ts";

const TESTS: Record<string, (s: string) => boolean> = { passesGate, isForeign, ...PIECEWISE_TESTS };

const cut = cutAfterDots;

function corpus(): string[] {
  const dir = new URL("../../bench/data/firewall_eval/", import.meta.url);
  const tools: Tool[] = [...realServerTools(), ...realisticTools()];
  for (const e of Deno.readDirSync(dir)) {
    if (!e.name.endsWith(".json")) continue;
    const cases = JSON.parse(Deno.readTextFileSync(new URL(e.name, dir))) as { tools: Tool[] }[];
    for (const c of cases) tools.push(...c.tools);
  }
  const out = new Set<string>();
  for (const t of tools) {
    for (const { text } of collectStrings(t)) {
      if (!text.includes(". ")) continue;
      out.add(text);
      out.add(text.toLowerCase());
      out.add(fold(text));
      out.add(fold(text, true));
    }
  }
  return [...out];
}

Deno.test("the piecewise gates answer on every piece as on the whole text", () => {
  let cuts = 0, ascii = 0;
  for (const text of corpus()) {
    const ps = cut(text);
    cuts += ps.length - 1;
    assertEquals(ps.join(""), text);
    for (const [name, test] of Object.entries(TESTS)) {
      assertEquals(ps.some(test), test(text), `${name}: ${JSON.stringify(text.slice(0, 300))}`);
    }
    // An ASCII text lowercases and folds piece by piece, cut at the same places.
    if (!/[\u0080-\uffff]/.test(text)) {
      ascii++;
      assertEquals(ps.map((p) => p.toLowerCase()).join(""), text.toLowerCase());
      assertEquals(ps.map((p) => fold(p, false)).join(""), fold(text, false));
    }
  }
  assert(cuts > 1000 && ascii > 1000);
});

Deno.test("the piecewise gates answer as on the whole text on random texts", () => {
  const words = [
    ". ",
    ".",
    " ",
    ". ",
    "\n",
    "x.com",
    "a.b.c.io",
    "https://a.io/p. ",
    "@",
    "u@x.io",
  ];
  words.push("tool", "the ", "server ", "slack ", "'s ", "if ", "they ", "ask ", "send ", "our ");
  words.push("password", "token", "conversation", "files", "memory ", "sms", "1.2.3", "dot ");
  words.push("com", "env", "e.g. ", "never reveal", "this tool", "que ", "é", "hesit", "as '");
  words.push("previous ", "messages", "the user's ", "history", "~/.ssh", "partner", "there");
  const r = rng(41);
  const hits: Record<string, number> = {};
  const reader = new PieceReader();
  const memos: Record<string, Map<string, number>> = {};
  for (let k = 0; k < 20000; k++) {
    let t = "";
    const n = 1 + Math.floor(r() * 14);
    for (let j = 0; j < n; j++) t += pick(r, words);
    const ps = cut(t);
    for (const [name, test] of Object.entries(TESTS)) {
      const want = test(t);
      if (want) hits[name] = (hits[name] ?? 0) + 1;
      assertEquals(ps.some(test), want, `${name}: ${JSON.stringify(t)}`);
      const rp = reader.pieces(t);
      if (rp !== null) {
        const memo = memos[name] ??= new Map();
        assertEquals(reader.bits(rp, memo, (p) => test(p) ? 1 : 0) === 1, want, name);
      }
    }
  }
  for (const name of Object.keys(TESTS)) assert((hits[name] ?? 0) > 500, name);
});

Deno.test("a piece reader cuts short ASCII texts after dots, keeps answers, reads whole when pieces do not repeat", () => {
  const r = new PieceReader();
  assertEquals(r.pieces("Get a file. Returns it. Done."), [
    "Get a file.",
    " Returns it.",
    " Done.",
  ]);
  assertEquals(r.pieces("a.b. c"), ["a.b.", " c"]);
  assertEquals(r.pieces("no cut.here"), null);
  assertEquals(r.pieces(""), null);
  assertEquals(r.pieces("Café. Bar."), null);
  assertEquals(r.pieces("Sentence one. ".repeat(60)), null);
  const memo = new Map<string, number>();
  let calls = 0;
  const bitsOf = (s: string) => (calls++, (s.includes("x") ? 1 : 0) | (s.includes("y") ? 2 : 0));
  assertEquals(r.bits(r.pieces("a. b. x")!, memo, bitsOf), 1);
  assertEquals(r.bits(r.pieces("c. b. x")!, memo, bitsOf), 1);
  assertEquals(r.bits(r.pieces("y. b. d")!, memo, bitsOf), 2);
  assertEquals(calls, 6); // "a.", " b.", " x", "c.", "y.", " d" (the rest are known)
  // Pieces that never repeat: after a while texts are read whole.
  for (let k = 0; k < 400; k++) r.bits(r.pieces(`p${k}. q${k}x`) ?? [], memo, bitsOf);
  assertEquals(r.pieces("a. b"), null);
});
