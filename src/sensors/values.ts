/**
 * Reading upstream values as they really arrive: numbers as strings, `null`, missing fields,
 * times in ISO with or without a zone, or unix seconds/milliseconds. A value that is not there
 * is `null`, never 0.
 *
 * @example
 * ```ts
 * import { num, parseTime } from "./values.ts";
 * num("7.31"); // 7.31
 * num(""); // null
 * parseTime("2026-11-26 04:00:00"); // 1795665600000 (a zone-less time read as UTC)
 * ```
 */

/** A finite number from a number or a numeric string; otherwise `null`. */
export function num(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (
    typeof v === "string" && v.trim() !== "" &&
    /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v.trim())
  ) {
    return Number(v.trim());
  }
  return null;
}

const ZONELESS = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Milliseconds since the epoch. Numbers below 1e11 are unix seconds, larger ones milliseconds.
 * A zone-less ISO time is read at `offsetS` seconds east of UTC (default UTC).
 */
export function parseTime(v: unknown, offsetS = 0): number | null {
  if (typeof v === "number") {
    if (!Number.isFinite(v) || v <= 0) return null;
    return v < 1e11 ? v * 1000 : v;
  }
  if (typeof v !== "string" || v.trim() === "") return null;
  const s = v.trim();
  if (/^\d+$/.test(s)) return parseTime(Number(s));
  if (ZONELESS.test(s)) {
    const ms = Date.parse(s.replace(" ", "T") + "Z");
    return Number.isNaN(ms) ? null : ms - offsetS * 1000;
  }
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : ms;
}

/** UTC ISO 8601 with `Z`, without milliseconds when they are zero. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, "Z");
}

/** Whole seconds between an observation and now, never negative (clock skew). */
export function ageSeconds(observedMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - observedMs) / 1000));
}

/** Rounds to `digits` decimals, keeping `null`. */
export function roundTo(v: number | null, digits: number): number | null {
  if (v === null) return null;
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** A plain object, or `null`. */
export function obj(v: unknown): Record<string, unknown> | null {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? v as Record<string, unknown>
    : null;
}

/** A non-empty string, or `null`. */
export function str(v: unknown): string | null {
  if (typeof v === "string" && v.trim() !== "") return v.trim();
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return null;
}
