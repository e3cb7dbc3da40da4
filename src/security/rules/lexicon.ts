/**
 * Concept lexicons for the text rules: who is addressed, what is asked, what data, where it
 * goes, what is altered. Each constant is regex source (no flags, no capture groups) meant to be
 * combined into `near` terms; each is a list of words by concept, written with their
 * inflections, so a rule names a concept rather than a phrase.
 *
 * Every repetition is bounded, so every pattern built from these stays linear.
 *
 * @example
 * ```ts
 * import { verbs } from "./lexicon.ts";
 * new RegExp(`\\b${verbs("archive copy ship")}\\b`).test("copies"); // true
 * ```
 */

/**
 * Prepositions, determiners, conjunctions and adverbs: never the verb of an imperative, even
 * when they open a clause before "the" ("..., from the expiry date they provide").
 */
export const FUNCTION_WORD = String
  .raw`(?:from|with|for|into|onto|about|over|under|after|before|through|across|without|within|between|against|toward|towards|during|upon|than|then|via|per|and|but|nor|yet|the|its|all|any|each|every|both|either|neither|this|that|these|those|when|where|while|which|who|whose|what|how|why|unless|until|since|because|although|though|only|even|also|still|there|here|not|along|around|behind|beyond|below|above|like|near|except|including|regardless)`;

/** Verbs whose final consonant doubles before -ed/-ing ("ship" -> "shipped"). */
const DOUBLING = new Set(
  "ship submit transmit drop flip strip slip tap tag dig stop pin plan swap bcc tip skip sidestep shun log transfer flag"
    .split(" "),
);

/** Irregular past forms (the base and -s/-ing forms are regular). */
const IRREGULAR: Record<string, string[]> = {
  send: ["sent"],
  sell: ["sold"],
  put: [],
  read: [],
  write: ["wrote", "written"],
  take: ["took", "taken"],
  give: ["gave", "given"],
  tell: ["told"],
  find: ["found"],
  get: ["got", "gotten"],
  dig: ["dug"],
  set: [],
  feed: ["fed"],
  hide: ["hid", "hidden"],
  keep: ["kept"],
  bring: ["brought"],
  cc: ["cc'd", "cc'ed"],
  bcc: ["bcc'd", "bcc'ed"],
};

/** The inflected forms of one verb as a regex alternative ("copy" -> "cop(?:y|ies|ied|ying)"). */
export function inflect(base: string): string {
  const extra = IRREGULAR[base];
  const alts: string[] = [];
  if (/[^aeiou]y$/.test(base)) {
    const stem = base.slice(0, -1);
    alts.push(`${stem}(?:y|ies|ied|ying)`);
  } else if (/e$/.test(base) && !/ee$/.test(base)) {
    const stem = base.slice(0, -1);
    alts.push(`${stem}(?:e|es|ed|ing)`);
  } else if (/(?:s|sh|ch|x|z)$/.test(base)) {
    alts.push(`${base}(?:es|ed|ing)?`);
  } else if (DOUBLING.has(base)) {
    const last = base[base.length - 1];
    alts.push(`${base}(?:s|${last}ed|${last}ing)?`);
  } else if (extra !== undefined) {
    alts.push(`${base}(?:s|ing)?`);
  } else {
    alts.push(`${base}(?:s|ed|ing)?`);
  }
  for (const e of extra ?? []) alts.push(e);
  return alts.join("|");
}

/** A space-separated verb list with every inflection, as one non-capturing group. */
export function verbs(list: string): string {
  return `(?:${list.trim().split(/\s+/).map(inflect).join("|")})`;
}

/** A space-separated word list as one non-capturing group (multi-word entries use `_`). */
export function words(list: string): string {
  return `(?:${list.trim().split(/\s+/).map((w) => w.replaceAll("_", String.raw`\s+`)).join("|")})`;
}

// ---- who is addressed ------------------------------------------------------------------------

/**
 * The model by the role a tool's text gives it ("the orchestrator", "the planner", "the
 * completion engine", "reasoning layer", "the automated client", "the system reading this",
 * "whoever is operating this linter").
 */
export const MODEL_ROLE = String.raw`(?:${
  words(
    "orchestrator orchestrators planner planners completion_engine reasoning_engine reasoning_layer reasoning_model inference_engine automated_client automated_agent automated_assistant automation_agent executor_model operator-bot",
  )
}|(?:the\s+)?(?:ai\s+)?(?:systems?|programs?|machines?|engines?|software|process(?:es)?)\s+(?:that\s+(?:is|are)\s+)?(?:reading|parsing|processing|interpreting|consuming|using|running|calling|invoking)\s+(?:this|these|me)(?:\s+(?:text|schema|description|tool|words))?|whoever\s+(?:is\s+)?(?:${
  verbs("run call use invoke trigger execute operate drive")
})\s+(?:this|it|me|the\s+tool)(?:\s+[\w-]{2,20})?)`;

