/**
 * Precision discounts, fourth pass: KINDS of benign text whose sentence structure or declared
 * purpose shows that a finding is not an order to the model. Called from `precisionDiscounts`
 * (_precision.ts) for findings no earlier kind discounted; each test reads only the finding's
 * own sentence (or parameter description) and the tool's name and first sentence.
 *
 * - `subject`: a verb-like word heads the subject of a passive statement ("Request headers and
 *   session tokens are stripped").
 * - `managed prompt`: a `system_prompt` parameter of a tool whose first sentence writes the
 *   settings of another AI (a bot, an agent, an assistant in the user's project).
 * - `server side`: a credential the server reads itself (an environment variable name, "on the
 *   server side"), the text keeping it out of the call ("prefer X over pasting it").
 * - `next step` / `user can`: sibling tools named as what the user does next; the user as the
 *   subject of an off-purpose verb.
 * - `quoted example`: a tool about attacks quotes attack wording as an example of what it finds.
 * - `behaviour`: the tool's own handling of data in the passive (excluded, masked; included
 *   unless an own flag says otherwise).
 * - `user acts`: the user, not the model, does the move ("for the user to copy").
 * - `scam warning`: whoever asks for the secret is called a scam.
 * - `no-text parameter`: a number's or flag's description says what the tool makes.
 * - `default path`: a config read from the path an own parameter names by default.
 * - `own object`: the rules, filters or limits removed are what the tool manages.
 * - `tag form`: an authority tag's words about the tool's own values (`tagFormWords`).
 *
 * Each test has an undo list (second person, the model, an address, "but/then/also/instead",
 * another parameter): the same wrapper around an order is not discounted.
 */
import { userPromptUnderTest } from "./_own_service.ts";
import type { KeyedFinding } from "./_collector.ts";
import { atPointer, holdsNoText } from "./_walk.ts";
import { inputPattern } from "./_input_pattern.ts";

type Finding = KeyedFinding["finding"];

interface PurposeTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
}

/**
 * Sentence ends for the discounts (`_precision.ts` too): `.`, `!`, `?` before a space or the end
 * (not after "e.g", "i.e", "etc", "vs", "approx"), `;`, a line feed.
 */
export function isEnd(text: string, i: number): boolean {
  const c = text[i];
  if (c === "\n" || c === ";") return true;
  if (c !== "." && c !== "!" && c !== "?") return false;
  const next = text[i + 1];
  if (next !== undefined && !/\s/.test(next)) return false;
  return !/\b(?:e\.g|i\.e|etc|vs|approx)$/i.test(text.slice(Math.max(0, i - 6), i));
}

/** The sentences from the one holding `start` to the one holding `end`. */
export function span(text: string, start: number, end: number): [number, number] {
  let s = start;
  while (s > 0 && !isEnd(text, s - 1)) s--;
  let e = Math.max(end, start);
  while (e < text.length && !isEnd(text, e)) e++;
  return [s, Math.min(text.length, e + 1)];
}

const LITERAL_PLACE =
  /@|https?:|\bwww\.|\b[a-z0-9-]{2,63}\.(?:com|net|org|io|dev|app|xyz|site|ru|cn)\b/i;
const SECOND = /\b(?:you|your|yours|yourself|assistant|model)\b/i;

// ---- subject: a noun that is also a verb heads the sentence's subject ---------------------------

export const SUBJECT_RULES = new Set(["intent.imperative_private", "intent.take_sensitive"]);
const DETERMINER =
  /^(?:the|a|an|all|any|every|each|your|their|its|his|her|my|our|them|it|this|these|those|that|everything|anything|whatever|some|me|us|him|out|up|down|over|back|and|or|to|from|into|in|on|of)$/i;
/** The subject's own predicate: a form of "be" (or stay/remain/get) and a participle. */
const PREDICATE =
  /\b(are|is|were|was|get|gets|stay|stays|remain|remains)\s+(?:(?:not|never|always|automatically|all|both)\s+){0,2}(\w+)/gi;
const PARTICIPLE =
  /^(?:\w{2,}(?:ed|en|wn)|sent|kept|held|left|cut|set|put|lost|read|hidden|shown|done|made|not|never)$/i;
/** Verbs that never head a compound noun ("Grab cookies ..." is an order, "Request headers" a noun). */
const PURE_VERB =
  /^(?:grab|steal|obtain|retrieve|gather|collect|extract|harvest|lift|take|include|pass|give|provide|fetch|get|put|insert|inject|append|attach|add|hand|supply|deliver|send|forward|leak|smuggle|hide|embed|stuff|slip|tuck|find|locate|hunt|dig|open|load|scoop|snag|paste|submit|ask|make|have|encode|read|look|go|pick|transmit|relay|pipe|beam|sniff|scrape|clone|duplicate|tell|reveal|show|return|mention)$/i;
