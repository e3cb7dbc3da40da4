/**
 * Precision discounts: findings whose words look like an order but whose sentence, by its
 * structure, is not one. Each kind names the rules it may discount and a structural test of the
 * sentence (or tag content) the finding lies in; the wrapper alone (a tag, "e.g.", "do not",
 * "only when") is never enough, the content must be benign by shape:
 *
 * - `tag`: an authority tag (<IMPORTANT>, <CRITICAL>, <MANDATORY>) around plain constraints on
 *   this tool's own inputs: every clause opens with a parameter or a value word, states a
 *   constraint, addresses nobody, names no other tool, data, path or address, and no other rule
 *   fires inside the tag.
 * - `quote`: an override phrase written as a regular expression, reported as what some text asks
 *   a model to do ("messages asking the assistant to forget its instructions"), or given as an
 *   example of an attack in a tool built to detect or collect attacks.
 * - `removal`: a safeguard word and a removal word that lie in different sentences ("... filters.
 *   search_v1 will be removed"), or a generic domain object (lint rules, limits, filters) the
 *   tool treats ("rules disabled in pyproject.toml are skipped", "rules are removed from
 *   iptables").
 * - `flag`: a flag or number parameter's description saying what the tool's own result
 *   includes, about data the tool's own text already names ("Include the password in the
 *   result" on `reveal` of a vault tool).
 * - `prohibit`: a placement sentence that forbids the placement ("Don't include passwords in the
 *   `message` field", "`details` must not contain card numbers").
 * - `only_when`: "call this only when another X tool reports ..." restricts the tool's own use.
 * - `mention` (`_mention.ts`, which replaced `catalog`): attack wording named as the object of
 *   the tool's own analysis (flagged, masked, quoted or listed as an example), per sentence.
 * - `guard`: what the tool blocks, scrubs or never asks for ("... 169.254.169.254 are blocked").
 * - `own key`: an optional key parameter overriding the key the server is configured with.
 * - `confirm`: "Ask the user to confirm ... before sending ..." with no address and no "then".
 * - `scope`: other tools named only as unaffected ("does not change how other tools behave") or
 *   left out of the tool's own output ("avoids naming competitors").
 * - `split`/`apart`: the near terms lie in different sentences, the other one a plain statement.
 * - `held`: a secret the server itself holds, in a plain statement of where it is kept.
 * - precision4 (`_precision_purpose.ts`): kinds of sentence (a subject, a passive statement of
 *   the tool's own handling, the user as actor, a warning, a quoted example ...).
 */
import { declaredPost } from "./_declared_post.ts";
import { noRepeat } from "./_no_repeat.ts";
import type { KeyedFinding } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import { atPointer, holdsNoText, parameterNames } from "./_walk.ts";
import { ruleById } from "./rules.ts";
import { mentioned, mentionRule } from "./_mention.ts";
import {
  BEHAVIOUR_RULES,
  behaviourStated,
  isEnd,
  managedPrompt,
  nextStep,
  NO_TEXT_RULES,
  noTextParam,
  OWN_OBJECT_RULES,
  ownDefaultPath,
  ownObjectRemoved,
  PATH_RULES,
  pathParam,
  placeholderDestination,
  quotedExample,
  scamWarning,
  SERVER_RULES,
  serverSide,
  serverSideParam,
  SUBJECT_RULES,
  subjectNotOrder,
  tagFormWords,
  USER_ACTS_RULES,
  userActs,
  userCan,
  WARNING_RULES,
} from "./_precision_purpose.ts";
import { scopeReason } from "./_precision_scope.ts";
import { credentialIntoOwnField, sendsElsewhere } from "./_credential_own_field.ts";
import { safeguardOfOther } from "./_safeguard_of_other.ts";
import { prohibitionReason } from "./_prohibition.ts";
import { escapePattern, inputPattern } from "./_input_pattern.ts";
import { LINKED_RULES, ownValueNote, WORD_LEVEL } from "./_marked_constraint.ts";
import {
  exampleDestination,
  ownServiceCredential,
  ownServiceRule,
  paramOfField,
} from "./_own_service.ts";

interface PrecisionTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}

type Finding = KeyedFinding["finding"];

/** Sentence ends: `.`, `!`, `?` before a space or the end (not "e.g."/"i.e."), `;`, a line feed. */
function sentenceBounds(text: string, start: number, end: number): [number, number] {
  let s = start;
  while (s > 0 && !isEnd(text, s - 1)) s--;
  let e = Math.max(end, start);
  while (e < text.length && !isEnd(text, e)) e++;
  return [s, Math.min(text.length, e + 1)];
}

/** Rules that read a credential placed into a parameter as smuggling (see _credential_own_field.ts). */
const OWN_FIELD_RULES = (id: string) =>
  id.startsWith("intent.") || id.startsWith("secret.") || id === "purpose.param_smuggle" ||
  id === "exfil.data_into_param" || id === "side.secret_owner" || id === "purpose.unneeded_data";

const ownFieldMemo = new WeakMap<object, Set<string>>();

/**
 * Whether the finding lies in a description sentence that places the tool's own service's
 * credential into the field named for it, or is on such a field.
 */
function ownFieldPlacement(
  t: { name: string; description?: string; inputSchema?: unknown },
  f: Finding,
): boolean {
  const d = t.description ?? "";
  if (!d.includes("`") || !/\b(?:in|into|as|to|under)\s+`/.test(d)) return false;
  if (f.field === "/description") {
    // Every sentence the match spans: one places the credential, none sends it elsewhere.
    const [s, e] = sentenceBounds(d, f.offset, f.offset + f.match.length);
    // (The description's first sentence, the tool's declared purpose, may say where it sends.)
    const first = sentences(d)[0] ?? "";
    const spanned = sentences(d.slice(s, e)).filter((x) => x.trim() && (s > 0 || x !== first));
    return spanned.some((x) => credentialIntoOwnField(t, x.trim()).length > 0) &&
      !spanned.some(sendsElsewhere);
  }
  const m = /^\/inputSchema\/properties\/([^/]+)$/.exec(f.field);
  if (!m) return false;
  let placed = ownFieldMemo.get(t);
  if (!placed) {
    placed = new Set();
    for (const sen of sentences(d)) {
      for (const p of credentialIntoOwnField(t, sen.trim())) placed.add(p);
    }
    ownFieldMemo.set(t, placed);
  }
  return placed.has(m[1]!);
}

/** Splits a stretch into its sentences (same boundaries as `sentenceBounds`). */
function sentences(text: string): string[] {
  const out: string[] = [];
  let s = 0;
  for (let i = 0; i < text.length; i++) {
    if (isEnd(text, i)) {
      out.push(text.slice(s, i + 1));
      s = i + 1;
    }
  }
  if (s < text.length) out.push(text.slice(s));
  return out;
}

// ---- tag: an authority tag around plain constraints on the tool's own inputs -------------------

const TAG_RULES = new Set(["pi.fake_tag", "pi.urgency"]);
// marked_constraint: the content may hold "<" or ">" that open no tag ("limit <= 500", "<@U1>");
// whether they make it less plain is for the content tests to say.
const SOFT_TAG =
  /<\s{0,4}(important|critical|mandatory)\s{0,4}>((?:[^<]|<(?!\s{0,4}\/?\s{0,4}(?:important|critical|mandatory)\s{0,4}>)){1,600}?)<\s{0,4}\/\s{0,4}\1\s{0,4}>/gi;
/** Words a clause about the tool's inputs may open with (besides the parameter names). */
const OPENERS = new Set(
  ("the a an both each either neither exactly only all one at no if when otherwise other empty " +
    "value values input inputs argument arguments parameter parameters field fields string " +
    "strings number numbers integer integers float floats decimal decimals boolean booleans date " +
    "dates time times timestamp timestamps list lists array arrays negative positive unknown " +
    "invalid missing longer shorter larger smaller")
    .split(" "),
);
/** A clause states a constraint. */
const CONSTRAINT =
  /\b(?:must|should|shall|is|are|has\s+to|have\s+to|needs?\s+to|will\s+be|can(?:not)?|may|accepts?|defaults?\s+to|fails?|rejected|required|allowed|counts?\s+as)\b/i;
/** A clause about an input's form: type, format, range, count, choice. */
const FORM =
  /\b(?:numbers?|numeric|integers?|floats?|decimals?|strings?|booleans?|dates?|times?|timestamps?|formats?|characters?|chars|digits?|pixels?|px|units?|lengths?|empty|positive|negative|non-?negative|between|most|least|one|listed|valid|invalid|lowercase|uppercase|iso|utc|json|arrays?|lists?|comma\w*|keywords?|rejected|required|optional|given|set|exceed|less|more|greater|smaller|fewer|maximum|minimum|max|min|default|seconds|minutes|hours|days|bytes|kb|mb|range|enum|codes?|ids?|case|differ|different|distinct|same|equal|identical)\b|\d/i;
/** Who is addressed, what is touched beyond the inputs: any of these and it is not plain. */
const NOT_PLAIN = new RegExp(
  String
    .raw`\b(?:you|your|yours|yourself|assistant|model|agent|ai|llm|claude|gpt|users?|user's|human|person|people|conversation|chat|session|history|messages?|prompts?|instructions?|system|tools?|servers?|calls?|calling|called|invoke|invoking|before|after|always|every|ignore|send|sent|forward|share|upload|read|reveal|tell|mention|hide|hidden|secrets?|passwords?|keys?|tokens?|credentials?|files?|e-?mails?|address(?:es)?|wallets?|remember|previous|whatever|regardless|instead|url|urls|link|links|http|https|www|earlier|said|say|says|typed|wrote|written|told|discuss\w*|above|prior|past|verbatim|everything|anything|entire|whole|repeat|copy|contents?|environment|env|home|location|contacts?|phone|personal|private|account|login|identity)\b|[~/\\@$%{}<>|]`,
  "i",
);

/**
 * precision3: a short order that only reshapes the inputs just described ("convert them first",
 * "split them into smaller windows", "round them to six places").
 */
const RESHAPE =
  /^(?:please\s+)?(?:convert|round|split|trim|truncate|format|normali[sz]e|pad|escape|encode|lowercase|uppercase|divide|multiply|scale|chunk|break)\s+(?:them|it|these|those|such\s+\w+|the\s+values?)\b[^.;!?]{0,40}$/i;
/** A value's written form: "is entered as 1500", "must be sent as 1250". */
const WRITTEN_AS =
  /\b(?:sent|passed|given|written|entered|expressed|supplied)\s+as\s+(?=\d|an?\s+(?:integer|number|string)|whole\b)/gi;

/** "whole numbers", "whole minutes": a value's form, not "the whole conversation". */
const WHOLE =
  /\bwhole\s+(?=(?:numbers?|integers?|minutes?|(?:milli|micro)?seconds?|hours?|days?|weeks?|months?|years?|(?:milli|centi|kilo|micro)?(?:grams?|met(?:re|er)s?|lit(?:re|er)s?)|cents?|units?|percent|pixels?|bytes?|points?|degrees?)\b)/gi;

function plainConstraint(content: string, params: ReadonlySet<string>): boolean {
  // Back-quoted own parameters read as the bare name; any other back-quoted text is not plain.
  const bare = tagFormWords(content, params).replace(
    /`([^`]{1,60})`/g,
    (m, p: string) => params.has(p) ? p : m,
  )
    // "the call fails" is what happens to a bad input, not a call asked for.
    .replace(/\bthe\s+(?:call|request)\s+(?=fails\b|is\s+rejected\b|errors\b)/gi, "it ")
    .replace(WRITTEN_AS, "given as ").replace(WHOLE, "");
  if (bare.includes("`") || NOT_PLAIN.test(bare)) return false;
  const clauses = sentences(bare).map((c) => c.trim()).filter((c) => /\w/.test(c));
  if (clauses.length === 0 || clauses.length > 4) return false;
  let namesInput = false;
  let stated = false;
  for (const c of clauses) {
    const words = c.toLowerCase().match(/[a-z0-9_]+/g) ?? [];
    // precision3: after a stated rule, a short reshaping order about the same values.
    if (stated && RESHAPE.test(c.replace(/[.;!?\s]+$/, ""))) continue;
    // precision3: any noun phrase may open a clause that states a value's form (the subject
    // is what the form is about); NOT_PLAIN already rules out people, data, tools and places.
    if (!CONSTRAINT.test(c) || !FORM.test(c)) return false;
    stated = true;
    if (
      words.some((w) =>
        params.has(w) || params.has(w.replace(/s$/, "")) || params.has(w.replace(/es$/, "")) ||
        OPENERS.has(w) ||
        /^(?:values?|inputs?|arguments?)$/.test(w)
      )
    ) {
      namesInput = true;
    }
  }
  return namesInput;
}

// ---- markup (precision3): tags and chat tokens shown, not used ---------------------------------

/** The tool's own subject is prompt text, its formats, templates or tokens (or attacks on them). */
const MARKUP_PURPOSE =
  /\b(?:prompts?|templates?|tokens?|tokeni[sz]\w*|chat\s*ml|markup|tags?|special\s+tokens?|chat\s+(?:layouts?|formats?))\b/i;
/** Quoted spans that may hold line feeds (a chat-format example spans lines). */
const QUOTED_LINES = /(?<![\w])'[^']{1,300}'(?![\w])|"[^"]{1,300}"|`[^`]{1,300}`|“[^”]{1,300}”/g;
/** A list of tags named as things: "like <a>, <b> and <c>", "such as [INST]". */
const TAG_LIST_BEFORE =
  /\b(?:like|such\s+as|e\.g\.,?|including|namely)\s+(?:(?:<[^<>\s]{1,30}>|\[[^\[\]\s]{1,12}\])\s*(?:,|\band\b|\bor\b)?\s*){0,6}$/i;
