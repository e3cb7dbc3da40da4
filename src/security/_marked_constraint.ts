/**
 * Marked constraint: an authority marker (<IMPORTANT>, <CRITICAL>, <MANDATORY>) around plain
 * documentation of the tool's own values. Real servers shout their input rules ("<IMPORTANT>
 * amounts are integers in minor units</IMPORTANT>", "<CRITICAL>dsn has to be a mysql:// URL
 * </CRITICAL>"); the marker is emphasis, not a second voice addressing the model.
 *
 * The structural property is what the marked text is about: it names this tool's own
 * parameters, values or output (their type, unit, format, range, count, order) with the caller
 * as the implied subject, and carries no other signal. Any one of these makes it not plain:
 * - someone other than the caller addressed or ordered: the model, the user ("tell the user");
 * - another tool, or this tool pushed over others ("use only this tool");
 * - data leaving: a real host, URL or e-mail address, a verb that sends somewhere;
 * - a secret or private data, unless it is a word of an own parameter's name or what the tool
 *   refuses ("Private keys are never accepted");
 * - the conversation, its instructions or memory; concealment; an override of instructions or of
 *   the user; a standing order for later turns or other calls;
 * - a clause opening with a verb that acts beyond the call's own values (read, fetch, tell ...).
 * The caller (`_precision.ts` `plainTags`) also requires that no other rule fires in the content.
 */

/** Credential words that may name an own parameter ("new_password", "next_page_token"). */
const CREDENTIAL =
  /\b(?:passwords?|passphrases?|passwd|secrets?|tokens?|keys?|credentials?|cookies?|sessions?|pins?|otps?|signatures?|seeds?|mnemonics?)\b/gi;
/** Private data that no value constraint needs to name. */
const PRIVATE =
  /\b(?:personal|private(?!\s+keys?\b)|home\s+address(?:es)?|date\s+of\s+birth|birth\s*dates?|birthdays?|social\s+security|ssn|card\s+numbers?|cvv|cvc|contacts?|address\s+book|identity|salary|medical|health|diagnos\w*|biometric\w*)\b/i;
/** A clause about the secret that only refuses it ("Private keys are never accepted here"). */
const REFUSED =
  /\b(?:is|are)\s+(?:never|not)\s+(?:accepted|needed|required|stored|logged|kept|used|asked\s+for|sent|transmitted)\b|\b(?:is|are)\s+(?:refused|rejected|ignored|stripped|redacted|masked)\b/i;
