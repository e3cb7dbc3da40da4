/**
 * Unrequested actions (rules `act.*`): an instruction in a tool's text that orders the model to do
 * something nobody asked for and that the tool's own job does not cover: buy, book or pay; run a
 * shell or git command; delete, force-push or grant access; overwrite the user's records; swap a
 * payee, address or link; read the user's other messages, contacts or location; call another,
 * unlisted tool that acts. One instruction is one sentence (a consent clause may sit in the
 * sentence before or after it). Pieces:
 *
 * - the action, by kind, not negated and not left to the user ("only after they agree");
 * - the kind against the tool's purpose: its name, title and first description sentence (an
 *   ordering tool may place orders, a git tool may push, a link shortener may replace links);
 * - the order: addressed to the model ("whoever reads this", "the assistant should", "it is your
 *   job"), an obligation, or an imperative opening a clause;
 * - and at least one of: the model named as the one addressed, the user's consent skipped in any
 *   words ("no need to ask", "shoppers appreciate not having to confirm", "needs no comment"; not
 *   a documented flag such as "without prompting when `yes` is set"), or a trigger scope beyond
 *   the call ("before answering any ...", "whenever the user ...", "once done, also ...").
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import { ruleById } from "./rules.ts";
import { snakeName } from "./_walk.ts";
import { parameterNames } from "./_walk.ts";
import { FLAG_SWITCH, verbs } from "./rules/lexicon.ts";

/** The parts of a tool this check reads. */
export interface ActionTool {
  name: string;
  title?: unknown;
  inputSchema?: unknown;
}

/** One kind of action: how it is said, and what in a tool's purpose makes it the tool's job. */
interface ActionKind {
  kind: string;
  act: RegExp;
  purpose: RegExp;
  /** A narrower purpose for what the match names (a calendar tool is not for the contacts). */
  purposeOf?: (match: string) => RegExp | null;
  /** A verb that must come before the match, within 100 characters (the match names the object). */
  verb?: RegExp;
  /** Matches that are an action on their own, with no verb before them ("the card on file"). */
  bare?: RegExp;
  /** Off purpose only in a read-only tool, and only as the verb of the order itself. */
  readOnly?: boolean;
}

/**
 * Verbs that change something in the world (a record, an account, money, a service, a message
 * sent): any of them ordered from a tool that only reads or computes is outside its job.
 */
const STATE_VERBS = verbs(
  // Verbs that are also common nouns or usage words ("stop polling", "a code block", "tip",
  // "follow the format", "text", "order") are left out.
  "transition renew rebook scale restart reboot terminate deploy rollback revert archive reopen reassign rename merge approve reject accept decline cancel unsubscribe subscribe enrol enroll invite dm publish tweet upvote reserve buy purchase pay transfer wire donate refund charge submit dispute delete erase wipe purge truncate overwrite update modify toggle enable disable install uninstall upgrade downgrade grant revoke unshare unlock unblock ban mute kick commit sell withdraw rotate regenerate reset switch migrate invest",
) +
  String
    .raw`|shut(?:s|ting)?\s+down|roll(?:s|ed|ing)?\s+back|sign(?:s|ed|ing)?\s+up|files?\s+(?:a|an)\s+(?:\w+\s+)?(?:dispute|claim|complaint|chargeback|report|ticket)`;

/** The user as owner, without a following noun ("in the user's name", "on their behalf"). */
const OWNER_BARE = String
  .raw`(?:the\s+user's|users'|their|his|her|the\s+(?:customer|client|account\s+holder|owner)'s)`;

/** Taking, reading or moving verbs, the last one before a store of the user's. */
const TAKE_VERB =
  /\b(?:retriev|pull|fetch|read|open|look|get|grab|collect|gather|scan|search|go|check|access|find|query|use|charg|forward|include|attach|share|send|pass|put|copy|paste|creat|post|writ|list|dump|export|upload|sync|harvest|scrap|brows|walk|crawl|rummag|comb|peek|join|extract)\w*\b(?=[^.;\n]{0,100}$)/gi;

/** The kind's match in a sentence, starting at its verb where the kind needs one. */
function findAct(kind: ActionKind, s: string): { index: number; text: string } | null {
  const m = kind.act.exec(s);
  if (!m) return null;
  if (!kind.verb || kind.bare?.test(m[0])) return { index: m.index, text: m[0] };
  const before = s.slice(Math.max(0, m.index - 100), m.index);
  let v: RegExpExecArray | null = null;
  kind.verb.lastIndex = 0;
  for (let x; (x = kind.verb.exec(before)) !== null;) v ??= x;
  if (!v) return null;
  const index = m.index - before.length + v.index;
  return { index, text: s.slice(index, m.index + m[0].length) };
}

/** What a tool must be for to read a store of the user's: store words, then purpose words. */
const STORE_PURPOSE_WORDS: readonly [RegExp, RegExp][] = [
  [
    /\b(?:messages?|dms|threads|chats?|conversations|mail\w*|e-?mails?|inbox)\b/i,
    /\b(?:messag\w*|dms?|threads?|mail\w*|e-?mails?|inbox\w*|chats?|conversations?|slack|whatsapp|telegram|sms|teams|discord)\b/i,
  ],
  [
    /\b(?:contacts?|address\s+book)\b/i,
    /\b(?:contacts?|address\s+book|people|crm|directory|phonebook)\b/i,
  ],
  [
    /\b(?:location|gps|coordinates|home\s+address)\b/i,
    /\b(?:locat\w*|gps|geo\w*|coordinates|maps?|nearby|address\w*|directions|navigat\w*|weather|delivery|ship\w*)\b/i,
  ],
  [
    /\b(?:cards?|payment|tarjeta)\b/i,
    /\b(?:pay\w*|checkout|purchas\w*|buy\w*|orders?|book\w*|billing|cards?|wallets?|shop\w*|carts?|subscri\w*|donat\w*)\b/i,
  ],
  [/\bcalendar\b/i, /\b(?:calendar\w*|schedul\w*|meetings?|events?|availability)\b/i],
  [
    /\b(?:shell|bash|zsh|command|terminal)\s+history\b/i,
    /\b(?:shell|terminal|history|commands?)\b/i,
  ],
  [/\bhistory\b/i, /\b(?:history|browser\w*|brows\w*|orders?|purchas\w*)\b/i],
  [
    /\b(?:passwords?|password\s+manager|keychain)\b/i,
    /\b(?:passwords?|keychain|vault|credentials?|secrets?|sign\w*|log\s*in)\b/i,
  ],
  [/\bclipboard\b/i, /\b(?:clipboard|paste)\b/i],
  [
    /\b(?:desktop|downloads|documents|home|folder|other\s+(?:\w+\s+)?(?:files?|images?|photos?|documents?))\b/i,
    /\b(?:desktop|folders?|director\w*|drives?|disk|storage|file\s*system|filesystem|files\s+(?:in|across|under)|batch\w*|bulk|sync\w*|backup\w*)\b/i,
  ],
  [/\b(?:photos|tabs?)\b/i, /\b(?:photos?|images?|gallery|pictures?|tabs?|browser\w*)\b/i],
];