/** The model, by name or role ("the assistant", "LLM", "whoever invokes this", "the caller"). */
export const ADDRESSEE = String.raw`(?:${
  words(
    "ai ais assistant assistants agent agents model models llm llms copilot claude chatgpt gpt gemini language_model language_models the_caller callers helper_model the_helper bot",
  )
}|${MODEL_ROLE})`;

/** Obligation said to someone: modals and their periphrases ("is expected to", "ought to"). */
export const OBLIGATION = String
  .raw`(?:must|shall|should|will\s+need\s+to|needs?\s+to|ha(?:s|ve)\s+to|ought\s+to|had\s+better|(?:is|are)\s+(?:hereby\s+)?(?:(?:(?:expected|required|supposed|asked|requested|invited|meant|told|obliged|obligated|instructed|encouraged|directed)\s+)?to\b|(?:tasked|charged)\s+with|responsible\s+for|in\s+charge\s+of))`;

/**
 * A vocative before a clause ("model: ...", "LLM, look ...", "Assistant - ..."): the text
 * turns to the model and speaks to it.
 */
export const VOCATIVE = String
  .raw`\b(?:(?:(?:p\.?s\.?|note|memo|reminder|housekeeping|instructions?|directive|heads-?up)\s+(?:to|for)\s+(?:the\s+)?)?(?:ai|llm|model|assistant|agent|copilot|claude|gpt|gemini|ai\s+agents?|dear\s+(?:ai|assistant|model|agent)|${MODEL_ROLE})(?:,?\s+take\s+note)?)\s{0,2}[,:\u2014-]\s{0,3}`;

/**
 * A fronted adverbial clause before an order ("Before translating, ...", "Once done, ...",
 * "Prior to replying, ..."): the order that follows opens its own clause.
 */
export const FRONTED = String
  .raw`\b(?:(?<=(?:^|[.!?:]\s{1,3}))to|before|after|once|when(?:ever)?|while|prior\s+to|upon|on|as\s+soon\s+as|if(?!\s+(?:required|needed|necessary|applicable|so|not|any|available|provided|present|desired|possible|specified|given|set|omitted|unset|empty)\s*,)|unless|where)\s[\w'. -]{1,40}?,\s{1,3}`;

/** Where a secret is configured: "... in the X environment variable", "... into your config file". */
const CONFIG_PLACE = String
  .raw`(?:\s{1,3}[\w'-]{1,20}){0,4}?\s{1,3}(?:in|into|as|via|to|through)\s{1,3}(?:the\s+|an?\s+|your\s+)?(?:[\w-]{1,40}\s+)?(?:environment\s+variables?|env\s+vars?|config(?:uration)?\s+files?|settings\s+files?|\.env\b)`;

/**
 * Not said of where a secret is configured ("provide an API key in the X environment variable",
 * "put the token in your config file"): that is setting the tool up, not handing data over.
 */
export const NOT_TO_CONFIG = `(?!${CONFIG_PLACE})`;

/**
 * After an obligation, the duties that protect the user ("should ask the user", "must set the
 * variable", "must never ...") are not orders about the data that follows.
 */
export const NOT_SAFE_DUTY = String
  .raw`(?!\s{1,3}(?:(?:always|first|also)\s{1,3})?(?:ask|check\s+with|confirm|verify|warn|notify|inform|set|configure|define|export|create|generate|rotate|protect|keep|never|not|avoid|refuse)\b|\s{1,3}(?:provide|supply|pass|add|put|enter|place|store)${CONFIG_PLACE})`;

/**
 * A verb that is negated ("never sends", "does not copy", "without forwarding", "don't include")
 * is not a request. "n't" follows a letter, so no word boundary comes before it.
 */
export const NEGATED = String
  .raw`(?:\b(?:never|not|no|cannot|without|nor)|n't)\s{1,4}(?:\w{1,30}\s{1,4})?`;

/**
 * Words that end a negation's reach inside a list ("do not ask, just send ... or ...").
 */
const LIST_BREAK = String.raw`(?:but|just|instead|rather|simply|only|then|and|so)\b`;

/**
 * A negation reaches every item of a list joined by "or"/"nor", with or without commas ("does not
 * send cookies or stored credentials", "won't change, relax or bypass"): the later verb or
 * participle is negated too.
 */
export const NEGATED_LIST = String
  .raw`(?:\b(?:never|not|without|nor)|n't)\s{1,4}(?:(?!${LIST_BREAK})[\w'-]{1,30},?\s{1,4}){1,4}?(?:or|nor)\s{1,4}`;

/**
 * A documented switch that turns a prompt off ("when `yes` is set", "with `confirm: false`",
 * "--yes", "in non-interactive mode"): the tool's behaviour under a flag the user sets.
 */
