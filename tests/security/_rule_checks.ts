/**
 * Checks the rule tests share: whether a rule fired undiscounted, and whether the scan blocks or
 * allows a tool, with the findings in the message when it does not.
 */
import { ok as assert } from "node:assert/strict";
import { scanTools, type Tool } from "../../src/security/scan.ts";

const ids = (t: Tool) => scanTools([t]).findings.map((f) => f.rule_id).join(", ");

/** The rule reported an undiscounted finding on the tool alone. */
export function fired(t: Tool, rule: string): boolean {
  return scanTools([t]).findings.some((f) => f.rule_id === rule && !f.discount);
}

/** The tool alone is blocked, and the rule is among the reasons. */
export function blocks(t: Tool, rule: string): void {
  const v = scanTools([t]);
  assert(!v.allow && fired(t, rule), `should block with ${rule}: ${t.name} (${ids(t)})`);
}

/** For benign tools an older rule may still block: the named rule itself stays silent. */
export function silent(t: Tool, rule: string): void {
  assert(!fired(t, rule), `${rule} should not fire: ${t.name}`);
}

/**
 * The tool alone is allowed (and, when named, the rule stays silent). `rulesOnly`: by the rules
 * alone, for the few benign shapes the intent model is known to block (listed in intent_test.ts).
 */
export function allows(t: Tool, rule?: string, rulesOnly = false): void {
  const v = scanTools([t], rulesOnly ? { intentModel: null } : {});
  assert(v.allow && (rule === undefined || !fired(t, rule)), `should allow: ${t.name} (${ids(t)})`);
}

/** A string parameter, with a description and more schema keywords when given. */
export const S = (description?: string, extra: Record<string, unknown> = {}) =>
  description ? { type: "string", description, ...extra } : { type: "string", ...extra };

/** A tool with the given description and parameters (one plain `input` by default). */
export const tool = (
  name: string,
  description: string,
  properties: Record<string, unknown> = { input: S() },
  more: Partial<Tool> = {},
): Tool => ({ name, description, inputSchema: { type: "object", properties }, ...more });
