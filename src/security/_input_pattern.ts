/**
 * Patterns built from a tool's own words (a parameter's name, a word of the tool's name).
 *
 * V8 refuses to compile a very large pattern ("Regular expression too large"), and it does so
 * lazily, on first use, so a try around the constructor does not help. The request limits let
 * one word be up to 65,536 characters long; no real name comes near 4,096, so a source longer
 * than that becomes a pattern that matches nothing instead of failing the whole scan.
 */

const NEVER = "(?!)";
/** Longest source built as given: far above any real name, far below V8's compile limit. */
const MAX_SOURCE = 4_096;

/** `new RegExp(source, flags)`, or a pattern that never matches when the source is too long. */
export function inputPattern(source: string, flags?: string): RegExp {
  return new RegExp(source.length <= MAX_SOURCE ? source : NEVER, flags);
}

/** `s` as a pattern that matches exactly its characters (for words taken from a tool). */
export function escapePattern(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