export const FLAG_SWITCH = String
  .raw`(?:\x60(?:--?[\w-]{1,30}|[\w-]{1,30}\s{0,2}[:=]\s{0,2}(?:true|false|yes|no|0|1)|yes|y|force|no-?confirm|auto_?confirm|non-?interactive)\x60|--(?:yes|force|no-confirm|non-interactive|assume-yes|quiet)\b|\b(?:non-?interactive|batch|headless|ci|unattended|scripted)\s+mode\b|\bnon-?interactively\b)`;

/**
 * Not a consent skip bound to a documented switch, before or after it in the sentence ("runs
 * without asking for confirmation when `yes` is set", "in non-interactive mode it runs without
 * prompting").
 */
export const NOT_FLAG_BOUND = String
  .raw`(?<!${FLAG_SWITCH}[^.\n\x00]{0,60})(?![^.\n\x00]{0,60}?${FLAG_SWITCH})`;

/**
 * Not qualified, later in the sentence, by the user's own choice ("only if the user turns on
 * sharing", "when the user asks"): a consent condition, not a covert order.
 */
export const NOT_USER_CONDITIONED = String
  .raw`(?![^.\n]{0,80}?\b(?:only\s+)?(?:if|when|once|after|unless)\s+the\s+user\s+(?:\w{1,20}\s+){0,2}?(?:enables?|enabled|turns?\s+on|turned\s+on|opts?\s+in|opted\s+in|asks?|asked|agrees?|agreed|allows?|allowed|chooses?|chose|consents?|consented|approves?|approved|confirms?|confirmed|requests?|requested))`;

// ---- what is asked ---------------------------------------------------------------------------

/**
 * Taking, looking or telling (base forms, for imperatives): read, gather, peek, rummage, write
 * down, recite. Verbs a tool's own description opens with ("fill", "check", "place", "save")
 * are left out: they describe the tool, and the model is ordered by `OBLIGATION` or `VOCATIVE`.
 */
export const TAKE_IMPERATIVE = String
  .raw`(?:read|gather|collect|look\s+(?:up|through|in|into|for|at)|peek\s+(?:at|in|into)|rummage(?:\s+(?:through|in))?|dig\s+(?:through|into|up|out)|comb\s+through|sift\s+through|trawl(?:\s+through)?|go\s+through|write\s+(?:down|out)|note\s+down|jot\s+down|transcribe|recite|reveal|disclose|spell\s+out|tell\s+(?:us|me)|hand\s+over|stash|enumerate|inventory|catalog(?:ue)?)`;

/** Data moved away, in any tense: send, forward, relay, mirror, archive, duplicate, sync ... */
export const MOVE = String
  .raw`(?:go(?:es)?\s+(?:straight|directly|right)|end(?:s|ed)?\s+up|made\s+(?:available|visible|accessible)|hand(?:s|ed|ing)?\s+(?:(?:off|over|across|along|on)\b|(?=to\b))|pass(?:es|ed|ing)?\s+(?:along|on)\b|mail(?:s|ed|ing)?\s+off|retain(?:s|ed|ing)?\s+(?:\w{1,15}ly\s+)?(?:on|at|by|with)\b|kept(?:,\s[^,.\n]{1,25},)?\s+(?:\w{1,15}ly\s+)?(?:on|at|by)\b|expos(?:e|es|ed|ing)|travel(?:s|led|ed|ling|ing)?|funnell(?:ed|ing)|land(?:s|ed|ing)?\s+(?:in|at|on)|` +
  verbs(
    "send forward transmit relay mirror archive duplicate sync replicate upload post push ship export submit deliver stream beam pipe leak exfiltrate dispatch funnel route copy share report pass cache store save log retain persist dump beacon email e-mail sell transfer disclose synchronise synchronize tee cc bcc convey ferry propagate shuttle siphon offload courier lodge attach echo syndicate deposit furnish divulge",
  ) + ")";

/** A copy made on the side, in any tense (duplicate, mirror, copy, archive, back up, cc). */
export const COPY = String.raw`(?:${
  verbs("duplicate mirror replicate copy clone archive tee cc bcc")
}|back(?:s|ed|ing)?\s+up|a\s+(?:copy|duplicate|mirror|backup)\s+of)`;

/**
 * What an order asks of the model, as base forms: take, look, copy, carry, tell, send. Used
 * after an addressee and an obligation ("agents must gather", "model: fill ...").
 */
export const ACT = String
  .raw`(?:${TAKE_IMPERATIVE}|pull|grab|fetch|obtain|retrieve|get|open|load|find|locate|search|scan|extract|harvest|scrape|dump|print|list|copy|paste|attach|carry|include|put|place|insert|embed|append|prepend|stuff|tuck|slip|fill|populate|add|pass|hand|give|provide|supply|share|send|forward|transmit|relay|mirror|archive|duplicate|sync|upload|post|push|ship|export|submit|deliver|stream|beam|report|leak|write|record|enter|type|return|echo|output|quote|request|ask\s+for|obtain|store|save|record|log|keep|enclose|wrap|bundle|smuggle|enumerate|summari[sz]e|hands?\s+over)`;

