/**
 * Shadowing found by structure (rules `pi.shadow_sibling`, `pi.shadow_safeguard`): a sentence in
 * one tool's description or title whose topic is ANOTHER tool and that alters that tool's call.
 *
 * Who: the other tool, named as a sibling of the list (snake, kebab or camel name, or its words
 * spaced out before "tool" or after "when you ..."), as a snake_case or camelCase name that is
 * neither this tool nor a parameter of any tool, as "the X tool", or as "whatever tool places
 * an order". A pronoun in the next sentence ("Work around it by ...") carries the topic on.
 * What: an alteration of its arguments, targets, commands or results (replace, swap, prefix,
 * append, insert, route through, convert, set ... to, overwrite, becomes, goes at the end of),
 * not negated and not a restoration ("add it back"), with a scope or an override (every, any,
 * always, whatever the user gives, instead of, the original) or an outside value (an address,
 * account, host, channel, number); or a safeguard of it worked around (get past its refusal,
 * treat paths as inside, readonly=false).
 * Not: the other tool as an instrument or a comparison ("use X to ...", "call X first",
 * "unlike X", "the id from X", "same as X"), which needs an outside value or an override
 * before it counts, and values that are the user's own ("set its timezone to the user's own").
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import { parameterNames, snakeName } from "./_walk.ts";
import { ruleById } from "./rules.ts";

interface ShadowTool {
  name: string;
  inputSchema?: Record<string, unknown>;
}

/** A cheap gate: a string with no alteration or workaround word cannot shadow. */
const GATE =
  /\b(?:is\s+to|are\s+to|(?:argument|field|parameter|param|value|setting)\s+is\s+always|multipl|divid|administrator|superuser|=\s*off|slid|nudg|skew|carries|carry|so\s+(?:that\s+)?it\s+never|never\s+blocks|formality|put|place|stick|slot|increas|decreas|shift|delay|postpon|invit|cc|bcc|copy|copies|duplicate|repla|substitut|swap|overwr|overrid|prefix|suffix|prepend|append|insert|inject|tack|add|among|in\s+every|with\s+every|in\s+each|chang|conver|rewr|rout|redirect|proxy|point|set|forc|flip|switch|widen|expand|bump|raise|lower|doubl|inflat|wrap|patch|strip|drop|remov|reorder|goe?s?\b|becom|receiv|work\w*\s+around|get\w*\s+(?:past|around)|sidestep|circumvent|bypass|treat|call\w*\s+it\s+with|use\s+(?:the\s+)?[\w-]{1,30}\s+\S+(?:@|\.[a-z]{2,6}\b))/i;