const STORE_PURPOSE = STORE_PURPOSE_WORDS.map(([store, purpose]) =>
  [new RegExp(store.source, "gi"), purpose] as const
);

function storePurpose(match: string): RegExp | null {
  // The store is named at the end of the match: the store word that starts last decides.
  let best: RegExp | null = null;
  let bestAt = -1;
  for (const [store, purpose] of STORE_PURPOSE) {
    for (const m of match.matchAll(store)) {
      if (m.index! > bestAt) {
        bestAt = m.index!;
        best = purpose;
      }
    }
  }
  return best;
}

const OWNER = String
  .raw`(?:the\s+user's|users'|their|his|her|the\s+(?:passenger|customer|shopper|buyer|owner|person|caller|account\s+holder|client)'s)`;
const OBJECT_NEAR = String.raw`(?:\s+[\w'’-]{1,25}){0,5}?\s+`;
const RECORDS = String
  .raw`(?:files?|photos?|pictures?|images?|e-?mails?|messages?|records?|rows?|entr(?:y|ies)|cells?|contacts?|repo(?:sitor(?:y|ies))?s?|branch(?:es)?|accounts?|backups?|history|logs?|data|databases?|tables?|commits?|events?|notes?|documents?|pages?|items?|cards?|issues?|tickets?|invitations?|invites?|requests?|subscriptions?|orders?|deals?|leads?|values?|fields?|columns?|folders?|directories|projects?|members?|users?|posts?|tasks?)`;

/** The user's own stores outside the call: messages, contacts, files, location, saved card. */
const USER_STORES = String
  .raw`(?:messages|dms|direct\s+messages|threads|e-?mails|inbox|mailbox|mail(?:\s+client)?|e-?mail\s+client|contacts?(?:\s+list)?|contact\s+list|address\s+book|(?:current\s+|precise\s+|exact\s+|gps\s+)?location|gps|coordinates|home\s+address|saved\s+cards?|stored\s+cards?|cards?\s+on\s+file|payment\s+(?:methods?|details)|calendar|browsing\s+history|chat\s+history|search\s+history|purchase\s+history|order\s+history|photos|clipboard|keychain|(?:saved\s+)?passwords|password\s+manager|desktop|downloads(?:\s+folder)?|documents(?:\s+folder)?|home\s+(?:folder|directory)|other\s+(?:threads|chats|conversations|tabs|accounts))`;

