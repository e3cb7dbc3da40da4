/**
 * docs/configuration.md lists exactly the environment variables the server reads. The code's
 * list is found by reading the sources under src/ and main.ts (the config module and every
 * other `Deno.env.get("X")`, `env.X`, `env["X"]` or `helper(env, "X")` read); the documented
 * list is every `NAME` in the first cell of a table row of docs/configuration.md.
 */
import assert from "node:assert/strict";
import { read, ROOT } from "./_files.ts";

const NAME = "[A-Z][A-Z0-9_]*[A-Z0-9]";
const READS = [
  new RegExp(String.raw`Deno\.env\.get\(\s*["'\`](${NAME})["'\`]`, "g"),
  // Not a template placeholder quoted in text ("{{env.OPENAI_API_KEY}}" in a firewall rule).
  new RegExp(String.raw`(?<!\{\{\s*)\benv\??\.(${NAME})\b`, "g"),
  new RegExp(String.raw`\benv\[\s*["'\`](${NAME})["'\`]\s*\]`, "g"),
  new RegExp(String.raw`\(\s*env\s*,\s*["'\`](${NAME})["'\`]`, "g"),
];

/** Variable name → the files that read it. */
export function envReads(files: Map<string, string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [file, text] of files) {
    for (const re of READS) {
      for (const m of text.matchAll(re)) {
        const set = out.get(m[1]!) ?? new Set<string>();
        set.add(file);
        out.set(m[1]!, set);
      }
    }
  }
  return out;
}

async function sources(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (e.name.endsWith(".ts")) files.set(path, await read(path));
    }
  };
  await walk("src");
  files.set("main.ts", await read("main.ts"));
  return files;
}

/** Names in the first cell of every table row of the page. */
export function documentedVariables(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const line of markdown.split("\n")) {
    const cell = line.match(/^\|([^|]*)\|/)?.[1];
    if (!cell) continue;
    for (const m of cell.matchAll(new RegExp(String.raw`\`(${NAME})\``, "g"))) out.add(m[1]!);
  }
  return out;
}

Deno.test("docs: every environment variable the code reads is in docs/configuration.md", async () => {
  const code = envReads(await sources());
  const documented = documentedVariables(await read("docs/configuration.md"));
  const missing = [...code.keys()].filter((v) => !documented.has(v)).sort().map((v) =>
    `${v} is read by ${[...code.get(v)!].sort().join(", ")} but missing from docs/configuration.md`
  );
  assert.deepEqual(missing, [], missing.join("\n"));
  assert.ok(code.size >= 30, `only ${code.size} variables found in src/: is the scan broken?`);
});

Deno.test("docs: every variable in docs/configuration.md is read by the code", async () => {
  const code = envReads(await sources());
  const documented = documentedVariables(await read("docs/configuration.md"));
  const extra = [...documented].filter((v) => !code.has(v)).sort().map((v) =>
    `${v} is documented in docs/configuration.md but nothing under src/ or main.ts reads it`
  );
  assert.deepEqual(extra, [], extra.join("\n"));
});

Deno.test("docs: the variable scan finds each way the code reads the environment", () => {
  const found = envReads(
    new Map([[
      "x.ts",
      `int(env, "PORT", 1); env.HOST; env?.DATA_DIR; env["KV_PATH"]; Deno.env.get("NO_COLOR");
       const a = "env.lower"; envy.NOT_THIS; const t = "{{env.TEMPLATE_ONLY}}";`,
    ]]),
  );
  assert.deepEqual([...found.keys()].sort(), ["DATA_DIR", "HOST", "KV_PATH", "NO_COLOR", "PORT"]);
  assert.deepEqual(
    documentedVariables("| `A_B`, `CC` | x |\n| --- | --- |\n| text `DD` | `EE` |\n`FF`\n"),
    new Set(["A_B", "CC", "DD"]),
  );
});
