/**
 * What the model reads in a tool: every string with its JSON pointer, and the parameter names
 * of its input schema.
 */
import type { TextItem } from "./_corpus.ts";

const MAX_DEPTH = 64;
const PROPERTY_CONTAINERS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);

function escapePointer(key: string): string {
  if (!key.includes("~") && !key.includes("/")) return key;
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Every string of a tool the model reads, in document order, with its JSON pointer. */
export function collectStrings(tool: unknown): TextItem[] {
  const out: TextItem[] = [];
  const walk = (v: unknown, ptr: string, depth: number, parentKey: string | null) => {
    if (depth > MAX_DEPTH) return;
    if (typeof v === "string") {
      out.push({ field: ptr, text: v });
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, `${ptr}/${i}`, depth + 1, null));
    } else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        const child = `${ptr}/${escapePointer(k)}`;
        if (parentKey !== null && PROPERTY_CONTAINERS.has(parentKey)) {
          out.push({ field: child, text: k });
        }
        walk(x, child, depth + 1, k);
      }
    }
  };
  walk(tool, "", 0, null);
  return out;
}

/** Property names of an input schema (nested objects and array items too), with pointers. */
export function parameterNames(schema: unknown, base = "/inputSchema"): TextItem[] {
  const out: TextItem[] = [];
  const walk = (v: unknown, ptr: string, depth: number) => {
    if (depth > MAX_DEPTH || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, `${ptr}/${i}`, depth + 1));
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      const child = `${ptr}/${escapePointer(k)}`;
      if (k === "properties" && x !== null && typeof x === "object" && !Array.isArray(x)) {
        for (const [name, sub] of Object.entries(x)) {
          const p = `${child}/${escapePointer(name)}`;
          out.push({ field: p, text: name });
          walk(sub, p, depth + 2);
        }
      } else walk(x, child, depth + 1);
    }
  };
  walk(schema, base, 0);
  return out;
}

/** `apiKey`, `api-key`, `API Key` → `api_key`. */
export function snakeName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
}