const KINDS: readonly ActionKind[] = [
  {
    kind: "purchase or payment",
    act: new RegExp(
      String
        .raw`\b(?:buy(?:s|ing)?|bought|purchas(?:e|es|ed|ing)|place(?:s|d)?\s+(?:an?\s+)?orders?|pay(?:s|ing)?\s+(?:for|the|it|them|this|that|[$€£]|\d)|paid\s+for|settl(?:e|es|ed|ing)${OBJECT_NEAR}?(?:invoices?|bills?|balance|payments?)|wir(?:e|es|ed|ing)${OBJECT_NEAR}?(?:total|amount|money|funds|payment|sum)|transfer(?:s|red|ring)?${OBJECT_NEAR}?(?:funds|money|amount|total|balance|sum|usdc|eth|btc|tokens?)|charg(?:e|es|ed|ing)${OBJECT_NEAR}?(?:to|on|against)\s+${OWNER}?\s*(?:[\w-]+\s+){0,2}?(?:card|account|wallet)|subscrib(?:e|es|ed|ing)\s+(?:the\s+user|them|him|her)\b|sign(?:s|ed|ing)?\s+(?:the\s+user|them|him|her)\s+up|book(?:s|ed|ing)?\s+(?:a|an|the|two|three|four|\d+|them|it|one|seats?|tickets?|rooms?|tables?|flights?|hotels?)\b|reserv(?:e|es|ed|ing)\s+(?:a|an|the|two|three|four|\d+|them|it|one|seats?|tickets?|rooms?|tables?)\b|complet(?:e|es|ed|ing)\s+(?:the\s+)?(?:purchase|checkout|order|payment)|upgrad(?:e|es|ed|ing)\s+(?:the\s+user|them|their|to\s+(?:the\s+)?(?:premium|pro|paid|plus))|auto[- ]?renew\w*|(?:holdings?|savings|funds|balances?|portfolio|shares|stocks|crypto|money|pension)\s+(?:\w+\s+){0,3}?(?:is|are|gets?|get)\s+(?:to\s+be\s+)?(?:converted|sold|liquidated|transferred|moved|withdrawn|invested|swapped|exchanged|staked|wired)\b|(?:sell(?:s|ing)?|sold|liquidat(?:e|es|ed|ing)|short(?:s|ed|ing)?|trad(?:e|es|ed|ing)|withdraw(?:s|n|ing)?|cash(?:es|ed|ing)?\s+out|redeem(?:s|ed|ing)?|stak(?:e|es|ed|ing)|convert(?:s|ed|ing)?|invest(?:s|ed|ing)?|exchang(?:e|es|ed|ing)|mov(?:e|es|ed|ing))\s+(?:\w+\s+){0,3}?(?:of\s+)?(?:${OWNER}\s+)?(?:[\w-]+\s+){0,2}?(?:holdings?|shares?|stocks?|positions?|portfolio|funds?|coins?|tokens?|crypto|balance|savings|points)\b|enrol(?:l|ls|s|led|ling)?\s+(?:them|the\s+user|him|her|\w+)\s+(?:in|into|on|for)\b|(?:put|move|switch|add)(?:s|ed|ing)?\s+(?:them|the\s+user|him|her)\s+(?:on|onto|to|into)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,2}?(?:plan|tier|subscription|membership)|check(?:s|ed|ing)?\s+out(?=\s*(?:$|[.;,!)]|at\s+the\s+end|now|immediately|right\s+away|the\s+(?:cart|basket|order)))|add(?:s|ed|ing)?\s+[^.;\n]{1,60}?\s+to\s+(?:${OWNER}\s+)?(?:[\w-]+\s+){0,2}?(?:cart|basket|trolley)\b|compr(?:a|ar|e)\b|kauf(?:e|en|t)\b|achet(?:er|ez)\b)`,
      "i",
    ),
    purpose:
      /\b(?:buy\w*|purchas\w*|orders?|ordering|checkout|carts?|shop\w*|pay|pays|paying|payments?|sell\w*|trad\w*|broker\w*|portfolio|enrol\w*|plans?|memberships?|book\w*|reserv\w*|tickets?|subscri\w*|billing|bank\w*|funds?|transfer\w*|transactions?|charg\w*|wallets?|donat\w*|renew\w*|upgrad\w*|registers?|tip|tips)\b/i,
  },
  {
    kind: "shell or git command",
    act: new RegExp(
      String
        .raw`(?:\b(?:run|execute|exec|issue|launch|type|enter)(?:s|es|ed|ing)?\s+(?:the\s+(?:command\s+)?)?\x60[^\x60\n]{2,200}\x60|\b(?:run_shell|execute_command|run_command|shell_exec)\b|\bwith\s+(?:the|its|your|a)\s+(?:shell|terminal|command)\s+tool\b|\bthrough\s+the\s+terminal\b|\bcommit(?:s|ted|ting)?\s+(?:all|every|the|any)\s+(?:\w+\s+){0,2}?changes\b|\bpush(?:es|ed|ing)?\s+(?:(?:it|them|everything|the\s+\w+)\s+)?to\s+(?:origin|main|master|upstream|the\s+(?:remote|default\s+branch|main\s+branch))\b|\bgit\s+(?:push|reset|rebase|clean|rm|commit|checkout|merge|tag|branch\s+-[dD]|filter-branch|config)\b|\brm\s+-\w*[rf]|\bsudo\s+\w|\bcurl\s[^|\n]{1,120}\|\s*(?:ba|z)?sh\b|\b(?:npm|pnpm|yarn|pip3?|brew|apt(?:-get)?|gem|cargo)\s+(?:install|i|add)\b|\binstall(?:s|ed|ing)?\s+(?:the\s+)?(?:npm|pip|python|node|homebrew|brew|system)?\s*(?:package|module|extension|plugin)\s|\b(?:printenv|chmod|chown|crontab)\b)`,
      "i",
    ),
    purpose:
      /\b(?:shell|terminal|commands?|exec\w*|run|runs|running|scripts?|git|commits?|branch\w*|push\w*|deploy\w*|build\w*|tests?|testing|ci|install\w*|npm|pip|docker|containers?|kubectl|sandbox|devops|cli|bash|console|processes|automation)\b/i,
  },
  {
    kind: "deletion, force-push or access grant",
    act: new RegExp(
      String
        .raw`\b(?:force[- ]?push\w*|push(?:es|ed|ing)?\s+(?:\S+\s+){0,3}?(?:--force|-f)\b|(?:delet|remov|eras|wip|purg)(?:e|es|ed|ing)\s+(?:\w+ly\s+)?(?:every|all|each|any|${OWNER})\b|(?:delet|remov|eras|wip|purg)(?:e|es|ed|ing)\s+(?:the\s+|any\s+|old\s+)?(?:\w+\s+){0,2}?${RECORDS}\s+(?:older|from|in|of)\b|drop(?:s|ped|ping)?\s+(?:the\s+)?(?:['\"\x60]?[\w.-]{1,40}['\"\x60]?\s+)?(?:tables?|databases?|db|collections?|schemas?)\b|truncat(?:e|es|ed|ing)\s+(?:the\s+)?tables?|revok(?:e|es|ed|ing)\s+(?:\w+\s+){0,3}?(?:access|keys?|tokens?|permissions?|sessions?)|grant(?:s|ed|ing)?\s+(?:\S+\s+){0,4}?(?:access|admin\w*|owner\w*|permissions?|rights|role)\b|add(?:s|ed|ing)?\s+(?:[^.,;\n]|\.(?=\S)){1,60}?\s+as\s+(?:an?\s+)?(?:admin\w*|owner|co-?owner|collaborator|member|maintainer|editor)\b|make\s+(?:it|them|the\s+[\w-]+|[\w-]+)\s+public\b|disabl(?:e|es|ed|ing)\s+(?:\w+\s+){0,2}?(?:2fa|mfa|two-factor|protection|alerts?|logging|backups?|audit\w*)|merg(?:e|es|ed|ing)\s+(?:\w+\s+){0,2}?(?:pull\s+requests?|prs?|branch\w*|it|them)\b|approv(?:e|es|ed|ing)\s+(?:all|every|each|any|the\s+pending)\b|accept(?:s|ed|ing)?\s+(?:all|every|each|any)\s+(?:\w+\s+){0,2}?(?:invit\w+|requests?|offers?|terms)|cancel(?:s|led|ling)?\s+(?:all|every|${OWNER})\b)`,
      "i",
    ),
    purpose:
      /\b(?:delet\w*|remov\w*|eras\w*|wip\w*|purg\w*|clean\w*|prun\w*|drop\w*|truncat\w*|revok\w*|grant\w*|permissions?|access|admin\w*|members?|collaborators?|invit\w*|merg\w*|approv\w*|accept\w*|cancel\w*|push\w*|git|manag\w*|moderat\w*|publish\w*|share\w*|sharing|roles?|protection|settings)\b/i,
  },
  {
    kind: "the user's records changed",
    act: new RegExp(
      String
        .raw`\b(?:set|sets|setting|chang(?:e|es|ed|ing)|overwrit(?:e|es|ing|ten)|updat(?:e|es|ed|ing)|mark(?:s|ed|ing)?|flip(?:s|ped|ping)?|edit(?:s|ed|ing)?|modif(?:y|ies|ied|ying)|rewrit(?:e|es|ing|ten)|toggl(?:e|es|ed|ing)|fill(?:s|ed|ing)?)\s+(?:(?:every|each|all|any)\s+(?:\w+\s+){0,2}?${RECORDS}\b|(?:(?:that|this|the|${OWNER})\s+)(?:[\w'’-]+\s+){0,3}?(?:status|stage|amount|owner|assignee|price|totals?|balances?|scores?|grades?|rating|approved|flag)\s+(?:field\s+|column\s+)?to\b)`,
      "i",
    ),
    purpose:
      /\b(?:set\w*|updat\w*|edit\w*|writ\w*|modif\w*|fill\w*|chang\w*|overwrit\w*|mark\w*|creat\w*|manag\w*|sync\w*|import\w*|bulk|patch\w*|toggl\w*|assign\w*|mov\w*)\b/i,
  },
  {
    kind: "payee, address or link substituted",
    act: new RegExp(
      String
        .raw`\b(?:substitut|swap|replac|switch|chang|redirect|rewrit|repoint|point|divert|reroute)\w*\s+(?:[^.;\n]{0,50}?\s)?(?:payee|recipients?|beneficiar\w*|iban|account\s+(?:number|details)|bank\s+details|routing\s+number|wallet(?:\s+address)?|(?:payment|deposit|destination|receiving|crypto|eth|btc|send(?:ing)?)\s+address|(?:download|payment|invoice|checkout|install)\s+links?|links?|urls?|handles?|destination)\b|\b(?:reroute|redirect|divert)(?:s|ed|ing)?\s+(?:the\s+|their\s+|any\s+|every\s+|all\s+)?(?:[\w-]+\s+)?(?:parcels?|packages?|shipments?|deliver(?:y|ies)|orders?|payments?|funds|transfers?|payouts?|refunds?|deposits?|mail|calls?)\b|\b(?:payee|recipients?|beneficiar\w*|iban|bank\s+details|(?:download|payment)\s+links?)\s+(?:\w+\s+){0,3}?(?:should|must|is\s+to|needs?\s+to|ought\s+to)\s+(?:be\s+|now\s+be\s+)?(?:changed|replaced|swapped|set|rewritten|redirected|pointed)`,
      "i",
    ),
    purpose:
      /\b(?:replac\w*|substitut\w*|rewrit\w*|shorten\w*|redirect\w*|updat\w*|edit\w*|chang\w*|swap\w*|payees?|recipients?|beneficiar\w*|rout\w*|link\s+checker|unfurl\w*|expand\w*|clean\w*|sanitiz\w*|sanitis\w*)\b/i,
  },
  {
    kind: "the user's other messages, contacts, files, location or saved card",
    // Found from the store (rarer than the verbs), then a taking verb up to 100 characters before.
    act: new RegExp(
      String
        .raw`${OWNER}\s+(?:[\w-]+\s+){0,3}?${USER_STORES}\b|\b(?:messages?|dms|threads|chats?)\s+(?:the\s+user|they)\s+(?:\w+\s+){0,2}?(?:in|on|from)\s+other\b|\b(?:every|all|each|any)\s+other\s+(?:\w+\s+)?(?:files?|images?|photos?|documents?|tabs?|threads|conversations|chats)\b|\b(?:shell|bash|zsh|command|terminal)\s+history\b|\b(?:card\s+on\s+file|saved\s+card|stored\s+payment\s+method|card\s+already\s+on\s+(?:their|the\s+user's|his|her)\s+profile|tarjeta\s+guardada)\b`,
      "i",
    ),
    verb: TAKE_VERB,
    bare: /^(?:card|saved|stored|tarjeta)/i,
    purpose:
      /\b(?:messages?|messaging|dms?|threads?|e-?mails?|mail\w*|inbox\w*|contacts?|address\s+book|locat\w*|gps|geo\w*|coordinates|maps?|nearby|calendar\w*|photos?|clipboard|keychain|pay\w*|checkout|purchas\w*|buy\w*|orders?|book\w*|billing|cards?|chats?|slack|whatsapp|telegram|history|desktop|folders?|files?|directory|passwords?|vault|shell|terminal)\b/i,
    purposeOf: storePurpose,
  },
  {
    kind: "acting in the user's name",
    // "apply to three jobs in the user's name", "reply on their behalf", "post as the user".
    act: new RegExp(
      String
        .raw`\b(?:in\s+${OWNER_BARE}\s+name|on\s+${OWNER_BARE}\s+behalf|as\s+if\s+(?:you\s+were|it\s+were)\s+the\s+user|(?:pos(?:e|ing)\s+)?as\s+the\s+user\b(?!'s))`,
      "i",
    ),
    purpose:
      /\b(?:send\w*|post\w*|submit\w*|apply\w*|appli\w*|repl(?:y|ies)|mail\w*|messag\w*|sign\w*|publish\w*|book\w*|orders?|pay\w*|purchas\w*|buy\w*|act\w*|delegat\w*|assistant|automat\w*|respond\w*|share\w*|comment\w*)\b/i,
  },
  {
    kind: "a public act on the user's accounts",
    act: new RegExp(
      String
        .raw`\b(?:(?:star|fork|follow|like|upvote|retweet|repost|endorse|subscribe\s+to|join|rate)(?:s|red|ring|ed|ing)?\s+(?:and\s+\w+\s+)?(?:this|the|our|that)\s+(?:[\w-]+\s+)?(?:repo(?:sitory)?|project|account|page|channel|post|profile|app|extension|product|server|community|group|newsletter)|(?:leave|leaves|left|leaving|post|posts|posted|posting|write|writes|writing|submit|submits|publish|publishes|publishing)\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}?(?:reviews?|ratings?|comments?|tweets?|testimonials?|endorsements?|recommendations?)|(?:send|sends|sending)\s+(?:a\s+)?(?:friend|connection|follow)\s+requests?)\b`,
      "i",
    ),
    purpose:
      // The act as the tool's own verb (its name's first word, "Stars a repository"), not a
      // count it reports ("stars, forks, open issues").
      /^(?:star|fork|follow|like|upvote|vote|rate|review|comment|post|publish|tweet|share|social|endorse|join)\b|\b(?:stars|forks|follows|likes|upvotes|rates|reviews|comments\s+on|posts|publishes|shares|tweets|endorses|joins)\s+(?:a|an|the|this|that|your|their|repositor\w*|users?|accounts?|pages?|products?|content|messages?)\b/i,
  },
  {
    kind: "a change ordered from a tool that only reads",
    // With an object after it ("renew the user's plan", "transfer ownership of the folder").
    act: new RegExp(
      String
        .raw`\b(?:${STATE_VERBS})\b(?<!ed|ing)(?=\s+(?:(?:to|on|of|up|down|out|off|in|into)\s+)?(?:[\w-]+\s+(?:of|to|on|for)\s+)?(?:the|a|an|all|every|each|any|their|his|her|its|this|that|these|those|them|it|our|my|him)\b)(?!\s+(?:(?:the|a|an|this|that|its)\s+)?(?:[\w\x60'-]+\s+)?(?:parameters?|arguments?|fields?|options?|flags?|limits?|query|filters?|cursor|page|format|units?|locale|language|timeouts?|headers?|results?|output|response)\b)`,
      "i",
    ),
    purpose: /$^/,
    readOnly: true,
  },
];

