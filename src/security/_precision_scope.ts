/**
 * Precision discounts, fifth pass: the SCOPE of what a sentence says. Called from
 * `precisionDiscounts` (_precision.ts) for findings no earlier kind discounted; each test reads
 * the finding's own sentence (and the tool's name and first sentence) and asks whether the words
 * that look like an order are, by the sentence's structure, about something else:
 *
 * - `left out`: the secret paths lie in a clause whose verb leaves them out ("Excludes .env and
 *   ~/.ssh by default; pass extra globs in `exclude`"): what the tool does NOT take, and no later
 *   clause points back at them.
 * - `generated`: the secret is what the tool itself creates (a key generator writes "the private
 *   key" to its own `path`), not the user's existing one, and it goes nowhere but an own
 *   parameter or the result.
 * - `lifecycle`: another tool is named only in a statement of its release lifecycle ("the legacy
 *   run_query_v1 tool will be removed in version 3.0"), with no order about it.
 * - `noun list`: the order-like word is an item of a parenthesised list of nouns ("(units,
 *   language, answer length)"); with the list blanked, the rule no longer matches.
 * - `own step`: another tool is named as what works on this tool's result once it exists
 *   ("After creating the branch, use push_files to add commits to it").
 * - `restriction`: a move's match reaches into the next sentence, which only states a
 *   restriction on moves ("Forwarding outside the organisation may be blocked by the admin").
 *
 * Each test has an undo list (second person, an address, "but/unless/then/also/instead", every/
 * always, a path or someone else's data): the same wrapper around an order is not discounted.
 */
import type { KeyedFinding } from "./_collector.ts";
import { isEnd, span } from "./_precision_purpose.ts";
import { ALTER } from "./_purpose_words.ts";
import { ruleById } from "./rules.ts";
import { inputPattern } from "./_input_pattern.ts";

type Finding = KeyedFinding["finding"];

interface ScopeTool {
  name: string;
  description?: string;
}

const ADDRESS = /:\/\/|https?:|@|\b\d{1,3}(?:\.\d{1,3}){3}\b/;

// ---- left out: secret paths in a clause whose verb leaves them out ------------------------------

const LEFT_OUT_RULES = new Set([
  "secret.read_credential",
  "intent.named_then_placed",
  "purpose.param_smuggle",
  "purpose.unneeded_data",
  "intent.take_sensitive",
  "intent.imperative_private",
  "intent.private_to_argument",
  "intent.private_in_call",
  "exfil.data_into_param",
]);
const SECRET_ITEMS = new Set([
  "secret.key_path",
  "secret.credential_path",
  "secret.key_material",
  "secret.wallet_path",
]);
const LEAVE_VERB = String
  .raw`excludes|excluding|leaves\s+out|leaving\s+out|ignores|ignoring|skips|skipping|omits|omitting|filters\s+out|never\s+(?:reads|includes|uploads|copies|sends|touches|opens|backs\s+up|passes|stores|returns|collects|exports|syncs)|(?:does\s+not|doesn't|will\s+not|won't)\s+(?:read|include|upload|copy|send|touch|open|back\s+up|pass|store|return|collect|export|sync)`;
/** A clause opening with a verb that leaves things out, the tool (or nobody) its subject. */
const LEAVES_OUT = new RegExp(
  String
    .raw`^\s*(?:by\s+default,?\s+)?(?:(?:it|this\s+(?:tool|server|command)|the\s+(?:tool|server|backup|upload|archive|export|bundle|snapshot|sync))\s+)?(?:always\s+)?(?:${LEAVE_VERB})\b`,
  "i",
);
const LEAVE_UNDO =
  /\b(?:unless|except|but|however|instead|then|also|too|you|your)\b|(?:\band|,)\s+(?:\w+\s+)?(?:reads?|sends?|pass(?:es)?|includes?|uploads?|copies|copy|puts?|attach(?:es)?|posts?|shares?|forwards?|stores?|writes?|adds?|syncs?|emails?|returns?)\b/i;
/** A later clause pointing back at what was left out. */
const POINTS_BACK =
  /\b(?:them|it|they|those|these|their|its|the\s+(?:contents?|files?|keys?|secrets?|credentials?|values?))\b/i;
const KEEPS_OUT = /\b(?:keep|leave|exclude|skip|ignore|omit)\w*\b/i;

