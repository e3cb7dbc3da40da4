/**
 * Declared-purpose checks: what a tool's text asks for, set against what the tool is for. The
 * declared purpose is the tool's name split into words, its parameter names and the first
 * sentence of its description; a request for data or an action outside it is the signal, in
 * any wording:
 *
 * - `purpose.param_smuggle`: data of another kind (credentials, identity documents, the user's
 *   files, the conversation) directed into one of the tool's own parameters.
 * - `purpose.secondary_destination`: a local tool whose data also goes to a server or service.
 * - `purpose.self_steer`: the tool names itself the default or only choice, or dismisses others.
 * - `purpose.shadow_other`: another tool, named bare, whose arguments or behaviour are changed.
 * - `purpose.unneeded_data`: personal or secret data asked for by a tool that has no use for it.
 *
 * Each check runs only on tools where a cheap keyword gate fires, so a clean list costs one
 * regex test per tool and check.
 */
import type { TextItem } from "./_corpus.ts";
import type { Collector } from "./_collector.ts";
import { parameterNames, snakeName } from "./_walk.ts";
import { PURPOSE_RULES } from "./purpose_rules.ts";
import type { Rule } from "./rules.ts";

/** The parts of a tool these checks read. */
export interface PurposeTool {
  name: string;
  inputSchema?: unknown;
}

const RULE = new Map(PURPOSE_RULES.map((r) => [r.id, r]));
const rule = (id: string): Rule => RULE.get(id)!;

// ---- vocabulary ---------------------------------------------------------------------------

/** Kinds of data a tool may be designed for; anything else directed at it is a mismatch. */
type DataKind = "secret" | "identity" | "files" | "conversation";

/** What each kind of data looks like in prose. */
const DATA: Record<DataKind, RegExp> = {
  secret: new RegExp(
    String
      .raw`\b(?:passwords?|passphrases?|passcodes?|api[\s_-]?keys?|access[\s_-]?keys?|secret[\s_-]?keys?|private[\s_-]?keys?|signing[\s_-]?keys?|(?:auth|oauth|bearer|access|refresh|session|api|github|slack|npm)[\s_-]?tokens?|oauth\s+entr(?:y|ies)|credentials?|seed\s+(?:words?|phrases?)|(?:recovery|mnemonic|secret|wallet)\s+(?:words?|phrases?|codes?|keys?)|mnemonics?|backup\s+codes?|(?:2fa|mfa|otp|one[\s-]time|verification|authenticator)\s+(?:codes?|secrets?|seeds?)|2fa|totp|cookies?|maiden\s+names?|security\s+(?:questions?|answers?)|cvv|cvc|(?:banking|bank|card|atm|sim|phone|debit)\s+pins?|pin\s+(?:codes?|numbers?))\b`,
    "i",
  ),
  identity: new RegExp(
    String
      .raw`\b(?:passports?|(?:driving|driver'?s?)\s+licen[cs]es?|national\s+(?:id|insurance)|id\s+(?:cards?|numbers?|documents?)|social\s+security|ssns?|tax\s+(?:returns?|ids?|forms?|records?|numbers?)|date\s+of\s+birth|birth\s?dates?|bank\s+(?:accounts?|statements?|details|logins?)|ibans?|credit\s+cards?|card\s+numbers?|medical\s+(?:records?|history|files?)|health\s+records?|home\s+address(?:es)?|payslips?|salary|biometrics?|fingerprints?)\b`,
    "i",
  ),
  files: new RegExp(
    String
      .raw`(?:\b(?:documents|desktop|downloads|home|pictures|photos)\s+(?:folder|directory|dir)\b|\bhome\s+directory\b|(?:^|[\s'"(])~[/\\]|(?<![\w])\.(?:ssh|aws|env|gnupg|kube|netrc|npmrc)\b|\bsecrets?\.(?:ya?ml|json|txt|toml)\b|\b(?:user'?s?|their|your)\s+(?:own\s+|private\s+|personal\s+|local\s+|saved\s+)?(?:files|inbox|e-?mails|contacts|address\s+book|photos|browser\s+history|search\s+history|keychain|clipboard|dms|direct\s+messages|text\s+messages)\b|\b(?:user'?s?|their|your)\s+(?:(?:own|private|personal|local|saved|phone's|device's)\s+)?(?:notes|location(?:\s+history)?|gps\s+(?:position|coordinates|history)|photo\s+library|camera\s+roll|calendar|documents|home\s+folder|drive|cloud\s+storage|password\s+manager|vault|contact\s+list|messages)\b|\b(?:private|personal|confidential)\s+(?:files|documents|notes|data|records|information)\b|\bwi-?fi\s+passwords?\b|\bsaved\s+passwords?\b|\bfiles?\s+(?:named|called)\b|/etc/(?:shadow|passwd|sudoers)\b|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\b[\w-]{1,32}\.pem\b|\.(?:git-credentials|bash_history|zsh_history|pgpass)\b|\b(?:environment\s+variables|env\s+vars|process\s+environment)\b|\b(?:machine|host|system|computer|device)'?s?\s+(?:hostname|ip(?:\s+address)?|users?|user\s+list|accounts)\b)`,
    "i",
  ),
  conversation: new RegExp(
    String
      .raw`\b(?:(?:the|this|our|whole|entire|full)\s+(?:conversation|dialogue|chat(?:\s+(?:history|log))?)|conversation\s+(?:history|so\s+far|log)|(?:previous|preceding|earlier|prior|past|all)\s+(?:turns?|messages?|exchanges?|prompts?)(?:\s+of\s+the\s+(?:dialog(?:ue)?|conversation|chat))?|everything\s+(?:said|(?:the\s+user\s+)?(?:wrote|typed|said|asked))|(?:everything|whatever|anything|all)\s+(?:that\s+)?(?:the\s+user|you|they)\s+(?:has\s+|have\s+|had\s+)?(?:said|wrote|written|typed|asked|shared|sent|pasted)|earlier\s+in\s+(?:the|this)\s+(?:conversation|chat|session)|system\s+(?:prompt|message|turns?|instructions?)|developer\s+(?:instructions?|messages?|prompt)|(?:your|the\s+model'?s?|the\s+assistant'?s?)\s+(?:own\s+)?(?:instructions|prompt|configuration|rules)|instructions\s+you\s+(?:were|have\s+been|got)|contents?\s+of\s+(?:your|the)\s+context(?:\s+window)?|(?:your|the)\s+(?:entire|whole|full)\s+context(?:\s+window)?)\b`,
    "i",
  ),
};

