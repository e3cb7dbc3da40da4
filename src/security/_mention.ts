/**
 * Mention, not use: attack wording that a security, linting, redaction, moderation or teaching
 * tool names as the OBJECT of its own analysis ("flags lines telling the model to ignore earlier
 * rules", "masks tokens, passwords and private keys", "phrases like 'ignore previous
 * instructions'"), or that is quoted or listed as an example of what it finds.
 *
 * The structural test is per sentence, never per tool. A finding is mentioned when all hold:
 * - the tool analyses text: its name or first sentence names an act of analysis (detect, scan,
 *   lint, check, classify, redact, mask, explain, teach ...);
 * - the finding sits in a slot the sentence's analysis act governs: after an example marker
 *   ("like", "such as", "e.g.") that follows an analysis verb or a noun for what is found; in a
 *   clause a reporting noun opens ("instructions that tell the model to ...", "requests for
 *   ..."); in the noun list right after a verb whose object is what is found ("masks tokens,
 *   passwords ..."); in a list after a category head ("Typical hits: ..."); or in the subject of
 *   a passive act of analysis ("... private keys are redacted");
 * - nothing in the sentence (quotes blanked) turns it into an order to the model: no second
 *   person told to act, no model as the subject of a modal outside a reported clause, no "then",
 *   "first", "instead", "from now on", no further order verb joined on with "and", no literal
 *   destination, no own parameter to place into, no hiding from the user outside a reported
 *   clause; and nowhere in the text is the model told to go along with what is quoted.
 * An order placed after a security-tool preface is its own sentence and has no such slot.
 */
import type { Finding } from "./_collector.ts";
import { span } from "./_precision_purpose.ts";
import { escapePattern, inputPattern } from "./_input_pattern.ts";

/** Rule families whose wording a tool can name as the object of its analysis. */
const FAMILY = /^(?:pi|secret|intent|exfil|conceal|data|leak|persist)\./;
/** Within those families, rules about steering to or shadowing tools, or parameter shapes. */
const NOT_MENTION = /^(?:pi\.shadow\w*|leak\.shadow\w*|pi\.mention_obeyed|secret\.param_\w+)$/;
/**
 * Steering wording ("other tools are fake") is the attack itself when the tool says it of its
 * peers: it counts as mentioned only when quoted or reported as what some text says.
 */
const STEER = /^pi\.(?:steer\w*|disparage_others)$/;
/** Nouns for text (not for tools, data or paths): what a reported steering clause hangs on. */
const TEXT_NOUN =
  /^(?:texts?|instructions?|lines?|phrases?|wording|requests?|demands?|claims?|messages?|prompts?|descriptions?|strings?|payloads?|comments?|sentences?|statements?|directives?|content)$/i;

export function mentionRule(id: string): boolean {
  return FAMILY.test(id) && !NOT_MENTION.test(id);
}

/** The tool's own act is analysing text (name, title or first sentence). */
const ANALYSIS_PURPOSE =
  /\b(?:detect\w*|scan\w*|lint\w*|check\w*|classif\w*|labell?(?:s|ing|er)\b|redact\w*|mask\w*|strip\w*|scrub\w*|saniti[sz]\w*|censor\w*|moderat\w*|flag\w*|audit\w*|review\w*|inspect\w*|screen\w*|analy[sz]\w*|grade\w*|grading|scor\w*|evaluat\w*|explain\w*|teach\w*|lessons?|course|training|guard\w*|firewall\w*|filter\w*|injection\w*|jailbreak\w*|red[-_ ]?team\w*|phish\w*|fraud\w*|spam|honeypot\w*|compar\w*|highlight\w*|warn\w*|validat\w*|secrets?|pii|dlp|threats?|attacks?|safety|hides?|hiding)\b/i;

/** Quoted spans on one line. */
const QUOTED =
  /(?<![\w])'(?:[^'\n]|(?<=\w)'(?=\w)){1,200}'(?![\w])|"[^"\n]{1,200}"|`[^`\n]{1,200}`|“[^”\n]{1,200}”/g;

let maskedFor = ["", ""];
/** The text with the inside of every quoted span blanked (same length; one-entry cache). */
function masked(text: string): string {
  if (maskedFor[0] !== text) {
    maskedFor = [
      text,
      text.includes("'") || text.includes('"') || text.includes("`") || text.includes("“")
        ? text.replace(QUOTED, (q) => q[0] + "x".repeat(q.length - 2) + q.at(-1))
        : text,
    ];
  }
  return maskedFor[1]!;
}

