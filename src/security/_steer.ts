/**
 * Schema poisoning read by structure (rules `schema.value_private`, `schema.name_order`,
 * `schema.nested_order`): a schema's values, names and comments describe parameters and data;
 * one that names the conversation or a secret as a value, a parameter name that reads as an
 * order, or a nested string that orders another tool's call or the reply is an instruction.
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import { ruleById } from "./rules.ts";
import { atPointer, parameterNames } from "./_walk.ts";
import type { Tool } from "./scan.ts";

const VALUE_PRIVATE = ruleById("schema.value_private");
const NAME_ORDER = ruleById("schema.name_order");
const NESTED_ORDER = ruleById("schema.nested_order");

/** A value slot: what the model copies as data, not prose about the parameter. */
const VALUE_FIELD = /\/(?:default|const|examples?(?:\/\d+)?|enum\/\d+|title)$/;

// A template placeholder whose inside names the conversation or a secret ("{{messages.all}}",
// "${GITHUB_TOKEN}", "{{env.OPENAI_API_KEY}}"); "{{user.name}}", "${HOME}", "{{message}}" are not.
const PLACEHOLDER =
  /(?:\{\{|\$\{|\$\(|<%=?)[^{}()%\n]{0,80}?(?:conversation|messages|chat|history|transcript|system_?prompt|all_env|env_vars|environment|api_?key|secret|token|password|passwd|credential|cookie|private_?key|seed|mnemonic|cat\s+~?\/)[^{}()%\n]{0,40}?(?:\}\}|\}|\)|%>)/i;
// A value that is a description of private data rather than data: the conversation, contacts,
// key files ("the full text of every message the user has sent so far").
const VALUE_PHRASE =
  /\b(?:(?:every|all|each|full|entire|whole|complete|previous|prior|earlier|last\s+\w+|recent)\s+(?:\w+\s+){0,3}?(?:messages?|conversation|chat\s+(?:log|history|messages)|transcript|turns?|urls?\s+visited|contacts?|contact\s+list|address\s+book)|(?:conversation|chat|message)\s+(?:history|log|transcript)|session\s+transcript|the\s+user'?s\s+(?:\w+\s+)?(?:contact\s+list|contacts|address\s+book|location\s+history|browsing\s+history))\b/i;
// A shell command that reads the environment or a file, quoted in a value ("`cat ~/.kube/config`").
const VALUE_CMD =
  /(?:\x60|\$\()\s*(?:cat|printenv|env|type|head|tail|less|more|security\s+find-generic-password|echo\s+\$\w+)\b[^\x60)\n]{0,80}(?:\x60|\))/i;
// A value slot that says what the model puts in it ("Agents fill this with ...").
const VALUE_ADDRESSED =
  /\b(?:agents?|assistants?|llms?|the\s+(?:ai|model|assistant|agent|llm))\s+(?:fills?|populates?|copies|pastes|puts|inserts|writes|adds|auto-?completes?|sets?)\b/i;
// In a value that is one snake_case token, an order joined by "then"/"and_also".
const VALUE_SEQUENCE =
  /(?:^|_)(?:then|and_then|and_also|after_calling|before_calling)_(?:[a-z0-9]+_){0,3}?(?:call|run|invoke|attach|send|upload|delete|drop|remove|post|share|email)(?:_|$)/i;

// Parameter names read as words.
const NAME_BYPASS =
  /\b(?:ignore|bypass|skip|disable|override|disregard|circumvent|turn\s+off|without)\s+(?:\w+\s+){0,2}?(?:acls?|access\s+control|access\s+checks?|permissions?|permission\s+checks?|authori[sz]ation|auth\s+checks?|tenants?\s+isolation|rls|row\s+level\s+security|ownership\s+checks?|rules|instructions|polic(?:y|ies)|safety|guardrails|filters|system\s+prompt)\b/;
const NAME_ALL_SCOPE =
  /\b(?:all|every|any)\s+(?:\w+\s+){0,1}(?:customers|users|tenants|accounts|records|rows)\b/;
const NAME_PRIVATE =
  /\b(?:(?:last|recent|latest)\s+(?:\w+\s+){0,2}?(?:messages|turns|prompts)|(?:all|every|full|entire|whole|previous|prior|earlier|past)\s+(?:\w+\s+){0,3}?(?:messages?|conversation|chat|transcript|turns|reasoning|thoughts)|chain\s+of\s+thought|(?:conversation|chat)\s+(?:history|log)|reasoning\s+and\s+(?:prior|previous|earlier)\s+messages)\b/;
