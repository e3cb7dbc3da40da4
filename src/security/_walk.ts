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

/**
 * The pointers the walks build, kept as a tree of steps across scans: a pointer is the same
 * text it always was (`${parent}/${escapePointer(key)}`, `${parent}/${index}`), but built and
 * flattened once and then found by its step (an object key from Object.keys is internalised,
 * its hash known). Pointers built afresh by concatenation are cons strings that every scan's
 * first detector to read them had to flatten again. Dropped whole when it grows too big.
 */
interface Step {
  readonly ptr: string;
  keys: Map<string, Step> | null;
  items: (Step | undefined)[] | null;
}
const STEPS_MAX = 100_000;
const STEP_CHARS_MAX = 4_000_000;
let steps: Step = { ptr: "", keys: null, items: null };
let stepCount = 0;
let stepChars = 0;

function flat(s: string): string {
  s.charCodeAt(0); // flattens a cons string in place: later reads find it flat
  return s;
}

function keyStep(parent: Step, key: string): Step {
  const keys = parent.keys ??= new Map();
  let s = keys.get(key);
  if (s === undefined) {
    s = { ptr: flat(`${parent.ptr}/${escapePointer(key)}`), keys: null, items: null };
    keys.set(key, s);
    stepCount++;
    stepChars += s.ptr.length;
  }
  return s;
}

function itemStep(parent: Step, i: number): Step {
  const items = parent.items ??= [];
  let s = items[i];
  if (s === undefined) {
    s = { ptr: flat(`${parent.ptr}/${i}`), keys: null, items: null };
    items[i] = s;
    stepCount++;
    stepChars += s.ptr.length;
  }
  return s;
}

/** The root step, the tree first dropped if it grew past its bounds. */
function rootStep(): Step {
  if (stepCount > STEPS_MAX || stepChars > STEP_CHARS_MAX) {
    steps = { ptr: "", keys: null, items: null };
    stepCount = 0;
    stepChars = 0;
  }
  return steps;
}

/**
 * Every string of a tool the model reads, in document order, with its JSON pointer. (Keys are
 * read with Object.keys and a child's pointer is found only when it is used: numbers and
 * booleans, most of a schema, need none.)
 */
export function collectStrings(tool: unknown): TextItem[] {
  const out: TextItem[] = [];
  const walk = (v: unknown, at: Step, depth: number, parentKey: string | null) => {
    if (depth > MAX_DEPTH) return;
    if (typeof v === "string") {
      out.push({ field: at.ptr, text: v });
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === "string" || (x !== null && typeof x === "object")) {
          walk(x, itemStep(at, i), depth + 1, null);
        }
      }
    } else if (v !== null && typeof v === "object") {
      const names = parentKey !== null && PROPERTY_CONTAINERS.has(parentKey);
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        const x = o[k];
        const used = names || typeof x === "string" || (x !== null && typeof x === "object");
        if (!used) continue;
        const child = keyStep(at, k);
        if (names) out.push({ field: child.ptr, text: k });
        walk(x, child, depth + 1, k);
      }
    }
  };
  walk(tool, rootStep(), 0, null);
  return out;
}

/**
 * During a scan (withWalkMemo), the parameter names of each schema object are listed once:
 * the scan and its declared-purpose checks ask for them several times.
 */
let memo: WeakMap<object, TextItem[]> | null = null;

/** Runs `f` with parameterNames memoised per schema object (the schema must not change). */
export function withWalkMemo<T>(f: () => T): T {
  const outer = memo;
  memo ??= new WeakMap();
  try {
    return f();
  } finally {
    memo = outer;
  }
}

/**
 * Property names of an input schema (nested objects and array items too), with pointers.
 * The list returned must not be modified (it may be shared during a scan).
 */
export function parameterNames(schema: unknown, base = "/inputSchema"): TextItem[] {
  const key = memo !== null && base === "/inputSchema" && schema !== null &&
      typeof schema === "object"
    ? schema
    : null;
  if (key) {
    const known = memo!.get(key);
    if (known) return known;
  }
  const out: TextItem[] = [];
  const walk = (v: unknown, at: Step, depth: number) => {
    if (depth > MAX_DEPTH || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (x !== null && typeof x === "object") walk(x, itemStep(at, i), depth + 1);
      }
      return;
    }
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const x = o[k];
      if (x === null || typeof x !== "object") continue;
      const child = keyStep(at, k);
      if (k === "properties" && !Array.isArray(x)) {
        const props = x as Record<string, unknown>;
        for (const name of Object.keys(props)) {
          const p = keyStep(child, name);
          out.push({ field: p.ptr, text: name });
          walk(props[name], p, depth + 2);
        }
      } else walk(x, child, depth + 1);
    }
  };
  // The tool's input schema is the walk's step "/inputSchema" (the same pointers); another
  // base gets steps of its own, not kept.
  walk(
    schema,
    base === "/inputSchema"
      ? keyStep(rootStep(), "inputSchema")
      : { ptr: base, keys: null, items: null },
    0,
  );
  if (key) memo!.set(key, out);
  return out;
}

/** `apiKey`, `api-key`, `API Key` → `api_key`. */
export function snakeName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
}

/** The value a JSON pointer (as the walk writes it) names inside `root`, or undefined. */
export function atPointer(root: unknown, ptr: string): unknown {
  // The segments after the first "/", read in place (no list of them is built; most hold no
  // "~", which is all that needs unescaping).
  let v: unknown = root;
  let at = ptr.indexOf("/");
  if (at === -1) return v;
  while (at !== -1) {
    const next = ptr.indexOf("/", at + 1);
    if (v === null || typeof v !== "object") return undefined;
    const raw = ptr.slice(at + 1, next === -1 ? ptr.length : next);
    const k = raw.includes("~") ? raw.replace(/~1/g, "/").replace(/~0/g, "~") : raw;
    v = (v as Record<string, unknown>)[k];
    at = next;
  }
  return v;
}

/**
 * A parameter that can hold no text: a flag or a number. Data cannot be put into it, so a
 * secret-sounding name ('secret', 'reveal') or a sentence naming it carries nothing.
 */
export function holdsNoText(schema: unknown): boolean {
  if (schema === null || typeof schema !== "object") return false;
  const o = schema as Record<string, unknown>;
  if (o.enum !== undefined || o.const !== undefined || o.anyOf || o.oneOf || o.allOf) return false;
  const types = Array.isArray(o.type) ? o.type : [o.type];
  return types.length > 0 &&
    types.every((x) => x === "boolean" || x === "number" || x === "integer" || x === "null") &&
    types.some((x) => x !== "null");
}