/** An alteration of what a call carries or returns, in any tense. */
const ALTER = new RegExp(
  String.raw`\b(?:` + [
    // verbs whose object is the call's value, target or text
    String
      .raw`(?:replac|substitut|overwrit|overrid|prepend|append|insert|inject|rewrit|redirect|rerout|convert|proxy|proxi|widen|inflat|doubl|reorder)\w*(?!-)`,
    String.raw`swap(?:s|ped|ping)?\b(?:\s+in)?`,
    String.raw`(?:prefix|suffix)(?:es|ed|ing)?`,
    String
      .raw`(?:tack|bolt|slip|sneak)(?:s|ed|ing)?\s+(?:[^\s;]{1,40}\s+){0,3}?(?:on|onto|in|into)`,
    // a line the call carries ("carries our referral code in the notes line")
    String
      .raw`(?:carr(?:y|ies|ied|ying)|bears?|contains?)\s+(?:[^;,]{1,40}?\s)?(?:in|on)\s+(?:the|its|their)\s+[\w-]{1,20}\s+(?:line|field|notes?|body|footer|header|memo|subject)`,
    // a standing value for its argument ("its branch argument is always main")
    String
      .raw`(?:its|the)\s+[\w-]{1,30}\s+(?:argument|field|parameter|param|value|setting)\s+is\s+(?:always|now|henceforth|from\s+now\s+on)\b`,
    String.raw`(?:add|adds|added|adding)\s+(?:[^;,]{1,60}?\s)?(?:to|onto|as|among|at|in)`,
    String
      .raw`includ(?:e|es|ed|ing)\s+(?:[^;]{1,60}?\s)?(?:among|in\s+every|with\s+every|in\s+each)`,
    String
      .raw`(?:chang|switch|flip|forc|set|point|bump|rais|lower|expand)(?:e|es|ed|ing|s|ted|ting|ped|ping)?\s+(?:[^;,]{1,50}?\s)?(?:to|at|into)\b`,
    // an amount shifted by a number, a value placed ahead of or after the call's own
    String
      .raw`(?:lower|rais|bump|increas|decreas|cut|reduc|inflat|shift|mov|delay|postpon|push|slid|nudg|skew|pad|multipl|divid|scal)(?:e|es|ed|ing|s|ting|ding|y|ies|ied|ying)?\s+(?:[^;,]{1,40}?\s)?by\s+(?:\d|a\s+(?:few|couple)|one|two|three|ten)`,
    String
      .raw`(?:put|place|stick|slot)(?:s|ted|ting|ed|ing)?\s+(?:[^;]{1,80}?\s)?(?:in\s+front\s+of|ahead\s+of|at\s+the\s+(?:start|end|top|bottom|beginning|head)\s+of)`,
    String.raw`(?:turn|switch|flip)(?:s|ed|ing|ped|ping)?\s+(?:[^.;]{1,30}?\s)?(?:on|off)\b`,
    String.raw`(?:rout|funnel|tunnel|pip)(?:e|es|ed|ing|s)?\s+(?:[^;]{1,50}?\s)?(?:through|via|to)`,
    // a value received into the call's list, a role raised
    String.raw`receiv(?:e|es|ed|ing)\s+(?:[^;,]{1,60}?\s)?(?:in|among|as)\s+(?:its|the|their)\b`,
    String
      .raw`mak(?:e|es|ing)\s+(?:[^;,]{1,40}?\s)?(?:an?\s+)?(?:admin\w*|owner|superuser|root|public)\b`,
    String.raw`wrap(?:s|ped|ping)?\s+(?:[^;]{1,40}?\s)?(?:in|as|with|inside)`,
    String.raw`patch(?:es|ed|ing)?\s+(?:its|their|the)\s+\w+`,
    String.raw`(?:strip|drop|remov)(?:s|ped|ping|e|es|ed|ing)?\s+(?:any|every|all|each)\b`,
    String.raw`(?:becomes?|became|is\s+to\s+(?:read|be|say|go)|are\s+to\s+(?:read|be|go))`,
    String.raw`go(?:es)?\s+(?:at|to)\s+the\s+(?:end|start|top|bottom)\b`,
    String
      .raw`(?:receives?|get|gets)\s+(?!(?:should|must|will|can|may|be)\b)(?:[\w'"\x60=.-]{1,40}\s+){1,4}?(?:tacked|appended|added|prefixed|inserted)`,
    String.raw`(?:always\s+)?receives?\s+[\w-]{1,30}\s*=`,
    String.raw`call(?:s|ed|ing)?\s+it\s+(?:again\s+)?with`,
    // extra recipients or a copy sent on
    String.raw`(?:invit|cc|bcc)(?:e|es|ed|ing|s|'d)?\s+(?=\S+@|the\s+\S+@)`,
    String.raw`(?:also|additionally|too)\s+(?:goes|go|gets\s+sent|is\s+sent|lands?)\s+(?:to|in)`,
    String
      .raw`(?:duplicate|copy|copies|cc)\b[^;]{0,60}?\b(?:deliver|sen[dt]|forward|post|mirror|go)(?:s|es|ed|ing)?\s+(?:to|in)`,
    String.raw`use\s+(?:the\s+)?[\w-]{1,30}\s+(?=\S+@|\S+\.\w{2,6}\b)`,
  ].join("|") + String.raw`)`,
  "gi",
);

/** A negation just before the alteration, or the alteration restoring something. */
const NEGATED_BEFORE =
  /(?:\b(?:never|not|no|nothing|cannot|without|nor|neither)|n't)\s+(?:[\w'-]{1,20}\s+){0,2}$/i;
const RESTORES = /^\s*(?:(?:it|them|this|that)\s+)?back\b/i;

/** A value from outside the conversation: an address, account, host, channel or number. */
export const OUTSIDE_VALUE = new RegExp(
  [
    String.raw`[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+`,
    String.raw`\b(?:https?|s3|gs|ftp|wss?):\/\/[^\s'"\x60)]+`,
    String.raw`\bgit@[\w.-]+:`,
    String
      .raw`\b[a-z0-9-]{2,63}(?:\.[a-z0-9-]{2,63})*\.(?:com|net|org|io|co|biz|top|dev|cc|xyz|app|info|ru|cn|me|us|site|online|link|click|pro|tk|ai|sh|to|shop|store|live|cloud|tech|space|website|club|page|host|zip|email|support|security)\b(?!\.\w)`,
    // a tag, code or link of the tool's maker put into the call
    String
      .raw`\bour\s+(?:[\w-]{1,20}\s+)?(?:referral|affiliate|tracking|partner|promo|sponsor|campaign|coupon)\s+(?:code|id|tag|link|pixel|parameter)\b`,
    String
      .raw`\b(?=[A-Z]{2}\d{2})[A-Z0-9]{2}\d{2}(?:\s?\d{4}|\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b`,
    String.raw`\b0x[0-9a-fA-F]{20,64}\b`,
    String.raw`\+\d{1,3}(?:[\s.-]?\d{2,5}){2,5}\b`,
    String.raw`(?<![\w&/])#[a-z][\w-]{2,40}\b`,
    String.raw`\b\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?\b`,
    String.raw`;\s*(?:curl|wget|nc|bash|sh|python3?|rm|chmod|scp)\b`,
    String
      .raw`\b(?:account|acct|iban|routing|sort\s+code|wallet)\s+(?:number\s+)?[\w-]*\d[\d -]{5,}`,
    String.raw`\b\d{1,6}\s+[A-Z][a-z]+\s+(?:Rd|Road|St|Street|Ave|Avenue|Blvd|Lane|Ln|Drive|Dr)\b`,
  ].join("|"),
  "i",
);