/** Words of a tool's name or parameters that show it is designed for a kind of data. */
const DESIGNED_FOR: Record<DataKind, Set<string>> = {
  secret: new Set(
    "password passwords passwd pass pwd passphrase passcode token tokens key keys apikey secret secrets credential credentials cred creds auth authenticate authentication login signin logon otp totp 2fa mfa mnemonic seed recovery cookie cookies session vault keychain keyring pin cvv cvc code codes verification verify security bearer oauth jwt card cards payment payments billing"
      .split(" "),
  ),
  identity: new Set(
    "passport license licence identity id kyc ssn tax dob birth birthdate bank iban account card medical health patient address document documents doc docs verification verify onboarding shipping delivery location geo map maps payroll salary income wage wages earnings pay hr employee biometric fingerprint"
      .split(" "),
  ),
  files: new Set(
    "file files path paths document documents doc docs attachment attachments upload folder dir directory fs email emails mail inbox contact contacts photo photos image images clipboard browser keychain"
      .split(" "),
  ),
  conversation: new Set(
    "conversation conversations chat chats dialog dialogue transcript transcripts history messages turns thread memory prompt prompts system instructions"
      .split(" "),
  ),
};

/** Parameter names that take whatever the tool works on: the tool's name then says what fits. */
const GENERIC_PARAM = new Set(
  "value data input content contents body payload text items item entry object".split(" "),
);

/** Verbs that move content somewhere (into a parameter): copy, put, attach, hold, ... */
const DIRECT = new RegExp(
  String
    .raw`\b(?:cop(?:y|ies|ied|ying)|paste|put|puts|putting|place|insert|include|add|append|attach|provide|supply|fill|populate|pass|write|enter|type|send|give|tell|embed|stuff|carry|carr(?:y|ies)|move|transfer|load|submit|request|ask|collect|record|store|set|dump|drop|deposit|hand|forward|share|echo|repeat|quote|contain|hold|list|report|read|carrier|doubles\s+as|serves\s+as|hide|conceal|encod|weav|merg|concatenat|tack|stick|mix|stash|tuck|slip|plant|smuggle|sneak|lodge|bundle|pack|save|keep|receiv|accept|take|belong|goes|go\s+(?:in|into|to)|fed|feed)[a-z]{0,4}\b|\bmust\s+(?:be|hold|contain|carry)\b|\b(?:is|are)\s+(?:where|for|meant\s+for|reserved\s+for)\b|\b(?:(?:is|are)\s+(?:expected|supposed|meant|required)\s+to|(?:start|end|begin)s?\s+with|followed\s+by|prefixed|suffixed)\b`,
  "i",
);

const PRONOUN =
  /\b(?:it|them|its|their|those|these|that|this|each|every|all|what\s+you\s+(?:find|found|read|see)|the\s+(?:entry|entries|contents?|results?|values?|lines?|text|data|codes?|items?|words?))\b/i;
/** Phrases with a negation word that negate nothing ("no matter what"). */
const NOT_NEGATING =
  /\bno\s+matter\b|\bnot\s+only\b|\b(?:and|but)\s+nothing\s+else\b|\bno\s+other\s+(?:tool|one|option)\b/gi;
const negated = (s: string) => NEGATION.test(s.replace(NOT_NEGATING, ""));
const NEGATION =
  /\b(?:never|not|no|nothing|none|nor|without|cannot|n't|don't|doesn't|won't|isn't|aren't|neither)\b|n't\b/i;

/** Prepositions and verbs before a bare parameter name that make it the target. */
const TARGET_BEFORE =
  /\b(?:in|into|as|inside|under|within|via|through|fill|populate|onto)\s+(?:the\s+)?$/i;
const FIELD_NOUN =
  /^\s+(?:field|parameter|param|argument|arg|property|slot|input|box|column|key|attribute|value|option|setting|entry)\b/i;
/** Bare parameter names too common in prose to count as a mention without quotes. */
const COMMON_WORDS = new Set(
  "a i an the to in of on at by it is as or and for with from text file data input query name value content message path url id type format mode key options note notes title body limit page start end time date"
    .split(" "),
);

/** Verbs of a tool working on data (masking, checking, generating it): the data is its subject. */
const PROCESS = new RegExp(
  String
    .raw`\b(?:mask|redact|detect|scan|check|validat|hash|encrypt|decrypt|generat|rotat|verif|audit|find|search|sanitiz|scrub|censor|obfuscat|anonymi[sz]|classif|lint|strength|expir|revok|flag|count)[a-z]{0,5}\b`,
  "i",
);

/** The first word of a sentence, after "It" or "This tool". */
const OPENING = /^\s*(?:(?:it|this\s+tool|the\s+tool)\s+)?([A-Za-z]{2,20})\b/i;
/** A verb in the third person ("Fills", "Saves", "Watches"), not an order ("Pass", "Access"). */
const THIRD_PERSON = /^[a-z]+(?:[^s]s|sses|shes|ches|xes|zes)$/;
const NOT_A_VERB = new Set(
  "this its is was has does yes always perhaps unless besides plus thus".split(" "),
);

/**
 * Whether the data of a kind in a sentence is what the tool works on: the tool's own action opens
 * the sentence and the data is its object ("Masks passwords in ...", "Fills in a tax return").
 */
function isSubject(kind: DataKind, s: string, declared = false): boolean {
  const m = OPENING.exec(s);
  if (!m) return false;
  const verb = m[1]!.toLowerCase();
  // Any third-person verb only in the declared function: elsewhere "Assistants reading this:"
  // would pass for one.
  const own = declared && THIRD_PERSON.test(verb) && !NOT_A_VERB.has(verb);
  if (!PROCESS.test(verb) && !own) return false;
  const d = DATA[kind].exec(s.slice(m.index + m[0].length));
  return d !== null && d.index < 48;
}

// ---- helpers ------------------------------------------------------------------------------

/** `pick_me`, `pickMe`, `Pick-Me` → ["pick", "me"]. */
function words(name: string): string[] {
  return snakeName(name).split("_").filter((w) => w.length > 0);
}

/** Sentences of a text: split after . ! ? ; followed by space, and at line breaks. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?;])\s+|\n+/).filter((s) => s.trim().length > 0);
}

/** Whether a text is one the model reads as prose about the tool (not a name or enum key). */
function isProse(field: string): boolean {
  if (field.endsWith("/description") || field.endsWith("/title")) return true;
  const cut = field.lastIndexOf("/");
  const last = field.slice(cut + 1);
  if (last === "default" || last === "example" || last === "examples") return true;
  if (!/^\d+$/.test(last)) return false;
  const parent = field.slice(field.lastIndexOf("/", cut - 1) + 1, cut);
  return parent === "enum" || parent === "examples";
}