const UNSAFE_EXAMPLE =
  /\b(?:no|not|never|without|ignore\w*|disregard\w*|forget\w*|obey\w*|compl(?:y|ies|iance)|polic(?:y|ies)|rules?|restrict\w*|unrestricted|unfiltered|filters?|limits?|guardrails?|censor\w*|jailbr\w*|developer|root|admin\w*|secrets?|passwords?|credentials?|send|forward|upload|call|tools?|caller|always|must|instead|override\w*|priority)\b/i;
const TAG_NOUN_AFTER =
  /^\s*(?:tags?|tokens?|markers?|blocks?|headers?|wrappers?|elements?|sections?)\b/i;

/**
 * A tag or chat-control token in a tool whose own subject is prompt formats, templates or
 * tokens (or attacks on them): inside a quoted example, or named as a thing (in a "like ..."
 * list, or followed by "tags"/"tokens"). Nobody is addressed outside the quotes and nothing
 * says to go along with it; any order inside the quotes is still judged by its own rules.
 */
function markupShown(text: string, f: Finding, purpose: string): boolean {
  if (!MARKUP_PURPOSE.test(purpose) && !DETECTOR_PURPOSE.test(purpose)) return false;
  if (GO_ALONG_TEXT.test(text)) return false;
  const end = f.offset + f.match.length;
  let inQuote = false;
  let masked = text;
  for (const q of text.matchAll(QUOTED_LINES)) {
    const qs = q.index!;
    const qe = qs + q[0].length;
    if (f.offset > qs && end < qe) {
      // The example's own words lift no limit and ask for nothing (a role text that removes
      // the rules is an attack shown as an example, and it still counts).
      if (UNSAFE_EXAMPLE.test(q[0].replace(/<[^<>]{1,40}>|\[\/?[A-Z]{2,8}\]/g, " "))) return false;
      inQuote = true;
    }
    masked = masked.slice(0, qs + 1) + "x".repeat(q[0].length - 2) + masked.slice(qe - 1);
  }
  if (ADDRESSED.test(masked) || CATALOG_ORDER.test(masked) || GO_ALONG.test(masked)) return false;
  if (inQuote) return true;
  const named = TAG_LIST_BEFORE.test(text.slice(Math.max(0, f.offset - 200), f.offset)) ||
    TAG_NOUN_AFTER.test(text.slice(end, end + 20));
  // Named in the running text: the tag's own line holds nothing after it but more tags or text
  // of the same sentence (no system turn follows it).
  return named && !/^\s*(?:system|assistant|user)\b/i.test(text.slice(end, end + 12));
}

// ---- quote: attack words quoted, reported or shown as an attack example ------------------------

