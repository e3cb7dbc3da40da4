/**
 * Canonical JSON (DESIGN.md §3): object keys sorted by UTF-16 code units at every depth, no
 * whitespace, strings and numbers exactly as `JSON.stringify` writes them (non-ASCII kept).
 * Every signature in the project is over these bytes, so this must never change.
 *
 * @example
 * ```ts
 * import { canonicalJson } from "./canonical.ts";
 * canonicalJson({ b: 1, a: [true, "é"] }); // '{"a":[true,"é"],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  return write(value, 0);
}

const MAX_DEPTH = 512;

function write(value: unknown, depth: number): string {
  if (depth > MAX_DEPTH) throw new RangeError("Value is nested too deeply for canonical JSON");
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) {
        throw new TypeError("Canonical JSON has no form for NaN or Infinity");
      }
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) {
        return "[" + value.map((v) => write(v === undefined ? null : v, depth + 1)).join(",") + "]";
      }
      const obj = value as Record<string, unknown>;
      if (typeof (obj as { toJSON?: unknown }).toJSON === "function") {
        return write((obj as { toJSON: () => unknown }).toJSON(), depth + 1);
      }
      // Default string comparison orders by UTF-16 code units, which is what we want.
      const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
      return "{" + keys.map((k) => JSON.stringify(k) + ":" + write(obj[k], depth + 1)).join(",") +
        "}";
    }
    default:
      throw new TypeError(`Canonical JSON cannot encode a ${typeof value}`);
  }
}

/** UTF-8 bytes of the canonical form. */
export function canonicalBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(canonicalJson(value));
}