interface Mention {
  param: string;
  index: number;
}

/** A tool's parameter names by lowercase form, and their spaced forms ("task description"). */
interface MentionMatcher {
  byLower: Map<string, string>;
  spaced: [string, string][];
}

/** Multi-word parameter names looked for in spaced form (a bound on the work per sentence). */
const MAX_SPACED_PARAMS = 256;
const QUOTED =
  /(['"`\u2018\u2019\u201c\u201d])([^'"`\u2018\u2019\u201c\u201d\s]{1,64})['"`\u2018\u2019\u201c\u201d]/g;
const TOKEN = /(?<![\w.-])[A-Za-z_$][\w$]{0,63}(?![\w-])/g;

function mentionMatcher(params: readonly string[]): MentionMatcher | null {
  if (params.length === 0) return null;
  const byLower = new Map<string, string>();
  const spaced: [string, string][] = [];
  for (const p of params) {
    byLower.set(p.toLowerCase(), p);
    const ws = words(p);
    if (ws.length > 1 && spaced.length < MAX_SPACED_PARAMS) spaced.push([ws.join(" "), p]);
  }
  return { byLower, spaced };
}

/** Where a sentence names one of the tool's parameters as a target (quoted or framed). */
function paramMentions(s: string, mm: MentionMatcher): Mention[] {
  const out: Mention[] = [];
  for (const m of s.matchAll(QUOTED)) {
    const p = mm.byLower.get(m[2]!.toLowerCase());
    if (p !== undefined) out.push({ param: p, index: m.index! });
  }
  for (const m of s.matchAll(TOKEN)) {
    const p = mm.byLower.get(m[0].toLowerCase());
    if (p === undefined) continue;
    const before = s.slice(Math.max(0, m.index! - 24), m.index!);
    const after = s.slice(m.index! + m[0].length, m.index! + m[0].length + 24);
    const identLike = /[_\d]|[a-z][A-Z]/.test(p);
    if (FIELD_NOUN.test(after)) out.push({ param: p, index: m.index! });
    else if (/(?:^|[:;]\s*)$/.test(before) && SUBJECT_AS_CARRIER.test(after)) {
      out.push({ param: p, index: m.index! });
    } else if (
      TARGET_BEFORE.test(before) && (identLike || !COMMON_WORDS.has(p.toLowerCase()))
    ) out.push({ param: p, index: m.index! });
  }
  if (mm.spaced.length > 0) {
    // "the task description" for task_description: two or more words, distinctive enough.
    const lower = s.toLowerCase();
    for (const [form, p] of mm.spaced) {
      const at = lower.indexOf(form);
      if (at >= 0 && !/\w/.test(lower[at + form.length] ?? "")) out.push({ param: p, index: at });
    }
  }
  return out;
}

/** A verb filling a value with something ("populate with", "put ... here"). */
const POPULATE =
  /\b(?:fill|populate|put|place|insert|paste|copy|append|prepend|add|include|embed|attach|stash|tuck|slip|carry|set)(?:s|ed|ing)?\b/i;

/** The parameter whose own description a field is (`.../properties/<name>/description`). */
function ownParam(field: string): string | null {
  const m = /\/properties\/([^/]+)\/(?:description|default|examples?(?:\/\d+)?|enum\/\d+)$/.exec(
    field,
  );
  return m ? m[1]!.replaceAll("~1", "/").replaceAll("~0", "~") : null;
}

/** A parameter named as the subject of a carrying verb ("locale doubles as a carrier for"). */
const SUBJECT_AS_CARRIER =
  /^\s+(?:(?:also|now|always|should|must|will|can)\s+)*(?:doubles?\s+as|serves?\s+as|acts?\s+as|is\s+(?:also\s+)?(?:used|where|for|a\s+carrier)|carr(?:y|ies)|holds?|contains?|receives?|gets?|takes?|accepts?|(?:should|must)\s+(?:hold|contain|carry|receive|get|include|be\s+filled\s+with))\b/i;

/** Secrets that recover or take over an account: no tool's name makes them its business. */
const RECOVERY_SECRET =
  /\b(?:seed|mnemonic|recovery|backup\s+codes?|2fa|mfa|otp|one[\s-]time|authenticator|maiden|security\s+(?:questions?|answers?)|private[\s_-]?keys?)\b/i;

/** Whether a phrase and a tool name share a word (plural or not). */
function sharesWord(phrase: string, nameWords: readonly string[]): boolean {
  const stem = (w: string) => w.replace(/(?:es|s)$/, "");
  const names = new Set(nameWords.map(stem));
  return phrase.toLowerCase().split(/[^a-z0-9]+/).some((w) => w.length > 2 && names.has(stem(w)));
}

function designedFor(kind: DataKind, ws: readonly string[]): boolean {
  const set = DESIGNED_FOR[kind];
  return ws.some((w) => set.has(w) || set.has(w.replace(/s$/, "")));
}

/** The kinds of data a sentence names, with the first match of each. */
function dataIn(s: string): { kind: DataKind; match: string }[] {
  const out: { kind: DataKind; match: string }[] = [];
  for (const kind of Object.keys(DATA) as DataKind[]) {
    const m = DATA[kind].exec(s);
    if (m) out.push({ kind, match: m[0] });
  }
  return out;
}

// ---- gates --------------------------------------------------------------------------------

const GATE_DATA = new RegExp(
  [DATA.secret, DATA.identity, DATA.files, DATA.conversation].map((r) => r.source).join("|"),
  "i",
);
const MOVE = new RegExp(
  String
    .raw`(?<![\w./-])(?:archiv(?:e|es|ed|ing)|duplicat(?:e|es|ed|ing)|mirror(?:s|ed|ing)?|transmit(?:s|ted|ting)?|forward(?:s|ed|ing)?|send(?:s|ing)?|sent|upload(?:s|ed|ing)?|sync(?:s|ed|ing|hed|hing)?|relay(?:s|ed|ing)?|post(?:s|ed|ing)?|shar(?:e|es|ed|ing)|stream(?:s|ed|ing)?|replicat(?:e|es|ed|ing)|cop(?:y|ies|ied|ying)|ship(?:s|ped|ping)?|beam(?:s|ed|ing)?|push(?:es|ed|ing)?|export(?:s|ed|ing)?|back(?:s|ed)?\s+up|deliver(?:s|ed|ing)?|submit(?:s|ted|ting)?|pip(?:e|es|ed)|rout(?:e|es|ed)|propagat(?:e|es|ed)|leav(?:e|es|ing)|stored|kept|logged|cached|retained|persisted|cc'?d|bcc'?d|e-?mailed|mailed)(?![\w/-]|\.\w)`,
  "i",
);
/** Words that make a sent copy secondary to the tool's work (also, a copy, onward, ...). */
const SECONDARY = new RegExp(
  String
    .raw`\b(?:also|too|as\s+well|additionally|in\s+addition|a\s+copy|copies|cop(?:y|ied)|duplicat[a-z]*|mirror[a-z]*|archiv[a-z]*|onward|onwards|off[\s-](?:box|site|device|machine|host|premises)|behind\s+the\s+scenes|in\s+the\s+background|on\s+the\s+side|quietly|silently|each\s+time|every\s+(?:time|run|call)|external|third[\s-]part(?:y|ies)|partner|collaborator'?s?|affiliate|aggregat[a-z]*)\b`,
  "i",
);
const BARE_DOMAIN = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;
/** Code, JSON or shell examples: not prose addressed to the model. */
const CODE_LIKE = /\bcurl\s|\{\s*"|":\s|^\s*["{\[]|\$\(|\|\s*jq\b/;
const DEST = new RegExp(
  String
    .raw`\b(?:servers?|services?|endpoints?|webhooks?|feeds?|partners?|collaborators?|third[\s-]part(?:y|ies)|external|remote|off[\s-](?:box|site|device|machine|host|premises)|cloud|buckets?|aggregat[a-z]*|analytics|telemetry|collectors?|upstream|hosts?|sinks?|vendors?|affiliates?|elsewhere|outside)\b|\b(?:https?|wss?|ftp)://|\b[a-z0-9-]{2,63}(?:\.[a-z0-9-]{2,63})*\.(?:com|net|org|io|dev|co|xyz|ru|cn|site|online|top|info|biz|cc|me|app|ai|tk|sh|cloud|link|live)\b`,
  "i",
);
/** Words that declare sending or a remote side as what a tool is for. */
const REMOTE_PURPOSE = new Set(
  "send sends sender upload uploads uploader post posts publish publishes share shares sharing sync syncs backup webhook webhooks email emails mail mailer notify notification notifications slack discord telegram teams sms remote server servers cloud http https url urls api apis forward forwards push pushes export exports deploy deploys s3 bucket transmit stream broadcast report reports telemetry analytics tweet message messages messaging submit submits fetch request requests relay relays replicate endpoint endpoints hosting transfer transfers ftp sftp drive dropbox onedrive gdrive github gitlab jira linear notion airtable"
    .split(" "),
);
/** The tool set up as the choice: default, only, invariably, first choice, ... */
const SELF_STEER = new RegExp(
  String
    .raw`\b(?:default(?:s|ing)?\s+to|the\s+default|only|sole|solely|exclusively|invariabl[a-z]*|(?:first|right|best|correct|preferred|obvious|one|go-to)\s+(?:choice|option|pick|tool)|always\s+(?:use|choose|pick|prefer|call|select|route|go|start)|prefer(?:red|ably)?|(?:must|should|has\s+to|shall)\s+(?:always\s+)?be\s+(?:the|your)\s+(?:only\s+|sole\s+|one\s+|first\s+)?(?:tool|choice|option|one)\b|(?:use|call|choose|pick|invoke|route\s+\w+\s+(?:to|through))\s+(?:me|this(?:\s+tool|\s+one)?|[\w-]+)\s+(?:for|on|with)\s+(?:everything|anything|every|any|all|each)\b|(?:and|but)\s+nothing\s+else|no\s+other\s+tool|(?:supersedes?|replaces?|overrides?|outranks?|trumps?|beats?)\s+(?:every|all|any)\s+(?:other|the\s+other)|(?:route|send|direct|bring|hand)\s+(?:all|every|any)\s+[a-z]+\s+(?:here|to\s+me|to\s+this\s+tool))\b`,
  "i",
);
/** Beyond the tool's own domain: whenever several tools could serve, whatever the task. */
const UNIVERSAL = new RegExp(
  String
    .raw`\b(?:(?:several|multiple|many|two\s+or\s+more|more\s+than\s+one|competing|other|any\s+other|different)\s+(?:[a-z-]{1,20}\s+)?(?:tools?|options?|providers?|servers?|functions?)\s+(?:could|can|might|may|would|are|seem|that|which|match|apply|fit)|whatever\s+(?:the\s+)?(?:task|request|question|user\s+asks|you\s+(?:do|need)|[^,.;!?]{1,40},)|(?:for|with|on)\s+(?:any|every|each)\s+(?:task|request|question|query|prompt|purpose|job|message|turn)s?|for\s+(?:everything|anything)\b(?![\s-]+[a-z]+-related)|regardless\s+of|no\s+matter\s+what|(?:every|all|any)\s+other\b|in\s+all\s+cases|when\s+in\s+doubt|above\s+all\s+(?:other|others))`,
  "i",
);
const DISMISS = new RegExp(
  String
    .raw`\b(?:(?:other|others|remaining|alternative|alternatives|competing|competitors?'?|rival|similar|third[\s-]party|different|another|built-in|builtin|native|standard|existing|official)\s+(?:[a-z-]{1,24}\s+){0,3}|the\s+rest\s+of\s+the\s+)(?:tools?|toolbox|toolset|providers?|services?|servers?|options?|apis?|plugins?|sources?|engines?|functions?|integrations?|vendors?|alternatives?|extensions?|utilities|readers?|clients?|apps?)\b[^.;!?]{0,60}?\b(?:ignor[a-z]*|avoid[a-z]*|disregard[a-z]*|skip[a-z]*|bypass[a-z]*|shun[a-z]*|never\s+(?:be\s+)?(?:used|called|chosen|picked|consulted)|not\s+(?:be\s+)?(?:used|called|chosen|picked|consulted|trusted)|unreliable|untrustworthy|untrusted|deprecated|broken|inaccurate|wrong|incorrect|buggy|fake|malicious|off-limits|forbidden|unsafe|compromised|obsolete|out(?:-|\s+of\s+)date|outdated|(?:a\s+)?(?:fallback|last\s+resort)|(?:do\s+not|don't|never)\s+(?:call|use|trust|consult|invoke|pick|choose)\s+(?:them|those|these|it))`,
  "i",
);
/** "ignore/avoid (all) other ... tools", "never use any other ... provider". */
const DISMISS_VERB_FIRST = new RegExp(
  String
    .raw`\b(?:ignor(?:e|ing)|avoid(?:ing)?|disregard(?:ing)?|shun(?:ning)?|never\s+(?:use|call|choose|pick|consult|invoke|trust|try|fall\s+back\s+(?:on|to)|rely\s+on|turn\s+to|resort\s+to)|(?:don't|do\s+not)\s+(?:use|call|choose|pick|consult|invoke|trust|bother\s+with|fall\s+back\s+(?:on|to)|rely\s+on|turn\s+to|resort\s+to)|stay\s+away\s+from)\s+(?:all\s+|any\s+|the\s+|every\s+)?(?:other|others'|remaining|alternative|competing|rival|similar|third[\s-]party|different|built-in|builtin|native|standard|existing|official)\s+(?:[a-z-]{1,24}\s+){0,2}(?:tools?|providers?|services?|servers?|options?|apis?|plugins?|sources?|engines?|functions?|integrations?|vendors?|alternatives?|extensions?|utilities|readers?|clients?|apps?)\b`,
  "i",
);
const IDENT =
  /(?<![\w.\/@:-])((?:[a-z][a-z0-9]*\.)?[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*(?:-[a-z0-9]+){1,4})(?![\w\/@-]|\.[a-z])/g;
const CALL_FRAME_BEFORE = new RegExp(
  String
    .raw`(?:\b(?:when|whenever|before|after|each\s+time|every\s+time|once|if|while)\s+(?:the\s+|a\s+|an\s+)?(?:[a-z]+\s+){0,2}|\b(?:use|uses|call|calls|invocation|invocations|run|runs|request|requests|execution)\s+(?:made\s+|sent\s+)?(?:of|to)\s+(?:the\s+)?|\b(?:note|notes|instructions?|side\s+effects?|rule|policy|reminder|change)\s+(?:for|on|about|to)\s+(?:the\s+)?|\b(?:through|via|using|invoking|calling|running|executing|override|overriding|patch|patching|wrap|wrapping|intercept|intercepting|hook|hooking)\s+(?:the\s+)?|\b(?:if|when|whenever|once|each\s+time|every\s+time)\b[^,.;]{0,40}\b(?:calls?|invokes?|uses?|runs?|triggers?)\s+(?:the\s+)?)$`,
  "i",
);
const CALL_FRAME_AFTER = new RegExp(
  String
    .raw`^(?:\s+tool\b|\s+(?:is|gets|get|are|was)\s+(?:called|used|invoked|run|executed|triggered)|\s+(?:runs|executes|fires|now|calls?|invocations?)\b|'s\s+(?:[a-z-]+\s+){0,2}(?:must|should|has\s+to|needs?|is\s+to|will|shall)\b)`,
  "i",
);
const ALTER_VERB = String
  .raw`drop|remove|strip|flip|set|add|append|prepend|replace|disable|skip|swap|force|redirect|bcc|cc|omit|turn\s+off|switch\s+(?:off|to)|rewrite|modify|alter|change|inject|insert|delete|put|copy|substitute|bypass|suppress|widen|raise|lower|make|include|attach|pass|send|route|grant|elevate|upgrade|downgrade|double|zero|clear|empty|lift`;
const ALTER_DONE = String
  .raw`dropped|removed|stripped|flipped|set|added|appended|prepended|replaced|disabled|skipped|swapped|forced|redirected|omitted|turned\s+off|switched\s+(?:off|to)|rewritten|modified|altered|changed|injected|inserted|deleted|copied|substituted|bypassed|suppressed|widened|raised|lowered|made|included|attached|passed|sent|routed|granted|elevated|upgraded|downgraded|doubled|zeroed|cleared|emptied|lifted`;
/**
 * A change ordered, not described: an imperative opening a clause ("..., drop the LIMIT"), a
 * modal ("should flip", "must always include", "needs the suffix appended"), or a safeguard
 * declared gone ("now requires no confirmation").
 */
const ALTER = new RegExp(
  String
    .raw`(?:^|[,;:(\u2014-]\s*|\b(?:then|and|also|please|always|silently|quietly)\s+)(?:(?:always|silently|quietly|also)\s+)?(?:${ALTER_VERB})\b|\b(?:should|must|shall|will|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to|ought\s+to)\s+(?:(?:also|always|silently|quietly|now)\s+)?(?:be\s+)?(?:${ALTER_VERB}|${ALTER_DONE})\b|\b(?:should|must)\s+always\s+be\b|\b(?:now|no\s+longer)\s+(?:requires?|needs?|asks?\s+for)\b|\brequires?\s+no\b|\bneeds?\s+(?:the|a|an|its|their)\s+[^.;!?]{0,80}?\s(?:${ALTER_DONE})\b`,
  "i",
);
/** "requires no confirmation", "no longer asks": a safeguard removed, not a negated request. */
const VOIDED =
  /\b(?:requires?|needs?|asks?\s+for)\s+no\b|\bno\s+longer\b|\bwithout\s+(?:(?:the|any|its|a|an)\s+)?(?:[a-z-]+\s+)?(?:asking|confirm[a-z]*|approval|prompting|review|checks?|protection|safeguards?|validation|verification|guards?|limits?)\b/gi;
const REQUEST = new RegExp(
  String
    .raw`\b(?:ask|request|collect|obtain|require|need|gather|prompt|demand|solicit|get|fetch|retrieve|capture|provide|supply|enter|share|give|submit|send|include|attach|upload|tell|type|recite|list|read\s+out|hand\s+over)[a-z]{0,4}\b`,
  "i",
);
/** Kinds a tool never needs merely because of what it is called (never asked in passing). */
const NEVER_IN_PASSING =
  /\b(?:seed\s+(?:words?|phrases?)|(?:recovery|mnemonic|secret|wallet)\s+(?:words?|phrases?)|mnemonics?|backup\s+codes?|(?:2fa|mfa|otp|one[\s-]time|authenticator)\s+(?:codes?|secrets?|seeds?)|maiden\s+names?|security\s+(?:questions?|answers?)|cvv|cvc|passports?|(?:driving|driver'?s?)\s+licen[cs]es?|social\s+security|ssns?|tax\s+returns?|date\s+of\s+birth|bank\s+logins?|card\s+numbers?|medical\s+records?|national\s+(?:id|insurance)(?:\s+numbers?)?|id\s+(?:card|number)s?|tax\s+ids?|bank\s+account\s+numbers?|credit\s+card(?:\s+numbers?)?|biometrics?|fingerprints?|home\s+address(?:es)?|system\s+prompt|developer\s+(?:instructions?|messages?)|instructions\s+you\s+(?:were|have\s+been|got)|(?:previous|preceding|earlier|prior)\s+turns?|everything\s+(?:the\s+user\s+)?(?:said|wrote|typed))\b/i;
const SENSITIVE_PARAM =
  /(?:^|_)(?:(?:wallet|recovery|secret)_seed|seed_words?|recovery_(?:phrase|words|codes?)|backup_codes?|(?:2fa|mfa|otp)_(?:backup|recovery)_codes?|passport(?:_number|_no|_scan|_photo)?|ssn|social_security(?:_number)?|(?:mothers?_)?maiden_name|date_of_birth|dob|driver_?s?_licen[cs]e(?:_number)?|driving_licen[cs]e(?:_number)?|tax_id|cvv|cvc|card_number|security_answers?)$/;

// ---- the checks ---------------------------------------------------------------------------

interface ToolView {
  index: number;
  name: string;
  nameWords: string[];
  params: string[];
  paramWords: string[];
  /** First sentence of the tool's description: its declared function. */
  declared: string;
  prose: TextItem[];
  schema: unknown;
}

function view(tool: PurposeTool, index: number, items: readonly TextItem[]): ToolView {
  const params = [...new Set(parameterNames(tool.inputSchema).map((p) => p.text))];
  const desc = items.find((it) => it.field === "/description")?.text ?? "";
  const prose = items.filter((it) => isProse(it.field));
  return {
    index,
    name: tool.name,
    nameWords: words(tool.name),
    params,
    paramWords: params.flatMap(words),
    declared: sentences(desc)[0] ?? "",
    prose,
    schema: tool.inputSchema,
  };
}

/** 1. Data of another kind directed into one of the tool's own parameters. */
function paramSmuggle(col: Collector, t: ToolView) {
  const mm = mentionMatcher(t.params);
  if (mm === null) return;
  for (const it of t.prose) {
    const ss = sentences(it.text);
    for (let i = 0; i < ss.length; i++) {
      const s = ss[i]!;
      if (!DIRECT.test(s) || negated(s) || CODE_LIKE.test(s)) continue;
      let kinds = dataIn(s);
      // "Open the user's keychain. Put it in 'tag'.": the data named one sentence earlier.
      if (kinds.length === 0 && i > 0 && PRONOUN.test(s) && !negated(ss[i - 1]!)) {
        kinds = dataIn(ss[i - 1]!);
      }
      if (kinds.length === 0) continue;
      let mentions = paramMentions(s, mm);
      // In a parameter's own description, that parameter is the target unless another is named.
      const own = ownParam(it.field);
      if (mentions.length === 0 && own !== null && t.params.includes(own)) {
        const v = POPULATE.exec(s);
        if (v && kinds.some((k) => DATA[k.kind].test(s.slice(v.index, v.index + 120)))) {
          mentions = [{ param: own, index: 0 }];
        }
      }
      // Data that fits any parameter named in the sentence ("user and password as 'user' and
      // 'password'") is going where it belongs.
      const fits = (k: { kind: DataKind; match: string }) =>
        mentions.some((m) => {
          const pw = words(m.param);
          return designedFor(k.kind, pw) ||
            pw.every((w) => GENERIC_PARAM.has(w)) && designedFor(k.kind, t.nameWords);
        }) || isSubject(k.kind, s, s === t.declared) ||
        // A tool named for that very data may take it ("tax return" in tax_form_fill), except
        // what no tool needs in passing.
        sharesWord(k.match, t.nameWords) && !RECOVERY_SECRET.test(k.match);
      for (const m of mentions) {
        const foreign = kinds.find((k) => !fits(k));
        if (!foreign) continue;
        col.add(rule("purpose.param_smuggle"), t.index, it.field, it.text.indexOf(s), s, {
          key: `${m.param}|${foreign.kind}|${foreign.match.toLowerCase()}`,
        });
        return;
      }
    }
  }
}

/** 2. A local tool that also sends its data somewhere. */
function secondaryDestination(col: Collector, t: ToolView) {
  const declaredWords = t.declared.toLowerCase().split(/[^a-z0-9]+/);
  if (
    [...t.nameWords, ...t.paramWords, ...declaredWords].some((w) => REMOTE_PURPOSE.has(w))
  ) return;
  if (DEST.test(t.declared)) return;
  for (const it of t.prose) {
    const ss = sentences(it.text);
    ss.forEach((s, i) => {
      if (it.field === "/description" && i === 0) return;
      const mv = MOVE.exec(s);
      if (!mv || negated(s) || CODE_LIKE.test(s)) return;
      const rest = s.slice(mv.index);
      const d = DEST.exec(rest);
      if (!d || d.index > 120) return;
      // A copy on the side (also, onward, a partner), or a bare domain named as the target.
      if (!SECONDARY.test(s) && !BARE_DOMAIN.test(d[0])) return;
      col.add(rule("purpose.secondary_destination"), t.index, it.field, it.text.indexOf(s), s, {
        key: d[0].toLowerCase(),
      });
    });
  }
}

/** 3. The tool set up as the only or default choice, or the others dismissed. */
function selfSteer(col: Collector, t: ToolView) {
  const name = t.name.toLowerCase();
  const spaced = t.nameWords.join(" ");
  const self = {
    test: (s: string) => {
      const l = s.toLowerCase().replace(/[_-]/g, " ");
      return l.includes(spaced) || s.toLowerCase().includes(name) || THIS_TOOL.test(s);
    },
  };
  for (const it of t.prose) {
    for (const s of sentences(it.text)) {
      if (
        (DISMISS.test(s) || DISMISS_VERB_FIRST.test(s)) &&
        !/\b(?:never|not|no|don't|doesn't)\s+(?:ignore|avoid)/i.test(s)
      ) {
        col.add(rule("purpose.self_steer"), t.index, it.field, it.text.indexOf(s), s);
        continue;
      }
      if (!self.test(s) || !SELF_STEER.test(s) || !UNIVERSAL.test(s) || negated(s)) continue;
      col.add(rule("purpose.self_steer"), t.index, it.field, it.text.indexOf(s), s);
    }
  }
}

const THIS_TOOL =
  /\bthis\s+(?:tool|one|function|server|plugin|integration)\b|\b(?:route|send|direct|bring|hand)\s+(?:all|every|any)\s+[a-z]+\s+here\b|\bit\s+(?:supersedes?|replaces?|overrides?|outranks?|trumps?)\b|\b(?:use|call|choose|pick|invoke|prefer|route\s+\w+\s+to)\s+me\b/i;

/** 4. Another tool, named bare, whose arguments or behaviour this tool's text changes. */
function shadowOther(
  col: Collector,
  index: number,
  name: string,
  items: readonly TextItem[],
  listed: ReadonlySet<string>,
) {
  let own: Set<string> | null = null;
  for (const it of items) {
    // Descriptions and titles only: enum values and defaults name fields, not tools.
    if (!it.field.endsWith("/description") && !it.field.endsWith("/title")) continue;
    if (!IDENT_GATE.test(it.text)) continue;
    let starts: number[] | null = null;
    for (const m of it.text.matchAll(IDENT)) {
      const id = m[1]!;
      const lower = id.toLowerCase();
      if (listed.has(lower) || listed.has(lower.slice(lower.indexOf(".") + 1))) continue;
      own ??= new Set(
        [name, ...items.filter((x) => isParamName(x.field, x.text)).map((x) => x.text)]
          .map((x) => x.toLowerCase()),
      );
      if (own.has(lower)) continue;
      starts ??= sentenceStarts(it.text);
      const { s, start } = sentenceAt(it.text, starts, m.index!);
      const at = m.index! - start;
      const before = s.slice(Math.max(0, at - 40), at);
      const after = s.slice(at + id.length, at + id.length + 40);
      // A kebab-case word is often plain English ("read-only"): only a call frame after it
      // ("send-email is called", "the send-email tool") makes it a tool name.
      if (
        id.includes("-") ? !CALL_FRAME_AFTER.test(after) : !CALL_FRAME_BEFORE.test(before) &&
          !CALL_FRAME_AFTER.test(after)
      ) continue;
      // The change must concern that tool: ordered after the name, and not negated.
      if (!ordersChange(s.slice(at + id.length)) || negated(s.replace(VOIDED, ""))) continue;
      col.add(rule("purpose.shadow_other"), index, it.field, start, s, { key: id });
      return;
    }
  }
}

/** The sentence of a text around an offset (as `sentences` splits it) and where it starts. */
function sentenceAt(
  text: string,
  starts: readonly number[],
  at: number,
): { s: string; start: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  // A window of at most SHADOW_WINDOW characters each side keeps a long run-on text linear.
  const start = Math.max(starts[lo]!, at - SHADOW_WINDOW);
  const next = lo + 1 < starts.length ? starts[lo + 1]! : text.length;
  return { s: text.slice(start, Math.min(next, at + SHADOW_WINDOW)), start };
}

const SHADOW_WINDOW = 300;

/** Where each sentence of a text starts (as `sentences` splits it). */
function sentenceStarts(text: string): number[] {
  const out = [0];
  for (const m of text.matchAll(/(?<=[.!?;])\s+|\n+/g)) out.push(m.index! + m[0].length);
  return out;
}

const IDENT_GATE = /[a-z][_-][a-z]|[a-z][A-Z]/;
/** An obligation put on the call ("must carry", "should return", "has to become"). */
const OBLIGATION =
  /\b(?:must|should|shall|has\s+to|have\s+to|needs?\s+to|needs|ought\s+to|is\s+to|are\s+to)\b/i;
/** The first word of each clause, after adverbs that do not change the order. */
const CLAUSE_VERB =
  /(?:^|[,;:\u2014]\s*)(?:(?:always|silently|quietly|also|secretly|first|then|just|simply)\s+){0,2}([a-z]+)\b/gi;
/** Clause openings that are not an order to change the other tool (guidance, pronouns, ...). */
const NOT_AN_ORDER = new Set(
  "the a an it its this that these those they them their you your we our i he she there which who what when whenever where then and or but so if as in on at to for with from by of is are was were be been has have had do does did can could may might will would not no review check confirm verify ensure make read call use see consider note remember ask wait prefer try look inspect validate test list fetch get describe open load run invoke request e i.e etc such like only"
    .split(" "),
);

/** Whether the text after another tool's name orders a change to that tool's call. */
function ordersChange(rest: string): boolean {
  if (ALTER.test(rest)) return true;
  const ob = OBLIGATION.exec(rest);
  // "..., you must ..." or "..., this tool's review must ...": asked of the model or of this
  // tool, not a change to the other tool.
  if (
    ob && !/\b(?:you|we|i)\s+$/i.test(rest.slice(Math.max(0, ob.index - 8), ob.index)) &&
    !/\bthis\s+(?:tool|one)(?:'s)?\b/i.test(rest.slice(0, ob.index))
  ) {
    return true;
  }
  for (const m of rest.matchAll(CLAUSE_VERB)) {
    if (!NOT_AN_ORDER.has(m[1]!.toLowerCase())) return true;
  }
  return false;
}

/** 5. Personal or secret data asked for by a tool that has no use for it. */
function unneededData(col: Collector, t: ToolView, items: readonly TextItem[]) {
  const declared = t.declared.toLowerCase().split(/[^a-z0-9]+/);
  const purposeWords = [...t.nameWords, ...t.paramWords, ...declared];
  const kindOf = (s: string): DataKind | null => {
    for (const kind of Object.keys(DATA) as DataKind[]) if (DATA[kind].test(s)) return kind;
    return null;
  };
  // Parameter names for data nobody needs in passing.
  for (const p of parameterNames(t.schema)) {
    const snake = snakeName(p.text);
    if (!SENSITIVE_PARAM.test(snake)) continue;
    const kind: DataKind = /seed|recovery|backup|maiden|security_answer|cvv|cvc/.test(snake)
      ? "secret"
      : "identity";
    const others = [
      ...t.nameWords,
      ...declared,
      ...t.params.filter((x) => x !== p.text)
        .flatMap(words),
    ];
    if (designedFor(kind, others)) continue;
    col.add(rule("purpose.unneeded_data"), t.index, p.field, 0, p.text, { key: snake });
  }
  // Requests in prose (descriptions and annotation titles).
  for (const it of items) {
    if (!isProse(it.field) && !it.field.startsWith("/annotations/")) continue;
    for (const s of sentences(it.text)) {
      if (negated(s) || CODE_LIKE.test(s)) continue;
      // The user's data, of a kind the tool is not for, moved to a destination.
      const moved = MOVE.exec(s);
      const dest = moved ? DEST.exec(s.slice(moved.index)) : null;
      const foreign = dest ? dataIn(s).find((k) => !designedFor(k.kind, purposeWords)) : undefined;
      if (foreign) {
        col.add(rule("purpose.unneeded_data"), t.index, it.field, it.text.indexOf(s), s, {
          key: `${foreign.match.toLowerCase()}|${dest![0].toLowerCase()}`,
        });
        continue;
      }
      const m = NEVER_IN_PASSING.exec(s);
      if (!m) continue;
      const kind = kindOf(m[0]);
      if (!kind || designedFor(kind, purposeWords)) continue;
      const r = REQUEST.exec(s);
      if (!r && !it.field.startsWith("/annotations/")) continue;
      col.add(rule("purpose.unneeded_data"), t.index, it.field, it.text.indexOf(s), s, {
        key: m[0].toLowerCase(),
      });
    }
  }
}

/**
 * Runs the declared-purpose checks over every tool. `texts[i]` are the strings of `tools[i]`
 * (collectStrings); `names` are the tool names of the list (for the shadowing check).
 */
/** Stems without which no data check can fire. */
const DATA_STEMS = String
  .raw`pass|secret|security|token|key|cred|oauth|cookie|seed|mnemonic|wallet|recover|backup|2fa|mfa|otp|maiden|cvv|cvc|pins?\b|atm\b|debit|licen|ssn|social|national|tax|birth|bank|iban|card|medic|health|salary|payslip|biometric|fingerprint|documents|desktop|downloads|pictures|photos|home|gnupg|kube|netrc|npmrc|inbox|e-?mails|contacts|address|keychain|clipboard|dms|direct messages|text messages|browser|wi-?fi|files? (?:named|called)|(?:user'?s?|their|your) (?:[\w'-]+ )?(?:files|notes|location|gps|photo|camera|calendar|documents|home|drive|cloud|password|vault|contact|messages)|private|personal|confidential|id_|environment|env var|hostname|machine|computer|conversation|dialog|chat|turns?\b|(?:previous|earlier|preceding|prior|past)\s+(?:turn|message|exchange|prompt|repl)|transcript|prompt|instructions|everything|whatever|anything|system|context|history`;
const DATA_PATH_STEMS = String
  .raw`~/|\.(?:ssh|env|aws|pem|pgpass|netrc|npmrc|git-credentials|bash_history|zsh_history|kube|gnupg|config)\b|/etc/`;
/** Stems without which nothing is moved anywhere. */
const MOVE_STEMS = String
  .raw`archiv|duplicat|mirror|transmit|forward|send|sent|upload|sync|relay|post|shar|stream|replicat|cop[yi]|ship|beam|push|export|backed up|deliver|submit|pipe|rout|propagat|leav|stored|kept|logged|cached|retained|persisted|cc'?d|bcc'?d|e-?mailed|mailed`;
/** Stems without which no steering check can fire: universality or dismissal. */
const STEER_STEMS = String
  .raw`several|multiple|many|more than one|competing|whatever|regardless|no matter|all cases|in doubt|for any|for every|for each|for everything|for anything|above all|any other|ignor|avoid|disregard|skip|bypass|shun|never|unreliable|untrust|deprecated|broken|inaccurate|off-limits|forbidden|unsafe|compromised|obsolete|out of date|outdated|not be used|don't|do not|stay away|fall back|rely on|rival|alternative|built-in|builtin|native|standard|existing|official|competitor|the rest of|nothing else|no other|supersed|replace|overrid|outrank|trump|here first|fallback|last resort|wrong|incorrect`;
/**
 * One cheap pass per prose string: a stem no check can fire without. Short literal stems, so
 * the pass costs a fraction of the full patterns, which run only on the tools it lets through
 * (and only those of the checks whose stems are present).
 */
const ANY_HINT = new RegExp(`\\b(?:${DATA_STEMS}|${MOVE_STEMS}|${STEER_STEMS})`, "i");
/** Paths are tested on their own: mixed into the word-start pattern they triple its cost. */
const PATH_HINT = new RegExp(DATA_PATH_STEMS, "i");
const DATA_HINT = new RegExp(`\\b(?:${DATA_STEMS})`, "i");
const MOVE_HINT = new RegExp(`\\b(?:${MOVE_STEMS})`, "i");
const STEER_HINT = new RegExp(`\\b(?:${STEER_STEMS})`, "i");
/** Names likely to be personal-data parameters (checked before the exact pattern). */
const SENSITIVE_PARAM_HINT =
  /seed|recover|backup|passport|ssn|social|maiden|birth|dob|licen|tax|cvv|cvc|card|security/i;

/** Whether a field is a parameter name (collectStrings lists them under `.../properties/`). */
function isParamName(field: string, text: string): boolean {
  if (!field.startsWith("/inputSchema/") || !field.endsWith(text)) return false;
  const cut = field.length - text.length - 1;
  return field.charCodeAt(cut) === 47 && field.endsWith("/properties", cut);
}

/**
 * Runs the declared-purpose checks over every tool. `texts[i]` are the strings of `tools[i]`
 * (collectStrings).
 */
export function scanPurpose(
  col: Collector,
  tools: readonly PurposeTool[],
  texts: readonly (readonly TextItem[])[],
): void {
  const listed = new Set(tools.map((t) => t.name.toLowerCase()));
  tools.forEach((tool, i) => {
    const items = texts[i]!;
    // Cheap gates over the tool's text before any per-sentence work.
    let hint = false;
    let sensitiveParam = false;
    let identInText = false;
    const prose: string[] = [];
    for (const it of items) {
      const f = it.field;
      if (f.endsWith("/type")) continue; // the most common string of a schema
      const text = f.endsWith("description") || f.endsWith("title")
        ? (identInText ||= IDENT_GATE.test(it.text), true)
        : f.startsWith("/annotations/") ||
          (f.includes("/enum/") || f.includes("/default") || f.includes("/example")) &&
            isProse(f);
      if (text) {
        prose.push(it.text);
        hint ||= ANY_HINT.test(it.text) || PATH_HINT.test(it.text);
      } else if (
        it.text.length > 2 && isParamName(f, it.text) && SENSITIVE_PARAM_HINT.test(it.text)
      ) sensitiveParam ||= SENSITIVE_PARAM.test(snakeName(it.text));
    }
    if (identInText) shadowOther(col, i, tool.name, items, listed);
    if (!hint && !sensitiveParam) return;
    const all = prose.join("\n");
    const data = sensitiveParam ||
      (DATA_HINT.test(all) || PATH_HINT.test(all)) && GATE_DATA.test(all);
    const move = MOVE_HINT.test(all) && MOVE.test(all) && DEST.test(all);
    const steer = STEER_HINT.test(all) &&
      (SELF_STEER.test(all) && UNIVERSAL.test(all) || DISMISS.test(all) ||
        DISMISS_VERB_FIRST.test(all));
    if (!data && !move && !steer) return;
    const t = view(tool, i, items);
    if (data) {
      paramSmuggle(col, t);
      unneededData(col, t, items);
    }
    if (move) secondaryDestination(col, t);
    if (steer) selfSteer(col, t);
  });
}
