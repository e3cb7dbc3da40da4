/**
 * The schema walks (collectStrings, parameterNames) list exactly what a plain walk over every
 * entry lists, on random JSON-like tools (nested schemas, arrays with holes, nulls, numbers,
 * keys named "properties", keys with "/" and "~"), and the per-scan memo changes nothing.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { collectStrings, parameterNames, withWalkMemo } from "../../src/security/_walk.ts";

const CONTAINERS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);
const esc = (k: string) => k.replaceAll("~", "~0").replaceAll("/", "~1");

/** The walk as first written: every entry visited, every pointer built. */
function plainStrings(tool: unknown) {
  const out: { field: string; text: string }[] = [];
  const walk = (v: unknown, ptr: string, depth: number, parentKey: string | null) => {
    if (depth > 64) return;
    if (typeof v === "string") out.push({ field: ptr, text: v });
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${ptr}/${i}`, depth + 1, null));
    else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        const child = `${ptr}/${esc(k)}`;
        if (parentKey !== null && CONTAINERS.has(parentKey)) out.push({ field: child, text: k });
        walk(x, child, depth + 1, k);
      }
    }
  };
  walk(tool, "", 0, null);
  return out;
}

function plainParams(schema: unknown, base = "/inputSchema") {
  const out: { field: string; text: string }[] = [];
  const walk = (v: unknown, ptr: string, depth: number) => {
    if (depth > 64 || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${ptr}/${i}`, depth + 1));
    for (const [k, x] of Object.entries(v)) {
      const child = `${ptr}/${esc(k)}`;
      if (k === "properties" && x !== null && typeof x === "object" && !Array.isArray(x)) {
        for (const [name, sub] of Object.entries(x)) {
          out.push({ field: `${child}/${esc(name)}`, text: name });
          walk(sub, `${child}/${esc(name)}`, depth + 2);
        }
      } else walk(x, child, depth + 1);
    }
  };
  walk(schema, base, 0);
  return out;
}

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
