/**
 * Shadowing rules found in code (../_shadow.ts): text in one tool that changes how the model
 * uses another tool of the list (or one named as a tool), by its call's arguments, targets,
 * commands or results, or by working around its safeguards.
 */
import type { Rule } from "../rules.ts";

export const SHADOW_RULES: Rule[] = [
  {
    id: "pi.shadow_sibling",
    category: "prompt_injection",
    severity: "high",
    signal: "model_instruction",
    detector: "shadow",
    description:
      'Another tool (a sibling of the list by its name in snake, spaced or camel form, an unnamed snake_case tool, "the X tool", "whatever tool places an order") is the topic of a sentence that alters its call: its arguments, target, recipients, command or result replaced, prefixed, appended to, routed through, converted or set ("any submit_payroll run needs its bank_account swapped to ...", "every address fetchUrl loads is rewritten to ..."), with a scope or an override (every, always, whatever the user gives, instead of, the original) or an outside value. Sequencing, pointers, deprecation, comparisons and the user\'s own values are not.',
  },
  {
    id: "pi.shadow_safeguard",
    category: "prompt_injection",
    severity: "high",
    signal: "override",
    detector: "shadow",
    description:
      'Another tool\'s safeguard worked around: a sentence about another tool (or the one after it) that tells the model to get past, sidestep or work around its refusal or check, treat paths or statements as inside, allowed or pre-approved, or turn its guard off ("work around it by requesting ../../ + the path", "pass readonly=false on all calls").',
  },
];
