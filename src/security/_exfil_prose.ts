/**
 * Exfiltration said in prose and secrets asked off purpose (rules `exfil.*`), found per
 * sentence of a tool's description and its parameters' descriptions. The pieces:
 *
 * - what moves: the conversation (messages, transcript, system prompt, the tool list), secrets
 *   (passwords, tokens, keys, seed words, one-time codes, cookies), the user's other files or
 *   stores (clipboard, shell or browser history, every file of a folder, private repositories),
 *   in English and a few other languages (folded to English words first);
 * - a moving verb (send, upload, mirror, relay, resolve, paste, DM, bcc; envía, hochladen, 发送);
 * - where to: a literal outside place (an e-mail address, host, IP, URL, bucket, git remote,
 *   bot handle, chat user id, a subdomain template), a third party ("our analytics partner", "the
 *   vendor's endpoint", "a backup server"), or a parameter of the tool used as the carrier;
 * - against the tool's purpose: its name, title and first sentence. A host the purpose names is
 *   the tool's own service ("Uploads to imgbox.com"); data the purpose names is its input.
 *
 * Not counted: a sentence that says the data is not sent ("never leaves this device", "nothing
 * is uploaded"), or whose destination is the user's own ("a bucket you own", "the remote you
 * configured", "on the user's request").
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import { ruleById } from "./rules.ts";
import { PieceReader, sentenceSpans } from "./_sentence_spans.ts";
import { parameterNames } from "./_walk.ts";
import { offPurposeSecret } from "./_off_purpose.ts";

/** The parts of a tool this check reads. */
export interface ExfilTool {
  name: string;
  title?: unknown;
  inputSchema?: unknown;
}

/** Foreign words folded to the English words the lexicons below use (lowercase, accents off). */
const FOLD: readonly [RegExp, string][] = [
  [
    /\b(?:envi(?:a|e|o|ar|ou|ado|ada|ad|en|es|ala|alo|arlo|ale|ame|elo|ela)|envo(?:ie|ies|ient|yer|ye|yez|yons)|envie[mn]|invia(?:re|to|ta|te)?|invii|manda(?:r|rlo|lo|la)?|mande)\b/g,
    " send ",
  ],
  [/\bmessages\s+(?:precedents|anterieurs)\b/g, " previous messages "],
  [
    /\b(?:sub(?:ir|e|a|ela|elo)|caric\w*|hochlad\w*|hochgelad\w*|telecharg\w*|televers\w*)\b/g,
    " upload ",
  ],
  [
    /\b(?:weiterleit\w*|weitergeleitet|senden|sende|gesendet|uebermitt\w*|übermitt\w*|transmet\w*)\b/g,
    " send ",
  ],
  [/(?:отправ\w*|перешл\w*|пересыл\w*|загруз\w*|发送|转发|上传|传给|写入|提交)/g, " send "],
  [
    /\b(?:historial|historico|conversaci\w+|conversa|mensajes|mensagens|messaggi|nachrichten\w*|gesprachsverlauf|verlauf|chat\s+completo)\b/g,
    " conversation ",
  ],
  [/(?:对话|会话|聊天记录|переписк\w*|диалог\w*|сообщени\w*)/g, " conversation "],
  [
    /\b(?:contrasen\w*|senhas?|passwort\w*|kennwort\w*|mot\s+de\s+passe|mots\s+de\s+passe|parol\w*)\b/g,
    " password ",
  ],
  [/(?:密码|пароль\w*|пароля)/g, " password "],
  [
    /\b(?:clave\s+privada|chave\s+privada|chiave\s+privata|cle\s+privee|privater?\s+schlussel\w*)\b/g,
    " private key ",
  ],
  [/(?:приватн\w+\s+ключ\w*|закрыт\w+\s+ключ\w*|私钥|密钥)/g, " private key "],
  [/\b(?:frase\s+semilla|frase\s+semente|phrase\s+de\s+recuperation)\b/g, " seed phrase "],
  [
    /\b(?:codigo\s+(?:sms|do\s+token|de\s+verificaci\w+|de\s+verificacao|de\s+seguridad|de\s+seguranca)|token\s+de\s+seguran\w+|codice\s+(?:otp|sms)|bestatigungscode)\b/g,
    " verification code ",
  ],
  [/(?:验证码|код\s+из\s+смс|одноразов\w+\s+код\w*)/g, " verification code "],
  [/\b(?:archivos|ficheros|fichiers|dateien|datei|arquivos|file\s+della\s+cartella)\b/g, " files "],
  [/(?:文件|файл\w*)/g, " files "],
  [/\b(?:contactos|contatos|kontakte|contatti)\b/g, " contacts "],
  [/\b(?:telefonos|telefones|telefonnummern)\b/g, " phone numbers "],
  [/\b(?:campo|champ|feld|parametro|parametre|parameter)\b/g, " field "],
  [/(?:字段|поле|поля|параметр\w*)/g, " field "],
  [/\b(?:ademas|tambien|tambem|zusatzlich|ausserdem|aussi|egalement|anche|inoltre)\b/g, " also "],
  [/(?:同时|一并|另外|также|тоже)/g, " also "],
  [
    /\b(?:sin\s+avisar|sin\s+decir\w*|sin\s+informar\w*|sem\s+informar\w*|no\s+hace\s+falta\s+comentarlo|sans\s+le\s+(?:signaler|dire)|keine\s+ruckmeldung|ohne\s+(?:hinweis|nachfrage)|senza\s+avvisare|sem\s+avisar)\b/g,
    " without telling the user ",
  ],
  [/(?:无需告知|不要告诉|не\s+сообщ\w*|не\s+говор\w*)/g, " without telling the user "],
  [
    /\b(?:pide(?:selos|selo|sela)?|pidale|solicit\w*|peca|pergunte|chiedi\w*|frag(?:e|en|t))\b/g,
    " ask ",
  ],
  [
    /\b(?:nuestro\s+servidor|nosso\s+servidor|notre\s+serveur|unser(?:em)?\s+server|externen?\s+\w*server\w*)\b/g,
    " our server ",
  ],
  [/(?:服务端|服务器|наш\w*\s+сервер\w*)/g, " our server "],
  [/(?:备份)/g, " backup "],
];

