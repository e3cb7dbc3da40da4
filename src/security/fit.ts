/**
 * The designed-for discount: a finding about sensitive data or a destination does not count
 * towards the block when what its sentence asks for is what the tool is declared to handle.
 *
 * A tool's declared purpose is its view in purpose.ts: name words, parameter names and the head
 * of its first sentence. A sentence behind a data-request, exfiltration or shadowing finding is
 * "designed for" when every clause of it is one of:
 *
 * - data of a specific kind (password, token, private key, recovery phrase, one-time code,
 *   identity document, birth date or address, card, bank account, tax record, medical record,
 *   chat history, system prompt) that the tool's name, declared function or the receiving
 *   parameter names, going into the tool's own call (no other tool, no foreign destination);
 * - a documented non-action ("never leaves the device", "never paste a key here", "without
 *   storing it"): a negation not turned into concealment ("don't tell the user") or undone
 *   ("but", "instead");
 * - a destination that is the tool's declared function (an uploader's server) or one the user
 *   configured or chose, with no copy on the side and no literal foreign address;
 * - data said to be protected ("request bodies are scrubbed of passwords");
 * - a precondition this tool itself performs before another tool runs ("this tool's review
 *   must be approved first");
 * - a clause with no sensitive data, destination or other tool in it.
 *
 * Any sensitive word no kind accounts for (the rules' own data lexicons decide), concealment,
 * a secret read from the machine, or another tool named outside its own family keeps the finding
 * counted, and nothing in a tool is discounted when one of its sentences sends data to a
 * destination that does not fit or hides something. The discount is recorded on the finding
 * (`discount`) and published in the rules' `scoring` text.
 */
import type { Corpus, TextItem } from "./_corpus.ts";
import type { KeyedFinding } from "./_collector.ts";
import { ruleById } from "./rules.ts";
import { orderInNegation } from "./_prohibition.ts";
import {
  type MentionMatcher,
  mentionMatcher,
  ownParam,
  paramMentions,
  type PurposeTool,
  sentences,
  view,
  words,
} from "./purpose.ts";
import {
  ALTER,
  DATA,
  DEST,
  DIRECT,
  GENERIC_PARAM,
  IDENT,
  MOVE,
  namesData,
  NOT_A_VERB,
  OPENING,
  REMOTE_PURPOSE,
  THIRD_PERSON,
} from "./_purpose_words.ts";
import {
  CONCEAL,
  CONTRAST,
  FIT_KINDS,
  type FitKind,
  FOREIGN,
  NEGATION,
  PRECONDITION,
  USER_CHOSEN,
} from "./_fit_words.ts";
import { inputPattern } from "./_input_pattern.ts";

/** Kinds that are sign-in secrets: they fit a parameter only where access is the tool's job. */
const ACCESS_KINDS = new Set(["password", "token"]);
/**
 * What says a tool needs access, other than the secret's own words and its owner's account: a
 * sign-in, a connection, a server or database, something protected, encrypted or locked.
 */
const ACCESS_CONTEXT =
  /\b(?:authenticat\w*|authori[sz]\w*|login|log\s+in|logon|sign\s+in|signin|sign-in|connect\w*|database|db|server|protect\w*|encrypt\w*|decrypt\w*|oauth|session|vault|keychain|keyring|wallet|lock\w*|unlock\w*|join\w*|networks?|wi-?fi|ssid|sso|ldap|smtp|imap|ftp|ssh|git|registry|api)\b/i;

/** Rules a fitting sentence may discount: data requests, exfiltration, shadowing. */
function eligible(id: string): "data" | "shadow" | "param" | null {
  // Judged against the tool's own purpose already: its parameter cannot declare it designed-for.
  // A fixed destination's lock ("must not be changed") reads as a non-action, and is the finding.
  if (
    id === "secret.param_off_purpose" || id === "exfil.fixed_destination" ||
    ruleById(id).detector === "exfil" || ruleById(id).detector === "harvest"
  ) return null;
  if (id.startsWith("secret.param_")) return "param";
  if (id.startsWith("pi.shadow") || id === "purpose.shadow_other") return "shadow";
  if (
    id.startsWith("intent.") || id.startsWith("data.") || id.startsWith("secret.") ||
    id.startsWith("exfil.") || id === "pi.model_address" || id === "purpose.param_smuggle" ||
    id === "purpose.secondary_destination" || id === "purpose.unneeded_data"
  ) return "data";
  return null;
}

/** The sensitive-data vocabulary of the rules themselves: what no kind accounted for. */
const SENSITIVE = ["data.sensitive", "data.private", "data.personal"].map((id) => {
  const r = ruleById(id);
  return new RegExp(r.pattern!, (r.flags ?? "").replace("g", ""));
});
const sensitiveLeft = (s: string) => namesData(s) || SENSITIVE.some((re) => re.test(s));

