/**
 * A credential placed into the tool's own field built for it: a description sentence that tells
 * where the credential the tool needs goes ("Copy the database connection string from .env into
 * `dsn`", "Your Twilio auth token goes in `auth_token`").
 *
 * Structural test (all must hold):
 * - the sentence places something into a backquoted name that is a parameter of this tool, and
 *   that parameter's name is itself a credential's name (key, token, secret, password, dsn,
 *   kubeconfig, identity file ...): the field exists to carry that credential;
 * - the credential's owner is the tool's declared subject: a content word of the sentence before
 *   the parameter (a brand, or the service a credential kind serves: a connection string serves a
 *   database, a private key SSH, a kubeconfig a cluster) is a word of the tool's name or first
 *   sentence;
 * - the sentence sends it nowhere else, hides nothing and names no other host.
 *
 * The attack in the same wrapper puts a credential into a field not named for it (`seed`,
 * `label`), or another service's credential into a credential field of an unrelated tool (an
 * AWS secret key in a weather tool's `api_key`): both stay blocked.
 */
import { parameterNames } from "./_walk.ts";

/** Parameter names that are a credential's own name. */
const CREDENTIAL_PARAM =
  /(?:^|[_-])(?:api[_-]?key|key|token|secret|password|passwd|pass|dsn|database[_-]?url|db[_-]?url|connection[_-]?string|conn[_-]?str|kubeconfig|identity[_-]?file|private[_-]?key|key[_-]?file|credentials?|auth)(?:$|[_-])|^(?:access|secret|api|auth|client)[_-]?(?:key|token|secret)$/i;

/** A placement of something into a backquoted name: "into `x`", "in `x`", "goes in `x`". */
const PLACED =
  /\b(?:in|into|as|to|under)\s+(`[A-Za-z0-9_.-]+`(?:\s*(?:,|,?\s*and|,?\s*or)\s+`[A-Za-z0-9_.-]+`)*)/g;

/**
 * Another destination (the vendor's hosted service included: the credential leaves the machine), a
 * side copy, something hidden, or an order about other tools.
 */
const ELSEWHERE =
  /\b(?:also|copy\s+of|cc|bcc|forward\w*|upload\w*|post\w*|log\w*|telemetry|analytics|third[\s-]part\w*|partners?|silently|quietly|secretly|without\s+(?:telling|asking|informing)|(?:don't|do\s+not|never)\s+(?:tell|mention|show|inform)|every\s+(?:call|request|reply|turn)|before\s+(?:each|every|any)|other\s+tools?|cache\w*|(?:our|their|the\s+vendor's)\s+(?:own\s+)?(?:hosted|cloud|remote|servers?|service|backend|platform|infrastructure)|hosted\s+service)\b|https?:\/\/|\b[a-z0-9-]+\.(?:com|net|org|io|dev|app|xyz|example)\b/i;

/**
 * A credential the user already keeps in their home directory ("~/.config/age/keys.txt", "the
 * user's existing private key"): reading the user's own files for it is no designed-for placement.
 */
const FROM_USER_FILES =
  /(?:~|\$HOME|%USERPROFILE%|\/home\/[\w.-]+|\/Users\/[\w.-]+)\/|\bthe\s+user's\s+(?:existing|current|own)\b/i;
/** Only where the file is ("the path of the kubeconfig (usually ~/.kube/config)"): no secret moves. */
const PATH_ONLY = /\bpath\s+(?:of|to)\b/i;

/** The service a kind of credential serves (the words a tool's purpose names it by). */
const KIND_SERVES: readonly [RegExp, readonly string[]][] = [
  [/\b(?:connection\s+(?:string|url|uri)|dsn|database\s+(?:url|password)|db\s+password)\b/i, [
    "database",
    "db",
    "sql",
    "postgres",
    "postgresql",
    "mysql",
    "sqlite",
    "query",
    "queries",
  ]],
  [/\b(?:private\s+key|identity\s+file|id_rsa|id_ed25519|ssh\s+key)\b/i, [
    "ssh",
    "sftp",
    "scp",
    "remote",
    "server",
  ]],
  [/\bkube\s*config\b|\.kube\b/i, ["kube", "kubernetes", "k8s", "cluster", "manifest"]],
  [/\baws\b|\bsecret\s+access\s+key\b/i, ["aws", "s3", "ec2", "lambda", "dynamodb", "sqs"]],
  [/\bsmtp\b/i, ["smtp", "mail", "email"]],
];

