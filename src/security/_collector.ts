/**
 * Collects findings: deduplicates them, caps the matched text, keeps a position-free key for
 * mcp-diff, and counts the distinct rules per tool for the score even past the output cap.
 */
import type { Category, Rule, Severity, Signal } from "./rules.ts";

export interface Finding {
  rule_id: string;
  category: Category;
  severity: Severity;
  /** Tool name. */
  tool: string;
  /** JSON pointer into the tool; "" for a match spanning several strings (merged text). */
  field: string;
  /** The matched text in its original characters (capped at 512 UTF-16 units). */
  match: string;
  /** UTF-16 offset in the field's string (in the merged text when `field` is ""). */
  offset: number;
  /** Smuggled text made readable (tag characters, variation selectors, base64). */
  decoded?: string;
  /** Extra context (for look-alike names: what the name collides with). */
  note?: string;
  /**
   * Why this finding does not count towards the verdict: what it asks for is what the tool is
   * declared to handle (fit.ts). Absent on findings that count.
   */
  discount?: string;
}

/** A finding with its diff signal and a key that ignores position. */
export interface KeyedFinding {
  finding: Finding;
  signal: Signal;
  key: string;
}

export const MAX_MATCH = 512;

export function cap(s: string): string {
  if (s.length <= MAX_MATCH) return s;
  let end = MAX_MATCH;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return s.slice(0, end);
}

export function normKey(s: string): string {
  return s.toLowerCase().replace(/\s+/g, " ").trim();
}

/** Findings collected before the severity-first cut to MAX_FINDINGS. */
export const MAX_COLLECT = 50_000;

export class Collector {
  readonly items: KeyedFinding[] = [];
  /** Distinct rules per tool over every finding, also those past the cap (for the score). */
  readonly rulesByTool = new Map<string, Set<string>>();
  private seen = new Set<string>();
  truncated = false;
  constructor(private names: string[]) {}

  add(rule: Readonly<Rule>, tool: number, field: string, offset: number, match: string, extra: {
    decoded?: string;
    note?: string;
    key?: string;
  } = {}) {
    const toolName = this.names[tool]!;
    let set = this.rulesByTool.get(toolName);
    if (!set) this.rulesByTool.set(toolName, set = new Set());
    set.add(rule.id);
    if (this.items.length >= MAX_COLLECT) {
      this.truncated = true;
      return;
    }
    const id = `${rule.id}\u0000${tool}\u0000${field}\u0000${offset}\u0000${
      cap(extra.decoded ?? "")
    }`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    const finding: Finding = {
      rule_id: rule.id,
      category: rule.category,
      severity: rule.severity,
      tool: toolName,
      field,
      match: cap(match),
      offset,
    };
    if (extra.decoded !== undefined) finding.decoded = cap(extra.decoded);
    if (extra.note !== undefined) finding.note = extra.note;
    this.items.push({
      finding,
      signal: rule.signal,
      key: `${rule.id}|${extra.key ?? normKey(extra.decoded ?? match)}`,
    });
  }
}
