/**
 * Precision discounts for PROTECTIVE PROHIBITIONS and NEGATED STATEMENTS: sentences whose
 * negation turns an act that would look like a request or a concealment into its opposite.
 * Called from `precisionDiscounts` (_precision.ts) after every other kind. The property modelled
 * is the polarity of the negated act and who it serves:
 *
 * - `withheld item`: a negated showing or telling whose object is an item of the tool's data (a
 *   noun phrase or a pronoun, not a "that/how/what" clause, not this text or step) and that is
 *   (a) a display convention with the alternative given ("do not show them to the user - refer to
 *   events by title instead", "show only the last four digits"), (b) kept from a named third
 *   party ("must not be disclosed to the subject of the report"), (c) the user's own input not
 *   echoed back, (d) who wrote something kept anonymous, or (e) the item labelled for internal
 *   use ("it is for underwriting only"). Concealment stays concealment: a
 *   "that" clause, the tool's own actions, data read or sent, an address, a cover story.
 * - `stated negation`: what the tool's objects do not do, said of them in the third person with
 *   no recipient ("silenced alerts are still recorded; they just don't notify").
 * - `own environment`: the server reads its own credential from its own environment, and the
 *   asking the rule sees skipped is a prohibition protecting the user ("do not ask the user for
 *   that token").
 * - `declared withheld`: a tool whose own sentence says the secret part is never returned
 *   ("Values are never returned"), the finding being its plain first-sentence function.
 * - `negated data`: the data lies only in a clause whose verb is negated and protective (a move,
 *   a disclosure or a fabrication: "never invent credentials", "never paste the private key").
 *   A negated removal ("never skip/omit/leave out/forget ...") pushes the act and is not
 *   discounted.
 */
import type { KeyedFinding } from "./_collector.ts";

type Finding = KeyedFinding["finding"];

/**
 * A negated removal, the double negative that orders the act ("never skip attaching", "do not
 * leave out", "don't forget to include"): the rule intent.negated_omission, and no documented
 * non-action for the designed-for discount (fit.ts).
 */
export const NEGATED_REMOVAL = String
  .raw`\b(?:do\s+not|don't|don’t|never|must\s+not|should\s+not|mustn't|shouldn't)\s+(?:ever\s+)?(?:skip|omit|leave\s+out|leave\s+off|drop|forget\s+(?:to\s+)?|fail\s+to|neglect\s+to|hesitate\s+to|refuse\s+to|hold\s+back|withhold|exclude|strip|redact|mask|censor)\b`;
const NEGATED_REMOVAL_RE = new RegExp(NEGATED_REMOVAL, "i");

/** A prohibition whose only way out is a move (rule intent.move_first; the data follows). */
export const MOVE_FIRST_ORDER = String
  .raw`\b(?:never|do\s+not|don't|don’t|must\s+not|should\s+not|cannot|can't)\s+[^.;\n]{0,60}?\b(?:until|unless|before)\s+(?:you\s+|they\s+)?(?:have\s+)?(?:first\s+)?(?:\w+\s+){0,2}?(?:pasted?|pass(?:ed)?|sen[dt]|includ(?:e|ed)|attach(?:ed)?|put|cop(?:y|ied)|upload(?:ed)?|shared?|forward(?:ed)?|post(?:ed)?|submit(?:ted)?|provided?|enter(?:ed)?|typed?)\b`;

/** A way out of the prohibition that is itself a move: "never X until you first paste Y". */
const MOVE_FIRST =
  /\b(?:until|unless|before|without)\s+(?:you\s+|they\s+|it\s+)?(?:have\s+|has\s+)?(?:first\s+)?(?:\w+\s+){0,2}?(?:past|pass|send|sent|includ|attach|read|put|cop|add|upload|shar|forward|post|submit|provid|enter|typ)\w*/i;

/**
 * The clause is an order in the form of a prohibition: a negated removal, or a prohibition
 * lifted only by a move ("never return results unless you first send ...").
 */
export function orderInNegation(clause: string): boolean {
  return NEGATED_REMOVAL_RE.test(clause) || MOVE_FIRST.test(clause);
}