/** A new clause: " but ...", or ", and/so/while" before a subject of its own. */
const NEW_CLAUSE =
  /^. but\b|^, (?:and|so|while|whereas)\s+(?:the|a|an|it|its|their|your|this|that|these|those|they|we|he|she|users?)\b/i;
/** Clause pieces of [s, e): sentence ends and new clauses (`NEW_CLAUSE`) split. */
function clauses(text: string, s: number, e: number): [number, number][] {
  const out: [number, number][] = [];
  let c = s;
  for (let i = s; i < e; i++) {
    if (isEnd(text, i)) {
      out.push([c, i + 1]);
      c = i + 1;
    } else if (text[i] === " " && NEW_CLAUSE.test(text.slice(i - 1, i + 20))) {
      out.push([c, i]);
      c = i;
    }
  }
  if (c < e) out.push([c, e]);
  return out;
}

export function leftOut(text: string, f: Finding, near: readonly KeyedFinding[]): boolean {
  if (!LEFT_OUT_RULES.has(f.rule_id) && f.rule_id !== "secret.key_material") return false;
  const end = f.offset + f.match.length;
  const items = near.filter(({ finding: g }) =>
    SECRET_ITEMS.has(g.rule_id) && g.offset >= f.offset && g.offset + g.match.length <= end
  ).map(({ finding: g }) => g.offset);
  if (f.rule_id === "secret.key_material") items.push(f.offset);
  if (items.length === 0) return false;
  const [s, e] = span(text, f.offset, end);
  const parts = clauses(text, s, e);
  let first = -1;
  for (const at of items) {
    const k = parts.findIndex(([a, b]) => at >= a && at < b);
    if (k < 0) return false;
    const clause = text.slice(parts[k]![0], parts[k]![1]);
    if (!LEAVES_OUT.test(clause) || LEAVE_UNDO.test(clause) || ADDRESS.test(clause)) return false;
    if (first < 0 || k < first) first = k;
  }
  // Later clauses of the match: no pointing back at the paths (unless to keep them out too).
  for (let k = first + 1; k < parts.length; k++) {
    const [a, b] = parts[k]!;
    if (a >= end) break;
    const clause = text.slice(a, b);
    if (ADDRESS.test(clause) || LEAVE_UNDO.test(clause)) return false;
    if (POINTS_BACK.test(clause) && !KEEPS_OUT.test(clause)) return false;
  }
  return true;
}

// ---- generated: the secret is what the tool itself makes ----------------------------------------

const GENERATED_RULES = new Set([
  "purpose.param_smuggle",
  "purpose.unneeded_data",
  "secret.key_material",
  "intent.take_sensitive",
  "intent.imperative_private",
  "intent.private_to_argument",
  "intent.private_in_call",
  "intent.named_then_placed",
  "intent.into_argument",
  "exfil.data_into_param",
]);
const MAKES =
  /\b(?:gen|generat\w*|creat\w*|mints?|minting|issues?|new|fresh|derives?|rotates?|makes?)\b/i;
const MADE_KIND =
  /\b(?:keys?|key\s*pairs?|keypairs?|passwords?|passphrases?|secrets?|tokens?|seeds?|mnemonics?|wallets?|credentials?|certificates?|certs?)\b/i;
/** Someone's existing secret, a path, a send, a second person, more steps. */
const NOT_MADE = new RegExp(
  String
    .raw`(?<!\b(?:is|are|be|gets?)\s)\bsaved\b|\b(?:user'?s|your|their|existing|old|current|previous|also|then|before|after|every|all|each|sends?|sent|posts?|posted|upload\w*|email\w*|forward\w*|shar\w+|transmit\w*|leak\w*|publish\w*|broadcast\w*|log\w*|on-chain|you|reads?|cop(?:y|ies)|unless|instead)\b|~\/|\/etc\/|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.(?:ssh|env|aws|gnupg|pgpass|netrc)\b|stored\s+(?:in|at)\b|${ADDRESS.source}`,
  "i",
);
const OPENS_ORDER =
  /^\s*(?:put|pass|send|give|include|copy|paste|read|ask|tell|enter|provide|supply|attach|fetch|get|collect)\b/i;

