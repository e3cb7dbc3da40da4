/**
 * The schema walks (collectStrings, parameterNames) list exactly what a plain walk over every
 * entry lists, on random JSON-like tools (nested schemas, arrays with holes, nulls, numbers,
 * keys named "properties", keys with "/" and "~"), and the per-scan memo changes nothing.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { collectStrings, parameterNames, withWalkMemo } from "../../src/security/_walk.ts";

import { plainParams, plainStrings } from "./_plain_walk.ts";

function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
}

function randomValue(r: () => number, depth: number): unknown {
  const k = r();
  if (depth > 4 || k < 0.3) return [null, 1, true, "text", "", "a/b"][Math.floor(r() * 6)];
  if (k < 0.45) {
    const a: unknown[] = Array.from(
      { length: Math.floor(r() * 4) },
      () => randomValue(r, depth + 1),
    );
    if (r() < 0.2) a[a.length + 1] = "after a hole";
    return a;
  }
  const keys = [
    "properties",
    "items",
    "type",
    "description",
    "enum",
    "$defs",
    "a/b",
    "t~x",
    "0",
    "x",
  ];
  const o: Record<string, unknown> = {};
  for (let n = Math.floor(r() * 5); n > 0; n--) {
    o[keys[Math.floor(r() * keys.length)]!] = randomValue(r, depth + 1);
  }
  return o;
}

Deno.test("schema walks list the same strings and parameter names as a plain walk", () => {
  const r = rng(5);
  let params = 0;
  for (let i = 0; i < 3000; i++) {
    const tool = { name: "t", inputSchema: randomValue(r, 0) };
    assertEquals(collectStrings(tool), plainStrings(tool));
    const want = plainParams(tool.inputSchema);
    assertEquals(parameterNames(tool.inputSchema), want);
    assertEquals(
      parameterNames(tool.inputSchema, "/outputSchema"),
      plainParams(tool.inputSchema, "/outputSchema"),
    );
    withWalkMemo(() => {
      assertEquals(parameterNames(tool.inputSchema), want);
      assertEquals(parameterNames(tool.inputSchema), want); // from the memo
    });
    params += want.length;
  }
  assert(params > 1000, `only ${params} parameter names`);
});
