/**
 * Input validation for firewall-scan and mcp-diff. Every problem is a 400 `invalid_input`
 * naming the field (`tools`, `tools[3].name`, `old.tools[0].inputSchema.properties...`), so a
 * buyer pays nothing for a bad request and the scanner never sees unbounded input.
 *
 * Caps (documented in the README): 500 tools per list, nesting depth 32 below a tool, 65,536
 * UTF-16 units per string or key, 2,097,152 units of text per list, 200,000 JSON values per list,
 * tool names 1..256 characters.
 *
 * @example
 * ```ts
 * import { parseScanInput } from "./parse.ts";
 * parseScanInput({ tools: [{ name: "echo" }] }).tools.length; // 1
 * ```
 */
import { invalidInput } from "../http/errors.ts";
import type { Tool } from "./scan.ts";

export const LIMITS = Object.freeze({
  maxTools: 500,
  maxDepth: 32,
  maxString: 65_536,
  maxTotalChars: 2_097_152,
  maxValues: 200_000,
  maxNameLength: 256,
});

export interface ScanInput {
  tools: Tool[];
  server?: { name?: string; url?: string };
}

export interface DiffInput {
  old: Tool[];
  new: Tool[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function keyPath(base: string, key: string): string {
  const k = key.length > 64 ? key.slice(0, 64) + "…" : key;
  return /^[A-Za-z_$][\w$]*$/.test(k) ? `${base}.${k}` : `${base}[${JSON.stringify(k)}]`;
}

interface Budget {
  chars: number;
  values: number;
  field: string;
}

function checkValue(v: unknown, path: string, depth: number, budget: Budget): void {
  if (++budget.values > LIMITS.maxValues) {
    throw invalidInput(
      budget.field,
      `The tool list has more than ${LIMITS.maxValues} JSON values; send a smaller list.`,
    );
  }
  if (typeof v === "string") {
    if (v.length > LIMITS.maxString) {
      throw invalidInput(path, `Strings are limited to ${LIMITS.maxString} characters.`);
    }
    budget.chars += v.length;
    if (budget.chars > LIMITS.maxTotalChars) {
      throw invalidInput(
        budget.field,
        `The tool list holds more than ${LIMITS.maxTotalChars} characters of text; send a smaller list.`,
      );
    }
    return;
  }
  if (v === null || typeof v !== "object") return;
  if (depth >= LIMITS.maxDepth) {
    throw invalidInput(path, `Values may be nested at most ${LIMITS.maxDepth} levels deep.`);
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) checkValue(v[i], `${path}[${i}]`, depth + 1, budget);
    return;
  }
  for (const [k, x] of Object.entries(v)) {
    const p = keyPath(path, k);
    if (k.length > LIMITS.maxString) {
      throw invalidInput(p, `Keys are limited to ${LIMITS.maxString} characters.`);
    }
    budget.chars += k.length;
    checkValue(x, p, depth + 1, budget);
  }
}

/** Validates one tools/list (`field` names it in errors). */
export function parseToolList(value: unknown, field: string): Tool[] {
  if (value === undefined || value === null) {
    throw invalidInput(field, `Send '${field}' as an array of tool definitions.`);
  }
  if (!Array.isArray(value)) {
    throw invalidInput(field, `'${field}' must be an array of tool definitions.`);
  }
  if (value.length > LIMITS.maxTools) {
    throw invalidInput(
      field,
      `'${field}' holds ${value.length} tools; at most ${LIMITS.maxTools} are scanned per request.`,
    );
  }
  const budget: Budget = { chars: 0, values: 0, field };
  value.forEach((tool, i) => {
    const p = `${field}[${i}]`;
    if (!isObject(tool)) throw invalidInput(p, "Each tool must be an object with a 'name'.");
    if (typeof tool.name !== "string") {
      throw invalidInput(`${p}.name`, "Each tool needs a 'name' string.");
    }
    if (tool.name.length === 0 || tool.name.length > LIMITS.maxNameLength) {
      throw invalidInput(
        `${p}.name`,
        `Tool names must be 1 to ${LIMITS.maxNameLength} characters long.`,
      );
    }
    for (const k of ["title", "description"] as const) {
      if (tool[k] !== undefined && typeof tool[k] !== "string") {
        throw invalidInput(`${p}.${k}`, `'${k}' must be a string when present.`);
      }
    }
    for (const k of ["inputSchema", "outputSchema", "annotations"] as const) {
      if (tool[k] !== undefined && !isObject(tool[k])) {
        throw invalidInput(`${p}.${k}`, `'${k}' must be an object when present.`);
      }
    }
    checkValue(tool, p, 0, budget);
  });
  return value as Tool[];
}

/**
 * Parses the firewall-scan body `{tools, server?}`.
 *
 * @example
 * ```ts
 * import { parseScanInput } from "./parse.ts";
 * parseScanInput({ tools: [] }); // { tools: [] }
 * ```
 */
export function parseScanInput(body: unknown): ScanInput {
  if (!isObject(body)) throw invalidInput("tools", "Send a JSON object with a 'tools' array.");
  const tools = parseToolList(body.tools, "tools");
  const out: ScanInput = { tools };
  if (body.server !== undefined) {
    const s = body.server;
    if (!isObject(s)) throw invalidInput("server", "'server' must be an object {name, url}.");
    for (const k of ["name", "url"] as const) {
      if (s[k] !== undefined && (typeof s[k] !== "string" || (s[k] as string).length > 2048)) {
        throw invalidInput(
          `server.${k}`,
          `'server.${k}' must be a string of at most 2048 characters.`,
        );
      }
    }
    out.server = { name: s.name as string | undefined, url: s.url as string | undefined };
  }
  return out;
}

/** A tools/list given as a list of tools or as `{tools}`. */
export function parseToolSide(value: unknown, field: string): Tool[] {
  if (value === undefined) {
    throw invalidInput(field, `Send '${field}': a list of tools or {tools}.`);
  }
  if (isObject(value)) return parseToolList(value.tools, `${field}.tools`);
  return parseToolList(value, field);
}

/**
 * Parses the mcp-diff body `{old, new}`.
 *
 * @example
 * ```ts
 * import { parseDiffInput } from "./parse.ts";
 * parseDiffInput({ old: [], new: { tools: [] } }); // { old: [], new: [] }
 * ```
 */
export function parseDiffInput(body: unknown): DiffInput {
  if (!isObject(body)) throw invalidInput("old", "Send a JSON object with 'old' and 'new'.");
  return { old: parseToolSide(body.old, "old"), new: parseToolSide(body.new, "new") };
}