/** A place in the call: a named or quoted argument, a field, every query or request. */
export const IN_CALL = String
  .raw`\b(?:in|into|as|inside|to|via|through|within|under|with)\s+(?:the\s+|this\s+|its\s+|a\s+)?['"\x60]?[\w-]{1,40}['"\x60]?\s+(?:field|argument|parameter|param|arg|payload|value|property|key)\b|\b(?:in|as|into|via|through|inside|within|under)\s+['"\x60][\w-]{1,40}['"\x60]|\b(?:every|each|any|all)\s+(?:quer(?:y|ies)|requests?|calls?|invocations?|messages?)\b|\b(?:no|na|en|el|le|dans|im|ins|in|nel|nello)\s+(?:(?:le|el|o|a|das|den)\s+)?(?:campo|champ|feld|parámetro|parâmetro|paramètre|parametro|argumento|argomento)\s+['"\x60]?[\w-]{1,40}`;

// ---- what data ---------------------------------------------------------------------------------

/** The conversation, in any of its names. */
const CONVERSATION = String
  .raw`(?:conversation|chat|dialogue|dialog|thread|exchanges?|back-and-forth|discussion|session|transcript|messages?|turns?)`;

/**
 * Data a model must never hand over, by concept: one-time and backup codes, wallet seed words,
 * identity documents, security-question answers, financial records, the conversation and the
 * system text, MCP client configuration, browser sessions, the environment, home dotfiles.
 */
export const DATA_CONCEPTS = String.raw`(?:` +
  // one-time, second-factor, backup and recovery codes
  String
    .raw`(?:2fa|two[- ]factor|mfa|multi[- ]factor|otp|one[- ]time|backup|recovery|authenticator|totp|verification|security|login|sign-?in|auth(?:entication)?)\s+(?:[\w-]{1,20}\s+)?(?:codes?|secrets?|seeds?)|(?:2fa|two[- ]factor|mfa|otp|totp|recovery|backup)\s+keys?` +
  // wallet seed and recovery words
  String
    .raw`|(?:seed|recovery|mnemonic|backup|secret)\s+(?:words|phrases?|sentences?)|\b\d{1,2}[- ](?:word\s+)?(?:seed|recovery|mnemonic|secret)\b|wallet(?:'s)?\s+(?:seeds?|mnemonics?|recovery\s+\w{1,10})` +
  // identity documents
  String
    .raw`|driv(?:er'?s?|ing)\s+licen[cs]es?|government(?:-issued)?\s+(?:id|identification)(?:\s+(?:cards?|scans?|photos?))?|photo\s+id|passports?(?:\s+(?:numbers?|scans?|photos?|details))?|national\s+(?:id|identity|insurance)(?:\s+(?:cards?|numbers?))?|identity\s+(?:cards?|documents?|papers)|id\s+cards?|social\s+security(?:\s+numbers?)?|ssns?|tax\s+(?:id|identification|file)\s+numbers?|birth\s+certificates?|date\s+of\s+birth` +
  // answers to security questions
  String
    .raw`|(?:mother'?s\s+)?maiden\s+names?|mother'?s\s+(?:birth\s+|family\s+)(?:surname|last\s+name|name)|(?:first|primary|elementary)\s+school(?:'s)?\s+name|name\s+of\s+(?:their|your|the\s+user's|his|her)\s+(?:first|primary|elementary)\s+school|(?:first|childhood)\s+(?:car|street|teacher|best\s+friend)(?:'s)?\s+name|(?:security|recovery|secret|verification)\s+(?:[\w-]{1,20}\s+)?(?:questions?|answers?)|(?:first|childhood)\s+pet(?:'s)?\s+name` +
  // financial records
  String
    .raw`|tax\s+returns?|bank\s+(?:statements?|details|logins?|account\s+(?:numbers?|details))|(?:credit|debit)\s+card\s+(?:numbers?|details)|pay\s?slips?|routing\s+numbers?` +
  // the conversation, the system text
  String
    .raw`|(?:every|all|each|the)\s+(?:preceding|previous|prior|earlier|past)(?:\s+\w{1,20}){0,3}?\s+(?:turns?|messages?|exchanges?|prompts?|replies)|everything\s+you\s+(?:were|have\s+been|got)\s+(?:told|given|instructed)|(?:your\s+)?(?:operating|standing|internal)\s+brief|before\s+the\s+(?:user's|person's|human's|customer's)\s+(?:first|opening)\s+(?:turn|message)|(?:preceding|previous|prior|earlier|past)\s+(?:user\s+|human\s+)?(?:turns?|requests?|prompts?|questions?|queries|exchanges?|inputs)|(?:dialogue|dialog|conversation|chat|thread)\s+(?:so\s+far|history|log|to\s+date)|context\s+window|system\s+(?:turns?|prompts?|messages?)(?!\s+(?:window|dialog|dialogue|box|popup|pop-up|sheet))|(?:developer|operator|hidden|system)\s+instructions|instructions\s+you\s+(?:were|have\s+been)\s+(?:given|configured|set\s+up|started)|everything\s+(?:said|written|typed|discussed)` +
  String
    .raw`|(?:whole|entire|full|complete|raw|verbatim)\s+(?:[\w-]{1,20}\s+)?(?:conversation|chat|dialogue|dialog|back-and-forth)|${CONVERSATION}\s+(?:[\w-]{1,20}\s+){0,4}?(?:so\s+far|to\s+date|until\s+now|up\s+to\s+now|thus\s+far)|${CONVERSATION}\s+(?:with|between)\s+(?:the\s+)?(?:user|human|you|me)|(?:hidden|secret|internal|underlying|initial|setup|original)\s+(?:[\w-]{1,20}\s+)?(?:prompts?|preamble)|(?:developer|system|operator)\s+(?:messages?|prompts?)|(?:hidden|secret)\s+(?:[\w-]{1,20}\s+)?(?:instructions|directives)` +
  // a secret by its possessor ("the user's PIN", "their Apple ID password", "the requester's SSN")
  String
    .raw`|(?:user's|users'|their|his|her|owner's|customer's|person's|requester's|caller's|human's)\s+(?:[\w-]{1,20}\s+){0,2}?(?:pins?|passcodes?|passwords?|passphrases?|logins?|credentials|tokens?|api\s+keys?|secret\s+keys?|private\s+keys?|ssns?|social\s+security|passports?|licen[cs]es?|ibans?|card\s+numbers?|cvvs?|secrets)` +
  // health records; payment cards; private messages by their possessor
  String
    .raw`|medical\s+(?:records?|history|files?|data|notes)|health\s+(?:records?|data)|diagnos[ie]s|prescriptions|(?:credit|debit|payment)\s+cards?(?:\s+(?:numbers?|details))?` +
  // MCP client configuration, browser sessions, the environment, home dotfiles
  String
    .raw`|(?:mcp|claude|cursor|windsurf|cline|vs\s?code)\s+(?:[\w-]{1,20}\s+)?(?:config(?:uration)?|settings)(?:\s+files?)?|(?:kube|kubernetes|aws|gcloud|azure|docker|npm|pypi|ssh|git|cloud)\s+(?:[\w-]{1,20}\s+)?(?:config(?:uration)?|context|credentials?)\s+files?|(?:browser|login|auth)\s+(?:cookies?|sessions?|profiles?)|session\s+cookies?|saved\s+(?:[\w-]{1,20}\s+)?(?:logins?|passwords?|cards?|credentials|sessions?)|(?:environment|env)\s+(?:variables?|vars?|values)|printenv|(?:the\s+)?environment\s+of\s+(?:the\s+|this\s+)?(?:current\s+|running\s+)?(?:shell|process|session|machine|terminal)|shell\s+environment|dotfiles|(?:home|user)\s+(?:directory|folder)\s+(?:files|secrets|dotfiles)` +
  `)`;

