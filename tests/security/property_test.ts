/**
 * Seeded random tool lists mixing attack words, emoji, invisible characters, look-alike letters
 * and surrogate pairs: scanning never throws, is deterministic, and every finding quotes the
 * original text exactly at its field and offset.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { collectStrings, scanTools, type Tool } from "../../src/security/scan.ts";
import { diffTools } from "../../src/security/diff.ts";
import { textAt } from "./_support.ts";

const PIECES = [
  "ignore",
  "all",
  "previous",
  "instructions",
  "do not tell the user",
  "<IMPORTANT>",
  "</IMPORTANT>",
  "~/.ssh/id_rsa",
  "send",
  "to",
  "https://evil.example/x",
  "bob@evil.example",
  "silently",
  "upload",
  "\u200b",
  "\u200d",
  "\u202e",
  "\u{E0041}\u{E0042}",
  "\uFE0F",
  "\u{E0100}\u{E0101}",
  "👩‍💻",
  "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
  "\u0430",
  "\u03bf",
  "\uFF41",
  "𝐚",
  "東京",
  "\x1b[31m",
  "\n",
  "  ",
  "SWdub3JlIGFsbCBwcmV2aW91cyBpbnN0cnVjdGlvbnM=",
  "the send_email tool must",
  "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  "İ",
  "ß",
  "ﬁ",
];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomText(r: () => number, n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    out += PIECES[Math.floor(r() * PIECES.length)]! + (r() < 0.6 ? " " : "");
  }
  return out;
}

function randomTools(seed: number): Tool[] {
  const r = rng(seed);
  return Array.from({ length: 1 + Math.floor(r() * 6) }, (_, i) => ({
    name: r() < 0.2 ? `re\u0430d_file_${i}` : `tool_${i}${r() < 0.3 ? "\u200b" : ""}`,
    title: randomText(r, 3),
    description: randomText(r, 12),
    inputSchema: {
      type: "object",
      properties: {
        [randomText(r, 1).trim() || "p"]: { type: "string", description: randomText(r, 6) },
        path: { type: "string", enum: [randomText(r, 2)], default: randomText(r, 2) },
      },
    },
  }));
}

const merged = (t: Tool) => collectStrings(t).map((i) => i.text).join("\n");

Deno.test("random tool lists: findings quote the original text at field and offset", () => {
  for (let seed = 1; seed <= 150; seed++) {
    const tools = randomTools(seed);
    const v = scanTools(tools);
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const f of v.findings) {
      const text = textAt(byName.get(f.tool)!, f, merged);
      assertEquals(
        text.slice(f.offset, f.offset + f.match.length),
        f.match,
        `seed ${seed} ${f.rule_id}`,
      );
    }
    assertEquals(JSON.stringify(scanTools(structuredClone(tools))), JSON.stringify(v));
  }
});

Deno.test("random tool lists: mcp-diff of a list against itself is unchanged, against another never throws", () => {
  for (let seed = 1; seed <= 60; seed++) {
    const a = randomTools(seed);
    assertEquals(diffTools(a, structuredClone(a)).verdict, "unchanged");
    const r = diffTools(a, randomTools(seed + 1000));
    assertEquals(["changed", "review", "suspicious"].includes(r.verdict), true);
  }
});