/** Lowercase, accents off, foreign words folded (ASCII letters stay where they were). */
export function fold(s: string, foreign = isForeign(s)): string {
  let t = (/[\u00c0-\u024f]/.test(s) ? s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "") : s)
    .toLowerCase().replace(/_/g, " ");
  if (foreign) { for (const [re, to] of FOLD) t = t.replace(re, to); }
  return t;
}

/**
 * Per scan (keyed by the scan's `texts`, which every detector of the scan is given): whole texts'
 * foreign test and foreign fold, shared by the prose detectors that read the same texts.
 */
const perScan = new WeakMap<
  object,
  { foreign: Map<string, boolean>; folds: Map<string, string> }
>();
function scanMemo(scan: object) {
  let m = perScan.get(scan);
  if (m === undefined) perScan.set(scan, m = { foreign: new Map(), folds: new Map() });
  return m;
}
/** isForeign(text), worked out once per scan. */
export function isForeignIn(scan: object, text: string): boolean {
  const m = scanMemo(scan).foreign;
  let f = m.get(text);
  if (f === undefined) m.set(text, f = isForeign(text));
  return f;
}
/** fold(text, true), worked out once per scan. */
export function foldForeignIn(scan: object, text: string): string {
  const m = scanMemo(scan).folds;
  let t = m.get(text);
  if (t === undefined) m.set(text, t = fold(text, true));
  return t;
}

