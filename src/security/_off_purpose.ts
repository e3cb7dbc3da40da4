/**
 * The strongest secrets (wallet seed words, private keys, sign-in passwords, session cookies,
 * access tokens, payment-card PINs and security codes, MCP client or `.env` files) asked for in a parameter of a tool whose own purpose
 * (its name, title and top-level description) is not built for that secret. The parameter's own
 * description never counts as the purpose: a reason given next to the ask ("used to watermark the
 * QR code") cannot make a seed phrase needed by a QR tool.
 */
import { atPointer } from "./_walk.ts";
import type { Tool } from "./scan.ts";
import { inputPattern } from "./_input_pattern.ts";
import { accountNameOnly } from "./_own_service.ts";

/** One kind of secret: what names the ask and what tool purpose would need it. */
interface SecretKind {
  kind: string;
  /** Matches the parameter's name (spaced words) plus its description. */
  asks: RegExp;
  /** Matches the tool's name, title and description when the tool is built for it. */
  purpose: RegExp;
}

const ACCESS = String
  .raw`authenticat\w*|authori[sz]\w*|login|logins|log\s+in|logon|sign\s+in|signin|sign-in|sign\w*|accounts?|passwords?|passphrases?|credentials?|connect\w*|database|db|servers?|protect\w*|encrypt\w*|decrypt\w*|oauth|sso|ldap|vault|keychain|keyring|lock\w*|unlock\w*|wi-?fi|networks?|smtp|imap|pop3|ftp|sftp|ssh|mail|email|portal|users?|session|api`;