export function generatedSecret(
  tool: ScopeTool,
  text: string,
  f: Finding,
  first: string,
  params: readonly string[],
): boolean {
  if (!GENERATED_RULES.has(f.rule_id)) return false;
  const head = `${tool.name.replace(/[_-]+/g, " ")} ${first}`;
  if (!MAKES.test(head) || !MADE_KIND.test(head)) return false;
  const [s, e] = span(text, f.offset, f.offset + f.match.length);
  for (const part of text.slice(s, e).split(/(?<=[.!?;])\s+/)) {
    if (!part.trim()) continue;
    if (OPENS_ORDER.test(part) || NOT_MADE.test(part)) return false;
    // Back-quoted names are the tool's own parameters.
    for (const m of part.matchAll(/`([^`]{1,60})`/g)) {
      if (!params.includes(m[1]!.toLowerCase())) return false;
    }
  }
  return MADE_KIND.test(text.slice(s, e));
}

// ---- lifecycle: another tool named only in a statement of its release lifecycle -----------------

const LIFECYCLE_RULES = new Set([
  "purpose.shadow_other",
  "pi.shadow_sibling",
  "pi.shadow_alter",
  "pi.steer_exclusive",
  "pi.steer_frame",
]);
const LIFECYCLE =
  /\b(?:(?:is|was|are|were|has\s+been|have\s+been)\s+(?:now\s+)?deprecated(?:\s+(?:since|as\s+of|in|from)\s+[\w.-]+)?|(?:will|(?:is|are)\s+(?:going|scheduled|set|due|planned)\s+to)\s+be\s+(?:removed|deleted|retired|dropped|sunset|discontinued|phased\s+out|turned\s+off|deleted)|(?:is|are)\s+scheduled\s+for\s+(?:removal|deletion|retirement)|(?:is|are)\s+kept\s+(?:only\s+)?for\s+(?:backwards?\s+|legacy\s+)?compatibility|(?:was|were|has\s+been|have\s+been)\s+renamed)\b/gi;
const LIFECYCLE_UNDO =
  /\b(?:never|don't|do\s+not|avoid|refuse\w*|stop|instead|always|must|should|shall|every|all|broken|poison\w*|unsafe|insecure|malicious|leak\w*|compromised|fake|scam\w*|wrong|incorrect|tell|say|claim\w*|already|gone|you|your|pretend|unavailable|outdated|untrusted|dangerous|harmful|only|but|so|then|route|redirect|silently|truncat\w*|slow\w*|fail\w*|errors?|bug\w*|crash\w*|stale|unreliable|built-?in|standard|default|native|host|client|filesystem|server's|other)\b|https?:|@/i;
const IDENT = /\b[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+\b/gi;

export function lifecycleOnly(tool: ScopeTool, text: string, f: Finding): boolean {
  if (!LIFECYCLE_RULES.has(f.rule_id)) return false;
  const [s, e] = span(text, f.offset, f.offset + f.match.length);
  const sentence = text.slice(s, e);
  // The retired tool is an older one of this server's own: it shares a word with this tool.
  const own = new Set(tool.name.toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 3));
  const idents = [...sentence.matchAll(IDENT)].map((m) => m[0].toLowerCase());
  if (
    idents.length === 0 ||
    !idents.every((id) => id.split(/[^a-z]+/).some((w) => w.length >= 3 && own.has(w)))
  ) return false;
  LIFECYCLE.lastIndex = 0;
  if (!LIFECYCLE.test(sentence) || LIFECYCLE_UNDO.test(sentence)) return false;
  LIFECYCLE.lastIndex = 0;
  return !ALTER.test(sentence.replace(LIFECYCLE, " "));
}

// ---- noun list: the order-like word is an item of a parenthesised list of nouns -----------------

const LIST_WORD_STOP = new RegExp(
  String
    .raw`^(?:a|an|the|to|it|its|you|your|our|their|them|this|that|these|those|every|each|all|any|from|on|now|with|into|for|in|of|at|by|then|also|please|always|never|and|or|but|if|so|is|are|be|must|should|will)$`,
  "i",
);
const PAREN = /\(([^()\n]{3,160})\)/g;

/** Whether a parenthesised stretch is a list of at least two short noun items. */
function nounList(content: string): boolean {
  const items = content.split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/).filter((x) => x);
  if (items.length < 2) return false;
  return items.every((it) => {
    const words = it.split(/\s+/);
    return words.length <= 3 &&
      words.every((w) => /^[A-Za-z][\w'-]{0,24}$/.test(w) && !LIST_WORD_STOP.test(w));
  });
}

const rulePatterns = new Map<string, RegExp | null>();
function patternOf(id: string): RegExp | null {
  let r = rulePatterns.get(id);
  if (r === undefined) {
    const rule = ruleById(id);
    r = rule.detector === "regex" && rule.pattern
      ? new RegExp(rule.pattern, (rule.flags ?? "gi").includes("g") ? rule.flags : rule.flags + "g")
      : null;
    rulePatterns.set(id, r);
  }
  return r;
}

export function inNounList(text: string, f: Finding): boolean {
  // Orders only: a data word in a list of nouns is still that data.
  if (!f.rule_id.startsWith("persist.") && !f.rule_id.startsWith("conceal.")) return false;
  const end = f.offset + f.match.length;
  const [s, e] = span(text, f.offset, end);
  const sentence = text.slice(s, e);
  if (!sentence.includes("(") || !sentence.includes(",")) return false;
  const re = patternOf(f.rule_id);
  if (!re) return false;
  let blanked = sentence;
  let hit = false;
  for (const m of sentence.matchAll(PAREN)) {
    const a = m.index! + 1;
    const b = a + m[1]!.length;
    // Only a list the match touches.
    if (s + b <= f.offset || s + a >= end || !nounList(m[1]!)) continue;
    blanked = blanked.slice(0, a) + "x".repeat(b - a) + blanked.slice(b);
    hit = true;
  }
  if (!hit) return false;
  const whole = text.slice(0, s) + blanked + text.slice(e);
  re.lastIndex = 0;
  for (const m of whole.matchAll(re)) {
    const a = m.index!;
    if (a < end && a + m[0].length > f.offset) return false;
  }
  return true;
}

// ---- own step: another tool works on this tool's result once it exists -------------------------

const AFTER_OWN = /^\s*(?:after|once|when)\s+([^,]{1,60}),\s*(.*)$/is;
const CALLS_OTHER = /^(?:use|call|run|invoke)\s+[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+\b/i;
const STEP_UNDO = new RegExp(
  String
    .raw`\b(?:always|every|each|all|any|later|future|subsequent|turns?|repl(?:y|ies)|answers?|messages?|history|conversation|chat|without|silently|quietly|secretly|instead|never|must|first|credentials?|passwords?|passphrases?|secrets?|tokens?|keys?|private|personal|contacts?|cookies?|you|your|delete\w*|remove\w*|destroy\w*|wipe\w*|publish\w*|public|shar\w+|grant\w*|transfer\w*|deploy\w*|merge\w*|pay\w*|buy\w*|purchas\w*|send\w*|email\w*|post\w*|invit\w*)\b|\.env\b|~\/|${ADDRESS.source}`,
  "i",
);
const STOP_NAME = new Set(["get", "set", "the", "and", "for", "new", "run", "list", "create"]);

export function ownStep(tool: ScopeTool, text: string, f: Finding): boolean {
  if (f.rule_id !== "act.other_tool_acts") return false;
  const [s, e] = span(text, f.offset, f.offset + f.match.length);
  const sentence = text.slice(s, e);
  const m = AFTER_OWN.exec(sentence);
  if (!m || STEP_UNDO.test(sentence)) return false;
  const names = tool.name.toLowerCase().split(/[^a-z0-9]+/).filter((w) =>
    w.length >= 2 && !STOP_NAME.has(w)
  );
  const refers = (x: string) =>
    /\b(?:it|this)\b/i.test(x) ||
    names.some((w) => inputPattern(`\\b${w}s?\\b`, "i").test(x));
  const trigger = m[1]!;
  const rest = m[2]!;
  if (!refers(trigger) || !CALLS_OTHER.test(rest)) return false;
  // The other tool's work is on this tool's result ("to it", "into the bucket").
  const tail = rest.replace(
    /^(?:use|call|run|invoke)\s+[\w.-]+(?:\s*(?:,|or|and)\s*[\w.-]+)*/i,
    "",
  );
  return refers(tail);
}

// ---- restriction: a move's match reaches into a sentence that restricts moves -------------------

const RESTRICTION_RULES = new Set(["exfil.moved_out", "exfil.data_to_outsider"]);
const RESTRICTS =
  /\b(?:(?:may|might|can|could|will|is|are)\s+(?:be\s+)?(?:blocked|disabled|restricted|denied|rejected|refused|limited|prevented|delayed|turned\s+off|stopped|quarantined|held\s+back)|(?:needs?|requires?)\s+(?:the\s+)?[\w' -]{0,40}?(?:approval|consent|permission|sign-off)|(?:is|are)\s+not\s+(?:allowed|permitted|possible|supported))\b/i;
const RESTRICT_UNDO =
  /\b(?:you|your|also|too|as\s+well|copy|copies|every|each|all|always|silently|quietly|without|unless|but|then|instead|still)\b/i;

export function restrictionNext(text: string, f: Finding): boolean {
  if (!RESTRICTION_RULES.has(f.rule_id)) return false;
  const end = f.offset + f.match.length;
  let last = -1;
  for (let i = f.offset; i < end - 1; i++) if (isEnd(text, i)) last = i;
  if (last < 0) return false;
  const [, e] = span(text, end - 1, end - 1);
  const later = text.slice(last + 1, e);
  return RESTRICTS.test(later) && !RESTRICT_UNDO.test(later) && !ADDRESS.test(later);
}

// ---- qualified: the rules removed are ones of a named domain, not the model's --------------------

const QUALIFIED_RULES = new Set(["pi.safety_removed", "pi.rules_void", "pi.role_switch"]);
const SAFEGUARD_NOUN =
  /\b(?:rules?|polic(?:y|ies)|filters?|limits?|limitations?|restrictions?|guidelines?)\b/gi;
/** Modifiers that do not name a domain (a determiner, an age, a generic or a model word). */
const GENERIC_MODIFIER = new Set(
  "the a an all any your our its their my his her this that these those some many most every each no such other same certain several various old older former previous prior earlier existing current usual normal standard default regular general global built-in internal hard core original initial base basic strict stricter tight important applicable relevant above following preceding given stated listed usage use safety security content moderation trust ethical ethics moral legal guard model ai assistant system platform provider operator developer team company house community of and or to be is are were new"
    .split(" "),
);
/** A domain after the noun: "rules for port 22", "rules about Oxford commas". */
const DOMAIN_AFTER = /^\s+(?:for|on|about|of|in|covering|around)\s+(?:the\s+)?([A-Za-z0-9][\w-]*)/i;
const MODEL_WORDS =
  /\b(?:you|your|yours|assistant|model|ai|llm|chatbot|bot|prompts?|instructions?|answers?|responses?|repl(?:y|ies)|outputs?|session|conversation|chat|anything|whatever|safety|content|moderation|guardrails?|ethic\w*|refus\w*|censor\w*|jailbreak\w*|unrestricted|unfiltered|supersed\w*|precedence|overrid\w*|developer|operator|system|behaviou?r|persona|role|user'?s)\b/i;
/** What the removal leads to in its sentence ("..., so approve any transfer without asking"). */
const QUALIFIED_UNDO =
  /\b(?:so|then|now|without|any|every|all|always|never|ignore\w*|skip\w*|bypass\w*|must|should)\b/i;
/** Anywhere in the text: the model or an override of its instructions. */
const OVERRIDE_TEXT =
  /\b(?:assistant|model|agent|ai|llm|prompt\w*|instructions?|directives?|system|developer|operator|priority|authority|guardrails?|jailbreak\w*|unrestricted|unfiltered|supersed\w*|precedence|overrid\w*)\b/i;
const NOT_DOMAIN = new RegExp(
  `^(?:${[...GENERIC_MODIFIER].join("|")})$|${MODEL_WORDS.source}`,
  "i",
);

export function qualifiedRules(text: string, f: Finding): boolean {
  if (!QUALIFIED_RULES.has(f.rule_id)) return false;
  const end = f.offset + f.match.length;
  let last: RegExpMatchArray | null = null;
  SAFEGUARD_NOUN.lastIndex = 0;
  for (const m of f.match.matchAll(SAFEGUARD_NOUN)) last = m;
  // The noun is the removal's subject: it comes first, the removal words after it.
  if (!last || last.index! + last[0].length >= f.match.length) return false;
  const at = f.offset + last.index!;
  if (OVERRIDE_TEXT.test(text)) return false;
  const [s, e] = span(text, at, end);
  const sentence = text.slice(s, e);
  if (MODEL_WORDS.test(sentence) || QUALIFIED_UNDO.test(sentence)) return false;
  const before = /([A-Za-z][\w'-]*)\s+$/.exec(text.slice(Math.max(s, at - 30), at));
  const after = DOMAIN_AFTER.exec(text.slice(at + last[0].length, e));
  const names = (w: string | undefined) => w !== undefined && !NOT_DOMAIN.test(w);
  return names(before?.[1]) || names(after?.[1]);
}

// ---- host's own tool: the host's built-in tool recommended for some inputs -----------------------

const HOST_TOOL_RULES = new Set([
  "purpose.shadow_other",
  "pi.steer_exclusive",
  "pi.shadow_sibling",
  "pi.steer_frame",
]);
/** The host's own tool as the subject of a favourable predicate ("is faster and should be used"). */
const HOST_TOOL_PRAISED =
  /\b(?:built-?in|default|standard|ordinary|regular|plain|generic|native|normal|usual)\s+(?:[\w-]+\s+){0,2}?(?:tool|runner|interpreter|fetcher|browser|search|client|reader)\s+(?:is|are)\s+(?:(?:much|a\s+lot|often|usually)\s+)?(?:faster|quicker|fine|enough|better|lighter|simpler|cheaper|preferred|recommended|good|sufficient|the\s+better)\b/i;
const HOST_TOOL_UNDO =
  /\b(?:never|don't|do\s+not|avoid|broken|unsafe|insecure|compromised|fake|scam\w*|leak\w*|malicious|poison\w*|wrong|outdated|deprecated|always|every|all|any|must|but|however|although|though|you|your|tell|say|refuse\w*|unavailable)\b|https?:|@/i;

export function hostToolPraised(text: string, f: Finding): boolean {
  if (!HOST_TOOL_RULES.has(f.rule_id)) return false;
  const [s, e] = span(text, f.offset, f.offset + f.match.length);
  const sentence = text.slice(s, e);
  return HOST_TOOL_PRAISED.test(sentence) && !HOST_TOOL_UNDO.test(sentence);
}

// ---- own use: "use this to save X so it persists": the tool's own job is keeping data ------------

/** "Use this (tool) to save ...": the order is to use this tool for keeping something. */
const USE_THIS_TO_KEEP =
  /^(?:use|call)\s+(?:this(?:\s+tool)?|it)\s+to\s+(?:remember|store|save|keep|record|note|write\s+down|log)\s+(?!to\b)/i;
/** What is kept, or what follows it, is an order, a rule, a secret or a send. */
const KEPT_UNDO = new RegExp(
  String
    .raw`\b(?:every|each|always|never|all|any|repl(?:y|ies)|answers?|responses?|instructions?|rules?|behaviou?r|mode|polic(?:y|ies)|orders?|directives?|mention|tell|say|send|sent|forward|share|upload|post|link|passwords?|passphrases?|tokens?|keys?|secrets?|cards?|seeds?|credentials?|ssn|account\s+numbers?|you|your)\b|${ADDRESS.source}|:`,
  "i",
);

export function ownUseKeeps(text: string, f: Finding): boolean {
  if (f.rule_id !== "persist.later_calls" || !USE_THIS_TO_KEEP.test(f.match)) return false;
  const [, e] = span(text, f.offset, f.offset + f.match.length);
  // The match and the rest of its sentence.
  return !KEPT_UNDO.test(text.slice(f.offset, e));
}

/** The reason a finding is discounted by one of the scope kinds, or null. */
export function scopeReason(
  tool: ScopeTool,
  text: string,
  f: Finding,
  near: readonly KeyedFinding[],
  first: string,
  params: readonly string[],
): string | null {
  if (leftOut(text, f, near)) return "the secret paths are what the tool leaves out";
  if (generatedSecret(tool, text, f, first, params)) {
    return "the secret is the one the tool itself creates, kept in its own result or parameter";
  }
  if (lifecycleOnly(tool, text, f)) {
    return "another tool named only in a statement of its lifecycle";
  }
  if (inNounList(text, f)) return "the order-like word is an item of a list of nouns";
  if (ownStep(tool, text, f)) return "another tool named as what works on this tool's result";
  if (restrictionNext(text, f)) return "the next sentence only restricts the move";
  if (qualifiedRules(text, f)) return "the rules or limits removed belong to a named domain";
  if (hostToolPraised(text, f)) return "the host's own tool recommended for some inputs";
  if (ownUseKeeps(text, f)) return "this tool used for its own job of keeping the user's data";
  return null;
}
