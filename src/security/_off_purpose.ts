/**
 * The strongest secrets (wallet seed words, private keys, sign-in passwords, session cookies,
 * access tokens, MCP client or `.env` files) asked for in a parameter of a tool whose own purpose
 * (its name, title and top-level description) is not built for that secret. The parameter's own
 * description never counts as the purpose: a reason given next to the ask ("used to watermark the
 * QR code") cannot make a seed phrase needed by a QR tool.
 */
import { atPointer } from "./_walk.ts";
import type { Tool } from "./scan.ts";

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
      String.raw`\b(?:${ACCESS}|bank\w*|profile|members?|tenant|workspace)\b`,
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
    kind: "client or environment file",
    asks:
      /(?:claude_desktop_config|\bmcp\.json|\bmcp\s+(?:client\s+)?config\w*|\bclient\s+config\w*|(?:^|[\s(])\.env\b|\benv\s+(?:file|contents)|\bdotenv\b|\baws\s+credentials|\bkubeconfig\b|\.npmrc\b|\.netrc\b|\.pypirc\b)/i,
    purpose:
      /\b(?:mcp|config\w*|configuration|settings|env|environment|dotenv|deploy\w*|servers?|aws|cloud|kube\w*|kubernetes|secrets?|npm|registry|lint\w*|validat\w*)\b/i,
  },
];

/** Parameter names that could carry a secret at all (a spaced name without one is not an ask). */
const SECRET_NAME =
  /\b(?:password|passwd|pwd|pass|passphrase|login|credentials?|creds?|cookies?|token|pat|seed|mnemonic|recovery|phrase|private|priv|key|secret|config|cfg|env|dotenv|auth|session|wallet)\b/i;

/** Names of something about a secret, not the secret ('api key id', 'password hint'). */
const ABOUT_SECRET =
  /\b(?:id|ids|name|names|hint|label|type|length|policy|format|path|url|field|expiry|expires|required|enabled|set|count|rotation)$/i;

/** A secret named with its owner before it ("Tavily API key", "GitLab token"). */
const OWNED_SECRET =
  /\b([A-Za-z][\w-]{2,30})(?:'s)?\s+(?:api\s+(?:key|token)|access\s+token|token|password|passphrase|login|credentials?|cookies?|key)\b/gi;
/** Owner words that name no service of the tool's own. */
const GENERIC_OWNER = new Set(
  "the your their user our this that personal browser session secret private signing bearer auth access api account online web"
    .split(" "),
);

const purposeWords = (purpose: string) =>
  new Set(purpose.toLowerCase().split(/[^a-z0-9]+/).map((w) => w.replace(/s$/, "")));

/** Whether a parameter's name (in words) could ask for a secret at all (a cheap first check). */
export function namesSecret(spacedName: string): boolean {
  return SECRET_NAME.test(spacedName) && !ABOUT_SECRET.test(spacedName);
}

/**
 * The kind of strongest secret a parameter asks for that the tool's purpose does not explain,
 * or null. `spacedName` is the parameter name in words; `purpose` gives the tool's own name, title
 * and description (never its parameters' descriptions), asked for only when needed.
 */
export function offPurposeSecret(
  spacedName: string,
  description: string,
  purpose: () => string,
): string | null {
  if (!namesSecret(spacedName)) return null;
  const ask = `${spacedName}. ${description}`;
  const asked = KINDS.filter((k) => k.asks.test(ask));
  if (asked.length === 0) return null;
  const text = purpose();
  // The secret of the thing the tool manages ('form password' in a tool that updates forms).
  const words = purposeWords(text);
  const owner = spacedName.toLowerCase().split(" ").filter((w) => !SECRET_NAME.test(w))
    .map((w) => w.replace(/s$/, ""));
  if (owner.some((w) => w.length > 2 && words.has(w))) return null;
  // The service the tool names as its own ('Your Tavily API key' in 'Searches the web with Tavily').
  for (const m of description.matchAll(OWNED_SECRET)) {
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

/** What a tool says it is for: its name, title and top-level description (not its parameters'). */
function purposeText(items: readonly { field: string; text: string }[]): string {
  return items.filter((it) =>
    it.field === "/name" || it.field === "/description" || it.field === "/title"
  )
    .map((it) => it.text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ")).join(". ");
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