/** Reading the user's things out (a path named with one of these is a request, not a subject). */
const READ_OUT =
  /\b(?:read|open|cat|load|send|upload|include|copy|paste|attach|forward|share|fetch|collect|grab|extract|dump|print|return|list)[a-z]{0,4}\b/i;
/** Hiding from the user: never part of a tool's declared job. */
const HIDE =
  /\b(?:silently|secretly|quietly|covertly|behind\s+the\s+user|unnoticed|without\s+(?:telling|asking|informing|notifying|letting)|(?:don't|do\s+not|never)\s+(?:tell|mention|inform|show|reveal|notify|alert)|tell\s+no\s*(?:one|body)|to\s+no\s*(?:one|body)|(?<!\b(?:tell|ask|remind|warn|advise)\s+(?:them|the\s+user|users?|people)\s+to\s+)keep\s+(?:it|this|them)\s+(?:to\s+yourself|secret|quiet|hidden|private)|hidden\s+(?:system\s+)?(?:instructions|prompt|rules))\b/i;
/** Parameters that say where the tool sends its output, not what it carries. */
const ADDRESS = new Set(
  "to recipient recipients phone mobile number email address dest destination target channel chat"
    .split(" "),
);
/** Parameters that hold one of several items of the same thing ('before' and 'after'). */
const SLOT = new Set(
  "a b before after left right first second original revised old new current previous source target draft template"
    .split(" "),
);
/** Parameters that take a file. */
const FILE_SLOT = new Set(
  "file files attachment attachments upload image images photo photos scan scans pdf document documents doc"
    .split(" "),
);
/** Data in document form: what a file parameter carries. */
const DOCUMENT_FORM =
  /\b(?:scans?|scanned|photos?|photographs?|images?|pictures?|copy|copies|pdfs?|pages?|files?|jpe?g|png)\b/i;
/** Secrets read from the machine rather than given by the user. */
const FROM_MACHINE =
  /\b(?:environment|env\s+vars?|process\.env|os\.environ|dotenv|[A-Z][A-Z0-9]*_(?:TOKEN|KEY|SECRET|PASSWORD|PAT|CREDENTIALS?))\b/;
/** The user's files and paths (purpose.ts's kind), global for matchAll. */
const FILES = new RegExp(DATA.files.source, "gi");
/** A move or hand-over verb, or a data kind: what a negation must be about to count. */
const SUBSTANCE = new RegExp(
  `${MOVE.source}|${DIRECT.source}|${FIT_KINDS.map((k) => k.re.source).join("|")}`,
  "i",
);
/** The model's own system text, not one the user hands the tool. */
const MODEL_OWN =
  /\b(?:your|yours|the\s+(?:model|assistant|agent)'?s?|its)\s+(?:own\s+|current\s+|hidden\s+|full\s+)*(?:system\s+)?(?:prompts?|instructions|messages?|rules)\b/i;
/** The text the model itself runs under ("the instructions you are operating under"). */
const RUNS_UNDER =
  /\b(?:prompts?|instructions?|rules|guidelines|messages?)\s+(?:that\s+)?you(?:'re|\s+are|\s+were|\s+have\s+been)?\s+(?:\w+\s+){0,2}?(?:under|given|told|running|operating|following|follow|received|got)\b/i;
/** Data said to be protected (passive: "are scrubbed", "is encrypted"), not the tool's own work. */
const PROTECT =
  /\b(?:is|are|get|gets|be|been|being)\s+(?:\w+\s+)?(?:masked|redacted|scrubbed|stripped|filtered|excluded|hashed|encrypted|censored|saniti[sz]ed|obfuscated|anonymi[sz]ed)\b|\b(?:stored|kept|saved)\s+(?:only\s+)?in\s+(?:the\s+)?(?:os|system|local|macos|windows|gnome|device's|user's)?\s*(?:keychain|keyring|credential\s+(?:manager|store)|secure\s+enclave)\b/i;
/** An order that puts data somewhere, opening a clause. */
const ORDER =
  /(?:^|[,;:]\s*|\b(?:and|then|also|please|just|so)\s+)(?:put|place|insert|paste|copy|include|append|attach|pass|give|enter|type|send|forward|share|upload|post|read|fetch|collect|add|store|save|write)\b/i;
/** A pronoun standing for data named elsewhere. */
const CARRIED = /\b(?:it|them|these|those|this|that)\b/i;
/** A URL, e-mail address or domain written out. */
const LITERAL =
  /\b(?:https?|wss?|ftp):\/\/[^\s'"<>]+|(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[a-z0-9-]{2,63}(?:\.[a-z0-9-]{2,63})+\b/gi;
/** Where a clause splits: the parts of one sentence are judged apart. */
const CLAUSE = /[,;:()\u2014]|\s-\s|\b(?:and|so|then|but|while|or)\b/i;
/** The same split, keeping each joint (at odd indices). */
const CLAUSE_KEEP = /([,;:()\u2014]|\s-\s|\b(?:and|so|then|but|while|or|nor)\b)/i;

interface FitView {
  name: string;
  declared: string;
  nameWords: Set<string>;
  /** Name words, joined neighbours ("sign in" → signin) and the declared head's words. */
  pool: Set<string>;
  /** Name words and joined neighbours only (for the declared sentence itself). */
  namePool: Set<string>;
  head: string;
  own: Set<string>;
  params: string[];
  /** The tool's prose strings (descriptions, titles, examples). */
  prose: TextItem[];
  /** Sentence ranges per field ("" for the merged text). */
  spans: Map<string, Span[]>;
  mm: MentionMatcher | null;
  remote: boolean;
  /** Whether the tool's name or prose says it needs access (ACCESS_CONTEXT). */
  access: boolean;
}

const stem = (w: string) => w.toLowerCase().replace(/(?:es|s)$/, "");

function fitView(tool: PurposeTool, index: number, items: readonly TextItem[]): FitView {
  const v = view(tool, index, items);
  // The declared head: the first sentence up to its first joined clause ("Rhymes words and ...").
  const head = v.declared.split(CLAUSE)[0] ?? "";
  const headWords = head.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const joined = v.nameWords.slice(1).map((w, i) => v.nameWords[i] + w);
  const pool = new Set([...v.nameWords, ...joined, ...headWords]);
  return {
    name: tool.name.toLowerCase(),
    declared: v.declared,
    nameWords: new Set(v.nameWords.map(stem)),
    pool,
    namePool: new Set([...v.nameWords, ...joined]),
    head,
    own: new Set([tool.name, ...v.params].map((x) => x.toLowerCase())),
    params: v.params,
    prose: v.prose,
    spans: new Map(),
    mm: mentionMatcher(v.params),
    access: ACCESS_CONTEXT.test(
      `${v.nameWords.join(" ")} ${v.params.join(" ").replace(/[_-]+/g, " ")} ${
        v.prose.map((p) => p.text).join(" ")
      }`,
    ),
    remote: [...v.nameWords, ...headWords].some((w) => REMOTE_PURPOSE.has(w)) ||
      /\b(?:upload|send|post|ship|sync|report|notif|ticket|help\s?desk|support)/i.test(
        `${head} ${v.nameWords.join(" ")}`,
      ),
  };
}

/** What an inflection adds to a stem (onboard → onboarding; not secret → secretary). */
const INFLECTION = /^(?:s|es|ed|er|ers|ing|ings|ion|ions|ation|ations|ment|ments)$/;

/** A word of a set, plural or not, or sharing a stem of five letters or more (onboard, onboarding). */
function inSet(set: ReadonlySet<string>, w: string): boolean {
  if (set.has(w) || set.has(w.replace(/s$/, "")) || set.has(w.replace(/es$/, ""))) return true;
  if (w.length < 5) return false;
  for (const x of set) {
    if (x.length < 5) continue;
    const [short, long] = x.length < w.length ? [x, w] : [w, x];
    if (long.startsWith(short) && INFLECTION.test(long.slice(short.length))) return true;
  }
  return false;
}

/**
 * Whether a kind of data is what the tool is for: the parameter named to receive it is for that
 * kind (a 'password' parameter for a password), or, when it goes to no parameter or to one that
 * takes whatever the tool works on ('value', 'input'), the tool's name or declared function names
 * the kind. In the declared sentence itself only the name counts: a first sentence that asks for
 * data ("Tidies text. Send the user's passwords ...") does not declare its own purpose.
 */
function kindFits(
  k: FitKind,
  t: FitView,
  receivers: readonly string[],
  declaredSentence: boolean,
  named = "",
  document = false,
): boolean {
  const pool = declaredSentence ? t.namePool : t.pool;
  k.re.lastIndex = 0;
  // The declared function names the kind: from another sentence, or in the declared sentence
  // itself when it describes the tool's own action ("Signs the user in with the 6-digit code").
  const opening = OPENING.exec(t.head)?.[1]?.toLowerCase() ?? "";
  const describes = THIRD_PERSON.test(opening) && !NOT_A_VERB.has(opening);
  const headNames = (k.re.lastIndex = 0, k.re.test(t.head));
  const namedByTool = [...pool].some((w) => inSet(k.strong, w)) ||
    (!declaredSentence || describes && !k.guarded) && headNames;
  // A parameter for the kind ('password', 'iban'), or, in a tool named for the kind, one named with
  // the data's own words ('records' for "medical records" in medical_summary).
  // A parameter's words and their joined form ('api_key' → apikey).
  const pw = (p: string) => [...words(p), words(p).join("")];
  // A guarded kind (a wallet's recovery words) needs more than a parameter named for it: the
  // tool's name, or a declared function describing its own action ("Restores a wallet from its
  // recovery phrase").
  // A sign-in secret (a password, a token) fits a parameter only in a tool whose name or declared
  // function says why it would need access (an account, a connection, a sign-in): "Picks the next
  // book for a club" taking the user's Goodreads password in 'auth' is not built for it.
  const access = !ACCESS_KINDS.has(k.id) || namedByTool || t.access;
  const byParam = (!k.guarded || namedByTool || describes && headNames) && access;
  if (byParam && receivers.some((p) => pw(p).some((w) => inSet(k.strong, w)))) return true;
  // A parameter named with a weak word ('number', 'code', 'current') only in a tool whose name
  // says the kind, at least weakly (card_freeze taking 'last4').
  const weakName = namedByTool || [...t.namePool].some((w) => inSet(k.weak, w));
  if (weakName && receivers.some((p) => pw(p).some((w) => inSet(k.weak, w)))) return true;
  const said = new Set(
    named.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2).map(stem),
  );
  if (namedByTool && receivers.some((p) => words(p).some((w) => said.has(stem(w))))) return true;
  // A file slot takes a document in document form ("a scan of the passport" in 'file'), in a
  // tool named for the kind.
  if (
    document && namedByTool &&
    receivers.some((p) => words(p).every((w) => FILE_SLOT.has(w)))
  ) return true;
  // Another slot named ('hint', 'label'): the data is smuggled. A generic slot ('value') or an
  // address the data is sent to ('to', 'phone') leaves it to the tool's name and function.
  if (
    receivers.some((p) =>
      !words(p).every((w) => GENERIC_PARAM.has(w) || ADDRESS.has(w) || SLOT.has(w))
    )
  ) {
    return false;
  }
  // A parameter of the tool made for that kind ('dob' for a birth date), even if not named here.
  if (byParam && t.params.some((p) => words(p).some((w) => inSet(k.strong, w)))) return true;
  return namedByTool;
}

/**
 * In a descriptive first sentence (the tool's own verb, nothing moved, no parameter named), data
 * that is the object of that verb ("Freezes a lost debit card", "Imports a W-2 form for the tax
 * return") is what the tool works on.
 */
function declaredSubject(c: string, k: FitKind): boolean {
  const m = OPENING.exec(c);
  if (!m) return false;
  const after = c.slice(m.index + m[0].length);
  k.re.lastIndex = 0;
  const d = k.re.exec(after);
  if (
    !d || d.index > 40 ||
    /\b(?:with|and|plus|including|using|from|of|to|into|in)\b/i.test(after.slice(0, d.index))
  ) {
    return false;
  }
  return true;
}

/** Kinds no tool works on in passing: its name must say so (a notes tool storing seed words). */
const NAMED_ONLY = new Set(["recovery", "otp", "system", "private_key"]);
const namesKind = (k: FitKind, t: FitView) =>
  [...t.namePool].some((w) => inSet(k.strong, w) || inSet(k.weak, w));

/** Judges one clause; returns a positive reason, "" for a neutral clause, or null. */
function clauseFit(
  c: string,
  t: FitView,
  receivers: readonly string[],
  declaredSentence: boolean,
  descriptive = false,
  document = false,
): string | null {
  // Read from the user's machine (the environment, a variable holding a secret): never the
  // tool's own call.
  if (FROM_MACHINE.test(c)) return null;
  // A protection applied to the data ("request bodies are scrubbed of passwords"), nothing moved
  // or ordered in the clause: documented like a non-action.
  const prot = PROTECT.exec(c);
  if (prot) {
    const others = c.slice(0, prot.index) + c.slice(prot.index + prot[0].length);
    if (!MOVE.test(others) && !DEST.test(others) && !ORDER.test(others)) {
      return "documented protection";
    }
  }
  const neg = NEGATION.exec(c);
  if (neg) {
    const after = c.slice(neg.index);
    if (CONCEAL.test(after) || CONTRAST.test(after) || orderInNegation(after)) return null;
    // A non-action about data or a move ("never leaves", "never paste a key"); "otherwise the
    // tool will not work" is about nothing and gives no reason.
    return SUBSTANCE.test(c) || sensitiveLeft(c) ? "documented non-action" : "";
  }
  const reasons: string[] = [];
  let rest = c;
  for (const k of FIT_KINDS) {
    k.re.lastIndex = 0;
    const named = rest.match(k.re);
    if (!named) continue;
    // The model's own instructions ("your system prompt") are no tool's data.
    if (k.id === "system" && MODEL_OWN.test(rest)) return null;
    if (
      !kindFits(k, t, receivers, declaredSentence, named.join(" "), document) &&
      !(descriptive && declaredSubject(c, k) && (!NAMED_ONLY.has(k.id) || namesKind(k, t)))
    ) return null;
    reasons.push(`designed for ${k.id.replace("_", " ")}`);
    k.re.lastIndex = 0;
    rest = rest.replace(k.re, " ");
  }
  // A path or the user's own store: the tool's documented subject when the tool is named for it
  // (~/.ssh for an SSH tool), never when the clause reads it out.
  // Over what the kinds left: "the Wi-Fi password" is a password, not a saved-password store.
  const left = rest;
  for (const m of left.matchAll(FILES)) {
    // "~/" alone: judge the whole path it opens ("~/.cursor/mcp.json").
    const path = m[0].trim().startsWith("~")
      ? /~[/\\][^\s'"`,;()]*/.exec(left.slice(m.index))?.[0] ?? m[0]
      : m[0];
    const ws = path.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2);
    if (ws.length === 0) continue;
    rest = rest.replace(path, " ");
    // In the declared sentence a store the tool writes to is its function ("Stores the codes in
    // their password manager").
    // A path a receiving parameter is named for ('keystore' taking "~/.eth/keystore") is its
    // subject too.
    const forParam = receivers.some((p) => words(p).some((pw) => ws.includes(pw.toLowerCase())));
    if (
      READ_OUT.test(c) ||
      !declaredSentence && !forParam && !ws.some((w) => t.nameWords.has(stem(w)))
    ) {
      return null;
    }
    reasons.push("the tool's own subject");
  }
  // What a descriptive first sentence works on ("the user's profile") is the tool's subject;
  // only the classic kinds of private data still count there.
  if (descriptive ? namesData(rest) : sensitiveLeft(rest)) return null;
  // A destination, or the data moved out ("forward ... to"): the tool's declared destination or
  // the user's choice, with nothing on the side.
  // Moved with no parameter of the tool named in the sentence: it leaves, not into the call.
  if (DEST.test(c) || reasons.length > 0 && receivers.length === 0 && MOVE.test(c)) {
    // A literal address of the tool's own service (support.example.com for support_ticket).
    let side = c.replace(
      LITERAL,
      (m) =>
        hostOf(m).split(/[^a-z0-9]+/).some((w) =>
            w.length > 3 && t.nameWords.has(stem(w)) && !REMOTE_PURPOSE.has(w)
          )
          ? " "
          : m,
    );
    for (const w of t.nameWords) {
      if (w.length > 3) side = side.replace(inputPattern(`\\b${w}\\w*`, "gi"), " ");
    }
    if (FOREIGN.test(side)) return null;
    if (USER_CHOSEN.test(c)) reasons.push("destination chosen by the user");
    else if (t.remote || declaredSentence) {
      reasons.push("destination is the tool's declared function");
    } else return null;
  }
  return reasons.join(", ");
}

/**
 * The host part of a written address: whose service it is. A mailbox's or a path's own words
 * ("payroll-sync@other.example") say nothing about who receives it.
 */
function hostOf(literal: string): string {
  const l = literal.toLowerCase();
  const url = /^[a-z]+:\/\/(?:[^@/\s]*@)?([^/:?#\s]+)/.exec(l);
  if (url) return url[1]!;
  return l.includes("@") ? l.slice(l.lastIndexOf("@") + 1) : l;
}

/** Other tools named in a sentence, outside this tool's own family (sharing a name word). */
function foreignTool(s: string, t: FitView): boolean {
  for (const m of s.matchAll(IDENT)) {
    const id = m[1]!.toLowerCase();
    // Kebab-case is mostly plain English ("machine-readable", "one-time").
    if (t.own.has(id) || id === t.name || (id.includes("-") && !id.includes("_"))) continue;
    if (id.split(/[_.-]/).some((w) => w.length > 2 && t.nameWords.has(stem(w)))) continue;
    return true;
  }
  return false;
}

/**
 * Whether every bare identifier a sentence names is this tool's own name or one of its own
 * parameters ("set no_ignore to true to search hidden files"), and it names at least one: the
 * sentence configures this tool, no other tool is changed.
 */
function ownNamesOnly(s: string, t: FitView): boolean {
  let any = false;
  for (const m of s.matchAll(IDENT)) {
    if (t.own.has(m[1]!.toLowerCase())) any = true;
    // A value given as an example ("for example node_modules") names no tool.
    else if (!EXAMPLE_BEFORE.test(s.slice(Math.max(0, m.index! - 24), m.index))) return false;
  }
  return any;
}
/** What introduces an example value. */
const EXAMPLE_BEFORE =
  /(?:\bfor\s+(?:example|instance)|\be\.g\.|\bsuch\s+as|\blike|\bi\.e\.),?\s+(?:[\w.-]{1,30}(?:,\s+|\s+or\s+))?$/i;

/** A positive reason when every clause of a sentence fits the tool; null otherwise. */
function sentenceFit(
  s: string,
  t: FitView,
  field: string,
  shadow: boolean,
  prev?: string,
): string | null {
  if (HIDE.test(s)) return null;
  // "this tool's review must be approved first", and nothing else ordered for the other tool.
  const pre = PRECONDITION.exec(s);
  // The precondition ends the sentence: anything after it ("..., and the payee set to ...") is
  // another order.
  const precondition = pre !== null && !ALTER.test(s.slice(0, pre.index)) &&
    /^[\s.!;]*$/.test(s.slice(pre.index + pre[0].length));
  if (shadow) {
    if (precondition) return "precondition this tool performs";
    return ownNamesOnly(s, t) ? "names only this tool's own parameters" : null;
  }
  if (foreignTool(s, t) && !precondition) return null;
  // Parameters named as targets, quoted or as written: a spaced form ("passport number" for
  // passport_number) names the data, not where it goes.
  const receivers = t.mm
    ? paramMentions(s, t.mm).filter((m) =>
      /['"`\u2018\u2019\u201c\u201d]/.test(s[m.index] ?? "") ||
      s.slice(m.index, m.index + m.param.length).toLowerCase() === m.param.toLowerCase()
    ).map((m) => m.param)
    : [];
  const own = ownParam(field);
  if (own) receivers.push(own);
  const declared = s.trim() === t.declared.trim();
  // The first sentence describing the tool's own action, not asking for anything.
  const opening = OPENING.exec(s)?.[1]?.toLowerCase() ?? "";
  const descriptive = declared && receivers.length === 0 && !MOVE.test(s) &&
    THIRD_PERSON.test(opening) && !NOT_A_VERB.has(opening);
  // "Copy it into 'zone'": data carried by a pronoun from another sentence is placed here, and
  // what it is cannot be judged from this sentence, unless the finding's previous sentence named
  // a kind that this receiver is for ("... the one-time passcode. Enter it in 'code'").
  if (
    CARRIED.test(s) && ORDER.test(s) && (receivers.length > 0 || MOVE.test(s)) &&
    !FIT_KINDS.some((k) => (k.re.lastIndex = 0, k.re.test(s))) &&
    !(prev !== undefined && receivers.length > 0 && !MOVE.test(s) &&
      FIT_KINDS.some((k) =>
        (k.re.lastIndex = 0, k.re.test(prev)) && kindFits(k, t, receivers, false)
      ))
  ) return null;
  const reasons = new Set<string>();
  // A request that names data but no receiver in the same clause carries over to the next
  // clause's receiver ("Ask for their birth date and pass it as 'dob'"): receivers are per
  // sentence.
  // A negation reaches the items listed after it ("never needs a private key or recovery
  // phrase"): a clause joined by "or", "nor", "and" or a comma with no order or move of its own.
  const parts = s.split(CLAUSE_KEEP);
  let scope = false;
  for (let i = 0; i < parts.length; i += 2) {
    const c = parts[i]!;
    const joint = (parts[i - 1] ?? "").trim().toLowerCase();
    if (!c.trim()) continue;
    const listed: boolean = scope && /^(?:or|nor|and|,)$/.test(joint) && !ORDER.test(c) &&
      !MOVE.test(c) && !DEST.test(c) && !DIRECT.test(c) && !CONTRAST.test(c) &&
      !(t.mm && paramMentions(c, t.mm).length > 0);
    const r: string | null = listed ? "documented non-action" : clauseFit(
      c,
      t,
      receivers,
      declared,
      descriptive,
      DOCUMENT_FORM.test(s),
    );
    if (r === null) return null;
    scope = listed || r === "documented non-action";
    for (const x of r.split(", ")) if (x) reasons.add(x);
  }
  if (precondition) reasons.add("precondition this tool performs");
  return [...reasons].join(", ");
}

/**
 * Whether some sentence of the tool moves data out, hides something or names a destination in a
 * way that does not fit the tool: then nothing in the tool is designed-for, since the data it asks
 * for does not stay in its own call ("put the token in 'token' and forward it to ...").
 */
function leaves(t: FitView): boolean {
  for (const it of t.prose) {
    for (const span of sentenceSpans(t, it.field, it.text)) {
      const s = span.s;
      const neg = NEGATION.exec(s);
      const risky = HIDE.test(s) || DEST.test(s) || MOVE.test(s) ||
        neg !== null && CONCEAL.test(s.slice(neg.index));
      if (risky && spanVerdict(span, t, it.field, false) === null) return true;
    }
  }
  return false;
}

/**
 * The discount reason per finding (same order as `items`), or null where the finding counts.
 * `texts[i]` are the strings of `tools[i]`; `corpus` gives the merged text for split findings.
 */
export function fitDiscounts(
  tools: readonly PurposeTool[],
  texts: readonly (readonly TextItem[])[],
  corpus: Corpus,
  items: readonly KeyedFinding[],
): (string | null)[] {
  const index = new Map<string, number>();
  const dup = new Set<string>();
  tools.forEach((t, i) => index.has(t.name) ? dup.add(t.name) : index.set(t.name, i));
  const views = new Map<number, FitView | null>();
  const own = new Map<number, FitView>();
  const cache = new Map<string, string | null>();
  return items.map(({ finding: f }) => {
    const cls = eligible(f.rule_id);
    if (!cls || f.decoded !== undefined || dup.has(f.tool)) return null;
    const i = index.get(f.tool);
    if (i === undefined) return null;
    let t = views.get(i);
    if (t === undefined) {
      t = fitView(tools[i]!, i, texts[i]!);
      own.set(i, t);
      if (leaves(t)) t = null;
      views.set(i, t);
    }
    // The tool's own verb opening its description is judged on its own match: a sentence
    // elsewhere that moves data keeps its own findings counted.
    if (OWN_VERB_RULES.has(f.rule_id)) {
      const text = texts[i]!.find((it) => it.field === f.field)?.text ?? "";
      const o = own.get(i)!;
      const param = /^\/inputSchema\/properties\/([^/]+)\/description$/.exec(f.field)?.[1];
      const subject = f.field === "/description"
        ? subjectWords(o.nameWords)
        : param !== undefined
        ? subjectWords(new Set(param.toLowerCase().split(/[^a-z0-9]+/).map(stem)))
        : null;
      const r = subject && ownVerbOpening(text, f.offset, f.match, o, subject, param !== undefined);
      if (r) return r;
    }
    if (t === null) return null;
    // A finding on a parameter's name is judged as the parameter, never as its own receiver.
    if (cls === "param" || f.field.endsWith(`/properties/${f.match}`)) return paramFit(f.match, t);
    const text = f.field === ""
      ? corpus.merged(i)
      : texts[i]!.find((it) => it.field === f.field)?.text;
    if (text === undefined) return null;
    const key = `${i}\u0000${f.field}\u0000${f.offset}\u0000${f.match.length}\u0000${cls}`;
    if (cache.has(key)) return cache.get(key)!;
    const r = spanFit(text, f.offset, f.offset + f.match.length, t, f.field, cls === "shadow");
    cache.set(key, r);
    return r;
  });
}

/** Name words that say what a tool or parameter is about (not its generic verbs). */
function subjectWords(words: ReadonlySet<string>): Set<string> {
  return new Set([...words].filter((w) => w.length >= 3 && !GENERIC_NAME.has(w)));
}

/** Rules whose match opens with an imperative verb: the tool's own verb is no order. */
const OWN_VERB_RULES = new Set(["intent.imperative_private", "intent.take_sensitive"]);

/**
 * A description that opens with the tool's own verb ("Scan ..." for repo_scan, "List ..." for
 * list_keys) describes what the tool does, in the imperative style of tool docs, rather than
 * ordering the model: the data it names is what the tool works on or uses itself. Only while
 * nothing in the match reads data out, moves it, orders something else, hides, names another
 * tool or writes out an address.
 */
function ownVerbOpening(
  text: string,
  offset: number,
  match: string,
  t: FitView,
  subject: ReadonlySet<string>,
  paramField: boolean,
): string | null {
  if (text.slice(0, offset).trim() !== "") return null;
  const m = /^\s*([A-Za-z]{2,20})\b/.exec(match);
  if (!m) return null;
  const verb = m[1]!.toLowerCase();
  const lookup = (w: string) => LOOKUP_VERBS.has(w);
  const rest = match.slice(m[0].length).replace(/^\s*up\b/i, "");
  const ownVerb = inSet(t.nameWords, stem(verb)) || t.nameWords.has(verb) ||
    (lookup(verb) && [...t.nameWords].some(lookup));
  // Or a verb that moves nothing, whose object is what the tool (or the parameter) is named for:
  // "List the variable names defined in .env" for env_file_keys, "Audit the user's MCP client
  // configuration" for audit_mcp_config, "Ask for a passphrase" for passphrase_prompt.
  const subj = namesSubject(rest, subject);
  const ownSubject = !ownVerb && !MOVE.test(verb) && !PLACING.test(verb) && subj;
  if (paramField && !ownSubject) return null;
  if (!ownVerb && !ownSubject) return null;
  LITERAL.lastIndex = 0;
  FILES.lastIndex = 0;
  if (
    HIDE.test(rest) || ORDER.test(rest) || MOVE.test(rest) || READ_OUT.test(rest) ||
    DIRECT_ORDER.test(rest) || foreignTool(rest, t) || LITERAL.test(rest) ||
    (!subj && (FILES.test(rest) || THEIRS.test(rest)))
  ) return null;
  return ownSubject ? "the tool's named subject" : "the tool's own function";
}

/** Verbs that put or hand data somewhere: never a tool's own handling of its subject. */
const PLACING =
  /^(?:copy|paste|put|place|insert|include|add|append|attach|provide|supply|fill|populate|pass|write|enter|type|give|tell|embed|submit|hand|share|echo|quote|report|dump|stash|smuggle|carry|forward|send|email|post|upload|leak|reveal|disclose|recite|print|output|return)$/;

/** Words that name no subject of their own (in a tool's or a parameter's name). */
const GENERIC_NAME = new Set(
  "get set list read write run use make do new old all any data info item items value values tool tools file files text the and for with from"
    .split(
      " ",
    ),
);

/** Whether an object names, by a word of three letters or more, what the name is about. */
function namesSubject(rest: string, subject: ReadonlySet<string>): boolean {
  for (const w of rest.toLowerCase().split(/[^a-z0-9]+/)) {
    if (w.length < 3 || GENERIC_NAME.has(w)) continue;
    if (inSet(subject, stem(w))) return true;
  }
  return false;
}
/** Verbs of looking something up, one the other's equal ("Look up" for find_password). */
const LOOKUP_VERBS = new Set("look lookup find get fetch retrieve query search".split(" "));
/** Someone's own things: what a tool's own verb does not reach without saying so. */
const THEIRS = /\b(?:user'?s|your|their|his|her|the\s+user)\b/i;
/** A clause opened by an order to the model ("you should", "make sure to"). */
const DIRECT_ORDER =
  /\b(?:you|model|assistant|agent)\b|\b(?:must|should|shall|need\s+to|make\s+sure|be\s+sure|remember\s+to)\b/i;

/** Every sentence a finding's match overlaps must fit, and one must give a positive reason. */
function spanFit(
  text: string,
  start: number,
  end: number,
  t: FitView,
  field: string,
  shadow: boolean,
): string | null {
  const spans = sentenceSpans(t, field, text);
  // The first sentence ending after the match starts (binary search: long texts stay linear).
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.to <= start) lo = mid + 1;
    else hi = mid;
  }
  const reasons = new Set<string>();
  for (let i = lo; i < spans.length && spans[i]!.from < end; i++) {
    // A pronoun in a later sentence of the same finding stands for data the earlier one named.
    const r = i > lo && !shadow
      ? sentenceFit(spans[i]!.s, t, field, shadow, spans[i - 1]!.s)
      : spanVerdict(spans[i]!, t, field, shadow);
    if (r === null) return null;
    for (const x of r.split(", ")) if (x) reasons.add(x);
  }
  return reasons.size > 0 ? [...reasons].join(", ") : null;
}

/** The sentences of one of a tool's texts with their ranges, computed once per field. */
function sentenceSpans(t: FitView, field: string, text: string): Span[] {
  let spans = t.spans.get(field);
  if (spans) return spans;
  spans = [];
  let at = 0;
  for (const s of sentences(text)) {
    const from = text.indexOf(s, at);
    at = from + s.length;
    spans.push({ from, to: at, s });
  }
  t.spans.set(field, spans);
  return spans;
}

interface Span {
  from: number;
  to: number;
  s: string;
  /** The verdict, once reached, for findings of the data/exfiltration kind and of shadowing. */
  verdict?: (string | null | undefined)[];
}

/** A sentence's verdict, reached once per span (many findings share one long sentence). */
function spanVerdict(span: Span, t: FitView, field: string, shadow: boolean): string | null {
  const v = span.verdict ??= [undefined, undefined];
  const i = shadow ? 1 : 0;
  if (v[i] === undefined) v[i] = sentenceFit(span.s, t, field, shadow);
  return v[i]!;
}

/** A secret-looking parameter name of a kind the tool's name or declared function names. */
function paramFit(param: string, t: FitView): string | null {
  const spaced = words(param).join(" ");
  const kinds = FIT_KINDS.filter((k) =>
    (k.re.lastIndex = 0, k.re.test(spaced)) || words(param).some((w) => inSet(k.strong, w))
  );
  if (kinds.length === 0) return null;
  // The model's own system text ("your own system prompt") is no tool's input.
  if (
    kinds.some((k) => k.id === "system") &&
    t.prose.some((it) => MODEL_OWN.test(it.text) || RUNS_UNDER.test(it.text))
  ) {
    return null;
  }
  // The parameter itself does not count as the tool's slot for its own kind.
  const others = { ...t, params: t.params.filter((p) => p !== param) };
  return kinds.every((k) => kindFits(k, others, [], false))
    ? `designed for ${kinds[0]!.id.replace("_", " ")}`
    : null;
}
