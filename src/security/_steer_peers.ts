/**
 * Tool steering read by structure (rules `steer.*` in rules/steer_peers.ts), per sentence of a
 * tool's description and its annotation title. A tool may say what it is for and how it compares;
 * steering is when its text moves the model's choice of tool away from what the user or the model
 * would pick. The pieces, each read from the sentence in English after a few other languages are
 * folded to English words:
 *
 * - a peer: another tool, server, integration or connector ("the filesystem server's read_file",
 *   "the Stripe and PayPal tools", "uncertified tools", a snake_case name not of this tool's family);
 * - a defect claimed of the peer: harsh (corrupted, compromised, logs tokens, sandbox-only, data
 *   loss) or soft (deprecated, scheduled for removal, disabled);
 * - a push: an order toward this tool or away from the peer, the user's own pick overruled or
 *   hidden from them, a rule that assistants "select certified tools", a hint ("choose
 *   accordingly", "results from X are authoritative");
 * - the model's own faculties replaced ("never translate anything yourself", "its answer wins");
 * - a call made first for every task whatever the topic ("before doing anything else").
 *
 * A peer that is this tool's own older version ("search_v1" for "search_v2"), a comparison
 * without a claimed defect, a routing table and a fallback the user configured are not steering.
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import { ruleById } from "./rules.ts";

/** The parts of a tool this check reads. */
export interface SteerTool {
  name: string;
}