/** A credential the server itself holds ("the server's configured credentials"). */
const HELD =
  /\b(?:the\s+)?(?:server|service|backend|deployment|instance)(?:'s|\u2019s)\s+(?:(?:own|configured|default|stored)\s+)*(?:credentials?|keys?|tokens?|passwords?|secrets?)\b|\b(?:configured|stored)\s+(?:on|in|by)\s+the\s+(?:server|service|backend)\b/i;
const GIVE_VERB =
  /\b(?:pass|put|include|send|give|provide|enter|supply|paste|attach|add|fill|set)\b/i;

/** Someone other than the caller, the conversation and the model's own state. */
const OTHER_PARTY = new RegExp(
  String
    .raw`\b(?:assistant|model|agent|ai|llm|claude|gpt|chatgpt|chatbot|bot|copilot|yourself|users?|user's|users'|humans?|person|people|everyone|anyone|conversations?|chats?|history|transcripts?|messages?|prompts?|instructions?|context|memory|memories|remember\w*|memori[sz]\w*|verbatim|said|typed|told|wrote|mentioned|environment|env|variables?|workspace\s+secrets)\b|\bword\s+for\s+word\b|\bcontents?\s+of\b|\b(?:tell|ask|have|make|let|get|inform|notify|warn|remind)\s+(?:them|him|her)\b`,
  "i",
);
/** Other tools, or this tool pushed over others. */
const OTHER_TOOL =
  /\b(?:tools|functions|servers|plugins|extensions|integrations)\b|\b(?:another|other|any|every|all|each|different|separate|second|external|outside)\s+(?:[\w-]+\s+)?(?:tool|function|server|plugin|service|integration|source|site|website|api|provider|engine|app|application)s?\b|\b(?:the|a|an)\s+`?[\w.-]+`?\s+(?:tool|function|plugin|server)\b|\b(?:use|call|invoke|prefer|choose|pick|route\s+to|default\s+to|rely\s+on|switch\s+to|fall\s+back\s+to)\s+(?:only\s+)?(?:this|the)\s+(?:tool|one|server|function)\b(?!['\u2019]s)|\b(?:only|exclusively)\s+(?:this|the)\s+tool\b|\bdeprecated\b|\binstead\s+of\s+(?:using|calling|asking|any|another|other|the\s+\w+\s+tool)\b|\binstead\s*(?:[.;!]|$)|\brather\s+than\s+(?:any|another|other|using|calling)\b/i;
/** Data leaving: a verb that sends somewhere. */
const SENDS =
  /(?<!\b(?:the|a|an|this|that|each|its|per|every)\s)\b(?:send|sends|sent|forward\w*|upload\w*|post|posts|posting|transmit\w*|share|shares|sharing|e-?mail|e-?mails|exfiltrat\w*|leak\w*|report|reports|sync\w*|mirror\w*|relay\w*|publish\w*|beacon|ping|notify|cc|bcc|copy|copies|log|logs)\b[^.;\n]{0,60}?\b(?:to|with|into)\s+(?!(?:this|the)\s+(?:tool|call|request)\b)/i;
/** Concealment ("silently" only in a passive statement of what happens to a value). */
const CONCEAL =
  /\b(?:hide|hides|hiding|hidden|conceal\w*|secretly|covert\w*|quietly|confidential\w*|invisibl\w*|unseen|discreet\w*|stealth\w*|without\s+(?:telling|asking|informing|notifying|mentioning|showing|alerting|letting|confirm\w*)|(?:do\s+not|don't|never|must\s+not|should\s+not|no\s+need\s+to)\s+(?:tell|mention|show|reveal|inform|disclose|report|alert|notify|let|display|surface|explain|say))\b/i;
const SILENT = /\bsilent(?:ly)?\b/i;
const PASSIVE_SILENT =
  /\b(?:is|are|be|been|gets?|got)\s+(?:\w+\s+){0,2}?(?:silently\s+)?\w+(?:ed|en)\b[^.;]*\bsilent(?:ly)?\b|\b(?:is|are|be|been|gets?)\s+silently\s+\w+(?:ed|en)\b|\bsilently\s+(?:clamped|truncated|rounded|ignored|dropped|trimmed|capped|coerced|skipped)\b/i;
/** An override of instructions, of the user, or a claim of authority. */
const OVERRIDE =
  /\b(?:ignor\w*|disregard\w*|overrid\w*|supersed\w*|overrul\w*|bypass\w*|circumvent\w*|precedence|priority|regardless|whatever|whichever|no\s+matter|forget\w*|polic(?:y|ies)|guidelines?|developer|admin\w*|operator|sudo|jailbreak\w*|unrestricted|mode|permissions?|authori[sz]\w*|approv\w*|confirm\w*|consent\w*|you\s+are|you're|act\s+as|pretend\w*|role)\b|(?<!\b(?:file|metric|imperial|unit|coordinate|operating|number|numeral|reference)\s)\bsystem\b/i;
/** A standing order for later turns or other calls. */
const STANDING =
  /\b(?:from\s+now\s+on|going\s+forward|henceforth|hereafter|for\s+the\s+rest\s+of|from\s+this\s+point|(?:every|each|all|any)\s+(?:future|later|subsequent|remaining|new|other)\s+(?:turns?|requests?|calls?|conversations?|chats?|sessions?|messages?|questions?|replies|reply|answers?|tasks?|tools?|lookups?|searches)\b|in\s+(?:new|future|later|all|every|other|any)\s+(?:chats?|conversations?|sessions?|threads?|replies|answers)|(?:every|each)\s+time\b|\b(?:in|on|with|for|after|at|during|to)\s+(?:every|each|all|any)\s+(?:turns?|repl(?:y|ies)|responses?|answers?|requests?|questions?|sessions?|messages?)|before\s+(?:any|every|each|answering|replying|responding|using|calling|invoking|doing|continuing|proceeding|you|the\s+(?:user|assistant|model))|after\s+(?:each|every|any)\s+(?:call|request|reply|response|answer|turn|use)|(?:prior\s+to|ahead\s+of)\s+(?:any|every|each|answering|replying|responding|using|calling)|(?:the\s+)?default\s+for|always\s+(?:use|call|prefer|choose|pick|route|reply|respond|answer|mention|recommend|suggest|say|tell|ask|start|end|begin|open|close|sign)\b)/i;
/** A clause opening with a verb that acts beyond the call's own values. */
const ACT_OPENER =
  /^(?:(?:please|also|then|and|first|now|just|always|never|only|do\s+not|don't|you\s+(?:must|should|need\s+to|have\s+to)|make\s+sure\s+(?:to|you))\s+)*(?:read|open|fetch|retrieve|look\s+up|browse|visit|load|grab|collect|gather|harvest|call|invoke|trigger|execute|tell|ask|say|reply|respond|answer|mention|show|display|reveal|print|output|remember|store|save|log|record|notify|inform|e-?mail|message|contact|forward|upload|share|ignore|disregard|forget|delete|erase|wipe|copy|paste|attach|append|embed|install|download|navigate|click|approve|grant|enable|disable|summari[sz]e|search|scan|find|recommend|suggest)\s+(?:the|a|an|this|that|these|those|it|them|all|any|every|each|your|their|his|her|its|to|out|up|back|P|V|[\w-]+'s)\b/i;

/** Host names and addresses only a documentation example uses (RFC 2606, 6761, private IPs). */
const EXAMPLE_HOST =
  /^(?:localhost|(?:[\w-]+\.)*example(?:\.[a-z]{2,6})?|[\w.-]+\.(?:example|test|invalid|local|localhost|internal|lan|corp|home\.arpa)|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(?:1[6-9]|2\d|3[01])\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?|db|host|server|hostname|your-[\w-]+)$/i;
const URL_LIKE = /\b[a-z][a-z0-9+.-]{1,15}:\/\/([^\s/:?#@)]*@)?([^\s/:?#)]*)/gi;
const EMAIL_LIKE = /\b[\w.+-]{1,64}@([\w-]{1,63}(?:\.[\w-]{1,63})+)\b/g;
const BARE_DOMAIN =
  /\b(?:[\w-]{1,63}\.)+(?:com|net|org|io|ai|co|dev|app|xyz|ru|cn|info|biz|me|cloud|site|online|tech|sh|ly|to|gg|us|uk|de)\b/i;
/** Paths outside the call: the home folder, dotfiles, system folders. */
const HOME_PATH =
  /~[\/\\]|\$(?:HOME|env:)|%\w+%|\/\.\w|\\\.\w|\/(?:etc|home|root|users|var|proc|private)\/|\bid_(?:rsa|ed25519|ecdsa)\b/i;
/** An environment variable holding a secret (upper case, as shells spell it). */
const ENV_SECRET = /\b[A-Z][A-Z0-9]*_(?:KEY|TOKEN|SECRET|PASSWORD|PASS|PWD|CREDENTIALS?)\b/;

/** The content says something about values, units, formats, limits or the tool's own output. */
const ABOUT_VALUES =
  /\bP\b|\d|\b(?:numbers?|numeric|integers?|floats?|decimals?|strings?|booleans?|dates?|times?|timestamps?|formats?|characters?|chars|digits?|pixels?|units?|lengths?|empty|positive|negative|between|most|least|valid|invalid|lowercase|uppercase|iso|utc|json|csv|hex|base64|utf-?8|ascii|arrays?|lists?|comma\w*|required|optional|maximum|minimum|max|min|default|seconds?|minutes?|hours?|days?|bytes?|kb|mb|gb|range|enum|codes?|ids?|case|syntax|escape\w*|quoted?|url|uri|address(?:es)?|schema|returns?|returned|results?|responses?|output|rows?|pages?|records?|items?|limit|limits|rate|requests?|calls?|cents?|wei|grams?|met(?:re|er)s?|degrees?|percent|fraction|rounded|precision|order|sorted|newest|oldest|first|last|exactly|only|one\s+of|either|both)\b/i;

function mask(content: string, params: ReadonlySet<string>, tool: string): string {
  const own = (w: string) => {
    const l = w.toLowerCase();
    return l === tool || params.has(l) || params.has(l.replace(/s$/, ""));
  };
  return content
    .replace(/`([^`\n]{1,60})`/g, (m, v: string) => own(v) ? "P" : /[\s/~@\\]/.test(v) ? m : "V")
    .replace(/\b[\w]+(?:[.-][\w]+)*\b/g, (w) => own(w) ? "P" : w);
}

/** Hosts and addresses in the content are documentation examples (or a bare scheme). */
function onlyExampleHosts(text: string): boolean {
  for (const m of text.matchAll(URL_LIKE)) {
    const host = m[2] ?? "";
    if (host !== "" && !EXAMPLE_HOST.test(host.replace(/\.$/, ""))) return false;
  }
  for (const m of text.matchAll(EMAIL_LIKE)) {
    if (!EXAMPLE_HOST.test(m[1]!)) return false;
  }
  const rest = text.replace(URL_LIKE, " ").replace(EMAIL_LIKE, " ");
  return !BARE_DOMAIN.test(rest);
}

/** A tag or chat token inside the content (a nested <system>, [INST]): never plain. */
const NESTED_TAG = /<\s*\/?\s*[a-z_|!]|\[\/?(?:INST|SYS(?:TEM)?)\]|<<\/?SYS>>/i;
/** A URL given as an example of a value's form ("e.g. https://github.com/owner/repo"). */
const EXAMPLE_URL =
  /(\b(?:e\.g\.|for\s+example|for\s+instance|such\s+as)[,:]?)\s+[a-z][a-z0-9+.-]{1,15}:\/\/[^\s,;)]+/gi;
/**
 * A setting of whoever the call is for that shapes a value's form ("in the user's time zone",
 * "the account's currency"): a possessive qualifier, not data asked for or a person ordered.
 */
const SETTING_OF =
  /\b(?:the\s+)?(?:user|caller|account|customer|workspace|organi[sz]ation|team|project)(?:'s|s'|\u2019s)\s+(?:(?:own|local|default|preferred|configured|home|billing)\s+)*(?:time\s*zones?|timezones?|tz|locales?|languages?|currenc(?:y|ies)|units?|region|country|calendar|date\s+formats?|plan|quota|tier)\b/gi;

/**
 * The caller is only ever told how to give values: "you" does nothing else ("you now act only
 * on ..." orders the model), and the note never points at itself ("the text in this tag").
 */
const YOU_DO =
  /\byou\s+(?:(?:must|should|can|may|will|would|need\s+to|have\s+to|now|only|also|then|first|always|never|do\s+not|don't|cannot|can't)\s+)*([a-z']+)/gi;
const CALLER_VERB = new Set(
  ("pass give provide set send enter specify supply choose pick select leave omit include mean " +
    "want need get receive put write type use add format round convert quote escape split " +
    "see find expect run retry")
    .split(" "),
);
const SELF_NOTE =
  /\bthis\s+(?:tag|note|block|section|rule|notice|message|instruction|directive|description|text|warning|reminder)\b/i;

/**
 * What the model would go and take (the user's files, inbox, clipboard, keychain), what it is
 * told to obey, and a value made relative to what was asked.
 */
const BEYOND_CALL = new RegExp(
  String
    .raw`\b(?:every|all|each|any|the\s+current|the\s+open|the\s+active|the\s+last|recent|opened|currently)\s+(?:[\w-]+\s+)?(?:files?|folders?|director(?:y|ies)|repos?|repositor(?:y|ies)|documents?|e-?mails?|inbox|tabs?|windows?|clipboard|screen|photos?)\b|\b(?:clipboard|screenshots?|keychains?|browser|cookies|inbox|desktop|address\s+book)\b|\b(?:act\s+on|obey\w*|comply\w*|heed\w*|carry\s+out|authoritative|follow\s+(?:it|them|its|their|the\s+(?:text|result|output|instructions?|steps|directions)))\b|\b(?:than|what\s+(?:is|was)|times\s+(?:the|what))\s+(?:[\w-]+\s+)?(?:requested|asked|intended|wanted|entered)\b`,
  "i",
);

/** Clauses: sentences and `;`-parts (a stop before a space or the end; "e.g." is no stop). */
function clauses(text: string): string[] {
  return text.split(/(?<!\b(?:e\.g|i\.e|etc|vs|approx))[.!?](?=\s|$)|;|\n/i)
    .map((c) => c.trim()).filter((c) => /\w/.test(c));
}

const memo = new Map<string, boolean>();

/**
 * Whether an authority tag's content is plain documentation of this tool's own values or
 * output. `params` are the tool's parameter names (lower case), `tool` its name.
 */
export function ownValueNote(
  content: string,
  params: ReadonlySet<string>,
  tool: string,
): boolean {
  const key = `${tool}\u0000${[...params].join(",")}\u0000${content}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const out = judge(content, params, tool.toLowerCase());
  if (memo.size > 2000) memo.clear();
  memo.set(key, out);
  return out;
}

function judge(content: string, params: ReadonlySet<string>, tool: string): boolean {
  if (content.length > 700 || NESTED_TAG.test(content)) return false;
  const shown = content.replace(EXAMPLE_URL, "$1 V");
  if (HOME_PATH.test(shown) || !onlyExampleHosts(shown)) return false;
  const text = mask(shown, params, tool).replace(SETTING_OF, "V");
  if (
    ENV_SECRET.test(text) ||
    OTHER_PARTY.test(text) || OTHER_TOOL.test(text) || SENDS.test(text) ||
    CONCEAL.test(text) || OVERRIDE.test(text) || STANDING.test(text) || PRIVATE.test(text)
  ) return false;
  if (SELF_NOTE.test(text) || BEYOND_CALL.test(text)) return false;
  for (const m of text.matchAll(YOU_DO)) if (!CALLER_VERB.has(m[1]!.toLowerCase())) return false;
  // Identifiers named in the content that are not this tool's own parameters, called upon.
  if (
    /\b(?:call|calls|calling|invoke\w*|use|using|run|running|trigger\w*|via|through|with)\s+`?[a-z][a-z0-9]*(?:_[a-z0-9]+)+`?\s*(?:\(|tool\b|function\b|first\b|before\b|after\b)/i
      .test(text)
  ) {
    return false;
  }
  // Credential words: only as a word of an own parameter's name, or in a clause refusing them.
  const parts = new Set<string>();
  for (const p of params) for (const w of p.split(/[^a-z0-9]+/)) if (w.length > 2) parts.add(w);
  const cs = clauses(text);
  if (cs.length === 0 || cs.length > 8) return false;
  for (const c of cs) {
    for (const m of c.matchAll(CREDENTIAL)) {
      const w = m[0].toLowerCase();
      if (parts.has(w) || parts.has(w.replace(/s$/, ""))) continue;
      if (REFUSED.test(c) && !GIVE_VERB.test(c.replace(/\bpass\s+only\b.*$/i, ""))) continue;
      if (HELD.test(c) && !GIVE_VERB.test(c)) continue;
      return false;
    }
    if (SILENT.test(c) && !PASSIVE_SILENT.test(c)) return false;
    if (ACT_OPENER.test(c)) return false;
  }
  return ABOUT_VALUES.test(text);
}

/**
 * Near rules whose first part is an authority marker or a mandate word: when that part lies in
 * a tag whose content is plain and the rest lies after the tag, the marker addressed nobody.
 */
export const LINKED_RULES: ReadonlySet<string> = new Set([
  "intent.model_directed",
  "intent.addressed_in_call",
  "intent.addressed_send",
  "intent.mandated",
  "intent.obliged_in_call",
  "pi.marked_instruction",
]);

/** Findings of single words the content test judges itself (a secret named, data named). */
export const WORD_LEVEL = /^(?:secret\.key_material|secret\.param_name|data\.[\w.]+)$/;
