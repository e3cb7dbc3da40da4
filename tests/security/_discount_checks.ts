/**
 * Shared builders and checks for the firewall rule tests: a string schema, a one-tool list with
 * given parameters, and the two verdicts the precision tests assert (allowed with the named rule
 * still reported as discounted; blocked).
 */
import { ok as assert } from "node:assert/strict";
import { scanTools, type Tool } from "../../src/security/scan.ts";

/** A string parameter, with a description when given. */
export const S = (description?: string) =>
  description ? { type: "string", description } : { type: "string" };

/** One tool with these input properties. */
export const tool = (
  name: string,
  description: string,
  properties: Record<string, unknown>,
): Tool => ({ name, description, inputSchema: { type: "object", properties } });

/** Allowed, and the named rule (when given) is still reported, with a discount. */
export function allowed(t: Tool, rule?: string): void {
  const v = scanTools([t]);
  assert(v.allow, `should allow ${t.name}: ${v.findings.map((f) => f.rule_id).join(", ")}`);
  if (rule) {
    assert(
      v.findings.some((f) => f.rule_id === rule && f.discount),
      `${rule} should be reported with a discount: ${t.name}`,
    );
  }
}

/** Blocked on its own. */
export function blocked(t: Tool): void {
  assert(!scanTools([t]).allow, `should block ${t.name}`);
}
