/**
 * The vocabulary of the declared-purpose checks (purpose.ts): kinds of data and how prose names
 * them, the words that show a tool is designed for a kind, and the verbs, frames and stems the
 * checks and their gates look for. Every pattern is bounded (no nested unbounded repetition).
 */
// ---- vocabulary ---------------------------------------------------------------------------

/** Kinds of data a tool may be designed for; anything else directed at it is a mismatch. */
export type DataKind = "secret" | "identity" | "files" | "conversation";

/** What each kind of data looks like in prose. */
export const DATA: Record<DataKind, RegExp> = {
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
      .raw`(?:\b(?:documents|desktop|downloads|home|pictures|photos)\s+(?:folder|directory|dir)\b|\bhome\s+directory\b|(?:^|[\s'"(])~[/\\]|(?<![\w])\.(?:ssh|aws|env|gnupg|kube|netrc|npmrc)\b|\bsecrets?\.(?:ya?ml|json|txt|toml)\b|\b(?:user'?s?|their|your)\s+(?:own\s+|private\s+|personal\s+|local\s+|saved\s+)?(?:files|inbox|e-?mails|contacts|address\s+book|photos|browser\s+history|search\s+history|keychain|clipboard|dms|direct\s+messages|text\s+messages)\b|\b(?:user'?s?|their|your)\s+(?:(?:own|private|personal|local|saved|phone's|device's)\s+)?(?:notes|location(?:\s+history)?|gps\s+(?:position|coordinates|history)|photo\s+library|camera\s+roll|calendar|documents|home\s+folder|drive|cloud\s+storage|password\s+manager|vault|contact\s+list|messages)\b|\b(?:private|personal|confidential)\s+(?:files|documents|notes|data|records|information)\b|\bwi-?fi\s+passwords?\b|\bsaved\s+passwords?\b|\bfiles?\s+(?:named|called)\b|/etc/(?:shadow|passwd|sudoers)\b|\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub\b)|\b[\w-]{1,32}\.pem\b|\.(?:git-credentials|bash_history|zsh_history|pgpass)\b|\b(?:environment\s+variables|env\s+vars|process\s+environment)\b|\b(?:machine|host|system|computer|device)'?s?\s+(?:hostname|ip(?:\s+address)?|users?|user\s+list|accounts)\b)`,
    "i",
  ),
  conversation: new RegExp(
    String
      .raw`\b(?:(?:the|this|our|whole|entire|full)\s+(?:conversation|dialogue|chat(?:\s+(?:history|log))?)|conversation\s+(?:history|so\s+far|log)|(?:previous|preceding|earlier|prior|past|all)\s+(?:turns?|messages?|exchanges?|prompts?)(?:\s+of\s+the\s+(?:dialog(?:ue)?|conversation|chat))?|everything\s+(?:said|(?:the\s+user\s+)?(?:wrote|typed|said|asked))|(?:everything|whatever|anything|all)\s+(?:that\s+)?(?:the\s+user|you|they)\s+(?:has\s+|have\s+|had\s+)?(?:said|wrote|written|typed|asked|shared|sent|pasted)|earlier\s+in\s+(?:the|this)\s+(?:conversation|chat|session)|system\s+(?:prompt|message|turns?|instructions?)(?!\s+(?:window|dialog|dialogue|box|popup|pop-up|sheet)\b)|developer\s+(?:instructions?|messages?|prompt)|(?:your|the\s+model'?s?|the\s+assistant'?s?)\s+(?:own\s+)?(?:instructions|prompt|configuration|rules)|instructions\s+you\s+(?:were|have\s+been|got)|contents?\s+of\s+(?:your|the)\s+context(?:\s+window)?|(?:your|the)\s+(?:entire|whole|full)\s+context(?:\s+window)?)\b`,
    "i",
  ),
};

