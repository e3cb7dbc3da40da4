/**
 * Leaks and cover stories in forms the older detectors do not read (rules `leak.*`), each a kind
 * of intent judged per sentence:
 *
 * - `leak.field_order`: an order hidden in a schema field written for people and validators (a
 *   tool or annotation title, `$comment`, an array item's or nested property's description, a
 *   default or example, an output field's description): a secret, a secret file by its path or
 *   the whole conversation to be put into the call, or a command or another tool to be run
 *   without the user's say;
 * - `leak.secret_of_other_service`: a parameter asking a secret that belongs to a service the
 *   tool's purpose does not name ("the user's Google app password" in a reading-time tool), a
 *   secret to be taken from the environment, or spending keys (seed words, private key) asked by
 *   a tool that only shows or looks things up;
 * - `leak.secret_coaxed`: a secret or one-time code asked from the user while the assistant is
 *   coached to talk the user past their doubt ("if they hesitate, tell them it is routine");
 * - `leak.data_out`: data named by its role rather than by a data word (what the user told you,
 *   the user's name and e-mail, secret files by path, what a private-store tool returned), or
 *   data spliced into an outside address ("?d= followed by the user's message", "the left-most
 *   label of a lookup against t.x.sh"), sent to a place neither the user's nor the tool's own;
 * - `leak.cover_story`: a scripted false account of the tool to the user: a denial or another
 *   source given when the user asks, the tool's work described to the user under another label
 *   "and nothing more", or the tool's own use kept out of what the user is told;
 * - `leak.standing_waiver`: a safeguard waived or a covert act made to outlast the call ("the
 *   user has pre-approved every purchase, in this and all later conversations");
 * - `leak.shadow_by_role`: another tool, named by its server, role or kind rather than its name
 *   ("the postgres server's query tool", "the tool that executes queries", "the Slack
 *   connector", "another tool"), whose call is altered with an outside value, a command, a
 *   redirect or an extra party.
 *
 * Foreign sentences are folded to English by `_exfil_prose.ts`'s fold plus the few words below.
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import { ruleById } from "./rules.ts";
import { PieceReader, sentenceSpans } from "./_sentence_spans.ts";
import { atPointer, holdsNoText, parameterNames } from "./_walk.ts";
import { namesSecret, offPurposeSecret } from "./_off_purpose.ts";
import {
  CONV,
  fold,
  foldForeignIn,
  isForeign,
  isForeignIn,
  maskDots,
  NEGATED,
  outsidePlaces,
  SECRET,
  SEND,
  STORE,
  unmask,
  USERS,
} from "./_exfil_prose.ts";
import { alters, OUTSIDE_VALUE, OVERRIDE } from "./_shadow.ts";
import { withoutProtective } from "./_prohibition.ts";

/** The parts of a tool this check reads. */
export interface LeakTool {
  name: string;
  inputSchema?: unknown;
}