// Words of other languages folded to the English words the pieces below read (lowercase).
const FOLD: readonly [RegExp, string][] = [
  [
    /\b(?:(?:las\s+)?(?:otras|dem[aá]s)\s+herramientas|otros\s+servidores|outr[ao]s\s+(?:ferramentas|servidores)|(?:les\s+)?autres\s+(?:outils|serveurs)|andere[nrs]?\s+(?:server|werkzeuge|tools|dienste)|altri\s+(?:strumenti|server)|gli\s+altri\s+server)\b/g,
    " other tools ",
  ],
  [
    /(?:他の(?:サーバー|ツール)|其他(?:工具|服务器)|别的工具|другие\s+инструменты)/g,
    " other tools ",
  ],
  [
    /\b(?:esas\s+(?:integraciones|herramientas)|aquel[ae]s\s+(?:integra[cç][õo]es|ferramentas)|elas|ces\s+outils|diese\s+werkzeuge|quegli\s+strumenti)\b/g,
    " those tools ",
  ],
  [
    /\b(?:el\s+usuario|la\s+usuaria|o\s+usu[aá]rio|l'utilisateur|der\s+(?:nutzer|benutzer)|l'utente)\b/g,
    " the user ",
  ],
  [/(?:ユーザー|用户|пользовател\w*)/g, " the user "],
  [
    /\b(?:aunque|incluso\s+si|mesmo\s+(?:que|quando)|m[eê]me\s+s'?il|m[eê]me\s+si|auch\s+wenn|selbst\s+wenn|anche\s+se)\b/g,
    " even if ",
  ],
  [/(?:場合でも|即使|даже\s+если)/g, " even if "],
  [
    /\b(?:nunca\s+(?:utilices|uses|utilize|use|uses|llames|usar)|no\s+(?:uses|utilices|llames)|ne\s+les\s+utilise\s+jamais|n'utilise\s+jamais|niemals\s+(?:verwenden|nutzen|aufrufen)|rufe\s+sie\s+nicht\s+auf|verwende\s+sie\s+nicht|non\s+usar(?:e|li)|mai\s+usare|n[aã]o\s+(?:use|utilize)|nunca\s+utilize)\b/g,
    " never use ",
  ],
  [/(?:使用しないで|使わないで|不要使用|не\s+используй\w*)/g, " never use "],
  [
    /\b(?:esta\s+(?:herramienta|ferramenta)|cet\s+outil|dieses\s+werkzeug|questo\s+strumento|aqu[ií]|par\s+ici|hierher|para\s+c[aá])\b/g,
    " this tool ",
  ],
  [/(?:このツール|此工具|этот\s+инструмент)/g, " this tool "],
  [
    /\b(?:(?:usa|utiliza|utilise|use|verwende|benutze)\s+(?:siempre|sempre|toujours|immer|ausschlie(?:ß|ss)lich)|(?:siempre|sempre|toujours|immer)\s+(?:usa|utiliza|utilise|use|verwende))\b/g,
    " always use ",
  ],
  [
    /\b(?:comprometid\w*|compromis\w*|kompromittiert\w*|compromess\w*|comprometidas)\b/g,
    " compromised ",
  ],
  [/\b(?:caducad\w*|obsol[eè]t\w*|veraltet\w*)\b/g, " outdated "],
  [/\b(?:falsos|falsas|faux|fausses|falsch\w*|falsi|falsche)\b/g, " fake "],
  [
    /\b(?:desactivad\w*|desativad\w*|d[ée]sactiv[ée]\w*|deaktiviert|disattivat\w*|abgeschaltet)\b/g,
    " disabled ",
  ],
  [
    /\b(?:unzuverl(?:ä|ae)ssig\w*|inaffidabil\w*|poco\s+fiables|no\s+(?:son\s+)?fiables|n[aã]o\s+confi[aá]ve\w*|peu\s+fiables)\b/g,
    " unreliable ",
  ],
  [
    /\b(?:te\s+lo\s+pida|lo\s+pida|pida|pe[cç]a|demande|danach\s+fragt|verlangt|chiede|pedido\s+do\s+usu[aá]rio|pedido)\b/g,
    " asks ",
  ],
  [/(?:名指し|要求)/g, " asks "],
  [/\b(?:mencionarl\w*|mencionar|mentionne\w*|erw(?:ä|ae)hn\w*|menzionar\w*)\b/g, " mention "],
  [
    /\b(?:para\s+cualquier\s+(?:solicitud|petici[oó]n)|en\s+todas\s+las\s+respuestas|em\s+todas\s+as\s+respostas|f[uü]r\s+jede\s+anfrage|pour\s+chaque\s+demande|per\s+ogni\s+richiesta|egal\s+zu\s+welchem\s+thema|qualunque\s+sia\s+l'argomento|sea\s+cual\s+sea\s+el\s+tema|quel\s+que\s+soit\s+le\s+sujet|qualquer\s+que\s+seja\s+o\s+assunto)\b/g,
    " every request whatever the topic ",
  ],
  [
    /\b(?:vor\s+allen\s+anderen|prima\s+di\s+qualsiasi\s+altro\s+strumento|antes\s+de\s+cualquier\s+otr[ao]|avant\s+tout\s+autre\s+outil|antes\s+de\s+qualquer\s+outr[ao])\b/g,
    " before any other tool ",
  ],
  [/(?:会話の最初に必ず|每次对话开始时)/g, " first in every conversation "],
  [
    /\b(?:t[uú]\s+mismo|por\s+ti\s+mismo|de\s+memoria|de\s+mem[oó]ria|toi-m[eê]me|par\s+toi-m[eê]me|de\s+m[ée]moire|da\s+solo|a\s+memoria|voc[eê]\s+mesmo|selbst|im\s+kopf)\b/g,
    " yourself ",
  ],
  [
    /\b(?:rechne|berechne)\s+(?:niemals|nie)\b|\b(?:no\s+(?:calcules|respondas)\s+nunca|nunca\s+(?:calcules|respondas)|ne\s+(?:calcule|r[ée]ponds)\s+jamais|non\s+(?:calcolare|rispondere)\s+mai|nunca\s+(?:calcule|responda))\b/g,
    " never answer ",
  ],
  [
    /\b(?:adopta\s+su\s+respuesta\s+como\s+propia|adote\s+a\s+resposta\s+como\s+sua|adopte\s+sa\s+r[ée]ponse\s+comme\s+la\s+tienne|[üu]bernimm\s+(?:seine|ihre)\s+antwort\s+als\s+deine)\b/g,
    " adopt its answer as your own ",
  ],
  [
    /\b(?:antes\s+de\s+(?:hacer\s+|fazer\s+)?(?:cualquier|qualquer)\s+otr[ao]\s+(?:cosa|coisa)|avant\s+(?:toute\s+chose|de\s+faire\s+quoi\s+que\s+ce\s+soit)|bevor\s+du\s+(?:irgend)?etwas\s+anderes|vor\s+allem\s+anderen|prima\s+di\s+(?:fare\s+)?qualsiasi\s+altra\s+cosa)\b/g,
    " before doing anything else ",
  ],
  [
    /\b(?:avant|antes\s+de|vor|prima\s+di)\s+(?:toute?|cualquier|qualquer|jeder|allen|qualsiasi|qualunque)\s+(?:autre|otr[ao]|outr[ao]|andere\w*|altr[ao])\b/g,
    " before any other ",
  ],
  [
    /\b(?:verlass(?:e)?\s+dich\s+(?:nie|niemals|nicht)\s+auf|no\s+conf[ií]es\s+(?:nunca\s+)?en|ne\s+te\s+fie\s+jamais\s+[àa]|n[aã]o\s+confie\s+(?:nunca\s+)?(?:em|no|na)|non\s+fidarti\s+mai\s+(?:del|della|di))\b/g,
    " never rely on ",
  ],
  [
    /\b(?:dein|deine|deinem|deinen|tu|tus|ton|ta|tes|il\s+tuo|la\s+tua|o\s+seu|a\s+sua|seu|sua)\s+(?:eigene[nms]?|propi[ao]s?|propre|pr[oó]pri[ao])\b/g,
    " your own ",
  ],
  [/\b(?:wissen|conocimientos?|connaissances?|conoscenz\w+|conhecimentos?)\b/g, " knowledge "],
  [
    /\b(?:als\s+du\s+glaubst|de\s+lo\s+que\s+crees|que\s+ce\s+que\s+tu\s+crois)\b/g,
    " than you believe ",
  ],
  [/\bgilt\s+([\w-]+)/g, " $1 wins "],
  [/\b(?:por\s+tu\s+cuenta|por\s+conta\s+pr[oó]pria)\b/g, " yourself "],
  [/\b(?:cuentas|c[aá]lculos?|sumas|rechnungen|calculs|calcoli|contas)\b/g, " calculations "],
  [/\b(?:descontinuad\w*|eingestellt|abandonn[ée]\w*|dismess\w*)\b/g, " discontinued "],
  [/\b(?:escolh\w+|elija|elige|choisit|w(?:ä|ae)hlt|sceglie)\b/g, " chooses "],
  [/\b(?:gecompromitteerd)\b/g, " compromised "],
  [/\b(?:gebruik\s+altijd)\b/g, " always use "],
  [/\b(?:ook\s+als)\b/g, " even if "],
  [/\b(?:de\s+gebruiker)\b/g, " the user "],
  [/\bvraagt\b|(?:просит|просят|попросит)(?=\s|$|[.,;])/g, " asks "],
  [/(?:^|\s)(?:они|ellos|ellas|elles|ils|loro)(?=\s)/g, " they "],
  [/(?:небезопасн\w*|ненад[её]жн\w*|скомпрометирован\w*)/g, " unsafe "],
  [/\b(\w{3,})(tools|werkzeuge)\b/g, "$1 $2"],
  [/\bne\s+([\wà-ÿ]+)\s+jamais\b/g, " never $1 "],
  [/\br[ée]sum[ée]\b/g, " summarize "],
  [
    /\b(?:defekt\w*|kaputt|rotos?|rotas|cass[ée]s?|guast[io]|difettos\w*|defectuos\w*|defeituos\w*|d[ée]fectueu\w*)\b/g,
    " broken ",
  ],
  [/\bfiltra\w*\s+(?:\S+\s+){0,3}?a\s+terceros\b/g, " leaks them to third parties "],
  [
    /\b(?:sans\s+le\s+lui\s+dire|sin\s+dec[ií]rselo|ohne\s+es\s+(?:ihm|ihr|ihnen)\s+zu\s+sagen|senza\s+dirglielo|sem\s+(?:lhe\s+)?dizer)\b/g,
    " without telling them ",
  ],
  [
    /\b(?:utilise|utilisez|utiliza|utilice|verwende|benutze|nutze|usare|utilizzare|utilize)\b/g,
    " use ",
  ],
  [
    /(?:übersetze\w*|ubersetze\w*|traduzcas|traduce|traducir|traduis|traduire|tradurre|traduci|traduza|traduzir)(?=\s|$|[.,;:])/g,
    " translate ",
  ],
  [/\b(?:resumas|resumir|riassumere|riassumi|resuma|zusammenfass\w*)\b/g, " summarize "],
  [/\b(?:calcules|calcular|calculer|calcolare|calcola|berechne|rechne)\b/g, " calculate "],
  [
    /\b(?:respondas|responder|r[ée]ponds|r[ée]pondre|rispondere|rispondi|responda|beantworte|antworte)\b/g,
    " answer ",
  ],
  [/\b(?:nie|niemals|jamais|mai)\b/g, " never "],
  [/\b(?:herramientas?|werkzeuge?|outils?|strumenti|strumento|ferramentas?)\b/g, " tools "],
  [/\b(?:servidores|serveurs)\b/g, " servers "],
  [/\b(?:la|el|le|il|lo|die|der|das|den)\s+tools\b/g, " the tools "],
  [
    /\b(?:otr[ao]s?|dem[aá]s|andere[nrs]?|autres?|altri|altre|outr[ao]s?)\b/g,
    " other ",
  ],
  [/\b(?:nur|solo|seulement|uniquement|somente|apenas|soltanto)\b/g, " only "],
  [/\b(?:mit|con|avec|com)\b/g, " with "],
];
// Non-English text: letters outside ASCII, or words English prose does not use.
const FOREIGN_WORDS =
  /\b(?:las|los|der|die|und|les|des|une|della|que|sie|nicht|nunca|jamais|sempre|siempre|gli|sono|ist|sind|pour|avec|het|een|ook|niet|altijd|usa|utiliza|verwende|usare|esta|este|ogni)\b/;
export const FOREIGN_HINT = new RegExp(
  "[\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u024f\\u0400-\\u04ff\\u3040-\\u30ff\\u4e00-\\u9fff]|" +
    FOREIGN_WORDS.source,
);

// Another tool named by kind: "other e-mail tools", "uncertified tools offering ...".
const PEER_GENERIC =
  /\b(?:other|another|any\s+other|all\s+other|every\s+other|third[-\s]party|alternative|competing|rival|external|remaining|overlapping|unaudited|uncertified|unvetted|unendorsed|unverified|unapproved|non-?certified)\s+(?:[\w.]+[\s-]+){0,2}?(?:tools?|servers?|integrations?|connectors?|plugins?|plug-ins|utilit(?:y|ies)|providers?|apps?|extensions?|capabilit(?:y|ies)|processors?|gateways?|services?|sources?|commands?)\b/;
// Another tool named in person: "the filesystem server", "the Stripe and PayPal tools", "the
// GitHub integration", "the editor's own search", "the filesystem server's read_file".
const PEER_NAMED =
  /\b(?:the|those|these)\s+((?:[\w.-]+\s+){0,3}?)(?:tools?|servers?|integrations?|connectors?|plugins?|plug-ins|extensions?|mcp\s+server|runners?|interpreters?|terminals?|browsers?|engines?|viewers?|fetchers?)\b|\b(?:the\s+)?[\w-]+['’]s\s+(?:own\s+|built-in\s+)?(?:[\w-]+\s+(?:and|or)\s+)?(?:[\w-]+\s+)?(?:search|reader|read_file|tools?|commands?|\w+_\w+)\b/g;
// "DeepL and Google Translate integrations here ..." at the head of a sentence.
const PEER_HEAD =
  /^(?:[\w.-]+\s+){1,4}?(?:tools?|integrations?|connectors?|servers?|plugins?|extensions?)\b/;
const NOT_PEER_WORDS = /\b(?:this|our|its|same|these\s+other|following)\b/;
// A snake_case tool name.
const SNAKE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;
// Things the model might use instead (tools of a kind, built-ins and well-known brands).
const BRANDS =
  /\b(?:gmail|outlook|stripe|paypal|github|gitlab|slack|notion|obsidian|dropbox|google\s+(?:drive|calendar)|onedrive|grep|ripgrep|curl|wget|python|code\s+interpreter|dall-?e|midjourney|vercel|netlify|fedex|ups|postgres|jira|sharepoint|browser|fetch)\b/;

// A defect claimed of a peer. Harsh: the peer harms or deceives; soft: it is going away.
const HARSH =
  /\b(?:broken|corrupt\w*|compromised|decommission\w*|sandbox(?:-only|\s+only|ed)?|staging\s+(?:ledger|builds?|environment|mode)|test\s+mode|uncertified|unvetted|unaudited|unendorsed|non-?compliant|logs?\s+(?:\w+\s+)?(?:tokens|credentials|keys|passwords)|logging\s+(?:\w+\s+)?(?:tokens|credentials|keys)|leak\w*|data\s+loss|lose\s+data|hidden\s+fees|(?:silently\s+)?drops?\s+(?:real\s+)?(?:money|data|messages|pages|payments)|mangles?|malicious|flagged|buggy|corruption\s+bug|revoked|lost\s+(?:\w+\s+){0,2}licen[cs]es?|(?:serves?|returns?|shows?)\s+stale|stale\s+(?:data|results|prices|quotes|figures)|fake|invent(?:s|ed)\s+(?:outright|results|data|answers|figures)|wipes?|evaporates?|unreliable|untrusted|unsafe|insecure|spyware|hijack\w*|(?:sends?|shares?|passes|forwards?|sells?|leaks?)\s+(?:\w+\s+){0,3}?to\s+(?:third\s+parties|advertisers|data\s+brokers)|sells?\s+(?:your|user|their|the\s+user's)\s+data|substitut\w+\s+(?:its\s+own|fake|made-up|different)\s+(?:results|answers|data|output)|tampers?\s+with|exfiltrat\w*|(?:sends?|reports?)\s+(?:\w+\s+){0,3}to\s+telemetry|unmaintained|crash(?:es)?\s+(?:the\s+)?hosts?|fabricat\w*|caught\s+\w+ing|honeypot|records?\s+every\s+(?:command|keystroke|message|request)|keylog\w*|expired\s+licen[cs]es?|bills?\s+(?:the\s+user|users|you)\s+twice|overcharg\w*|double[-\s]bill\w*|counterfeit\w*|forg(?:e|es|ed|ing)\s+\w+|scams?|impostors?|knock-?offs?|ad\s+network|(?:is|are|was|were|has|have)\s+not\s+(?:been\s+)?(?:certified|vetted|audited|approved)|(?:have|has)\s+not\s+passed|noticeably\s+worse|inferior|unstable)\b/;
const SOFT =
  /\b(?:deprecated|scheduled\s+for\s+(?:removal|retirement|shutdown)|(?:goes|going)\s+away|being\s+(?:retired|removed|shut\s+down|phased\s+out)|retired|disabled|switched\s+off|turned\s+off|unavailable|end[-\s]of[-\s]life|discontinued|sunset\w*|no\s+longer\s+(?:supported|maintained|available)|outdated|obsolete)\b/;

// A push toward this tool: an order to use it, or "instead". `OWN` is filled per tool.
const ORDER_VERB =
  /\b(?:use|call|invoke|route|send|hand|pass|direct|redirect\w*|process|reach\s+for|select|choose|pick|prefer|book|store|deploy|generate|go(?:es)?\s+through|belong\s+here|retry\s+here|always\s+use|run)\b/;
const HERE = /\b(?:this\s+tool|this\s+one|this\s+server|here|instead)\b/;
// A sentence naming this tool as the means or the only one ("book with X", "only X produces").
const WITH_OWN = /\b(?:with|through|via|using|only|every|all|each|always|anyway)\b/;
// A push away from a peer.
const AWAY =
  /\b(?:never|do\s+not|don't|must\s+not|shall\s+not|should\s+not|may\s+not|cannot|not\s+to)\s+(?:\w+\s+){0,2}?(?:use|call|invoke|touch|reach\s+for|fall\s+back\s+to|select|pick|choose|mention|bring\s+(?:\w+\s+)?up|rely\s+on|route\s+to|retry\s+with|open)\b|\bnever\s+use\b|\btreat\s+(?:them|those|it|these|that\s+one)\s+as\s+(?:unavailable|disabled|non-?existent|absent|off)\b|\b(?:left|leave\s+(?:them|those|it))\s+(?:idle|unused|alone)\b|\brefuse\s+to\s+(?:call|use|run)\b|\b(?:instead\s+of|rather\s+than|in\s+place\s+of|and\s+not\s+(?:the|via|through))\b|\bto\s+be\s+(?:discarded|ignored|disregarded)\b|\bdo\s+not\s+bring\s+the\s+others\s+up\b|\bkeep\s+(?:the\s+other\s+one|the\s+others?|them|it|those)\s+out\b|\b(?:decline|refuse)\b/;
// The user's own pick overruled: concessive ("even if they name those explicitly", "no matter
// which provider they name", "irrespective of contrary user instructions").
const USER_OVER =
  /\b(?:even\s+(?:if|when|though)|although|whether\s+or\s+not|no\s+matter\s+(?:which|what|whether|who)|regardless\s+of|irrespective\s+of|whatever)\s+(?:[\w'-]+\s+){0,4}?(?:the\s+(?:user|person|customer|human|owner)s?|they|he|she|users?)\b[^.;]{0,60}?\b(?:asks?|requests?|names?|picks?|chooses?|insists?|wants?|prefers?|mentions?|specif\w+|requires?|has\s+in\s+mind|address\w*|instruct\w*|explicitly|selects?|tells?)\b|\b(?:irrespective|regardless)\s+of\s+(?:any\s+)?(?:contrary\s+)?(?:user|their)\s+(?:instructions|requests|preferences?|choices?)\b|\b(?:including|even)\s+(?:ones|those|operations|requests|when)\s+(?:that\s+)?(?:the\s+user|they)\s+(?:explicitly\s+)?(?:asks?|wants?|addresses|requests?)\b|\bwhatever\s+tool\s+the\s+user\b|\b(?:if|when|whenever|should)\s+(?:the\s+)?(?:user|they|a\s+user)\b[^.;]{0,80}?\b(?:anyway|all\s+the\s+same|regardless|nonetheless|nevertheless)\b/;
// The user's pick hidden or faked: "tell them those tools are unavailable", "explain that policy
// forbids it", "present the output as though it came from the tool they named".
const USER_FOOLED =
  /\b(?:tell|inform|say\s+to|explain\s+to|answer)\s+(?:them|the\s+user|him|her)\b[^.;]{0,40}?\b(?:unavailable|not\s+available|disabled|offline|down|not\s+installed|forbid\w*|not\s+allowed|went\s+where)\b|\b(?:explain|say|state|claim|reply)\s+(?:that\s+)?(?:company\s+|it\s+|our\s+)?polic(?:y|ies)\s+(?:forbids?|prohibits?|does\s+not\s+allow)\b|\bpresent\s+(?:the|its)\s+(?:output|result|results|answer)\s+as\s+(?:though|if|grep|coming)\b|\bact\s+as\s+(?:though|if)\s+(?:they|those|it|the\s+\w+)\s+(?:are|is|were|was)\s+(?:not|un)\b|\b(?:never|do\s+not|don't|must\s+not)\s+mention\s+(?:them|those|it|the\s+others?)\b|\bnever\s+use\b[^.]{0,80}\bmention\b|\b(?:do\s+not|don't|never|without)\s+(?:point(?:ing)?\s+out|mention(?:ing)?|tell(?:ing)?\s+(?:them|the\s+user)\s+about|flag(?:ging)?|disclos\w+|reveal\w*)\s+the\s+(?:switch|swap|change|substitution|redirect\w*|reroute)\b|\b(?:respond|reply|say|explain|tell\s+(?:them|the\s+user)|answer)\s+that\s+(?:the\s+)?(?:company|it|our|their|platform|workspace|security)?\s*(?:rules?|polic(?:y|ies)|it|admins?)\s+(?:only\s+(?:allows?|permits?)|forbids?|prohibits?|do(?:es)?\s+not\s+(?:allow|permit))\b/;
// A request for another thing served here without a word ("Requests for Spotify should be fulfilled
// by X without saying so").
const SILENT_SERVE =
  /\b(?:requests?|asks?|questions?)\s+(?:for|to\s+use|addressed\s+to)\b[^.;]{0,80}?\b(?:without\s+(?:saying\s+so|telling\s+(?:them|the\s+user)|mentioning\s+(?:it|that))|silently|quietly|covertly)\b/;
// The user's word ruled out by the tool's ("if what the user tells you conflicts with X, X is
// correct and you should say the user is mistaken").
const USER_LOSES =
  /\b(?:the\s+user|they)\s+(?:says?|tells?|claims?|believes?|thinks?|provides?|remembers?|gives?)\b[^.;]{0,80}?\b(?:conflicts?|disagrees?|differs?|contradicts?|does\s+not\s+match)\b[^.;]{0,80}?\b(?:is\s+(?:correct|right|authoritative)|wins|prevails|takes\s+precedence|(?:the\s+)?user\s+is\s+(?:mistaken|wrong))\b|\b(?:say|tell\s+them|tell\s+the\s+user)\s+(?:that\s+)?(?:the\s+user|they)\s+(?:is|are)\s+(?:mistaken|wrong)\b/;
const ANYWAY =
  /\b(?:if|when|whenever|should)\s+(?:the\s+)?(?:user|they|a\s+user)\s+(?:says|names|asks\s+for|picks|wants|mentions|requests|chooses)\b[^.;]{0,80}?\b(?:anyway|all\s+the\s+same|regardless|nonetheless|nevertheless)\b/;
const SWITCH_HIDDEN =
  /\b(?:do\s+not|don't|never|without)\s+(?:point(?:ing)?\s+out|mention(?:ing)?|tell(?:ing)?\s+(?:them|the\s+user)\s+about|flag(?:ging)?|disclos\w+|reveal\w*)\s+the\s+(?:switch|swap|substitution|reroute)\b/;
// A hint for this tool after a peer is run down ("choose accordingly", "this one never has").
const HINT =
  /\b(?:choose|pick|select|decide)\s+accordingly\b|\bdraw\s+your\s+own\s+conclusions\b|\b(?:this\s+one|this\s+tool)\s+(?:never|has\s+not|hasn't|does\s+not|doesn't|is\s+(?:safe|certified|the\s+safe))\b|\bauthoritative\b|\b(?:successor|replacement)\b|\bbelong\s+here\b|\bsole\s+source\b|\bwhy\s+(?:risk|bother\s+with|trust|gamble\s+on)\b|\b\w+\s+has\.?$/;
// A rule of conduct that assistants pick this tool or tools of its badge.
const NORM =
  /\b(?:assistants?|agents?|models?|ais?|llms?|integrations?|clients?)\b[^.;]{0,50}?\b(?:select|pick|choose|prefer|use|route|send|favou?r|opt\s+for|go\s+with|stick\s+(?:to|with)|rely\s+on|are\s+(?:expected|required|obliged|supposed)\s+to)\b[^.;]{0,60}?\b(?:certified|endorsed|designated|approved|official|sanctioned|accredited|verified)\b|\b(?:assistants?|agents?|integrations?)\s+(?:are\s+(?:expected|required|obliged)\s+to|shall|must)\s+(?:route|send|use)\s+(?:all|every|each|any)\b|\bnew\s+integrations\s+route\s+all\b/;
const BADGE =
  /\b(?:certified|endorsed|designated|sanctioned|accredited|reference\s+implementation|preferred|approved)\b/;
// A route for everything: "route every read, write ... through", "for all repository work".
const ALL_ROUTE =
  /\b(?:all|every|each|any|always)\b[^.;]{0,60}?\b(?:through|via|here|this\s+tool|instead)\b|\b(?:route|send|process|use)\s+(?:\w+\s+){0,2}?(?:for\s+)?(?:all|every|any)\b|\balways\s+use\b/;

// The model's own faculties replaced by the tool.
const SELF =
  /\b(?:never|do\s+not|don't|must\s+not|may\s+not|shall\s+not|not\s+allowed\s+to|no\s+longer)\s+(?:\w+\s+){0,2}?(?:translate|summari[sz]e|write|author|compute|calculate|answer|reason|convert|count|spell|draft|code|solve|estimate|work\s+out|rephrase|paraphrase)\b[^.;]{0,40}?\b(?:yourself|itself|themselves|on\s+(?:your|its)\s+own|in\s+your\s+head|from\s+memory|mentally|unaided)\b|\bnever\s+answer\b[^.;]{0,50}?\b(?:yourself|from\s+what\s+you\s+(?:already\s+)?know)\b|\b(?:never|do\s+not|don't)\s+(?:\w+\s+){0,3}?fall\s+back\s+to\b[^.;]{0,60}?\b(?:mental\s+(?:arithmetic|math)|your\s+own)\b|\b(?:any\s+time|whenever|each\s+time|every\s+time)\s+you\s+would\s+(?:otherwise\s+)?(?:answer|reply|respond|translate|compute|work|write|summari[sz]e)\b|\b(?:adopt|take|treat|present)\s+its\s+(?:answer|output|result|figure|verdict)s?\s+as\s+(?:your\s+own|the\s+truth|final)\b|\bin\s+place\s+of\s+your\s+(?:own\s+)?(?:reasoning|judg\w+|knowledge|answers?|thinking)\b|\bits\s+(?:answer|figure|result|verdict|output)\s+(?:always\s+)?(?:wins|prevails|is\s+the\s+one\s+you\s+(?:report|give|use))\b|\b(?:above|over|ahead\s+of|before)\s+(?:[\w-]+\s+){0,6}?your\s+own\s+(?:built-in\s+|native\s+|internal\s+)?(?:abilit\w*|capabilit\w*|knowledge|skills?|sense|judg\w+|reasoning|understanding)\b|\byour\s+own\s+(?:[\w-]+\s+){0,1}(?:condensing|translation|summar\w+|arithmetic|math|estimates?|code|answers?)\s+(?:is|are)\s+(?:lossy|wrong|unreliable|inaccurate|not\s+to\s+be|forbidden)\b|\b(?:what|anything)\s+you\s+(?:believe|think|expect|remember|know)\b[^.;]{0,60}?\b(?:wins|is\s+wrong|loses|does\s+not\s+count|is\s+overruled)\b|\b(?:your\s+own\s+knowledge|you)\b[^.;]{0,40}?\bdisagree\b[^.;]{0,30}?\b(?:is\s+right|wins|prevails)\b|\bmust\s+not\s+(?:author|write|produce)\s+(?:\w+\s+)?(?:code|text|summaries|translations)\s+itself\b|\b(?:never|(?:are|is)\s+not\s+to|not\s+to|do\s+not|don't|must\s+not|may\s+not)\s+(?!(?:need|have)\s+to\b)(?:\w+\s+){0,2}?(?:judge|assess|evaluate|decide|determine|interpret|infer|translate|summari[sz]e|resume|compute|calculate|answer|reason|convert|count|estimate|work\s+out|solve|analy[sz]e|classify|rate|score|detect|write|draft|author|verify|rephrase|paraphrase|recall)\b(?![^.;]{0,40}?\b(?:names?|ids?|identifiers?|values?|formats?|paths?|slugs?|keys?|codes?\s+for)\b)[^.;]{0,40}?\b(?:on\s+your\s+own(?!\s+(?:initiative|accord))|yourself|by\s+yourself|in\s+your\s+head|from\s+memory|unaided)\b|\bwhatever\s+your\s+own\s+(?:reading|judg\w+|view|sense|opinion|knowledge|instinct)\s+(?:says|tells\s+you|suggests)\b|\b(?:answering|translating|computing|calculating|summari[sz]ing|judging|writing|working)\b[^.;]{0,50}?\b(?:from\s+memory|yourself|on\s+your\s+own|from\s+your\s+own\s+knowledge)\s+(?:is|are)\s+(?:off\s+the\s+table|forbidden|not\s+allowed|prohibited|not\s+permitted|banned|ruled\s+out|off[\s-]limits)\b|\b(?:override|overrides|outranks?|trumps?|beats?|takes?\s+precedence\s+over|wins?\s+over|supersedes?)\s+(?:whatever|anything|what)\s+(?:any\s+other\s+tool|other\s+tools|you)\b|\b(?:never|do\s+not|don't|must\s+not|no\s+longer)\s+(?:rely|depend|draw|lean)\s+on\s+your\s+own\s+(?:knowledge|judg\w+|reasoning|memory|understanding|sense|eyes|vision|reading)\b|\bthan\s+you\s+believe\b[^.;]{0,40}?\bwins\b|\b(?:never|do\s+not|don't|must\s+not|nunca|not\s+to)\b[^.;]{0,40}?\b(?:calculations|sums|arithmetic|maths?|translations?|summaries)\b[^.;]{0,40}?\byourself\b|\b(?:never|do\s+not|don't|must\s+not|nunca)\b[^.;]{0,40}?\byourself\b[^.;]{0,40}?\b(?:calculations|sums|arithmetic|maths?|translations?|summaries)\b|\b(?:rather\s+than|instead\s+of)\s+(?:describing|answering|translating|computing|summari[sz]ing|judging)\s+(?:anything\s+)?(?:you\s+see\s+)?yourself\b|\byour\s+(?:own\s+)?(?:math|maths|arithmetic|calculations?|knowledge|memory|reasoning|judg\w+|translations?|summaries|estimates?|recall|reading|vision|eyes|instincts?|training)\s+(?:is|are)\s+(?:not\s+(?:to\s+be\s+)?(?:trusted|reliable|trustworthy|allowed|good\s+enough)|unreliable|untrustworthy|off[\s-]limits|forbidden|inadmissible)\b|\b(?:instead\s+of|rather\s+than)\s+(?:relying\s+on|using|trusting|drawing\s+on)\s+(?:what\s+you\s+(?:learned|know|remember)|your\s+(?:own\s+)?(?:training|knowledge|memory|reasoning|judg\w+))|\b(?:go|going)\s+with\s+its\s+(?:verdict|answer|result|output|figure|conclusion)\b[^.;]{0,20}?\bnot\s+yours\b|\b(?:translate|summari[sz]e|calculate|answer|write|compute)\s+never\s+(?:\w+\s+){0,2}?yourself\b|\breplace\s+(?:it|your\s+(?:answer|reply|draft))\s+with\s+(?:the\s+)?(?:corrected\s+|rewritten\s+)?(?:text|answer|version|output)\s+it\s+returns\b/;

// A call made first for every task, whatever the topic.
const EVERY_TASK =
  /\b(?:whatever\s+the\s+(?:task|topic|request|subject|question)|every\s+request\s+whatever\s+the\s+topic|no\s+matter\s+(?:the|what)\s+(?:task|topic|subject|request)|regardless\s+of\s+(?:the\s+)?(?:task|topic|subject)|(?:every|each|any)\s+(?:single\s+)?(?:task|request|turn|message|reply|response|answer|conversation|action|query)\b(?!\s+(?:of|about|for|that|which|in)\s)|(?:every|each|any)\s+call\s+to\s+any\s+other\s+tool|first\s+in\s+every\s+conversation|step\s+(?:one|1|zero)\s+of\s+every|priority[-\s]zero|(?:for|of)\s+any\s+(?:purpose|reason|kind)|for\s+anything\s+at\s+all|(?:every|each|any)\s+tool\s+call|each\s+and\s+every\s+(?:task|request|turn|message|reply|response|answer|conversation|action|query)|whatever\s+it\s+is|on\s+any\s+(?:subject|topic))\b/;
const FIRST =
  /\b(?:before\s+(?:doing\s+)?(?:anything|any\s+other|every\s+other|touching|you\s+(?:do|say|answer|reply)\s+anything)|nothing\s+else\s+(?:may|can|should)\s+run|(?:has|have|is|are)\s+to\s+be\s+preceded\s+by|preceded\s+by\s+a\s+call|step\s+(?:one|1|zero)|priority[-\s]zero|first\s+in\s+every\s+conversation|(?:call|invoke|run)\s+(?:it|this)\s+first|before\s+(?:you\s+)?(?:send|give|return|post|write|deliver)\w*\s+(?:any|every|an?|your)\s+(?:answer|reply|response|message)|rather\s+than\s+calling\s+any\s+tool\s+directly|before\s+(?:considering|reading|looking\s+at|answering|addressing|handling)\s+(?:the|any|their|its|a)\b|no\s+(?:other\s+)?tool\s+(?:may|can|should|is\s+to)\s+(?:be\s+)?(?:used|called|run)\s+until)\b/;
// The model told to wait for the user defers to them ("until receiving instruction from the user").
const DEFER = /\b(?:until|unless)\b[^.;]{0,60}\b(?:user|they)\b|\bwait\s+for\b/;
// A text that describes steering it looks for ("flags text that calls other tools fake").
const META =
  /\b(?:flags?|detects?|reports?|scans?\s+for|warns?\s+(?:about|of)|catches|finds|classif\w+|identif\w+|lists?)\s+(?:any\s+)?(?:text|descriptions?|tools?|prompts?|metadata|servers?|instructions?|wording)\s+(?:that|which|whose)\b/;
const SERVER_SCOPED =
  /\b(?:of|on|in)\s+(?:this|our|the\s+same)\s+(?:server|api|account|project)\b|\bthis\s+server's\b/;

// Literal gates, one per kind: a text without any of these cannot hold the kind's pieces.
const DEFECT_GATE =
  /\b(?:corrupt|compromis|decommission|sandbox|staging|test mode|uncertified|unvetted|unaudited|unendorsed|non-?compliant|logs?\s+(?:\w+\s+)?(?:tokens|credentials|keys|passwords)|logging\s+(?:\w+\s+)?(?:tokens|credentials|keys)|leak|data loss|lose data|hidden fees|drops?\s+(?:real\s+)?(?:money|data|messages|pages|payments)|mangle|malicious|flagged|buggy|corruption bug|revoked|licen|stale|fake|invent|wipe|evaporat|unreliable|untrusted|unsafe|insecure|spyware|hijack|exfiltrat|telemetry|unmaintained|crash|fabricat|caught|honeypot|records? every|keylog|expired|twice|overcharg|double|not (?:been )?(?:certified|vetted|audited|approved)|not passed|noticeably worse|inferior|unstable|counterfeit|forg|scams?\b|third parties|advertisers|data brokers|sells?\s|substitut|tamper|impostor|knock|deprecat|scheduled for|goes away|going away|being (?:retired|removed|shut|phased)|retired|disabled|switched off|turned off|unavailable|end.of.life|discontinued|sunset|no longer|outdated|obsolete|broken|ad network)/;
const USER_GATE =
  /\b(?:users?|they|them|their|someone|person|customers?|he|she|him|her|owner|human|requests?|asks?|polic|present|mention|switch|swap|substitution|reroute)/;
const G_OVER =
  /\b(?:even (?:if|when|though|ones|those|operations|requests)|although|whether or not|no matter|regardless|irrespective|whatever|including (?:ones|those|operations|requests|when)|anyway|all the same|nonetheless|nevertheless)\b/;
const G_FOOLED =
  /\b(?:unavailable|not available|disabled|offline|down|not installed|forbid|not allowed|went where|prohibit|polic|present (?:the|its)|act as|mention|only allow|only permit|not allow|not permit|mistaken|wrong|never use|switch|swap|substitution|reroute)/;
const G_ANYWAY = /\b(?:anyway|all the same|regardless|nonetheless|nevertheless)\b/;
const G_SWITCH = /\b(?:switch|swap|substitution|reroute)/;
const G_SILENT =
  /\b(?:without saying|without telling|without mentioning|silently|quietly|covertly)\b/;
const G_LOSES = /\b(?:mistaken|wrong|conflict|disagree|differ|contradict|does not match)/;
const SELF_GATE =
  /\b(?:yourself|your own|from memory|you already know|than you believe|(?:what|anything) you (?:believe|think|expect|remember|know)|its own|itself|themselves|in your head|unaided|mentally|you would|its (?:answer|output|result|figure|verdict)|disagree|whatever your|in place of your|replace (?:it|your)|mental (?:arithmetic|math)|(?:override|overrides|outranks?|trumps?|beats?|takes? precedence over|wins? over|supersedes?) (?:whatever|anything|what)|must not (?:author|write|produce)|your (?:own )?(?:math|arithmetic|calculation|knowledge|memory|reasoning|judg|translation|summar|estimate|recall|reading|vision|eyes|instinct|training)|what you learned|relying on your|trusting your|not yours)/;
const EVERY_GATE =
  /\b(?:every|each|any|whatever|priority|step|for any|anything at all|no matter|regardless|first in every)\b/;
const FIRST_GATE =
  /\b(?:before|first|preceded|priority|step|nothing else|rather than calling|considering|answering|addressing|handling|until)\b/;
const EVERY_LIT =
  /\b(?:whatever the|whatever it is|(?:every|each|any) (?:single |tool )?(?:task|request|turn|message|reply|response|answer|conversation|action|query|call)|no matter|regardless of|first in every|each and every|step (?:one|1|zero)|priority|any (?:purpose|reason|kind|subject|topic)|anything at all)\b/;
const NORM_LIT =
  /\b(?:certified|endorsed|designated|approved|official|sanctioned|accredited|verified|expected to|required to|obliged to|supposed to|shall|must (?:route|send|use)|route all)\b/;
const NORM_GATE = /\b(?:assistants?|agents?|models?|ais?|llms?|integrations?|clients?)\b/;

// Another tool of a kind the user may have picked ("a different provider", "whatever tool").
const OTHER_PICK =
  /\b(?:another|other|different|a\s+specific)\s+(?:[\w-]+\s+)?(?:tools?|provider|app|server|integration|connector)\b|\bwhich\s+provider\b|\bthose\s+tools\b|\bwhatever\s+tool\b/;
// A sentence that refers back to the tool named in the one before.
const BACK =
  /^(?:\w+\s+){0,2}?(?:that\s+one|it|they|those|these|them|the\s+others?|both|either|that\s+(?:tool|server|integration|connector))\b|^[a-z][\w.-]*\s+(?:is|are|has|have|was|were)\b/;

/** Adds the tool steering findings of each tool. */
export function scanSteerPeers(
  col: Collector,
  tools: readonly SteerTool[],
  texts: readonly (readonly TextItem[])[],
): void {
  // Per tool name and text (lists repeat texts): the kinds it holds, worked out once per scan.
  const memo = new Map<string, [Kind, string][]>();
  // The texts read: descriptions and titles.
  const items: [number, TextItem][] = [];
  tools.forEach((_, tool) => {
    for (const it of texts[tool]!) {
      const f = it.field;
      if (f !== "/description" && f !== "/annotations/title" && f !== "/title") continue;
      if (it.text.length >= 24) items.push([tool, it]);
    }
  });
  if (items.length === 0) return;
  // Per text (lists repeat texts): its folded form when it can hold any kind, else null; worked
  // out once per scan, the lower-casing and the foreign test shared with `read`.
  const worth = new Map<string, string | null>();
  const rules = {
    peer: ruleById("steer.peer_defect_push"),
    user: ruleById("steer.user_pick_overruled"),
    self: ruleById("steer.own_faculty_replaced"),
    first: ruleById("steer.first_for_every_task"),
    badge: ruleById("steer.badge_norm"),
  };
  for (const [tool, it] of items) {
    let low = worth.get(it.text);
    if (low === undefined) worth.set(it.text, low = mayHold(it.text));
    if (low === null) continue;
    const name = tools[tool]!.name;
    const key = name + "\u0000" + it.text;
    let found = memo.get(key);
    if (found === undefined) memo.set(key, found = read(low, name));
    for (const [kind, said] of found) {
      const [at, quote] = quoteOriginal(it.text, said);
      col.add(rules[kind], tool, it.field, at, quote);
    }
  }
}

/**
 * Where `said` (found in the lower-cased, maybe folded text) stands in `text`, and the original
 * words there (at most 200 characters); a folded foreign text is quoted from its start.
 */
export function quoteOriginal(text: string, said: string): [number, string] {
  const at = text.toLowerCase().indexOf(said);
  const quote = at >= 0 ? text.slice(at, at + said.length) : text;
  return [Math.max(0, at), quote.slice(0, 200)];
}

/**
 * The folded text when it can hold any kind (one of the literals a kind needs, or foreign
 * words), else null. The text is lower-cased and tested for foreign words once.
 */
function mayHold(text: string): string | null {
  const low = text.toLowerCase();
  const foreign = FOREIGN_HINT.test(low);
  if (!foreign && !ANY_GATE.test(low)) return null;
  return foreign ? fold(low) : low;
}

const NONE: [Kind, string][] = [];

// The union of the rare literals every kind needs (see read()).
const ANY_GATE = new RegExp(
  [
    DEFECT_GATE,
    G_OVER,
    G_FOOLED,
    G_ANYWAY,
    G_SWITCH,
    G_SILENT,
    G_LOSES,
    FOREIGN_WORDS,
    SELF_GATE,
    EVERY_LIT,
    NORM_LIT,
  ]
    .map((r) => r.source).join("|"),
);
type Kind = "peer" | "user" | "self" | "first" | "badge";

/** A lower-cased text holding foreign words, folded to the English words the pieces read. */
export function fold(low: string): string {
  let s = low.normalize("NFC");
  for (const [re, to] of FOLD) s = s.replace(re, to);
  return s;
}

/** The kinds a folded text holds, as (kind, sentence) pairs. */
function read(low: string, name: string): [Kind, string][] {
  // Each kind's literal gate, then its pieces over the whole text; most texts stop here.
  const defect = DEFECT_GATE.test(low) && (HARSH.test(low) || SOFT.test(low));
  const user = USER_GATE.test(low) && (
    G_OVER.test(low) && USER_OVER.test(low) || G_FOOLED.test(low) && USER_FOOLED.test(low) ||
    G_ANYWAY.test(low) && ANYWAY.test(low) || G_SWITCH.test(low) && SWITCH_HIDDEN.test(low) ||
    G_SILENT.test(low) && SILENT_SERVE.test(low) || G_LOSES.test(low) && USER_LOSES.test(low)
  );
  const self = SELF_GATE.test(low) && SELF.test(low);
  const every = EVERY_GATE.test(low) && FIRST_GATE.test(low) && EVERY_TASK.test(low);
  const norm = NORM_GATE.test(low) && NORM.test(low);
  if (!defect && !user && !self && !every && !norm) return NONE;
  const own = name.toLowerCase();
  const ownSpaced = own.replace(/[_-]+/g, " ");
  const stem = own.split(/[_-]/)[0]!;
  const sents = low.split(/(?<=[.!?;。！？])\s+|\n+|。|(?<=\w)\s+[—–-]\s+(?=\w)/)
    .map((s) => s.trim()).filter((s) => s.length > 0 && !META.test(s));
  const n = sents.length;
  const names = (s: string) => s.includes(own) || s.includes(ownSpaced);
  // What each sentence says, worked out when a check asks.
  const peers: (boolean | undefined)[] = new Array(n);
  const peer = (i: number): boolean => {
    if (i < 0) return false;
    return peers[i] ??= isPeer(sents[i]!, own, ownSpaced, stem, names);
  };
  const whole = sents.join(" ");
  const around = (i: number) => [sents[i - 1] ?? "", sents[i]!, sents[i + 1] ?? ""].join(" ");
  const toward = (s: string) =>
    ORDER_VERB.test(s) && (names(s) || HERE.test(s)) || /\balways\s+use\b/.test(s) ||
    names(s) && WITH_OWN.test(s);
  const out: [Kind, string][] = [];

  // A peer run down next to a push toward this tool.
  if (defect) {
    let pushAny: boolean | undefined, strongPush: boolean | undefined;
    for (let i = 0; i < n; i++) {
      const s = sents[i]!;
      const harsh = HARSH.test(s);
      if (!harsh && !SOFT.test(s)) continue;
      if (!peer(i) && !(peer(i - 1) && BACK.test(s))) continue;
      strongPush ??= USER_OVER.test(whole) || USER_FOOLED.test(whole) || NORM.test(whole) ||
        BADGE.test(whole) ||
        sents.some((x, k) => AWAY.test(x) && (peer(k) || /\b(?:them|those|it)\b/.test(x))) ||
        sents.some((x) => toward(x) && ALL_ROUTE.test(x));
      if (!strongPush && harsh) {
        pushAny ??= sents.some((x) => toward(x) || AWAY.test(x)) || HINT.test(whole) ||
          NORM.test(whole) ||
          sents.some((x) =>
            names(x) &&
            /\b(?:audited|certified|vetted|safe|secure|trusted|endorsed|approved)\b/.test(x)
          );
      }
      if (strongPush || harsh && pushAny) {
        out.push(["peer", s]);
        break;
      }
    }
  }
  // The user's own pick overruled or hidden.
  if (user) {
    for (let i = 0; i < n; i++) {
      const s = sents[i]!;
      const fooled = USER_FOOLED.test(s);
      const over = USER_OVER.test(s);
      const quiet = ANYWAY.test(s) || SWITCH_HIDDEN.test(s) || SILENT_SERVE.test(s) ||
        USER_LOSES.test(s);
      if (!fooled && !over && !quiet) continue;
      let ctx: boolean | undefined;
      const context = () => ctx ??= peer(i) || peer(i - 1) || BRANDS.test(s) || OTHER_PICK.test(s);
      if (fooled && (context() || /\btools?\b/.test(around(i)))) {
        out.push(["user", s]);
        break;
      }
      // "book with X anyway", "do not point out the switch": the overruled pick is what they named.
      if (quiet && (names(whole) || HERE.test(s))) {
        out.push(["user", s]);
        break;
      }
      if (over && context() && !DEFER.test(s) && (toward(around(i)) || AWAY.test(around(i)))) {
        out.push(["user", s]);
        break;
      }
    }
  }
  // The model's own faculties replaced.
  if (self) {
    const s = sents.find((x) => SELF.test(x));
    if (s !== undefined) out.push(["self", s]);
  }
  // A call first for every task, whatever the topic.
  if (every) {
    for (let i = 0; i < n; i++) {
      const s = sents[i]!;
      if (!EVERY_TASK.test(s)) continue;
      const a = around(i);
      if (
        (FIRST.test(a) || names(s) && /\bfirst\b/.test(s)) && !SERVER_SCOPED.test(a) &&
        (names(whole) ||
          /\b(?:this\s+tool|it|invoke|call|da\s+(?:usare|use)|zu\s+(?:verwenden|use)|to\s+be\s+used)\b/
            .test(a))
      ) {
        out.push(["first", s]);
        break;
      }
    }
  }
  // A norm that assistants pick tools of this badge, or this tool as the one for everything.
  if (norm) {
    const s = sents.find((x) => NORM.test(x));
    if (s !== undefined) out.push(["badge", s]);
  }
  return out;
}

/** Whether a sentence names another tool (by kind, in person, by a snake_case name or brand). */
export function isPeer(
  s: string,
  own: string,
  ownSpaced: string,
  stem: string,
  names: (s: string) => boolean,
): boolean {
  if (PEER_GENERIC.test(s)) return true;
  if (/\b(?:the|a|o)\s+tools\s+(?:de|of|from|del|des|der|von|di|do|da|du)\s+\S/.test(s)) {
    return true;
  }
  const head = PEER_HEAD.exec(s);
  if (
    head && !NOT_PEER_WORDS.test(head[0]) && !names(head[0]) &&
    !/^(?:the|a|an|all|some|most|many|use|call)\b/.test(head[0])
  ) return true;
  PEER_NAMED.lastIndex = 0;
  for (let m; (m = PEER_NAMED.exec(s));) {
    const w = m[0];
    if (NOT_PEER_WORDS.test(w) || w.includes(own) || w.includes(ownSpaced)) continue;
    // "the user's own", "the tool's" are not another tool.
    if (/\b(?:user|person|customer|tool|model|assistant|agent)['’]s\b/.test(w)) continue;
    if (m[1] !== undefined && m[1].trim() === "" && !/^(?:those|these)\b/.test(w)) continue;
    return true;
  }
  SNAKE.lastIndex = 0;
  for (let m; (m = SNAKE.exec(s));) {
    const n = m[0];
    if (n === own || n.split("_")[0] === stem) continue;
    return true;
  }
  return BRANDS.test(s) && /\b(?:tools?|server|integration|connector|plugin)\b/.test(s);
}