/** A sentence end for this module: `.!?` before a space or the end, or a line feed (not `;`). */
function ends(text: string, i: number): boolean {
  const c = text[i];
  if (c === "\n") return true;
  if (c !== "." && c !== "!" && c !== "?") return false;
  const next = text[i + 1];
  if (next !== undefined && !/\s/.test(next)) return false;
  return !/\b(?:e\.g|i\.e|etc|vs|approx)$/i.test(text.slice(Math.max(0, i - 6), i));
}

/** The sentences (`.!?`, line feed) from the one holding `start` to the one holding `end`. */
function sentenceOf(text: string, start: number, end: number): [number, number] {
  let s = start;
  while (s > 0 && !ends(text, s - 1)) s--;
  let e = Math.max(end, start);
  while (e < text.length && !ends(text, e)) e++;
  return [s, Math.min(text.length, e + 1)];
}

/** Findings of the same string (other than concealment and the finding itself) in a stretch. */
function othersIn(
  f: Finding,
  near: readonly KeyedFinding[],
  from: number,
  to: number,
  kinds: RegExp,
): boolean {
  return near.some(({ finding: g }) =>
    g !== f && kinds.test(g.rule_id) && g.offset < to && g.offset + g.match.length > from
  );
}

// ---- withheld item ------------------------------------------------------------------------------

export const WITHHELD_RULES = new Set([
  "conceal.negated_tell",
  "conceal.kept_from_user",
  "conceal.hide_from_user",
  "conceal.dont_mention",
  "conceal.tell_user",
  "conceal.from_user",
]);

