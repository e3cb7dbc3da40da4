/**
 * The quicker forms in the leak detector say exactly what the plain forms say: the linear
 * sentence split against `_exfil_prose.ts`'s regex split, and the gate tested part by part
 * (with its literal pre-check for the role part) against its one alternation.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { maskDots, sentencesAt } from "../../src/security/_exfil_prose.ts";
import { GATE, passesGate } from "../../src/security/_leak.ts";
import { sentenceSpans } from "../../src/security/_sentence_spans.ts";
import { collectStrings } from "../../src/security/_walk.ts";
import { realisticTools, realServerTools } from "../../bench/security.ts";
import { pick, rng } from "./_seeded.ts";

const realTexts = () =>
  [...realServerTools(), ...realisticTools()].flatMap((t) => collectStrings(t).map((x) => x.text));

Deno.test("sentenceSpans splits exactly as sentencesAt, newline-cut runs included", () => {
  const pieces = ["ab", " ", ".", "!", "?", ";", "\n", "\r", "\t", "。", "！", "？", "\u3000", "x"];
  pieces.push("...", "a.b", "end", "\n\n", " ;", "é");
  const r = rng(17);
  let dropped = 0;
  for (let k = 0; k < 20000; k++) {
    let t = "";
    const n = Math.floor(r() * 24);
    for (let j = 0; j < n; j++) t += pick(r, pieces);
    const want = sentencesAt(t);
    assertEquals(sentenceSpans(t), want, JSON.stringify(t));
    assertEquals(sentenceSpans(t, 1), want.slice(0, 1), JSON.stringify(t));
    if (t.includes("\n") && want.map((x) => x.s).join("").length < t.trim().length) dropped++;
  }
  // Runs cut by a newline with no stop are no sentence in either reading: the random texts hold some.
  assert(dropped > 100);
  for (const text of realTexts()) {
    assertEquals(sentenceSpans(maskDots(text)), sentencesAt(maskDots(text)));
  }
});

Deno.test("the gate part by part passes exactly the texts its alternation matches", () => {
  const pieces = [
    "the ",
    "slack ",
    "server",
    "tool",
    "tools ",
    "'s ",
    "of ",
    "if ",
    "they ",
    "ask",
  ];
  pieces.push("a.com", "our ", "memory", "hesit", "sms", "connector", "on ", "x ", "which ", ".");
  pieces.push("another ", "any ", "functions", "инструмент", "this tool", ' as "', "\n");
  const r = rng(29);
  let hits = 0, misses = 0;
  for (let k = 0; k < 20000; k++) {
    let t = "";
    const n = Math.floor(r() * 10);
    for (let j = 0; j < n; j++) t += pick(r, pieces);
    const want = GATE.test(t);
    assertEquals(passesGate(t), want, JSON.stringify(t));
    if (want) hits++;
    else misses++;
  }
  assert(hits > 1000 && misses > 1000);
  for (const text of realTexts()) {
    const low = text.toLowerCase();
    assertEquals(passesGate(low), GATE.test(low), text);
  }
});