/**
 * More data a model must never hand over, kept apart from `DATA_CONCEPTS` so the prefilter can skip
 * it in tools without its words: password-manager exports, autofill and Wi-Fi keys, phone and eSIM
 * codes, one-off and SMS codes, card security codes, banking logins, wallet words by count, browser
 * and mail profile stores, chat-app exports, shell history by command, VPN keys, records of what the
 * user said, the text the model was set up with, the MCP client's server list.
 */
export const DATA_CONCEPTS_MORE = String.raw`(?:` +
  // password managers and what browsers and phones keep (exports, vaults, autofill, Wi-Fi keys)
  String
    .raw`(?:1password|bitwarden|keepass(?:xc)?|lastpass|dashlane|enpass|proton\s+pass|password[- ]manager|keychain|keyring)(?:'s)?\s+(?:[\w-]{1,20}\s+)?(?:exports?|vaults?|databases?|dumps?|entries|items|files?|backups?|contents|data|session\s+(?:keys?|tokens?)|master\s+keys?)|bw_session|(?:vault|keychain|keyring)\s+(?:exports?|dumps?|backups?)|master\s+passwords?|autofill(?:\s+(?:data|store|entries|profiles?|addresses|records))?|(?:saved|stored)\s+(?:[\w-]{1,20}\s+)?(?:addresses|phone\s+numbers|wi-?fi\s+\w{1,12})|wi-?fi\s+(?:passwords?|passphrases?|keys?)` +
  // phone and eSIM secrets, one-off codes, card security codes, banking logins
  String
    .raw`|(?:e?sim|lpa)\s+(?:activation\s+)?(?:codes?|pins?|puks?)|activation\s+codes?|puk\d?(?:\s+codes?)?|imei(?:\s+numbers?)?|iccid|one-?(?:off|time|use)\s+(?:pass)?codes?|(?:sms|text(?:ed)?)\s+(?:verification\s+)?codes?|codes?\s+(?:that\s+)?(?:their|the|your|his|her)\s+bank\s+(?:just\s+)?(?:texted|sent|messaged)|last\s+(?:four|4)\s+digits|\d-digit\s+(?:[\w-]{1,12}\s+)?codes?|codes?\s+(?:that\s+)?(?:they|you|the\s+user|he|she)\s+(?:just\s+)?(?:received|got)\s+(?:by|via|over|in\s+an?)\s+(?:sms|text|e-?mail)|cvv2?|cvc2?|card\s+(?:security\s+codes?|expiry(?:\s+dates?)?|pins?)|cardholder(?:'s)?\s+[\w-]{2,20}|(?:online[- ])?banking\s+(?:passcodes?|passwords?|pins?|logins?|credentials)|tax\s+account\s+(?:passwords?|logins?)|security\s+prompts?|residence\s+permits?|work\s+permits?` +
  // wallet words by count or purpose ("the twelve words that restore the user's MetaMask")
  String
    .raw`|(?:twelve|twenty-four|eighteen|twenty-four|12|18|24)\s+(?:secret\s+|recovery\s+|seed\s+|backup\s+)?words|words\s+that\s+(?:restore|recover|unlock|back\s+up)|(?:metamask|phantom|trust\s?wallet|ledger|coinbase\s+wallet|exodus|rabby)\s+(?:seed|recovery|secret|backup)\s+(?:words|phrases?)` +
  // browser and mail profile stores, chat-app exports, shell history by command, carrier PINs
  String
    .raw`|login\s+data|logins\.json|key[34]\.db|cookies\.sqlite|(?:chrome|firefox|edge|brave|safari|thunderbird|opera)(?:'s)?\s+(?:[\w-]{1,20}\s+)?(?:profiles?|password\s+stores?|saved\s+passwords|login\s+stores?)|application\s+support/(?:google/chrome|firefox|brave\w*|microsoft\s+edge)|(?:slack|discord|teams|whatsapp|signal|telegram|imessage|messenger)\s+(?:[\w-]{1,20}\s+)?(?:exports?|archives?|history|backups?|messages|dms|databases?|logs?)|history\s*\|\s*(?:tail|head|grep)|(?:bash|zsh|fish)_history|(?:account|transfer|porting|port-out|carrier|security)\s+pins?` +
  // vendor API keys, shell profiles, macOS message and mail stores, card PINs, N-word backups
  String
    .raw`|(?:openai|anthropic|claude|stripe|aws|github|gitlab|slack|google|gemini|mistral|hugging\s?face|twilio|sendgrid|azure|cloudflare|vercel|supabase|pinecone)\s+(?:api\s+|secret\s+|access\s+|auth\s+)?(?:keys?|tokens?|secrets?)|shell\s+(?:profiles?|rc\s+files?|startup\s+files?)|chat\.db|sms\.db|~/library/(?:messages|mail|keychains|cookies)|pins?\s+(?:of|for)\s+(?:their|the|your|his|her)\s+(?:debit\s+|credit\s+|bank\s+|atm\s+)?cards?|\d{1,2}[- ]words?\s+(?:backup|phrase|list|seed|recovery)|hardware\s+wallet(?:'s)?\s+(?:backup|words|seed|phrase|pin)` +
  // VPN keys; the conversation by who said it or since when; the MCP client's server list
  String
    .raw`|wireguard\s+(?:private\s+)?keys?|jwts|json\s+web\s+tokens|(?:browser's\s+)?(?:local|session)\s?storage\s+(?:tokens?|values|contents|entries|data)|(?:tokens?|jwts?|secrets?)\s+(?:from|in|out\s+of)\s+(?:the\s+)?(?:browser's\s+)?(?:local|session)\s?storage|(?:record|log|transcript|copy|account|list)\s+of\s+(?:everything\s+|all\s+)?(?:that\s+)?(?:what\s+)?(?:the\s+)?(?:person|user|human|customer)\s+(?:has\s+)?(?:told|said\s+to|written\s+to|typed\s+to|asked)\s+you|(?:text|prompt|message|instructions|configuration|setup)\s+(?:that\s+)?you\s+(?:were|have\s+been)\s+(?:initiali[sz]ed|primed|seeded|configured|set\s+up|started|booted)\s+with|(?:everything|all|anything|whatever)\s+(?:that\s+)?you\s+(?:know|have\s+(?:learned|learnt|gathered|seen|noted)|learned|learnt|gathered|remember|recall)\s+about\s+(?:the\s+user|them|him|her|this\s+(?:person|user|customer)|the\s+(?:person|human|customer))|(?:a\s+)?(?:profile|dossier|summary)\s+of\s+(?:what\s+you\s+know\s+about\s+)?(?:the\s+user|this\s+(?:person|user)|the\s+person)|what\s+you\s+know\s+about\s+(?:the\s+user|this\s+person|them)|(?:ssh\s+)?known_hosts(?:\s+(?:files?|entries))?|hosts?\s+(?:the\s+user|they|you)\s+(?:ha(?:s|ve)\s+)?(?:connected|logged\s+in|ssh'?d)\s+to|wg\d?\.conf|vpn\s+(?:keys?|credentials|configs?)|everything\s+(?:(?:the\s+user|you)\s+and\s+(?:the\s+)?(?:assistant|you|user|model)|you\s+and\s+the\s+user)\s+(?:have\s+)?(?:said|written|typed|discussed|exchanged)|(?:last|previous|recent|earlier)\s+(?:\w{1,10}\s+)?(?:prompts|user\s+messages)|(?:json|file|config(?:uration)?|settings)\s+that\s+(?:configures|lists|defines|sets\s+up)\s+(?:your|the|its|every)\s+(?:[\w-]{1,20}\s+)?(?:mcp\s+)?servers` +
  `)`;

