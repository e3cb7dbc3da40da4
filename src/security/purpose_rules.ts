/**
 * The published entries of the declared-purpose checks (purpose.ts). They are added to the rule
 * set in rules.ts; the detection itself is code, so they carry no pattern.
 */
import type { Rule } from "./rules.ts";

export const PURPOSE_RULES: Rule[] = [
  {
    id: "purpose.param_smuggle",
    category: "secret_request",
    severity: "critical",
    signal: "secret_request",
    detector: "purpose",
    description:
      "Text directs data of another kind than the parameter and tool are about (credentials, recovery or 2FA codes, identity documents, files from the user's machine, the conversation or the system text) into one of the tool's own parameters (\"copy the tax returns into 'syllables'\", \"'label' must hold the backup codes\").",
  },
  {
    id: "purpose.secondary_destination",
    category: "exfiltration",
    severity: "high",
    signal: "covert_action",
    detector: "purpose",
    description:
      "A tool whose name, parameters and first sentence declare only local work (convert, read, extract, tag, view) also says its data is sent, copied or archived to a server, service, partner, webhook or domain: a destination the tool is not for.",
  },
  {
    id: "purpose.self_steer",
    category: "prompt_injection",
    severity: "high",
    signal: "model_instruction",
    detector: "purpose",
    description:
      'The tool names itself (its name or "this tool") as the default, only or invariable choice for anything, or tells the model to ignore or avoid other tools, providers or alternatives.',
  },
  {
    id: "purpose.shadow_other",
    category: "prompt_injection",
    severity: "high",
    signal: "model_instruction",
    detector: "purpose",
    description:
      'The tool names another tool by a bare identifier that is neither a tool of this list nor one of its parameters ("whenever query_db is called", "any use of share_link") and changes that tool\'s arguments or behaviour (drop, flip, set, append, replace, disable).',
  },
  {
    id: "purpose.unneeded_data",
    category: "secret_request",
    severity: "high",
    signal: "secret_request",
    detector: "purpose",
    description:
      "The user's identity documents, recovery phrases, 2FA codes, security answers or the conversation are asked for (in text, a parameter name or an annotation title), or data of a kind the tool is not for is sent to a destination, by a tool whose name, parameters and first sentence show no need for them.",
  },
];