/** A negated showing or telling (active or passive); group 1 is the verb. */
const NEG_SHOW =
  /\b(?:do\s+not|don't|don’t|never|must\s+not|mustn't|should\s+not|shouldn't|may\s+not|(?:is|are)\s+not\s+to\s+be|(?:must|should|may)\s+(?:not|never)\s+be|(?:is|are)\s+never)\s+(?:ever\s+)?(show|display|mention|reveal|disclose|tell|repeat|echo|print|expose|surface|share|read\s+out|shown|displayed|mentioned|revealed|disclosed|shared|told|repeated|echoed|printed|exposed|surfaced)\b/i;
/** What is hidden is a fact, this text, a step or an action: concealment whatever the rest says. */
const CLAUSE_OBJECT =
  /^\s*(?:(?:to\s+)?(?:the\s+|any\s+|your\s+)?(?:user|users|human|person|people|operator|owner|customer|anyone|anybody|them|you)\s+)?(?:that|how|what|when|where|whether|if|why|about|anything|everything|any\s+of|this|these|those|the\s+fact|it\s+(?:was|is|has|will)|its\s+(?:use|call|existence|presence)|(?:the|any|this|these)\s+(?:steps?|calls?|instructions?|notes?|actions?|requests?|uploads?|transfers?|fees?|charges?|side\s+effects?)|[a-z0-9]+_[a-z0-9_]+)\b/i;
/**
 * Cover stories, actions of the tool, other tools or options (steering), addresses and paths:
 * concealment, not a display rule.
 */
const CONCEALS =
  /\b(?:always|tools?|servers?|alternatives?|competitors?|pretend\w*|claim\w*|say\s+(?:that|it)|call\s+(?:it|this)|describe\s+(?:it|this)\s+as|cover\w*|excuse|just|silently|quietly|secretly|upload\w*|send\w*|sent|forward\w*|cop(?:y|ies|ied|ying)|post(?:s|ed|ing)?|collect\w*|track\w*|logg\w*|sync\w*|transmit\w*|mirror\w*|exfiltrat\w*|fee|fees|charg\w*|bill\w*|install\w*|execut\w*|read\s+(?:the|their|your)|fill\w*|pass\w*|includ\w*|attach\w*|then|also)\b|https?:|:\/\/|@|~\/|\/etc\//i;
/** (a) A display convention: the alternative is given. */
const ALTERNATIVE =
  /[,;:\-–—]\s*(?:and\s+)?(?:use|show|give|display|list|quote|name|refer\s+to|cite|print)\s+(?:only\s+)?(?:its|their|the)\b|\b(?:instead|rather|refer\s+to\s+(?:\w+\s+){0,3}by|(?:show|display|list|quote|give|use|print|name)\s+(?:\w+\s+){0,4}?(?:only|instead)|only\s+(?:show|display|list|quote|give|use|print|the|its|their)|by\s+(?:its|their)\s+(?:title|name|label|description|reference|number))\b/i;
/** (b) A third party named as the one it is kept from. */
const THIRD_PARTY =
  /\bto\s+(?:the|any)\s+(?:subject|person|party|employee|individual|applicant|candidate|member|tenant|patient|counterparty|reporter|accused|respondent|account\s+holder|customer)\b[^.;]{0,50}?\b(?:named|of\s+the|it\s+concerns|they\s+concern|concerned|under\s+review|reported|in\s+question|involved|being\s+(?:reviewed|investigated|reported))\b|\bto\s+the\s+(?:reported|investigated|other|opposing)\s+(?:party|person|side)\b/i;
/** (e) The item labelled as for internal use ("it is for underwriting only", "is internal"). */
const INTERNAL_ITEM =
  /\b(?:is|are|it's|they're|stays?|remains?)\s+(?:\w+\s+)?(?:internal|confidential|(?:for|used\s+for)\s+(?:\w+\s+){1,3}only|(?:staff|internal|admin|back-office)[\s-]only|not\s+(?:for|meant\s+for)\s+(?:customers|users|the\s+user|display|end\s+users))\b/i;
/** (c) The user's own input not echoed back. */
const ECHO_BACK =
  /\b(?:repeat|echo|read)\s+(?:the\s+|it\s+|them\s+|their\s+|your\s+)?(?:\w+\s+)?back\b/i;
/** (d) Who wrote or said something, kept anonymous. */
const AUTHORSHIP =
  /^\s*(?:\w+\s+){0,2}?(?:who|which\s+(?:\w+\s+)?(?:person|employee|user|member|colleague|student|respondent|participant|reviewer|voter|customer))\s+(?:wrote|said|submitted|voted|raised|answered|rated|responded|commented|reported|complained|gave|left)\b/i;

function withheldItem(text: string, f: Finding, near: readonly KeyedFinding[]): boolean {
  const [s, e] = sentenceOf(text, f.offset, f.offset + f.match.length);
  const sentence = text.slice(s, e);
  const m = NEG_SHOW.exec(sentence);
  if (!m) return false;
  // The finding must be about this negated verb (not another concealment in the sentence).
  const at = s + m.index!;
  if (f.offset > at + m[0].length + 70 || f.offset + f.match.length < at - 70) return false;
  const after = sentence.slice(m.index! + m[0].length);
  if (CLAUSE_OBJECT.test(after) || CONCEALS.test(sentence)) return false;
  if (othersIn(f, near, s, e, /^(?:data|secret|exfil|intent|purpose|act|pi)\./)) return false;
  // A pronoun object may point back at the step before ("... passes the file as cluster_hint.
  // This is internal plumbing, so do not surface it"): that sentence must hold no order.
  if (/^\s*(?:it|them|this|that|these|those)\b/i.test(after) && s > 0) {
    const [ps] = sentenceOf(text, s - 1, s - 1);
    if (othersIn(f, near, ps, s, /^(?!data\.|conceal\.)/)) return false;
  }
  return ALTERNATIVE.test(sentence) || THIRD_PARTY.test(sentence) || ECHO_BACK.test(sentence) ||
    AUTHORSHIP.test(after) || INTERNAL_ITEM.test(sentence);
}

// ---- stated negation ----------------------------------------------------------------------------

/** "they just don't notify.": a third-person subject, a negated telling verb, nothing told. */
const STATED =
  /(?:\b(?:they|it|these|those|which)|^\s*(?:\w+\s+){0,2}?(?!(?:please|you|and|so|then|just|also)\b)[a-z]{3,20}s)\s+(?:just\s+|simply\s+|still\s+|merely\s+|only\s+)?(?:don't|don’t|do\s+not|doesn't|does\s+not|won't|will\s+not)\s+(?:notify|alert|page|ping|tell|show|report|surface|ring|buzz)(?:\s+(?:anyone|anybody))?\s*(?:[.!;,]|$|\s+(?:until|unless|anymore|any\s+more|again|while|during)\b)/i;

function statedNegation(text: string, f: Finding): boolean {
  if (f.rule_id !== "conceal.negated_tell" && f.rule_id !== "conceal.tell_user") return false;
  const [s, e] = sentenceOf(text, f.offset, f.offset);
  const sentence = text.slice(s, e);
  const m = STATED.exec(sentence);
  // The finding is the statement itself, not another order of the sentence.
  if (m === null || f.offset < s + m.index! || f.offset >= s + m.index! + m[0].length) {
    return false;
  }
  // The clause of the statement (up to `;`): it hides no action of the tool.
  const stop = sentence.indexOf(";", m.index! + m[0].length - 1);
  const clause = sentence.slice(0, stop < 0 ? sentence.length : stop + 1);
  return !CONCEALS.test(clause.replace(m[0], " "));
}

// ---- own environment ----------------------------------------------------------------------------

/** The server (or tool) reads a credential from its own environment or configuration. */
const OWN_ENV =
  /\b(?:(?:the|this)\s+(?:server|tool|service|integration|app|connector|plugin)\s+(?:reads|loads|takes|gets|picks\s+up|uses)\b[^.;]{0,80}?\b(?:from|in)\s+(?:its\s+(?:own\s+)?|the\s+server's\s+(?:own\s+)?)|(?:from|in)\s+the\s+server's\s+(?:own\s+)?)(?:environment|env|config\w*|settings|process\s+environment)\b/i;
/** The asking skipped is the protective kind: the user is not to be asked to hand it over. */
const NOT_ASKED =
  /\b(?:(?:you\s+)?(?:do\s+not|don't|don’t|never)(?:\s+need\s+to)?|(?:there\s+is\s+)?no\s+need\s+to)\s+(?:ask|prompt)\s+(?:the\s+user|users|them|anyone|the\s+person)\s+(?:for|to\s+(?:paste|type|enter|share|send|give|provide|supply))\b/i;
const TAKEN_UNDONE =
  /\b(?:you|your|user's|users'|their|then|also|just|instead|silently|quietly|secretly|pass\w*|send\w*|includ\w*|attach\w*|forward\w*|upload\w*|post\w*|put|copy|copies)\b|[`@~]|https?:/i;

function ownEnvironment(text: string, f: Finding): boolean {
  if (f.rule_id !== "exfil.secret_taken_unasked") return false;
  const [s, e] = sentenceOf(text, f.offset, f.offset + f.match.length);
  const sentence = text.slice(s, e);
  const own = OWN_ENV.exec(sentence);
  if (!own) return false;
  // The asking: in the same sentence or the next one; both must be plain.
  const [, e2] = sentenceOf(text, Math.min(text.length, e + 1), Math.min(text.length, e + 1));
  const both = text.slice(s, e2);
  if (!NOT_ASKED.test(both)) return false;
  const rest = both.replace(own[0], " ").replace(NOT_ASKED, " ");
  return !TAKEN_UNDONE.test(rest.replace(/\b(?:into|in)\s+the\s+(?:chat|conversation)\b/gi, " "));
}

// ---- declared withheld --------------------------------------------------------------------------

const DECLARED_RULES = new Set([
  "intent.imperative_private",
  "intent.take_sensitive",
  "secret.read_credential",
]);
/** A sentence by itself saying the secret part is never handed out. */
const NEVER_RETURNED =
  /(?:^|[.!?\n]\s*)(?:the\s+|their\s+|its\s+|all\s+|secret\s+|raw\s+)?(?:values?|contents?|secrets?|passwords?|tokens?|keys?)\s+(?:are|is)\s+(?:never|not)\s+(?:returned|shown|read|printed|included|exposed|output|displayed|revealed|logged)\s*(?:[.!]|$)|\b(?:it|this\s+tool|the\s+tool)\s+(?:never|does\s+not|doesn't)\s+(?:return|show|print|expose|read|output|reveal)s?\s+(?:the\s+|their\s+|any\s+)?(?:values?|contents?|secrets?)\s*(?:[.!]|$)|,\s+(?:never|not)\s+(?:the\s+|their\s+)?(?:values?|contents?|secrets?)\s*(?:[.!]|$)/i;
/** The finding's own sentence hands nothing anywhere. */
const PLACES =
  /\b(?:to|into|send\w*|pass\w*|includ\w*|attach\w*|upload\w*|post\w*|forward\w*|put|paste|cop(?:y|ies)|you|your|user's|then|also|values?|contents?)\b|[`@]|https?:/i;

function declaredWithheld(text: string, f: Finding): boolean {
  if (!DECLARED_RULES.has(f.rule_id) || !NEVER_RETURNED.test(text)) return false;
  const [s, e] = sentenceOf(text, f.offset, f.offset + f.match.length);
  // The tool's own function: the first sentence of its text, placing nothing.
  return s === 0 && !PLACES.test(text.slice(s, e).replace(/\bdefined\s+in\b/gi, " "));
}

// ---- negated data -------------------------------------------------------------------------------

const NEGATED_DATA_RULES = new Set(["intent.take_sensitive", "intent.imperative_private"]);
/** A clause opening with a negated protective verb: a move, a disclosure, a fabrication. */
const PROTECTIVE =
  /^\W{0,3}(?:(?:please\s+)?(?:do\s+not|don't|don’t|never|must\s+not|should\s+not|mustn't)\s+(?:ever\s+)?(?:invent|fabricate|make\s+up|guess|forge|fake|paste|send|share|type|enter|post|upload|store|log|write|reveal|disclose|expose|put|commit|hard-?code|embed|email|e-mail|forward|print)\b)/i;
/** The double negative that pushes the act, or a way out of the prohibition. */
const PUSHES =
  /\b(?:skip\w*|omit\w*|leav\w*\s+out|forget\w*|fail\w*|neglect\w*|refus\w*|withhold\w*|hesitat\w*|unless|except|instead|but|until|first|then|rather|without|other\s+than|just)\b/i;

function negatedData(text: string, f: Finding, near: readonly KeyedFinding[]): boolean {
  if (!NEGATED_DATA_RULES.has(f.rule_id)) return false;
  const end = f.offset + f.match.length;
  // The data pieces within the match.
  const data = near.filter(({ finding: g }) =>
    /^(?:data|secret)\./.test(g.rule_id) && g.offset >= f.offset && g.offset < end
  );
  if (data.length === 0) return false;
  return data.every(({ finding: g }) => {
    // The clause holding the data (`;`, `.`, `,` and line feeds end clauses).
    let cs = g.offset;
    while (cs > 0 && !/[;.,:\n!?]/.test(text[cs - 1]!)) cs--;
    let ce = g.offset + g.match.length;
    while (ce < text.length && !/[;.,:\n!?]/.test(text[ce]!)) ce++;
    const clause = text.slice(cs, ce);
    // The order-like word must lie outside the clause: the prohibition's own verb is no order.
    return cs > f.offset && PROTECTIVE.test(clause) && !PUSHES.test(clause);
  });
}

/**
 * The text with its protective prohibitions blanked ("Paste your public key. Never paste the
 * private key." keeps the first sentence only), for tests that ask what a text asks for.
 */
export function withoutProtective(text: string): string {
  if (!/\b(?:never|not|don't|don’t|mustn't)\b/i.test(text)) return text;
  return text.split(/(?<=[.;!?\n])/).map((c) => PROTECTIVE.test(c) && !PUSHES.test(c) ? " " : c)
    .join("");
}

/** The reason a finding is a protective prohibition or a negated statement, or null. */
export function prohibitionReason(
  text: string,
  f: Finding,
  near: readonly KeyedFinding[],
): string | null {
  if (WITHHELD_RULES.has(f.rule_id) && withheldItem(text, f, near)) {
    return "an item of the tool's data kept out of the reply by a display rule, not a hidden act";
  }
  if (statedNegation(text, f)) return "what the tool's objects do not do, stated as a fact";
  if (ownEnvironment(text, f)) {
    return "the server reads its own credential; the user is not to be asked for it";
  }
  if (declaredWithheld(text, f)) return "the tool declares the secret part is never returned";
  if (negatedData(text, f, near)) return "the data is named only in a protective prohibition";
  return null;
}
