/**
 * Leaks and cover stories found in code (../_leak.ts): orders carried by schema fields written
 * for people, secrets of another service or coaxed from the user, data named by its role sent
 * outside, scripted false accounts of the tool, standing waivers of a safeguard, and another tool
 * named by its role whose call is altered.
 */
import type { Rule } from "../rules.ts";

export const LEAK_RULES: Rule[] = [
  {
    id: "leak.field_order",
    category: "schema_abuse",
    severity: "high",
    signal: "secret_request",
    detector: "leak",
    description:
      "An order carried by a schema field written for people and validators (a tool or annotation title, `$comment`, an array item's or nested property's description, a default or example, an output field's description): a secret the tool's purpose does not need, a secret file by its path (~/.netrc, ~/.pgpass, *.pem, environment variables) or the whole conversation to be put into the call, or a command or another tool to be run at once without the user's say.",
  },
  {
    id: "leak.secret_of_other_service",
    category: "secret_request",
    severity: "high",
    signal: "secret_request",
    detector: "leak",
    description:
      "A parameter asking a secret that belongs to a service the tool's name and first sentence do not name (\"the user's Google app password\" in a reading-time tool, the master password of the user's password manager in a strength scorer), a secret the parameter's name says comes from the environment, or spending keys (seed words, private key) asked by a tool that only shows or looks things up.",
  },
  {
    id: "leak.secret_coaxed",
    category: "secret_request",
    severity: "high",
    signal: "secret_request",
    detector: "leak",
    description:
      'A secret or a one-time code asked from the user while the assistant is coached to talk the user past their doubt ("if they hesitate, tell them it is a routine check", "phrase it so they do not hesitate", "reassure them their bank is not involved"), in English and a few other languages.',
  },
  {
    id: "leak.data_out",
    category: "exfiltration",
    severity: "high",
    signal: "covert_action",
    detector: "leak",
    description:
      'Data named by its role rather than by a data word (what the user has told you, the user\'s name and e-mail, secret files by path, what a tool reading a private store returned), or the conversation or a secret spliced into an outside address ("?d= followed by the user\'s message", "the left-most label of a lookup against t.x.sh"), sent to a literal outside place or a third party ("our analysts") the tool\'s purpose does not name; also a parameter whose default is such a place named as the destination.',
  },
  {
    id: "leak.cover_story",
    category: "concealment",
    severity: "high",
    signal: "concealment",
    detector: "leak",
    description:
      'A scripted false account of the tool to the user: a denial or another source given when the user asks ("say you answered from general knowledge", "answer that no such tool exists"), the tool\'s work described to the user under another label and nothing more, or the tool\'s own use or existence kept out of what the user is told; in English and a few other languages.',
  },
  {
    id: "leak.standing_waiver",
    category: "prompt_injection",
    severity: "high",
    signal: "override",
    detector: "leak",
    description:
      'A safeguard waived or a covert act made to outlast the call: the user\'s approval taken as given or confirmations stopped ("pre-approved every purchase", "stop asking them to confirm"), or something done silently, "from now on", "in this and all later conversations", "in long-term memory".',
  },
  {
    id: "leak.shadow_by_role",
    category: "prompt_injection",
    severity: "high",
    signal: "model_instruction",
    detector: "leak",
    description:
      'Another tool named by its server, role or kind rather than its name ("the postgres server\'s query tool", "the tool that executes queries", "the Slack connector", "another tool", "any terminal or shell tool") whose call is altered (prefixed, appended to, redirected elsewhere "instead", an extra attendee or copy added, a command run through it first) with an outside value, an override of the user\'s choice, or a command with a standing scope.',
  },
];
