/**
 * Whose service a secret or piece of data is for, and who chooses where it goes: the parts of a
 * tool's declared purpose (purpose.ts, fit.ts) that name a service, a store or a source rather
 * than a kind of data.
 *
 * - A credential for the service the tool itself calls: the parameter's description names the
 *   key's owner ("Your WorldTides API key") and that owner is the tool's declared subject (a word
 *   of the tool's name or first sentence is part of the brand: "OpenWeather" in a weather tool) or
 *   the place the description sends the key ("sent only to newsapi.org"), with no other host, no
 *   copy on the side and no order in it. A brand of another purpose (GitHub, AWS, OpenAI ...) is
 *   the tool's own only where its name or first sentence names it.
 * - A `login` (or `account`, `username`) that names whose data to read, not a secret: no
 *   password, passphrase, credential or key is asked with it.
 * - A store of the user's secrets (a vault, keychain, password manager, autofill or wallet)
 *   returns the items such stores hold: cards and identities as well as passwords.
 * - A prompt the user writes for their own application, handed to a tool that tests, scores or
 *   measures prompts, or a system prompt handed to a tool whose job is a call to a language
 *   model: the input of the tool's own service, not the model's own system text.
 * - A destination inside an example of what the user may set up ("e.g. 'when a build fails,
 *   message #ci-alerts'"): quoted or in parentheses after an example marker.
 * - Another tool named only as a source of this tool's input ("files returned by read_file:
 *   pass the path here"): the order that follows is about this tool, not that one.
 */
import { atPointer } from "./_walk.ts";

// ---- credential of the tool's own service ------------------------------------------------------

