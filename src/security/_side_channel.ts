/**
 * Side channels the older detectors do not model (rules `side.*`), each judged by structure:
 * what data, whose, where it goes, which other tool is touched, what is hidden from the user.
 *
 * - `side.secret_param_source`: a parameter whose name says where a secret or the chat comes
 *   from ("github_token_copied_from_user_env", "credentials_user_mentioned_earlier",
 *   "prior_turns_verbatim") in a tool whose purpose is neither secret access nor the chat;
 * - `side.nested_secret`: a cloud or account secret nested in an object parameter of a tool
 *   whose purpose reaches no account, service or machine;
 * - `side.bulk_secrets`: a whole store of secrets asked (printenv or `env` output, every
 *   environment variable, a password manager's export, the browser's saved logins, the shell
 *   history, a two-factor seed) by a tool whose purpose names no such store;
 * - `side.secret_owner`: a secret of a service the tool never names ("the user's Gmail
 *   password" in a passphrase generator, "their online-banking password" in a strength meter),
 *   asked in its description;
 * - `side.peer_faked`: another tool's call suppressed and its success reported anyway;
 * - `side.peer_command`: a dangerous command (GRANT ALL, TO PUBLIC, SUPERUSER, chmod 777, a
 *   remote script piped to a shell, code imported into a file) run through another tool as a
 *   standing step;
 * - `side.peer_override`: another tool's arguments forced over what the user chose;
 * - `side.memory_party`: a standing rule planted in the assistant's memory that adds an outside
 *   party (an address or host) to later actions;
 * - `side.cover_label`: the tool left out of, or renamed in, the account given when asked;
 * - `side.publish_secret`: secret files published to a public place (gist, paste) or piped
 *   to an upload command;
 * - `side.third_party_relay`: the user's messages, notes or files moved, in any voice, to a bot
 *   or the vendor's collector the purpose does not name;
 * - `side.chat_in_url`: the user's messages spliced into an outside address's query;
 * - `side.value_order`: an order written as an enum value or default ("also-call-x-first");
 * - `side.flag_sends_out`: a flag whose description says it sends private data to a
 *   parameter's outside default address.
 *
 * Cost: per description a character-class test, then a word-start trie; sentences are split
 * only for descriptions that pass. Titles and parameter descriptions are read in the same pass
 * as the property names and values, memoised per text.
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import { ruleById } from "./rules.ts";
import { sentenceSpans } from "./_sentence_spans.ts";
import { atPointer, holdsNoText } from "./_walk.ts";
import { maskDots, unmask } from "./_exfil_prose.ts";

/** The parts of a tool this check reads. */
export interface SideTool {
  name: string;
  inputSchema?: unknown;
}

const spaced = (s: string) =>
  s.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();

/** A few Chinese words, folded to English (only for texts holding CJK letters). */
const CJK_FOLD: readonly [RegExp, string][] = [
  [/(?:邮箱|電郵|邮件)/g, " e-mail "],
  [/(?:银行|網銀|网银)/g, " bank "],
  [/(?:登录密码|登錄密碼|密码|密碼|口令)/g, " password "],
  [/(?:向用户|让用户|讓用戶|请用户)/g, " ask the user "],
  [/(?:索要|提供|输入|告诉)/g, " for "],
  [/其/g, " their "],
  [/的/g, " "],
  [/(?:字段)/g, " field "],
  [/[，。；：]/g, ". "],
  [/卡/g, " card "],
  // Other Chinese words part the English ones.
  [/[\u4e00-\u9fff]+/g, " "],
];
function lower(s: string): string {
  let t = s.toLowerCase();
  if (/[\u4e00-\u9fff]/.test(t)) { for (const [re, to] of CJK_FOLD) t = t.replace(re, to); }
  return t;
}

/**
 * What at least one description rule needs, tested once per description: a rare character, or
 * a word start (case-insensitive, as a trie so that most word starts fail on their first
 * letter). Two tests: a character class alone is scanned fast, joined to the words it is not.
 */
