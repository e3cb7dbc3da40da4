/**
 * The walks' pointers come from a tree of steps kept across scans (`_walk.ts`): on every real
 * server's tools, walked once, again (from the tree) and after the tree was dropped for growing
 * past its bounds, they are the pointers a fresh concatenation builds.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { collectStrings, parameterNames } from "../../src/security/_walk.ts";

import { plainParams, plainStrings } from "./_plain_walk.ts";

function realTools(): unknown[] {
  const dir = new URL("../../bench/data/mcp_servers/", import.meta.url);
  const tools: unknown[] = [];
  for (const e of [...Deno.readDirSync(dir)].sort((a, b) => a.name < b.name ? -1 : 1)) {
    if (!e.name.endsWith(".json")) continue;
    const dump = JSON.parse(Deno.readTextFileSync(new URL(e.name, dir))) as { tools?: unknown[] };
    tools.push(...(dump.tools ?? []));
  }
  return tools;
}

Deno.test("walk pointers from the kept steps equal fresh ones, before and after the tree is dropped", () => {
  const tools = realTools();
  assert(tools.length > 1000, `only ${tools.length} tools`);
  const check = () => {
    let n = 0;
    for (const t of tools) {
      const want = plainStrings(t);
      assertEquals(collectStrings(t), want);
      n += want.length;
      const schema = (t as { inputSchema?: unknown }).inputSchema;
      assertEquals(parameterNames(schema), plainParams(schema));
      assertEquals(parameterNames(schema, "/outputSchema"), plainParams(schema, "/outputSchema"));
    }
    return n;
  };
  const first = check();
  assertEquals(check(), first); // from the tree
  // Past the bounds (more than 100 000 steps): the tree is dropped and built again.
  const wide: Record<string, string> = {};
  for (let i = 0; i < 120_000; i++) wide[`k${i}`] = "v";
  const big = { name: "wide", inputSchema: { type: "object", properties: wide } };
  assertEquals(collectStrings(big), plainStrings(big));
  assertEquals(check(), first);
  assertEquals(collectStrings(big), plainStrings(big));
});
