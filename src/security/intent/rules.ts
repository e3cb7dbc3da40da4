/**
 * The published entry of the intent model (model.ts), added to the rule set in rules.ts. The
 * detection is the model, so it carries no pattern. The sentence veto (veto.ts) is no finding: it
 * is a `discount` on the findings of the list it lifts (combine.ts applyVeto).
 */
import type { Rule } from "../rules.ts";

export const INTENT_RULES: Rule[] = [
  {
    id: "model.intent",
    category: "prompt_injection",
    severity: "critical",
    signal: "model_instruction",
    detector: "model",
    description:
      "The published intent model scores the tool at or above its block threshold (`intent_model.t_hi` in the published rules): its words and word pairs read as instructions to the model (steering, override, concealment, data asked for or sent on). The match is the string whose words weighed most; the note gives the score.",
  },
];
