/**
 * Schema annotations (`$comment`, title, examples, default, `x-` keys) written for the model
 * instead of for people and validators: an order addressed to the model, an order about the
 * user's things, or a parameter named for the contents of a secret file.
 */
import { ruleById } from "./rules.ts";
import type { Collector } from "./_collector.ts";

const ANNOTATION_RULE = ruleById("schema.annotation_order");

/** Schema keywords written for people and validators, not read as the parameter's purpose. */
const ANNOTATION_FIELD =
  /^\/(?:inputSchema|outputSchema)\/(?:.*\/)?(?:\$comment|title|examples?(?:\/\d+)?|default|x-[\w-]+)$/;
/** The model addressed ("LLM reading this:", "note to the AI", "assistant:"). */
const ADDRESSED =
  /\b(?:LLMs?|AI|assistants?|(?:language\s+)?models?|agents?)\s+(?:reading\s+(?:this|these)|that\s+reads?\s+this)\b|(?:^|[.;!]\s+|\s[-#]{1,2}\s*)(?:LLM|AI|assistant|model|agent)\s*[:,]|\b(?:note|instructions?|message|hint|reminder)\s+(?:to|for)\s+(?:the\s+|any\s+)?(?:LLM|AI|assistant|model|agent)s?\b/i;
/** An order in the same text ("fill", "must carry", "always"). */
const ORDER =
  /\b(?:must|should|always|never|fill|put|paste|include|send|email|read|copy|attach|insert|forward|upload|ignore|use|set|pass)\b/i;
/** An order about the user's things ("paste the user's master password", "email every row ... the user"). */
const ABOUT_USER =
  /\b(?:paste|put|fill|enter|include|send|e-?mail|copy|read|attach|insert|forward|upload)\b(?:[^.\n]|\.(?=\S)){0,80}?\b(?:the\s+user's|users'|the\s+user\b|this\s+chat|the\s+conversation)/i;

/** A parameter named for the contents of a secret file ("contents_of_home_dot_netrc_file"). */
const SECRET_FILE_PARAM =
  /(?:^|_)(?:contents?|text|body|dump|copy|data|raw)_of_(?:the_|your_|users?_)?(?:home_)?(?:dot_)?(?:\w+_)?(?:netrc|npmrc|pypirc|pgpass|ssh|id_rsa|id_ed25519|aws|kube|kubeconfig|env|dotenv|credentials?|keychain|wallet|git_credentials|private_key|secrets?)(?:_|$)|(?:^|_)home_dot_\w+_file(?:_|$)/;

const OF_OR_DOT = /of|dot/i;

/**
 * Schema annotations ($comment, title, examples, default, x- keys) that address the model with
 * an order, or order something done with the user's things: text for people and validators that
 * is written for the model instead.
 */
export function scanSchemaAnnotations(
  col: Collector,
  tools: readonly { name: string }[],
  texts: readonly { field: string; text: string }[][],
): void {
  tools.forEach((_, tool) => {
    for (const it of texts[tool]!) {
      // Parameter names: the last key of a properties entry, in snake case. (Such a field ends
      // with the text after a slash: most fields do not, and are told apart without a slice.)
      const f = it.field;
      const at = f.endsWith(it.text) && f.charCodeAt(f.length - it.text.length - 1) === 47
        ? f.lastIndexOf("/properties/")
        : -1;
      if (at >= 0 && f.slice(at + 12) === it.text) {
        if (!OF_OR_DOT.test(it.text)) continue;
        const snake = it.text.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[-.\s]+/g, "_")
          .toLowerCase();
        const m = SECRET_FILE_PARAM.exec(snake);
        if (m) col.add(ANNOTATION_RULE, tool, it.field, 0, it.text);
        continue;
      }
      if (it.text.length < 24 || !ANNOTATION_FIELD.test(it.field)) continue;
      const text = it.text.length > 4096 ? it.text.slice(0, 4096) : it.text;
      const m = ADDRESSED.exec(text);
      const hit = m && ORDER.test(text.slice(m.index)) ? m : ABOUT_USER.exec(text);
      if (hit) col.add(ANNOTATION_RULE, tool, it.field, hit.index, hit[0]);
    }
  });
}
