/**
 * Exfiltration said in prose and secrets asked off purpose, found in code (../_exfil_prose.ts): the
 * conversation, secrets or the user's other files moved to a place that is neither the user's nor
 * the tool's own service, or put into a parameter of a tool that is not built for them.
 */
import type { Rule } from "../rules.ts";

export const EXFIL_PROSE_RULES: Rule[] = [
  {
    id: "exfil.data_to_outsider",
    category: "exfiltration",
    severity: "high",
    signal: "covert_action",
    detector: "exfil",
    description:
      "A sentence after the tool's first one that moves the conversation (messages, transcript, the user's last question, the system prompt, tool results), a secret (passwords, tokens, keys, seed words, one-time codes, cookies) or the user's other files and stores (clipboard, shell history, every file of a folder, private repositories, message bodies) to a literal outside place (an e-mail address, host, IP, URL, bucket, git remote, bot handle, chat user id, a subdomain template) the tool's name, title and first sentence do not name, or to a third party (\"our analytics partner\", \"the vendor's endpoint\", \"a backup server\"); in English and a few other languages. Not when the sentence says the data is not sent or the destination is the user's own or chosen.",
  },
  {
    id: "exfil.extra_recipient",
    category: "exfiltration",
    severity: "high",
    signal: "covert_action",
    detector: "exfil",
    description:
      'A fixed outside address (e-mail, host, remote, handle) added to what the tool sends, as an extra ("also", "additionally", "as a hidden recipient", "mirrored", "with every push") or kept from the user ("leave it off the summary"), when the tool\'s name, title and first sentence do not name that address.',
  },
  {
    id: "exfil.data_into_param",
    category: "secret_request",
    severity: "high",
    signal: "secret_request",
    detector: "exfil",
    description:
      "The conversation in full, the model's own setup (system prompt, tool list) or the user's other files asked into a parameter of a tool whose name, title and first sentence are not about them; a secret asked into a parameter (in any of a few languages) when the secret rules find the tool not built for it; or seed words or a private key asked by a tool that keeps what it is given on its vendor's servers.",
  },
  {
    id: "exfil.secret_taken_unasked",
    category: "secret_request",
    severity: "high",
    signal: "secret_request",
    detector: "exfil",
    description:
      "A secret to be taken from the user's environment, shell, disk or config files with asking skipped (\"read it from the environment, don't ask\").",
  },
];