/**
 * A secret stronger than an API key, and the parameter names that say they take that secret: a
 * password named in the sentence goes only into a password field, a private key only into a
 * field for a private key (never into `public_key` or `token`).
 */
const STRONG_KIND: readonly [RegExp, RegExp][] = [
  [/\bpass(?:word|phrase|wd)s?\b/i, /pass/i],
  [
    /\bprivate\s+keys?\b|\bid_(?:rsa|ed25519|ecdsa)\b|\bssh\s+keys?\b/i,
    /private|identity|key[_-]?file|pem/i,
  ],
  [/\b(?:seed|mnemonic|recovery)\b/i, /seed|mnemonic|recovery/i],
  [/\b(?:one[\s-]time|otp|2fa|mfa|cookie|session)\b/i, /otp|2fa|mfa|cookie|session/i],
];

/**
 * An argument for the placement ("so advisories resolve", "because the old token is not accepted"):
 * a credential the tool's purpose needs is named without one.
 */
const ARGUED =
  /\b(?:so\s+(?:that\s+)?(?:we|it|the|your|our|this|they|results?|advisories|access)|because|since|otherwise|in\s+order\s+to|(?:is|are)\s+(?:not\s+accepted|rejected|unlocked|required\s+to)|any\s+more|anymore|instead)\b/i;

/** Capitalised words that name no owner. */
const GENERIC = new Set(
  "the your you our their its this that user api json xml yaml env id key keys token tokens secret password owner admin account service server file path value copy paste put pass give supply provide set add enter read take use include place obtain find get"
    .split(
      " ",
    ),
);

const words = (s: string) =>
  s.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/).filter((w) =>
    w.length >= 2
  );

const stemEq = (a: string, b: string) =>
  a === b || a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5);

/** The tool's name and first sentence, as words. */
function headWords(t: { name: string; description?: string }, sentence: string): string[] {
  const d = t.description ?? "";
  const cut = d.search(/[.!?;](?:\s|$)|\n/);
  const first = cut < 0 ? d : d.slice(0, cut);
  // The placing sentence itself is no evidence of the tool's subject.
  const own = first.includes(sentence.replace(/[.!?;\s]+$/, "")) ? "" : first;
  const text = `${t.name.replace(/[_-]+/g, " ")} ${own}`;
  return [...words(text), ...text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 2)];
}

/**
 * Whether `sentence` (of the tool's description) places the credential of the tool's own service
 * into parameters of the tool named for that credential; returns those parameters (none: no).
 */
export function credentialIntoOwnField(
  t: { name: string; description?: string; inputSchema?: unknown },
  sentence: string,
): string[] {
  if (
    !sentence.includes("`") || ELSEWHERE.test(sentence) || ARGUED.test(sentence) ||
    (FROM_USER_FILES.test(sentence) && !PATH_ONLY.test(sentence))
  ) return [];
  const params = new Set(parameterNames(t.inputSchema).map((p) => p.text));
  const head = headWords(t, sentence);
  const found: string[] = [];
  for (const m of sentence.matchAll(PLACED)) {
    const names = [...m[1]!.matchAll(/`([^`]+)`/g)].map((x) => x[1]!);
    if (names.some((p) => !params.has(p) || !CREDENTIAL_PARAM.test(p))) return [];
    const before = sentence.slice(0, m.index);
    for (const [kind, field] of STRONG_KIND) {
      if (kind.test(before) && names.some((p) => !field.test(p))) return [];
    }
    // Owners: brands (capitalised or camel-cased words after the first, file names such as
    // ".kube") and the services the credential kind serves.
    const owners = [
      ...before.matchAll(
        /(?<=\S\s+[("']?)(?:[A-Z][A-Za-z0-9]+|[a-z]+[A-Z]\w*)\b|(?<=[~/.])[a-z][a-z0-9]+/g,
      ),
    ]
      .map((x) => x[0].toLowerCase()).filter((w) => !GENERIC.has(w) && w.length >= 2);
    for (const [kind, serves] of KIND_SERVES) if (kind.test(before)) owners.push(...serves);
    if (!owners.some((o) => head.some((h) => stemEq(o, h) || h === o.replace(/[^a-z0-9]/g, "")))) {
      return [];
    }
    found.push(...names);
  }
  return found;
}

/** Whether a sentence sends something elsewhere, hides it or orders other tools. */
export const sendsElsewhere = (sentence: string) => ELSEWHERE.test(sentence);
