/**
 * Adversarial inputs of about 1 MB: every rule is linear or bounded, so each scan returns (no
 * timing assertion: the test only has to finish). The library takes strings above the request
 * caps, so this also covers the offline CLI.
 */
import { ok as assert } from "node:assert/strict";
import { scanTools } from "../../src/security/scan.ts";
import { diffTools } from "../../src/security/diff.ts";

const MB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

const INPUTS: Record<string, string> = {
  "one letter": fill("a"),
  "repeated override verb": fill("ignore "),
  "verb then a megabyte of spaces": "ignore" + " ".repeat(MB) + "previous instructions",
  "at signs": fill("@"),
  "e-mail fragments": fill("a@b."),
  "line breaks": fill("\n"),
  "spaces and line breaks": fill(" \t\n"),
  "base64 alphabet": fill("A"),
  "base64 words": fill("QUJD REVG "),
  "zero-width spaces": fill("\u200b"),
  "zero-width inside words": fill("a\u200b"),
  "tag characters": fill("\u{E0041}"),
  "variation selectors": fill("\uFE01"),
  "emoji ZWJ chains": fill("\u{1F469}\u200d"),
  "open angle brackets": fill("<"),
  "unclosed fake tags": fill("<important "),
  "ANSI OSC openers": fill("\x1b]"),
  "credential path prefixes": fill("~/.ssh/"),
  "URLs after send": fill("send https://a.example "),
  "hex after 0x": "0x" + fill("a"),
  "Cyrillic look-alikes": fill("\u0430b"),
  "near terms without partners": fill("silently the x tool "),
  "curl without a pipe": "curl " + fill("a"),
  "chmod and rm flags": fill("chmod -R rm -rf "),
  "Markdown image openers": fill("![a](http://a"),
  "env-var fragments": fill("AB_CD_"),
  "plus and digits": fill("+1"),
  "recipient wording": fill("recipient address must be "),
  "authority markers": fill("#|[{=<>~*"),
  "snake_case tool names after when": fill("when a_b "),
  "possessive secret wording": fill("the user's "),
  "sends to bare domains": fill("send it to a.com "),
  "dots": fill("."),
  "words and hyphens": fill("a-b-c "),
  "negations before verbs": fill("never not read "),
};

for (const [name, text] of Object.entries(INPUTS)) {
  Deno.test(`firewall-scan returns on a 1 MB string of ${name}`, () => {
    const v = scanTools([{
      name: "t",
      description: text,
      inputSchema: { properties: { p: { default: text } } },
    }]);
    assert(typeof v.allow === "boolean" && v.score >= 0 && v.score <= 1);
    assert(v.findings.length <= 10_000);
    for (const f of v.findings) assert(f.match.length <= 512);
  });
}

Deno.test("mcp-diff returns on two 1 MB descriptions that differ everywhere", () => {
  const r = diffTools(
    [{ name: "t", description: fill("old word ") }],
    [{ name: "t", description: fill("new text ") }],
  );
  assert(r.verdict === "changed" || r.verdict === "review");
});