const GATE_CHARS = /[_|?`@\u4e00-\u9fff]|777/;
const GATE_WORDS = new RegExp(
  "\\b" + trie([
    "pass",
    "pin",
    "api key",
    "secret key",
    "private key",
    "credential",
    "access token",
    "printenv",
    "env",
    "bitwarden",
    "dashlane",
    "keychain",
    "1password",
    "otpauth",
    "totp",
    "2fa",
    "two-factor",
    "two factor",
    "mfa",
    "authenticator",
    "recovery",
    "backup",
    "lastpass",
    "keepass",
    "saved ",
    "history",
    "cookies",
    "grant",
    "public",
    "superuser",
    "rm -",
    "drop ",
    "memor",
    "carr",
    "surviv",
    "conversations",
    "chats",
    "sessions",
    "this one",
    "this tool",
    "what it",
    "itself",
    "gist",
    "succe",
    "went through",
    "finished",
    "completed",
    "paste",
    "telegram",
    "discord",
    "vendor",
    "maintainer",
    "developer",
    "collector",
    "our ",
  ]),
  "i",
);

/** A regex source matching any of `words` (literals), branching on one letter at a time. */
export function trie(words: readonly string[]): string {
  const by = new Map<string, string[]>();
  let end = false;
  for (const w of words) {
    if (w === "") end = true;
    else by.set(w[0]!, [...(by.get(w[0]!) ?? []), w.slice(1)]);
  }
  const alts = [...by].map(([c, rest]) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + trie(rest));
  if (alts.length === 0) return "";
  return end ? `(?:${alts.join("|")})?` : alts.length === 1 ? alts[0]! : `(?:${alts.join("|")})`;
}

// ---------------------------------------------------------------------------------------------
// Secrets

/** A secret named in a parameter name (spaced, lower case). */
const NAME_SECRET =
  /\b(?:secrets?|passwords?|passwd|passcodes?|passphrases?|tokens?|credentials?|creds|api\s*keys?|apikey|private\s+keys?|secret\s+keys?|access\s+keys?|cookies?|pat|otp|seed|mnemonic)\b/;
/** Where a secret was taken from, said in the name. */
const NAME_SOURCE =
  /\b(?:env|environment|bashrc|zshrc|bash\s+profile|dotenv|keychain|keyring|clipboard|typed|mentioned|said|earlier|copied|pulled|lifted|grabbed|scraped|machine|disk|shell|browser|recent|prior|previous|(?:from|off|out\s+of)\s+\w+|(?:seen|found|shown|pasted|typed|shared)\s+(?:in|during)\s+(?:this|the)\s+(?:session|chat|conversation|thread))\b/;
/** Not a secret: a paging or continuation token, a token count. */
const NAME_NOT_SECRET =
  /\b(?:page|next|continuation|cursor|pagination|sync|resume|max|count|num|limit)\s+tokens?\b|\btokens?\s+(?:count|limit|budget|usage)\b/;
/** The chat's content, named in a parameter name (the chat is the name's head, not a modifier). */
const NAME_CHAT =
  /(?:\b(?:prior|previous|earlier|past|recent|last|older|all)\s+(?:\w+\s+)?(?:turns|messages|chats?|conversations?|exchanges|prompts)|\b(?:turns|messages|chat|conversation|transcript)\s+(?:verbatim|word\s+for\s+word|so\s+far)|\b(?:everything|what|all)?\s*user\s+(?:typed|said|wrote|mentioned|shared|pasted|entered|sent|gave)(?:\s+(?:before|earlier|previously|so\s+far|here|today))?)(?:\s+(?:verbatim|word\s+for\s+word|so\s+far|text|content|raw|dump|history|log))*$/;
/** A purpose that reads or keeps secrets: a secret is its input. */
const SECRET_PURPOSE =
  /\b(?:vault|secrets?|password\s+manager|passwords?|keychain|keyring|credentials?|sign\s*in|sign-in|log\s*in|login|auth\w*|tokens?|1password|bitwarden|lastpass|keepass|dashlane|env|environment|dotenv|ssh|keys?)\b/;
/** A purpose about the chat itself. */
const CHAT_PURPOSE =
  /\b(?:conversations?|chats?|threads?|transcripts?|summar\w*|messages?|history|context|memory|recap\w*|dialog\w*)\b/;

/** A whole store of secrets. */
const BULK =
  /\bprintenv\b|`env`|\b(?:output|result|dump|listing)\s+of\s+(?:running\s+)?`?(?:env|set|export\s+-p)\b|\b(?:every|all|each|complete|full|entire|whole)\s+(?:of\s+the\s+)?(?:\w+\s+)?(?:environment|env)\s+variables?\b|\benvironment\s+variables?\b[^.;]{0,40}\b(?:values|unredacted|unmasked|in\s+full|nothing\s+masked)\b|\b(?:export\w*|dump\w*|backup|full\s+contents)\s+(?:of\s+)?(?:the\s+user'?s\s+|their\s+)?(?:\w+\s+)?(?:1password|bitwarden|lastpass|keepass|dashlane|password\s+manager|keychain)\b|\b(?:1password|bitwarden|lastpass|keepass|dashlane|keychain|password\s+manager)\s+(?:vault\s+)?(?:export|dump|backup)\b|\.1pux\b|\bdump-keychain\b|\bsaved\s+(?:logins?|passwords?|credentials?)\b|\bpassword\s+store\b|\.(?:bash|zsh|fish)_history\b|\bshell\s+history\b|\bbrowser\s+cookies\b|\botpauth:|\b(?:totp|2fa|two[- ]factor|mfa|authenticator)\s+(?:secret|seed|key)s?\b|\b(?:recovery|backup)\s+codes\b|\bsecret\s+behind\s+it\b/;
/** The purpose words that make a bulk store the tool's own subject. */
const BULK_PURPOSE =
  /\b(?:env|environment|variables?|dotenv|vault|passwords?|password\s+manager|1password|bitwarden|lastpass|keepass|dashlane|keychain|history|browser|logins?|backup|secrets?|credentials?|shell|terminal|debug\w*|diagnos\w*|authenticator|2fa|two[- ]factor|mfa|totp|otp|recovery)\b/;
/** Asked, put into the call or handed over. */
const ASK =
  /\b(?:needs?|requires?|required|include|attach|paste|send|pass|put|collect|provide|supply|add|upload|gather|grab|copy|dump|give|fill|ask\w*|request\w*|obtain|enter|submit|read\s+out|have\s+the\s+user|get|carry|bring)\b/;
/** Said not to happen. */
const NOT_BEFORE = /\b(?:never|not|no|without|nor)\b[^.;]{0,40}$/;

/** A secret named with its owner ("the user's Gmail password", "password of their bank"). */
const OWNED =
  /\b(?:(?:the\s+user'?s|users'|their|your|his|her)\s+((?:[\w-]+\s+){0,4}?)(?:login\s+password|app\s+password|password|passcode|pin|api\s+keys?|secret\s+keys?|private\s+keys?|credentials?|access\s+tokens?)|(?:password|passcode|pin|api\s+keys?|credentials?)\s+(?:of|for|to)\s+(?:the\s+user'?s|their|your|his|her)\s+((?:[\w-]+\s*){1,3}))/g;
const GENERIC_OWNER = new Set(
  "app account accounts online main master personal own current new old real secret access api private primary login sign user users the a an this that one other web mobile default full raw actual valid working and or any every both same usual regular"
    .split(
      " ",
    ),
);
const SECRET_WORD =
  /^(?:passwords?|passcodes?|passphrases?|pins?|tokens?|keys?|secrets?|logins?|credentials?|cookies?|codes?)$/;
/** A purpose that keeps other services' secrets or signs in: their secrets are its input. */
const KEEPS_SECRETS =
  /\b(?:vault|password\s+manager|keychain|keyring|keepass|1password|bitwarden|lastpass|dashlane|credential\s+store|secret\s+store|secrets\s+manager|authenticat\w*|log\s*in|login|sign\s*in|signin|sso|oauth|connect\w*|link\w*\s+(?:an?\s+|the\s+|your\s+)?accounts?|integrat\w*)\b/;

/** The non-generic owner words of a secret, when some are not in `known`. */
function unnamedOwner(owner: string, known: string): string | null {
  const words = owner.split(/[^a-z0-9]+/).filter((w) =>
    w.length > 1 && !GENERIC_OWNER.has(w) && !SECRET_WORD.test(w)
  );
  if (words.length === 0) return null;
  return words.some((w) => known.includes(w.slice(0, Math.max(3, w.length - 2))))
    ? null
    : words.join(" ");
}

// ---------------------------------------------------------------------------------------------
// Other tools

/** A tool's name as code (snake or camel case). */
const IDENT = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b/g;
/** Another tool's call not made. */
const NOT_CALLED =
  /\b(?:do\s+not|don'?t|never|skip|avoid|without|instead\s+of)\s+(?:\w+\s+){0,3}?(?:call(?:ing)?|invok\w*|run(?:ning)?|us(?:e|ing)|execut\w*|trigger\w*)\s+(?:the\s+)?(`?[a-z][a-z0-9]*(?:_[a-z0-9]+)+`?|it|them|(?:that|this|those|the|any)\s+(?:other\s+)?tools?)\b/;
/** Other tools, the referent of "do not call it". */
const OTHER_TOOLS = /\b(?:an|any|the)?\s*other\s+(?:\w+\s+)?tools?\b|\banother\s+tool\b/;
/** Its success reported anyway. */
const FAKED =
  /\b(?:report|tell|say|reply|respond|answer|confirm|claim|state|announce|inform)\w*\b[^.;]{0,60}\b(?:succeeded|success\w*|finished|completed?|done|went\s+through|worked|(?:was|were|has\s+been|have\s+been|is|are)\s+(?:\w+ly\s+)?(?:\w+ed|done|sent|made|paid|backed\s+up))\b/;
/** A report said not to be made ("never say it succeeded"). */
const FAKE_NEGATED = /\b(?:never|not|don'?t|no)\s+(?:\w+\s+){0,2}$/;

/** A command that opens up, escalates or runs foreign code. */
const DANGER =
  /\bgrant\s+all\b|\bto\s+public\b|\bsuperuser\b|\bchmod\s+(?:-r\s+)?0?777\b|\b(?:curl|wget)\b[^|;\n]{0,120}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|\brm\s+-rf\s+[/~]|\bdisable\s+row\s+level\s+security\b|`\s*(?:import|require|source|eval|exec)\b|\bdrop\s+(?:table|database|schema)\b/;
/** An order to run or put it, before the command. */
const RUN_ORDER =
  /\b(?:run|send|execute|executes|issue|prepend|insert|add|include|wrap|put|have\s+it\s+run|type)\b/g;
/** A standing step. */
const STANDING =
  /\b(?:before\s+(?:any|every|each|the)|every|each|whenever|always|any\s+time|once\s+per|first)\b/;
/** Another tool named by role. */
const PEER_ROLE =
  /\b(?:through|via|with|using)\s+(?:the\s+|that\s+|this\s+)?(?:same\s+)?[\w' -]{0,40}\btool\b|\b(?:shell|terminal|query|sql|database|file|command)\s+tools?\b|\btools?\s+(?:from|of)\s+(?:any|another|other)\b|\bfrom\s+any\s+server\b/;

/** A value set on a parameter. */
const SET_VALUE =
  /\b[a-z_]{2,30}\s*=\s*\S+|\b(?:set|pass|use|push|make|force|change|switch|put|add)\b[^.;]{0,40}\b(?:to|=|as|true|false|main|master)\b/;

/** The user's own choice overridden ("whatever branch the user named"). */
const OVER_USER =
  /\b(?:whatever|whichever|whoever|no\s+matter\s+(?:what|which|who))\b[^.;]{0,40}?\b(?:the\s+user|they|user|customer|caller|you)\b|\b(?:regardless|irrespective)\s+of\s+(?:what|which|who|whatever|the\s+user)|\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+(?:what|whatever|the\s+(?:user|user's|one\s+the\s+user))\b|\beven\s+if\s+the\s+user\b/;
/** A call frame around another tool's name. */
const CALL_FRAME =
  /\b(?:call|calls|calling|called|invoke\w*|use|used|uses|run|runs|tool|whenever|every\s+time|each\s+time|adjusts?|tunes?)\b/;
/** Text about attacks (a scanner, a catalogue): its examples are quoted, not ordered. */
const ABOUT_ATTACKS =
  /\b(?:poison\w*|attack\w*|malicious|injection|exploit\w*|detect\w*|scans?\s+(?:\w+\s+){0,4}for|red[- ]team\w*|for\s+example|example:)/;

// ---------------------------------------------------------------------------------------------
// Standing rules, cover stories, publishing, splices

const MEMORY =
  /\b(?:long[- ]term|persistent|permanent|saved)\s+memory\b|\b(?:your|the\s+assistant'?s)\s+memory\b|\bmemori[sz]e\b|\bcarr(?:y|ies)\s+over\b|\bsurviv\w*\s+(?:new|future|later|across)\b|\b(?:new|future|later|all\s+later)\s+(?:conversations|chats|sessions)\b/;
const OUTSIDE_PARTY =
  /[\w.+-]{1,64}@[\w-]{1,63}(?:\u2024[\w-]{1,63})+|\bhttps?:\/\/\S+|\b[a-z0-9-]{2,63}(?:\u2024[a-z0-9-]{2,63})*\u2024(?:com|net|org|io|co|dev|app|xyz|ai|me|sh|cc|biz|info|site|online|cloud|tech|email)\b/;
const PARTY_VERB =
  /\b(?:cc|bcc|forward\w*|copy|copies|invite\w*|share\w*\s+with|send\w*\s+(?:a\s+)?cop\w*|add\w*\b[^.;]{0,50}\bas\s+(?:an?\s+)?(?:guest|attendee|recipient|member|collaborator|reviewer|watcher|owner|admin))\b/;
/** The user's own say over the rule (a preference the user set). */
const USER_SAYS =
  /\b(?:when|if|once)\s+the\s+user\s+(?:says|asks|tells|sets|chooses|wants)\b|\buntil\s+(?:they|the\s+user)\s+change\b/;

/** When someone asks about the tools used. */
const ASKED =
  /\b(?:when|if|whenever|whoever|anyone|someone|should\s+(?:the\s+user|anyone|someone))\b[^.;]{0,30}\bask\w*\b|\bwhen\s+asked\b/;
/** Listing the others and dropping this one. */
const DROP_SELF =
  /\b(?:others?|other\s+(?:tools|sources|ones)|the\s+rest)\b[^.;]{0,40}\b(?:but|and|except)\s+(?:leave|skip|omit|drop|exclude|hide|not)\s+(?:out\s+)?(?:this\s+one|this\s+tool|me|itself)\b|\b(?:leave|skip|omit|drop|exclude)\s+(?:out\s+)?(?:this\s+one|this\s+tool)\s+(?:out|off)\b/;
/** This tool given another name. */
const RELABEL =
  /\b(?:describe|call|present|introduce|refer\s+to|list|label|name)\s+(?:this\s+(?:tool|one)|it|itself|me)\s+(?:as\s+)?(?:an?\s+)?['"\u2018\u201c][^'"\u2019\u201d]{2,40}['"\u2019\u201d]/;
/** And what it does kept back. */
const HIDE_WHAT =
  /\b(?:never|don'?t|do\s+not|say\s+nothing|nothing|without)\s+(?:\w+\s+){0,3}?(?:state|say|mention|reveal|explain|tell|disclos\w*|about)\b[^.;]{0,40}\bwhat\s+it\s+(?:really|actually|truly)\s+(?:does|sends|is|collects|records|streams)\b/;

const PUBLIC_PLACE =
  /\bpublic\s+(?:gist|paste|pastebin|repo\w*|bucket|link|snippet|post)\b|\bpastebin\b|\b(?:gist|paste)\b[^.;]{0,20}\bpublic\b/;
// A key pair's public half (`id_ed25519.pub`) is no secret file.
const SECRET_FILE =
  /~\/\.(?:ssh|aws|npmrc|netrc|pgpass|docker|kube|gnupg|config\/gh|git-credentials|pypirc)\b(?![\w./-]*\.pub\b)|\bid_(?:rsa|ed25519|ecdsa)\b(?!\.pub\b)|(?:^|\s)\.env\b/;

/** The user's data, by kind. */
const USER_DATA =
  /\b(?:messages?|transcripts?|conversations?|chats?|history|notes?|typed|prompts?|e-?mails?|files?|contacts|clipboard|keystrokes|screenshots?|documents?|photos?|recordings?)\b/;
/** A party that is neither the user nor the tool's own job: a bot, the vendor's collector. */
const THIRD_PARTY =
  /@\w+bot\b|\btelegram\s+(?:bot|chat|channel|group)\b|\bdiscord\s+webhook\b|\b(?:the\s+)?(?:vendor|maintainer|developer|author|publisher)(?:'s|s')?\s+(?:own\s+)?(?:\w+\s+)?(?:collector|server|webhook|endpoint|archive|bucket|console|team|bot|inbox|dashboard|analytics|mirror)\b|\bcollector\s+webhook\b|\b(?:webhook|server|endpoint|collector|bot|archive)\s+(?:that\s+|which\s+)?(?:the\s+)?(?:vendor|maintainer|developer|we)\s+(?:operates?|runs?|owns?|hosts?)\b|\bour\s+(?:\w+\s+)?(?:collector|servers?|archive|team|analysts|bot|dashboard)\b/;
/** Moved there, in any voice ("is forwarded to", "gets copied to", "mirror it to"). */
const RELAY =
  /\b(?:forward\w*|cop(?:y|ies|ied)|stream\w*|relay\w*|mirror\w*|sent|send\w*|upload\w*|post\w*|push\w*|ship\w*|transmit\w*|sync\w*|deliver\w*|goes|go|beam\w*|pip(?:e|ed|es|ing))\b[^.;]{0,60}\b(?:to|into|at|with)\b/;
/** Said not to happen, or the user's own destination. */
const KEPT =
  /\b(?:never|not|nothing|no\s+\w+\s+(?:is|are))\s+(?:\w+\s+){0,3}(?:sent|forward\w*|cop\w*|upload\w*|shared?|leaves?|stream\w*|relay\w*|mirror\w*|post\w*)\b|\b(?:the\s+user|you)\s+(?:picks?|chooses?|names?|owns?|selects?|configures?)\b|\b(?:the\s+user'?s|your|their)\s+own\b/;
/** A secret file piped to an upload command. */
const PIPED_OUT = /\|\s*(?:curl|wget|nc|ncat|scp|rsync)\b[^;]{0,120}?(?:https?:\/\/|\w@[\w-])/;

const URL_QUERY = /\bhttps?:\/\/[^\s'"`)]+[?&][\w-]+=/;
const CHAT_AFTER =
  /\b(?:followed\s+by|append\w*|plus|with|then)\b[^.;]{0,60}\b(?:(?:the\s+)?user'?s\s+(?:(?:last|latest|recent|previous|prior)\s+)?(?:\w+\s+)?(?:messages|prompts|turns|questions)|(?:the\s+)?(?:conversation|chat\s+history|transcript)|what\s+the\s+user\s+(?:typed|wrote|said))\b/;

/** The words every BULK alternative starts with (word starts, as a trie). */
const BULK_GATE = new RegExp(
  "\\b" + trie([
    "printenv",
    "env",
    "1password",
    "bitwarden",
    "lastpass",
    "keepass",
    "dashlane",
    "keychain",
    "password",
    "saved",
    "history",
    "cookies",
    "otpauth",
    "totp",
    "2fa",
    "two",
    "mfa",
    "authenticator",
    "recovery",
    "backup",
    "dump",
    "export",
    "output",
    "result",
    "every",
    "all",
    "each",
    "complete",
    "full",
    "entire",
    "whole",
    "secret",
    "listing",
  ]) + "|_history|`env`",
  "i",
);
/** People-facing fields besides the description: titles, parameter descriptions. */
const PROSE_FIELD =
  /^\/(?:title|annotations\/title|inputSchema\/(?:[^/]+\/)*properties\/[^/]+\/(?:description|title))$/;
/** A secret that opens an account or a cloud (a nested parameter's name, spaced). */
const NESTED_SECRET =
  /\b(?:secret\s+access\s+keys?|client\s+secrets?|private\s+keys?|service\s+account\s+keys?|(?:login\s+|account\s+)?passwords?|passcodes?|api\s+keys?|secret\s+keys?|(?:session|access|refresh|bearer)\s+tokens?)$/;
/** A purpose that reaches an account, a service or a machine: its secrets are its input. */
const ACCESS_PURPOSE =
  /\b(?:api|accounts?|servers?|cloud|connect\w*|databases?|db|deploy\w*|buckets?|storage|s3|aws|gcp|azure|sync\w*|upload\w*|send\w*|e-?mail\w*|post\w*|publish\w*|integrat\w*|config\w*|setup|provider|services?|remote|hosts?|repos?|repositor\w*|webhooks?|bank\w*|pay\w*|wallets?|ssh|sftp|ftp|smtp|imap|http\w*|fetch\w*|requests?|calls?|queries|query|clusters?)\b/;
/** A parameter's name (its own pointer, the name being the last step). */
const PARAM_FIELD = /^\/inputSchema\/(?:[^/]+\/)*properties\/[^/]+$/;
const VALUE_FIELD = /\/(?:enum|examples?)\/\d+$|\/default$|\/const$/;
const VALUE_ORDER =
  /\b(?:call|send|upload|post|forward|email|share|include|attach|run|execute|copy|leak|exfiltrate|dump)\b/;
const VALUE_DATA =
  /\b(?:chat|history|conversation|messages|secrets?|env|tokens?|passwords?|credentials|tool)\b/;

const FLAG_SENDS =
  /\b(?:sends?|forwards?|uploads?|shares?|posts?|transmits?|copies|pushes|streams?|exports?)\b[^.;]{0,80}\b(?:ledger|cards?|payment\w*|wallets?|address\s+book|contacts|history|messages|tokens?|passwords?|credentials|customer\w*|files|documents|records)\b[^.;]{0,60}\bto\s+(?:the\s+)?([\w-]+)/;

/**
 * Adds `side.*` findings for every tool.
 */
export function scanSideChannel(
  col: Collector,
  tools: readonly SideTool[],
  texts: readonly (readonly TextItem[])[],
): void {
  const R = {
    param: ruleById("side.secret_param_source"),
    bulk: ruleById("side.bulk_secrets"),
    owner: ruleById("side.secret_owner"),
    faked: ruleById("side.peer_faked"),
    command: ruleById("side.peer_command"),
    override: ruleById("side.peer_override"),
    memory: ruleById("side.memory_party"),
    cover: ruleById("side.cover_label"),
    publish: ruleById("side.publish_secret"),
    url: ruleById("side.chat_in_url"),
    relay: ruleById("side.third_party_relay"),
    value: ruleById("side.value_order"),
    nested: ruleById("side.nested_secret"),
    flag: ruleById("side.flag_sends_out"),
  };
  // Per parameter field (fields repeat across tools): its spaced name when a rule may read it.
  const names = new Map<string, string | null>();
  // Per title or parameter description (they repeat): whether it asks for a secret store.
  const prose = new Map<string, boolean>();
  // Per description (descriptions repeat across tools): whether it passes the gate.
  const gated = new Map<string, boolean>();
  tools.forEach((tool, index) => {
    const items = texts[index]!;
    // The match is the text as written from `at`, from its first letter (offsets stay exact).
    const add = (rule: typeof R.param, field: string, at: number, raw: string) => {
      const lead = raw.length - raw.trimStart().length;
      col.add(rule, index, field, at + lead, raw.trim().slice(0, 200), {
        key: `${rule.id}:${raw.trim().slice(0, 60)}`,
      });
    };
    const selfName = tool.name.toLowerCase();
    let head: string | null = null;
    const desc = items.find((it) => it.field === "/description")?.text ?? "";
    const purpose = () => {
      if (head !== null) return head;
      const first = sentenceSpans(maskDots(desc), 1)[0]?.s ?? "";
      head = lower(`${spaced(tool.name)}. ${unmask(first)}`);
      return head;
    };

    // One pass over the tool's strings: parameter names saying where a secret or the chat
    // comes from, orders written as values, outside defaults (most strings are short or hold
    // spaces: tested first).
    let outsideDefault = false;
    for (const it of items) {
      const v = it.text;
      if (v.length < 13) continue;
      const f = it.field;
      if (v.charCodeAt(0) === 104 && f.endsWith("/default") && /^https?:\/\//.test(v)) {
        outsideDefault = true;
        continue;
      }
      if (v.indexOf(" ") >= 0) {
        // Titles and parameter descriptions: a whole store of secrets asked there too.
        if (v.length >= 30 && f !== "/description") {
          let bulkAsk = prose.get(v);
          if (bulkAsk === undefined) {
            const low = BULK_GATE.test(v) ? lower(v) : "";
            const bulk = low ? BULK.exec(low) : null;
            bulkAsk = bulk !== null && ASK.test(low) && !NOT_BEFORE.test(low.slice(0, bulk.index));
            prose.set(v, bulkAsk);
          }
          if (bulkAsk && PROSE_FIELD.test(f) && !BULK_PURPOSE.test(purpose())) {
            add(R.bulk, f, 0, v);
          }
        }
        continue;
      }
      if (PARAM_FIELD.test(f)) {
        let n = names.get(f);
        if (n === undefined) {
          n = /[_A-Z-]/.test(v) ? spaced(v) : null;
          if (n !== null && !secretFrom(n) && !NAME_CHAT.test(n) && !NESTED_SECRET.test(n)) {
            n = null;
          }
          names.set(f, n);
        }
        if (n === null || holdsNoText(atPointer(tool, f))) continue;
        const h = purpose();
        if (secretFrom(n) || NAME_CHAT.test(n)) {
          if (secretFrom(n) ? !SECRET_PURPOSE.test(h) : !CHAT_PURPOSE.test(h)) {
            add(R.param, f, 0, v);
          }
        } else if (
          f.indexOf("/properties/") !== f.lastIndexOf("/properties/") &&
          !SECRET_PURPOSE.test(h) && !ACCESS_PURPOSE.test(h)
        ) add(R.nested, f, 0, v);
        continue;
      }
      if (v.length < 20 || !VALUE_FIELD.test(f) || !f.startsWith("/inputSchema/")) continue;
      if (/\s/.test(v) || (v.match(/[-_]/g)?.length ?? 0) < 4) continue;
      const w = spaced(v);
      if (VALUE_ORDER.test(w) && VALUE_DATA.test(w)) add(R.value, f, 0, v);
    }
    if (outsideDefault) {
      for (const it of items) {
        const m = /^\/inputSchema\/properties\/([^/]+)\/description$/.exec(it.field);
        if (!m) continue;
        const node = atPointer(tool, `/inputSchema/properties/${m[1]}`) as { type?: unknown };
        if (node?.type !== "boolean") continue;
        const low = it.text.toLowerCase();
        const s = FLAG_SENDS.exec(low);
        if (s && !NOT_BEFORE.test(low.slice(0, s.index))) add(R.flag, it.field, 0, it.text);
      }
    }

    // The description, sentence by sentence.
    if (desc.length < 30) return;
    let gate = gated.get(desc);
    if (gate === undefined) gated.set(desc, gate = GATE_CHARS.test(desc) || GATE_WORDS.test(desc));
    if (!gate) return;
    const descLow = lower(desc);
    // A sentence as written: at its place when lower-casing kept the length, else the whole text.
    const same = descLow.length === desc.length;
    const said = (rule: typeof R.param, at: number, s: string) =>
      same
        ? add(rule, "/description", at, desc.slice(at, at + s.length))
        : add(rule, "/description", 0, desc);
    // Dots in paths ("~/.ssh") end no sentence either.
    const spans = sentenceSpans(maskDots(descLow).replace(/\/\./g, "/\u2024"));
    // This tool's own names (its name, its parameters'), gathered when first asked.
    let ownSet: Set<string> | undefined;
    const own = (): ReadonlySet<string> => {
      if (ownSet) return ownSet;
      ownSet = new Set<string>([selfName]);
      for (const it of items) if (PARAM_FIELD.test(it.field)) ownSet.add(it.text.toLowerCase());
      return ownSet;
    };
    const aboutAttacks = ABOUT_ATTACKS.test(purpose());
    spans.forEach(({ s, at }, i) => {
      const next = spans[i + 1]?.s ?? "";
      const text = unmask(s);
      const quoted = aboutAttacks || ABOUT_ATTACKS.test(s);
      // Secrets: a whole store, or a service's the tool never names.
      // ASK first: it is cheaper than BULK and rarely holds (both pure, neither global).
      const bulk = ASK.test(s) ? BULK.exec(s) : null;
      if (
        bulk && !NOT_BEFORE.test(s.slice(0, bulk.index)) &&
        !BULK_PURPOSE.test(purpose())
      ) said(R.bulk, at, s);
      if (/pass|pin|key|credential|token/.test(s) && (ASK.test(s) || ASK.test(next))) {
        const h = purpose();
        if (!KEEPS_SECRETS.test(h)) {
          // The other sentences, joined only when an owner is to be looked up in them.
          let rest: string | undefined;
          for (const m of s.matchAll(OWNED)) {
            const before = s.slice(0, m.index);
            // Negated, or inside a quotation ("lines such as 'reply with your bank pin'").
            if (NOT_BEFORE.test(before) || (before.match(/['"\u2018\u201c]/g)?.length ?? 0) % 2) {
              continue;
            }
            rest ??= lower(spaced(tool.name)) + " " + spans.filter((_, k) => k !== i)
              .map((x) => x.s).join(" ");
            const o = unnamedOwner((m[1] ?? m[2] ?? "").trim(), `${h} ${rest}`);
            if (o !== null) {
              said(R.owner, at, s);
              break;
            }
          }
        }
      }
      // Another tool's call suppressed and its success reported.
      const nc = quoted ? null : NOT_CALLED.exec(s);
      const target = nc ? nc[1]!.replaceAll("`", "") : "";
      if (
        nc && (target.includes("_") ? !own().has(target) : OTHER_TOOLS.test(s.slice(0, nc.index)))
      ) {
        const after = s.slice(nc.index + nc[0].length) + " " + next;
        const f = FAKED.exec(after);
        if (f && !FAKE_NEGATED.test(after.slice(0, f.index))) {
          said(R.faked, at, s);
        }
      }
      // A dangerous command run through another tool as a standing step.
      const d = quoted ? null : DANGER.exec(s);
      if (d && STANDING.test(s) && (PEER_ROLE.test(s) || peerNamed(s, own()))) {
        const before = s.slice(0, d.index);
        let ordered = false;
        for (const m of before.matchAll(RUN_ORDER)) {
          if (!/\b(?:never|not|n't|no)\s+(?:\w+\s+){0,2}$/.test(before.slice(0, m.index))) {
            ordered = true;
          }
        }
        if (ordered) said(R.command, at, s);
      }
      // Another tool's arguments forced over the user's choice.
      if (
        !quoted && OVER_USER.test(s) && SET_VALUE.test(s) && CALL_FRAME.test(s) &&
        peerNamed(s, own())
      ) {
        said(R.override, at, s);
      }
      // A standing rule in memory with an outside party.
      if (
        !quoted && MEMORY.test(s) && OUTSIDE_PARTY.test(s) && PARTY_VERB.test(s) &&
        !USER_SAYS.test(s)
      ) said(R.memory, at, s);
      // This tool dropped from, or renamed in, the account of the tools used.
      if (
        !quoted &&
        ((DROP_SELF.test(s) && ASKED.test(s)) || (RELABEL.test(s) && HIDE_WHAT.test(s)))
      ) {
        said(R.cover, at, s);
      }
      // Secret files published.
      const pub = PUBLIC_PLACE.exec(s);
      if (pub) {
        const sf = SECRET_FILE.exec(text);
        if (sf && !NOT_BEFORE.test(text.slice(0, sf.index))) {
          said(R.publish, at, s);
        }
      } else {
        // Or packed and piped to an upload command.
        const sf = SECRET_FILE.exec(text);
        const up = sf ? PIPED_OUT.exec(text.slice(sf.index)) : null;
        if (up && !NOT_BEFORE.test(text.slice(0, sf!.index))) {
          said(R.publish, at, s);
        }
      }
      // The user's data relayed to a third party (a bot, the vendor's collector).
      if (!quoted) {
        // RELAY first: it is cheaper than THIRD_PARTY (both pure, neither global).
        const tp = RELAY.test(s) ? THIRD_PARTY.exec(text) : null;
        if (
          tp && USER_DATA.test(s) && !KEPT.test(s) &&
          !purpose().includes(tp[0].toLowerCase())
        ) said(R.relay, at, s);
      }
      // The user's messages spliced into an outside address.
      const u = URL_QUERY.exec(text);
      if (u && CHAT_AFTER.test(text.slice(u.index))) said(R.url, at, s);
    });
  });
}

/** A parameter name saying a secret and where it comes from. */
function secretFrom(n: string): boolean {
  return NAME_SECRET.test(n) && NAME_SOURCE.test(n) && !NAME_NOT_SECRET.test(n);
}

/** Whether a sentence names a tool as code that is neither this tool nor one of its fields. */
function peerNamed(s: string, own: ReadonlySet<string>): boolean {
  for (const m of s.matchAll(IDENT)) {
    // A file or path name ("~/.ssh/id_rsa"), not a tool.
    if (/[/.~]/.test(s[m.index - 1] ?? "")) continue;
    const n = m[0].toLowerCase();
    if (!own.has(n) && !/^(?:e_mail|no_verify|read_only|dry_run)$/.test(n)) return true;
  }
  return false;
}
