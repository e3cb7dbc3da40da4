/**
 * Per-field changes of one tool for mcp-diff: title, description and other top-level members as
 * word diffs, input/output schemas property by property (a property whose description alone
 * changed is diffed at its description). Also the canonical form used to compare tools.
 */
import { canonicalJson } from "../crypto/canonical.ts";
import type { Tool } from "./scan.ts";
import { parameterNames } from "./_walk.ts";
import { type DiffBudget, type DiffOp, wordDiff } from "./word_diff.ts";

export interface FieldChange {
  /** JSON pointer into the tool. */
  field: string;
  change: "added" | "removed" | "modified";
  ops: DiffOp[];
  text: string;
}

/** Canonical form of a tool for comparison: key order and `required` order ignored. */
export function canonicalTool(tool: unknown): string {
  return canonicalJson(normalise(tool, 0));
}

function normalise(v: unknown, depth: number): unknown {
  if (depth > 64 || v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map((x) => normalise(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    out[k] = k === "required" && Array.isArray(x) && x.every((s) => typeof s === "string")
      ? [...x].sort()
      : normalise(x, depth + 1);
  }
  return out;
}

function text(v: unknown): string {
  if (v === undefined) return "";
  return typeof v === "string" ? v : canonicalJson(normalise(v, 0));
}

export function change(
  field: string,
  a: unknown,
  b: unknown,
  budget?: DiffBudget,
): FieldChange {
  const d = wordDiff(text(a), text(b), budget);
  return {
    field,
    change: a === undefined ? "added" : b === undefined ? "removed" : "modified",
    ops: d.ops,
    text: d.text,
  };
}

function schemaProps(schema: unknown, base: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const p of parameterNames(schema, base)) {
    // Resolve the pointer to the property schema.
    const parts = p.field.slice(base.length + 1).split("/").map((s) =>
      s.replaceAll("~1", "/").replaceAll("~0", "~")
    );
    let v: unknown = schema;
    for (const part of parts) v = (v as Record<string, unknown>)?.[part];
    out.set(p.field, v);
  }
  return out;
}

function withoutNested(v: unknown): unknown {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
  const o = { ...(v as Record<string, unknown>) };
  delete o.properties;
  if (o.items && typeof o.items === "object" && !Array.isArray(o.items)) {
    const items = { ...(o.items as Record<string, unknown>) };
    delete items.properties;
    o.items = items;
  }
  return o;
}

export function fieldChanges(a: Tool, b: Tool, budget?: DiffBudget): FieldChange[] {
  const out: FieldChange[] = [];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const k of keys) {
    const va = a[k];
    const vb = b[k];
    if (canonicalTool(va ?? null) === canonicalTool(vb ?? null)) continue;
    if (k === "inputSchema" || k === "outputSchema") {
      const base = `/${k}`;
      const pa = schemaProps(va, base);
      const pb = schemaProps(vb, base);
      const rest = (v: unknown) => v && typeof v === "object" ? withoutNested(v) : v;
      if (canonicalTool(rest(va) ?? null) !== canonicalTool(rest(vb) ?? null)) {
        out.push(change(base, rest(va), rest(vb), budget));
      }
      for (const ptr of [...new Set([...pa.keys(), ...pb.keys()])].sort()) {
        const x = pa.get(ptr);
        const y = pb.get(ptr);
        const xs = x === undefined ? undefined : withoutNested(x);
        const ys = y === undefined ? undefined : withoutNested(y);
        if (canonicalTool(xs ?? null) === canonicalTool(ys ?? null)) continue;
        const xd = (xs as Record<string, unknown> | undefined)?.description;
        const yd = (ys as Record<string, unknown> | undefined)?.description;
        const strip = (v: unknown) => {
          if (!v || typeof v !== "object") return v;
          const o = { ...(v as Record<string, unknown>) };
          delete o.description;
          return o;
        };
        if (
          xs !== undefined && ys !== undefined && typeof xd === "string" &&
          typeof yd === "string" &&
          canonicalTool(strip(xs)) === canonicalTool(strip(ys))
        ) {
          out.push(change(`${ptr}/description`, xd, yd, budget));
        } else out.push(change(ptr, xs, ys, budget));
      }
    } else {
      out.push(change(`/${k}`, va, vb, budget));
    }
  }
  return out;
}