const RELATIVE = /\b(?:that|which|who|whom|whose|where|when|if|unless|so)\s*$/i;
const SUBJECT_UNDONE = /[:`]|\b(?:please|into|then|also|instead|before|after)\b/i;

export function subjectNotOrder(text: string, f: Finding): boolean {
  const lead = /^[^A-Za-z]*/.exec(f.match)![0].length;
  const at = f.offset + lead;
  const [s, e] = span(text, at, at);
  if (f.offset + f.match.length > e + 1) return false;
  const sentence = text.slice(s, e);
  const head = /^[\s("'\u201c*-]*([A-Za-z]+)\s+([A-Za-z]+)/.exec(sentence);
  if (!head || s + sentence.indexOf(head[1]!) !== at || DETERMINER.test(head[2]!)) return false;
  if (PURE_VERB.test(head[1]!)) return false;
  if (SECOND.test(sentence) || LITERAL_PLACE.test(sentence)) return false;
  for (const m of sentence.matchAll(PREDICATE)) {
    const before = sentence.slice(0, m.index);
    if (RELATIVE.test(before) || !PARTICIPLE.test(m[2]!)) continue;
    const words = before.match(/[A-Za-z']+/g) ?? [];
    return words.length >= 2 && words.length <= 16 && !SUBJECT_UNDONE.test(before);
  }
  return false;
}

// ---- managed prompt: the system prompt of another AI the tool configures ------------------------

/** The first sentence writes the settings of an AI that is not the model. */
const WRITES =
  /^\s*(?:updates?|sets?|edits?|creates?|configures?|publishes?|changes?|saves?|deploys?|defines?|replaces?|tunes?|builds?|registers?|adds?|modif(?:y|ies)|rewrites?)\b/i;
const OTHER_AI =
  /(?<!\b(?:this|the|your)\s{1,3})\b(?:chat)?bots?\b|(?<!\b(?:this|the|your)\s{1,3})\b(?:agents?|assistants?|personas?|characters?|npcs?|gpts)\b/i;
const MODEL_OWN =
  /\b(?:your|yours|yourself)\s+(?:own\s+|current\s+|original\s+|full\s+|hidden\s+|real\s+)*(?:system\s+)?(?:prompt|instructions?|rules|guidelines|context|configuration|setup)|\byou\s+(?:were|are|have\s+been)\s+(?:given|told|set\s+up|configured|running)|\b(?:this|the\s+current|the\s+present|our)\s+(?:conversation|chat|session|thread|dialog(?:ue)?)|\b(?:so\s+far|verbatim|word\s+for\s+word|as[- ]is|earlier\s+messages|previous\s+messages|chat\s+history|conversation\s+history|copy|paste|dump|reveal|leak)\b/i;
/** What came before the conversation or sits above the tool list: the model's own context. */
const BEFORE_CHAT =
  /\b(?:above|preceding|prior|initial|earlier|hidden|internal|developer|unchanged|got|received|first\s+message)\b|\b(?:the|this|current)\s+(?:assistant|model|ai|llm)\b/i;
/** "it does not affect this assistant": the model named only as untouched. */
const NOT_AFFECTED =
  /\b(?:does|do|will|would)\s+not\s+(?:affect|change|alter|touch|modify)\s+(?:this|the|the\s+current)\s+(?:assistant|model|ai|llm)\b|\bnot\s+(?:this|the)\s+(?:assistant|model)\b/gi;
const PROMPT_PARAM = /(?:^|_)system_prompt$/i;

export function managedPrompt(tool: PurposeTool, f: Finding): boolean {
  if (f.rule_id !== "secret.param_conversation" || !PROMPT_PARAM.test(f.match)) return false;
  const d = tool.description ?? "";
  const [, e] = span(d, 0, 0);
  const first = d.slice(0, e);
  const node = atPointer(tool, f.field) as { description?: unknown } | undefined;
  const own = typeof node?.description === "string" ? node.description : "";
  const all = `${tool.title ?? ""}\n${d}\n${own}`;
  // Or a prompt the user writes for their own application, given to a tool that tests it.
  const managed = WRITES.test(first) && OTHER_AI.test(first);
  if (!managed && !userPromptUnderTest(`${tool.name.replace(/[_-]+/g, " ")}. ${first}`, all)) {
    return false;
  }
  return !MODEL_OWN.test(all) && !BEFORE_CHAT.test(all.replace(NOT_AFFECTED, " "));
}

// ---- server side: a credential the server reads itself, kept out of the call -------------------

export const SERVER_RULES = new Set([
  "purpose.param_smuggle",
  "purpose.unneeded_data",
  "intent.imperative_private",
  "intent.take_sensitive",
  "intent.mandated",
  "intent.private_in_call",
  "secret.env_secret",
]);
/** Where the server itself reads the credential. */
const SERVER_SOURCE =
  /\b[A-Z][A-Z0-9]{1,20}_[A-Z0-9_]{2,30}\b|\bname\s+of\s+(?:an?\s+|the\s+)?(?:environment\s+|env\s+)?var(?:iable)?\b|\bserver[- ]side\b|\bon\s+the\s+server\b|\b(?:this|the)\s+server(?:'s)?\s+(?:own\s+)?(?:environment|config\w*|host|settings)\b|\bwhere\s+(?:this|the)\s+server\s+runs\b|\bconfigured\s+(?:for|on|in)\s+(?:this|the)\s+server\b/;
/** "over / instead of / rather than / avoid pasting it here": what NOT to do with it. */
const KEEP_AWAY =
  /\b(?:over|to|instead\s+of|rather\s+than|avoid|never|not|don't|do\s+not)\s+(?:passing|pasting|typing|writing|putting|entering|sharing|sending|including|hard-?coding|embedding)\b[^.;,()]*/gi;
/** The server's own reading ("the server reads X"): not an order to read. */
const SERVER_READS =
  /\b(?:the|this)\s+server\s+(?:reads|uses|takes|loads|picks\s+up|falls\s+back\s+to)\b/gi;
const MOVES =
  /\b(?:ask|tell|read|suppl\w*|provid\w*|giv\w*|hand\w*|submit\w*|values?|cop(?:y|ies|ying)|past\w*|includ\w*|send\w*|shar\w*|forward\w*|post\w*|upload\w*|put\w*|plac\w*|insert\w*|fill\w*|attach\w*|embed\w*|append\w*|add|also|then|users?|user's|their|them|history|profile|reply|replies|result|output|logs?|chat|conversation|message|notes?)\b|https?:|@/i;
/** The credential's own slot ("token", "db_password") or a slot for a variable's name ("dsn_env"). */
const CRED_SLOT =
  /(?:^|_)(?:env|var|variable|name|password|passwd|pwd|passphrase|token|secret|key|api_key|credentials?)$/i;
const SERVER_PATH = /\b(?:server[- ]side|on\s+the\s+server)\b/i;

export function serverSide(text: string, f: Finding, params: readonly string[]): boolean {
  const [s, e] = span(text, f.offset, f.offset + f.match.length);
  const sentence = text.slice(s, e);
  if (!SERVER_SOURCE.test(sentence)) return false;
  let rest = sentence.replace(KEEP_AWAY, " ").replace(SERVER_READS, " ");
  // Back-quoted own parameters are what the tool takes; anything else back-quoted is not plain.
  rest = rest.replace(
    /`([^`]{1,40})`/g,
    (m, p: string) => params.includes(p.toLowerCase()) && CRED_SLOT.test(p) ? " " : m,
  );
  if (rest.includes("`") || SECOND.test(rest) || MOVES.test(rest)) return false;
  // A home path only when the sentence says it lies on the server ("~/.pgpass on the server side").
  return !/[~\\]|\/\w/.test(rest) || SERVER_PATH.test(rest);
}

/** The parameter's own description keeps a server-held credential out of the call. */
const OPTIONAL =
  /\b(?:optional(?:ly)?|overrides?|leave\s+(?:it\s+)?(?:empty|blank|unset)|blank\s+means|empty\s+means|when\s+omitted|if\s+omitted|defaults?\s+to|falls?\s+back)\b/i;
const CRED_WORD =
  /^(?:api|key|keys|token|tokens|secret|access|auth|bearer|client|id|app|override|custom|password|passwd|pass|pwd|passphrase)$/;

export function serverSideParam(tool: PurposeTool, f: Finding): boolean {
  const node = atPointer(tool, f.field) as { description?: unknown } | undefined;
  const d = typeof node?.description === "string" ? node.description : "";
  if (d.length === 0 || d.length > 300 || !OPTIONAL.test(d) || !SERVER_SOURCE.test(d)) {
    return false;
  }
  const rest = d.replace(KEEP_AWAY, " ").replace(SERVER_READS, " ").replace(/\be\.g\.\s*/gi, " ");
  if (SECOND.test(rest) || MOVES.test(rest) || /[~\\`]|\/\w/.test(rest)) return false;
  // The slot for that very variable: its name words are key words or words of the variable
  // the description names (`db_password` for REPORT_DB_PASSWORD).
  const varWords = new Set(
    (d.match(/\b[A-Z][A-Z0-9]{1,20}_[A-Z0-9_]{2,30}\b/g) ?? []).flatMap((v) =>
      v.toLowerCase().split("_")
    ),
  );
  // camelCase names split like snake_case ones (`apiKey` is `api_key`).
  const name = f.field.slice(f.field.lastIndexOf("/") + 1).replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase();
  return name.split(/[^a-z0-9]+/).every((w) => w === "" || CRED_WORD.test(w) || varWords.has(w));
}

// ---- next step: other tools of the list named as what the user does next ----------------------

/** The subject is the user ("They can review ... with list_notes") or a purpose clause. */
const USER_NEXT =
  /^\s*(?:the\s+user|users|they|the\s+owner)\s+(?:can|may)\s+(?:also\s+)?\w+|\bso\s+(?:that\s+)?(?:you|the\s+user|they)\s+can\s+(?:pick|choose|select|pass|find|use|look\s+up|reference)\b/i;
const NEXT_UNDONE =
  /\b(?:always|every|whenever|each\s+time|instead|never|without|silently|quietly|secretly|automatically|first|before|bcc|cc|copy|copies|forward\w*|send\w*|share\w*|replace\w*|redirect\w*|override\w*|outdated|broken|deprecated|unreliable|must|should)\b|https?:|@|\+\d/i;

export function nextStep(text: string, f: Finding, siblings: readonly string[]): boolean {
  if (f.rule_id !== "pi.shadow_sibling") return false;
  const [s, e] = span(text, f.offset, f.offset);
  if (f.offset + f.match.length > e + 1) return false;
  const sentence = text.slice(s, e);
  if (!USER_NEXT.test(sentence) || NEXT_UNDONE.test(sentence)) return false;
  // Every tool it names is a sibling of the same list, used as an instrument ("with X", "for X").
  const named = sentence.match(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g) ?? [];
  return named.length > 0 &&
    named.every((n) =>
      siblings.includes(n) &&
      inputPattern(`\\b(?:with|via|using|through|for|to|in|from)\\s+(?:the\\s+)?${n}\\b`).test(
        sentence,
      )
    );
}

// ---- tag form: an authority tag's words about the tool's own values --------------------------

/** Words that keep a tag from being plain even when a parameter is named for them. */
const SENSITIVE_PART =
  /^(?:secrets?|passwords?|passwd|pass|pwd|keys?|tokens?|credentials?|login|identity|private|personal|history|conversation|chat|session|messages?|prompts?|instructions?|system|contacts?|e-?mails?|wallets?|files?|contents?|environment|env|home|users?|tools?|servers?|calls?|url|urls|links?|phone|address|notes?|memo|comments?|body|text|data|payload|extra|details|metadata|context|debug)$/;

/**
 * Rewrites an authority tag's content so that `plainConstraint` judges its form: back-quoted
 * literal values (`2x`, `3(4+1)`) read as "value", words that are parts of the tool's own
 * parameter names ("accounts" for `debit_account`) read as "value" unless they name sensitive
 * data, and "Use * for multiplication" (a symbol's role) reads as a value given for it.
 */
export function tagFormWords(content: string, params: ReadonlySet<string>): string {
  let out = content.replace(
    /`([^`\s/~@:\\]{1,20})`/g,
    (m, v: string) => params.has(v) || /[a-z]{5,}/i.test(v) ? m : "value",
  );
  const parts = new Set<string>();
  for (const p of params) {
    for (const w of p.split(/[^a-z0-9]+/)) {
      if (w.length > 2 && !SENSITIVE_PART.test(w)) parts.add(w);
    }
  }
  if (parts.size > 0) {
    // Outside back-quotes, and not a whole parameter name (those read as the bare name later).
    out = out.replace(/`[^`]*`|\b[a-z]{3,20}\b/gi, (w) => {
      const l = w.toLowerCase();
      if (w.startsWith("`") || params.has(l) || params.has(l.replace(/s$/, ""))) return w;
      return parts.has(l) || parts.has(l.replace(/s$/, "")) ? "value" : w;
    });
  }
  return out.replace(
    /(^|[.;!?]\s+|\n\s*)use\s+([^\w\s`]{1,3}|value)\s+(?=(?:for|as|to\s+(?:mark|separate|denote|join))\s)/gi,
    "$1value $2 is given ",
  ).replace(
    // "write ranges like `3-7`", "enter amounts as 1250": the written form of a value.
    /(^|[.;!?]\s+|\n\s*)(?:write|enter|give|format|express)\s+((?:[\w-]+\s+){1,3})(?:as|like|in)\s+(?=value\b|\d)/gi,
    "$1$2are given as ",
  );
}

// ---- quoted example: a security tool quotes attack wording as what it finds ----------------------

/** The tool's name and first sentence are about attacks (a scanner, an auditor, a catalogue). */
const ABOUT_ATTACKS =
  /\b(?:detect\w*|scan\w*|audit\w*|flag\w*|classif\w*|lint\w*|guard\w*|firewall|sanitiz\w*|owasp|mitre|atlas|cve|threat\w*|poison\w*|injection|jailbreak\w*|attacks?|security|malicious|phishing|red[- ]team\w*)\b/i;
/** Quoted spans ('...', "...", “...”); back-quotes are code or parameters, not examples. */
const EXAMPLE_QUOTE = /(?<![\w])'[^'\n]{3,200}'(?![\w])|"[^"\n]{3,200}"|“[^”\n]{3,200}”/g;
/** What introduces a quoted example ("phrases like", "such as", "descriptions that say"). */
const EXAMPLE_MARK =
  /(?:such\s+as|like|e\.g\.,?|for\s+example,?|for\s+instance,?|including|says?|saying|contain\w*|phrases?|directives?|instructions?|lines?|texts?|strings?|payloads?|wording|hides?)\s*$/i;
const LIST_ON = /^\s*(?:,|\bor\b|\band\b|,\s*(?:or|and)\b)\s*$/i;
/** Outside the quotes: an order, an addressee, a destination. */
const EXAMPLE_UNDONE =
  /\b(?:you|your|yours|yourself|please|then|now|afterwards|instead|also|first|must|should|shall|need\s+to|needs\s+to|have\s+to|has\s+to)\b|\b(?:the|this)\s+(?:assistant|model|ai|agent|llm)\b|\bbefore\s+\w+ing\b|https?:|@|`/i;
/** A sentence that describes: a third-person verb, a plural noun, a label, or "is/are" early on. */
const DESCRIBES =
  /^\s*(?:[A-Z][a-z]+(?<!ss)s\b|[A-Za-z-]+\s*:|(?:[\w'-]+\s+){0,5}?(?:is|are|was|were)\b)/;

export function quotedExample(
  text: string,
  f: Finding,
  firstSentence: string,
  near: readonly KeyedFinding[],
): boolean {
  if (!ABOUT_ATTACKS.test(firstSentence)) return false;
  const end = f.offset + f.match.length;
  // The qualifying quotes: introduced by an example word, or listed on after one.
  let overlaps = false;
  let masked = text;
  let lastEnd = -1;
  for (const q of text.matchAll(EXAMPLE_QUOTE)) {
    const qs = q.index!;
    const qe = qs + q[0].length;
    const before = text.slice(Math.max(0, qs - 40), qs);
    const listed = lastEnd >= 0 && LIST_ON.test(text.slice(lastEnd, qs));
    if (!EXAMPLE_MARK.test(before) && !listed) {
      lastEnd = -1;
      continue;
    }
    lastEnd = qe;
    masked = masked.slice(0, qs) + " ".repeat(qe - qs) + masked.slice(qe);
    if (qs < end && qe > f.offset) overlaps = true;
  }
  if (!overlaps) return false;
  // Secret or private data named outside the quotes is the sentence's own, not the example's.
  const own = near.some(({ finding: g }) =>
    /^(?:secret\.|data\.(?:private|sensitive))/.test(g.rule_id) && g.offset >= f.offset &&
    g.offset < end && masked[g.offset] !== " "
  );
  if (own) return false;
  // Every sentence the match touches describes (outside its quotes) and orders nothing.
  for (let p = f.offset; p < end;) {
    const [s, e] = span(masked, p, p);
    const sentence = masked.slice(s, e);
    if (!DESCRIBES.test(sentence) || EXAMPLE_UNDONE.test(sentence)) return false;
    if (PURE_VERB.test(/^\s*([A-Za-z]+)/.exec(sentence)?.[1] ?? "")) return false;
    p = Math.max(e, p + 1);
  }
  return true;
}

// ---- behaviour: the tool's own handling of data, stated in the passive ------------------------

export const BEHAVIOUR_RULES = new Set([
  "exfil.data_into_param",
  "purpose.unneeded_data",
  "purpose.param_smuggle",
  "intent.imperative_private",
  "intent.private_in_call",
  "intent.take_sensitive",
]);
/** What protects the data. */
const PROTECTS =
  /^(?:excluded|skipped|masked|redacted|stripped|removed|dropped|omitted|hashed|encrypted|replaced|filtered|blanked|scrubbed|ignored|withheld|truncated)$/i;
/** What moves it, acceptable only under a condition on an own parameter or the user's choice. */
/** "left out", "kept back", "held back": protective with a particle. */
const PROTECTS_OUT = /^(?:left|kept|held|taken|cut)\s+(?:out|back|away)\b/i;
const MOVED = /^(?:included|kept|copied|added|attached|exported|preserved|retained)$/i;
const ONLY_IF_USER =
  /\b(?:(?:are|is)\s+)?only\s+\w+\s+(?:if|when)\s+the\s+user\b[^.;]*|\b(?:unless|if|when)\s+`[\w-]+`\s+is\s+(?:set|true|false|on|off|given)\b/gi;
const MOVE_REST =
  /\b(?:written|copied|sent|added|put|placed|stored|saved|included|attached|passed|forwarded|posted|uploaded|appended|logged|shared|into|onto)\b|\bto\s+`/i;
const CONDITION = /\b(?:unless|only\s+if|only\s+when|if|when)\b([^.;]{0,80})/gi;
const BEHAVIOUR_UNDONE =
  /\b(?:but|however|anyway|still|yet|instead|also|then|must|should|shall|needs?\s+to|has\s+to|have\s+to|every|each\s+call|always|whenever|you|your|assistant|model)\b|@|https?:/i;

export function behaviourStated(
  text: string,
  f: Finding,
  params: readonly string[],
  near: readonly KeyedFinding[],
): boolean {
  const [s, e] = span(text, f.offset, f.offset + f.match.length);
  if (f.offset + f.match.length > e + 1) return false;
  const sentence = text.slice(s, e);
  if (BEHAVIOUR_UNDONE.test(sentence)) return false;
  const first = /^[\s("'*-]*([A-Za-z]+)/.exec(sentence)?.[1] ?? "";
  if (first === "" || PURE_VERB.test(first) || /^(?:copy|send|keep|use|save|store)$/i.test(first)) {
    return false;
  }
  for (const q of sentence.matchAll(/`([^`\n]{1,60})`/g)) {
    if (!params.includes(q[1]!.toLowerCase())) return false;
  }
  for (const m of sentence.matchAll(PREDICATE)) {
    const before = sentence.slice(0, m.index);
    if (RELATIVE.test(before) || !PARTICIPLE.test(m[2]!)) continue;
    if (!/[A-Za-z]{3}/.test(before)) return false;
    // After it, any further move happens only when the user asks for it ("are only copied if
    // the user lists them").
    const rest = sentence.slice(m.index! + m[0].length).replace(ONLY_IF_USER, " ");
    if (MOVE_REST.test(rest)) return false;
    if (
      PROTECTS.test(m[2]!) ||
      PROTECTS_OUT.test(sentence.slice(m.index! + m[0].length - m[2]!.length))
    ) {
      return true;
    }
    if (!MOVED.test(m[2]!)) return false;
    // Moved only under a condition on the tool's own parameter or the user's explicit choice,
    // and no sensitive data named in the sentence.
    const data = near.some(({ finding: g }) =>
      /^(?:data|secret)\./.test(g.rule_id) && g.offset >= s && g.offset < e
    );
    if (data) return false;
    for (const c of sentence.slice(m.index! + m[0].length).matchAll(CONDITION)) {
      const cond = c[1]!.toLowerCase();
      if (/\bthe\s+user\b/.test(cond) || params.some((p) => cond.includes(p))) return true;
    }
    return false;
  }
  return false;
}

// ---- user acts: the user, not the model, does the move -----------------------------------------

export const USER_ACTS_RULES = new Set([
  "intent.into_argument",
  "intent.take_sensitive",
  "intent.imperative_private",
  "exfil.moved_out",
]);
const ACTOR =
  /\b(?:for\s+(?:the\s+user|users|them)\s+to|so\s+(?:that\s+)?(?:the\s+user|users|they)\s+(?:can|could|may)|(?:lets?|letting|allows?|allowing)\s+(?:the\s+user|users|them)\s+(?:to\s+)?)\s+(?:(?:later|then|easily)\s+)?([a-z]+)(?:\s+(?:or|and)\s+([a-z]+))?/gid;
const USER_UNDONE = /\b(?:also|then|must|should|you|your|assistant|model)\b|@|https?:|`/i;

export function userActs(text: string, f: Finding): boolean {
  const [s, e] = span(text, f.offset, f.offset + f.match.length);
  if (f.offset + f.match.length > e + 1) return false;
  const sentence = text.slice(s, e);
  const lead = /^[^A-Za-z]*/.exec(f.match)![0].length;
  // The verb of the move the finding reads: the first word of the match, or one inside it.
  for (const m of sentence.matchAll(ACTOR)) {
    const vs = s + m.indices![1]![0];
    const ve = s + m.index! + m[0].length;
    if (f.offset + lead > ve || f.offset + f.match.length <= vs) continue;
    // Nothing else in the sentence outside the user's clause orders or addresses.
    const other = sentence.slice(0, m.index!) + " " + sentence.slice(m.index! + m[0].length);
    return !USER_UNDONE.test(other) && !/\b(?:also|then|must|you|your)\b/i.test(m[0]);
  }
  return false;
}

// ---- scam warning: whoever asks for the secret is named a scam --------------------------------

export const WARNING_RULES = new Set([
  "purpose.unneeded_data",
  "secret.ask_content",
  "intent.take_sensitive",
  "secret.key_material",
]);
/** "If anyone ... asks (you) for X, it is a scam"; "Anyone who asks for X ... is a scammer". */
const SCAM_WARNING = new RegExp(
  String
    .raw`^\s*(?:if|should|when(?:ever)?)\s+(?:anyone|anybody|someone|somebody|a\s+[\w-]+|an\s+[\w-]+|any\s+[\w-]+|another\s+[\w-]+)\b[^.;]{0,100}?\b(?:asks?|requests?|wants?|demands?)\b[^.;]{0,120}?,\s*(?:it|that|this|they)\s+(?:is|are|'s|must\s+be)\s+(?:a\s+|an\s+)?(?:scam\w*|fraud\w*|phishing|fake|not\s+(?:us|from\s+us|legitimate|genuine))` +
    String
      .raw`|^\s*(?:anyone|anybody|someone|whoever)\s+(?:who\s+|that\s+)?(?:asks?|requests?|wants?|demands?)\b[^.;]{0,140}?\b(?:is|are)\s+(?:a\s+|an\s+)?(?:scam\w*|fraud\w*|phish\w*|fake|not\s+(?:us|from\s+us|legitimate|genuine))`,
  "i",
);
const WARNING_UNDONE =
  /\b(?:unless|except|but|instead|then|so|pass|put|include|copy|paste|send|give\s+it|hand\s+it)\b|`|@|https?:/i;

export function scamWarning(text: string, f: Finding): boolean {
  const [s, e] = span(text, f.offset, f.offset + f.match.length);
  if (f.offset + f.match.length > e + 1) return false;
  const sentence = text.slice(s, e);
  return SCAM_WARNING.test(sentence) && !WARNING_UNDONE.test(sentence);
}

// ---- no-text parameter: a number's or a flag's description says what the tool makes ---------

export const NO_TEXT_RULES = new Set([
  "purpose.param_smuggle",
  "purpose.unneeded_data",
  "intent.take_sensitive",
  "intent.imperative_private",
]);
const NO_TEXT_UNDONE =
  /\b(?:you|your|yours|assistant|model|user's|their|ask|tell|read|cop(?:y|ies)|paste|put|insert|fill|attach|include|send|share|forward|upload|post|grab|fetch|obtain|collect|gather|extract|retrieve|steal|harvest|look\s+up|find|get|from\s+the|before\s+calling|instead)\b|@|https?:|[~\\]/i;

/**
 * A finding in the description of a parameter that holds no text (a number, a flag): the value
 * cannot carry data, and the description names no other parameter, no person and no move.
 */
export function noTextParam(
  tool: PurposeTool,
  f: Finding,
  text: string,
  params: readonly string[],
): boolean {
  const m = /^(\/inputSchema(?:\/properties\/[^/]+)+)\/description$/.exec(f.field);
  if (!m || !holdsNoText(atPointer(tool, m[1]!))) return false;
  const own = m[1]!.slice(m[1]!.lastIndexOf("/") + 1).toLowerCase();
  if (text.length > 300 || NO_TEXT_UNDONE.test(text) || text.includes("`")) return false;
  const words = new Set(text.toLowerCase().match(/[a-z0-9_]+/g) ?? []);
  return !params.some((p) => p !== own && p.length > 2 && words.has(p));
}

// ---- default path: a config read from the path an own parameter names by default -------------

export const PATH_RULES = new Set([
  "purpose.param_smuggle",
  "intent.take_sensitive",
  "intent.imperative_private",
  "purpose.unneeded_data",
]);
const PATH_LIKE = /(?:~|\.{1,2})?\/[\w.@-]+(?:\/[\w.@*-]+)*/g;
const OWN_DEFAULT = /`([\w-]{1,40})`\s*\(\s*default(?:s\s+to)?:?\s+((?:~|\.{1,2})?\/[^\s)]+)\s*\)/g;
const THIRD_PERSON_OPEN = /^\s*(?:[A-Z][a-z]+(?<!ss)s|It\s+[a-z]+(?<!ss)s)\b/;
const PATH_UNDONE =
  /\b(?:you|your|assistant|model|also|then|instead|must|should|sends?|pastes?|copies|puts?|includes?|attach\w*|uploads?|forwards?|posts?|shares?|into|contents?|values?|keys?|secrets?|returns?|repl(?:y|ies)|output|result|prints?|shows?|logs?)\b|@|https?:/i;

export function ownDefaultPath(text: string, f: Finding, params: readonly string[]): boolean {
  const [s, e] = span(text, f.offset, f.offset + f.match.length);
  if (f.offset + f.match.length > e + 1) return false;
  const sentence = text.slice(s, e);
  if (!THIRD_PERSON_OPEN.test(sentence)) return false;
  // Every path in the sentence is the stated default of an own back-quoted parameter.
  let rest = sentence;
  let found = false;
  for (const m of sentence.matchAll(OWN_DEFAULT)) {
    if (!params.includes(m[1]!.toLowerCase())) return false;
    rest = rest.replace(m[0], " ");
    found = true;
  }
  if (!found || PATH_LIKE.test(rest.replace(/\b[\w-]+\/[\w-]+\b/g, " "))) {
    PATH_LIKE.lastIndex = 0;
    return false;
  }
  PATH_LIKE.lastIndex = 0;
  // Other back-quoted parameters only as a condition ("unless `context` is given") or a name.
  rest = rest.replace(/\bunless\s+`[\w-]+`\s+is\s+(?:given|set)\b/gi, " ")
    .replace(/`([\w-]{1,40})`/g, (q, p: string) => params.includes(p.toLowerCase()) ? " " : q);
  return !rest.includes("`") && !PATH_UNDONE.test(rest);
}

/** A parameter whose default is a path holds a path (to a config), not the secret itself. */
export function pathParam(tool: PurposeTool, f: Finding): boolean {
  const node = atPointer(tool, f.field) as { default?: unknown; type?: unknown } | undefined;
  const d = node?.default;
  const name = f.field.slice(f.field.lastIndexOf("/") + 1).toLowerCase();
  if (
    typeof d !== "string" || !/^(?:~|\.{1,2})?\/[\w.@/-]{2,120}$/.test(d) ||
    !/(?:^|_)(?:file|path|config|dir|directory|location|socket|conf)$/.test(name)
  ) return false;
  // The path belongs to what the tool works on (~/.aws for an AWS lister, ~/.kube for kubectl).
  const d0 = tool.description ?? "";
  const [, e] = span(d0, 0, 0);
  const own = `${tool.name} ${d0.slice(0, e)}`.toLowerCase().match(/[a-z0-9]{2,}/g) ?? [];
  const pathWords = d.toLowerCase().match(/[a-z0-9]{2,}/g) ?? [];
  return pathWords.some((w) =>
    !/^(?:config|home|etc|var|run|local|share|usr|default|json|yml|yaml|toml|ini)$/.test(w) &&
    own.some((o) => o.startsWith(w) || w.startsWith(o) && o.length > 2)
  );
}

// ---- user can: the user is the subject of a destructive or off-purpose verb --------------------

const USER_CAN =
  /^\s*(?:the\s+user|users|they|the\s+owner)\s+(?:can|may)\s+(?:also\s+|always\s+)?/i;

export function userCan(text: string, f: Finding): boolean {
  if (f.rule_id !== "act.off_purpose_order") return false;
  const [s, e] = span(text, f.offset, f.offset);
  if (f.offset + f.match.length > e + 1) return false;
  const sentence = text.slice(s, e);
  const m = USER_CAN.exec(sentence);
  return m !== null && s + m[0].length <= f.offset &&
    !/\b(?:you|your|assistant|model|must|should|instead|without|silently|quietly|secretly|automatically|whenever|every|all|so|now|then|also)\b|@|https?:/i
      .test(sentence);
}

// ---- own object: the rules, filters or limits removed are what the tool manages ----------------

export const OWN_OBJECT_RULES = new Set(["pi.safety_removed", "pi.role_switch"]);
const SAFEGUARD_NOUN =
  /\b(rules?|limits?|limitations?|filters?|restrictions?|warnings?|polic(?:y|ies)|approvals?|requirements?|checks?|protections?|blocks?|guards?)\b/gi;
/** The model's own safeguards, or an override riding on the removal. */
const MODEL_SAFEGUARD =
  /\b(?:safety|security|content|moderation|guardrails?|safeguards?|alignment|ethic\w*|guidelines|principles|values|your|yours|you|model|model's|assistant|assistant's|agent|agent's|ai|llm|system\s+prompt|instructions?|anything|whatever|unrestricted|uncensored|jailbr\w*|no\s+longer|from\s+now\s+on|for\s+the\s+rest|obey|comply|follow|refus\w*|prompts?|supersed\w*|overrid\w*|precedence|stale|void|guidance|earlier|previous|prior|takes?\s+over|host)\b|\bthis\s+(?:chat|conversation|session|deployment)\b/i;
/** In the removal's own sentence: the user's oversight set aside with it. */
const OVERSIGHT_GONE =
  /\b(?:without|users?|user's|every|always|directly|automatically|silently|checking|asking|confirm\w*)\b/i;
/** Name words that say what the tool does, not what it works on. */
const VERB_WORD =
  /^(?:get|set|list|create|update|edit|delete|remove|reset|toggle|add|change|run|make|new|tool|mcp|server|manage|config|enable|disable|show|view|apply|clear)$/;
const stemOf = (w: string) => w.toLowerCase().replace(/ies$/, "y").replace(/s$/, "");

export function ownObjectRemoved(text: string, f: Finding, tool: PurposeTool): boolean {
  const [s, e] = span(text, f.offset, f.offset + f.match.length);
  const sentence = text.slice(s, e);
  if (MODEL_SAFEGUARD.test(text) || OVERSIGHT_GONE.test(sentence)) return false;
  const nouns = [...f.match.matchAll(SAFEGUARD_NOUN)].map((m) => stemOf(m[1]!));
  if (nouns.length === 0) return false;
  // What the tool works on: its name words, and its first sentence when that is another one.
  const nameWords = tool.name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2);
  const own = new Set(nameWords.map(stemOf));
  if (f.field === "/description") {
    const d = tool.description ?? "";
    const [, fe] = span(d, 0, 0);
    if (fe <= s) {
      for (const w of d.slice(0, fe).match(/[A-Za-z]{3,}/g) ?? []) own.add(stemOf(w));
    }
  }
  // A removed noun the tool manages, or its domain object named in the removal's sentence
  // ("the logger: filters are disabled").
  const words = new Set((sentence.match(/[A-Za-z]{4,}/g) ?? []).map(stemOf));
  return nouns.some((n) => own.has(n)) ||
    nameWords.some((w) => w.length > 3 && !VERB_WORD.test(w) && words.has(stemOf(w)));
}

// ---- placeholder: a handle, channel or number written as a placeholder documents a format ------

const DEST_TOKEN = /\+\d[\d\s().-]{5,}\d|(?<![\w])#[\w-]{2,}|(?<![\w.])@[\w]{2,}/g;
const MENTION_FORMAT =
  /\b(?:mention\w*|ping\w*|tag\w*|syntax|format\w*|notation|form|placeholder|written\s+as|sent\s+as|as\s+[#@<])/i;
/** A placeholder: capitals (MEMBER_ID, CHANNEL-NAME) or a <...> variable. */
const PLACEHOLDER = /^[#@]?(?=[A-Z0-9_-]*[A-Z]{2})[A-Z0-9_-]{3,40}$/;

export function placeholderDestination(
  text: string,
  f: Finding,
  near: readonly KeyedFinding[],
): boolean {
  if (f.rule_id !== "exfil.to_chat_or_phone") return false;
  const [s, e] = span(text, f.offset, f.offset + f.match.length);
  const sentence = text.slice(s, e);
  const tokens = [...sentence.matchAll(DEST_TOKEN)];
  if (tokens.length === 0 || !tokens.every((t) => PLACEHOLDER.test(t[0]))) return false;
  // A format is documented ("use the <@USERID> syntax", "mentions are sent as #NAME"); a
  // placeholder after "to" is still where something goes.
  if (!MENTION_FORMAT.test(sentence)) return false;
  if (
    tokens.some((t) => /\b(?:to|into|towards?)\s+(?:the\s+)?<?$/i.test(sentence.slice(0, t.index)))
  ) {
    return false;
  }
  if (LITERAL_PLACE.test(sentence.replace(/(?<![\w.])@[\w]{2,}/g, " "))) return false;
  // Nothing sensitive is named in the sentence: only the format of a mention is documented.
  return !near.some(({ finding: g }) =>
    /^(?:data|secret)\./.test(g.rule_id) && g.offset >= s && g.offset < e
  ) &&
    !/\b(?:also|every|all|copy|copies|forward\w*|cc|bcc|secretly|silently|without)\b/i.test(
      sentence,
    );
}