/** Verbs whose object is what the tool finds (not its input). */
const FOUND_VERB =
  /\b(?:mask(?:s|es|ing)?|redact(?:s|ing)?|strip(?:s|ping)?|scrub(?:s|bing)?|hid(?:e|es|ing)|detect(?:s|ing)?|flag(?:s|ging)?|finds?|finding|catch(?:es|ing)?|spots?|spotting|highlights?|highlighting|remov(?:e|es|ing)|censor(?:s|ing)?|replac(?:e|es|ing)|blanks?|obfuscat(?:e|es|ing)|warns?\s+(?:about|of|on|against)|points?\s+out|block(?:s|ing)?|reject(?:s|ing)?|filters?\s+out|covers?|recogni[sz](?:e|es|ing)|looks?\s+for)\b/gi;
/**
 * Verbs whose object may be the tool's input (a classifier classifies the user's messages):
 * they govern only quoted wording ("explains how 'ignore all previous instructions' works").
 */
const INPUT_VERB =
  /\b(?:counts?|counting|classif(?:y|ies|ying)|labels?|labell?ing|lists?|reports?|explains?|teach(?:es)?|matches|marks|describes?|quotes?|shows?|annotates?|translat(?:e|es|ing))\b/gi;
/** An analysis verb anywhere (what makes an example marker or a reporting noun a mention). */
const ANALYSIS_VERB = new RegExp(
  FOUND_VERB.source + "|" + INPUT_VERB.source +
    String
      .raw`|\b(?:scan(?:s|ning)?|lint(?:s|ing)?|check(?:s|ing)?|review(?:s|ing)?|audit(?:s|ing)?|inspect(?:s|ing)?|screen(?:s|ing)?|analy[sz](?:e|es|ing)|grad(?:e|es|ing)|scor(?:e|es|ing)|evaluat(?:e|es|ing)|compar(?:e|es|ing)|search(?:es|ing)?|summari[sz](?:e|es|ing|ed)|warns?|contains?|translat(?:e|es|ing)|stor(?:e|es|ing)|validat(?:e|es|ing)|answers?)\b`,
  "i",
);
/** A noun for the text or the attack the tool finds. */
const REPORT_NOUN =
  /\b(?:texts?|instructions?|lines?|phrases?|wording|requests?|demands?|commands?|attempts?|claims?|messages?|prompts?|descriptions?|strings?|patterns?|payloads?|markers?|tags?|blocks?|sections?|content|signals?|hits?|examples?|samples?|openers?|directives?|orders?|statements?|sentences?|comments?|notes?|headers?|links?|images?|snippets?|inputs?|outputs?|pages?|e-?mails?|documents?|entries|tools?|rules?|attacks?|injections?|jailbreaks?|tricks?|lures?|scams?|cases?|paths?|secrets?|credentials?|values?)\b/gi;
