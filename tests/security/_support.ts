/** Shared helpers for the MCP security tests. */
import type { Finding, Tool } from "../../src/security/scan.ts";

export interface Fixture {
  case: string;
  label: "attack" | "benign";
  note?: string;
  expect: {
    allow: boolean;
    categories: string[];
    rules?: string[];
    max_severity?: "low" | "medium" | "high" | "critical";
  };
  tools: Tool[];
}

const DIR = new URL("./fixtures/", import.meta.url);

/** Every fixture, sorted by case name. */
export function loadFixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (const e of Deno.readDirSync(DIR)) {
    if (!e.name.endsWith(".json")) continue;
    out.push(JSON.parse(Deno.readTextFileSync(new URL(e.name, DIR))));
  }
  return out.sort((a, b) => a.case < b.case ? -1 : 1);
}

export const SEVERITY_RANK = { low: 0, medium: 1, high: 2, critical: 3 } as const;

/** Resolves a JSON pointer inside a tool. */
export function resolvePointer(tool: unknown, pointer: string): unknown {
  if (pointer === "") return tool;
  let v: unknown = tool;
  for (const raw of pointer.slice(1).split("/")) {
    const k = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    v = (v as Record<string, unknown>)?.[k];
  }
  return v;
}

/**
 * The text a finding points at: the string at `field`, the property name when `field` points
 * at a property schema, or the merged text of the tool when `field` is "".
 */
export function textAt(tool: Tool, f: Finding, merged: (t: Tool) => string): string {
  if (f.field === "") return merged(tool);
  const v = resolvePointer(tool, f.field);
  if (typeof v === "string") return v;
  const last = f.field.slice(f.field.lastIndexOf("/") + 1);
  return last.replaceAll("~1", "/").replaceAll("~0", "~");
}

const ROOT = new URL("../../", import.meta.url);

/** Every JSON file of a repository folder (such as `bench/data/firewall_eval/`), in name order. */
export function readJsonDir(dir: string): { name: string; data: unknown }[] {
  const url = new URL(dir, ROOT);
  return [...Deno.readDirSync(url)].filter((e) => e.name.endsWith(".json"))
    .sort((a, b) => a.name < b.name ? -1 : 1)
    .map((e) => ({ name: e.name, data: JSON.parse(Deno.readTextFileSync(new URL(e.name, url))) }));
}