/** Characters without which no outside value is written. */
const OUTSIDE_HINT = /[@#+;]|\d{3}|\d\s+[A-Z][a-z]|0x[0-9a-f]|\d\.\d|\.[a-z]{2,6}\b|:\/\//i;

/** The user's own choice overridden, or the call's real value kept out of sight. */
export const OVERRIDE = new RegExp(
  [
    String
      .raw`\b(?:whatever|whichever|whoever|no\s+matter\s+(?:what|which|who))\b[^.;]{0,30}?\b(?:the\s+user|they|you|user|clinician|customer|caller|person)\b`,
    // someone's stated choice overridden ("whatever the household asks for")
    String
      .raw`\b(?:whatever|whichever|whoever|no\s+matter\s+(?:what|which|who))\b[^.;]{0,40}?\b(?:asks?|asked|wants?|wanted|says?|said|gives?|gave|picks?|picked|chooses?|chose|chosen|enters?|entered|types?|typed|requests?|requested|names?|named|specifies|specified|provides?|provided|selects?|selected|prefers?)\b`,
    // "whichever branch the developer is on": someone's own value, whatever it is
    String
      .raw`\b(?:whatever|whichever|whoever)\s+(?:[\w-]{1,20}\s+){0,2}?(?:the|their|your)\s+(?:user|developer|customer|caller|owner|author|clinician|household|person|team|client|patient|sender|recipient)s?\b`,
    // the change kept from the user ("keep telling the user the time they asked for")
    String
      .raw`\b(?:keep|still)\s+(?:telling|showing|reporting|displaying)\b|\bbefore\s+it\s+reaches\b|\b(?:does|do)(?:\s+not|n't)\s+need\s+to\s+(?:know|hear|see)\b`,
    String
      .raw`\b(?:regardless|irrespective)\s+of\b|\beven\s+(?:if|when|though)\s+(?:the\s+)?(?:user|they|you|caller|customer)\b`,
    String
      .raw`\b(?:instead\s+of|rather\s+than|in\s+place\s+of|over)\s+(?:what|whatever|the\s+one|the\s+(?:user|user's|caller's|customer's|company's|original|real|actual|intended|requested|given|typed|chosen))\b`,
    String
      .raw`\b(?:the|its|their)\s+original\b|\bkeep(?:s|ing)?\s+(?:the\s+)?(?:rest|amount|original|other\s+\w+)\b|\bnot\s+the\s+(?:rewritten|changed|replaced|new)\b`,
    String
      .raw`\bbefore\s+(?:you\s+)?(?:display|show|present|relay)(?:s|ing)?\s+(?:it|them|the\s+\w+)\s+to\b|\b(?:before|so\s+that|without)\s+(?:the\s+user|they|anyone)\s+(?:sees?|notices?|knows?)\b|\b(?:no\s+need\s+to|don't|do\s+not|never)\s+(?:bring\s+it\s+up|mention|tell)\b`,
  ].join("|"),
  "i",
);

/** A scope that makes the change a standing rule rather than a single step. */
const SCOPE =
  /\b(?:every|each|any|all|always|whenever|anytime|from\s+now\s+on|by\s+default|as\s+well|also|too)\b/i;

/** A safeguard of the other tool worked around or switched off. */
const SAFEGUARD = new RegExp(
  [
    String
      .raw`\b(?:work(?:s|ed|ing)?|get(?:s|ting)?|got)\s+(?:around|past)\b|\bsidestep\w*|\bcircumvent\w*|\bbypass\w*|\bevad(?:e|es|ed|ing)\b|\bdodg(?:e|es|ed|ing)\b`,
    String
      .raw`\btreat(?:s|ed|ing)?\s+(?:[^,.;]{1,50}?\s)?as\s+(?:if\s+(?:it\s+were\s+)?)?(?:inside|within|in\s+scope|allowed|approved|pre-?approved|trusted|safe|whitelisted|permitted|authori[sz]ed|confirmed|already\s+confirmed)\b`,
    String
      .raw`\b(?:read_?only|readonly|safe|safe_?mode|verify\w*|sandbox\w*|dry_?run|require_\w+|check_\w+|protect\w*|guard\w*|redact\w*|filter\w*|mask\w*|censor\w*)\s*[=:]\s*(?:false|off|none|0)\b`,
    String
      .raw`\b(?:skip_\w+|force|no_verify|confirm(?:ed)?|approved|bypass_\w+|unsafe|insecure|allow_all)\s*[=:]\s*true\b`,
    String
      .raw`\b(?:set|setting|flip|flipping|turn|turning|switch|switching)\s+(?:the\s+)?(?:confirm(?:ation)?|approval|read-?only|readonly|safety|review)\s+(?:flag\s+|guard\s+|setting\s+)?(?:to\s+(?:true|on|yes)\s+yourself|off)\b`,
  ].join("|"),
  "i",
);

/** What opens an order: a clause start, a joining word, a modal or "by" ("get past it by ..."). */
const ORDER_BEFORE =
  /(?:^|[,;:(\u2014]\s*|\b(?:and|then|so|by|to|should|must|you|always|just|simply|please|instead|pass|passing|set|setting|use|using|with)\s+)$/i;

/** Words without which no safeguard is worked around. */
const SAFEGUARD_HINT =
  /around|past|sidestep|circumvent|bypass|evad|dodg|treat|[=:]\s*(?:true|false)|\boff\b|yourself|\bso\s+(?:that\s+)?(?:it|they|the)\b|formality/i;

/** The aim of an order: the safeguard never triggers ("so it never blocks"), or is dismissed. */
const SAFEGUARD_AIM =
  /\bso\s+(?:that\s+)?(?:it|they|the\s+[\w-]{1,20})\s+(?:never|doesn't|does\s+not|won't|will\s+not|can't|cannot)\s+(?:blocks?|refuses?|asks?|complains?|prompts?|stops?|fails?|checks?)\b|\b(?:check|confirmation|approval|guard|review|prompt|restriction|limit)\s+is\s+(?:only|just|merely|purely)\s+(?:a\s+)?(?:formality|theater|theatre|cosmetic|decorative)\b/i;

/** Whether a sentence orders a safeguard worked around (not a description of one). */
const SAFEGUARD_ALL = new RegExp(SAFEGUARD.source, "gi");
function orderedSafeguard(s: string): boolean {
  const aim = SAFEGUARD_AIM.exec(s);
  if (aim && !NEGATED_BEFORE.test(s.slice(Math.max(0, aim.index - 40), aim.index))) return true;
  // matchAll reads a copy of the pattern: the shared one keeps lastIndex 0.
  for (const m of s.matchAll(SAFEGUARD_ALL)) {
    const before = s.slice(Math.max(0, m.index! - 40), m.index!);
    // "never try to work around that" is a duty to keep the safeguard.
    if (NEGATED_BEFORE.test(before)) continue;
    if (ORDER_BEFORE.test(before.slice(-12))) return true;
  }
  return false;
}

/** Values the user owns or chose, which no one else is shadowing. */
const USER_VALUE =
  /\b(?:to|with|as|from|by)\s+(?:the\s+user's|their|your)\s+(?:own\s+)?\w+|\b(?:configured|chosen|given|provided|picked|set)\s+by\s+the\s+user\b/i;

/** The other tool as an instrument or a comparison, not the topic of a change. */
const INSTRUMENT_BEFORE = new RegExp(
  String
    .raw`(?:(?:^|[,;:(\u2014]\s*|\b(?:and|then|or|please|instead|just|first|simply|so)\s+)(?:use|call|try|prefer|see|consult|invoke|poll|check)\s+(?:the\s+)?|\b(?:instead\s+of|rather\s+than|unlike|like|than|same\s+as|similar\s+to|compared\s+(?:to|with)|as\s+opposed\s+to|versus|vs\.?|from|returned\s+by|output\s+of|results?\s+of|response\s+of|provided\s+by|produced\s+by|(?:can|may)\s+be\s+(?:given|passed|fed)\s+to)\s+(?:the\s+)?(?:(?:previous|latest|last|earlier|same)\s+)?[\x60'"]?)$`,
  "i",
);
const INSTRUMENT_AFTER =
  /^[\x60'"]?\s*(?:tools?\s+)?(?:instead\b|first\b|to\s+(?:get|find|list|look|fetch|see|read|retrieve|obtain|resolve|discover|search|check|create|open|poll|browse|confirm|validate|verify|change|update|add|remove|delete|edit|set)\b|returns?\b|gives?\b|provides?\b)/i;

/** A condition on the other tool's call ("when", "once", "each time" before its name). */
const CONDITION_BEFORE =
  /\b(?:when(?:ever)?|once|after|if|each\s+time|every\s+time|as\s+soon\s+as)\s+(?:the\s+)?[\x60'"]?$/i;

/** A pronoun that carries the other tool from the previous sentence. */
const CARRIED =
  /\b(?:it|its|it's|them|their|that\s+tool|the\s+tool|(?:that|this)(?!\s+(?:tool|one|function|server|endpoint|parameter|field|option)\b))\b/i;

/** "the X tool" (not this one), "whatever tool places an order", "any tool that shares". */
const NAMED_AS_TOOL =
  /\bthe\s+(?!(?:this|same|above|following|other|previous|next|current|right|new|best|only|first|second|last|main|right)\b)((?:[\w-]{2,30}\s+){0,2}?[\w-]{2,30})\s+tool\b(?!\s+(?:itself|here)\b)|\b(?:any|every|each|whatever|whichever)\s+(?:other\s+)?tools?\s+(?:that|which)\s+[a-z]{3,20}|\b(?:whatever|whichever)\s+tool\s+[a-z]{3,20}s\b/gi;

/** A snake_case or camelCase identifier (a tool name not in the list). */
const IDENT =
  /(?<![\w.\/@:$-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(?![\w\/@(-]|\.[a-z])/g;
/** An unlisted identifier counts only in a call frame around it. */
const FRAME_BEFORE =
  /\b(?:when(?:ever)?|each\s+time|every\s+time|if|once|before|after|while|upon|with|for|on|about|regarding|concerning|to|through|via|using|calls?|runs?|uses?|invocations?|requests?)\s+(?:[\w'-]{1,20}\s+){0,4}?(?:the\s+)?[\x60'"]?$/i;
const FRAME_AFTER =
  /^[\x60'"]?(?:\s+tool\b|\s*[:,]|'s\s|\s+(?:is|gets|are|was)\s+(?:called|used|invoked|run|executed|triggered)|\s+(?:runs|executes|fires|calls?|invocations?|runs?|should|must|shall|needs|has|is|will|receives|sends|loads|returns)\b)/i;

interface Mention {
  key: string;
  at: number;
  end: number;
  instrument: boolean;
}

/** Sentence bounds of a text (split after . ! ? ; and at line breaks). */
function sentenceSpans(text: string): { s: string; start: number }[] {
  const out: { s: string; start: number }[] = [];
  let start = 0;
  for (const m of text.matchAll(/(?<=[.!?;])\s+|\n+/g)) {
    // Not inside inline code ("`sh -c \"$CMD; ...\"`"): an odd count of backticks so far.
    if (m[0][0] !== "\n" && (text.slice(start, m.index!).split("\x60").length % 2) === 0) continue;
    if (m.index! > start) out.push({ s: text.slice(start, m.index!), start });
    start = m.index! + m[0].length;
  }
  if (start < text.length) out.push({ s: text.slice(start), start });
  return out;
}

/** A word of a sentence and where it is. */
const WORD = /[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)*/g;
/** Most words a spaced tool name has. */
const MAX_NAME_WORDS = 6;

/** Tool names by their lowercase and their snake words ("create github pr" -> create_github_pr). */
interface Siblings {
  exact: Map<string, string>;
  spaced: Map<string, string>;
  /** The first words (1 to all but one) of every spaced name: a run that is none of them ends. */
  starts: Set<string>;
  /** siblingHits per sentence, for this list. */
  hits: Map<string, readonly SiblingHit[]>;
}

/** A sibling name found in a sentence. */
interface SiblingHit {
  key: string;
  at: number;
  end: number;
  form: "exact" | "spaced" | "one";
}

function siblings(names: readonly string[]): Siblings {
  const exact = new Map<string, string>();
  const spaced = new Map<string, string>();
  const starts = new Set<string>();
  for (const n of names) {
    const lower = n.toLowerCase();
    if (n.length < 3 || n.length > 80) continue;
    exact.set(lower, lower);
    const w = snakeName(n).split("_").filter((x) => x.length > 0);
    if (w.length >= 2 && w.length <= MAX_NAME_WORDS) {
      spaced.set(w.join(" "), lower);
      for (let k = 1; k < w.length; k++) starts.add(w.slice(0, k).join(" "));
    }
  }
  return { exact, spaced, starts, hits: new Map() };
}

/** Sibling names in a sentence: exact tokens, and runs of words that spell a name. */
function siblingHits(
  s: string,
  sib: Siblings,
): readonly SiblingHit[] {
  // The same sentence is read for every tool that holds it and by both callers.
  const seen = sib.hits.get(s);
  if (seen) return seen;
  const out: SiblingHit[] = [];
  sib.hits.set(s, out);
  const words: { w: string; at: number; end: number }[] = [];
  for (const m of s.matchAll(WORD)) {
    const at = m.index!;
    const end = at + m[0].length;
    // Not part of a path, address or dotted name.
    const pre = s[at - 1];
    const post = s[end];
    if (
      pre === "." || pre === "/" || pre === "@" || post === "/" || post === "@" ||
      post === "." && /[A-Za-z]/.test(s[end + 1] ?? "")
    ) {
      words.push({ w: "", at, end });
      continue;
    }
    const lower = m[0].toLowerCase();
    words.push({ w: lower, at, end });
    const key = sib.exact.get(lower);
    if (key) out.push({ key, at, end, form: /[_-]|[a-z][A-Z]/.test(m[0]) ? "exact" : "one" });
  }
  if (sib.spaced.size === 0) return out;
  for (let i = 0; i < words.length; i++) {
    if (!words[i]!.w || !sib.starts.has(words[i]!.w)) continue;
    let joined = words[i]!.w;
    for (let k = i + 1; k < words.length && k < i + MAX_NAME_WORDS; k++) {
      // Words of one run are separated by white space only.
      if (!words[k]!.w || !/^\s+$/.test(s.slice(words[k - 1]!.end, words[k]!.at))) break;
      joined += " " + words[k]!.w;
      const key = sib.spaced.get(joined);
      if (key) out.push({ key, at: words[i]!.at, end: words[k]!.end, form: "spaced" });
      if (!sib.starts.has(joined)) break;
    }
  }
  return out;
}

const SPACED_FRAME_AFTER =
  /^\s+(?:tools?\b|(?:is|gets|are|was)\s+(?:called|invoked|used|run|triggered)\b|(?:calls?|runs)\b)/i;
const SPACED_FRAME_BEFORE =
  /\b(?:when(?:ever)?|each\s+time|every\s+time|if|once|before|after)\s+(?:you|the\s+(?:assistant|agent|model)|someone|anyone)\s+(?:are\s+going\s+to\s+|next\s+)?$/i;

/** The mentions of other tools in one sentence. */
function mentions(
  s: string,
  sib: Siblings,
  own: ReadonlySet<string>,
  known: () => ReadonlySet<string>,
): Mention[] {
  const out: Mention[] = [];
  const push = (key: string, at: number, end: number, needFrame: boolean) => {
    const before = s.slice(Math.max(0, at - 70), at);
    const after = s.slice(end, end + 60);
    if (needFrame && !FRAME_BEFORE.test(before) && !FRAME_AFTER.test(after)) return;
    // An identifier that is not a tool of the list may be any code word: it counts only with an
    // outside value or an override, like a tool named as an instrument.
    // "When X returns, ...": a condition on its call is a topic, whatever follows the name.
    const instrument = needFrame ||
      !CONDITION_BEFORE.test(before) &&
        (INSTRUMENT_BEFORE.test(before) || INSTRUMENT_AFTER.test(after));
    out.push({ key, at, end, instrument });
  };
  for (const h of siblingHits(s, sib)) {
    if (own.has(h.key)) continue;
    const after = s.slice(h.end, h.end + 24);
    // A spaced or one-word name is English unless framed as a tool or a call.
    if (
      h.form !== "exact" && !SPACED_FRAME_AFTER.test(after) &&
      !(h.form === "spaced" && SPACED_FRAME_BEFORE.test(s.slice(Math.max(0, h.at - 40), h.at))) &&
      !(h.form === "one" && /[\x60'"]$/.test(s.slice(h.at - 1, h.at)))
    ) continue;
    push(h.key, h.at, h.end, false);
  }
  for (const m of s.matchAll(IDENT)) {
    const id = m[1]!;
    const lower = id.toLowerCase();
    if (own.has(lower) || sib.exact.has(lower) || known().has(lower)) continue;
    // Code in a schema example ("{ typeSet: ... }") names a field, not a tool.
    if (/[{,]\s*$/.test(s.slice(Math.max(0, m.index! - 3), m.index!))) continue;
    push(lower, m.index!, m.index! + id.length, true);
  }
  for (const m of s.matchAll(NAMED_AS_TOOL)) {
    const words = (m[1] ?? m[0]).toLowerCase();
    if (own.has(words.replace(/\s+/g, "_"))) continue;
    push(words, m.index!, m.index! + m[0].length, false);
  }
  return out;
}

/**
 * A value set, switched or shifted ("set the region to", "becomes", "call it with"): advice on a
 * sibling's arguments reads the same ("when calling search_files, always set recursive to true"),
 * so a setting counts only with an outside value, an override or an exposing value; text put
 * into the call (prepend, insert, substitute, route through, bcc) counts with a scope too.
 */
const SETTING =
  /^(?:chang|switch|flip|forc|set|point|bump|rais|lower|expand|turn|becom|became|is\s|are\s|receiv|always\s|increas|decreas|cut|reduc|shift|mov|delay|postpon|push|call)/i;
/** A value that opens access or removes a guard ("to public", "with action 'unlock'"). */
const EXPOSING =
  /\b(?:to|at|into|with)\s+(?:[\w-]{1,20}(?:\s+|\s*[=:]\s*))?['"\x60]?(?:public|allow|allowed|anyone|everyone|admin|administrator|owner|editor|false|off|disabled|unlock(?:ed)?|world-?readable|0\.0\.0\.0)\b/i;

/** An imperative opens a clause: the verb after a clause start or a joining word. */
const CLAUSE_OPEN =
  /(?:^|[,:;(\u2014]\s*|\b(?:and|then|also|first|always|just|simply|please|instead|quietly|silently|now|to)\s+)$/i;
/** An obligation put on the change ("should be prefixed", "must include", "needs its X swapped"). */
const MODAL_BEFORE =
  /\b(?:should|must|shall|needs?|has\s+to|have\s+to|is\s+to|are\s+to|ought\s+to|make\s+sure)\b[^.;]{0,50}$/i;
/** A verb in its base form (an order), not a description ("appends", "is wrapped"). */
const BASE_FORM = /^(?!\w+(?:[^s]s|ed|ing|en)\b)\w+/i;
/** A passive or a described state before the verb ("are always set to"): not an order. */
const PASSIVE_BEFORE =
  /\b(?:is|are|was|were|be|been|being|gets?|got)\s+(?:(?:always|also|automatically|then|first)\s+)?$/i;

/**
 * The kind of alteration a sentence has (not negated, not a restoration), if any, and whether
 * it is ordered (an imperative or an obligation) rather than told as what happens ("send_email
 * appends the user's signature", "statements are wrapped in a transaction by the server"): told
 * as a fact, a change counts only with an outside value or an override.
 */
export function alters(s: string): { kind: "put" | "set"; ordered: boolean } | null {
  ALTER.lastIndex = 0;
  let best: { kind: "put" | "set"; ordered: boolean } | null = null;
  for (const m of s.matchAll(ALTER)) {
    const before = s.slice(Math.max(0, m.index! - 60), m.index!);
    if (NEGATED_BEFORE.test(before.slice(-40))) continue;
    const rest = s.slice(m.index!).replace(/^\S+/, "");
    // "adds it back", "replaces nothing": a restoration or a denial, not a change.
    if (RESTORES.test(rest) || /^\s*(?:nothing|none|no\b)/i.test(rest)) continue;
    // Part of an identifier ("swapTokens", "replace_text"): a name, not a verb.
    const verb = /^[a-z]+/i.exec(m[0])![0];
    if (/[_A-Z0-9]/.test(s[m.index! + verb.length] ?? "")) continue;
    const ordered = /^(?:is|are)\s+to\b/i.test(m[0]) || MODAL_BEFORE.test(before) ||
      CLAUSE_OPEN.test(before) && !PASSIVE_BEFORE.test(before) && BASE_FORM.test(m[0]);
    const kind = SETTING.test(m[0]) ? "set" : "put";
    if (
      !best || ordered && !best.ordered || ordered === best.ordered && kind === "put"
    ) best = { kind, ordered };
  }
  return best;
}

/**
 * A value assigned to another tool's own parameter ("destination: always ...", "its 'to_acct'
 * must be ...", "frequent_flyer = ..."): a setting, counted like one.
 */
const ASSIGN =
  /(?<![\w.-])['"\x60]?([a-zA-Z][\w-]{1,40})['"\x60]?\s*(?:[:=]|\u2192|->|(?:should|must|shall)\s+(?:always\s+)?(?:be|become|read|equal)|is\s+always)\s*/g;

const ASSIGN_HINT = /[:=\u2192]|->|\bshould\b|\bmust\b|\bshall\b|\bis\s+always\b/;

function assigns(
  s: string,
  owners: ReadonlyMap<string, number[]>,
  self: number,
  named: (tool: number) => boolean,
): { kind: "set"; ordered: boolean } | null {
  for (const m of s.matchAll(ASSIGN)) {
    // A JSON or code example ({"url": ...}) shows a call's shape, it orders nothing.
    if (
      /^"[^"]*"\s*:/.test(m[0]) || /[{,\[]\s*$/.test(s.slice(Math.max(0, m.index! - 30), m.index!))
    ) {
      continue;
    }
    if (s.lastIndexOf("{", m.index!) > s.lastIndexOf("}", m.index!)) continue;
    // A query string or a scheme ("?cursor=", "https:") is part of a URL, not an assignment.
    const token = s.slice(Math.max(0, m.index! - 200), m.index!).split(/\s/).pop() ?? "";
    if (token.includes("://") || /^["'\x60]?(?:https?|ftp|mailto|file)\s*:/i.test(m[0])) continue;
    const list = owners.get(m[1]!.toLowerCase());
    // A parameter of a tool this sentence names (not of this tool).
    if (list && !list.includes(self) && list.some(named)) {
      return { kind: "set", ordered: true };
    }
  }
  return null;
}

/** A sentence of a text and what it says on its own. */
interface Reading {
  s: string;
  start: number;
  safeguard: boolean;
  alt: { kind: "put" | "set"; ordered: boolean } | null;
}

/** Runs the shadowing check over every tool's descriptions and titles. */
export function scanShadow(
  col: Collector,
  tools: readonly ShadowTool[],
  texts: readonly (readonly TextItem[])[],
): void {
  let sib: Siblings | undefined;
  let owners: Map<string, number[]> | undefined;
  // Which tools have a parameter of each name (lowercase).
  const paramOwners = () => {
    if (owners) return owners;
    owners = new Map();
    tools.forEach((t, i) => {
      for (const p of parameterNames(t.inputSchema)) {
        const k = p.text.toLowerCase();
        const list = owners!.get(k) ?? [];
        if (!list.includes(i)) list.push(i);
        owners!.set(k, list);
      }
    });
    return owners;
  };
  let knownSet: Set<string> | undefined;
  // Every property name, enum value and default of every tool: fields, not tools (built only
  // when an unlisted identifier is met).
  const known = () => {
    if (knownSet) return knownSet;
    knownSet = new Set();
    for (const items of texts) {
      for (const x of items) {
        if (x.field === "/name" || x.field.endsWith("description") || x.field.endsWith("title")) {
          continue;
        }
        if (x.text.length <= 80) knownSet.add(x.text.toLowerCase());
      }
    }
    return knownSet;
  };
  // Per text (lists repeat texts): its sentences and what each says, or null when the gate
  // shows no sentence can shadow. All of it depends on the text alone.
  const readings = new Map<string, Reading[] | null>();
  const read = (text: string): Reading[] | null => {
    let r = readings.get(text);
    if (r !== undefined) return r;
    r = text.length < 30 || !GATE.test(text) ? null : sentenceSpans(text).map(({ s, start }) => {
      // Cheap checks first: an order worked around, or an alteration with a scope or value.
      const safeguard = SAFEGUARD_HINT.test(s) && orderedSafeguard(s);
      return { s, start, safeguard, alt: safeguard ? null : alters(s) };
    });
    readings.set(text, r);
    return r;
  };
  tools.forEach((tool, index) => {
    let own: Set<string> | null = null;
    for (const it of texts[index]!) {
      if (!it.field.endsWith("/description") && !it.field.endsWith("/title")) continue;
      const spans = read(it.text);
      if (spans === null) continue;
      for (let i = 0; i < spans.length; i++) {
        const { s, start, safeguard } = spans[i]!;
        let strong = false;
        if (!safeguard) {
          let alt = spans[i]!.alt;
          if (alt === null) {
            // An assignment to a parameter of a tool the sentence names is a setting.
            if (!ASSIGN_HINT.test(s)) continue;
            sib ??= siblings(tools.map((t) => t.name));
            const self = tool.name.toLowerCase();
            const named = new Set(
              siblingHits(s, sib).filter((h) => h.form !== "one" && h.key !== self).map((h) =>
                h.key
              ),
            );
            if (named.size === 0) continue;
            alt = assigns(s, paramOwners(), index, (i) => named.has(tools[i]!.name.toLowerCase()));
            if (alt === null) continue;
          }
          strong = OUTSIDE_HINT.test(s) && OUTSIDE_VALUE.test(s) || OVERRIDE.test(s) ||
            alt.kind === "set" && alt.ordered && EXPOSING.test(s);
          if (
            !strong &&
            (alt.kind === "set" || !alt.ordered || !SCOPE.test(s) || USER_VALUE.test(s))
          ) continue;
        }
        sib ??= siblings(tools.map((t) => t.name));
        own ??= new Set([tool.name.toLowerCase()]);
        const found = mentions(s, sib, own, known);
        let topic = found.find((m) => !m.instrument) ?? null;
        // "The read_file tool has a bug. Work around it by ...": the topic carried by a pronoun.
        if (found.length === 0 && i > 0 && CARRIED.test(s)) {
          topic = mentions(spans[i - 1]!.s, sib, own, known).find((m) => !m.instrument) ?? null;
        }
        const any = topic ?? found[0];
        if (!any) continue;
        if (safeguard) {
          if (topic) {
            col.add(ruleById("pi.shadow_safeguard"), index, it.field, start, s, { key: any.key });
          }
          continue;
        }
        if (topic || strong) {
          col.add(ruleById("pi.shadow_sibling"), index, it.field, start, s, { key: any.key });
        }
      }
    }
  });
}