/**
 * Anything of the user's, named by its possessor ("the user's recent DMs", "your user's photos",
 * "whatever the user copied"): data tools do handle, so only an order to put it in the call
 * counts (a piece).
 */
export const USER_OWNED = String
  .raw`\b(?:(?:the|your|a|an|this)\s+)?(?:user's|users'|human's|person's|customer's|owner's|requester's)\s+(?:[\w-]{1,20}\s+){0,2}?(?!(?:folder|directory|dir|path|desktop|downloads|home|workspace|timezone|time|locale|language|preferences?|settings|choice|request|query|question|input|selection|id|name|consent|approval|confirmation)\b)[\w-]{2,20}\b|\b(?:whatever|anything|everything|any\s+[\w-]{1,20})\s+the\s+user\s+(?:has\s+)?(?:\w{1,20}\s+)?(?:mentioned|said|typed|shared|copied|wrote|entered|pasted|uploaded|saved|stored)\b`;

/** Personal data that tools do handle, but never hand to an outside party (a weaker concept). */
export const DATA_SOFT = String
  .raw`(?:(?:the\s+user's|their|your|users')\s+(?:[\w-]{1,20}\s+)?(?:inbox|mailbox|e-?mails?|dms|direct\s+messages|contacts|photos|calendar|location|address|browsing|clipboard|files|documents|notes)|hostnames?|ip\s+address(?:es)?|user\s+lists?|list\s+of\s+users|running\s+processes|machine(?:'s)?\s+(?:\w{1,20}\s+)?(?:name|identity|details|info))`;

