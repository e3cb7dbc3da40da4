/**
 * The quicker readings of the text stage give what the plain ones give: base64 runs found by
 * skipping (equal to the published pattern's matches), the corpus (each string's folded text,
 * offsets and map), and look-alike names (the least near candidate, without a sort).
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { base64Runs } from "../../src/security/_base64.ts";
import { buildCorpus } from "../../src/security/_corpus.ts";
import { scanTools } from "../../src/security/scan.ts";
import { pick, rng } from "./_seeded.ts";

Deno.test("base64Runs, skipping 24 characters at a time, equals the base64 pattern on long texts", () => {
  const pattern = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,}={0,2}/g;
  const r = rng(1919);
  const b64 = "ABCxyz019+/_-";
  const other = [" ", ".", "\n", "=", "==", "é", "\u0000", ",", "\u4e00"];
  let withRuns = 0;
  for (let i = 0; i < 4000; i++) {
    let text = "";
    const parts = Math.floor(r() * 30);
    for (let k = 0; k < parts; k++) {
      // Words of every length around the 24 that makes a run, with any separator.
      const len = Math.floor(r() * 40);
      for (let c = 0; c < len; c++) text += pick(r, [...b64]);
      text += pick(r, other);
    }
    const want = [...text.matchAll(pattern)].map((m) => ({
      start: m.index!,
      end: m.index! + m[0].length,
    }));
    assertEquals(base64Runs(text), want, JSON.stringify(text));
    if (want.length > 0) withRuns++;
  }
  assert(withRuns > 1000, `only ${withRuns} texts held a run`);
});

Deno.test("the corpus folds only the strings with a non-ASCII character, long or short", () => {
  const corpus = buildCorpus([
    [{ field: "/name", text: "plain" }, {
      field: "/description",
      text: "Ｓｅｎｄ the\u200b key" + " padding".repeat(10),
    }],
    [{ field: "/name", text: "x\u0430y" }, { field: "/title", text: "a".repeat(70) }],
  ]);
  assertEquals(corpus.segs.map((s) => s.map === null), [true, false, false, true]);
  const [a, b, c, d] = corpus.segs;
  assertEquals(corpus.text.slice(a!.cStart, a!.cEnd), "plain");
  assertEquals(corpus.text.slice(b!.cStart, b!.cEnd), "Send the key" + " padding".repeat(10));
  assertEquals(corpus.text.slice(c!.cStart, c!.cEnd), "xay");
  assertEquals(corpus.text.slice(d!.cStart, d!.cEnd), "a".repeat(70));
});

Deno.test("a name near several others is reported near the first of them in sorted order", () => {
  const v = scanTools([
    { name: "fetch_rows", description: "Fetches rows." },
    { name: "fetch_rowz", description: "Fetches rows." },
    { name: "fetch_rowb", description: "Fetches rows." },
    { name: "fetch_rowa", description: "Fetches rows." },
  ]);
  const notes = v.findings.filter((f) => f.rule_id === "look.near_name").map((f) =>
    `${f.tool}: ${f.note}`
  );
  assertEquals(notes, [
    "fetch_rows: near 'fetch_rowa'",
    "fetch_rowz: near 'fetch_rowa'",
    "fetch_rowb: near 'fetch_rowa'",
    "fetch_rowa: near 'fetch_rowb'",
  ]);
});