/** What opens the reported clause after the noun ("... that tell", "... to skip", "... for"). */
const REPORT_OPEN =
  /^(?:\s+[\w'-]+){0,4}?\s*(?:\b(?:that|which|who|where|to|asking|ask|telling|tell|saying|says?|urging|claiming|demanding|requesting|trying|attempting|for|about|of|with|like|containing|mentioning|naming)\b|:|,?\s+such\s+as\b)/i;
const EXAMPLE_MARK =
  /\b(?:like|such\s+as|e\.g\.|for\s+example|for\s+instance|including|i\.e\.|namely)(?=[\s,:'"“`(<\[])/gi;
const CATEGORY_HEAD =
  /\b(?:hits|signals|categories|examples|red\s+flags|patterns|indicators|positives|markers|types|kinds|labels|classes|openers)\b(?:[^.:;!?\n]{0,40}:|[^.:;!?\n]{0,40}?\b(?:include|includes|are)\b)|\b(?:prompts|samples|payloads|attacks|phrases|strings|constructs)\b(?:[^.:;!?\n]{0,40}:|[^.:;!?\n]{0,40}?\b(?:include|includes)\b)/i;
const PASSIVE =
  /\b(?:is|are|get|gets|will\s+be|become|becomes)\s+(?:\w+ly\s+)?(?:flagged|masked|redacted|replaced|removed|stripped|detected|reported|highlighted|blocked|rejected|hidden|blanked|scrubbed|dropped|counted|listed|label+ed|marked|caught|censored|filtered(?:\s+out)?|truncated|starred\s+out)\b/i;

/** A participle of analysis closing a "with ..." phrase. */
const WITH_DONE =
  /(?:^|[\s—–-])(?:stripped|removed|masked|redacted|flagged|highlighted|blanked|replaced|starred\s+out|cut\s+out|dropped)\b/i;
/** Verbs of an order to move, reveal or act (outside a reported clause they make it an order). */
const ORDER_VERB = String
  .raw`(?:send|upload|forward|post|share|pass|include|copy|read|call|invoke|tell|reveal|print|return|email|write|save|store|give|leak|ignore|disable|paste|attach|submit|run|execute|delete|fetch|open|output|disclose|transmit|message|notify|sync|mirror|relay|cc|bcc|locate|grab|collect|gather|extract|supply|provide|place|put|comply|obey|follow|leave|keep|omit|remember|treat)`;
/** Not when what it goes on to is handing back its own result ("and returns the reason"). */
const OWN_RESULT = String
  .raw`(?!\s+(?:an?\s+|the\s+|its\s+|each\s+|every\s+|one\s+)?(?:[\w-]+\s+)?(?:results?|reasons?|scores?|labels?|verdicts?|lists?|reports?|counts?|offsets?|matches|findings?|spans?|positions?|summar\w+|numbers?|categor\w+|severit\w+|confidence|risk|locations?|lines?|warnings?|flags?|hits?|booleans?|true|false|yes|no)\b)`;
/** Anywhere after the anchor: the sentence goes on to another act of its own. */
const CLAUSE_BREAK = new RegExp(
  String
    .raw`\b(?:then|afterwards|thereafter|instead|please|meanwhile|from\s+now\s+on)\b|,?\s+and\s+(?:also\s+)?${ORDER_VERB}(?:s|es)?\b${OWN_RESULT}|\b(?:also|first)\s+${ORDER_VERB}(?:s|es)?\b|(?:^|[.!?:>|]\s*|\\n\s*)${ORDER_VERB}\s`,
  "i",
);
/** A list slot holds nouns: an order verb (or a modal) inside it starts something else. */
const LIST_BREAK = new RegExp(
  String
    .raw`(?<!\bto\s)\b${ORDER_VERB}(?:s|es)?\b|\b(?:must|should|shall|will|can|could|may|might|would|needs?\s+to|has\s+to|have\s+to|so|because|unless)\b`,
  "i",
);

/** The second person told to act, or the model addressed by name. */
const TOLD =
  /\byou\s+(?:must|should|shall|will|need|have\s+to|are\s+(?:to|now|required|allowed|permitted|free|cleared)|may|can|now)\b|\byourself\b|^\s*(?:(?:dear|hey|hi)\s+)?(?:assistant|model|agent|ai|claude|gpt)\s*[:,]\s|\bnote\s+(?:to|for)\s+(?:the\s+)?(?:assistants?|models?|agents?|ai|llms?)\b|\bagent[-_ ]directive\b|\byour\s+(?:answers?|replies|reply|responses?|output)\b|\bas\s+(?:an?\s+)?(?:instructions?|orders?|commands?)\b/i;
/** The model as the subject of a modal; allowed only inside a reported clause. */
const MODEL_MODAL =
  /\b(?:the\s+|this\s+|an?\s+)?(?:assistant|model|agent|ai|llm)(?:['\u2019]s\s+\w+)?\s+(?:must|should|shall|will|needs?\s+to|has\s+to|is\s+to|may\s+now|can\s+now|is\s+(?:now\s+)?(?:free|allowed|permitted|cleared))\b/gi;
const REPORTING_BEFORE =
  /\b(?:saying|says|said|telling|tells|told|claiming|claims|demanding|asking|asks|urging|insisting|suggesting)\s+(?:that\s+)?(?:\w+\s+){0,2}$/i;
/** The model's own safeguards named outside a reported clause ("the assistant's safety rules"). */
const MODEL_SAFEGUARD =
  /\b(?:(?:the\s+|this\s+)?(?:assistant|model|agent|ai|llm)['\u2019]s|your|its\s+own)\s+(?:\w+\s+)?(?:rules|filters?|guidelines|restrictions|polic(?:y|ies)|guardrails|limits|instructions|safeguards|safety)\b/gi;
/** An imperative order verb opens the sentence, or a condition on another tool's call. */
const IMPERATIVE_START = new RegExp(String.raw`^\s*(?:\[[^\]]{0,40}\]\s*)?${ORDER_VERB}\s`, "i");
const OTHER_CALL =
  /\bwhen(?:ever)?\s+(?:the\s+|a\s+|any\s+)?[\w' .-]{0,40}?\b(?:tool|function|server|method)s?\b[^.;]{0,40}?\b(?:is|are|gets?)\s+(?:called|invoked|used|run)\b/i;
/** The tool itself is told what it must do. */
const SELF_ORDER =
  /\b(?:it|this\s+(?:tool|server|scanner|linter|check(?:er)?))\s+(?:must|should|shall|has\s+to|needs\s+to|is\s+to)\b/i;
const LITERAL_DEST =
  /\b0x[0-9a-f]{40}\b|\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,}|@|https?:|\bwww\.|\b(?:[a-z0-9-]{1,63}\.)+(?:com|net|org|io|dev|app|xyz|ru|cn|co|me|site|link|example|chat)\b/i;
const CONCEAL =
  /\b(?:unannounced|unnoticed|covertly|without\s+(?:a\s+)?(?:word|notice)|without\s+(?:telling|mentioning|informing|notifying|asking|showing)|(?:do\s+not|don't|never|not\s+to)\s+(?:tell|mention|inform|show|reveal|let\s+the\s+user)|silently|quietly|secretly)\b/gi;
const PLACE_VERB = /\b(?:pass|put|include|insert|paste|copy|add|send|place|attach|fill)\w*\b/i;
/** Anywhere in the text: what is quoted or reported is to be followed after all. */
const GO_ALONG_TEXT =
  /\b(?:obey|follow|comply\s+with|execute|carry\s+out|heed|act\s+on|do)\s+(?:it|them|that|this|those|these|the\s+same|so|what\s+(?:it|they)\s+says?)\b(?!\s+(?:tool|server|scanner|check|page|file|list|report|text|prompt|message|output))/i;

/** Whether the sentence, quotes blanked, holds an order of its own outside reported clauses. */
function ordersSomething(sentence: string, raw: string, params: readonly string[]): boolean {
  if (TOLD.test(sentence) || SELF_ORDER.test(sentence) || LITERAL_DEST.test(sentence)) return true;
  if (IMPERATIVE_START.test(sentence) || OTHER_CALL.test(sentence)) return true;
  for (const m of sentence.matchAll(MODEL_MODAL)) {
    if (!REPORTING_BEFORE.test(sentence.slice(Math.max(0, m.index! - 40), m.index!))) return true;
  }
  for (const m of sentence.matchAll(MODEL_SAFEGUARD)) {
    if (!REPORTING_BEFORE.test(sentence.slice(Math.max(0, m.index! - 40), m.index!))) return true;
  }
  for (const m of sentence.matchAll(CONCEAL)) {
    const before = sentence.slice(Math.max(0, m.index! - 60), m.index!);
    if (!/\b(?:to|that|asking|telling|saying|demanding|urging)\b[^,;]*$/i.test(before)) return true;
  }
  // A back-quoted own parameter is a placement, not a found item.
  for (const q of raw.matchAll(/`([^`\n]{1,60})`/g)) {
    if (params.includes(q[1]!.toLowerCase())) return true;
  }
  if (PLACE_VERB.test(sentence)) {
    const low = raw.toLowerCase();
    for (const p of params) {
      // A parameter's name is the tool's text, not pattern syntax ("xts)" must not throw).
      const q = escapePattern(p);
      if (p.length > 2 && inputPattern(`(?:^|[^\\w])${q}(?:[^\\w]|$)`).test(low)) {
        if (inputPattern(`\\b(?:in|into|to|as|via)\\s+(?:the\\s+)?\`?${q}\\b`).test(low)) {
          return true;
        }
      }
    }
  }
  return false;
}

/** A noun for the found text closes the words before an example marker. */
function nounJustBefore(head: string): boolean {
  const tail = head.slice(-40);
  REPORT_NOUN.lastIndex = 0;
  let last: RegExpExecArray | null = null;
  for (let m = REPORT_NOUN.exec(tail); m; m = REPORT_NOUN.exec(tail)) last = m;
  return last !== null && /^[\s,:(—-]*$/.test(tail.slice(last.index + last[0].length));
}

/**
 * Where, in the masked sentence, the slot governing position `p` opens, or -1: an example
 * marker, a reporting noun's clause, a found-verb's noun list, a category head's list.
 */
function slotOpen(sentence: string, p: number, quoted: boolean, steer = false): number {
  const pre = sentence.slice(0, p);
  let open = -1;
  if (steer) {
    // Only a clause reported as what some text says ("text that calls other tools fake").
    for (const m of pre.matchAll(REPORT_NOUN)) {
      if (!TEXT_NOUN.test(m[0])) continue;
      const o = REPORT_OPEN.exec(pre.slice(m.index! + m[0].length));
      if (o !== null && ANALYSIS_VERB.test(pre.slice(0, m.index!))) {
        return m.index! + m[0].length + o[0].length;
      }
    }
    return -1;
  }
  // An example marker after an analysis verb or a noun for what is found.
  for (const m of pre.matchAll(EXAMPLE_MARK)) {
    const head = pre.slice(0, m.index!);
    // ... or the marker exemplifies a noun for such text ("a trigger phrase, e.g. '...'").
    if (
      ANALYSIS_VERB.test(head) || /\b(?:attacks?|injections?|jailbreaks?)\b/i.test(head) ||
      nounJustBefore(head)
    ) {
      open = Math.max(open, m.index! + m[0].length);
      break;
    }
  }
  // A reporting noun opening a clause ("lines telling the model to ...", "requests for ...").
  for (const m of pre.matchAll(REPORT_NOUN)) {
    const after = pre.slice(m.index! + m[0].length);
    const o = REPORT_OPEN.exec(after);
    if (o === null) continue;
    const head = pre.slice(0, m.index!);
    if (ANALYSIS_VERB.test(head) || CATEGORY_HEAD.test(head) || /:\s*$/.test(head)) {
      open = Math.max(open, m.index! + m[0].length + o[0].length);
      break;
    }
  }
  // A found-verb's noun list: nothing but nouns between the verb and the finding.
  for (const verbs of quoted ? [FOUND_VERB, INPUT_VERB] : [FOUND_VERB]) {
    verbs.lastIndex = 0;
    for (let m = verbs.exec(sentence); m && m.index <= p; m = verbs.exec(sentence)) {
      // After a determiner the word is a noun ("the list of ...", "a report").
      if (
        /\b(?:the|a|an|this|that|its|their|each|every|of|your|our)\s+$/i.test(
          sentence.slice(0, m.index),
        )
      ) {
        continue;
      }
      if (!LIST_BREAK.test(sentence.slice(m.index + m[0].length, p))) {
        open = Math.max(open, m.index);
        break;
      }
    }
  }
  const cat = CATEGORY_HEAD.exec(pre);
  if (cat !== null) open = Math.max(open, cat.index + cat[0].length);
  return open;
}

/**
 * Whether finding `f` in `text` is attack wording the tool names as the object of its own
 * analysis (see the module comment). `purpose` is the tool's name, title and first sentence.
 */
export function mentioned(
  text: string,
  f: Finding,
  purpose: string,
  params: readonly string[],
): boolean {
  if (!ANALYSIS_PURPOSE.test(purpose)) return false;
  const m = masked(text);
  if (GO_ALONG_TEXT.test(m)) return false;
  const end = f.offset + f.match.length;
  const [s, e] = span(m, f.offset, f.offset);
  if (end > e) return false;
  const sentence = m.slice(s, e);
  if (ordersSomething(sentence, text.slice(s, e), params)) return false;
  const p = f.offset - s;
  // Steering wording inside a quote is judged like any quoted example.
  const steer = STEER.test(f.rule_id) && m[f.offset] === text[f.offset];
  const inSentence = (x: number) => sentence.slice(x);
  // The passive subject: the finding's clause ends in an act of analysis done to it.
  const rest = sentence.slice(p);
  const pass = steer ? null : PASSIVE.exec(rest);
  if (
    pass !== null && pass.index >= f.match.length &&
    !LIST_BREAK.test(sentence.slice(0, p) + " " + rest.slice(0, pass.index)) &&
    !CLAUSE_BREAK.test(rest)
  ) return true;
  // The same without the verb: "returns the page with any embedded instructions ... stripped".
  const withAt = sentence.slice(0, p).search(/\bwith\s+(?:any|all|every|each|the)\b[^,;:]*$/i);
  const done = steer ? null : WITH_DONE.exec(rest);
  if (
    withAt >= 0 && done !== null && done.index >= f.match.length &&
    !LIST_BREAK.test(sentence.slice(withAt, p) + rest.slice(0, done.index)) &&
    !CLAUSE_BREAK.test(sentence.slice(withAt))
  ) return true;
  const quoted = m[f.offset] !== text[f.offset];
  let open = slotOpen(sentence, p, quoted, steer);
  // A long match (a whole clause) is judged where it ends, when nothing between its start and
  // the slot is an order.
  if (open < 0 && f.match.length > 40) {
    const q = Math.min(sentence.length, end - s) - 1;
    open = slotOpen(sentence, q, m[s + q] !== text[s + q], steer);
    if (open >= 0 && LIST_BREAK.test(sentence.slice(p, open))) open = -1;
  }
  if (open < 0) return false;
  // After the slot opens, the sentence goes on to no act of its own.
  return !CLAUSE_BREAK.test(inSentence(open));
}