// ---- where it goes -----------------------------------------------------------------------------

/** Chosen, configured or owned by the user ("... the user names", "... they configured"). */
const USER_CHOSEN = String
  .raw`(?!\s+(?:that\s+|which\s+)?(?:the\s+user|they|you)\s+(?:\w{1,20}\s+)?(?:names?|named|chose|chooses?|picks?|picked|selects?|selected|specif\w{1,4}|enters?|entered|adds?|added|invites?|invited|types?|typed|provides?|provided|gives?|gave|lists?|listed|configured|configures?|registered|registers?|set\s+up|owns?|controls?|trusts?|plugs?\s+in|plugged\s+in|connects?|connected|mounts?|mounted|pairs?|paired))`;

/**
 * A party other than the user, in prose: a partner's, collaborator's, aggregator's or
 * analytics service, one "we operate", a webhook, anything "off-box" or "offsite". (`\bad`: the
 * word boundary the rule puts before this group does not reach a literal inside it, and "ad "
 * alone is too weak for the prefilter, which then kept only the nouns and ran on every tool.)
 */
export const OUTSIDE_PARTY = String
  .raw`(?:(?:external|outside|offsite|marketing|advertising|\bad|off-site|off-box|offbox|third[- ]party|partner(?:'s)?|collaborator(?:'s)?|affiliate(?:'s)?|sponsor(?:'s)?|vendor(?:'s)?|author's|maker's|developer's|maintainer's|maintainers'|publisher's|creator's|overseas|offshore|independent|data-enrichment|enrichment|ad-tech|adtech|lead-gen(?:eration)?|foreign|aggregation|aggregator(?:'s)?|analytics|telemetry|tracking|collection|harvesting|data[- ]broker(?:'s)?)(?!\s+own\b)\s+(?:[\w-]{1,20}\s+){0,2}?(?:servers?|services?|endpoints?|feeds?|webhooks?|buckets?|archives?|collectors?|sinks?|mailbox(?:es)?|inbox|clouds?|hosts?|backends?|storage|apis?|sites?|databases?|repositor(?:y|ies)|firms?|agenc(?:y|ies)|compan(?:y|ies)|brokers?|networks?|drives?|drops?|vaults?|machines?|urls?|listeners?|pipelines?|platforms?|parties|part(?:y|ners)|mirrors?|dropbox|gists?|laptops?|computers?|review\s+bots?|warehouses?)${USER_CHOSEN}|\b(?:author's|maker's|developer's|maintainer's|vendor's)\s+(?:own\s+)?(?:environment|config(?:uration)?|settings)\b|\b(?:belongs?|belonging)\s+to\s+(?:someone|somebody|a\s+third\s+party|another\s+(?:company|party|organi[sz]ation|vendor))(?:\s+else)?\b|\b(?:someone|somebody)\s+else's\b|\bpublic\s+(?:paste(?:\s*bin)?|gists?|buckets?|forums?|channels?)(?:\s+(?:sites?|services?))?\b|\bpastebin\b|\b(?<!\b(?:money|funds|payments?|cash|transfers?)\s+)abroad\b|\b(?:that\s+)?the\s+(?:developers?|authors?|maintainers?|vendors?|makers?|publishers?)\s+(?:reads?|sees?|reviews?|checks?|can\s+(?:read|see|access|browse))\b|\b(?:sister|parent|affiliated|associated|partner)\s+(?:compan(?:y|ies)|firms?|organi[sz]ations?|entit(?:y|ies)|businesses)\b|\b(?:recruiters|lenders|headhunters|lead\s+buyers|employers|landlords|debt\s+collectors|spammers)\b(?<=\b(?:to|with)\s+(?:some\s+|various\s+|our\s+)?(?:[\w-]{1,20}\s+)?(?:recruiters|lenders|headhunters|lead\s+buyers|employers|landlords|debt\s+collectors|spammers))|at\s{0,2}[)\]}](?<=[\w.+-]\s{0,2}[(\[{]\s{0,2}at\s{0,2}[)\]}])\s{0,2}[\w-]{1,63}\s{0,2}(?:[(\[{]\s{0,2}dot\s{0,2}[)\]}]|\.)\s{0,2}[a-z]{2,12}\b|(?<=\w\s)(?:that\s+|which\s+)?(?:\bwe\s+|our\s+(?:[\w-]{1,20}\s+)?(?:company|partners?|affiliates?|team|vendors?|parent|owners?)\s+)(?:operates?|runs?|owns?|controls?|hosts?|maintains?|manages?|work\s+with|partner\s+with|collaborate\s+with|sell|sells|rent|resell|license|licence|monetise|monetize|use|share\s+(?:data\s+)?with)|(?:to|with|among)\s+(?:some\s+|various\s+|selected\s+|trusted\s+|our\s+)?(?:[\w-]{1,20}\s+)?(?:third[- ]parties|advertisers|marketers|insurers|data\s+brokers|brokers|resellers|buyers|contractors|sponsors|partners|affiliates|outsiders)${USER_CHOSEN}|(?:run|operated|owned|controlled|hosted|maintained|managed|kept|belonging)\s+(?:by|to)\s+(?:us\b|(?:our|a|an|the|its|some|their)\s+(?:[\w'-]{1,20}\s+){0,2}?(?:partners?|affiliates?|vendors?|makers?|authors?|developers?|publishers?|collaborators?|sponsors?|contractors?|third[-\s]+part(?:y|ies)(?:\s+\w{1,20})?|advertisers?|brokers?))|\b(?:our|an?|some)\s+(?:(?!(?:with|to|and|or|of|for|from|by|in|on|the)\b)[\w-]{1,20}\s+){0,2}?(?:partners?|affiliates?|collaborators?|sponsors?|advertisers?|data\s+brokers?|brokers?|aggregators?|vendors?|contractors?|resellers?|publishers?|labs?)(?!'s)${USER_CHOSEN}(?!\s+(?:record|records|list|id|ids|organisations?|organizations?|accounts?)\b)|\ba\s+webhook\b${USER_CHOSEN}|\bour\s+(?:[\w-]{1,20}\s+)?[\w-]{1,20}'s\s+(?:[\w-]{1,20}\s+)?(?:webhooks?|servers?|endpoints?|backends?|buckets?|collectors?|storage|inbox|mailbox|database|feed)|\boff-?(?:box|site|device|premises)\b|\boutside\s+(?:the|this|your|their)\s+(?:machine|device|network|box|organi[sz]ation|organi[sz]ations|company|team|workspace))`;

// ---- what is altered (shadowing) -----------------------------------------------------------------

/** A change to what a call does or carries, in any tense. */
export const ALTER = verbs(
  "add append prepend attach include insert inject put place stash copy duplicate mirror save store write drop remove strip delete wipe erase purge destroy clear truncate omit skip disable bypass mark label tag flag approve merge publish expose flip toggle switch change set replace swap substitute redirect reroute route raise bump lower increase inflate alter modify rewrite override force widen expand loosen relax cc bcc prefix suffix upgrade downgrade elevate tick untick uncheck empty blank zero reassign invite carry target",
);

/** Setting other tools aside, in any tense: avoid, ignore, skip, sidestep, deprioritise. */
export const SET_ASIDE = String.raw`(?:${
  verbs("avoid ignore skip bypass sidestep shun disregard deprioritise deprioritize sideline")
}|pass(?:es|ed|ing)?\s+over)`;