/** A brand name before a key or token ("OpenWeather API key", "Twilio auth token"). */
const BRAND_KEY =
  /\b((?:[A-Z][\w.-]*|[a-z]+[A-Z][\w.-]*)(?:\s+[A-Z][\w.-]*){0,2})(?:'s)?\s+(?:(?:api|access|auth(?:entication)?|developer|app|secret|client)\s+)?(?:key|token|secret)s?\b/gi;
/** A key for, from or made in a brand's API or account ("token created in your Home Assistant"). */
const KEY_FOR_BRAND =
  /\b(?:key|token|secret)s?\s+(?:[a-z-]+\s+){0,2}?(?:for|from|of|in|at|by)\s+(?:the\s+|your\s+|a\s+)?((?:[A-Z][\w.-]*|[a-z]+[A-Z][\w.-]*)(?:\s+[A-Z][\w.-]*){0,2})\b/gi;
/** Words that name no brand. */
const NOT_BRAND = new Set(
  "your the a an our their its this that my user user's users personal private secret public api access auth authentication developer app client account free paid bearer optional required default get set use it you long-lived short-lived fine-grained classic scoped restricted publishable live test production sandbox master admin new old key keys token tokens each every all any these those them demo trial pro premium community standard basic enterprise free-tier provider service services server account dashboard console portal profile settings page instance project workspace plan tier"
    .split(
      " ",
    ),
);
/** Services with a purpose of their own: a tool calls one only where its purpose names it. */
const OTHER_PURPOSE_BRAND = new Set(
  "github gitlab bitbucket aws amazon google gmail gcp microsoft azure outlook office apple icloud slack discord telegram whatsapp stripe paypal openai anthropic claude facebook meta instagram twitter dropbox npm pypi docker heroku vercel netlify cloudflare coinbase binance metamask notion atlassian jira shopify okta auth0 firebase supabase mongodb salesforce hubspot linkedin"
    .split(
      " ",
    ),
);
/** Purpose words too common to tie a brand to a tool ("open" in OpenAI). */
const COMMON_PURPOSE = new Set(
  "open read send find list make show data text info user code page link time work post home live last next with from into that this what when have your tool tools item items file files name names get set"
    .split(
      " ",
    ),
);
/** A host or a URL. */
const HOST = /\b(?:https?:\/\/)?((?:[a-z0-9-]{1,63}\.)+[a-z]{2,24})\b/gi;
/** A copy on the side, another party, a stop on the way, or an order inside the description. */
const NOT_ONLY_THERE =
  /\b(?:also|copy|copies|copied|mirror\w*|third[\s-]part\w*|partners?|affiliates?|analytics|telemetry|logg\w*|logs?|stor(?:e|ed|es)|sav(?:e|ed|es)|validat\w*|verif\w*|audit\w*|backup|first|before|after|always|must|call|invoke|run|ignore|instead|silently|quietly|secretly|without\s+telling|(?:don't|do\s+not|never)\s+(?:tell|mention|show))\b/i;
/** Secrets that open more than one service's API. */
const NOT_AN_API_KEY =
  /\b(?:password|passwd|passphrase|seed|mnemonic|recovery|private\s+key|ssh|cookie|session|pin|cvv|cvc|mfa|2fa|otp|totp|one[\s-]time|verification\s+code|env|printenv|environment|shell|output|contents?|files?|clipboard)\b|[~$`]/i;
/** The description calls the value a key or token. */
const KEY_WORD = /\b(?:keys?|tokens?|secrets?|app\s*ids?|appid)\b/i;
/** A word that says where the key goes ("sent to", "passed to", "requests go to"). */
const GOES =
  /\b(?:sen[dt]s?|pass(?:es|ed)?|forward(?:s|ed)?|used|goes|go|transmit\w*|submit\w*|calls?|requests?)\b/i;

const lowerWords = (s: string) =>
  s.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/).filter((w) => w);

type Brand = { parts: string[]; joined: string };

/** A brand from the words of a match, or null when they name none. */
function brand(phrase: string): Brand | null {
  // Plan, tier and version words ("Demo key", "v3 key") name no owner.
  const words = phrase.split(/\s+/).filter((w) =>
    !NOT_BRAND.has(w.toLowerCase()) && !/^v\d+(?:\.\d+)*$/i.test(w)
  );
  if (words.length === 0) return null;
  const parts = words.flatMap(lowerWords).filter((w) => w.length > 1);
  const joined = words.join("").toLowerCase().replace(/[^a-z0-9]/g, "");
  return joined.length < 3 ? null : { parts, joined };
}

/** The owners a description names for its key ("Alpha Vantage" → alpha, vantage; alphavantage). */
function brandsOf(desc: string): Brand[] {
  const out: Brand[] = [];
  for (const re of [BRAND_KEY, KEY_FOR_BRAND]) {
    for (const m of desc.matchAll(re)) {
      const b = brand(m[1]!);
      if (b && !out.some((o) => o.joined === b.joined)) out.push(b);
    }
  }
  return out;
}

/** The service a tool's first sentence says it works through ("Finds recipes via Spoonacular"). */
const SERVICE_IN_HEAD =
  /\b(?:via|using|through|powered\s+by|backed\s+by|from|with)\s+(?:the\s+|your\s+)?((?:[A-Z][\w.-]*|[a-z]+[A-Z][\w.-]*)(?:\s+[A-Z][\w.-]*){0,2})/g;

/** Whether a host belongs to the brand (a label holds its joined name or a long part). */
function brandHost(host: string, b: Brand): boolean {
  const labels = host.toLowerCase().replace(/^https?:\/\//, "").split(".");
  // The registrable label is the brand, or the brand plus a short word (openweathermap.org);
  // "openweather-keys.example" or "openweather.relay.example" is someone else's.
  const l = labels[labels.length - 2] ?? "";
  // A brand written as a host ("OCR.space").
  if (labels.join("") === b.joined) return true;
  return [b.joined, ...b.parts.filter((p) => p.length >= 4)].some((p) =>
    l === p || l.startsWith(p) && /^[a-z]{1,4}$/.test(l.slice(p.length))
  );
}

/** Whether the tool's name, title or first sentence names the brand or a word the brand holds. */
function purposeNames(purpose: string, b: Brand): boolean {
  const ws = lowerWords(purpose);
  const set = new Set(ws);
  if (b.parts.some((p) => p.length >= 3 && set.has(p)) || set.has(b.joined)) return true;
  // "weather" in OpenWeather, "tides" in WorldTides: a word of the purpose inside the brand;
  // "geocoding provider" in a geocode tool: the same stem.
  return ws.some((w) =>
    w.length >= 4 && !COMMON_PURPOSE.has(w) &&
    (b.joined.includes(w) || b.joined.includes(w.replace(/s$/, "")) && w.length >= 5 ||
      w.length >= 6 && b.parts.some((p) => p.length >= 6 && p.slice(0, 6) === w.slice(0, 6)))
  );
}

const otherPurpose = (b: Brand) =>
  b.parts.some((p) => OTHER_PURPOSE_BRAND.has(p)) || OTHER_PURPOSE_BRAND.has(b.joined);

/** Whether a description sends the key to the brand ("it is passed to Alpha Vantage"). */
function sentTo(desc: string, b: Brand): boolean {
  return desc.split(/(?<=[.;!?])\s+/).some((s) => {
    const g = GOES.exec(s);
    if (!g) return false;
    const after = s.slice(g.index);
    return lowerWords(after).some((w) => w === b.joined || b.parts.includes(w) && w.length >= 4) ||
      [...after.matchAll(HOST)].some((m) => brandHost(m[1]!, b));
  });
}

/** A tool's name, title and first sentence of its description. */
export function declaredHead(t: { name: string; title?: string; description?: string }): string {
  const d = t.description ?? "";
  const cut = d.search(/[.!?;](?:\s|$)|\n/);
  return [t.name.replace(/[_-]+/g, " "), t.title ?? "", cut < 0 ? d : d.slice(0, cut)].join(". ");
}

const credentialMemo = new WeakMap<object, Map<string, boolean>>();

/**
 * Whether the parameter named `param` of the tool takes the credential of the service the tool
 * itself calls: a key or token whose owner is the tool's declared subject, or the only place the
 * description sends it, with no other host, no side copy and no order in the description.
 */
export function ownServiceCredential(
  t: { name: string; title?: string; description?: string; inputSchema?: unknown },
  param: string,
): boolean {
  let memo = credentialMemo.get(t);
  if (!memo) credentialMemo.set(t, memo = new Map());
  let r = memo.get(param);
  if (r === undefined) memo.set(param, r = credential(t, param));
  return r;
}

function credential(
  t: { name: string; title?: string; description?: string; inputSchema?: unknown },
  param: string,
): boolean {
  if (!/key|token|secret|auth/i.test(param) || NOT_AN_API_KEY.test(param.replace(/_/g, " "))) {
    return false;
  }
  const node = atPointer(t.inputSchema, `/properties/${param}`) as
    | { description?: unknown; title?: unknown }
    | undefined;
  const desc = [node?.title, node?.description].filter((x) => typeof x === "string").join(". ");
  if (!KEY_WORD.test(desc) || NOT_AN_API_KEY.test(desc) || NOT_ONLY_THERE.test(desc)) {
    return false;
  }
  const head = declaredHead(t);
  let brands = brandsOf(desc);
  // No owner in the description: the service the tool's first sentence works through.
  if (brands.length === 0) {
    brands = [...head.matchAll(SERVICE_IN_HEAD)].map((m) => brand(m[1]!)).filter((x) => x !== null);
    if (brands.length !== 1) return false;
  } else if (
    // Each owner named is the tool's subject, or (not a brand of another purpose) where it goes.
    !brands.every((b) => purposeNames(head, b) || !otherPurpose(b) && sentTo(desc, b))
  ) return false;
  // A brand of another purpose in the parameter's own name ("github_token") must be an owner.
  const named = new Set(brands.flatMap((b) => b.parts));
  if (lowerWords(param).some((w) => OTHER_PURPOSE_BRAND.has(w) && !named.has(w))) return false;
  // Every host the description names is an owner's ("Get one at openweathermap.org").
  for (const m of desc.matchAll(HOST)) {
    if (!brands.some((b) => brandHost(m[1]!, b))) return false;
  }
  return true;
}

/** Rules about a secret or its destination that an own-service credential explains. */
export function ownServiceRule(id: string): boolean {
  return id.startsWith("secret.param_") || id.startsWith("data.") || id.startsWith("exfil.") ||
    id === "leak.secret_of_other_service" || id === "leak.data_out" ||
    id === "purpose.secondary_destination" || id === "pi.every_turn";
}

/** The top-level parameter a field belongs to (its name or anything under it), or null. */
export function paramOfField(field: string): string | null {
  const m = /^\/inputSchema\/properties\/([^/]+)/.exec(field);
  return m ? m[1]!.replaceAll("~1", "/").replaceAll("~0", "~") : null;
}

// ---- an account name, not a sign-in secret -----------------------------------------------------

/** A secret asked alongside the account name. */
const SECRET_WITH =
  /\b(?:password|passwd|pwd|passphrase|pass\s*code|credentials?|secret|token|key|pin|cookie|session|details|info(?:rmation)?|data)\b/i;
/** What makes a described login an identifier: said to be a name, handle or id. */
const ACCOUNT_NAME =
  /\b(?:(?:user|nick|screen|display|login|account|profile|public)?\s*names?|handles?|ids?|identifiers?|slugs?|alias(?:es)?|e\.g\.|for\s+example)\b/i;

/**
 * Whether a sign-in ask ("login" in the name) names an account rather than asks its secret:
 * nothing is said of it (`said`: its description and the sentences naming it), or what is said
 * calls it a name, handle or id and asks no password, credential or key.
 */
export function accountNameOnly(spacedName: string, said: string): boolean {
  if (!/\blogin\b/i.test(spacedName) || SECRET_WITH.test(spacedName)) return false;
  if (said.trim() === "") return true;
  return !SECRET_WITH.test(said.replace(/\blogin\s+name\b/gi, "")) && ACCOUNT_NAME.test(said);
}

// ---- a prompt the user writes, handed to a tool about prompts ----------------------------------

/** A tool that tests, scores, measures or checks what it is given. */
const PROMPT_WORK =
  /\b(?:eval\w*|test\w*|benchmark\w*|scor\w*|compar\w*|lint\w*|check\w*|grad\w*|red[\s-]?team\w*|jailbreak\w*|measur\w*|counts?|counting|optimi[sz]\w*|improv\w*|review\w*|analy[sz]\w*|assess\w*|validat\w*|critique\w*|rate|rates|rating)\b/i;
/** The prompt said to be the user's own artifact. */
const USERS_PROMPT =
  /\b(?:(?:you|the\s+user|they|users)\s+(?:provide|provided|supply|supplied|write|wrote|give|gave|enter|entered|draft|drafted|paste|pasted|are\s+(?:drafting|writing|testing|building))|(?:written|drafted|supplied|provided|authored)\s+by\s+(?:you|the\s+user)|under\s+test|candidates?|drafts?|the\s+user'?s\s+(?:own\s+)?(?:\w+\s+)?(?:prompts?|application|app|bot|chatbot|agent|model|product|assistant)|their\s+own\s+(?:\w+\s+)?(?:application|app|bot|chatbot|agent|product|assistant)|of\s+the\s+request\s+being\s+\w+)\b/i;

/**
 * Whether a system-prompt parameter takes a prompt the user writes for their own application, in
 * a tool whose first sentence tests, scores or measures (the caller rules out the model's own).
 */
export function userPromptUnderTest(first: string, all: string): boolean {
  return PROMPT_WORK.test(first) && USERS_PROMPT.test(all) || CALLS_MODEL.test(first);
}

/** A tool whose declared job is a call to a language model: a system prompt is its input. */
const CALLS_MODEL =
  /\b(?:sends?|runs?|calls?|quer(?:y|ies)|asks?|invokes?|generates?|completes?|forwards?|passes?|submits?)\b[^.;]{0,60}\b(?:llms?|(?:language|chat|local|hosted|remote|second|other|another)\s+models?|models?\s+(?:endpoint|deployment|api)|completions?|inference|deployments?|gpt[\w.-]*|claude|gemini|llama\w*|mistral|ollama)\b/i;

// ---- a destination inside an example ------------------------------------------------------------

/** An example marker, then a quoted or bracketed example. */
const EXAMPLE_SPAN =
  /\b(?:e\.g\.|eg|for\s+example|for\s+instance|such\s+as|like|say|examples?)[,:]?\s{0,3}(?:['"\u2018\u201c]([^'"\u2019\u201d\n]{1,160})['"\u2019\u201d])|\((?:e\.g\.|eg|for\s+example|for\s+instance|such\s+as|like|say)[,:]?\s([^()\n]{1,120})\)/gi;
/** An example that itself hides something or moves secrets or the conversation. */
const SECRET_IN_EXAMPLE =
  /\b(?:secretly|silently|quietly|without|hidden|passwords?|secrets?|tokens?|credentials?|keys?|conversations?|chat\s+history|transcripts?)\b/i;
/** A hidden or extra recipient said outside the example. */
const EXTRA = /\b(?:also|every|all|copy|copies|cc|bcc|secretly|silently|quietly|without|hidden)\b/i;

/**
 * Whether the destination of a finding lies inside an example of what the user may set up
 * (quoted after "e.g.", or in "(for instance #releases)"), with no extra recipient said around it.
 */
export function exampleDestination(sentence: string, destAt: number, destEnd: number): boolean {
  for (const m of sentence.matchAll(EXAMPLE_SPAN)) {
    const inner = m[1] ?? m[2]!;
    const start = m.index! + m[0].indexOf(inner);
    if (destAt < start || destEnd > start + inner.length) continue;
    const outside = sentence.slice(0, m.index!) + sentence.slice(m.index! + m[0].length);
    return !EXTRA.test(outside) && !SECRET_IN_EXAMPLE.test(inner);
  }
  return false;
}

// ---- another tool as a source of this tool's input ---------------------------------------------

/** The other tool's name comes as where input comes from ("files returned by", "output of"). */
const SOURCE_BEFORE =
  /\b(?:returned|produced|generated|fetched|downloaded|saved|written|listed|found|obtained|retrieved|exported|read)\s+(?:by|from|with|via|through|using)\s+(?:the\s+)?(?:[\w-]+\s+(?:server|connector|plugin)'?s?\s+)?(?:[\w.-]+\s*,\s*|[\w.-]+\s+(?:or|and)\s+)?$|\b(?:outputs?|results?|paths?|files?)\s+(?:of|from)\s+(?:the\s+)?(?:[\w-]+\s+server'?s?\s+)?(?:[\w.-]+\s+(?:or|and)\s+)?$|\bfrom\s+(?:the\s+)?(?:[\w-]+\s+server'?s?\s+)?(?:[\w.-]+\s+(?:or|and)\s+)?$/i;
/** The order after it points at this tool ("pass the path here", "give it to this tool"). */
const TO_THIS_TOOL =
  /\b(?:here|to\s+this\s+(?:tool|function)|into\s+this\s+(?:tool|function)|to\s+me|this\s+tool's)\b/i;
/** Something the other tool should do or be given that is not this tool's input. */
const OTHER_ORDER =
  /[~\\]|\/\.|\.(?:ssh|aws|env|npmrc|netrc)\b|\b(?:password|secret|token|credential|key|id_rsa|always|every|first|must|should|also|append|prepend|bcc|cc|set|instead)\b|https?:|@/i;

/**
 * Whether another tool named at `at` in sentence `s` is only a source of this tool's input: it
 * comes after a source frame ("returned by", "output of") and what follows orders input to this
 * tool, with nothing for the other tool to do or read.
 */
export function sourceOnly(s: string, at: number, id: string): boolean {
  if (!SOURCE_BEFORE.test(s.slice(Math.max(0, at - 80), at))) return false;
  const rest = s.slice(at + id.length);
  return TO_THIS_TOOL.test(rest) && !OTHER_ORDER.test(rest);
}

// ---- a store of the user's secrets ----------------------------------------------------------------

/** A tool whose declared job is a store of the user's secrets (its items hold cards and IDs). */
const SECRET_STORE =
  /\b(?:vaults?|keychains?|keyrings?|password\s+(?:manager|store|safe)s?|autofill|credential\s+(?:manager|store)s?|1password|bitwarden|lastpass|keepass\w*|dashlane)\b/i;
/** The store giving an item back. */
const STORE_RETURN =
  /\b(?:retriev\w*|reveal\w*|returns?|returned|fetch\w*|reads?|shows?|shown|displays?|autofills?)\b/i;
/** The user asked to hand something over (not the store's own output). */
const ASKS_USER =
  /\b(?:ask|provide|enter|supply|give|submit|send|upload|type|tell|share|paste|recite|hand\s+over|forward|post|copy)\w*\b/i;

/**
 * Whether a sentence of a tool whose name or first sentence is a store of the user's secrets
 * speaks of the store giving items back (cards, identities), asking the user for nothing.
 */
export function storeReturns(purpose: string, s: string): boolean {
  return SECRET_STORE.test(purpose) && STORE_RETURN.test(s) && !ASKS_USER.test(s);
}