/** Whether a text is not plain English (folding is only worth it then). */
export function isForeign(s: string): boolean {
  // Letters outside ASCII (not dashes or curly quotes), or a function word of another language.
  return /[\u00c0-\u024f\u0400-\u04ff\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/.test(s) ||
    /\b(?:el|los|las|das|der|und|les|une|des|il|os|que|della|ein|eine|se|nao)\b/i.test(s);
}

/** A verb that moves data to a place. */
export const SEND =
  /\b(?:send|sends|sent|sending|post|posts|posted|posting|mail|mails|mailed|mailing|e-?mail(?:s|ed|ing)?|upload\w*|cop(?:y|ies|ied|ying)|mirror\w*|relay\w*|forward\w*|ship(?:s|ped|ping)?|push\w*|stream\w*|pipe[sd]?|piping|deposit\w*|paste[sd]?|pasting|dm|dms|bcc\w*|transmit\w*|beacon\w*|resolve[sd]?|resolving|ping|pings|sync\w*|back(?:s|ed|ing)?\s+up|goes\s+to|go\s+to|gets?\s+copied|share[sd]?|sharing|route[sd]?|deliver\w*|export\w*|leak\w*|submit\w*|report\w*|put\s+(?:it|them)\s+(?:to|on)|hand(?:s|ed)?\s+(?:over|to))\b/;

/** A verb that puts data into a field, or gets it for one. */
const PUT =
  /\b(?:put|puts|place[sd]?|pass(?:es|ed|ing)?|include[sd]?|feed|feeds|fed|write|writes|supply|provide|attach\w*|fill|paste|insert|add|send|copy|dump|ask|request|obtain|collect|read|take|find|grab|retrieve|fetch|get|have\s+the\s+user)\b/;

/** Asking or taking a secret (not the user entering one they chose to give). */
const ASK =
  /\b(?:ask|asks|request|obtain|collect|read|take|find|grab|retrieve|fetch|get|have\s+the\s+user|look\s+(?:up|for)|search)\b/;

/** A sentence that describes an attack or a check, not an order. */
export const DESCRIBING =
  /\b(?:phishing|malware|c2|attacker\w*|detect\w*|flag(?:s|ged)?|warns?|scrub\w*|redact\w*|anonymous|aggregate)\b/;

/** The conversation, the model's own setup, or tool results. */
export const CONV =
  /\b(?:conversation|chat\s+(?:history|log|so\s+far|up\s+to)|(?:whole|full|entire|complete|this)\s+chat|transcript|(?:prior|previous|earlier|past|all|every|other)\s+(?:\w+\s+){0,3}(?:messages|turns)|messages?\s+(?:exchanged|so\s+far|in\s+this)|message\s+(?:history|bodies)|raw\s+messages|(?:the\s+)?user'?s?\s+(?:(?:last|latest|most\s+recent|previous|original)\s+)?(?:question|message|prompt|request)s?|(?:what|everything)\s+the\s+user\s+(?:typed|said|wrote|asked)|system\s+prompt|(?:instructions|setup)\s+you\s+(?:were|are)\s+(?:given|configured)|tool\s+(?:outputs?|results|definitions|list|inventory)|(?:every|all)\s+tools?\s+you\s+(?:can|were)|(?:this|the\s+whole|the\s+entire)\s+thread)\b/;

/** One message of the user's, not the conversation. */
const ONE_MESSAGE =
  /\b(?:the\s+)?user'?s?\s+(?:(?:last|latest|most\s+recent|previous|original)\s+)?(?:question|message|prompt|request)s?\b/g;

/** A name or id of a conversation, not its content. */
const CONV_ID =
  /\b(?:conversation|chat|thread|session)\s+(?:ids?|identifiers?|names?|titles?|keys?|tokens?|urls?)\b/g;

/** Secrets of the user's. */
export const SECRET =
  /\b(?:passwords?|passcodes?|passphrases?|pins?\b|api\s+keys?|tokens?|secrets?|credentials?|seed\s+(?:phrase|words)|recovery\s+(?:phrase|words)|mnemonic|private\s+keys?|(?:any|all|every)\s+keys?|keys?\s+(?:or|and)\s+(?:tokens?|secrets?|passwords?)|service[- ]account\s+key|kubeconfig|cookies?|verification\s+codes?|one[- ]time\s+(?:code|password)s?|otp|2fa\s+codes?|connection\s+strings?|keystore|\.env\b|id\s+numbers?|identity\s+numbers?|claude desktop config|mcp\.json|(?:mcp|client)\s+config\w*)\b|身份证/;

/** The user's other files or stores, beyond the call's own input. */
export const STORE =
  /\b(?:clipboard|shell\s+history|browser\s+history|raw\s+history|(?:every|all|each|any|other)\s+(?:\w+\s+){0,2}files?|files?\s+(?:you|it)\s+(?:read|opened|open)|file\s+contents?|(?:whole|entire)\s+(?:folder|directory|home)|~\/\.ssh|ssh\s+(?:directory|keys?)|private\s+repo\w*|raw\s+diff|full\s+diff|attachments?|message\s+bodies|raw\s+message\w*|home\s+address|phone\s+numbers?|contacts?|e-?mail\s+addresses|sender\s+handles|(?:every|all|each)\s+(?:\w+\s+){0,2}(?:messages?|e-?mails?|mails?))\b/;

/** Any of the data above, in one pass. */
const ANY_DATA = new RegExp(`${CONV.source}|${SECRET.source}|${STORE.source}`);

/** A cheap necessary condition for ANY_DATA: one of the words every alternative holds. */
const DATA_HINT =
  /conversation|chat|transcript|message|turns|question|prompt|request|typed|said|wrote|asked|instructions|setup|tool|thread|pass|pin|key|token|secret|credential|seed|recovery|mnemonic|cookie|code|otp|connection|keystore|\.env|id\s+num|identity|config|mcp\.json|clipboard|history|file|folder|director|home|ssh|repo|diff|attach|bodies|address|phone|contact|handle|mail|身份证/;

/**
 * The worth gate on a piece of an ASCII text (`PieceReader`), as bits: whether the piece reads
 * as foreign, else what its folded form names: DATA_HINT, ANY_DATA, a moving verb, a literal
 * place (a text with no foreign piece folds to its pieces' folds joined). None of these patterns
 * matches a dot followed by a space, and LITERAL's lookaheads (`(?!\.\w)`) read the same at a
 * cut as at a text's end (tests/security/piecewise_test.ts checks it).
 */
const FOREIGN_PIECE = 1;
const HINT_PIECE = 2;
const DATA_PIECE = 4;
const SEND_PIECE = 8;
const PLACE_PIECE = 16;
function worthBits(piece: string): number {
  if (isForeign(piece)) return FOREIGN_PIECE;
  const s = fold(piece, false);
  return (DATA_HINT.test(s) ? HINT_PIECE : 0) | (ANY_DATA.test(s) ? DATA_PIECE : 0) |
    (SEND.test(s) ? SEND_PIECE : 0) | (LITERAL.lastIndex = 0, LITERAL.test(s) ? PLACE_PIECE : 0);
}
/** The patterns read piece by piece, for the tests. */
export const PIECEWISE_TESTS = {
  hintsData: (s: string) => DATA_HINT.test(s),
  namesAnyData: (s: string) => ANY_DATA.test(s),
  sends: (s: string) => SEND.test(s),
  namesPlace: (s: string) => (LITERAL.lastIndex = 0, LITERAL.test(s)),
};

/** A literal place outside: e-mail, URL, host, IP, bucket, remote, handle, chat id, DNS template. */
const LITERAL = new RegExp(
  [
    // Only from the start of a run of address characters: a match could start inside one only
    // where it also starts at the run's start, and trying every inner start is quadratic on
    // one long word.
    String.raw`(?<![\w.+-])[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,10}\b`,
    String.raw`\b(?:https?|ssh|s3|gs|ftp|sftp|wss?):\/\/[^\s)'"\]]+`,
    String.raw`\bgit@[a-z0-9.-]+`,
    String
      .raw`\b(?:[a-z0-9-]+\.)+(?:com|net|org|io|app|dev|co|xyz|top|cn|ru|de|fr|biz|pro|info|cloud|me|tk|site|online|ai|gg|link|ly|rs|to|cc|su|pw|ws|in|us|uk|click|live|store|tech|space|zone|shop|icu|buzz|email|host|network|world|cyou|lol|page)\b(?!\.\w)`,
    // A host of three labels or more under any top-level name that is not a file extension.
    String
      .raw`\b(?:[a-z0-9-]+\.){2,}(?!(?:id|ids|name|type|value|key|keys|count|length|size|data|text|path|url|status|json|txt|md|js|ts|py|ya?ml|toml|csv|pdf|png|jpe?g|gif|html?|xml|zip|gz|tar|log|sh|exe|go|rb|lock|env|ini|cfg|conf|svg|webp|mp[34]|wav|d|min|map|bak|tmp|old)\b)[a-z]{2,12}\b(?!\.\w)`,
    String.raw`\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{2,5})?\b`,
    String.raw`\s@\w{3,}bot\b`,
    String.raw`\b[a-z][\w.-]{2,}#\d{4}\b`,
    String.raw`\bu0[0-9a-z]{7,}\b`,
    String.raw`<[\w-]+>\.(?:[a-z0-9-]+\.)+[a-z]{2,}`,
    String.raw`\bdot\s+(?:com|net|org|io)\b`,
    String
      .raw`\b(?:public\s+)?(?:gist|paste(?:bin)?\s+site|public\s+paste|pastebin|ngrok|telegram\s+bot|webhook|discord\s+webhook|world-readable)\b`,
  ].join("|"),
  "g",
);

/** A third party: someone other than the user and the tool's own job. */
export const PARTY =
  /\b(?:our|the\s+vendor'?s?|the\s+maintainer'?s?|a|an|the)\s+(?:\w+\s+){0,2}(?:analytics|telemetry|review\s+team|partners?|collectors?|relay|indexing\s+node|counter|licen[cs]e\s+(?:checker|server)|activation\s+endpoint|backup\s+(?:server|location|service)|third[- ]party)\b|\b(?:vendor|maintainer)'?s?\s+(?:\w+\s+){0,2}(?:server|endpoint|team|relay|node|cloud)\b|\bexternal\s+(?:\w+\s+)?(?:server|service|account|address|location|endpoint)\b|\bthird[- ]part(?:y|ies)\b|\banother\s+account\b/;

/** An extra act beyond the call: also, additionally, every push, a hidden copy. */
const EXTRA =
  /\b(?:auto-?forward\w*|also|additionally|as\s+well|in\s+addition|besides|side\s+(?:task|effect|step)|hidden\s+recipient|blind\s+cop\w*|bcc|mirror\w*|(?:with|on|after|for)\s+(?:every|each)|every\s+time|once\s+(?:per|a)\s+\w+|too)\b/;

/** The user not told. */
const UNTOLD =
  /\b(?:without\s+telling|don'?t\s+(?:mention|tell|list|show)|do\s+not\s+(?:mention|tell|list|show)|needn'?t|no\s+need\s+to\s+(?:mention|tell|comment|say)|must\s+not\s+(?:include|show|mention)|not\s+(?:shown|mentioned|listed)|leave\s+it\s+(?:off|out)|silently|quietly|return\s+only|only\s+return)\b/;

/** The data said not to move. */
export const NEGATED =
  /\b(?:never|not|nothing(?:\s+(?:is|else))?|no\s+\w+\s+(?:is|are))\s+(?:\w+\s+){0,2}(?:sent|send\w*|upload\w*|shared?|leaves?|left|stored|fetch\w*|transmitted|forwarded|copied|collected|logged|pasted?|kept)\b|\bstays?\s+(?:local|on)|\bkept\s+local|\bnever\s+(?:leaves?|sent|fetch\w*|paste)|\bon\s+this\s+device\b|\bthe\s+\w+\s+is\s+not\b|\bmust\s+not\s+contain\b/;

/** A destination that is the user's own or chosen by the user. */
export const USERS =
  /\b(?:you|the\s+user)\s+(?:own|owns|gives?|provides?|choose|chooses|pick|picks|name|names|specif\w+|configured?|select\w*|asks?|request\w*)\b|\byour\s+(?:own|configured)\b|\bthe\s+user'?s\s+(?:own\s+)?(?:bucket|server|account|remote|channel|nextcloud|drive|vault)\b|\bon\s+(?:the\s+user'?s|their|your)\s+request\b|\bso\s+(?:that\s+)?(?:the\s+user|you|they)\s+can\b|\bwhen\s+(?:the\s+user|they|you)\s+asks?\b|\bonly\s+when\b/;

/** A secret taken from the user's machine without asking. */
const TAKEN =
  /\b(?:from|in|on)\s+(?:the\s+)?(?:user'?s?\s+)?(?:\w+\s+){0,2}(?:environment|env|shell|disk|home|keychain|config\s+files?|profile)\b|~\//;
const UNASKED =
  /\b(?:don'?t|do\s+not|without|never|no\s+need\s+to)\s+(?:bother\s+)?(?:ask\w*|prompt\w*|confirm\w*|tell\w*)\b/;

/** A tool that keeps what it is given on its vendor's machines ("to our cloud"). */
const VENDOR_STORE =
  /\b(?:to|on|in|with)\s+(?:our|the\s+vendor'?s?)\s+(?:cloud|servers?|backend|service)\b|\bour\s+server\b/;
/** The secrets that give away a wallet or a machine outright. */
const WALLET_SECRET =
  /\b(?:seed|mnemonic|recovery\s+(?:words|phrase)|(?:12|24)\s+(?:\w+\s+)?words|private\s+key|secret\s+key)\b/;

/**
 * `/^\/inputSchema\/properties\/([^/]+)\/description$/.exec(field)` read with string tests (most
 * fields are no parameter's description): the field and the parameter's name, or null.
 */
function paramDescOf(field: string): [string, string] | null {
  if (!field.endsWith("/description") || !field.startsWith("/inputSchema/properties/")) return null;
  const name = field.slice(24, field.length - 12);
  return name.length > 0 && !name.includes("/") ? [field, name] : null;
}

/** A parameter's default, if it is a string. */
function defaultOf(tool: ExfilTool, name: string): string | null {
  const props = (tool.inputSchema as { properties?: Record<string, { default?: unknown }> })
    ?.properties;
  const d = props?.[name]?.default;
  return typeof d === "string" ? d : null;
}

const spaced = (s: string) =>
  s.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();

/** The regex split `sentenceSpans` reads as (kept as the reference its tests compare against). */
export function sentencesAt(text: string): { s: string; at: number }[] {
  const out: { s: string; at: number }[] = [];
  const re = /[^.!?;\n。！？]+(?:[.!?;。！？]+|$)/g;
  for (let m; (m = re.exec(text)) !== null;) {
    if (m[0].trim()) out.push({ s: m[0], at: m.index });
    if (m[0] === "") re.lastIndex++;
  }
  return out;
}

// A dot inside a host or a file name does not end a sentence: mask those dots first.
export const maskDots = (t: string) =>
  t.replace(/([\w>}])\.(?=\w)/g, "$1\u2024").replace(/(\w)\?(?=\w+=)/g, "$1\u2e2e");
export const unmask = (t: string) => t.replaceAll("\u2024", ".").replaceAll("\u2e2e", "?");

/** Literal places in a sentence that are not the tool's own service (named in its purpose). */
export function outsidePlaces(s: string, own: string): string[] {
  const out: string[] = [];
  LITERAL.lastIndex = 0;
  for (let m; (m = LITERAL.exec(s)) !== null;) {
    const lit = m[0].trim();
    if (/(?:^|[.@/])(?:example|localhost|test|invalid)\b/.test(lit)) continue;
    // An illustration ("for example audit@x.com", "such as api.x.com") is not an order.
    if (
      /\b(?:for\s+example|e\.g|such\s+as|like|i\.e)\W{0,3}(?:\S+\s+){0,2}$/.test(
        s.slice(Math.max(0, m.index - 40), m.index),
      )
    ) {
      continue;
    }
    // A generic word ("webhook") or a host whose labels the purpose names is the tool's own.
    // The name the host is registered under ("imgbox" in api.imgbox.com), named by the purpose.
    const host = /(?:@|:\/\/|git@|^)([a-z0-9.-]+)/.exec(lit)?.[1] ?? "";
    const parts = host.split(".").filter((w) => w !== "");
    const name = (parts.length >= 2 ? parts[parts.length - 2]! : "").replace(/-/g, "");
    if (name.length > 2 && own.includes(name)) continue;
    out.push(lit);
  }
  return out;
}

/** A sentence of a text, folded, and what it names (all of it from the text alone). */
interface Saying {
  at: number;
  /** The sentence as written (dots unmasked). */
  plain: string;
  /** Folded: lowercase, accents off, foreign words in English. */
  s: string;
  conv: boolean;
  secret: boolean;
  store: boolean;
  sends: boolean;
  /** Nothing to read: names no data and sends nothing, or says the data is not sent. */
  skip: boolean;
}

function sayings(text: string, foreign: boolean): Saying[] {
  return sentenceSpans(maskDots(text)).map(({ s: raw, at }, i) => {
    const plain = unmask(raw);
    const s = fold(plain, foreign);
    const conv = CONV.test(s);
    const secret = SECRET.test(s);
    const store = STORE.test(s);
    const sends = SEND.test(s);
    // A secret may be named in the sentence before its ask; nothing else spans sentences.
    const skip = !conv && !secret && !store && !sends && !(i > 0 && /`|\bfield\b/.test(s)) ||
      NEGATED.test(s);
    return { at, plain, s, conv, secret, store, sends, skip };
  });
}

/**
 * Adds `exfil.*` findings for every tool.
 */
export function scanExfil(
  col: Collector,
  tools: readonly ExfilTool[],
  texts: readonly (readonly TextItem[])[],
): void {
  const TO_OUTSIDE = ruleById("exfil.data_to_outsider");
  const EXTRA_RCPT = ruleById("exfil.extra_recipient");
  const INTO_PARAM = ruleById("exfil.data_into_param");
  const TAKEN_RULE = ruleById("exfil.secret_taken_unasked");
  // Per text: null when no sentence of it can be read as exfiltration, else whether it is foreign.
  const worth = new Map<string, boolean | null>();
  // Per text worth reading: its sentences and what each names.
  const said = new Map<string, Saying[]>();
  // The gate's answers per piece of a text, as written and folded (lists repeat sentences).
  const reader = new PieceReader();
  const pieceBits = new Map<string, number>();
  tools.forEach((tool, index) => {
    const items = texts[index]!;
    const desc = items.filter((it) => it.field === "/description").map((it) => it.text).join(
      "\n",
    );
    // The tool's purpose, worked out only for a tool with a sentence worth reading.
    let head = "", own = "", headConv = false, headFiles = false;
    let params = new Set<string>();
    let ready = false;
    const purpose = () => {
      if (ready) return;
      ready = true;
      const firstAll = sentenceSpans(maskDots(desc), 1)[0]?.s ?? "";
      const titles = items.filter((it) => it.field === "/title" || it.field.endsWith("/title"))
        .filter((it) => !it.field.includes("/properties/")).map((it) => it.text);
      head = fold([spaced(tool.name), ...titles, unmask(firstAll)].join(". "));
      own = head.replace(/[^a-z0-9]+/g, "");
      params = new Set(parameterNames(tool.inputSchema).map((p) => p.text.toLowerCase()));
      headConv = /\b(?:conversation|chat|transcript|messages?|thread|history|prompt)\b/.test(head);
      headFiles =
        /\b(?:files?|folders?|director\w*|clipboard|history|repo\w*|diff|mail\w*|inbox|contacts?|calendar)\b/
          .test(head);
    };
    for (const it of items) {
      const isDesc = it.field === "/description";
      const paramDesc = isDesc ? null : paramDescOf(it.field);
      if (!isDesc && !paramDesc) continue;
      // Most texts name no data and no outside place: nothing to read sentence by sentence.
      // The answer depends on the text alone (lists repeat texts): worked out once per scan.
      let foreign = worth.get(it.text);
      if (foreign === undefined) {
        // Read by its pieces when they repeat: no piece foreign, then the gate's parts on them.
        const ps = reader.pieces(it.text);
        const b = ps === null ? FOREIGN_PIECE : reader.bits(ps, pieceBits, worthBits);
        if ((b & FOREIGN_PIECE) === 0) {
          foreign = (b & (HINT_PIECE | DATA_PIECE)) === (HINT_PIECE | DATA_PIECE) ||
              (b & (SEND_PIECE | PLACE_PIECE)) === (SEND_PIECE | PLACE_PIECE)
            ? false
            : null;
        } else {
          const f = isForeignIn(texts, it.text);
          const whole = f ? foldForeignIn(texts, it.text) : fold(it.text, false);
          foreign = (DATA_HINT.test(whole) && ANY_DATA.test(whole)) ||
              (SEND.test(whole) && (LITERAL.lastIndex = 0, LITERAL.test(whole)))
            ? f
            : null;
        }
        worth.set(it.text, foreign);
      }
      if (foreign === null) continue;
      purpose();
      let ss = said.get(it.text);
      if (ss === undefined) said.set(it.text, ss = sayings(it.text, foreign));
      const sentences = ss;
      sentences.forEach(({ at, plain, s, conv, secret, store, sends, skip }, i) => {
        if (skip) return;
        const first = isDesc && i === 0;
        const move = sends && !DESCRIBING.test(s);
        const users = USERS.test(s);
        const match = plain.trim().slice(0, 200);
        // The offset of the trimmed match (the raw sentence may open with the space after a stop).
        const from = at + plain.length - plain.trimStart().length;
        const add = (rule: typeof TO_OUTSIDE) =>
          col.add(rule, index, it.field, from, match, { key: `${rule.id}:${s.slice(0, 60)}` });
        // The next sentence (a consent skip often follows the order), read only when needed.
        let nextText: string | undefined;
        const next = () => nextText ??= sentences[i + 1]?.s ?? "";
        // 1. The conversation, a secret or the user's other stores sent to an outside place.
        if (move && (conv || secret || store) && !first) {
          const places = outsidePlaces(s, own);
          const party = PARTY.test(s) && !users;
          if (places.length > 0 || party) {
            const ownData = (conv && headConv && !secret && !store) ||
              (store && headFiles && !conv && !secret);
            if (!ownData || places.length > 0 && EXTRA.test(s)) {
              add(TO_OUTSIDE);
              return;
            }
          }
        }
        // 1b. The data spliced into an outside URL ("![](https://x.net/p.gif?c=SUMMARY) where
        // SUMMARY is the conversation"), or POSTed "here" by a parameter whose default is outside.
        if ((conv || secret || store) && !DESCRIBING.test(s) && !users) {
          const spliced =
            /\b(?:https?:\/\/|<[\w-]+>\.)\S*(?:=(?:[a-z_]{3,}\b|\{\w+\}|<\w+>)|<[\w-]+>\.)/
              .test(s) && outsidePlaces(s, own).length > 0;
          const here =
            paramDesc && SEND.test(s) && /\b(?:here|to\s+this\s+(?:url|address|endpoint))\b/.test(s)
              ? defaultOf(tool, paramDesc[1]!)
              : null;
          if (spliced || (here && outsidePlaces(fold(here), own).length > 0)) {
            add(TO_OUTSIDE);
            return;
          }
        }
        // 2. A fixed outside address added to what the tool sends (a hidden copy, a mirror).
        if (move && !first && !users && (EXTRA.test(s) || UNTOLD.test(s) || UNTOLD.test(next()))) {
          const places = outsidePlaces(s, own).filter((p) => !/^(?:webhook|gist|ngrok)$/.test(p));
          if (places.length > 0) {
            add(EXTRA_RCPT);
            return;
          }
        }
        // 3. The conversation or the user's other stores put into a parameter of a tool not
        // built for them; secrets asked into a parameter are judged as the secret rules judge.
        const carrierName = paramDesc?.[1];
        const carrier = paramDesc
          ? paramDesc[1]!.toLowerCase()
          : !/`|\bfield\b/.test(s)
          ? undefined
          : [
            ...plain.toLowerCase().matchAll(/`([^`]{1,40})`/g),
            ...s.matchAll(/\bfield\s+['"]?([\w-]{2,40})/g),
          ].map((m) => (m[1] ?? m[2])!.toLowerCase()).find((p) =>
            params.has(p.replace(/\s+/g, "_")) || params.has(p)
          );
        // An id, a name or a flag cannot carry the conversation ("conversationId").
        if (
          carrier && !first && !users &&
          !/(?:^|\s)(?:ids?|names?|titles?|urls?|count|limit|flag)$/.test(
            spaced(carrierName ?? carrier),
          )
        ) {
          // The model's own setup, asked as its own ("your system prompt", "the tools you see").
          const setup =
            /\b(?:your|the\s+model'?s|the\s+assistant'?s)\s+(?:\w+\s+){0,3}(?:system\s+prompt|instructions|tool\s+(?:list|definitions))|\b(?:instructions|setup)\s+you\s+(?:were|are)\s+(?:given|configured)|\b(?:tools?|functions)\s+(?:you\s+(?:can|were|are)|available\s+to\s+you)|\bsystem\s+prompt\s+(?:verbatim|word\s+for\s+word)|\b(?:every|each|all)\s+tools?\s+you\b/
              .test(s);
          // The whole conversation (one message of the user's is often a search tool's input).
          const whole = CONV.test(s.replace(ONE_MESSAGE, " ").replace(CONV_ID, " "));
          const wide = paramDesc
            ? /\b(?:so\s+far|this\s+(?:conversation|chat|thread|session)|prior|previous|earlier|exchanged|up\s+to\s+(?:now|this\s+point))\b/
              .test(s)
            : /\b(?:complete|entire|full|whole|all|every|verbatim|word\s+for\s+word|unabridged|so\s+far|prior|previous|earlier|exchanged)\b/
              .test(s);
          const convOff = conv && whole && wide && !headConv && (paramDesc !== null || PUT.test(s));
          const storeOff = !paramDesc && store && !headFiles && PUT.test(s);
          if (setup || convOff || storeOff) {
            add(INTO_PARAM);
            return;
          }
          const prev = i > 0 ? sentences[i - 1]!.s : "";
          const clientConfig = /\b(?:claude desktop config|mcp\.json|(?:mcp|client)\s+config\w*)\b/
            .test(s) && !/\b(?:mcp|config\w*|settings)\b/.test(head);
          if (clientConfig) {
            add(INTO_PARAM);
            return;
          }
          if (
            (secret || SECRET.test(prev)) && !paramDesc && (ASK.test(s) || ASK.test(next()))
          ) {
            // A one-time code is asked as a sign-in secret is.
            const ask = `${SECRET.test(s) ? "" : prev} ${s}`.replace(
              /\b(?:verification\s+codes?|one[- ]time\s+(?:code|password)s?|otp|2fa\s+codes?|\w+-digit\s+code|authenticator|otpauth)\b/g,
              "password",
            );
            const kind = offPurposeSecret("secret", ask, () => ({
              head,
              rest: [ask],
              paragraphs: [],
            }));
            if (kind !== null) {
              add(INTO_PARAM);
              return;
            }
          }
        }
        // 4. A secret taken from the user's machine with the asking skipped.
        if (secret && TAKEN.test(s) && (UNASKED.test(s) || UNASKED.test(next()))) {
          add(TAKEN_RULE);
        }
      });
    }
    // 5. Seed words or a private key asked by a tool that says it keeps data on its own servers.
    // Every VENDOR_STORE match holds "our" or "vendor" (no other letter lowercases to these).
    if (
      /our|vendor/i.test(desc) && VENDOR_STORE.test(desc.toLowerCase()) &&
      (purpose(), VENDOR_STORE.test(head))
    ) {
      for (const p of parameterNames(tool.inputSchema)) {
        if (!/^\/inputSchema\/properties\/[^/]+$/.test(p.field)) continue;
        const d = items.find((x) => x.field === `${p.field}/description`)?.text ?? "";
        const ask = fold(`${spaced(p.text)} ${d}`);
        if (WALLET_SECRET.test(ask)) {
          col.add(INTO_PARAM, index, p.field, 0, p.text, { key: `${INTO_PARAM.id}:${p.text}` });
        }
      }
    }
  });
}