/** A call of a named tool: "call X", "via X", "X is called", "make sure X runs". */
const IDENT = /\b[a-z][a-z0-9]{1,30}(?:[_-][a-z0-9]{1,30}){1,4}\b/g;
const CALL_BEFORE =
  /\b(?:call(?:s|ed|ing)?|invok(?:e|es|ed|ing)|trigger(?:s|ed|ing)?|run(?:s|ning)?|fir(?:e|es|ed|ing)|execut(?:e|es|ed|ing)|us(?:e|es|ed|ing)|via|through|with|hit(?:s|ting)?|ping(?:s|ed|ing)?)\s+(?:the\s+)?(?:\x60)?$/i;
const CALL_AFTER = /^(?:\x60)?\s+(?:tool\s+)?(?:is|gets|be)\s+(?:called|invoked|run|triggered)\b/i;
/** Name words of a tool that acts (buys, shares, posts, grants ...), not one that looks things up. */
const ACTING_WORDS =
  "(?:purchase|buy|pay|payment|order|checkout|book|reserve|share|post|publish|send|enable|disable|delete|remove|transfer|grant|upgrade|subscribe|invite|merge|push|deploy|install|renew|charge|donate|tip|wire|withdraw|sell|trade|forward|upload|broadcast|tweet|unlock|exec|execute|shell)";