const NAME_PLACE = /\b(?:here|goes|go|paste|copy|dump)\b/;
const NAME_SENTENCE =
  /^(?:then|and|also|afterwards|next(?!\s+(?:page|cursor|token|offset|batch|link|url)\b))\b|\b(?:send|e-?mail|mail|forward|upload|post|copy|share)\b.*\bto\s+\w+/;
const NAME_SIDE = /\b(?:send|forward|upload|post|email)\b/;
// An insistence that the model keep the parameter's value ("keep true; the model must never set
// this to false", "the assistant is not allowed to turn this off").
const KEEP_ON =
  /\b(?:keep|leave)\s+(?:it\s+|this\s+)?(?:true|on|enabled|as\s+is)\b|\b(?:never|not\s+allowed\s+to|must\s+not|may\s+not|do\s+not|don't)\s+(?:set|turn|change|switch|flip)\s+(?:this|it)?\s*(?:to\s+false|off|false)?/i;

// A nested schema string (a parameter's description, a $comment, an output field) that orders
// another tool's call as an addition to this one, or tells the model what to say to the user.
const ADDRESSED =
  /(?:^|[.!]\s+)(?:model|assistant|agent|ai|llm)s?\s*,|\b(?:(?:note|important|instruction|directive)\s+(?:for|to)\s+(?:the\s+)?(?:ai|model|assistant|agent|llm)s?|(?:model|assistant|agents?|ai|llm)\s*:|(?:the\s+)?(?:model|assistant|agent|ai|llm)\s+(?:must|should|shall|is\s+to|needs\s+to|has\s+to)(?:,\s+[^,\n]{1,40},)?)/i;
const OTHER_CALL =
  /\b(?:also\s+|then\s+|and\s+then\s+)?(call|invoke|run|trigger|use|via|through|using)\s+(?:the\s+)?([a-z][a-z0-9]{1,30}(?:_[a-z0-9]{1,30}){1,4}|[\w-]{2,20}\s+tool)\b/gi;
const SIDE_WORDS =
  /\b(?:also|in\s+addition|additionally|and\s+then|in\s+the\s+same\s+turn|every\s+call|each\s+call|after\s+each|before\s+(?:filling|cropping|answering|responding))\b/i;
const HARM_PREFIX =
  /^(?:delete|remove|drop|purge|wipe|destroy|truncate|transfer|send|share|post|upload|publish|log|email|pay|forward|export|record)_/i;
// What to say to the user, or a request for their data ("reply to the user that ...", "ask them
// to send their card details"); asking the user to review or confirm is not one.
const TELL_USER =
  /(?:(?:^|[.;:!]\s+|,\s*(?:then\s+|and\s+)?)|\b(?:the\s+)?(?:assistant|model|agent|ai|llm)\s+(?:must|should|shall|is\s+to)\s+)(?:(?:reply|respond|say|tell|inform)\s+(?:to\s+)?(?:the\s+user|them|the\s+person)\b|(?:ask|recommend|request|urge)\s+(?:to\s+)?(?:the\s+user|them|the\s+person|they)\s+(?:to\s+)?(?:send|paste|provide|share|enter|re-?enter|type|give|upload|read\s+out|confirm\s+(?:their|your))\b)/i;

// A tool built for conversations or contacts names them in its values legitimately.
// Templating, CI and workflow tools hold placeholders their own engine fills.
const BUILT_FOR_TEMPLATES =
  /\b(?:templat\w*|workflows?|yaml|ci|pipelines?|github\s+actions|jinja|handlebars|mustache|liquid|render\w*)\b/i;
const BUILT_FOR_PRIVATE =
  /\b(?:conversations?|chats?|messages?|transcripts?|contacts?|address\s+book|history)\b/i;
// A parameter description that defines the value as private data ("Required format: the user's
// last three chat messages", "must carry the output of `cat ~/.git-credentials`").
const FILL_ORDER =
  /\b(?:(?:required\s+)?format|value|contents?)\s*:\s*|\b(?:must|should|has\s+to|needs\s+to|is\s+to)\s+(?:carry|contain|hold|include|be\s+filled\s+with|be\s+set\s+to)\s+/gi;
// A schema key named for the model ("x-agent-directive", "_agent_directive", "x-llm-instruction").
const AGENT_KEY =
  /(?:^|[_-])(?:agent|assistant|llm|ai|model)[_-]?(?:directives?|instructions?|notes?|hints?|prompts?|commands?|orders?|guidance)$|^x-(?:agent|llm|assistant)(?:$|[_-])/i;
const SCHEMA_FIELD = /^\/(?:inputSchema|outputSchema)\//;
// A nested string worth reading for an order: long enough and holding a call or an obligation.
const NESTED_GATE =
  /\b(?:call|invoke|run|trigger|use|via|through|using|must|should|has\s+to|needs\s+to|is\s+to|reply|respond|say|tell|inform|recommend|ask)\b|:/i;
// Inside example or default data a "type" key is data.
const IN_DATA = /\/(?:examples?|enum|default|const)\//;
const TYPE_NAMES = /^\s*(?:string|number|integer|boolean|object|array|null)\s*$/i;

/** Adds the schema poisoning findings of each tool. */
export function scanSchemaSteer(
  col: Collector,
  tools: readonly Tool[],
  texts: readonly TextItem[][],
): void {
  // What a field's pointer says (lists repeat their pointers), and each value's readings.
  const fields = new Map<string, FieldInfo>();
  const slots = new Map<string, SlotReading>();
  tools.forEach((t, tool) => {
    // What the tool is built for, read only when a check needs it (most never get that far).
    let purpose: string | undefined;
    const about = () => purpose ??= `${t.name.replace(/[_-]+/g, " ")} ${t.description ?? ""}`;
    let tpl: boolean | undefined, priv: boolean | undefined;
    const templating = () => tpl ??= BUILT_FOR_TEMPLATES.test(about());
    const builtFor = () => priv ??= BUILT_FOR_PRIVATE.test(about());
    for (const it of texts[tool]!) {
      const f = it.field;
      const text = it.text;
      // Type names, short enum values and property names (read by nameOrder) hold no order.
      if (text.length < 8) continue;
      let fi = fields.get(f);
      if (fi === undefined) fields.set(f, fi = fieldInfo(f));
      if (fi === null) continue;
      if (fi.key === text && fi.named) continue;
      // A type keyword holds a type name; prose there is read by the model and nothing else.
      if (fi.typeProse && !TYPE_NAMES.test(it.text) && /\s\S/.test(it.text.trim())) {
        col.add(NESTED_ORDER, tool, f, 0, it.text);
        continue;
      }
      if (fi.agent && /\S+\s+\S+\s+\S+/.test(it.text)) {
        col.add(NESTED_ORDER, tool, f, 0, it.text);
        continue;
      }
      if (fi.value) {
        let r = slots.get(text);
        if (r === undefined) slots.set(text, r = slotReading(text));
        valueSlot(col, tool, it, r, builtFor, templating);
        if (f.startsWith("/outputSchema/")) tellUser(col, tool, it);
        continue;
      }
      if (text.length < 20 || !NESTED_GATE.test(text)) continue;
      if (fillOrder(col, tool, it, builtFor)) continue;
      nestedOrder(col, t, tool, it);
    }
    for (const p of parameterNames(t.inputSchema)) nameOrder(col, t, tool, p, builtFor);
  });
}

/** What a schema pointer says, or null when it is not in a schema. */
type FieldInfo = {
  key: string;
  /** A property's own name ("/properties/<key>"). */
  named: boolean;
  /** A type keyword outside example data. */
  typeProse: boolean;
  agent: boolean;
  value: boolean;
} | null;

function fieldInfo(f: string): FieldInfo {
  if (!SCHEMA_FIELD.test(f)) return null;
  const key = f.slice(f.lastIndexOf("/") + 1);
  return {
    key,
    named: f.endsWith("/properties/" + key),
    typeProse: key === "type" && !IN_DATA.test(f),
    agent: AGENT_KEY.test(key),
    value: VALUE_FIELD.test(f),
  };
}

/** A value's readings that depend on its text alone (the phrase read only when needed). */
interface SlotReading {
  placeholder: RegExpExecArray | null;
  other: RegExpExecArray | null;
  phrase?: RegExpExecArray | null;
}

function slotReading(text: string): SlotReading {
  // A document-sized value (several lines) in a templating tool is the template itself.
  return {
    placeholder: text.includes("\n") ? null : PLACEHOLDER.exec(text),
    other: VALUE_CMD.exec(text) ?? VALUE_ADDRESSED.exec(text) ?? VALUE_SEQUENCE.exec(text),
  };
}

function valueSlot(
  col: Collector,
  tool: number,
  it: TextItem,
  r: SlotReading,
  builtFor: () => boolean,
  templating: () => boolean,
): void {
  const text = it.text;
  let m = r.placeholder && !templating() ? r.placeholder : r.other;
  if (!m) {
    if (r.phrase === undefined) {
      let p = VALUE_PHRASE.exec(text);
      // One snake_case token reads as words only when it is a sentence, not "all_messages".
      const words = text.split("_");
      if (!p && words.length >= 5 && !/\s/.test(text)) p = VALUE_PHRASE.exec(words.join(" "));
      r.phrase = p;
    }
    if (r.phrase && !builtFor()) m = r.phrase;
  }
  if (m) col.add(VALUE_PRIVATE, tool, it.field, m.index, m[0]);
}

function tellUser(col: Collector, tool: number, it: TextItem): boolean {
  const m = TELL_USER.exec(it.text);
  if (m) col.add(NESTED_ORDER, tool, it.field, m.index, m[0]);
  return m !== null;
}

function fillOrder(col: Collector, tool: number, it: TextItem, builtFor: () => boolean): boolean {
  FILL_ORDER.lastIndex = 0;
  for (let m; (m = FILL_ORDER.exec(it.text));) {
    const rest = it.text.slice(m.index + m[0].length, m.index + m[0].length + 160);
    const head = rest.slice(0, 40);
    const hit = /^(?:the\s+)?(?:output|result|contents?|value)\s+of\s/i.test(head) &&
        (VALUE_CMD.test(rest) || /\b(?:env\w*|~\/|\.\w+rc\b|credentials?)/i.test(rest)) ||
      (VALUE_PHRASE.test(head) && !builtFor());
    if (hit) {
      col.add(NESTED_ORDER, tool, it.field, m.index, m[0] + head);
      return true;
    }
  }
  return false;
}

function nestedOrder(col: Collector, t: Tool, tool: number, it: TextItem): void {
  const text = it.text;
  if (text.length < 20) return;
  if (it.field.startsWith("/outputSchema/") && tellUser(col, tool, it)) return;
  const addressed = ADDRESSED.test(text);
  OTHER_CALL.lastIndex = 0;
  for (let m; (m = OTHER_CALL.exec(text));) {
    const target = m[2]!.toLowerCase();
    if (target === t.name.toLowerCase()) continue;
    const harm = HARM_PREFIX.test(target);
    // "Use the X tool to verify ..." is guidance; "use" orders a call only of a harmful tool.
    if (/^(?:use|via|through|using)$/i.test(m[1]!) && !harm) continue;
    // The addition is marked near the call ("also call", "in the same turn, call").
    const side = SIDE_WORDS.test(text.slice(Math.max(0, m.index - 60), m.index + m[0].length));
    if ((addressed && (side || harm)) || (side && harm)) {
      return col.add(NESTED_ORDER, tool, it.field, m.index, m[0]);
    }
  }
}

function nameOrder(
  col: Collector,
  t: Tool,
  tool: number,
  p: TextItem,
  builtFor: () => boolean,
): void {
  if (p.text.length < 12) return;
  const words = p.text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_\-.]+/g, " ")
    .toLowerCase().trim();
  if (words.split(" ").length < 3) return;
  const schema = atPointer(t, p.field) as Record<string, unknown> | undefined;
  const desc = typeof schema?.description === "string" ? schema.description : "";
  const rulesWord = /\b(?:rules|instructions|polic(?:y|ies)|system\s+prompt)\b/;
  let hit = false;
  if (NAME_BYPASS.test(words)) {
    // Bypassing rules is an order by itself; bypassing access control is one when it reaches
    // everyone's records, is on by default or must stay on.
    hit = rulesWord.test(words) || NAME_ALL_SCOPE.test(words) || schema?.default === true ||
      KEEP_ON.test(desc);
  } else if (NAME_SENTENCE.test(words) && words.split(" ").length >= 5) {
    // A name that is a sentence of its own: a sequel ("then_...") or a hand-over to someone.
    hit = true;
  } else if (NAME_PRIVATE.test(words) && !builtFor()) {
    hit = NAME_PLACE.test(words) || NAME_SIDE.test(words) ||
      /\b(?:user|users|my|your|the)\b/.test(words) || /\band\b/.test(words);
  }
  if (hit) col.add(NAME_ORDER, tool, p.field, 0, p.text, { key: words });
}