const QUOTE_RULES = new Set(["pi.override", "pi.ignore_user"]);
const EXAMPLE_RULES = new Set([
  "purpose.unneeded_data",
  "secret.key_material",
  "pi.override",
  "intent.imperative_private",
  "intent.take_sensitive",
]);
const REGEX_SYNTAX = /\(\?[imsxu]+\)|\)[?*+]|\\[sbwdSWDB]|\.[*+]|\[\^|\(\?[:=!]|\([a-z]+\|/;
const AI = String
  .raw`(?:an?\s+|the\s+|its\s+)?(?:ai|assistant|model|llm|agent|bot|chatbot|ai\s+model|language\s+model|ai\s+assistant|models|agents|assistants|llms|ais)`;
const REPORTED = new RegExp(
  String
    .raw`(?:\b(?:that|which|who)\s+(?:tells?|asks?|instructs?|urges?|orders?|directs?|(?:tries|try)\s+to\s+(?:get|make)|attempts?\s+to\s+(?:get|make)|wants?|pressures?|coax(?:es)?|tricks?)\s+${AI}(?:\s+model)?\s+(?:to\s+)?|\b(?:asking|telling|instructing|urging|ordering|directing|pressuring|coaxing|tricking|trying\s+to\s+(?:get|make)|getting|making)\s+${AI}(?:\s+model)?\s+(?:to\s+)?|\b(?:attempts?|tries|trying|try)\s+to\s+(?:make\s+${AI}\s+)?)$`,
  "i",
);
const GO_ALONG =
  /\b(?:obey\w*|follow\w*|comply\w*|execut\w*|act\s+on|do\s+(?:what|as|that|this|it|so|the\s+same)|carry\s+out|heed\w*|go\s+along)\b/i;
/** Anywhere in the text: the reported words are to be followed after all. */
const GO_ALONG_TEXT =
  /\b(?:obey|follow|comply\s+with|execute|carry\s+out|heed|act\s+on)\s+(?:it|them|that|this|those|these|the\s+(?:text|instructions?|result|output|message|words))\b/i;
const SECOND_PERSON = /\b(?:you|your|yours|yourself)\b|\b(?:assistant|model|agent|ai)\s*[:,]/i;
const EXAMPLE_BEFORE =
  /\b(?:for\s+example|for\s+instance|e\.g\.|such\s+as|like)\s*[:,]?\s*[^.:;!?\n]{0,60}$/i;
const ATTACK_WORD =
  /\b(?:attacks?|attackers?|injections?|jailbreaks?|payloads?|malicious|adversarial|phishing|smishing|vishing|scams?|scammers?|fraud\w*|drainers?|red[- ]team|exploits?|hostile)\b/i;
/** What an attack includes or asks for, named after the attack word. */
const DESCRIBES =
  /\b(?:include|includes|including|asks?|asking|tells?|telling|demands?|demanding|requests?|requesting|urges?|urging|tries|trying|attempts?)\b|:/i;
/** Anything that would make the sentence an order or a placement. */
const ORDERISH =
  /\b(?:you|your|yours|first|before|then|put|pass|passing|insert|paste|forward|upload|call|invoke|parameter|argument|field)\b|[\x60~\/\\@]|https?:/i;
const DETECTOR_PURPOSE =
  /\b(?:detect\w*|scan\w*|classif\w*|filter\w*|flag\w*|moderat\w*|red[-_ ]?team|dataset|samples?|corpus|lint\w*|audit\w*|guard\w*|check\w*|test\w*|benchmark\w*|evaluat\w*|scor\w*|triag\w*|spam|fraud\w*|phish\w*|scam\w*|inspect\w*|analy[sz]\w*|screen\w*|firewall\w*|injection\w*|jailbreak\w*)\b/i;

function quoted(text: string, f: Finding, purpose: string): boolean {
  const start = f.offset;
  const end = f.offset + f.match.length;
  // A regular expression: the match itself, or the back-quoted span it lies in, is regex syntax.
  if (REGEX_SYNTAX.test(f.match)) return true;
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const before = text.slice(lineStart, start);
  const ticks = (before.match(/`/g) ?? []).length;
  if (ticks % 2 === 1) {
    const close = text.indexOf("`", end);
    const open = before.lastIndexOf("`") + lineStart;
    if (close >= 0 && REGEX_SYNTAX.test(text.slice(open + 1, close))) return true;
  }
  const [s, e] = sentenceBounds(text, start, end);
  const sentence = text.slice(s, e);
  // Reported: what some text asks a model to do, in the third person, in a tool that detects
  // or collects such text, with nothing telling the model to go along with it.
  return DETECTOR_PURPOSE.test(purpose) &&
    REPORTED.test(text.slice(Math.max(s, start - 90), start)) && !SECOND_PERSON.test(sentence) &&
    !GO_ALONG.test(sentence) && !GO_ALONG_TEXT.test(text);
}

/**
 * An example of an attack, in a tool built to detect or collect attacks: after the marker, a
 * noun list or the attack's own words; or a whole sentence listing what an attack asks for
 * ("Phishing signals include urgent demands for passwords ..."), which orders nothing.
 */
function attackExample(text: string, f: Finding, purpose: string): boolean {
  if (!DETECTOR_PURPOSE.test(purpose)) return false;
  const [s, e] = sentenceBounds(text, f.offset, f.offset + f.match.length);
  if (f.offset < s || f.offset + f.match.length > e) return false;
  const head = text.slice(s, f.offset);
  // The marker lies at most 60 characters before the match; the words before it name an attack.
  const mark = EXAMPLE_BEFORE.exec(head);
  if (mark !== null && ATTACK_WORD.test(head.slice(0, mark.index))) return true;
  // A sentence describing attacks: an attack word, then what it includes or asks for, and no
  // order, address, parameter or path anywhere in it.
  const sentence = text.slice(s, e);
  const m = DESCRIBES.exec(sentence);
  return m !== null && ATTACK_WORD.test(sentence.slice(0, m.index)) && !ORDERISH.test(sentence);
}

/** Rules an attack described in the third person may set off ("a tool description tells ..."). */
const REPORT_RULES = new Set([
  "pi.override",
  "pi.ignore_user",
  "intent.take_sensitive",
  "intent.imperative_private",
  "intent.named_then_placed",
  "intent.into_argument",
  "intent.private_to_argument",
  "secret.read_credential",
  "exfil.moved_out",
  // precision3: the rest of what a reported attack reads as (where it sends, what it hides).
  "exfil.sensitive_out",
  "exfil.sensitive_to_dest",
  "exfil.send_remote",
  "exfil.remote_dest",
  "conceal.tell_user",
  "conceal.covert_action",
  "intent.order_to_call",
  "purpose.unneeded_data",
]);
/** A tool about attacks also names a threat catalogue or security review in its first sentence. */
const THREAT_PURPOSE =
  /\b(?:threats?|owasp|mitre|atlas|cve|cwe|vulnerab\w*|poison\w*|review\w*|warns?\s+about)\b/i;
/**
 * A reported order named through a noun ("requests to ignore ...", "instructions to copy ...")
 * after a verb of detecting or listing in the same sentence ("It looks for ...", "warns about").
 */
const NOUN_REPORTER =
  /\b(?:requests?|instructions?|orders?|demands?|commands?|attempts?|prompts?|messages?|descriptions?)\s+(?:(?:asking|telling|that\s+(?:asks?|tells?))\s+(?:\w+\s+){0,2})?to\s+(?:(?:also\s+)?(?:\w+\s+)?or\s+to\s+)?/gi;
const LISTING_VERB =
  /\b(?:looks?\s+for|flags?|detects?|catches|warns?\s+(?:about|of|against)|covers?|includes?|lists?|spots?|recogni[sz]es|such\s+as|e\.g\.|for\s+(?:example|instance))\b/i;
/** A literal destination: a reported attack is named, not pointed at a real place. */
const LITERAL_DEST =
  /@|https?:|\b(?:[a-z0-9-]{1,63}\.)+(?:com|net|org|io|dev|app|xyz|ru|cn|co|me|site|link)\b/i;
/** Some text or party (not this tool) makes a model do something: "... tells the model to". */
const REPORTER = new RegExp(
  String
    .raw`\b(?:tells?|telling|asks?|asking|instructs?|instructing|urges?|urging|orders?|ordering|directs?|directing|tricks?|tricking|coax(?:es|ing)?|gets?|getting|makes?|making|pushes|pushing|persuades?|persuading)\s+${AI}(?:\s+model)?\s+(?:to|into)\s+`,
  "gi",
);
/** Who tells the model: untrusted text or an attacker, named just before the verb. */
const FOREIGN_TEXT =
  /\b(?:descriptions?|messages?|e-?mails?|pages?|documents?|texts?|prompts?|payloads?|comments?|attackers?|injections?|inputs?|websites?|sites?|contents?|strings?|samples?|examples?|malicious|poisoned|hostile|rogue|compromised|crafted|third-party|untrusted|adversar\w*)\b[^.;:]{0,30}$/i;
const SELF_SUBJECT = /\b(?:this\s+(?:tool|server|function|plugin)|it|we|i|our)\s+$/i;

/**
 * An attack described in the third person by a tool about attacks (its first sentence detects,
 * explains or collects them): "where a tool description tells the model to read ~/.ssh/id_rsa".
 * Not when this tool is the one telling, the model is addressed, the text says to go along, or
 * the sentence names one of this tool's own parameters.
 */
function reportedAttack(
  text: string,
  f: Finding,
  purpose: string,
  params: readonly string[],
  near: readonly KeyedFinding[],
): boolean {
  if (
    !DETECTOR_PURPOSE.test(purpose) && !ATTACK_WORD.test(purpose) && !THREAT_PURPOSE.test(purpose)
  ) return false;
  const end = f.offset + f.match.length;
  const [s, e] = sentenceBounds(text, f.offset, end);
  if (end > e) return false;
  const sentence = text.slice(s, e);
  if (SECOND_PERSON.test(sentence) || GO_ALONG.test(sentence) || GO_ALONG_TEXT.test(text)) {
    return false;
  }
  if (LITERAL_DEST.test(sentence) || SELF_ORDER.test(sentence) || CATALOG_ORDER.test(sentence)) {
    return false;
  }
  if (reportedByNoun(text, f, s, e, sentence, params, near)) return true;
  let last: RegExpExecArray | null = null;
  REPORTER.lastIndex = 0;
  const head = text.slice(s, f.offset + 1);
  for (let m = REPORTER.exec(head); m; m = REPORTER.exec(head)) last = m;
  if (!last) return false;
  const reportEnd = s + last.index + last[0].length;
  // What the reported text asks for names none of this tool's parameters.
  const asked = text.slice(reportEnd, e).toLowerCase();
  if (params.some((p) => inputPattern(`(?:^|[^\\w])${escapePattern(p)}(?:$|[^\\w])`).test(asked))) {
    return false;
  }
  const gap = CONCEAL_REPORTED.has(f.rule_id) ? 120 : 60;
  return reportEnd <= f.offset + 40 && f.offset - reportEnd <= gap &&
    !/[;:]/.test(text.slice(reportEnd, f.offset)) &&
    !SELF_SUBJECT.test(text.slice(Math.max(s, s + last.index - 30), s + last.index)) &&
    FOREIGN_TEXT.test(text.slice(Math.max(s, s + last.index - 40), s + last.index));
}

/** What a reported attack hides may sit further on in the reported clause. */
const CONCEAL_REPORTED = new Set(["conceal.tell_user", "conceal.covert_action"]);

/** The sentence position just after the last noun reporter ending at or before `at` (or -1). */
function nounReportEnd(text: string, s: number, at: number): number {
  let last = -1;
  NOUN_REPORTER.lastIndex = 0;
  const head = text.slice(s, at + 1);
  for (let m = NOUN_REPORTER.exec(head); m; m = NOUN_REPORTER.exec(head)) {
    last = s + m.index + m[0].length;
  }
  return last;
}

/**
 * precision3 `reported`: an attack named through a noun after a listing verb ("It looks for
 * requests to ignore previous instructions", "warns about instructions to copy ~/.ssh/id_rsa
 * into a parameter"); the reported clause names no own parameter and no literal destination.
 * `purpose.unneeded_data` (whose match is the whole sentence) counts as reported when every
 * data or secret finding of the sentence is.
 */
function reportedByNoun(
  text: string,
  f: Finding,
  s: number,
  e: number,
  sentence: string,
  params: readonly string[],
  near: readonly KeyedFinding[],
): boolean {
  const verb = LISTING_VERB.exec(sentence);
  if (verb === null) return false;
  const asked = sentence.slice(verb.index).toLowerCase();
  if (params.some((p) => inputPattern(`(?:^|[^\\w])${escapePattern(p)}(?:$|[^\\w])`).test(asked))) {
    return false;
  }
  const gap = CONCEAL_REPORTED.has(f.rule_id) ? 120 : 60;
  const inReport = (offset: number) => {
    const r = nounReportEnd(text, s, offset);
    return r >= 0 && r - s > verb.index && r <= offset + 40 && offset - r <= gap &&
      !/[;:]/.test(text.slice(r, Math.max(r, offset)));
  };
  if (f.rule_id !== "purpose.unneeded_data") return inReport(f.offset);
  const data = near.filter(({ finding: g }) =>
    /^(?:data|secret)\./.test(g.rule_id) && g.offset >= s && g.offset < e
  );
  return data.length > 0 && data.every(({ finding: g }) => inReport(g.offset));
}

// ---- removal: a safeguard word and a removal word that do not make a removal ----------------

const REMOVAL_RULES = new Set(["pi.safety_removed", "pi.role_switch"]);
const SAFETY_REMOVED = ruleById("pi.safety_removed").near!;
const TERM_A = "pattern" in SAFETY_REMOVED.a ? SAFETY_REMOVED.a.pattern : "";
const TERM_B = "pattern" in SAFETY_REMOVED.b ? SAFETY_REMOVED.b.pattern : "";
const ROLE_SWITCH_REMOVED =
  /^(?:restrictions|filters|limits|rules)\s+(?:are|have\s+been)\s+(?:lifted|removed|disabled|suspended)$/i;
const IDENTIFIER_SUBJECT = new RegExp(
  String
    .raw`^\s*(?:\x60?[\w.-]*(?:_|\d)[\w.-]*\x60?|the\s+\x60?[\w.-]+\x60?\s+(?:argument|parameter|option|field|flag|endpoint|tool|command|method|function)|this\s+(?:tool|endpoint|version|command|method|function|api|release))\s+(?:(?:will|is|are|has|have|was|were|gets?)\s+(?:be\s+|been\s+)?)?(?:now\s+|soon\s+|also\s+)?$`,
  "i",
);
const SET_ASIDE_NEAR =
  /\b(?:no|none|without|ignore\w*|obey|skip\w*|bypass\w*|disregard\w*|off|not|never|forget|drop\w*|suspend\w*)\b|n't/i;
const GENERIC_OBJECT = /^(?:rules|limits|limitations|filters|restrictions|warnings|policies)$/i;
const QUALIFIED =
  /\b(?:safety|security|content|moderation|your|model's|assistant's|agent's|ai's|its|guard|ethical|usage)\s+$/i;
const ATTRIBUTIVE = String
  .raw`\s+(?:via|by|in|through|with|using|for|at|on)\s+(?:[^.;:!?\n]|\.(?=\S)){1,60}?\s+(?:is|are|were|was|will\s+be|get|gets|stay|stays|remain|remains)\s+(?:skipped|respected|honou?red|listed|shown|reported|ignored|kept|excluded|left\s+alone|marked|returned|included|preserved|logged|counted|displayed|not\s+(?:checked|reported|run|applied|listed|shown))\b`;
const FROM_STORE = String
  .raw`\s+from\s+(?:the\s+)?(?:[\w-]*[._\d][\w.-]*|iptables|nftables|pf|ufw|list|table|database|db|ruleset|firewall|repository|repo|registry|project|workspace|config(?:uration)?(?:\s+file)?|file|index|group|zone)\b`;

function removalNotMade(text: string, f: Finding): boolean {
  const start = f.offset;
  const end = f.offset + f.match.length;
  if (f.rule_id === "pi.role_switch" && !ROLE_SWITCH_REMOVED.test(f.match.trim())) return false;
  const [s] = sentenceBounds(text, start, start);
  const [, e] = sentenceBounds(text, end - 1, end - 1);
  for (const sentence of sentences(text.slice(s, e))) {
    const as = [...sentence.matchAll(new RegExp(TERM_A, "gi"))];
    const bs = [...sentence.matchAll(new RegExp(TERM_B, "gi"))];
    if (as.length === 0 && bs.length === 0) continue;
    if (as.length > 0 && bs.length === 0) {
      // The safeguard word's own sentence must not set it aside by itself ("obey no guardrails").
      if (SET_ASIDE_NEAR.test(sentence)) return false;
      continue;
    }
    if (as.length === 0) {
      // A removal in its own sentence: only a tool, version, endpoint or parameter removed
      // ("search_v1 will be removed") leaves the safeguard word of the other sentence alone.
      if (bs.some((b) => !IDENTIFIER_SUBJECT.test(sentence.slice(0, b.index)))) return false;
      continue;
    }
    // Both in one sentence: only a generic object the tool treats is not a safeguard removed.
    for (const a of as) {
      if (!GENERIC_OBJECT.test(a[0]) || QUALIFIED.test(sentence.slice(0, a.index))) return false;
    }
    const treated = bs.some((b) => {
      const rest = sentence.slice(b.index! + b[0].length);
      return new RegExp("^" + ATTRIBUTIVE, "i").test(rest) ||
        (/^(?:removed|deleted|withdrawn)$/i.test(b[0].trim()) &&
          new RegExp("^" + FROM_STORE, "i").test(rest));
    });
    if (!treated) return false;
  }
  return true;
}

const TERM_A_ONE = new RegExp(TERM_A, "i");
const TERM_B_ONE = new RegExp(TERM_B, "i");

/** The safeguard and its removal in one sentence, owned or scoped away from the model. */
function otherSystemSafeguard(text: string, f: Finding): boolean {
  const a = TERM_A_ONE.exec(f.match);
  const b = TERM_B_ONE.exec(f.match);
  if (!a || !b) return false;
  const from = f.offset + Math.min(a.index, b.index);
  const to = f.offset + Math.max(a.index + a[0].length, b.index + b[0].length);
  const [s, e] = sentenceBounds(text, from, to);
  const sentence = text.slice(s, e);
  if (sentences(sentence).length !== 1) return false;
  const [, ne] = e < text.length ? sentenceBounds(text, e, e) : [e, e];
  const at = f.offset - s;
  return safeguardOfOther(
    sentence,
    text.slice(e, ne),
    at + a.index,
    at + a.index + a[0].length,
    at + b.index,
    at + b.index + b[0].length,
  );
}

// ---- flag: a flag's description says what the tool's own result includes --------------------

const FLAG_RULES = new Set([
  "intent.imperative_private",
  "intent.take_sensitive",
  "intent.into_argument",
  "intent.private_to_argument",
  "purpose.param_smuggle",
]);
const OWN_RESULT = new RegExp(
  String
    .raw`^\s*(?:(?:when|if)\s+(?:true|set|enabled),?\s+)?(?:include|return|show|reveal|output|display|print|expose)s?\s+(?<obj>[^.;:,]{1,60}?)(?:\s+(?:in|into|with|within)\s+(?:the\s+)?(?:result|results|response|output|reply|listing|returned\s+(?:object|item|entry|value)))?\s*(?:[.;,]\s*(?:otherwise|by\s+default|default)\b[^.;]{0,80})?[.]?\s*$`,
  "i",
);
const NOT_OWN_RESULT =
  /[~/\\@`]|https?:|\b(?:request|send|sent|forward\w*|upload\w*|field|argument|parameter|server|our|so|because|user's|users?|you|your|conversation|history|chat)\b/i;
const STOP = new Set(
  "the its each their this that with from full plain current value values item entry".split(" "),
);

function ownResult(tool: PrecisionTool, f: Finding, text: string, purpose: string): boolean {
  const m = /^\/inputSchema\/properties\/([^/]+)\/description$/.exec(f.field);
  if (!m || !holdsNoText(atPointer(tool, f.field.slice(0, -"/description".length)))) return false;
  if (NOT_OWN_RESULT.test(text)) return false;
  const r = OWN_RESULT.exec(text);
  if (!r) return false;
  const words = (r.groups!.obj!.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) =>
    !STOP.has(w)
  );
  const own = purpose.toLowerCase();
  return words.some((w) => own.includes(w.replace(/s$/, "")));
}

// ---- prohibit: a placement sentence that forbids the placement -------------------------------

const PROHIBIT_RULES = new Set([
  "intent.into_argument",
  "intent.private_to_argument",
  "intent.imperative_private",
  "intent.take_sensitive",
  "intent.private_in_call",
  "intent.user_data_to_argument",
  "intent.named_then_placed",
  "purpose.param_smuggle",
  "exfil.moved_out",
]);
const PROHIBITIVE = new RegExp(
  String
    .raw`^\W{0,3}(?:(?:please\s+)?(?:do\s+not|don't|don’t|dont|never|avoid|must\s+not|should\s+not|shouldn't|mustn't|refrain\s+from)\s+(?:ever\s+)?(?:put|putting|include|including|place|placing|paste|pasting|enter|entering|add|adding|send|sending|share|sharing|write|writing|store|storing|type|typing|submit|submitting|post|posting)\b|[\w\x60]{1,40}\s+(?:must|should|may|can)\s*(?:not|never|n't)\s+(?:contain|include|hold|carry)\b)`,
  "i",
);
const UNDOES =
  /\b(?:instead|rather|but|except|unless|forget|fail|skip|omit|leave|empty|plain|clear|raw|unencoded|unencrypted|encoded|encrypted|directly|as[\s-]is|verbatim|alone|only|yet|until)\b/i;
const DATA_PIECE = /^data\./;

function prohibited(text: string, f: Finding, all: readonly KeyedFinding[]): boolean {
  const dataIn = (from: number, to: number) =>
    all.some(({ finding: g }) =>
      g.tool === f.tool && g.field === f.field && DATA_PIECE.test(g.rule_id) &&
      g.offset >= from && g.offset < to
    );
  let end = f.offset + f.match.length;
  // A sentence-wide match may run past a colon into an explanation naming no data.
  const colon = f.match.lastIndexOf(":");
  if (colon > 0 && !dataIn(f.offset + colon, end)) end = f.offset + colon;
  // The clause holding the end of the match (where the data is placed).
  let cs = end - 1;
  while (cs > 0 && !isEnd(text, cs - 1) && text[cs - 1] !== ":") cs--;
  let ce = end;
  while (ce < text.length && !isEnd(text, ce) && text[ce] !== ":") ce++;
  const clause = text.slice(cs, ce);
  if (!PROHIBITIVE.test(clause) || UNDOES.test(clause)) return false;
  // The part of the match before the clause must name no data.
  return f.offset >= cs || !dataIn(f.offset, cs);
}

// ---- only_when: a restriction on when the tool itself is called ------------------------------

const ONLY_WHEN =
  /^\s*(?:(?:call|use|run|invoke|trigger)\s+(?:this(?:\s+tool)?|it)\s+only|only\s+(?:call|use|run|invoke)\s+(?:this(?:\s+tool)?|it))\s+(?:when|if|after|once)\s+([^,;:]{1,140}?)\s*[.!]?\s*$/i;
const NOT_A_CONDITION =
  /\b(?:and|then|every|each|always|any|all|before|pass|passing|send|include|forward|share|upload|our|server|conversation|history|result|results|output|data|never|instead|not|without|unaware|watching|looking|away|asleep|notice\w*|know\w*|secret\w*|quiet\w*|password\w*|keys?|tokens?|credentials?|phrase|pin)\b|n't/i;

/**
 * precision3 `helper`: "use this only to pick a `region` for the other deploy tools": a lister
 * restricts its own use to choosing an argument the sibling tools take; it asks nothing of them.
 */
const ONLY_TO_PICK =
  /^\s*(?:(?:call|use|run)\s+(?:this(?:\s+tool)?|it)\s+only|only\s+(?:call|use|run)\s+(?:this(?:\s+tool)?|it))\s+to\s+(?:pick|choose|select|find|look\s+up|get|resolve)\s+([^,;:]{1,80}?)\s+(?:for|with)\s+(?:the\s+)?other\s+(?:[\w-]+\s+){0,2}tools\s*[.!]?\s*$/i;

function onlyToPick(text: string, f: Finding): boolean {
  const [s, e] = sentenceBounds(text, f.offset, f.offset + f.match.length);
  const m = ONLY_TO_PICK.exec(text.slice(s, e));
  return m !== null && !NOT_A_CONDITION.test(m[1]!.replace(/`[^`\s]{1,40}`/g, "x"));
}

/**
 * precision3 `shareable`: "... so it can be posted publicly or passed on to partners": a modal
 * passive purpose clause says what the user MAY do with the tool's output afterwards; the tool
 * sends nothing. Not with a literal destination or a word that makes it happen anyway.
 */
const MAY_BE_MOVED =
  /\bso(?:\s+that)?\s+(?:it|they|the\s+[\w-]+|this\s+[\w-]+|these\s+[\w-]+)\s+(?:can|may|could)\s+(?:safely\s+|later\s+)?be\s+[^.;!?]{1,120}$/i;
const MADE_TO_HAPPEN =
  /\b(?:then|also|first|automatically|silently|quietly|always|every|each|all|raw|original|unredacted|unmasked|must|will)\b/i;

function mayBeShared(text: string, f: Finding): boolean {
  const end = f.offset + f.match.length;
  const [s, e] = sentenceBounds(text, f.offset, end);
  if (end > e) return false;
  const head = text.slice(s, e).replace(/[.!?;\s]+$/, "");
  const m = MAY_BE_MOVED.exec(head);
  if (m === null || s + m.index > f.offset) return false;
  const clause = m[0];
  return !LITERAL_DEST.test(clause) && !MADE_TO_HAPPEN.test(clause) &&
    !SECOND_PERSON.test(clause);
}

function onlyWhen(text: string, f: Finding): boolean {
  const [s, e] = sentenceBounds(text, f.offset, f.offset + f.match.length);
  const m = ONLY_WHEN.exec(text.slice(s, e));
  return m !== null && !NOT_A_CONDITION.test(m[1]!);
}

// ---- service: what is sent goes to the service the tool's first sentence names ---------------

const HOST = /\b(?:[a-z0-9-]{1,63}\.)+[a-z]{2,24}\b/gi;
const NOT_SERVICE_DATA = /^(?:data|secret)\./;

function ownService(
  text: string,
  f: Finding,
  purpose: string,
  all: readonly KeyedFinding[],
): boolean {
  const hosts = f.match.match(HOST) ?? [];
  if (hosts.length === 0) return false;
  const [s, e] = sentenceBounds(text, f.offset, f.offset + f.match.length);
  // Nothing private is moved in that sentence (what is sent is the tool's own input).
  if (
    all.some(({ finding: g }) =>
      g.tool === f.tool && g.field === f.field && NOT_SERVICE_DATA.test(g.rule_id) &&
      g.offset >= s && g.offset < e
    )
  ) return false;
  const named = new Set(purpose.toLowerCase().match(/[a-z0-9]+/g) ?? []);
  return hosts.every((h) => {
    const labels = h.toLowerCase().split(".");
    return labels.length >= 2 && named.has(labels[labels.length - 2]!);
  });
}

// ---- returns: a description opening "Return ..." what the tool is named for ----------------

const RETURN_RULES = new Set(["intent.imperative_private", "intent.take_sensitive"]);
const RETURN_OPENING = /^\s*(?:returns?|gives?\s+back)\s+([^.;:]{1,120})/i;
const NOT_OWN_RETURN =
  /[~/\\@\x60]|https?:|\b(?:also|then|plus|along\s+with|together\s+with|send|sent|forward|post|upload|share|copy|field|argument|parameter|next|call|you|your|private|secret|seed|master|conversation|history)\b/i;
const GENERIC_WORD = new Set(
  "get set list read write run use make new all any data info item items value values tool tools file files text the and for with from user users"
    .split(
      " ",
    ),
);

function ownReturn(
  tool: PrecisionTool,
  text: string,
  f: Finding,
  all: readonly KeyedFinding[],
): boolean {
  if (f.field !== "/description" || text.slice(0, f.offset).trim() !== "") return false;
  const [, e] = sentenceBounds(text, f.offset, f.offset);
  const sentence = text.slice(0, e);
  const m = RETURN_OPENING.exec(sentence);
  if (!m || NOT_OWN_RETURN.test(sentence) || f.offset + f.match.length > e) return false;
  const object = m[1]!.split(/\s+(?:for|from|of|in|on|so|to|with|by)\s+/i)[0]!.toLowerCase()
    .replace(/-/g, "");
  // One thing returned: "the weather and the user's passwords" is two.
  if (/\band\b|,|\bas\s+well\s+as\b/.test(object)) return false;
  if (
    all.some(({ finding: g }) =>
      g.tool === f.tool && g.field === f.field && g.rule_id.startsWith("secret.") && g.offset < e
    )
  ) return false;
  const name = tool.name.toLowerCase().split(/[^a-z0-9]+/).filter((w) =>
    w.length >= 3 && !GENERIC_WORD.has(w)
  );
  const words = object.match(/[a-z0-9]{3,}/g) ?? [];
  return words.some((w) => name.some((n) => w.startsWith(n) || n.startsWith(w)));
}

// ---- rather: the data named only in what not to do ("rather than typing a password") --------

const RATHER_RULES = new Set(["intent.imperative_private", "intent.take_sensitive"]);
const RATHER = /\b(?:rather\s+than|instead\s+of)\s+[^,.;:!?\n]{1,80}/gi;
const DATA_OR_SECRET = /^(?:data|secret)\./;

function onlyInRather(text: string, f: Finding, all: readonly KeyedFinding[]): boolean {
  const start = f.offset;
  const end = f.offset + f.match.length;
  const spans: [number, number][] = [];
  const [s, e] = sentenceBounds(text, start, end);
  for (const m of text.slice(s, e).matchAll(RATHER)) {
    spans.push([s + m.index!, s + m.index! + m[0].length]);
  }
  if (spans.length === 0) return false;
  const data = all.filter(({ finding: g }) =>
    g.tool === f.tool && g.field === f.field && DATA_OR_SECRET.test(g.rule_id) &&
    g.offset < end && g.offset + g.match.length > start
  );
  return data.length > 0 &&
    data.every(({ finding: g }) =>
      spans.some(([a, b]) => g.offset >= a && g.offset + g.match.length <= b)
    );
}

// ---- send: a sending tool's own first sentence, to a recipient given per call --------------

const SENDING_NAME =
  /(?:^|_)(?:send|sends|share|post|posts|notify|notification|webhook|email|mail|message|publish|upload|invite|forward|deliver|sms|tweet)(?:_|$)/;
const RECIPIENT_PARAM =
  /(?:^|_)(?:to|email|emails|recipient|recipients|url|uri|endpoint|webhook|channel|chat|address|phone|invitee|invitees|target|destination|cc|room|group)(?:_|$)/;
const LITERAL_PLACE = /@|https?:|\b(?:[a-z0-9-]{1,63}\.)+[a-z]{2,24}\b|\+?\d[\d\s-]{7,}/i;

function ownSending(
  tool: PrecisionTool,
  text: string,
  f: Finding,
  all: readonly KeyedFinding[],
): boolean {
  if (f.field !== "/description" || text.slice(0, f.offset).trim() !== "") return false;
  const snake = tool.name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase().replace(/-/g, "_");
  if (!SENDING_NAME.test(snake)) return false;
  const params = parameterNames(tool.inputSchema).map((p) =>
    p.text.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase()
  );
  if (!params.some((p) => RECIPIENT_PARAM.test(p))) return false;
  const [, e] = sentenceBounds(text, f.offset, f.offset);
  if (f.offset + f.match.length > e || LITERAL_PLACE.test(text.slice(0, e))) return false;
  // Any data the sentence names is the tool's own object (a word of its name or parameters).
  const own = [snake, ...params].join("_").split(/_+/).filter((w) => w.length >= 3);
  return all.every(({ finding: g }) => {
    if (g.tool !== f.tool || g.field !== f.field || !DATA_OR_SECRET.test(g.rule_id)) return true;
    if (g.offset >= e) return true;
    const words = g.match.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [];
    return words.some((w) =>
      !/^(?:the|user|users|own|their|your)$/.test(w) &&
      own.some((n) => w.startsWith(n) || n.startsWith(w.replace(/s$/, "")))
    );
  });
}

/** Findings in one string past which none of them is discounted here. */
// ---- catalog: replaced by `mention` (_mention.ts); the order checks below stay shared -------

/** Outside the quotes: someone addressed, or the sentence goes on to an order. */
const CATALOG_ORDER =
  /\b(?:you|your|yours|yourself|assistant|please|instead|then|now|afterwards|thereafter)\b|\bfrom\s+(?:now|this\s+point)\s+on\b|https?:/i;

/** The tool itself is told what it must do ("it must be called first"). */
const SELF_ORDER =
  /\b(?:it|this\s+(?:tool|server))\s+(?:must|should|shall|has\s+to|needs\s+to|is\s+to)\b/i;
/** The model addressed or made the subject (not the object of a reported attack, "telling the AI"). */
const ADDRESSED =
  /\b(?:you|your|yourself)\b|(?<!\b(?:tells?|telling|asks?|asking|instructs?|instructing|makes?|making|gets?|getting|tricks?|tricking|coax(?:es)?|coaxing|urges?|urging|for|on|against|at)\s+)\b(?:the|this)\s+(?:assistant|ai|agent|llm)\b(?!['\u2019]s)/i;
// ---- guard: what the tool blocks, rejects, scrubs or never asks for ----------------------------

const GUARD_RULES = new Set([
  "secret.cloud_metadata",
  "secret.key_material",
  "purpose.unneeded_data",
  "intent.take_sensitive",
  "secret.ask_content",
]);
/** The clause's subject (holding the data) is blocked, rejected, scrubbed ... at its end. */
const GUARD_PASSIVE =
  /\b(?:is|are|gets?|will\s+be|get)\s+(?:always\s+|automatically\s+)?(?:blocked|refused|rejected|denied|redacted|scrubbed|stripped|masked|dropped|filtered(?:\s+out)?|discarded|ignored)(?:\s+(?:with\s+an\s+error|on\s+upload|before\s+\w+ing))?\s*[.;!]?\s*$/i;
/** The tool (or its server) blocks ... the data, or never asks for it. */
const GUARD_ACTIVE =
  /^\s*(?:(?:before|when|on)\s+\w+ing(?:\s+\w+){0,2}\s*,\s*)?(?:the\s+(?:server|tool|service|collector|proxy|backend|gateway|client)|this\s+(?:server|tool|service)|it)\s+(?:(?:scrubs|redacts|masks|strips|rejects|blocks|refuses|drops|removes|filters\s+out)\b|(?:never|does\s+not|doesn't|will\s+not|won't|cannot)\s+(?:asks?\s+for|requests?|reads?|stores?|sees?|handles?|logs?|accepts?|receives?|collects?)\b)/i;
/** A warning: whoever asks for it is a fraud. */
const GUARD_WARNING =
  /^\s*(?:if\s+(?:anyone|anybody|someone|a\s+\w+)\s+asks\s+(?:you\s+)?for\b[^,;.]{1,60},\s*(?:that|it|they)\s+(?:is|are)\s+(?:an?\s+)?(?:scam|fraud|phishing|attack|scammers?)\b|(?:anyone|anybody|whoever)\s+(?:who\s+)?asks\s+(?:you\s+)?for\b[^,;.]{1,60}\b(?:is|are)\s+(?:an?\s+)?(?:scam\w*|fraud\w*|phishing|attacker|attempting\s+(?:fraud|a\s+scam|theft))\b)/i;
/** Anything that undoes the safeguard or places the data after all. */
const GUARD_UNDONE =
  /\b(?:unless|except|instead|but|however|otherwise|only\s+if|so|then|pass|put|paste|copy|include|send\s+(?:it|them)|needs?|requires?|must|should|please|read)\b|[`@]|https?:|\bin\s+(?:the\s+)?\w+\s+(?:field|parameter|argument)\b/i;

function guarded(text: string, f: Finding): boolean {
  const [s, e] = sentenceBounds(text, f.offset, f.offset + f.match.length);
  if (f.offset + f.match.length > e) return false;
  const clause = text.slice(s, e);
  const masked = clause.replace(/\bif\s+(?:anyone|anybody|someone)\s+asks\s+you\b/i, "");
  if (GUARD_UNDONE.test(masked.replace(/^\s*before\s+\w+ing\b/i, ""))) return false;
  if (/\byou\b|\byour\b/i.test(masked)) return false;
  return GUARD_PASSIVE.test(clause) || GUARD_ACTIVE.test(clause) || GUARD_WARNING.test(clause);
}

// ---- own key: an optional credential parameter standing in for the server's configured one ----

/** The parameter stands in for a credential the server already holds. */
const STANDS_IN =
  /\b(?:optional(?:ly)?|overrides?|override\s+of|replaces?|when\s+omitted|if\s+omitted|if\s+not\s+(?:given|set|provided)|defaults?\s+to|falls?\s+back)\b/i;
const SERVER_HELD =
  /\b(?:the\s+server(?:'s)?|this\s+server(?:'s)?|the\s+service's|configured|configuration|started\s+with)\b/i;
/** Whose key or where from: any of these and the parameter asks for more than an override. */
const NOT_OWN_KEY =
  /\b(?:users?|user's|you|your|yours|personal|own|prefer\w*|fill|put|paste|copy|read|here|other|another|file|files|disk|env(?:ironment)?\s+variables?)\b|[~/\\@`]|https?:/i;

function ownKey(tool: PrecisionTool, f: Finding): boolean {
  const node = atPointer(tool, f.field) as { description?: unknown } | undefined;
  const d = typeof node?.description === "string" ? node.description : "";
  if (d.length === 0 || d.length > 200 || sentences(d).length > 2) return false;
  if (!STANDS_IN.test(d) || !SERVER_HELD.test(d) || NOT_OWN_KEY.test(d)) return false;
  // The name says whose key only by the tool's own words ("geocode_key", not "openai_api_key").
  const purpose = `${tool.name} ${tool.title ?? ""} ${tool.description ?? ""}`.toLowerCase();
  const name = f.field.slice(f.field.lastIndexOf("/") + 1).toLowerCase();
  return name.split(/[^a-z0-9]+|(?<=[a-z])(?=[0-9])/).every((w) =>
    w === "" || KEY_WORD.test(w) || (w.length > 2 && purpose.includes(w))
  );
}
const KEY_WORD =
  /^(?:api|key|keys|token|tokens|secret|access|auth|bearer|client|id|app|override|custom|per|call)$/;

// ---- confirm: the user confirms the destination before anything is sent -------------------------

const CONFIRM_RULES = new Set(["exfil.moved_out", "purpose.unneeded_data", "exfil.remote_dest"]);
/** The sentence opens by asking the user to confirm, then "before <sending>". */
const CONFIRM_OPEN =
  /^\s*(?:(?:ask|have|get|let)\s+the\s+user(?:'s)?\s+(?:to\s+)?(?:explicit(?:ly)?\s+)?(?:confirm|approve|agree|okay|ok|approval|confirmation|consent|sign[- ]off)|confirm\s+(?:[\w'-]{1,20}\s+){0,4}?with\s+the\s+user|(?:get|obtain|require|request)\s+(?:the\s+user's\s+)?(?:explicit\s+)?(?:approval|confirmation|consent)(?:\s+from\s+the\s+user)?)\b[^.;!?\n]{0,100}?\bbefore\s+\w+ing\b/i;
const CONFIRM_UNDONE =
  /\b(?:then|also|as\s+well|only|don't|do\s+not|never|without|instead|unless|except|skip|silently|quietly|already)\b/i;

function confirmedFirst(text: string, f: Finding): boolean {
  const [s, e] = sentenceBounds(text, f.offset, f.offset + f.match.length);
  if (f.offset + f.match.length > e) return false;
  const sentence = text.slice(s, e);
  return CONFIRM_OPEN.test(sentence) && !CONFIRM_UNDONE.test(sentence) &&
    !LITERAL_PLACE.test(sentence);
}

// ---- scope: the tool's own scope or output policy that names other tools ------------------------

const SCOPE_RULES = new Set(["pi.steer_frame", "pi.steer_exclusive", "pi.shadow_alter"]);
const OTHER_TOOLS =
  /\b(?:other|another|any\s+other|the\s+other)\s+(?:[\w-]{1,20}\s+){0,2}?(?:tools?|servers?|extensions?|plugins?|apps?)\b/gi;
/** Before the other tools, in the same clause: no effect on them. */
const NO_EFFECT =
  /\b(?:(?:does|do|will|would)\s+not|doesn't|don't|won't|never|cannot|can't)\s+(?:change|affect|alter|modify|override|influence|touch|reconfigure|interfere\s+with)\b|\bhas\s+no\s+(?:effect|influence|impact)\s+on\b/i;
/** The tool's own output leaves the others out (third person: the tool, not an order). */
const OWN_OUTPUT =
  /\b(?:avoids|omits|excludes|leaves\s+out|never\s+(?:names|mentions|cites|quotes|lists)|(?:does\s+not|doesn't)\s+(?:name|mention|cite|quote|list))\s+(?:(?:naming|mentioning|citing|quoting|listing|comparing)\s+)?(?:\w{1,20}\s+)?$/i;
const SCOPE_UNDONE =
  /\b(?:you|your|call|use|invoke|instead|but|unless|except|however|only\s+if|unreliable|broken|fake|scam\w*|junk|stale|outdated|unsafe|dangerous|sole|approved|trust\w*|prefer\w*)\b/i;

const STEER_WORDS =
  /\b(?:default|all|every|always|first|before|whenever|any|each|must|should|replace\w*|route\w*|redirect\w*|handles?)\b/i;

function ownScope(text: string, f: Finding): boolean {
  const end = f.offset + f.match.length;
  const [s0] = sentenceBounds(text, f.offset, f.offset);
  const [, e0] = sentenceBounds(text, end - 1, end - 1);
  const span = text.slice(s0, e0);
  if (SCOPE_UNDONE.test(span)) return false;
  // Each mention of other tools (or competitors) in the match is under "no effect" or left out,
  // and the rest of the match steers nothing (no default, every, first, must ...).
  const m = f.match;
  const rest = m.replace(
    /[^.;!?\n]*\b(?:not|n't|never|no|avoids|omits|excludes)\b[^.;!?\n]*/gi,
    " ",
  );
  if (STEER_WORDS.test(rest)) return false;
  let seen = false;
  const others = [
    ...m.matchAll(OTHER_TOOLS),
    ...m.matchAll(/\b(?:competitors?|rival\s+\w+|competing\s+\w+)\b/gi),
  ];
  for (const o of others) {
    seen = true;
    const at = f.offset + o.index!;
    const [cs] = sentenceBounds(text, at, at);
    const before = text.slice(cs, at);
    if (!NO_EFFECT.test(before) && !OWN_OUTPUT.test(before)) return false;
  }
  return seen;
}

// ---- split: an order about one thing, and in a later sentence a remark naming private data ------

const SPLIT_RULES = new Set(["intent.imperative_private", "intent.take_sensitive"]);
/** The data's sentence is itself an order or a placement: then the split proves nothing. */
const SPLIT_ORDER =
  /^\s*(?:\(?\s*)?(?:send|pass|put|include|read|copy|paste|attach|add|provide|supply|give|fetch|get|forward|upload|share|post|return|reveal|show|print|list|dump|output|write|save|store|append|call|use|run|enter|type|fill|place|set|also|then|and)\b|\b(?:you|your|yours|user's|users'|goes|go|belongs?|must|should|needs?\s+to|has\s+to|accompan\w*|along)\b|`|\bin\s+(?:the\s+)?\w+\s+(?:field|parameter|argument)\b|[~@]|https?:/i;

/** The data's sentence is a statement with its own verb, not a fragment continuing the order. */
const DECLARATIVE =
  /\b(?:is|are|was|were|uses?|used|appears?|holds?|held|stays?|remains?|signed|published|posted|sent|authori[sz]ed|stored|kept|configured|set|handled|managed|comes?)\b/i;
const POINTS_AHEAD =
  /\b(?:below|following|as\s+follows|next|these|the\s+rest|everything|all\s+of\s+it)\b|:\s*$/i;

function splitSentences(text: string, f: Finding, all: readonly KeyedFinding[]): boolean {
  const start = f.offset;
  const end = f.offset + f.match.length;
  // The last sentence end inside the match (before its last word).
  let cut = -1;
  for (let i = end - 2; i > start; i--) {
    if (isEnd(text, i) && text[i] !== "\n") {
      cut = i;
      break;
    }
  }
  if (cut < 0) return false;
  const [, e] = sentenceBounds(text, end - 1, end - 1);
  const tail = text.slice(cut + 1, e);
  if (SPLIT_ORDER.test(tail) || !DECLARATIVE.test(tail)) return false;
  // The order points ahead ("everything below"): the next sentence is its object.
  if (POINTS_AHEAD.test(text.slice(start, cut))) return false;
  // No data named in the order's part of the match.
  return !all.some(({ finding: g }) =>
    g !== f && DATA_OR_SECRET.test(g.rule_id) && g.offset >= start && g.offset < cut
  );
}

// ---- server-held: a secret the server itself holds, named in a declarative sentence -------------

const HELD_RULES = new Set([
  "purpose.unneeded_data",
  "secret.key_material",
  "intent.take_sensitive",
  "secret.env_secret",
]);
const HELD_BY_SERVER =
  /\b(?:stored|kept|held|set|configured|saved|provisioned)\s+(?:in|on|by|for)\s+(?:the\s+)?(?:server(?:'s)?|service(?:'s)?|backend(?:'s)?)\b|\bthe\s+server\s+(?:was\s+started\s+with|starts\s+with|holds|keeps|stores|reads\s+from\s+its)\b|\b(?:server|service)(?:'s)?\s+(?:environment|env|config\w*|vault|keychain|secrets?\s+store)\b/i;
const HELD_UNDONE =
  /\b(?:you|your|yours|user's|users'|the\s+user|unless|except|instead|but|however|then|also|pass|put|paste|copy|include|send|return|reveal|show|print|output|share|forward|upload|read|must|should|needs?|requires?|ask\w*|returned|sent|shared|exposed|included|logged|posted|forwarded|uploaded|disclosed|shown|printed|attached|copied|echoed|responses?|reply|replies|output|results?|caller|chat|conversation)\b|[`~@]|https?:|\bin\s+(?:the\s+)?\w+\s+(?:field|parameter|argument)\b/i;

function heldByServer(text: string, f: Finding): boolean {
  const [s, e] = sentenceBounds(text, f.offset, f.offset + f.match.length);
  if (f.offset + f.match.length > e) return false;
  const sentence = text.slice(s, e);
  return HELD_BY_SERVER.test(sentence) && !HELD_UNDONE.test(sentence);
}

// ---- apart: the condition word of a mandate in another sentence than the data ------------------

const MANDATED = ruleById("intent.mandated").near!;
const MANDATE_WORD = new RegExp("pattern" in MANDATED.a ? MANDATED.a.pattern : "(?!)", "gi");
/** The condition's sentence points back at the data ("This is required", "it must ..."). */
const POINTS_BACK = /\b(?:this|it|that|these|those|them|so|such|too|also|as\s+well)\b/i;

/** A condition on the model's turns, not on the tool's setup. */
const EVERY_TURN =
  /\b(?:you|your|the\s+(?:assistant|model|agent))\b|\bbefore\s+(?:any|every|each|replying|answering|responding|calling|using|continuing)\b|\b(?:every|each|any|all)\s+(?:calls?|requests?|questions?|replies|reply|answers?|turns?|messages?|tools?|conversations?)\b/i;

function conditionApart(text: string, f: Finding, all: readonly KeyedFinding[]): boolean {
  const start = f.offset;
  const end = f.offset + f.match.length;
  const [s0] = sentenceBounds(text, start, start);
  const [, e1] = sentenceBounds(text, end - 1, end - 1);
  if (e1 - s0 <= 0) return false;
  const [, e0] = sentenceBounds(text, start, start);
  if (e0 >= end) return false; // one sentence: not apart
  const data = all.filter(({ finding: g }) =>
    (g.rule_id === "intent.take_sensitive" || DATA_OR_SECRET.test(g.rule_id)) &&
    g.offset < end && g.offset + g.match.length > start
  );
  if (data.length === 0) return false;
  // Each sentence of the match holds the data or a condition word, never both; a condition's
  // sentence does not point back at the data.
  for (let p = s0; p < end;) {
    const [ps, pe] = sentenceBounds(text, p, p);
    const sentence = text.slice(ps, pe);
    MANDATE_WORD.lastIndex = 0;
    const cond = MANDATE_WORD.test(sentence);
    const hasData = data.some(({ finding: g }) => g.offset >= ps && g.offset < pe);
    if (cond && (hasData || POINTS_BACK.test(sentence))) return false;
    if (cond && EVERY_TURN.test(sentence)) return false;
    p = pe;
  }
  return true;
}

const MAX_PER_STRING = 200;

/** A chat handle, channel or number, as exfil.to_chat_or_phone's destination. */
const CHAT_DEST =
  /\+\d[\d\s().-]{5,}\d|(?<![\w&])#[a-z][\w-]{1,}(?::[\w.-]+)?|(?<![\w.])@[a-z]\w+/gi;

/**
 * Whether the destination of a chat finding lies inside an example, and so does every other
 * handle, channel or number of its text (the rule reports one destination per text).
 */
function inExample(text: string, f: Finding): boolean {
  if (f.match.search(CHAT_DEST) < 0) return false;
  for (const m of text.matchAll(CHAT_DEST)) {
    const [s, e] = sentenceBounds(text, m.index!, m.index! + m[0].length);
    const at = m.index! - s;
    if (!exampleDestination(text.slice(s, e), at, at + m[0].length)) return false;
  }
  return true;
}

/**
 * Fills `reasons[i]` (when still null) for findings that the structures above show are not
 * orders. Decoded findings and merged-text findings are left alone.
 */
export function precisionDiscounts(
  tools: readonly PrecisionTool[],
  texts: readonly (readonly TextItem[])[],
  items: readonly KeyedFinding[],
  reasons: (string | null)[],
): void {
  const index = new Map<string, number>();
  const dup = new Set<string>();
  tools.forEach((t, i) => index.has(t.name) ? dup.add(t.name) : index.set(t.name, i));
  const tagSpans = new Map<string, [number, number, number, number][]>();
  // marked_constraint: findings the designed-for discount already settled do not veto a tag.
  const settled = new Set(items.filter((_, k) => reasons[k]));
  const purposes = new Map<number, string>();
  const purposeOf = (i: number) => {
    let p = purposes.get(i);
    if (p === undefined) {
      const t = tools[i]!;
      p = [t.name.replace(/[_-]+/g, " "), t.title ?? "", t.description ?? ""].join("\n");
      purposes.set(i, p);
    }
    return p;
  };
  const firstSentence = (i: number) => {
    const t = tools[i]!;
    const d = t.description ?? "";
    const [, e] = sentenceBounds(d, 0, 0);
    return [t.name.replace(/[_-]+/g, " "), t.title ?? "", d.slice(0, e)].join("\n");
  };
  // Findings per string: each check looks only at its own string's findings, and a string with
  // more than MAX_PER_STRING findings is not discounted (no benign text has that many), which
  // keeps the work linear in the findings.
  const byField = new Map<string, KeyedFinding[]>();
  for (const k of items) {
    const key = `${k.finding.tool}\u0000${k.finding.field}`;
    const list = byField.get(key);
    if (list) list.push(k);
    else byField.set(key, [k]);
  }
  const fieldTexts = new Map<number, Map<string, string>>();
  const paramLists = new Map<number, string[]>();
  const paramsOf = (i: number) => {
    let p = paramLists.get(i);
    if (!p) {
      p = parameterNames(tools[i]!.inputSchema).map((x) => x.text.toLowerCase());
      paramLists.set(i, p);
    }
    return p;
  };
  let siblingNames: string[] | null = null;
  const siblingsOf = () => siblingNames ??= tools.map((t) => t.name.toLowerCase());
  items.forEach(({ finding: f }, k) => {
    if (reasons[k] || f.decoded !== undefined || f.field === "" || dup.has(f.tool)) return;
    const i = index.get(f.tool);
    if (i === undefined) return;
    const param = ownServiceRule(f.rule_id) ? paramOfField(f.field) : null;
    if (param !== null && ownServiceCredential(tools[i]!, param)) {
      reasons[k] = "the key of the service the tool itself calls, sent only there";
      return;
    }
    if (OWN_FIELD_RULES(f.rule_id) && ownFieldPlacement(tools[i]!, f)) {
      reasons[k] = "the credential of the tool's own service, placed in the field named for it";
      return;
    }
    if (f.rule_id === "secret.param_off_purpose") {
      if (ownKey(tools[i]!, f) || serverSideParam(tools[i]!, f)) {
        reasons[k] = "an optional override of the credential the server is configured with";
      } else if (pathParam(tools[i]!, f)) {
        reasons[k] = "the parameter holds a path to a config (its default), not the secret";
      }
      return;
    }
    if (f.rule_id === "secret.param_conversation") {
      if (managedPrompt(tools[i]!, f)) {
        reasons[k] =
          "the system prompt of another AI the tool configures, tests or calls, not the model's own";
      }
      return;
    }
    const near = byField.get(`${f.tool}\u0000${f.field}`)!;
    if (near.length > MAX_PER_STRING) return;
    let ft = fieldTexts.get(i);
    if (!ft) {
      ft = new Map(texts[i]!.map((it) => [it.field, it.text]));
      fieldTexts.set(i, ft);
    }
    const text = ft.get(f.field);
    if (text === undefined || text.slice(f.offset, f.offset + f.match.length) !== f.match) return;
    const id = f.rule_id;
    if (mentionRule(id) && mentioned(text, f, firstSentence(i), paramsOf(i))) {
      reasons[k] = "attack wording named as the object of the tool's own analysis";
      return;
    }
    if (CONFIRM_RULES.has(id) && confirmedFirst(text, f)) {
      reasons[k] = "the user confirms the destination before anything is sent";
      return;
    }
    if (SCOPE_RULES.has(id) && ownScope(text, f)) {
      reasons[k] = "the tool's own scope: no effect on other tools, or left out of its output";
      return;
    }
    if (SPLIT_RULES.has(id) && splitSentences(text, f, near)) {
      reasons[k] = "the order and the data lie in different sentences";
      return;
    }
    if (HELD_RULES.has(id) && heldByServer(text, f)) {
      reasons[k] = "a secret the server itself holds, named in a plain statement";
      return;
    }
    if (id === "intent.mandated" && conditionApart(text, f, near)) {
      reasons[k] = "the condition word lies in another sentence than the data";
      return;
    }
    if (LINKED_RULES.has(id)) {
      // marked_constraint: the marker or mandate word lies in a plain tag, the rest after it.
      const key = `${i}\u0000${f.field}`;
      let spans = tagSpans.get(key);
      if (!spans) {
        tagSpans.set(key, spans = plainTags(tools[i]!, f.tool, f.field, text, near, settled));
      }
      const end = f.offset + f.match.length;
      if (spans.some(([o, , , ce]) => f.offset >= o && f.offset < ce && end > ce)) {
        reasons[k] = "the authority tag holds plain constraints on the tool's own values";
        return;
      }
    }
    if (TAG_RULES.has(id) && markupShown(text, f, firstSentence(i))) {
      reasons[k] = "markup shown as a quoted example or named as a thing by a tool about prompts";
      return;
    }
    if (TAG_RULES.has(id)) {
      const key = `${i}\u0000${f.field}`;
      let spans = tagSpans.get(key);
      if (!spans) {
        spans = plainTags(tools[i]!, f.tool, f.field, text, near, settled);
        tagSpans.set(key, spans);
      }
      // Only the tag markup itself (not words inside the content) is discounted.
      const inMarkup = spans.some(([o, c, cc, ce]) =>
        (f.offset >= o && f.offset < c) || (f.offset >= cc && f.offset < ce)
      );
      if (inMarkup) reasons[k] = "authority tag around plain constraints on the tool's own inputs";
      return;
    }
    if (GUARD_RULES.has(id) && guarded(text, f)) {
      reasons[k] = "the data or address is what the tool blocks, scrubs or never asks for";
      return;
    }
    if (QUOTE_RULES.has(id) && quoted(text, f, firstSentence(i))) {
      reasons[k] = "quoted, reported or written as a pattern, not an order";
      return;
    }
    if (
      REPORT_RULES.has(id) &&
      reportedAttack(text, f, firstSentence(i), paramsOf(i), near)
    ) {
      reasons[k] = "an attack described in the third person by a tool about attacks";
      return;
    }
    if (EXAMPLE_RULES.has(id) && attackExample(text, f, firstSentence(i))) {
      reasons[k] = "an example of an attack in a tool built to detect or collect attacks";
      return;
    }
    if (REMOVAL_RULES.has(id) && removalNotMade(text, f)) {
      reasons[k] = "no safeguard declared removed (other sentence or the tool's own objects)";
      return;
    }
    if (id === "pi.safety_removed" && otherSystemSafeguard(text, f)) {
      reasons[k] = "a safeguard of another system or product setting, not the model's";
      return;
    }
    if (FLAG_RULES.has(id) && ownResult(tools[i]!, f, text, purposeOf(i))) {
      reasons[k] = "a flag choosing what the tool's own result includes";
      return;
    }
    if (PROHIBIT_RULES.has(id) && prohibited(text, f, near)) {
      reasons[k] = "the placement is forbidden, not asked for";
      return;
    }
    if (id === "pi.steer_frame" && (onlyWhen(text, f) || onlyToPick(text, f))) {
      reasons[k] = "restricts when the tool itself is called";
      return;
    }
    if (id === "purpose.secondary_destination" && ownService(text, f, firstSentence(i), near)) {
      reasons[k] = "sent to the service the tool's first sentence names";
      return;
    }
    if (RETURN_RULES.has(id) && ownReturn(tools[i]!, text, f, near)) {
      reasons[k] = "the tool returns what it is named for";
      return;
    }
    if (RATHER_RULES.has(id) && onlyInRather(text, f, near)) {
      reasons[k] = "the data is named only in what not to do";
      return;
    }
    if (id === "exfil.moved_out" && mayBeShared(text, f)) {
      reasons[k] = "what the user may do with the output later; the tool sends nothing";
      return;
    }
    if (id === "exfil.moved_out" && ownSending(tools[i]!, text, f, near)) {
      reasons[k] = "the tool's own sending, to a recipient given per call";
      return;
    }
    // precision4 (_precision_purpose.ts)
    if (SUBJECT_RULES.has(id) && subjectNotOrder(text, f)) {
      reasons[k] = "the verb-like word heads the sentence's subject, which has its own predicate";
      return;
    }
    if (SERVER_RULES.has(id) && serverSide(text, f, paramsOf(i))) {
      reasons[k] = "a credential the server reads itself, kept out of the call";
      return;
    }
    if (nextStep(text, f, siblingsOf())) {
      reasons[k] = "sibling tools named as the user's next step";
      return;
    }
    if (quotedExample(text, f, firstSentence(i), near)) {
      reasons[k] = "attack wording quoted as an example by a tool about attacks";
      return;
    }
    if (BEHAVIOUR_RULES.has(id) && behaviourStated(text, f, paramsOf(i), near)) {
      reasons[k] = "the tool's own handling of data, stated in the passive";
      return;
    }
    if (USER_ACTS_RULES.has(id) && userActs(text, f)) {
      reasons[k] = "the user, not the model, does the move";
      return;
    }
    if (WARNING_RULES.has(id) && scamWarning(text, f)) {
      reasons[k] = "a warning that whoever asks for the secret is a scam";
      return;
    }
    if (NO_TEXT_RULES.has(id) && noTextParam(tools[i]!, f, text, paramsOf(i))) {
      reasons[k] = "the description of a parameter that holds no text";
      return;
    }
    if (PATH_RULES.has(id) && ownDefaultPath(text, f, paramsOf(i))) {
      reasons[k] = "a config read from the path an own parameter names by default";
      return;
    }
    if (userCan(text, f)) {
      reasons[k] = "the user is the subject of the verb";
      return;
    }
    if (OWN_OBJECT_RULES.has(id) && ownObjectRemoved(text, f, tools[i]!)) {
      reasons[k] = "the rules, filters or limits removed are objects the tool manages";
      return;
    }
    if (id === "exfil.to_chat_or_phone" && inExample(text, f)) {
      reasons[k] = "the destination is part of an example of what the user may set up";
      return;
    }
    if (placeholderDestination(text, f, near)) {
      reasons[k] = "a mention or number written as a placeholder documents a format";
      return;
    }
    if (noRepeat(text, f)) {
      reasons[k] = "a negated repetition of the tool's own items: no duplicates, nothing hidden";
      return;
    }
    if (declaredPost(f.tool, f.field, text, f, near)) {
      reasons[k] = "posting there is the tool's declared function, stated in its first sentence";
      return;
    }
    reasons[k] = scopeReason(tools[i]!, text, f, near, firstSentence(i), paramsOf(i)) ??
      prohibitionReason(text, f, near);
  });
}

/** marked_constraint: an opening soft tag never closed, its content running to the end. */
const SOFT_OPEN = /<\s{0,4}(important|critical|mandatory)\s{0,4}>/gi;
function unclosedTags(text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  for (const m of text.matchAll(SOFT_OPEN)) {
    const rest = text.slice(m.index! + m[0].length);
    if (
      rest.length > 600 || /<\s{0,4}\/?\s{0,4}(?:important|critical|mandatory)\s{0,4}>/i.test(rest)
    ) {
      continue;
    }
    // Shaped like a SOFT_TAG match whose closing tag is empty: [whole, name, content].
    const x = Object.assign([m[0] + rest, m[1]!, rest], { index: m.index!, input: text });
    out.push(x as unknown as RegExpExecArray);
  }
  return out;
}

/**
 * The plain-constraint tags of one string: [open start, open end, close start, close end] of
 * each tag pair whose content is plain and holds no other rule's finding.
 */
function plainTags(
  tool: PrecisionTool,
  name: string,
  field: string,
  text: string,
  items: readonly KeyedFinding[],
  settled: ReadonlySet<KeyedFinding>,
): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  const params = new Set(parameterNames(tool.inputSchema).map((p) => p.text.toLowerCase()));
  for (const m of [...text.matchAll(SOFT_TAG), ...unclosedTags(text)]) {
    const o = m.index!;
    const content = m[2]!;
    const cs = o + m[0].indexOf(">") + 1;
    const ce = cs + content.length;
    // precision3: a low piece (an order word near "call") does not make the content an order.
    const close = o + m[0].length;
    const inside = items.filter((k) => !settled.has(k)).filter(({ finding: g }) =>
      g.tool === name && g.field === field && !TAG_RULES.has(g.rule_id) &&
      !(g.severity === "low" && ruleById(g.rule_id).piece) && g.offset < ce &&
      g.offset + g.match.length > cs &&
      // marked_constraint: a marker's near rule reaching past the tag is judged by the content.
      !(LINKED_RULES.has(g.rule_id) && g.offset >= o && g.offset + g.match.length > close)
    );
    if (
      inside.length === 0
        ? plainConstraint(content, params) || ownValueNote(content, params, name)
        // marked_constraint: single words (data named, "silently") are judged by the content test.
        : inside.every(({ finding: g }) => WORD_LEVEL.test(g.rule_id) || g.severity === "low") &&
          ownValueNote(content, params, name)
    ) out.push([o, cs, ce, close]);
  }
  return out;
}