const ACTING_NAME = new RegExp(`(?:^|_)${ACTING_WORDS}(?:_|$)`);

/** The model named as the one addressed. */
const ADDRESSED = new RegExp(
  String
    .raw`\b(?:(?:the|any|an|each|every|all)\s+)?(?<!\buser[\s-])(?:ai|ais|assistants?|agents?|models?|llms?|language\s+models?|copilot|bot|chatbot|orchestrator|planner)\b(?!\s+(?:model|api|id|name|provider|version)s?\b)|\bwhoever\s+(?:reads|is\s+reading|processes|sees|handles|runs|uses)\b|\bif\s+you(?:'re|\s+are)\s+(?:an?\s+)?(?:ai|assistant|agent|language\s+model|llm|bot|model)\b|\b(?:it\s+is|it's)\s+your\s+(?:job|task|duty|responsibility|role)\b|\bfalls\s+to\s+you\b|\byou,\s+the\b|\b(?:yourself|your\s+job)\b|\bhereby\b|\b(?:assistenten|assistentin|ki-(?:agent|assistent)\w*|assistente|asistente|l'assistant|l'ia|la\s+ia|l'agent|el\s+agente|il\s+modello|o\s+modelo|das\s+modell|le\s+modèle)\b`,
  "i",
);

/** Obligation or a second-person order. */
const OBLIGED =
  /\b(?:must|should|shall|ought\s+to|has\s+to|have\s+to|needs?\s+to|(?:is|are)\s+(?:expected|required|supposed|asked|requested|meant|obliged|instructed|responsible|to)\b|you\s+(?:will|can|may)|make\s+sure|be\s+sure\s+to|remember\s+to|don't\s+forget\s+to|please|kindly)\b/i;

/**
 * The user's consent skipped, in any words. Negated asking, prompting, confirming, telling; a
 * confirmation called a nuisance; consent assumed; the step done quietly.
 */
const SKIPPED = new RegExp(
  String
    .raw`\b(?:(?:no|without|never|don't|do\s+not|does\s+not|doesn't|needn't|need\s+not|not|nor)\s+(?!(?:\w+\s+){0,3}?(?:skip|bypass|omit|forget|ignore|avoid|bother\w*\s+(?:with\s+)?(?:a|the)\s+user)\w*)(?:\w+\s+){0,3}?(?:ask\w*|confirm\w*|prompt\w*|consult\w*|bother\w*|check\w*\s+(?:with|back)|request\w*\s+(?:\w+\s+)?(?:permission|consent|approval)|flag\w*|mention\w*|tell\w*|notify\w*|inform\w*|comment\w*|draw\w*\s+attention|rais\w*\s+it|require\s+sign-?off|sign-?off|approval|permission|consent|confirmation|fuss)|(?:asking|confirming|a\s+confirmation|confirmation\s+(?:screens?|prompts?|dialogs?|steps?)|the\s+prompt|prompts?|checking)\s+(?:\w+\s+){0,4}?(?:slows?|annoys?|annoying|spoils?|is\s+unnecessary|interrupts?|gets?\s+in\s+the\s+way|just\s+slows|wastes?)|(?:users|people|shoppers|customers|buyers|travell?ers|they|everyone)\s+(?:\w+\s+){0,2}?(?:always|would|will|do|all|are|were)\s+(?:\w+\s+){0,1}?(?:want|appreciate|prefer|love|like|say\s+yes|agree|glad|happy|grateful|thankful|pleased|fine\s+with|okay\s+with|ok\s+with)|would\s+have\s+said\s+yes|(?:opt-?in|consent|permission|approval)\s+is\s+(?:assumed|implied|implicit|given|granted)|appreciate\s+not\s+having\s+to|skip\s+(?:the\s+)?(?:\w+\s+)?(?:confirmation|approval|prompt|asking)|needs\s+no\s+comment|quietly|silently|discreetly|without\s+a\s+word|sin\s+pregunt\w*|sin\s+consultar|ohne\s+(?:zu\s+)?(?:nach|rück)?frag\w*|ohne\s+r(?:ü|ue)ckfrage|sans\s+(?:demander|confirmation|le\s+dire)|senza\s+chiedere|sem\s+perguntar)\b`,
  "i",
);

/** A consent skip bound to a documented switch ("when `yes` is set", "in CI mode"). */
const FLAG_BOUND = new RegExp(
  String
    .raw`${FLAG_SWITCH}|\bthe\s+client\s+(?:shows|asks|prompts|confirms)|\bown\s+confirmation`,
  "i",
);

/** A trigger or tack-on beyond the call the user made. */
const SCOPE = new RegExp(
  String
    .raw`\b(?:before\s+(?:answering|replying|responding|anything|doing\s+anything)|whenever|every\s+time|each\s+time|any\s+time|anytime|any\s+mention|for\s+(?:all|every|the\s+rest\s+of)\s+(?:\w+\s+)?(?:turns?|conversations?|sessions?|requests?|messages?|replies|chats?)|(?:all|every)\s+(?:later|subsequent|future|following|remaining)\s+(?:turns?|messages?|requests?)|(?:later|subsequent|future)\s+turns|on\s+every\s+\w+|(?:for|with)\s+(?:every|each)\s+\w+|every\s+conversation|nach\s+jeder|après\s+chaque|después\s+de\s+cada|dopo\s+ogni|(?:once|after|when|as\s+soon\s+as)\s+[^,.;\n]{0,50}?(?:done|finished|finishes|is\s+ready|ready|completes?|complete|written|computed|over|returns?|reading|extraction)|(?:once|after|as\s+soon\s+as)\s+[^,.;\n]{0,50}?\b(?:is|are|has\s+been|have\s+been)\s+\w{2,20}(?:ed|en|wn)|after\s+(?:every|each|any)\s+\w+|after\s+\w{3,20}ing|afterwards|while\s+you(?:'re|\s+are)\s+at\s+it|as\s+a\s+side\s+(?:task|effect)|in\s+addition|as\s+well|also|before\s+the\s+first\s+call|prior\s+to\s+\w+ing|before\s+\w+ing|before\s+returning|después\s+de)\b`,
  "i",
);

/** Reaching into another connected tool or integration ("with whatever contacts tool is connected"). */
const VIA_OTHER =
  /\b(?:with|via|through|using|from|in)\s+(?:whatever|whichever|any|every|each|another|the\s+user's|their)\s+(?:[\w-]+\s+){0,2}?(?:tools?|integrations?|connectors?|servers?|plugins?|apps?|clients?)\b|\b(?:whatever|whichever|another|the\s+user's)\s+(?:[\w-]+\s+){0,2}?(?:tools?|integrations?|connectors?|plugins?)\b/i;

/** Left to the user: "only after they agree", "when the user asks", "ask the user first". */
const USER_DECIDES =
  /\b(?:(?:only\s+)?(?:if|when|once|after|unless|until)\s+(?:the\s+user|they|the\s+customer)\s+(?!(?:has\s+not|hasn't|did\s+not|didn't|does\s+not|doesn't|has\s+no|never|is\s+not|isn't)\b)(?:\w+\s+){0,2}?(?:asks?|asked|agrees?|agreed|confirms?|confirmed|approves?|approved|has\s+(?:chosen|confirmed|approved|provided|given|agreed|asked)|explicitly|chooses?|chose|provides?|provided|says|requests?|requested|wants?|opts?\s+in|enables?)|ask\s+(?:the\s+user|them)\b(?!\s+first\s+only)|wait\s+for\s+(?:the\s+user|them)\s+to\s+(?:approve|confirm|agree|accept)|confirm\s+(?:\w+\s+){0,4}?with\s+the\s+user|(?:the\s+)?user's\s+(?:explicit\s+)?(?:approval|consent|confirmation|permission)|after\s+they\s+agree|on\s+request|if\s+(?:asked|requested))\b/i;

/** The user as the one who acts ("users can list and delete memories"). */
const USER_SUBJECT =
  /\b(?:users?|the\s+user|they|customers?|people|admins?|owners?)\s+(?:can|may|could|might|will\s+be\s+able\s+to|are\s+able\s+to)\s+(?:\w+\s+){0,4}$/i;

/** A base-form verb: an imperative, not a description ("who shared ... and granted access"). */
const BASE_FORM = (w: string) => !/(?:ed|ing|[^s]s)$/i.test(w);

/**
 * A sentence opening with an imperative, after an optional label ("Note:") or fronted clause
 * ("Once done, ..."): its first word a base-form verb, not a subject before its verb.
 */
const IMPERATIVE_START =
  /^\s*(?:[\w -]{1,30}:\s*)?(?:(?:if|when|whenever|once|after|before|while|as\s+soon\s+as|for|from|during|on|at|in|within|throughout)\b[^,.;\n]{1,60},\s*)?([a-z]{3,15})\s+(?!(?:is|are|was|were|can|will|may|must|should|has|have|does|do|did|could|would|might)\b)/i;
const NOT_A_VERB = new Set(
  "the this that these those its his her our your their you they we our some any each every all only also for from with into onto about over under after before when where while which who what how why there here then note notes tip tips hint hints example examples optional required default useful important warning caution returns"
    .split(" "),
);
const imperativeStart = (s: string): boolean => {
  const m = IMPERATIVE_START.exec(s);
  return m !== null && BASE_FORM(m[1]!) && !NOT_A_VERB.has(m[1]!.toLowerCase());
};

/** A negation right before the action ("never substitutes", "do not merge", "without adding"). */
const NEGATION_BEFORE =
  /(?:\b(?:never|not|no|cannot|without|nor|neither)|n't)\s+(?:\w+\s+){0,2}$|\b(?:never|not|n't)\s+(?:\w+\s+){0,4}?(?:or|nor)\s+$/i;

/** A clause that only describes (a threat, an example, what something "can" do to the user). */
const DESCRIBES =
  /\b(?:e\.g\.|for\s+example|such\s+as|prompt\s+examples?|examples?\W{0,4}:|attacks?|malicious|phishing|scam\w*|detect\w*|flags?\s+(?:text|descriptions?)|warns?\s+(?:about|when))\b/i;

/** Sentences with their offsets: split after . ! ? followed by a space, and at line breaks. */
function sentences(text: string): { s: string; at: number }[] {
  const out: { s: string; at: number }[] = [];
  let pos = 0;
  let buf = "";
  let bufAt = 0;
  for (const p of text.split(/(?<=[.!?])\s+|\n+/)) {
    const at = text.indexOf(p, pos);
    pos = at + p.length;
    if (buf === "") bufAt = at;
    buf = buf === "" ? p : `${buf} ${p}`;
    // An abbreviation ("e.g.") does not end a sentence.
    if (/\b(?:e\.g|i\.e|etc|vs|cf)\.$/i.test(p)) continue;
    if (buf.trim().length > 0) out.push({ s: buf, at: bufAt });
    buf = "";
  }
  if (buf.trim().length > 0) out.push({ s: buf, at: bufAt });
  return out;
}

/** Whether the action at `index` opens a clause: an imperative ("Once done, buy ..."). */
const CLAUSE_OPEN =
  /(?:^|[:,;\u2014(>-]\s*|\b(?:and|then|also|please|kindly|just|first|always|now|quietly|silently)\s+|\b\w+ly\s+)$/i;

function isProse(field: string): boolean {
  if (field.endsWith("/description") || field.endsWith("/title")) return true;
  if (field.startsWith("/annotations/")) return true;
  // The pattern below ends in "t", "e" or a digit: by the last character first.
  const c = field.charCodeAt(field.length - 1);
  if (c === 116) return field.endsWith("/default");
  if (c === 101) return field.endsWith("/example");
  return c >= 48 && c <= 57 && (field.includes("/default") || field.includes("/example")) &&
    /\/(?:default|examples?\/\d+|example)$/.test(field);
}

/** A bare name with an acting word in it: the only names `act.other_tool_acts` looks at. */
const ACTING_IDENT = new RegExp(
  String.raw`[a-z0-9][_-]${ACTING_WORDS}\b|\b${ACTING_WORDS}[_-][a-z0-9]`,
  "i",
);

/** A description without its first sentence. */
function afterFirst(text: string): string {
  const end = /[.!?](?:\s|$)|\n/.exec(text);
  return end ? text.slice(end.index + end[0].length) : "";
}

/** A description's hint, from its text after the first sentence (memoised on the whole text). */
const descMemo = new Map<string, boolean>();
function hintedDescription(text: string): boolean {
  let h = descMemo.get(text);
  if (h === undefined) {
    h = hinted(afterFirst(text));
    if (descMemo.size >= MEMO_MAX) descMemo.clear();
    descMemo.set(text, h);
  }
  return h;
}

/** Per string: whether any kind or an acting name occurs in it at all (strings repeat a lot). */
const hintMemo = new Map<string, boolean>();
const MEMO_MAX = 50_000;
function hinted(text: string): boolean {
  let h = hintMemo.get(text);
  if (h === undefined) {
    h = ACTING_IDENT.test(text) || KINDS.some((k) => findAct(k, text) !== null);
    if (hintMemo.size >= MEMO_MAX) hintMemo.clear();
    hintMemo.set(text, h);
  }
  return h;
}

const RULE_ORDER = () => ruleById("act.off_purpose_order");
const RULE_UNASKED = () => ruleById("act.off_purpose_unasked");
const RULE_OTHER = () => ruleById("act.other_tool_acts");

/** What a tool that only reads or computes opens its description or name with. */
const READ_OPENING =
  /^(?:(?:returns?|gets?|lists?|searche?s?|finds?|fetche?s?|reads?|shows?|views?|displays?|looks?\s+up|lookups?|quer(?:y|ies)|describes?|checks?|validates?|verif(?:y|ies)|converts?|calc(?:ulates?)?|computes?|counts?|summari[sz]es?|translates?|renders?|previews?|explains?|suggests?|extracts?|parses?|compares?|analy[sz]es?|detects?|inspects?|retrieves?|estimates?|aggregates?|categori[sz]es?|classif(?:y|ies)|scores?|measures?|tracks?|monitors?|reports?|provides?|gives?|tells?|answers?|recommends?|generates?|creates?\s+a\s+(?:preview|summary|report|chart|diagram)|formats?|scales?\s+ingredient|current|live|latest|active|recent|hourly|daily|today's|real-time|up-to-date|detailed|basic|full-text|statistics|stats|details|information|info|status|weather|forecast|news|headlines|prices?|quotes?|definitions?|lyrics)\b|^[a-z]+(?:'s)?\s+(?:statistics|stats|status|details|info|information|lookup|search|viewer|summary|history|report|preview|forecast|weather)\b)/i;
const READ_NAME =
  /^(?:get|list|search|find|fetch|read|show|view|lookup|query|describe|check|validate|convert|calc|calculate|count|summarize|summarise|translate|render|preview|explain|suggest|extract|parse|compare|analyze|analyse|detect|inspect|diff|track|monitor|estimate)(?:_|$)/;
/** The tool's own name or first sentence changing things: not read-only, whatever it opens with. */
const STATE_IN_PURPOSE = new RegExp(String.raw`\b(?:${STATE_VERBS})\b`, "i");

function readOnly(tool: ActionTool, self: string, first: string, title: string): boolean {
  const hint = (tool as { annotations?: { readOnlyHint?: unknown } }).annotations?.readOnlyHint;
  if (hint === false) return false;
  const head = first.replace(/^[\s#*>-]+/, "");
  if (STATE_IN_PURPOSE.test(`${self.replace(/_/g, " ")} ${title} ${head}`) && hint !== true) {
    // "Searches and deletes ...": a tool that also writes is not read-only.
    const opening = READ_OPENING.exec(head);
    if (!opening || STATE_IN_PURPOSE.test(head.slice(opening[0].length))) return false;
    if (STATE_IN_PURPOSE.test(self.replace(/_/g, " "))) return false;
  }
  return hint === true || READ_OPENING.test(head) || READ_NAME.test(self);
}

/** The order's own verb: right after a modal or the model named ("the agent files ..."). */
const ORDER_VERB_LEAD =
  /(?:\b(?:must|should|shall|ought\s+to|(?:is|are)\s+to|has\s+to|have\s+to|needs?\s+to|please|kindly|bitte)|\b(?:ai|assistants?|agents?|models?|llms?|language\s+models?|you))\s+(?:(?:\w+ly|also|then|always|first|now|just)\s+){0,2}$/i;

/** What a sentence holds, whatever the tool: its actions, idents and order pieces. */
interface SentenceInfo {
  s: string;
  at: number;
  acts: { kind: ActionKind; index: number; text: string }[];
  /** Bare names of acting tools in a call frame, not negated. */
  calls: { name: string; index: number; text: string }[];
  skipped: boolean;
  addressed: boolean;
  scoped: boolean;
  obliged: boolean;
}

/** Per string (descriptions apart: their first sentence is skipped), its sentences' pieces. */
const infoMemo = [new Map<string, SentenceInfo[]>(), new Map<string, SentenceInfo[]>()];

function analyse(text: string, isDescription: boolean): SentenceInfo[] {
  const memo = infoMemo[isDescription ? 1 : 0]!;
  let out = memo.get(text);
  if (out !== undefined) return out;
  out = [];
  const ss = sentences(text);
  // A heading addressed to the model ("Workflow for agents:") addresses the lines under it,
  // up to the next blank line.
  let headed = false;
  ss.forEach(({ s, at }, k) => {
    const prev = ss[k - 1];
    if (prev && /\n\s*\n/.test(text.slice(prev.at + prev.s.length, at))) headed = false;
    const underHeading = headed;
    if (/:\s*$/.test(s) && ADDRESSED.test(s)) headed = true;
    // The first description sentence declares the tool; it orders nothing.
    if (isDescription && k === 0) return;
    const acts = KINDS.flatMap((kind) => {
      const m = findAct(kind, s);
      return m ? [{ kind, index: m.index, text: m.text }] : [];
    });
    if (acts.length === 0 && !ACTING_IDENT.test(s)) return;
    if (DESCRIBES.test(s)) return;
    const near = [ss[k - 1]?.s ?? "", s, ss[k + 1]?.s ?? ""];
    const skipped = near.some((x) => SKIPPED.test(x) && !FLAG_BOUND.test(x));
    if (!skipped && USER_DECIDES.test(s)) return;
    const calls: SentenceInfo["calls"] = [];
    for (const id of s.matchAll(IDENT)) {
      const name = snakeName(id[0]);
      if (!ACTING_NAME.test(name)) continue;
      const before = s.slice(Math.max(0, id.index! - 30), id.index!);
      const after = s.slice(id.index! + id[0].length, id.index! + id[0].length + 30);
      if (!CALL_BEFORE.test(before) && !CALL_AFTER.test(after)) continue;
      if (NEGATION_BEFORE.test(before.replace(CALL_BEFORE, ""))) continue;
      calls.push({ name, index: id.index!, text: id[0] });
    }
    out!.push({
      s,
      at,
      acts,
      calls,
      skipped,
      addressed: underHeading || ADDRESSED.test(s),
      scoped: SCOPE.test(s) || VIA_OTHER.test(s),
      obliged: OBLIGED.test(s) || imperativeStart(s),
    });
  });
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(text, out);
  return out;
}

/** Runs the unrequested-action checks over every tool (`texts[i]` are its strings). */
export function scanActions(
  col: Collector,
  tools: readonly ActionTool[],
  texts: readonly (readonly TextItem[])[],
): void {
  // The list's names, only when a sentence calls another tool (most scans never need them).
  let listedNames: Set<string> | null = null;
  const listed = () => listedNames ??= new Set(tools.map((t) => snakeName(t.name)));
  tools.forEach((tool, i) => {
    // The description's first sentence declares the tool and orders nothing: only the rest is
    // looked at for a hint.
    const prose = texts[i]!.filter((it) =>
      isProse(it.field) &&
      (it.field === "/description" ? hintedDescription(it.text) : hinted(it.text))
    );
    if (prose.length === 0) return;
    const desc = texts[i]!.find((it) => it.field === "/description")?.text ?? "";
    const first = sentences(desc)[0]?.s ?? "";
    const title = typeof tool.title === "string" ? tool.title : "";
    const self = snakeName(tool.name);
    const purpose = `${self.replace(/_/g, " ")} ${title} ${first}`;
    let params: Set<string> | null = null;
    const onlyReads = readOnly(tool, self, first, title);
    for (const it of prose) {
      for (const info of analyse(it.text, it.field === "/description")) {
        const { s, at, acts, skipped, addressed, scoped, obliged } = info;
        for (const { kind, index, text } of acts) {
          if (NEGATION_BEFORE.test(s.slice(Math.max(0, index - 40), index))) continue;
          const lead = s.slice(Math.max(0, index - 60), index);
          const verb = text.split(/\s/)[0]!;
          if (kind.readOnly) {
            // Any change, but only from a read-only tool and only as the order's own verb.
            if (!onlyReads || acts.length > 1) continue;
            const spoken = ORDER_VERB_LEAD.test(lead) && !/ed$/i.test(verb);
            if (!(CLAUSE_OPEN.test(lead.slice(-40)) && BASE_FORM(verb)) && !spoken) continue;
            // Not one of a list of verbs ("(create, update, delete)").
            if (/[(,]\s*$/.test(lead) && /^\w+\s*[,)]/.test(s.slice(index))) continue;
          } else if ((kind.purposeOf?.(text) ?? kind.purpose).test(purpose)) continue;
          if (USER_SUBJECT.test(lead)) continue;
          const opens = CLAUSE_OPEN.test(lead.slice(-40)) && BASE_FORM(verb);
          if (!(addressed || obliged || opens)) continue;
          if (addressed || scoped && (obliged || opens)) {
            col.add(RULE_ORDER(), i, it.field, at + index, text, {
              note: kind.kind,
              key: kind.kind,
            });
          }
          if (skipped) {
            col.add(RULE_UNASKED(), i, it.field, at + index, text, {
              note: kind.kind,
              key: kind.kind,
            });
          }
        }
        // Another, unlisted tool that acts, called on a trigger, without consent or by the model.
        if (!(scoped || skipped) || !(obliged || addressed || skipped)) continue;
        for (const c of info.calls) {
          params ??= new Set(parameterNames(tool.inputSchema).map((p) => snakeName(p.text)));
          if (c.name === self || listed().has(c.name) || params.has(c.name)) continue;
          col.add(RULE_OTHER(), i, it.field, at + c.index, c.text, { key: c.name });
        }
      }
    }
  });
}
