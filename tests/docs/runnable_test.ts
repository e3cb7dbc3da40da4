/**
 * Every shell block marked runnable (```sh runnable) in README.md and docs/*.md runs as written
 * against local servers (tests/docs/_servers.ts) and must exit as declared (`exit=N` in the info
 * string, default 0) and print every `#> text` line it carries. Blocks of one page run in order
 * in one directory of their own, so a later block may use a file an earlier one wrote.
 */
import assert from "node:assert/strict";
import { type CodeBlock, codeBlocks } from "./_markdown.ts";
import { docFiles, read } from "./_files.ts";
import { startDocsWorld } from "./_servers.ts";

const SHELLS = new Set(["sh", "bash", "shell", "console"]);

export function isRunnable(b: CodeBlock): boolean {
  return SHELLS.has(b.info[0] ?? "") && b.info.includes("runnable");
}

export function expectedExit(b: CodeBlock): number {
  const attr = b.info.find((w) => w.startsWith("exit="));
  return attr === undefined ? 0 : Number(attr.slice(5));
}

/** The `#> text` lines of a block: text its output must contain. */
export function expectedOutput(b: CodeBlock): string[] {
  return b.text.split("\n").flatMap((l) => {
    const m = l.match(/^\s*#>\s?(.*)$/);
    return m ? [m[1]!] : [];
  });
}

async function runnableBlocks(): Promise<CodeBlock[]> {
  const out: CodeBlock[] = [];
  for (const file of await docFiles()) {
    if (file === "CONTRIBUTING.md") continue;
    out.push(...codeBlocks(file, await read(file)).filter(isRunnable));
  }
  return out;
}

Deno.test("docs: the runnable-block markers are read as documented in CONTRIBUTING.md", () => {
  const [b] = codeBlocks(
    "x.md",
    '```sh runnable exit=1\nesim-rails scan a.json\n#> "allow": false\n```\n',
  );
  assert.ok(b && isRunnable(b));
  assert.deepEqual(expectedExit(b), 1);
  assert.deepEqual(expectedOutput(b), ['"allow": false']);
  const [plain] = codeBlocks("x.md", "```sh\nesim-rails serve\n```\n");
  assert.ok(plain && !isRunnable(plain));
});

/** The tools the blocks use besides esim-rails; without one the test is skipped, saying which. */
const TOOLS = ["bash", "curl", "jq", "openssl"];
const missingTools = TOOLS.filter((tool) => {
  try {
    return !new Deno.Command("sh", { args: ["-c", `command -v ${tool}`], stdout: "null" })
      .outputSync().success;
  } catch {
    return true;
  }
});

Deno.test({
  name: "docs: every runnable shell block runs as written and prints what it says" +
    (missingTools.length ? ` (skipped: ${missingTools.join(", ")} not installed)` : ""),
  ignore: missingTools.length > 0,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const blocks = await runnableBlocks();
    assert.ok(blocks.length >= 10, `only ${blocks.length} runnable blocks found`);
    assert.ok(blocks.some((b) => b.file === "README.md"), "README.md has no runnable block");
    await using world = await startDocsWorld();
    for (const block of blocks) {
      await t.step(`${block.file}:${block.line}`, async () => {
        const dir = await world.pageDir(block.file);
        const { code, output } = await world.run(world.substitutePorts(block.text), dir);
        const where = `${block.file}:${block.line}\n${block.text}\n--- output ---\n${output}`;
        assert.deepEqual(code, expectedExit(block), `exit status of ${where}`);
        for (const want of expectedOutput(block)) {
          assert.ok(output.includes(want), `missing ${JSON.stringify(want)} in ${where}`);
        }
      });
    }
  },
});