const KINDS: readonly SecretKind[] = [
  {
    kind: "seed words",
    asks:
      /\b(?:(?:seed|recovery|mnemonic|backup|secret)\s+(?:phrase|words)|mnemonic|(?:12|24)-word|bip-?39)\b/i,
    purpose:
      /\b(?:wallets?|crypto\w*|blockchain|bitcoin|btc|ethereum|eth|solana|web3|mnemonic|seed|recover\w*|restore\w*|bip-?39|keys?|keystore|sign\w*|ledger|vault|backup)\b/i,
  },
  {
    kind: "private key",
    asks: /\b(?:private\s+key|priv\s+key|id\s+(?:rsa|ed25519|ecdsa)|signing\s+key|secret\s+key)\b/i,
    purpose:
      /\b(?:keys?|keystore|ssh|scp|sign\w*|encrypt\w*|decrypt\w*|certificates?|certs?|tls|ssl|pgp|gpg|wallets?|crypto\w*|blockchain|deploy\w*|servers?|remote|hosts?|git|vault|jwt)\b/i,
  },
  {
    kind: "session cookie",
    asks: /\bcookies?\b/i,
    purpose: new RegExp(
      String
        .raw`\b(?:cookies?|browser\w*|http|https|requests?|fetch\w*|scrap\w*|crawl\w*|web|webpages?|pages?|urls?|sites?|websites?|headers?|${ACCESS})\b`,
      "i",
    ),
  },
  {
    kind: "sign-in secret",
    asks:
      /\b(?:password|passwd|pwd|passphrase|login|credentials?)\b(?!\s+(?:hint|policy|rules?|strength|length|reset\s+link|expiry|field|label|prompt))/i,
    purpose: new RegExp(
      // A passphrase also protects a key ("Creates a PGP key pair").
      String
        .raw`\b(?:${ACCESS}|bank\w*|profile|members?|tenant|workspace|key\s+pairs?|keypairs?|private\s+keys?|keystore|pgp|gpg|ssh|certificates?|wallets?)\b`,
      "i",
    ),
  },
  {
    kind: "access token",
    asks:
      /\b(?:(?:personal\s+)?access\s+token|pat|api\s+(?:key|token)|bearer(?:\s+token)?|auth\s+token|refresh\s+token|(?:github|gitlab|bitbucket|slack|notion|openai|aws|gcp|azure|npm)\s+(?:token|key))\b/i,
    purpose: new RegExp(
      String
        .raw`\b(?:${ACCESS}|tokens?|keys?|github|gitlab|bitbucket|git|repo\w*|issues?|pull\s+requests?|deploy\w*|ci|cloud|services?|integrations?|webhooks?|slack|notion|openai|aws|gcp|azure|npm|publish\w*|registry|http|https|requests?|fetch\w*|urls?|endpoints?)\b`,
      "i",
    ),
  },
  {
    kind: "payment card PIN or security code",
    asks:
      /\b(?:(?:bank|card|debit|credit|atm)\s+(?:card\s+)?pin|pin\s+(?:code|number)\s+of\s+(?:your|the)|cvv2?|cvc2?|card\s+(?:security|verification)\s+(?:code|value))\b|\bpin\b[^.]{0,40}\b(?:debit|credit|bank|atm)\s+card/i,
    purpose:
      /\b(?:bank\w*|pay|payments?|paying|pays|cards?|checkout|billing|invoices?|purchas\w*|orders?|wallets?|atm|finance\w*|financial|merchant|stripe|charge\w*|transfer\w*)\b/i,
  },
  {
    kind: "client or environment file",
    asks:
      /(?:claude_desktop_config|\bmcp\.json|\bmcp\s+(?:client\s+)?config\w*|\bclient\s+config\w*|(?:^|[\s(])\.env\b|\benv\s+(?:file|contents)|\bdotenv\b|\baws\s+credentials|\bkubeconfig\b|\.npmrc\b|\.netrc\b|\.pypirc\b)/i,
    purpose:
      /\b(?:mcp|config\w*|configuration|settings|env|environment|dotenv|deploy\w*|servers?|aws|cloud|kube\w*|kubernetes|secrets?|npm|registry|lint\w*|validat\w*)\b/i,
  },
];

/** Parameter names that could carry a secret at all (a spaced name without one is not an ask). */
const SECRET_NAME =
  /\b(?:password|passwd|pwd|pass|passphrase|login|credentials?|creds?|cookies?|token|pat|seed|mnemonic|recovery|phrase|private|priv|key|secret|config|cfg|env|dotenv|auth|session|wallet|pin|cvv|cvc|card)\b/i;

/** Names of something about a secret, not the secret ('api key id', 'password hint'). */
const ABOUT_SECRET =
  /\b(?:id|ids|name|names|hint|label|type|length|policy|format|path|url|field|expiry|expires|required|enabled|set|count|rotation)$/i;

/** A secret named with its owner before it ("Tavily API key", "GitLab token"). */
const OWNED_SECRET =
  /\b([A-Za-z][\w-]{2,30})(?:'s)?\s+(?:api\s+(?:key|token)|access\s+token|token|password|passphrase|login|credentials?|cookies?|key)\b/gi;
/** Owner words that name no service of the tool's own. */
const GENERIC_OWNER = new Set(
  "the your their user our this that personal browser session secret private signing bearer auth access api account online web developer player customer person member employee contributor author owner student patient client"
    .split(" "),
);

/**
 * A tool's own purpose: its name, title and first sentence, and the description's later sentences
 * (and, for finding the ask, its later paragraphs).
 */
export interface Purpose {
  head: string;
  rest: readonly string[];
  paragraphs: readonly string[];
}

/** Something said to be locked: "encrypted PDFs", "password-protected archives". */
const LOCKED = /\b(?:encrypted|(?:password[- ])?protected|locked|secured)\s+([a-z]+)/gi;

/** A secret entered again: one the user already uses with this tool's service. */
const REENTER = /\bre[- ]?(?:enter|type|authenticat\w*)\b/i;

const purposeWords = (purpose: string) =>
  new Set(purpose.toLowerCase().split(/[^a-z0-9]+/).map((w) => w.replace(/s$/, "")));

/** Whether a parameter's name (in words) could ask for a secret at all (a cheap first check). */
/** The public half of a key pair ('ssh public key', 'pubkey'): meant to be shared. */
const PUBLIC_HALF = /\b(?:public|pub)\s+keys?$|\bpubkeys?$/i;

export function namesSecret(spacedName: string): boolean {
  return SECRET_NAME.test(spacedName) && !ABOUT_SECRET.test(spacedName) &&
    !PUBLIC_HALF.test(spacedName);
}

/**
 * The kind of strongest secret a parameter asks for that the tool's purpose does not explain,
 * or null. `spacedName` is the parameter name in words; `purpose` gives the tool's own name, title
 * and description (never its parameters' descriptions), asked for only when needed.
 */
export function offPurposeSecret(
  spacedName: string,
  description: string,
  purpose: () => Purpose,
): string | null {
  if (!namesSecret(spacedName)) return null;
  const { head, rest, paragraphs } = purpose();
  // Later description paragraphs that name the parameter are part of the ask ("the writer checks
  // your Stripe secret key; put it in `stripe_key`").
  const nameRe = inputPattern(`\\b${spacedName.replace(/[^a-z0-9 ]/gi, "")}\\b`, "i");
  const ask = [spacedName, description, ...paragraphs.filter((s) => nameRe.test(s))].join(". ");
  // A bare "login" that names whose account to read ("login", "the player's login name").
  const account = accountNameOnly(spacedName, ask.slice(spacedName.length + 2));
  const asked = KINDS.filter((k) => k.asks.test(ask) && !(account && k.kind === "sign-in secret"));
  if (asked.length === 0) return null;
  // A later sentence that asks for this secret (or names the parameter) is the ask, not the
  // purpose: "Licensing: the timer validates your API key" cannot make a timer need one.
  // ...unless it says the tool's own object is locked ("Encrypted PDFs need the document password"
  // in a PDF reader) or asks the user to enter again what they already use with it ("re-enter
  // their account password to confirm").
  const headWords = purposeWords(head);
  const ownLock = (s: string) =>
    REENTER.test(s) ||
    [...s.matchAll(LOCKED)].some((m) => headWords.has(m[1]!.toLowerCase().replace(/s$/, "")));
  const asking = (s: string) =>
    (nameRe.test(s) || asked.some((k) => k.asks.test(s))) && !ownLock(s);
  const text = [head, ...rest.filter((s) => !asking(s))].join(". ");
  const owners = [description, ...rest.filter(asking)].join(". ");
  // The secret of the thing the tool manages ('form password' in a tool that updates forms).
  const words = purposeWords(text);
  const owner = spacedName.toLowerCase().split(" ").filter((w) => !SECRET_NAME.test(w))
    .map((w) => w.replace(/s$/, ""));
  if (owner.some((w) => w.length > 2 && words.has(w))) return null;
  // The service the tool names as its own ('Your Tavily API key' in 'Searches the web with Tavily').
  for (const m of owners.matchAll(OWNED_SECRET)) {
    // Split like the purpose text ('OpenWeather' reads 'Open Weather' there).
    const parts = m[1]!.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[\s_-]+/)
      .map((w) => w.replace(/s$/, ""));
    if (!parts.some((w) => GENERIC_OWNER.has(w)) && parts.every((w) => words.has(w))) return null;
  }
  return asked.find((k) => !k.purpose.test(text))?.kind ?? null;
}

const TOP_LEVEL = /^\/inputSchema\/properties\/[^/]+$/;

/** Whether a schema holds a string (or says nothing of its type). */
function holdsString(node: unknown): boolean {
  if (!node || typeof node !== "object") return false;
  const type = (node as { type?: unknown }).type;
  return type === undefined || type === "string" ||
    (Array.isArray(type) && type.includes("string"));
}

/** A parameter's own description and title. */
function paramText(node: unknown): string {
  if (!node || typeof node !== "object") return "";
  const { title, description } = node as { description?: unknown; title?: unknown };
  return [title, description].filter((x) => typeof x === "string").join(". ");
}

const spaced = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");

/**
 * What a tool says it is for: its name, title and top-level description (not its parameters'),
 * the description split into its first sentence and the later ones.
 */
function purposeText(items: readonly { field: string; text: string }[]): Purpose {
  const pick = (f: string) => items.filter((it) => it.field === f).map((it) => spaced(it.text));
  const description = pick("/description").join("\n").trim();
  const sentences = description.split(/(?<=[.!?;:])\s+|\n+/).filter((s) => s.trim() !== "");
  const first = sentences[0] ?? "";
  return {
    head: [...pick("/name"), ...pick("/title"), first].join(". "),
    rest: sentences.slice(1),
    paragraphs: description.slice(description.indexOf(first) + first.length).split(/\n\s*\n/),
  };
}

/**
 * Whether the parameter at `field` (named `spacedName` in words) of tool `t`, whose strings are
 * `items`, asks for a strongest secret its tool is not built for. Top-level string parameters
 * only: a nested one is explained by the object holding it.
 */
export function offPurposeParam(
  t: Tool,
  field: string,
  spacedName: string,
  items: readonly { field: string; text: string }[],
): boolean {
  if (!TOP_LEVEL.test(field)) return false;
  const node = atPointer(t, field);
  if (!holdsString(node)) return false;
  return offPurposeSecret(spacedName, paramText(node), () => purposeText(items)) !== null;
}