/** Words of a tool's name or parameters that show it is designed for a kind of data. */
export const DESIGNED_FOR: Record<DataKind, Set<string>> = {
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
export const GENERIC_PARAM = new Set(
  "value data input content contents body payload text items item entry object".split(" "),
);

/** Verbs that move content somewhere (into a parameter): copy, put, attach, hold, ... */
export const DIRECT = new RegExp(
  String
    .raw`\b(?:cop(?:y|ies|ied|ying)|paste|put|puts|putting|place|insert|include|add|append|attach|provide|supply|fill|populate|pass(?!word|phrase|port|code|key)|write|enter|type|send|give|tell|embed|stuff|carry|carr(?:y|ies)|move|transfer|load|submit|request|ask|collect|record|store|set|dump|drop|deposit|hand|forward|share|echo|repeat|quote|contain|hold|list|report|read|carrier|doubles\s+as|serves\s+as|hide|conceal|encod|weav|merg|concatenat|tack|stick|mix|stash|tuck|slip|plant|smuggle|sneak|lodge|bundle|pack|save|keep|receiv|accept|take|belong|goes|go\s+(?:in|into|to)|fed|feed)[a-z]{0,4}\b|\b(?:must|should|shall)\s+(?:be|hold|contain|carry)\b|\b(?:is|are)\s+(?:where|for|meant\s+for|reserved\s+for)\b|\b(?:(?:is|are)\s+(?:expected|supposed|meant|required)\s+to|(?:start|end|begin)s?\s+with|followed\s+by|prefixed|suffixed)\b|\b(?:in|into|inside)\s+(?:the\s+)?['\x22\x60\u2018\u201c][\w.-]{1,40}['\x22\x60\u2019\u201d]`,
  "i",
);

export const PRONOUN =
  /\b(?:it|them|its|their|those|these|that|this|each|every|all|what\s+you\s+(?:find|found|read|see)|the\s+(?:entry|entries|contents?|results?|values?|lines?|text|data|codes?|items?|words?))\b/i;
/** Phrases with a negation word that negate nothing ("no matter what"). */
const NOT_NEGATING =
  /\bno\s+matter\b|\bnot\s+only\b|\bor\s+not\b|\b(?:and|but)\s+nothing\s+else\b|\bno\s+other\s+(?:tool|one|option)\b/gi;
export const negated = (s: string) => NEGATION.test(s.replace(NOT_NEGATING, ""));
const NEGATION =
  /\b(?:never|not|no|nothing|none|nor|without|cannot|n't|don't|doesn't|won't|isn't|aren't|neither)\b|n't\b/i;

/** Prepositions and verbs before a bare parameter name that make it the target. */
export const TARGET_BEFORE =
  /\b(?:in|into|as|inside|under|within|via|through|fill|populate|onto)\s+(?:the\s+)?$/i;
export const FIELD_NOUN =
  /^\s+(?:field|parameter|param|argument|arg|property|slot|input|box|column|key|attribute|value|option|setting|entry)\b/i;
/** Bare parameter names too common in prose to count as a mention without quotes. */
export const COMMON_WORDS = new Set(
  "a i an the to in of on at by it is as or and for with from text file data input query name value content message path url id type format mode key options note notes title body limit page start end time date"
    .split(" "),
);

/** Verbs of a tool working on data (masking, checking, generating it): the data is its subject. */
export const PROCESS = new RegExp(
  String
    .raw`\b(?:mask|redact|detect|scan|check|validat|hash|encrypt|decrypt|generat|rotat|verif|audit|find|search|sanitiz|scrub|censor|obfuscat|anonymi[sz]|classif|lint|strength|expir|revok|flag|count)[a-z]{0,5}\b`,
  "i",
);

/** The first word of a sentence, after "It" or "This tool". */
export const OPENING = /^\s*(?:(?:it|this\s+tool|the\s+tool)\s+)?([A-Za-z]{2,20})\b/i;
/** A verb in the third person ("Fills", "Saves", "Watches"), not an order ("Pass", "Access"). */
export const THIRD_PERSON = /^[a-z]+(?:[^s]s|sses|shes|ches|xes|zes)$/;
export const NOT_A_VERB = new Set(
  "this its is was has does yes always perhaps unless besides plus thus".split(" "),
);

// ---- gates --------------------------------------------------------------------------------

/**
 * Whether a text names data of any kind (only ever tested, never matched). The `.pem` file name
 * is looked for from its extension backwards: a match exists exactly when one of DATA.files's
 * `\b[\w-]{1,32}\.pem\b` does, without trying up to 32 characters from every word start.
 */
export const GATE_DATA = new RegExp(
  [DATA.secret, DATA.identity, DATA.files, DATA.conversation].map((r) => r.source).join("|")
    .replace(String.raw`\b[\w-]{1,32}\.pem\b`, String.raw`(?<=\b[\w-]{1,32})\.pem\b`),
  "i",
);
/**
 * GATE_DATA's test, kind by kind: a text holds a match of the alternation exactly when it holds
 * one of a part. Apart, the four patterns run in about half the time of their alternation (the
 * engine's first-character checks then work per pattern); the `.pem` name is read as above.
 */
const GATE_PARTS = [DATA.secret, DATA.identity, DATA.files, DATA.conversation].map((r) =>
  new RegExp(
    r.source.replace(String.raw`\b[\w-]{1,32}\.pem\b`, String.raw`(?<=\b[\w-]{1,32})\.pem\b`),
    "i",
  )
);
export const namesData = (s: string): boolean => GATE_PARTS.some((r) => r.test(s));
export const MOVE = new RegExp(
  String
    .raw`(?<![\w./-])(?:archiv(?:e|es|ed|ing)|duplicat(?:e|es|ed|ing)|mirror(?:s|ed|ing)?|transmit(?:s|ted|ting)?|forward(?:s|ed|ing)?|send(?:s|ing)?|sent|upload(?:s|ed|ing)?|sync(?:s|ed|ing|hed|hing)?|relay(?:s|ed|ing)?|post(?:s|ed|ing)?|shar(?:e|es|ed|ing)|stream(?:s|ed|ing)?|replicat(?:e|es|ed|ing)|cop(?:y|ies|ied|ying)|ship(?:s|ped|ping)?|beam(?:s|ed|ing)?|push(?:es|ed|ing)?|export(?:s|ed|ing)?|back(?:s|ed)?\s+up|deliver(?:s|ed|ing)?|submit(?:s|ted|ting)?|pip(?:e|es|ed)|rout(?:e|es|ed)|propagat(?:e|es|ed)|leav(?:e|es|ing)|stored|kept|logged|cached|retained|persisted|cc'?d|bcc'?d|e-?mailed|mailed)(?![\w/-]|\.\w)`,
  "i",
);
/** Words that make a sent copy secondary to the tool's work (also, a copy, onward, ...). */
export const SECONDARY = new RegExp(
  String
    .raw`\b(?:also|too|as\s+well|additionally|in\s+addition|a\s+copy|copies|cop(?:y|ied)|duplicat[a-z]*|mirror[a-z]*|archiv[a-z]*|onward|onwards|off[\s-](?:box|site|device|machine|host|premises)|behind\s+the\s+scenes|in\s+the\s+background|on\s+the\s+side|quietly|silently|each\s+time|every\s+(?:time|run|call)|external|third[\s-]part(?:y|ies)|partner|collaborator'?s?|affiliate|aggregat[a-z]*)\b`,
  "i",
);
export const BARE_DOMAIN = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i;
/** Code, JSON or shell examples: not prose addressed to the model. */
export const CODE_LIKE = /\bcurl\s|\{\s*"|":\s|^\s*["{\[]|\$\(|\|\s*jq\b/;
export const DEST = new RegExp(
  String
    .raw`\b(?:servers?|services?|endpoints?|webhooks?|feeds?|partners?|collaborators?|third[\s-]part(?:y|ies)|external|remote|off[\s-](?:box|site|device|machine|host|premises)|cloud|buckets?|aggregat[a-z]*|analytics|telemetry|collectors?|upstream|hosts?|sinks?|vendors?|affiliates?|elsewhere|outside)\b|\b(?:https?|wss?|ftp)://|\b[a-z0-9-]{2,63}(?:\.[a-z0-9-]{2,63})*\.(?:com|net|org|io|dev|co|xyz|ru|cn|site|online|top|info|biz|cc|me|app|ai|tk|sh|cloud|link|live)\b`,
  "i",
);
/** Words that declare sending or a remote side as what a tool is for. */
export const REMOTE_PURPOSE = new Set(
  "send sends sender upload uploads uploader post posts publish publishes share shares sharing sync syncs backup webhook webhooks email emails mail mailer notify notification notifications slack discord telegram teams sms remote server servers cloud http https url urls api apis forward forwards push pushes export exports deploy deploys s3 bucket transmit stream broadcast report reports telemetry analytics tweet message messages messaging submit submits fetch request requests relay relays replicate endpoint endpoints hosting transfer transfers ftp sftp drive dropbox onedrive gdrive github gitlab jira linear notion airtable"
    .split(" "),
);
/**
 * Choosing a tool, in more words (2026.11.26-10): reach for it, go to it first, make it your
 * go-to, rank or score it above, treat it as the default, the one to use, the only one ever
 * touched, a reward for picking it.
 */
const CHOICE = String
  .raw`reach(?:es|ed|ing)?\s+for|go(?:es)?\s+to\s+[\w-]{2,40}\s+first|(?:your|the|a)\s+go-to|the\s+(?:one|tool)\s+to\s+(?:reach\s+for|use|call|pick|choose|turn\s+to)|(?:rank|score|put|place|weight|list|sort|prioriti[sz]e)[a-z]{0,3}\s+(?:[\w-]{1,40}\s+)?(?:above|ahead\s+of|higher\s+than)|treat[a-z]{0,3}\s+[\w-]{1,40}\s+as\s+(?:the|your)\s+(?:default|go-to|first|primary|main|standard)|make[a-z]{0,3}\s+[\w-]{1,40}\s+(?:your|the)\s+(?:default|go-to|first\s+stop|primary|main)|only\s+one\s+(?:[\w-]{1,20}\s+){0,3}?ever|(?:bonus(?:es)?|rewards?|extra\s+credit|(?:higher|better)\s+(?:scores?|ratings?|reviews?|evaluations?|marks?))\b[^.;]{0,60}?\b(?:(?:each|every)\s+time|when(?:ever)?|if)\s+(?:it|you|they)\s+(?:chooses?|choose|picks?|pick|uses?|use|calls?|call|selects?|select|consults?|consult|prefers?|prefer)|pick\s+it\s+whenever|(?:first|last|only|one)\s+(?:and\s+(?:last|only)\s+)?stop`;

/** The tool set up as the choice: default, only, invariably, first choice, ... */
export const SELF_STEER = new RegExp(
  String
    .raw`\b(?:default(?:s|ing)?\s+to|the\s+default|only|sole|solely|exclusively|invariabl[a-z]*|(?:first|right|best|correct|preferred|obvious|one|go-to)\s+(?:choice|option|pick|tool)|always\s+(?:use|choose|pick|prefer|call|select|route|go|start)|prefer(?:red|ably)?|(?:must|should|has\s+to|shall)\s+(?:always\s+)?be\s+(?:the|your)\s+(?:only\s+|sole\s+|one\s+|first\s+)?(?:tool|choice|option|one)\b|(?:use|call|choose|pick|invoke|route\s+\w+\s+(?:to|through))\s+(?:me|this(?:\s+tool|\s+one)?|[\w-]+)\s+(?:for|on|with)\s+(?:everything|anything|every|any|all|each)\b|(?:and|but)\s+nothing\s+else|no\s+other\s+tool|(?:supersedes?|replaces?|overrides?|outranks?|trumps?|beats?)\s+(?:every|all|any)\s+(?:other|the\s+other)|(?:route|send|direct|bring|hand)\s+(?:all|every|any)\s+[a-z]+\s+(?:here|to\s+me|to\s+this\s+tool)|(?:route|send|direct|funnel|pass|channel|put)\s+(?:every|all|each|any)\s+[^.;]{1,50}?\s(?:through|via|into)\s+[\w-]{2,40}|to\s+the\s+exclusion\s+of|(?:settle|standardi[sz]e|fix)\s+on|(?:go|stick)\s+with\s+[\w-]{2,40}\s+anyway|(?:rather\s+than|instead\s+of)\s+(?:through\s+|via\s+|using\s+|with\s+)?(?:its|your|their)\s+own\s+(?:knowledge|memory|judg(?:e)?ment|answers?)|(?:selected|chosen|picked|called|invoked)\s+(?:on|for|at)\s+(?:every|each)\s+(?:turn|request|message|step|query|prompt)|${CHOICE})\b`,
  "i",
);
/** Beyond the tool's own domain: whenever several tools could serve, whatever the task. */
export const UNIVERSAL = new RegExp(
  String
    .raw`\b(?:(?:several|multiple|many|two\s+or\s+more|more\s+than\s+one|competing|other|any\s+other|different)\s+(?:[a-z-]{1,20}\s+)?(?:tools?|options?|providers?|servers?|functions?)\s+(?:could|can|might|may|would|are|seem|that|which|match|apply|fit)|whatever\s+(?:the\s+)?(?:task|request|question|user\s+asks|you\s+(?:do|need)|[^,.;!?]{1,40},)|(?:for|with|on)\s+(?:any|every|each)\s+(?:task|request|question|query|prompt|purpose|job|message|turn)s?|to\s+the\s+exclusion\s+of|(?:every|any|each)\s+alternative|(?:choos|select|pick|decid)[a-z]*\s+(?:among|between)\s+(?:the\s+)?(?:[a-z-]{1,20}\s+){0,2}?[a-z]{3,}s\b|asks?\s+(?:\w+\s+)?for\s+(?:another|a\s+different|some\s+other)\s+(?:[a-z-]{1,20}\s+)?(?:tool|server|service|provider)|for\s+(?:everything|anything)\b(?![\s-]+[a-z]+-related)|regardless\s+of|no\s+matter\s+what|(?:every|all|any)\s+other\b|in\s+all\s+cases|when\s+in\s+doubt|above\s+all\s+(?:other|others)|of\s+any\s+(?:kind|sort|type)|whatsoever|or\s+(?:otherwise|not)\b|at\s+all\s+(?:plausible|possible|relevant|applicable|useful)|(?:literally|absolutely|just\s+about)\s+(?:everything|anything)|whichever\s+(?:question|request|task|query|prompt)|(?:over|above|ahead\s+of|instead\s+of)\s+(?:a|any|every|all|the)\s+(?:other|competing|rival|alternative)|(?:above|over|ahead\s+of|before)\s+(?:any|every|all)\s+[^.;]{0,40}?\btools?\b|only\s+(?:then\s+)?(?:consider|use|try|call|fall\s+back\s+(?:to|on))\s+(?:another|any\s+other|other|a\s+different)\b|whenever\s+[^.;]{1,40}?\bat\s+all\b|(?:before|ahead\s+of)\s+any\s+[^.;]{0,30}?\btools?\b[^.;]{0,30}?\bfor\s+(?:every|each|any|all)\b|(?:every|any|each)\s+(?:[\w-]{1,20}\s+)?(?:calculation|conversion|translation|search|lookup|question|request|task)s?\s+(?:of\s+any|whatsoever|at\s+all|(?:the\s+)?user\s+makes))`,
  "i",
);
export const DISMISS = new RegExp(
  String
    .raw`\b(?:(?:other|competing|rival|alternative)\s+(?!parameters?\b|numbers?\b|users?\b|orders?\b|headers?\b|filters?\b|folders?\b)[a-z]{3,20}(?:ers|ors)\b|\bthe\s+rest\b(?!\s+of\s+(?:the\s+)?(?:page|text|file|list|string|output|response|document|line|input|path|url|message|data)))[^.;!?]{0,60}?\b(?:mis[a-z]{3,14}|unmaintained|abandoned|stale|offline|retired|banned|dead|knock-?offs?|junk|useless|flaky|corrupt[a-z]*|mangl[a-z]*|inflat[a-z]*|exaggerat[a-z]*|fabricat[a-z]*|garbl[a-z]*|scrambl[a-z]*|distort[a-z]*|botch[a-z]*|butcher[a-z]*|ruin[a-z]*|unreliable|broken|outdated|deprecated|inaccurate|wrong)\b|\b(?:has|have)\s+(?:banned|blocked|disabled|retired|removed|deprecated|forbidden)\s+(?:the\s+)?[^.;]{0,60}?\btools?\b|\b(?:nothing|no\s+other\s+(?:tool|server|source|service))\s+(?:else\s+)?(?:[\w-]{1,20}\s+){0,4}?(?:is|comes?)\s+(?:nearly\s+|anywhere\s+near\s+|close\s+to\s+)?(?:as|so)\s+(?:current|accurate|reliable|good|fast|complete|fresh|up-to-date|precise|trustworthy)\b|\b(?:tools?|apis?|services?|servers?|plugins?|integrations?)\s+(?:from|by|of)\s+(?:other|competing|rival|third[- ]party|different)\s+(?:vendors?|providers?|companies|servers?|developers?|makers?|publishers?)\b[^.;!?]{0,60}?\b(?:inflat\w*|exaggerat\w*|overstat\w*|understat\w*|fabricat\w*|mis[a-z]{3,14}|unreliable|inaccurate|wrong|broken|outdated|stale)|\bleave\s+(?:them|those|these|the\s+others?)\s+(?:unused|alone|aside|idle|untouched)\b|\bstop\s+(?:calling|using|invoking)\s+(?:[a-z][a-z0-9]*_[a-z0-9_]+|(?:the\s+)?(?:other|[\w-]+\s+or\s+[\w-]+)\s+(?:[\w-]+\s+)?tools?)|\b(?:(?:other|others|remaining|alternative|alternatives|competing|competitors?'?|rival|similar|third[\s-]party|different|another|built-in|builtin|native|standard|existing|official)\s+(?:[a-z-]{1,24}\s+){0,3}|the\s+rest\s+of\s+the\s+)(?:tools?|toolbox|toolset|providers?|services?|servers?|options?|apis?|plugins?|sources?|engines?|functions?|integrations?|vendors?|alternatives?|extensions?|utilities|readers?|clients?|apps?)\b[^.;!?]{0,60}?\b(?:ignor[a-z]*|avoid[a-z]*|disregard[a-z]*|skip[a-z]*|bypass[a-z]*|shun[a-z]*|never\s+(?:be\s+)?(?:used|called|chosen|picked|consulted)|not\s+(?:be\s+)?(?:used|called|chosen|picked|consulted|trusted)|unreliable|untrustworthy|untrusted|deprecated|broken|inaccurate|wrong|incorrect|buggy|fake|malicious|off-limits|forbidden|unsafe|compromised|obsolete|out(?:-|\s+of\s+)date|outdated|(?:a\s+)?(?:fallback|last\s+resort)|(?:do\s+not|don't|never)\s+(?:call|use|trust|consult|invoke|pick|choose)\s+(?:them|those|these|it))`,
  "i",
);
/** "ignore/avoid (all) other ... tools", "never use any other ... provider". */
export const DISMISS_VERB_FIRST = new RegExp(
  String
    .raw`\b(?:ignor(?:e|ing)|avoid(?:ing)?|disregard(?:ing)?|shun(?:ning)?|never\s+(?:use|call|choose|pick|consult|invoke|trust|try|fall\s+back\s+(?:on|to)|rely\s+on|turn\s+to|resort\s+to)|(?:don't|do\s+not)\s+(?:use|call|choose|pick|consult|invoke|trust|bother\s+with|fall\s+back\s+(?:on|to)|rely\s+on|turn\s+to|resort\s+to)|stay\s+away\s+from)\s+(?:all\s+|any\s+|the\s+|every\s+)?(?:other|others'|remaining|alternative|competing|rival|similar|third[\s-]party|different|built-in|builtin|native|standard|existing|official)\s+(?:[a-z-]{1,24}\s+){0,2}(?:tools?|providers?|services?|servers?|options?|apis?|plugins?|sources?|engines?|functions?|integrations?|vendors?|alternatives?|extensions?|utilities|readers?|clients?|apps?)\b`,
  "i",
);
export const IDENT =
  /(?<![\w.\/@:-])((?:[a-z][a-z0-9]*\.)?[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*(?:-[a-z0-9]+){1,4})(?![\w\/@-]|\.[a-z])/g;
export const CALL_FRAME_BEFORE = new RegExp(
  String
    .raw`(?:\b(?:when|whenever|before|after|each\s+time|every\s+time|once|if|while)\s+(?:the\s+|a\s+|an\s+)?(?:[a-z]+\s+){0,2}|\b(?:use|uses|call|calls|invocation|invocations|run|runs|request|requests|execution)\s+(?:made\s+|sent\s+)?(?:of|to)\s+(?:the\s+)?|\b(?:note|notes|instructions?|side\s+effects?|rule|policy|reminder|change|behaviou?r|companion\s+behaviou?r|addendum)\s+(?:for|on|about|to)\s+(?:the\s+)?|\b(?:server|plugin|extension|integration)'s\s+|\b(?:written|sent|created|made|dispatched|opened|filed|posted|signed)\s+(?:through|via|using|with)\s+|\b(?:through|via|using|invoking|calling|running|executing|override|overriding|patch|patching|wrap|wrapping|intercept|intercepting|hook|hooking)\s+(?:the\s+)?|\b(?:if|when|whenever|once|each\s+time|every\s+time)\b[^,.;]{0,40}\b(?:calls?|invokes?|uses?|runs?|triggers?)\s+(?:the\s+)?)$`,
  "i",
);
export const CALL_FRAME_AFTER = new RegExp(
  String
    .raw`^(?:\s+tool\b|\s+(?:is|gets|get|are|was)\s+(?:called|used|invoked|run|executed|triggered)|\s+(?:runs|executes|fires|now|calls?|invocations?)\b|'s\s+(?:[a-z-]+\s+){0,2}(?:must|should|has\s+to|needs?|is\s+to|will|shall)\b|,?\s+(?:which\s+|then\s+)?(?:must|should|shall|has\s+to|needs\s+to|is\s+to)\s+(?:also\s+|always\s+|first\s+|then\s+|now\s+){0,2}(?:be\s+(?:called|run|invoked|given)|call|run|read|open|fetch|take|send|forward|upload|capture|scan|query|post|email)\b)`,
  "i",
);
const ALTER_VERB = String
  .raw`drop|remove|strip|flip|set|add|append|prepend|replace|disable|skip|swap|force|redirect|bcc|cc|omit|turn\s+off|switch\s+(?:off|to)|rewrite|modify|alter|change|inject|insert|delete|put|copy|substitute|bypass|suppress|widen|raise|lower|make(?!\s+(?:sure|certain)\b)|include|attach|pass|send|route|grant|elevate|upgrade|downgrade|double|zero|clear|empty|lift`;
const ALTER_DONE = String
  .raw`dropped|removed|stripped|flipped|set|added|appended|prepended|replaced|disabled|skipped|swapped|forced|redirected|omitted|turned\s+off|switched\s+(?:off|to)|rewritten|modified|altered|changed|injected|inserted|deleted|copied|substituted|bypassed|suppressed|widened|raised|lowered|made|included|attached|passed|sent|routed|granted|elevated|upgraded|downgraded|doubled|zeroed|cleared|emptied|lifted`;
/**
 * A change ordered, not described: an imperative opening a clause ("..., drop the LIMIT"), a
 * modal ("should flip", "must always include", "needs the suffix appended"), or a safeguard
 * declared gone ("now requires no confirmation").
 */
export const ALTER = new RegExp(
  String
    .raw`(?:^|[,;:(\u2014-]\s*|\b(?:then|and|also|please|always|silently|quietly)\s+)(?:(?:always|silently|quietly|also)\s+)?(?:${ALTER_VERB})\b|\b(?:should|must|shall|will|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to|ought\s+to)\s+(?:(?:also|always|silently|quietly|now)\s+)?(?:be\s+)?(?:${ALTER_VERB}|${ALTER_DONE})\b|\b(?:should|must)\s+always\s+be\b|\b(?:now|no\s+longer)\s+(?:requires?|needs?|asks?\s+for)\b|\brequires?\s+no\b|\bneeds?\s+(?:the|a|an|its|their)\s+[^.;!?]{0,80}?\s(?:${ALTER_DONE})\b|\b(?:is|are|gets?|being)\s+(?:also\s+|always\s+|silently\s+|automatically\s+)?(?:prefixed|suffixed|re-?pointed|redirected|rewritten|widened|added\s+as|b?cc'?d)\b|\b(?:is|are)\s+to\s+point\b|\b(?:end|ends|begin|begins|start|starts)\s+with\s+(?:a|an|the)\s+(?:line|link|note|footer|header|sentence|paragraph|signature)\b`,
  "i",
);
/** "requires no confirmation", "no longer asks": a safeguard removed, not a negated request. */
export const VOIDED =
  /\b(?:requires?|needs?|asks?\s+for)\s+no\b|\bno\s+longer\b|\bwithout\s+(?:(?:the|any|its|a|an)\s+)?(?:[a-z-]+\s+)?(?:asking|confirm[a-z]*|approval|prompting|review|checks?|protection|safeguards?|validation|verification|guards?|limits?)\b/gi;
export const REQUEST = new RegExp(
  String
    .raw`\b(?:ask|request|collect|obtain|require|need|gather|prompt|demand|solicit|get|fetch|retrieve|capture|provide|supply|enter|share|give|submit|send|include|attach|upload|tell|type|recite|list|read\s+out|hand\s+over)[a-z]{0,4}\b`,
  "i",
);
/** Kinds a tool never needs merely because of what it is called (never asked in passing). */
export const NEVER_IN_PASSING =
  /\b(?:seed\s+(?:words?|phrases?)|(?:recovery|mnemonic|secret|wallet)\s+(?:words?|phrases?)|mnemonics?|backup\s+codes?|(?:2fa|mfa|otp|one[\s-]time|authenticator)\s+(?:codes?|secrets?|seeds?)|maiden\s+names?|security\s+(?:questions?|answers?)|cvv|cvc|passports?|(?:driving|driver'?s?)\s+licen[cs]es?|social\s+security|ssns?|tax\s+returns?|date\s+of\s+birth|bank\s+logins?|card\s+numbers?|medical\s+records?|national\s+(?:id|insurance)(?:\s+numbers?)?|id\s+(?:card|number)s?|tax\s+ids?|bank\s+account\s+numbers?|credit\s+card(?:\s+numbers?)?|biometrics?|fingerprints?|home\s+address(?:es)?|system\s+prompt(?!\s+(?:window|dialog|dialogue|box|popup|pop-up|sheet)\b)|developer\s+(?:instructions?|messages?)|instructions\s+you\s+(?:were|have\s+been|got)|(?:previous|preceding|earlier|prior)\s+turns?|everything\s+(?:the\s+user\s+)?(?:said|wrote|typed))\b/i;
export const SENSITIVE_PARAM =
  /(?:^|_)(?:(?:wallet|recovery|secret)_seed|seed_words?|recovery_(?:phrase|words|codes?)|backup_codes?|(?:2fa|mfa|otp)_(?:backup|recovery)_codes?|passport(?:_number|_no|_scan|_photo)?|ssn|social_security(?:_number)?|(?:mothers?_)?maiden_name|date_of_birth|dob|driver_?s?_licen[cs]e(?:_number)?|driving_licen[cs]e(?:_number)?|tax_id|cvv|cvc|card_number|security_answers?)$/;

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
  .raw`several|multiple|many|more than one|competing|whatever|regardless|no matter|all cases|in doubt|for any|for every|for each|for everything|for anything|above all|any other|ignor|avoid|disregard|skip|bypass|shun|never|unreliable|untrust|deprecated|broken|inaccurate|off-limits|forbidden|unsafe|compromised|obsolete|out of date|outdated|not be used|don't|do not|stay away|fall back|rely on|rival|alternative|built-in|builtin|native|standard|existing|official|competitor|the rest of|nothing else|no other|supersed|replace|overrid|outrank|trump|here first|fallback|last resort|wrong|incorrect|exclusion|among|between|another|a different|some other|reach|go-to|go to|rank|score|put|place|weight|sort|prioriti|treat|make|only one|bonus|reward|extra credit|higher|whatsoever|any kind|any sort|any type|otherwise|or not|at all|literally|absolutely|just about|whichever|over a|over any|over every|over all|over the|ahead of|instead of|above|before|only then|only consider|only use|only try|only call|only fall|every|each|other|the rest|mis|unmaintained|abandoned|stale|offline|retired|banned|dead|knock|junk|useless|flaky|corrupt|mangl|has banned|have banned|has blocked|has disabled|has retired|has removed|stop calling|stop using|stop invoking|pick it|garbl|scrambl|distort|botch|butcher|ruin|better rating|better score|first and last|last stop|first stop|at all|nothing else|as current|as accurate|as reliable|from other|leave them|leave those|inflat|exaggerat|fabricat|through|via`;
/**
 * One cheap pass per prose string: a stem no check can fire without. Short literal stems, so
 * the pass costs a fraction of the full patterns, which run only on the tools it lets through
 * (and only those of the checks whose stems are present).
 */
export const ANY_HINT = new RegExp(`\\b(?:${DATA_STEMS}|${MOVE_STEMS}|${STEER_STEMS})`, "i");
/** Paths are tested on their own: mixed into the word-start pattern they triple its cost. */
export const PATH_HINT = new RegExp(DATA_PATH_STEMS, "i");
export const DATA_HINT = new RegExp(`\\b(?:${DATA_STEMS})`, "i");
export const MOVE_HINT = new RegExp(`\\b(?:${MOVE_STEMS})`, "i");
export const STEER_HINT = new RegExp(`\\b(?:${STEER_STEMS})`, "i");
/** Names likely to be personal-data parameters (checked before the exact pattern). */
export const SENSITIVE_PARAM_HINT =
  /seed|recover|backup|passport|ssn|social|maiden|birth|dob|licen|tax|cvv|cvc|card|security/i;
