/**
 * The schema walk as first written, for tests: every entry visited, every pointer built by plain
 * concatenation. The walks in src/security/_walk.ts must list exactly what these list.
 */

const CONTAINERS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);
const esc = (k: string) => k.replaceAll("~", "~0").replaceAll("/", "~1");

export function plainStrings(tool: unknown) {
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

export function plainParams(schema: unknown, base = "/inputSchema") {
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