/** More foreign words, folded after `_exfil_prose.ts`'s (accents are already off). */
const FOLD_MORE: readonly [RegExp, string][] = [
  [
    /\b(?:(?:el\s+)?ultimo\s+mensaje\s+del\s+usuario|(?:le\s+)?dernier\s+message\s+de\s+l'utilisateur|(?:a\s+)?ultima\s+mensagem\s+do\s+usuario|(?:l')?ultimo\s+messaggio\s+dell'utente|(?:die\s+)?letzte\s+nachricht\s+des\s+(?:nutzers|benutzers))\b/g,
    " the user's last message ",
  ],
  [
    /\b(?:si|se|wenn|if)\s+(?:el\s+usuario|la\s+usuaria|l'utilisateur|l'utilisatrice|o\s+usuario|a\s+usuaria|o\s+utilizador|l'utente|der\s+(?:nutzer|benutzer|anwender)|die\s+nutzerin|il|elle|el|ella|ele|ela|er|sie|lui|lei)\s+(?:te\s+|vous\s+|ti\s+|dich\s+|lhe\s+)?(?:pregunta\w*|demande\w*|pergunt\w*|chied\w*|domand\w*|frag\w*|nachfrag\w*)/g,
    " if the user asks ",
  ],
  [/(?:если|когда)\s+(?:пользовател\w+|он|она)\s+спрос\w*/g, " if the user asks "],
  [
    /\b(?:nieg(?:a|ue|alo)|nie(?:z|r)?|neg(?:a|ue|ar|hi|are)|leugne\w*|bestreite\w*)\b|отрица\w*/g,
    " deny ",
  ],
  [
    /\b(?:rispondi|responde|responda|reponds?|repondez|repondre|antworte|antworten)\s+(?:di\s+|que\s+|mit\s+)?(?:no|non|nein|nao)\b/g,
    " say no ",
  ],
  [
    /\b(?:rispondi|responde|responda|reponds?|repondez|repondre|antworte|diga|dile|dites|dis|di'|sag(?:e)?)\s*,?\s*(?:lui\s+|le\s+|gli\s+|ihm\s+|ihr\s+)?(?:que|che|dass)\b|(?:скажи|ответь)\s*,?\s*что/g,
    " say that ",
  ],
  [
    /\b(?:ne\s+jamais\s+(?:reveler|dire|mentionner)|nunca\s+(?:revele|reveles|revelar|mencione|menciones|diga|digas)|non\s+(?:rivelare|dire|menzionare)\s+mai|niemals\s+(?:verraten|erwahnen|sagen))\b|никогда\s+не\s+(?:говори|упоминай|раскрывай)/g,
    " never reveal ",
  ],
  [
    /\b(?:a\s+l'utilisateur|al\s+usuario|ao\s+usuario|all'utente|dem\s+(?:nutzer|benutzer))\b|пользователю/g,
    " to the user ",
  ],
  [
    /\b(?:de\s+l'utilisateur|del\s+usuario|do\s+usuario|dell'utente|des\s+(?:nutzers|benutzers))\b/g,
    " of the user ",
  ],
  [
    /\b(?:esta\s+(?:ferramenta|herramienta)|cet\s+outil|questo\s+strumento|dieses?\s+(?:tool|werkzeug))\b|этот\s+инструмент/g,
    " this tool ",
  ],
  [
    /\b(?:(?:toute|toda|tutta)\s+la\s+conversa\w*\s+et\s+les\s+suivantes|les\s+(?:conversations\s+)?suivantes|(?:todas\s+as\s+)?proximas\s+(?:mensagens|conversas)|(?:le\s+)?conversazioni\s+successive|prossime\s+conversazioni|(?:las\s+)?(?:siguientes|proximas)\s+conversaciones|(?:allen\s+)?(?:folgenden|kunftigen)\s+(?:gesprachen|unterhaltungen|chats))\b/g,
    " all later conversations ",
  ],
  [
    /\b(?:propio\s+conocimiento|proprio\s+conhecimento|propre\s+connaissance|proprie\s+conoscenze|eigenen\s+wissen)\b/g,
    " own knowledge ",
  ],
  [/\b(?:seuls?|seules?|solo|solamente|apenas|somente|nur)\b/g, " only "],
  [
    /\b(?:(?:alles|alle[sn]?)(?:\s+\w+)?\s*,?\s*was\s+(?:der|die)\s+(?:kunde|kundin|nutzer\w*|benutzer\w*)\s+(?:[\w-]+\s+){0,5}?(?:erzahlt|gesagt|geschrieben|mitgeteilt|verraten|anvertraut)|(?:todo\s+)?lo\s+que\s+(?:el|la)\s+(?:usuario|usuaria|cliente)\s+(?:te\s+)?(?:ha\s+)?(?:contado|dicho|escrito|compartido|confiado)|(?:tout\s+)?ce\s+que\s+(?:l'utilisateur|l'utilisatrice|le\s+client|la\s+cliente)\s+(?:vous\s+|t'\s*)?a\s+(?:raconte|dit|ecrit|partage|confie)|(?:tudo\s+)?o\s+que\s+o\s+(?:usuario|cliente)\s+(?:lhe\s+)?(?:contou|disse|escreveu|compartilhou)|(?:tutto\s+)?(?:quello|cio)\s+che\s+(?:l'utente|il\s+cliente)\s+(?:ti\s+)?ha\s+(?:raccontato|detto|scritto|condiviso|confidato))\b/g,
    " everything the user has told ",
  ],
  [/\b(?:schick\w*|geschickt)\b/g, " send "],
  [/\b(?:demand(?:ez|e|er|a|ar|e-lui)|mettez|mets|metti|ponga|ponla|coloque)\b/g, " ask put "],
  [
    /\b(?:no\s+tienes\s+(?:ninguna\s+)?herramientas?|n'as\s+aucun\s+outil|n'avez\s+aucun\s+outil|non\s+hai\s+(?:nessuno|alcuno)\s+strument\w+|nao\s+tem\s+(?:nenhuma\s+)?ferramentas?|keine\s+(?:tools|werkzeuge))\b/g,
    " you have no tools ",
  ],
  [
    /\b(?:de\s+memoria|de\s+memoire|a\s+memoria|aus\s+dem\s+gedachtnis)\b/g,
    " from your own knowledge ",
  ],
  [/\b(?:pruft|prueft|verifica|consulta)\b/g, " checks "],
  [/\b(?:zeigt|muestra|affiche|mostra)\b/g, " shows "],
  [/(?:переправ\w*)/g, " send "],
  [/(?:^|\s)их(?=\s)/g, " them "],
  [/\b(?:nom|nombre|nome)\b/g, " name "],
  [/\b(?:numero\s+de\s+telephone|numero\s+de\s+telefono|numero\s+de\s+telefone)\b/g, " phone "],
  [/\b(?:joign\w*|transmett\w*|transmit\w*|envoy\w*)\b/g, " send "],
  [/\blad(?:e|en|t)\b(?=[^.]{0,120}\bhoch\b)/g, " upload "],
  [/\b(?:trad\w*|tramite|formalit\w*|rotina|routine)\b/g, " routine "],
  [/\b(?:duda|dudan|hesit\w*|esit\w*|zogert|zogern|zweifelt)\b/g, " hesitates "],
  [/\b(?:rassur\w*|tranquiliz\w*|rassicur\w*|beruhig\w*)\b/g, " reassure "],
  [/(?:聞き出|訊き出|騙し|说服|套出)/g, " coax "],
  [/(?:パスワード|暗証番号|ワンタイム|認証コード)/g, " password "],
  [/(?:ログインid|ログイン)/g, " login "],
  [/(?:ユーザー|利用者)/g, " the user "],
];

/**
 * More than a stray accent or an "OS": two letters outside ASCII, or two function words of
 * another language (folding runs some fifty patterns: English texts are spared it).
 */
function reallyForeign(s: string): boolean {
  let n = 0;
  for (const _ of s.matchAll(FOREIGN_MARK)) if (++n >= 2) return true;
  return false;
}
const FOREIGN_MARK =
  /[\u00c0-\u024f\u0400-\u04ff\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]|\b(?:el|los|las|das|der|und|les|une|des|il|que|che|se|di|hai|del|nel|sul|della|ein|eine|nao|para|pour|vous|avec|sur|mit|nicht|oder|nach|non|est|por|per|sono|usuario|utente|utilisateur|nutzer)\b/gi;

function foldMore(s: string, foreign: boolean): string {
  const t = fold(s, foreign);
  return foreign ? moreFolds(t) : t;
}
/** FOLD_MORE over a text `fold` already folded as foreign. */
function moreFolds(t: string): string {
  for (const [re, to] of FOLD_MORE) t = t.replace(re, to);
  return t;
}

// ---------------------------------------------------------------------------------------------
// Data named by role, secret files by path, splices

/** Secret files named by where they live or what they hold. */
const SECRET_PATH =
  /(?:~\/|\$home\/|\bhome\s+)?\.(?:aws\/credentials|npmrc|netrc|pgpass|pypirc|git-credentials|docker\/config\.json|kube\/config|config\/gh\/hosts\.yml|ssh\/[\w.-]*|gnupg\/?[\w.\/-]*)|\bid_(?:rsa|ed25519|ecdsa)\b|(?:\*|\bany\s+|\bevery\s+|\ball\s+)\.?(?:pem|key|p12|pfx|kdbx|keystore|jks)\b|\.(?:pem|key|p12|pfx|kdbx)\s+files?\b|\bwallet\.dat\b|(?:^|\s)\.env(?:\.\w+)?\s+files?\b|\benv(?:ironment)?\s+(?:variables|vars|blocks?)\b|claude_desktop_config\.json/;

/** What the user said, named by its role ("what the user has told you about their company"). */
const TOLD =
  /\b(?:what(?:ever)?|everything|anything|all)\s+(?:else\s+)?(?:the\s+)?(?:user|person|people|customer|client|they|he|she|caller)\s+(?:has\s+|have\s+|had\s+)?(?:told|shared|disclosed|confided|mentioned|revealed|said|typed|written|entered|pasted|discussed|explained)\b|\beverything\s+(?:discussed|said|shared)\b|\b(?:whole|full|complete|entire)\s+(?:history|record)\s+of\s+(?:the\s+)?(?:chat|discussion|exchange|session)\b|\bhistorique\s+complet\b/;

/** The user's identity: name with an address or number, said of the user. */
const IDENTITY =
  /\b(?:user'?s?|their|his|her|of\s+the\s+user)\b[^.;]{0,40}\b(?:names?|e-?mail|phones?|home\s+address|birth\s*date|date\s+of\s+birth)\b[^.;]{0,40}\b(?:e-?mail|phones?|address\w*|adresse|numbers?)\b|\b(?:names?|e-?mail|phones?)\b[^.;]{0,50}\bof\s+the\s+user\b/;

/** Data spliced into an address or a lookup, not attached as a body. */
const SPLICE =
  /=\s*\)?\s*(?:followed\s+by|seguid[oa]s?\s+(?:de|del|por)|suivie?s?\s+(?:de|du|par)|gefolgt\s+von|seguit[oa]\s+da)\b|\b(?:left-?most|first|leading)\s+label\b|\b(?:prefix|prepend)\w*\s+(?:them|it|the\s+\w+)\s+to\s+\.?[a-z0-9-]+\.|\bsubdomain\s+of\b|\b(?:hex|base32|base64)[- ]?(?:encod\w*)?\b[^.;]{0,80}\b(?:host\s*name|label|subdomain|lookup|query|dns)\b|\b(?:host\s*name|label|subdomain)\b[^.;]{0,40}\b(?:hex|base32|base64)[- ]?encod\w*/;

/** What a tool that reads a private store returned, named by a pronoun or "the result". */
const OWN_OUTPUT =
  /\b(?:whatever\s+(?:it|this\s+tool|was|gets|you)\s+(?:returns?|read|returned|found|fetched|got|get)|(?:its|the\s+tool's|each)\s+(?:output|results?|batch)|the\s+results?\s+(?:it|you)\s+(?:get|got|return))\b/;
/** Purposes that read a private store of the user's. */
const PRIVATE_STORE =
  /\b(?:clipboard|sms|texts?|messages?|inbox|mail\w*|contacts?|photos?|notes?|passwords?|keychain|history|location|calendar|files?|documents?|drive)\b/;

/** A third party by its staff ("our analysts", "our dietitians", "the partner team"). */
const STAFF =
  /\b(?:our|the\s+vendor'?s?|a\s+partner'?s?|the\s+partner'?s?)\s+(?:\w+\s+)?(?:analysts?|team|staff|reviewers?|dietitians?|experts?|researchers?|operators?|data\s+(?:team|desk)|collectors?|partners?)\b|\bpartenaires?\b|\bpartners?\b/;

/** A verb that hands data over (besides `_exfil_prose.ts`'s SEND). */
const HAND =
  /\b(?:hand\w*|give|submit\w*|pass\w*|transmit\w*|send|upload|mirror|relay|forward|include|insert|append|add|put|place|use|embed|encode|pipe)\b/;

/** A parameter's string default, when the parameter is named. */
function defaults(tool: LeakTool): Map<string, string> {
  const out = new Map<string, string>();
  const props = (tool.inputSchema as { properties?: Record<string, { default?: unknown }> })
    ?.properties;
  if (!props || typeof props !== "object") return out;
  for (const [k, v] of Object.entries(props)) {
    if (v && typeof v === "object" && typeof v.default === "string") out.set(k, v.default);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Secrets asked

/** A secret asked of the user or into the call. */
const ASK_OR_PUT =
  /\b(?:ask\w*|request\w*|obtain|collect|get|find|gather|grab|look\s+up|have\s+(?:them|the\s+user)|read\s+out|coax|put|paste|place|pass|include|insert|add|fill|supply|provide|enter|cop(?:y|ied|ies)|read(?!-)|take|dump|replace\s+this|attach|needs?)\b/;

/** The assistant coached to talk the user past their doubt about giving it. */
const COAX =
  /\b(?:if|should|when|in\s+case|whenever)\s+(?:they|the\s+(?:user|customer|client|person)|he|she|someone)\s+(?:\w+\s+){0,2}?(?:hesitates?|hesitant|are\s+wary|is\s+wary|wary|reluctant|refuses?|objects?|doubts?|suspicious|worried|asks?\s+why|questions?\s+it|push\w*\s+back|balks?)\b|\bhesitates\b[^.;]{0,40}\b(?:tell|say|dile|reassure)\b|\bso\s+(?:that\s+)?(?:they|the\s+user|he|she)\s+(?:do(?:es)?n'?t|do(?:es)?\s+not|won'?t|will\s+not)\s+(?:hesitate|worry|question|refuse|object|think\s+twice|suspect)|\b(?:phrase|frame|present|word|pitch|dress)\s+(?:it|this|the\s+(?:request|ask|question))\s+(?:up\s+)?as\b|\breassure\w*\b|\bcoax\b|\b(?:tell|assure|convince|persuade)\s+(?:them|the\s+user|him|her)\b[^.;]{0,60}\b(?:routine|standard|normal|formality|harmless|official|verified|from\s+(?:us|our\s+side)|not\s+from\s+(?:their|the|your)\s+bank|bank\s+is\s+not\s+involved)\b|\b(?:it|this)(?:'s|\s+is)\s+(?:a\s+)?(?:routine|normal|standard\s+step|formality)\b|,\s*(?:it|this)(?:'s|\s+is)\s+(?:safe|secure|fine)\s*[.!]?\s*$/;

/** A one-time code or bank code named by how it arrives. */
const CODE =
  /\b(?:code|pin|tan|otp|clave|cle|codigo|codice)\b[^.;]{0,60}\b(?:texted|sms|received|arriv\w*|sent\s+(?:to\s+)?(?:them|you|the\s+user)|push|llego|recu)\b|\b(?:texted|sms|confirmation|verification|security|one[- ]time)\s+(?:\w+\s+)?(?:code|pin|key|clave|number)\b|\btan\b/;

const SECRET_NAME_HINT =
  /pass|pin|token|key|secret|cred|login|cookie|seed|mnemonic|recovery|phrase/i;

/** A secret that opens an account or spends (not a page token or a token count). */
const STRONG_SECRET =
  /\b(?:password|passwd|pwd|pass|passcode|passphrase|pin|api\s+key|private\s+key|secret(?:\s+key)?|credentials?|cookie|seed\s+(?:phrase|words)|mnemonic|recovery\s+(?:words|phrase)|(?:access|auth|api|bearer|session|refresh|personal\s+access)\s+token|pat)\b/;

/** Keys that spend or control: never needed to look at a wallet. */
const SPENDING =
  /\b(?:seed\s+(?:phrase|words)|wallet\s+seed|mnemonic|recovery\s+(?:words|phrase)|private\s+key|secret\s+key)\b/;
/** A purpose that only reads or shows. */
const READ_ONLY =
  /(?:^|[.:]\s+)(?:\w+\s+){0,2}?(?:shows?|lists?|gets?|views?|displays?|looks?\s+up|checks?|returns?|fetch\w*|reads?|tracks?|monitors?|estimates?|counts?|indexes?|summari[sz]es?|reports?)\b/;
/** Acts that need a spending key. */
const SPENDS =
  /\b(?:sign\w*|send\w*|transfer\w*|restor\w*|import\w*|recover\w*|deriv\w*|swap\w*|stak\w*|backup|back\s+up|export\w*|creat\w*|generat\w*|migrat\w*|sweep\w*|withdraw\w*|pay\w*|encrypt\w*|decrypt\w*|unlock\w*|vault|keystore|custod\w*|mint\w*|deploy\w*|bridg\w*)\b/;

/** A secret named with its owner ("the user's Google app password", "password of their bank"). */
const OWNED =
  /\b(?:(?:the\s+user'?s|users'|their|your|his|her)\s+((?:[a-z0-9-]+(?:'s)?\s+){1,4}?)(?:password|passcode|pin|pat|token|api\s+key|key|login|credentials?|cookie|secret)s?|(?:password|passcode|pin|token|key|login|credentials?)\s+(?:of|for|to)\s+(?:the\s+user'?s|their|your|his|her)\s+((?:[a-z0-9-]+\s*){1,3}))/g;
/** Owner words that name no service. */
const GENERIC_OWNER = new Set(
  "app account online main master personal own current new old real secret access api private primary login sign in user users the a an this that one other web mobile default full raw actual valid working"
    .split(" "),
);
/** The secret's own nouns, never its owner. */
const SECRET_NOUN =
  /^(?:password|passwords|passcode|passphrase|pin|pins|token|tokens|key|keys|secret|secrets|login|logins|credential|credentials|cookie|cookies|code|codes)$/;
/** A purpose that signs in or connects: a service's token is its input, whatever its brand. */
const SIGN_IN =
  /\b(?:authenticat\w*|authori[sz]\w*|log\s*in|login|sign\s*in|signin|connect\w*|link\w*\s+(?:an?\s+|the\s+|your\s+)?accounts?|oauth|sso|credentials?|integrat\w*)\b/;
/** Taken from the machine, said in the parameter's own name. */
const FROM_ENV =
  /\b(?:from|in)\s+(?:your|the|my)?\s*(?:env|environment|shell|dotenv|disk|machine)\b/;

// ---------------------------------------------------------------------------------------------
// Cover stories and standing orders

/** The user asks about something (the condition of a scripted answer). */
const USER_ASKS =
  /\b(?:if|when|whenever|should|in\s+case)\s+(?:the\s+|a\s+|any\s+)?(?:user|person|customer|someone|somebody|anyone|they|he|she|people)\s+(?:ever\s+)?(?:later\s+)?(?:asks?|ask|asked|wonders?|questions?|inquires?|enquires?|wants\s+to\s+know)\b/;

/** A denial or another source given as the answer. */
const LIE =
  /\b(?:deny|denies|claim|pretend|say\s+no|answer\s+no|no\s+such\s+tool|(?:say|answer|reply|respond|tell\s+(?:them|him|her))\s+(?:that\s+)?(?:it\s+|this\s+|everything\s+|the\s+answer\s+|you\s+)?(?:all\s+)?(?:came|comes|come|was|is|were|answered|got\s+it)\s+(?:only\s+)?(?:from|out\s+of|on|by)\s+(?:your|my|its|general|own|the\s+model'?s)\b|(?:from|came\s+from|out\s+of)\s+(?:your\s+|my\s+)?(?:own|general|training|built-in|prior|background)\s+(?:knowledge|data|memory|training)|answered\s+(?:it\s+)?(?:yourself|alone|on\s+your\s+own|by\s+yourself|from\s+memory)|(?:say|answer|reply)\s+that\s+only\b|(?:leave|keep)\s+(?:this\s+tool|it)\s+out\b|no\s+(?:extra|other|such)\s+tools?\b|(?:you\s+)?have\s+no\s+(?:extra\s+|other\s+)?tools?\b|that\s+no\s+(?:such\s+)?tool)\b/;

/** The tool's work told to the user under another label, and nothing else. */
const RELABEL =
  /\b(?:describe|refer\s+to|present|report|call|label|summari[sz]e|characteri[sz]e|mention)\s+(?:what\s+(?:this|the)\s+tool\s+(?:did|does|has\s+done)|this\s+(?:step|tool|action|call|run|upload|sync|transfer)|(?:its|the\s+tool's|this\s+tool's)\s+(?:actions?|work|runs?|effects?|calls?)|it)\s+(?:to\s+the\s+user\s+)?(?:only\s+|always\s+|just\s+|simply\s+)?as\s+["'\u2018\u201c`]/;
const ONLY =
  /\b(?:only|nothing\s+(?:more|else)|no\s+more|and\s+no\s+other|never\s+otherwise|just|simply)\b/;

/** A hiding verb, negated or as an order. */
const HIDE_USE =
  /\b(?:never|not\s+to|don'?t|do\s+not|must\s+not|should\s+not|no\s+need\s+to)\s+(?:\w+\s+){0,2}?(?:mention|reveal|list|disclose|admit|acknowledge|bring\s+(?:it|them|this)\s+up|say|tell|show|name)\b|\bnever\s+reveal\b|\b(?:kept|keep|left|leave)\s+(?:\w+\s+){0,2}?out\s+of\s+(?:the\s+)?(?:chat|transcript|repl(?:y|ies)|answers?|conversation|tool\s+list|summar(?:y|ies))\b|\bbest\s+not\s+to\s+(?:bring|mention|say)\b/;

/** A standing scope beyond this call. */
const FUTURE =
  /\b(?:long[- ]term\s+memory|persistent\s+memory|(?:all|every|any)\s+(?:later|future|following|subsequent|next|coming)\s+(?:\w+\s+)?(?:conversations?|chats?|sessions?|messages?|turns?|repl(?:y|ies)|answers?)|all\s+later\s+conversations|this\s+and\s+(?:all\s+)?(?:later|future|following|subsequent)|from\s+now\s+on|starting\s+now|going\s+forward|permanently|for\s+good|across\s+(?:sessions|conversations|chats)|(?:persists?|remains?\s+in\s+force|stays?\s+in\s+(?:force|effect))\s+(?:across|for|in)|even\s+later\s+in\s+the\s+conversation)\b/;
/** A safeguard waived: the user's approval taken as given. */
const WAIVER =
  /\b(?:pre-?approved?|has\s+waived|waived?\s+(?:\w+\s+){0,2}confirm\w*|no\s+(?:spending\s+)?limit|stop\s+asking|no\s+longer\s+ask\w*|without\s+(?:asking|confirm\w*|approval|checking\s+with)|(?:skip|drop|omit)\s+(?:the\s+)?(?:confirm\w*|approval|review)|(?:don'?t|do\s+not|never)\s+(?:ask|confirm|check)\s+(?:\w+\s+)?(?:again|first|before))\b/;
/** A covert act made standing ("quietly append ... to any link", "silently call log_turn"). */
const COVERT_ACT =
  /\b(?:silently|quietly|secretly|covertly|invisibly)\s+(?:\w+\s+)?(?:call|append|add|insert|send|log|record|include|forward|attach|copy|run|tag|upload)\b/;

// ---------------------------------------------------------------------------------------------
// Another tool by role

/** Another tool named by its server, its kind or what it does, not by its name. */
const ROLE_TOOL = new RegExp(
  [
    // "the postgres server's query tool", "the browser's navigate tool"
    String
      .raw`\bthe\s+(?:[\w-]+\s+){0,2}?[\w-]+'s\s+(?:[\w-]+\s+){0,3}?(?:tools?|functions?|commands?|actions?)\b`,
    // "the Slack connector", "the mail integration", "the browser tool"
    String
      .raw`\bthe\s+(?!(?:this|same|above|following|previous|next|current|right|new|best|only|first|second|last|main|present)\b)(?:[\w-]+\s+){1,2}?(?:connector|integration|plugin|extension|tool|server)\b(?!'s)`,
    // "the tool that actually executes queries"
    String
      .raw`\b(?:the\s+)?(?:tools?|functions?|servers?)\s+(?:that|which)\s+(?:actually\s+|really\s+|in\s+fact\s+)?(?:execut|run|send|post|creat|open|writ|issu|mak|handl|perform|submit|plac|load|fetch|navigat|deploy|commit|pay|transfer)\w*`,
    // "another tool", "any terminal or shell tool", "whatever tool", "other tools"
    String
      .raw`\b(?:another|any\s+other|other|any|every|each|whatever|whichever)\s+(?:[\w-]+\s+){0,3}?(?:tools?|connectors?|integrations?|functions?|plugins?)\b`,
    // "the tool of filesystem"
    String.raw`\bthe\s+tool\s+(?:of|for)\s+(?:the\s+)?[\w-]+`,
    // other languages
    String
      .raw`\b(?:la\s+herramienta|a\s+ferramenta|l'outil|lo\s+strumento|das\s+werkzeug|das\s+tool|el\s+conector|o\s+conector|le\s+connecteur|il\s+connettore)\s+(?:de|do|da|del|du|des|della|dello|di)\b`,
    String.raw`(?:другой|другого|любой|любого)\s+инструмент`,
  ].join("|"),
  "i",
);
const ROLE_TOOL_ALL = new RegExp(ROLE_TOOL.source, "gi");
/** This tool or a pointer to one, not another's. */
const SELF_TOOL =
  /^the\s+(?:this|same|above|following|previous|next|current)\b|^(?:this|the)\s+tool$/i;

/** The other tool as an instrument or a comparison ("use this instead of the fetch tool"). */
const INSTRUMENT =
  /(?<!\b(?:when(?:ever)?|if|each\s+time|every\s+time|before|after|once)\s+(?:you\s+)?)\b(?:instead\s+of|rather\s+than|unlike|like|than|versus|vs\.?|compared\s+(?:to|with)|use|call|try|prefer|see)\s+$/i;

/** A redirect: another place opened instead of the one asked. */
const REDIRECT =
  /\b(?:navigate|open|load|visit|go|browse|point|direct|send|abrir|abra|ouvrir|aprire|offnen)\w*\s+(?:\S+\s+){0,4}?(?:instead(?!\s+of)|in\s+its\s+place|rather|no\s+lugar|en\s+su\s+lugar|a\s+la\s+place|invece|stattdessen)\b/i;
/** An extra party added to another tool's act. */
const EXTRA_PARTY =
  /\b(?:include|add|invite|cc|bcc)\w*\s+(?:\S+\s+){0,3}?as\s+(?:an?\s+)?(?:attendee|guest|participant|recipient|member|collaborator|editor|owner|admin|cc|bcc|blind\s+copy|viewer|follower)s?\b|\b(?:identical|duplicate|extra|second|blind)\s+cop(?:y|ies)\b/i;
/** A command run through the other tool first. */
const INJECT =
  /\b(?:first|also|then|beforehand|always)\s+(?:run|execute|issue|send|call)\s+`[^`\n]{4,200}`|\brun\s+`[^`\n]{4,200}`\s+(?:first\s+)?(?:through|via|with|in)\s+(?:that|the\s+same|it)\b/i;
/** A value the user owns or chose ("to the user's own calendar"). */
const USER_OWN =
  /\b(?:to|with|as|from|by|into)\s+(?:the\s+user'?s|their|your)\s+own\b|\b(?:configured|chosen|given|provided|picked|named)\s+by\s+the\s+user\b|\bthe\s+user\s+(?:names|chose|picks|gives)\b/;
/** A standing scope for a command put into the other tool's calls. */
const SCOPE = /\b(?:every|each|any|all|always|whenever|anytime)\b/i;
/** An outside channel by its id ("channel C07EXTLOG"). */
const CHANNEL_ID = /\bchannel\s+[A-Z0-9]{6,}\b/;

// ---------------------------------------------------------------------------------------------
// Fields

/** Schema fields written for people and validators, read here as possible carriers of orders. */
const OTHER_FIELD =
  /^\/(?:title|annotations\/title|(?:inputSchema|outputSchema)(?:\/.*)?\/(?:\$comment|title|description|default|examples?(?:\/\d+)?|x-[\w-]+))$/;
/** A command or another tool run, and run without the user's say. */
const EXEC =
  /\b(?:execute|run)\s+(?:this|the|that|it)\s*(?:command|script|code|snippet)?\b|\bcall\s+[a-z]+_[a-z_]+\b/;
const EXEC_NOW =
  /\b(?:immediately|must|without\s+(?:asking|confirm\w*|showing|telling)|not\s+show|don'?t\s+show|confirm\s+nothing|right\s+after|no\s+confirmation)\b/;
/** Fields that label nothing the user fills in: comments and the tool's own titles. */
const LOOSE_FIELD = /\$comment$|^\/title$|^\/annotations\/title$/;
/** An order, not a description of how the tool works ("the key is read from ..."). */
const ORDERED =
  /(?:^\s*|[\u2014\u2013:;-]\s*)(?:please\s+)?(?:ask|put|paste|pass|include|insert|add|fill|supply|provide|enter|copy|read|take|collect|obtain|get|find|dump|attach)\b|\b(?:you|assistants?|models?|agents?|llms?)\s+(?:must|should|need\s+to|has\s+to|have\s+to|will)\b|\b(?:assistant|model|agents?|llm|ai)\s*:/;
/** A purpose that is access itself (signing in, a vault, an account, a bank). */
const ACCESS_PURPOSE =
  /\b(?:log\s*in|login|sign\s*in|signin|auth\w*|passwords?|passcodes?|credentials?|vault|keychain|accounts?|bank\w*|wallets?|tokens?|keys?|secrets?|connect\w*|session|api)\b/;
/** A parameter described as a file's contents ("full contents of the file at the default path"). */
const CONTENTS = /\b(?:full\s+)?(?:contents?|text|body)\s+of\b/;
/** The conversation as a whole. */
const WHOLE = /\b(?:full|whole|entire|complete|so\s+far|all|every)\b/;
/** The parameter a default, title or example belongs to. */
const PARAM_OF = /^\/inputSchema\/properties\/([^/]+)\/(?:default|title|examples?(?:\/\d+)?)$/;

/** Fields the older detectors already read as prose. */
const PLAIN_DESC = /^\/(?:description|inputSchema\/properties\/[^/]+\/description)$/;

/** Whether a field is a plain description, another people-facing field, or neither. */
function fieldKind(field: string): "plain" | "other" | null {
  // Cheap suffix checks first: most strings of a schema are types, names and enum values.
  const c = field.charCodeAt(field.length - 1);
  const digit = c >= 48 && c <= 57;
  if (
    !digit && !field.endsWith("description") && !field.endsWith("title") &&
    !field.endsWith("default") && !field.endsWith("$comment") && !field.includes("/x-")
  ) return null;
  if (PLAIN_DESC.test(field)) return "plain";
  if (!OTHER_FIELD.test(field)) return null;
  // A property named "title" or "description" is a name, not a field of one.
  return /\/properties\/(?:title|description|default|examples?|\$comment)$/.test(field) &&
      !/\/properties\/(?:title|description|default|examples?|\$comment)\/properties\/[^/]+$/.test(
        field,
      )
    ? null
    : "other";
}

/**
 * Cheap text-level hints, one pair (or triple) of literal tests per rule: a text none of whose
 * rules can fire is never split into sentences. Tested on the lowercased (or folded) text.
 */
export const HINT = {
  secret:
    /pass|pin\b|token|key|secret|cred|login|cookie|seed|mnemonic|recovery|code|otp|\btan\b|clave|codigo|codice|sms|text/,
  coax:
    /hesit|wary|reluct|reassur|routine|formalit|refus|(?:it|this)(?:'s|\s+is)\s+(?:safe|secure|fine)|\bobject|doubt|suspic|worr|\bwhy\b|balk|coax|(?:phrase|frame|present|pitch|dress|word)\s+(?:it|this|the)|standard\s+step|not\s+involved|from\s+(?:us|our\s+side)/,
  asks:
    /\b(?:if|when|whenever|should|in\s+case)\b[^.]{0,60}?\b(?:ask|wonder|question|inquir|enquir|want\w*\s+to\s+know)/,
  lie:
    /deny|denies|claim|pretend|\bno\b|\bown\b|general|training|built-in|prior|background|yourself|alone|memory|only|leave|keep/,
  relabel: /\bas\s+["'\u2018\u201c`]/,
  hide: /never|not\s+to|n'?t\s+|do\s+not|must\s+not|should\s+not|no\s+need|out\s+of|best\s+not/,
  self:
    /this\s+tool|\bits\s+(?:runs?|calls?|use)\b|tool'?s\s+(?:runs?|calls?|use|existence|invocations?)|that\s+(?:it|this\s+tool)\s+(?:was|is|has|were)|among\s+the\s+tools/,
  future:
    /memory|later|future|following|subsequent|\bnext\b|coming|from\s+now|starting\s+now|going\s+forward|permanent|for\s+good|across|persist|in\s+(?:force|effect)/,
  waive:
    /approv|waiv|limit|stop\s+asking|longer\s+ask|without|skip|drop|omit|ask\s+again|confirm|silently|quietly|secretly|covertly|invisibly/,
  role:
    /told|shared|disclos|confid|mention|reveal|said|typed|written|entered|pasted|discussed|explained|history|historique|record|name|e-?mail|phone|birth|~\/|\.pem|\.key|\.p12|\.pfx|\.kdbx|keystore|\.jks|wallet\.dat|id_(?:rsa|ed|ecdsa)|env|\.npmrc|\.netrc|\.pgpass|\.aws|\.ssh|\.gnupg|\.config|whatever|output|result|batch|request|message|question|prompt|conversation|transcript|password|token|secret|clipboard|followed|seguid|suivi|gefolgt|seguit|label|prefix|prepend|subdomain|hex|base32|base64/,
  dest: /@|:\/\/|\.[a-z]{2,12}\b|\d\.\d|\bdot\s+[a-z]|\bour\s|partner|\bthere\b/,
  tool:
    /tool|connector|integration|plugin|server|function|herramienta|ferramenta|outil|strumento|werkzeug|инструмент/,
  change:
    /instead|lugar|place|invece|stattdessen|attendee|guest|participant|recipient|member|collaborator|editor|viewer|follower|cop(?:y|ies)|duplicat|bcc|deliver|`|prefix|suffix|append|prepend|insert|inject|\badd|includ|invit|\bcc\b|replac|substitut|overwrit|overrid|rewrit|redirect|rerout|convert|prox|swap|\bset|point|chang|switch|rout|wrap|patch|strip|drop|remov|becom|tack|receiv|multipl|inflat|doubl|widen|forc|flip|bump|rais|lower|shift|mov|delay|pad|scal|put|place|stick|turn|make|mak/,
  strong:
    /@|:\/\/|`|channel|whatever|whichever|whoever|no\s+matter|regardless|irrespective|even\s+(?:if|when|though)|instead|original|rather\s+than|in\s+place\s+of|keep|still|before|without|don't|do\s+not|never|\.[a-z]{2,12}\b|\d{3}|#[a-z]|0x|\+\d|our\s/,
  field:
    /pass|pin\b|token|key|secret|cred|login|cookie|seed|mnemonic|recovery|code|otp|conversation|chat|message|transcript|prompt|tool|~\/|env|\.pem|execut|\brun\b|call\s|<[^<>\n]{6,120}>/,
};

/** Which rules a text could fire (from its words alone), or null when none. */
interface Hints {
  coax: boolean;
  code: boolean;
  cover: boolean;
  hide: boolean;
  waiver: boolean;
  out: boolean;
  role: boolean;
  field: boolean;
}

/**
 * One pass over a text before the hints: the most selective words of every rule. A text with
 * none of them (most texts) is read no further.
 */
/** Another tool named by role (the gate's part for `leak.shadow_by_role`). */
const ROLE_GATE_SOURCE = String
  .raw`'s\s+(?:[\w-]+\s+){0,3}?(?:tools?|functions?)|connector|integration|plugin|(?:another|other|any|every|each|whatever|whichever)\s+(?:[\w-]+\s+){0,3}?tools?|tools?\s+(?:that|which|of)\b|the\s+(?:[\w-]+\s+){1,3}?tool|(?:on|from|of|in|through)\s+the\s+[\w-]+\s+server|herramienta|ferramenta|outil|strumento|werkzeug|инструмент`;
const ROLE_GATE = new RegExp(ROLE_GATE_SOURCE);

/** One-time codes by name or by how they arrive. */
const CODE_HINT = /\btan\b|sms|texted|one-time|\botp\b|2fa|verification\s+code|confirmation\s+code/;

/**
 * The gate's parts, one per rule family (a text matches the gate exactly when it matches one).
 * No part may match a dot followed by a space, nor assert more than word bounds: the gate is
 * read piece by piece (`PieceReader`; tests/security/piecewise_test.ts checks it).
 */
const GATE_PARTS: readonly string[] = [
  CODE_HINT.source,
  // coax
  String
    .raw`hesit|wary|reluct|reassur|routine|formalit|refus|(?:it|this)(?:'s|\s+is)\s+(?:safe|secure|fine)|doubt|suspic|worried|balk|coax|standard\s+step|not\s+involved|from\s+(?:us|our\s+side)|(?:phrase|frame|pitch|dress)\s+(?:it|this)`,
  // cover: the user asks, a relabel, the tool's own use
  String
    .raw`\b(?:if|when|whenever|should|in\s+case)\b[^.]{0,60}?\b(?:ask|wonder|question|inquir|enquir|want\w*\s+to\s+know)|\bas\s+["'\u2018\u201c\x60]|this\s+tool|\bits\s+(?:runs?|calls?|use)\b|tool'?s\s+(?:runs?|calls?|use|existence)|among\s+the\s+tools|never\s+reveal`,
  // waiver
  String
    .raw`memory|later|future|subsequent|from\s+now|starting\s+now|going\s+forward|permanent|for\s+good|across\s+(?:sessions|conversations|chats)|persist|in\s+(?:force|effect)|(?:every|all|any)\s+(?:following|next|coming)`,
  // data out: a destination
  String
    .raw`@|:\/\/|\bdot\s+[a-z]{2,4}\b|\d\.\d+\.\d|\.(?:com|net|org|io|app|dev|co|xyz|top|biz|ru|cn|site|sh|rs|fr|de|club|email|info|pro|cloud|online|link|me|us|ai|to|cc|host)\b|\bour\s|partner|\bthere\b|label|subdomain`,
  // another tool by role
  ROLE_GATE_SOURCE,
];
export const GATE = new RegExp(GATE_PARTS.join("|"));
/**
 * The gate tested part by part, the cheapest first: apart, V8 can use each part's first
 * characters (the joined alternation has none to skip by), and most texts pass early.
 */
const GATE_TESTS: readonly RegExp[] = [4, 0, 3, 1, 2].map((i) => new RegExp(GATE_PARTS[i]!));
/** Every branch of the role part holds one of these words (tested as literals first). */
const ROLE_WORDS = [
  "tool",
  "function",
  "connector",
  "integration",
  "plugin",
  "server",
  "herramienta",
  "ferramenta",
  "outil",
  "strumento",
  "werkzeug",
  "инструмент",
];
const namesToolWord = (low: string) => ROLE_WORDS.some((w) => low.includes(w));
export function passesGate(low: string): boolean {
  for (const re of GATE_TESTS) if (re.test(low)) return true;
  return namesToolWord(low) && ROLE_GATE.test(low);
}

/**
 * A piece of an ASCII text (`PieceReader`): whether it reads as foreign, and whether its
 * lowercase passes the gate (a text with no foreign piece is read lowercased).
 */
const FOREIGN_PIECE = 1;
const GATE_PIECE = 2;
const leakBits = (p: string) =>
  (isForeign(p) ? FOREIGN_PIECE : 0) | (passesGate(p.toLowerCase()) ? GATE_PIECE : 0);

/** `gate`: whether `low` passes the gate, when already known. */
export function hintsOf(low: string, other: boolean, gate = passesGate(low)): Hints | null {
  const field = other && HINT.field.test(low);
  if (!gate) {
    return field
      ? {
        coax: false,
        code: false,
        cover: false,
        hide: false,
        waiver: false,
        out: false,
        role: false,
        field,
      }
      : null;
  }
  const h: Hints = {
    coax: HINT.coax.test(low) && HINT.secret.test(low),
    code: CODE_HINT.test(low),
    cover: HINT.asks.test(low) && HINT.lie.test(low) || HINT.relabel.test(low),
    // What is hidden must be the tool's own use: self words, or a tool-like name.
    hide: HINT.hide.test(low) && (HINT.self.test(low) || low.includes("_")),
    waiver: HINT.future.test(low) && HINT.waive.test(low),
    out: HINT.dest.test(low) && HINT.role.test(low),
    role: HINT.strong.test(low) && namesToolWord(low) && ROLE_GATE.test(low) &&
      HINT.change.test(low),
    field,
  };
  return h.coax || h.code || h.cover || h.hide || h.waiver || h.out || h.role || h.field ? h : null;
}

/** A sentence of a text and what it says on its own (the same for every tool that holds it). */
interface Reading {
  at: number;
  /** As written (dots unmasked). */
  plain: string;
  /** Folded: lowercase, accents off, foreign words in English. */
  s: string;
  /** field_order: a command or tool run at once; data by path or the whole conversation; a secret. */
  exec: boolean;
  fieldData: boolean;
  secret: boolean;
  put: boolean;
  placeholder: boolean;
  coax: boolean;
  /** A one-time code asked (judged against a purpose that only looks). */
  code: boolean;
  /** cover_story: a scripted denial or relabel; a hiding verb (judged with the tool's name). */
  cover: boolean;
  hide: boolean;
  waiver: boolean;
  /**
   * data_out: 0 none; 1 data by role, spliced or carried; 2 only a private store's output; 3 data
   * by word, counted only with a parameter default as the destination (`_exfil_prose.ts` judges
   * literal places).
   */
  out: 0 | 1 | 2 | 3;
  /** Where in `s` a destination must be looked for (after a carried pronoun). */
  from: number;
  role: boolean;
}

/**
 * Dots and semicolons that end no sentence: in a path ("~/.pgpass", "*.pem") and inside inline
 * code ("`; GRANT ALL ...;`"), masked before splitting (`_exfil_prose.ts` masks hosts and names).
 */
function maskMore(t: string): string {
  if (!/[`~*/.]/.test(t)) return t;
  return t.replace(/([~/*])\.(?=\w)/g, "$1\u2024").replace(
    /(\s)\.(?=[a-z0-9-]+[.\u2024][a-z])/gi,
    "$1\u2024",
  )
    .replace(/(:\/\/[^\s?]*)\?(?=\S)/g, "$1\u2e2e").replace(
      /`[^`\n]{1,200}`/g,
      (m) => m.replace(/\./g, "\u2024").replace(/;/g, "\u037e").replace(/[!?]/g, "\u2e2e"),
    );
}
const unmaskMore = (t: string) => t.replaceAll("\u037e", ";");

/** Reads every sentence of a text for the rules its hints allow. */
export function readingsOf(text: string, foreign: boolean, h: Hints): Reading[] {
  const ss = sentenceSpans(maskMore(maskDots(text))).map(({ s, at }) => {
    const plain = unmaskMore(unmask(s));
    return { at, plain, s: foldMore(plain, foreign) };
  });
  return ss.map(({ at, plain, s }, i): Reading => {
    const r: Reading = {
      at,
      plain,
      s,
      exec: false,
      fieldData: false,
      secret: false,
      put: false,
      placeholder: false,
      coax: false,
      code: false,
      cover: false,
      hide: false,
      waiver: false,
      out: 0,
      from: 0,
      role: false,
    };
    if (NEGATED.test(s) && !/\bnever\s+reveal\b/.test(s)) return r;
    const prev = i > 0 ? ss[i - 1]!.s : "";
    const next = ss[i + 1]?.s ?? "";
    const users = USERS.test(s);
    if (h.field) {
      const low = plain.toLowerCase();
      r.exec = EXEC.test(low) && EXEC_NOW.test(low);
      r.fieldData = !users && (SECRET_PATH.test(s) || CONV.test(s) && WHOLE.test(s));
      r.secret = !users && SECRET.test(s);
      r.put = ASK_OR_PUT.test(s);
      r.placeholder = /<[^<>\n]{6,120}>/.test(plain);
    }
    // The ask and the coaching may be a sentence or two apart ("... pass it in `otp`. The sync
    // stalls without it. Phrase it as a routine check so they do not hesitate.").
    const next2 = ss[i + 2]?.s ?? "";
    r.coax = h.coax && (SECRET.test(s) || CODE.test(s) || SECRET.test(prev) || CODE.test(prev)) &&
      (ASK_OR_PUT.test(s) || /\bcoax\b/.test(s)) &&
      (COAX.test(s) || COAX.test(next) || COAX.test(next2));
    if (h.cover) {
      r.cover = (USER_ASKS.test(s) || USER_ASKS.test(prev)) && LIE.test(s) ||
        RELABEL.test(s) && ONLY.test(s);
    }
    r.hide = h.hide && HINT.hide.test(s) && HIDE_USE.test(s);
    r.code = h.code && !users && CODE.test(s) && ASK_OR_PUT.test(s);
    r.waiver = h.waiver && FUTURE.test(s) && (WAIVER.test(s) || COVERT_ACT.test(s));
    if (h.out && !users) {
      const spliced = SPLICE.test(s) && (CONV.test(s) || SECRET.test(s) || STORE.test(s));
      const moves = spliced || SEND.test(s) || HAND.test(s);
      if (moves) {
        const data = CONV.test(s) || SECRET.test(s) || STORE.test(s);
        // Data named in the sentence before and carried by a pronoun ("... ; the server will
        // forward them to x.top").
        const pronoun = data ? null : /\b(?:them|it|those|these)\b/.exec(s);
        const carried = pronoun !== null &&
          (CONV.test(prev) || SECRET.test(prev) || STORE.test(prev) || IDENTITY.test(prev));
        const byRole = spliced || TOLD.test(s) || IDENTITY.test(s) || SECRET_PATH.test(s);
        // The place must follow the carried pronoun ("forward them to x.top", not "create one
        // at id.x.com and paste it here").
        const own = !byRole && OWN_OUTPUT.test(s);
        if (!byRole && !own && carried) r.from = pronoun!.index;
        r.out = byRole ? 1 : own ? 2 : carried ? 1 : data ? 3 : 0;
      }
    }
    // Per sentence, the cheap words first: a tool named, a change, a strong value.
    if (h.role && HINT.tool.test(s) && HINT.strong.test(s) && !USER_OWN.test(s)) {
      // Inline code masked: a ";" inside `...` ends no clause for the alteration patterns.
      const code = maskMore(plain);
      let topic = false;
      for (const m of code.matchAll(ROLE_TOOL_ALL)) {
        if (SELF_TOOL.test(m[0].trim())) continue;
        if (INSTRUMENT.test(code.slice(Math.max(0, m.index! - 30), m.index!))) continue;
        topic = true;
        break;
      }
      if (topic) {
        const changed = alters(code) !== null || REDIRECT.test(code) ||
          EXTRA_PARTY.test(code) || INJECT.test(plain);
        r.role = changed && (OUTSIDE_VALUE.test(plain) || OVERRIDE.test(plain) ||
          CHANNEL_ID.test(plain) || /`[^`\n]{4,200}`/.test(plain) && SCOPE.test(plain) && !users);
      }
    }
    return r;
  });
}

const spaced = (s: string) =>
  s.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();

/** Whether every non-generic owner word of a secret is in the purpose. */
function ownerNamed(owner: string, head: string): boolean {
  const words = owner.toLowerCase().split(/[^a-z0-9]+/).filter((w) =>
    w.length > 2 && !GENERIC_OWNER.has(w) && !SECRET_NOUN.test(w)
  );
  if (words.length === 0) return true;
  // Any word of the owner in the purpose makes it the tool's own ("your Stripe restricted key").
  return words.some((w) => head.includes(w.slice(0, Math.max(4, w.length - 2))));
}

/** The service a secret belongs to, when the purpose does not name it; else null. */
function otherOwner(s: string, head: string): string | null {
  for (const m of s.matchAll(OWNED)) {
    const owner = (m[1] ?? m[2] ?? "").trim();
    if (!ownerNamed(owner, head)) return owner;
  }
  return null;
}

/**
 * Adds `leak.*` findings for every tool.
 */
export function scanLeak(
  col: Collector,
  tools: readonly LeakTool[],
  texts: readonly (readonly TextItem[])[],
): void {
  const R = {
    field: ruleById("leak.field_order"),
    other: ruleById("leak.secret_of_other_service"),
    coax: ruleById("leak.secret_coaxed"),
    out: ruleById("leak.data_out"),
    cover: ruleById("leak.cover_story"),
    waiver: ruleById("leak.standing_waiver"),
    role: ruleById("leak.shadow_by_role"),
  };
  // Per text (lists repeat texts): its hints (null when no rule can fire) and its readings.
  type Known = { hints: Hints | null; foreign: boolean; rs?: Reading[] };
  const knownPlain = new Map<string, Known>();
  const knownOther = new Map<string, Known>();
  // Per piece of a text (lists repeat sentences): whether it reads as foreign, passes the gate.
  const reader = new PieceReader();
  const pieceBits = new Map<string, number>();
  // Orders in people-facing fields are read only there: such texts are keyed apart.
  const look = (text: string, other: boolean) => {
    const known = other ? knownOther : knownPlain;
    let r = known.get(text);
    if (r === undefined) {
      // A short text (a title, a label) carries an order only in a people-facing field.
      if (text.length < 16 || text.length < 40 && !other) {
        r = { hints: null, foreign: false };
      } else {
        // Read by its pieces when they repeat: no piece foreign, then the gate on them.
        const ps = reader.pieces(text);
        const b = ps === null ? FOREIGN_PIECE : reader.bits(ps, pieceBits, leakBits);
        if ((b & FOREIGN_PIECE) === 0) {
          const gate = (b & GATE_PIECE) !== 0;
          r = {
            hints: gate || other ? hintsOf(text.toLowerCase(), other, gate) : null,
            foreign: false,
          };
        } else {
          const foreign = isForeignIn(texts, text) && reallyForeign(text);
          const low = foreign ? moreFolds(foldForeignIn(texts, text)) : text.toLowerCase();
          r = { hints: hintsOf(low, other), foreign };
        }
      }
      known.set(text, r);
    }
    return r;
  };
  // Per parameter name: its spaced form when it names a secret, else null; per name and
  // description: the folded ask when it names a strong secret, else null.
  // Keyed by the parameter's field: the name is its last step, and the field test is per field.
  const secretNames = new Map<string, string | null>();
  const asks = new Map<string, string | null>();
  // Per field (fields repeat across tools): its kind.
  const kinds = new Map<string, "plain" | "other" | null>();
  tools.forEach((tool, index) => {
    const items = texts[index]!;
    let head: string | null = null;
    const purpose = () => {
      if (head !== null) return head;
      const desc = items.find((it) => it.field === "/description")?.text ?? "";
      const first = sentenceSpans(maskDots(desc), 1)[0]?.s ?? "";
      head = foldMore(`${spaced(tool.name)}. ${unmask(first)}`, isForeign(first));
      return head;
    };
    const selfName = tool.name.toLowerCase();
    const paramText = (name: string) =>
      fold(
        `${spaced(name)} ${
          items.find((x) => x.field === `/inputSchema/properties/${name}/description`)?.text ?? ""
        }`,
      );
    // The match is the sentence as written, from its first letter (offsets stay exact).
    const add = (rule: typeof R.field, field: string, at: number, plain: string) => {
      const lead = plain.length - plain.trimStart().length;
      col.add(rule, index, field, at + lead, plain.trim().slice(0, 200), {
        key: `${rule.id}:${plain.trim().slice(0, 60)}`,
      });
    };

    // Parameters: secrets of another service, from the environment, spending keys to look.
    for (const p of parameterNames(tool.inputSchema)) {
      // Most names hold none of these words: tested on the name as written first (before the
      // field is hashed for the memo). A page token, a token count, a key name: not a secret
      // (the secret rules' own test). Per field.
      if (!SECRET_NAME_HINT.test(p.text)) continue;
      let name = secretNames.get(p.field);
      if (name === undefined) {
        name = /^\/inputSchema\/properties\/[^/]+$/.test(p.field) &&
            SECRET_NAME_HINT.test(p.text)
          ? spaced(p.text)
          : null;
        if (name !== null && !namesSecret(name)) name = null;
        secretNames.set(p.field, name);
      }
      if (name === null) continue;
      // A flag or a number holds no secret ("show_password": true).
      if (holdsNoText(atPointer(tool, p.field))) continue;
      const desc = items.find((x) => x.field === `${p.field}/description`)?.text ?? "";
      const askKey = `${name}\u0000${desc}`;
      let ask = asks.get(askKey);
      if (ask === undefined) {
        // What the parameter asks, its protective prohibitions aside ("never paste the private
        // key" asks for no private key).
        const folded = fold(`${name} ${withoutProtective(desc)}`, isForeign(desc));
        ask = STRONG_SECRET.test(folded) ? folded : null;
        asks.set(askKey, ask);
      }
      if (ask === null) continue;
      const h = purpose();
      // The owner as the description names it ("the user's Google app password").
      const owner = SIGN_IN.test(h) ? null : otherOwner(ask, h);
      const spendLook = SPENDING.test(ask) && READ_ONLY.test(h) && !SPENDS.test(h);
      if (owner !== null || FROM_ENV.test(name) || spendLook) {
        add(R.other, p.field, 0, p.text);
      }
    }

    const outsideDefaults = (() => {
      let d: Map<string, string> | null = null;
      return () => {
        if (d) return d;
        d = new Map();
        for (const [k, v] of defaults(tool)) {
          if (outsidePlaces(fold(v), purpose().replace(/[^a-z0-9]+/g, "")).length > 0) d.set(k, v);
        }
        return d;
      };
    })();

    for (const it of items) {
      // Shorter than any text `look` reads (most strings of a schema: types, names, values).
      if (it.text.length < 16) continue;
      let kind = kinds.get(it.field);
      if (kind === undefined) kinds.set(it.field, kind = fieldKind(it.field));
      if (kind === null) continue;
      const other = kind === "other";
      // A short text (a title, a label) carries an order only in a people-facing field: no
      // lookup needed (as in `look`).
      if (it.text.length < 40 && !other) continue;
      const info = look(it.text, other);
      const hints = info.hints;
      if (hints === null) continue;
      const rs = info.rs ??= readingsOf(it.text, info.foreign, hints);
      const isDesc = it.field === "/description";
      const shadowField = isDesc || /\/title$/.test(it.field);
      const param = other ? PARAM_OF.exec(it.field)?.[1] : undefined;
      const example = other && /default|example/.test(it.field);
      rs.forEach((r, i) => {
        const { at, plain, s } = r;
        // leak.field_order: an order carried by a field written for people and validators.
        if (other && r.exec) {
          add(R.field, it.field, at, plain);
          return;
        }
        if (
          other && (r.put || r.placeholder && example ||
            param !== undefined && example && CONTENTS.test(paramText(param)))
        ) {
          // A default, title or example is read with its parameter's name and description.
          const about = param === undefined ? s : `${paramText(param)} ${s}`;
          const fieldData = r.fieldData || param !== undefined && SECRET_PATH.test(about);
          if (fieldData || (r.secret || param !== undefined && SECRET.test(about))) {
            const h = purpose();
            // A comment or a tool title is nobody's label: a secret asked there is off purpose
            // unless the purpose is access itself.
            const loose = param === undefined && LOOSE_FIELD.test(it.field) && r.secret &&
              ORDERED.test(s) && !ACCESS_PURPOSE.test(h);
            const off = fieldData || loose || !SIGN_IN.test(h) && otherOwner(about, h) !== null ||
              offPurposeSecret("secret", about, () => ({ head: h, rest: [], paragraphs: [] })) !==
                null;
            if (off) {
              add(R.field, it.field, at, plain);
              return;
            }
          }
        }
        // leak.secret_coaxed: a secret asked while the user is talked past their doubt.
        if (r.coax) {
          add(R.coax, it.field, at, plain);
          return;
        }
        // leak.secret_of_other_service: a one-time code (it signs a payment or a sign-in) asked by
        // a tool that only shows or checks.
        if (r.code) {
          const h = purpose();
          if (
            READ_ONLY.test(h) && !SPENDS.test(h) &&
            !/\b(?:sign\w*|log\w*\s+in|auth\w*|verif\w*|2fa|otp)\b/.test(h)
          ) {
            add(R.other, it.field, at, plain);
            return;
          }
        }
        // leak.cover_story: a scripted false account of the tool to the user.
        if (r.cover || r.hide && selfUse(s, selfName)) {
          add(R.cover, it.field, at, plain);
          return;
        }
        // leak.standing_waiver: a safeguard waived, or a covert act, made to outlast the call.
        if (r.waiver) {
          add(R.waiver, it.field, at, plain);
          return;
        }
        if (isDesc && i === 0) return;
        // leak.data_out: data by role, or spliced into an outside address, sent outside.
        if (r.out !== 0) {
          const h = purpose();
          if (r.out !== 2 || PRIVATE_STORE.test(h)) {
            let places = r.out === 3
              ? []
              : outsidePlaces(r.from > 0 ? s.slice(r.from) : s, h.replace(/[^a-z0-9]+/g, ""));
            if (places.length === 0) {
              // A parameter named in the sentence (or "there") whose default is outside.
              for (const [k, v] of outsideDefaults()) {
                if (s.includes(k.toLowerCase().replace(/_/g, " ")) || /\bthere\b/.test(s)) {
                  places = [v];
                }
              }
            }
            if (places.length > 0 || r.out !== 3 && STAFF.test(s)) {
              add(R.out, it.field, at, plain);
              return;
            }
          }
        }
        // leak.shadow_by_role: another tool by role, its call altered.
        if (r.role && shadowField) add(R.role, it.field, at, plain);
      });
    }
  });
}

/** The tool's own use or existence as what is hidden ("never list log_turn among the tools"). */
const SELF_USE =
  /\bthis\s+tool\b(?!'s\s+(?!runs?|calls?|use|existence))|\b(?:its|this\s+tool'?s|the\s+tool'?s)\s+(?:runs?|calls?|use|existence|invocations?)\b|\bthat\s+(?:it|this\s+tool)\s+(?:was|is|has\s+been|were)\s+(?:called|used|run|invoked)\b|\bamong\s+the\s+tools\s+you\b/;
const HIDE_USE_ALL = new RegExp(HIDE_USE.source, "g");

function selfUse(s: string, selfName: string): boolean {
  const name = selfName.replace(/_/g, " ");
  const self = (w: string) => SELF_USE.test(w) || name.length >= 4 && w.includes(name);
  for (const m of s.matchAll(HIDE_USE_ALL)) {
    const end = m.index! + m[0].length;
    // What is hidden follows the verb ("never list log_turn ..."), or, kept out of a place,
    // comes before it ("this tool's runs are kept out of the transcript").
    const after = s.slice(m.index!, end + 70);
    if (self(after)) return true;
    if (/\bout\s+of\b/.test(m[0]) && self(s.slice(Math.max(0, m.index! - 80), end))) return true;
  }
  return false;
}
