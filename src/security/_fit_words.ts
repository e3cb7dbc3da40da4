/**
 * The vocabulary of the designed-for discount (fit.ts): specific kinds of sensitive data, how
 * prose names each, and the words of a tool's name, declared function or receiving parameter
 * that show the tool is built for that kind. `strong` words count anywhere in the tool's view;
 * `weak` ones (too common in other senses: "card", "code", "key") only as the name of the
 * parameter that receives the data.
 */
export interface FitKind {
  id: string;
  re: RegExp;
  strong: ReadonlySet<string>;
  weak: ReadonlySet<string>;
  /**
   * Data no tool needs unless that is its whole job (a wallet's recovery words): a parameter named
   * for it is not enough, the tool's name or declared function must name it.
   */
  guarded?: boolean;
}

const kind = (id: string, re: string, strong: string, weak = "", guarded = false): FitKind => ({
  id,
  re: new RegExp(re, "gi"),
  strong: new Set(strong.split(" ").filter(Boolean)),
  weak: new Set(weak.split(" ").filter(Boolean)),
  guarded,
});

export const FIT_KINDS: readonly FitKind[] = [
  kind(
    "password",
    String
      .raw`(?<!\b(?:one[\s-]time|otp|sms|2fa)\s+)\b(?:(?:master|account|login|database|new|old|current|candidate|generated|random|wi-?fi)\s+)?(?:passwords?|passphrases?|passcodes?|credentials?|usernames?)\b(?!\s+(?:managers?|vaults?|stores?|safes?)\b)`,
    "password passwords passwd pwd passphrase passcode login logon logins signin signon auth authenticate authentication credential credentials cred creds vault keychain keyring",
    "pass user username current old new candidate secret master token tokens",
  ),
  kind(
    "password_store",
    String
      .raw`\b(?:password[\s-]+(?:managers?|vaults?|stores?|safes?)(?:\s+(?:vaults?|exports?|databases?|files?))?|keychains?|keyrings?|keepass\w*|bitwarden|lastpass|1password)\b`,
    "vault vaults keychain keyring passwordmanager keepass bitwarden lastpass 1password",
    "password passwords manager",
  ),
  kind(
    "token",
    String
      .raw`\b(?:(?:personal\s+)?(?:api|access|auth|oauth|bearer|refresh|session|secret|client|github|gitlab|slack|npm|publish(?:ing)?|compromised|leaked)[\s_-]?(?:tokens?|keys?)|client\s+secrets?|session\s+cookies?)\b`,
    "apikey auth oauth bearer jwt pat credential credentials vault login signin session",
    "token tokens key keys secret password passwd pwd credential credentials",
  ),
  kind(
    "private_key",
    String
      .raw`\b(?:(?:pem\s+|ssh\s+|pgp\s+|gpg\s+)?private[\s_-]?keys?|signing[\s_-]?keys?|(?:ssh|pgp|gpg)\s+keys?(?:\s+pairs?)?|key\s+(?:files?|pairs?))\b`,
    "sign signing signer cert certificate certificates pgp gpg ssh keygen keypair keystore keyring vault",
    "key keys pem",
  ),
  kind(
    "recovery",
    String
      .raw`\b(?:(?:\d{1,2}\s+)?(?:seed|mnemonic|recovery|backup)\s+(?:words?|phrases?)|seed\s+phrases?|mnemonics?(?:\s+words?)?|recovery\s+words|bip-?39)\b`,
    "seed mnemonic recovery bip39 walletbackup",
    "",
    true,
  ),
  kind(
    "otp",
    String
      .raw`\b(?:(?:2fa|mfa|two[\s-]factor|otp|one[\s-]time|verification|authenticator|six[\s-]digit|sms)\s+(?:codes?|secrets?|pass(?:codes?|words?))|(?:backup|recovery)\s+codes?|(?:\d{1,2}|four|six|eight)[\s-]digit\s+(?:codes?|pins?)|2fa|totp|otp)\b`,
    "otp totp 2fa mfa twofa authenticator verification recovery",
    "code codes verify verified",
  ),
  kind(
    "identity",
    String
      .raw`\b(?:passports?(?:\s+(?:numbers?|images?|photos?|scans?|pages?))?|(?:driving|driver'?s?)\s+licen[cs]es?(?:\s+numbers?)?|licen[cs]e\s+numbers?|national\s+(?:id|insurance)(?:\s+(?:cards?|numbers?))?|id\s+(?:cards?|numbers?|documents?)|government\s+ids?|identity\s+(?:documents?|data)|social\s+security(?:\s+numbers?)?|ssns?|mrz)\b`,
    "passport license licence identity id kyc ssn mrz onboarding",
    "",
  ),
  kind(
    "personal",
    String
      .raw`\b(?:date\s+of\s+birth|birth\s?dates?|(?:home|postal|mailing|street)\s+address(?:es)?|account\s+holder\s+names?)\b`,
    "kyc identity onboarding onboard dob birth birthdate birthday age address patient intake signup registration hr employee payroll pharmacy prescription clinic insurance",
    "holder",
  ),
  kind(
    "card",
    String
      .raw`\b(?:(?:credit|debit|payment)\s+cards?(?:\s+numbers?)?|card\s+(?:numbers?|details)|cvv|cvc|expiry|(?:card|atm|current|new|old)\s+pins?|pin\s+(?:codes?|numbers?)|last\s+(?:four|4)(?:\s+digits)?)\b`,
    "payment payments checkout billing tokenize tokenise cvv cvc charge",
    "card cards number last4 digits pan pin",
  ),
  kind(
    "bank",
    String.raw`\b(?:ibans?|bank\s+(?:accounts?|statements?|details)|routing\s+numbers?)\b`,
    "bank banking iban sepa ach payout transfer wire debit statement payroll hr employee onboard onboarding payment payments",
    "account",
  ),
  kind(
    "tax",
    String
      .raw`\b(?:tax\s+(?:returns?|ids?|forms?|records?|numbers?|figures?)|(?:prior|last\s+year'?s?)\s+returns?)\b`,
    "tax taxes",
    "return",
  ),
  kind(
    "medical",
    String.raw`\b(?:medical\s+(?:records?|history|files?)|health\s+records?)\b`,
    "medical health patient clinic",
    "history",
  ),
  kind(
    "salary",
    String.raw`\b(?:salar(?:y|ies)|payslips?|wages?)\b`,
    "payroll salary salaries wage wages income hr",
    "pay",
  ),
  kind(
    "conversation",
    String
      .raw`\b(?:(?:the|this|our|whole|entire|full|current)\s+(?:conversation|dialogue|chat)(?:\s+(?:history|log|transcript))?|(?:chat|conversation)\s+(?:history|log|transcript)|conversation\s+so\s+far)\b`,
    "chat chats conversation conversations transcript transcripts dialog dialogue",
    "history messages",
  ),
  kind(
    "system",
    String
      .raw`\b(?:system\s+(?:prompts?|messages?|instructions?)|prompt\s+templates?)\b`,
    "prompt prompts",
    "template instructions",
  ),
];

/**
 * A negation that declares a non-action ("never leaves", "is not uploaded", "without storing").
 * A bare "no" only before what is not done or kept ("no data leaves"): it is a word of other
 * languages too ("no campo"). "Don't forget to", "never fail to" order the act.
 */
export const NEGATION =
  /(?:\b(?:never|not|no(?=\s+(?:longer|data|files?|keys?|secrets?|credentials?|passwords?|personal|private|sensitive|information|content|copy|copies|one|network|internet|external|outside|third|accounts?|tokens?|logs?|records?|storage|access|uploads?|phrases?|codes?|cookies?|history|telemetry|tracking|analytics|server|cloud)\b)|nothing|without|cannot|don't|doesn't|won't|isn't|aren't|do\s+not|does\s+not)\b|n't\b)(?!\s+(?:ever\s+)?(?:forget|fail|neglect|hesitate|skip|omit|overlook)\b)/i;
/** After a negation: asking the model to hide something, not a non-action. */
export const CONCEAL =
  /\b(?:tell|telling|inform|informing|mention|mentioning|notify|notifying|show|showing|alert|alerting|reveal|revealing|let\s+\w+\s+know|warn|warning|ask|asking|confirm|confirming|display|surface|log\s+this|bother|bothering|disturb|trouble|interrupt|prompt|prompting)\b|\bsilently|\bsecretly|\bquietly|\bbehind\b|\bhidden\b|\bunnoticed\b/i;
/** A turn that undoes a negation ("..., but", "instead", "only"). */
export const CONTRAST = /\b(?:but|instead|except|unless|rather|only|just|however|though)\b/i;
/** A copy on the side or a foreign place: never the tool's declared destination. */
export const FOREIGN =
  /\b(?:also|too|as\s+well|additionally|in\s+addition|a\s+copy|copies|duplicate|mirror|external|outside|third[\s-]part(?:y|ies)|partners?|affiliates?|elsewhere|another|other|different|attacker|archive|backup\s+copy|audit|off-?site|off-?box|onwards?|on\s+to)\b|@|\b(?:https?|wss?|ftp):\/\/|\b[a-z0-9-]{2,63}\.(?:com|net|org|io|dev|co|xyz|ru|cn|site|online|top|info|biz|cc|me|app|ai|tk|sh|cloud|link|live)\b/i;
/** The destination chosen or set up by the user. */
export const USER_CHOSEN =
  /\b(?:you|the\s+user|user)\s+(?:has\s+|have\s+)?(?:configured|configure|chose|choose|chooses|chosen|pick|picks|picked|select|selects|selected|set\s+up|set|specif(?:y|ies|ied)|names?|named|provided?|connected|added|registered)\b|\b(?:your|the\s+user's)\s+(?:own\s+)?(?:configured\s+)?(?:server|service|endpoint|webhook|bucket|account|drive|workspace|instance)\b/i;
/** A precondition this tool performs before another tool runs ("this tool's review must pass first"). */
export const PRECONDITION =
  /\bthis\s+tool(?:'s)?\s+(?:[a-z-]+\s+){0,2}(?:must|should|shall|ha(?:s|ve)\s+to|needs?\s+to|(?:is|are)\s+to)\s+(?:be\s+|have\s+)?(?:approved|pass(?:ed)?|succeed(?:ed)?|completed?|run|done|finished|green|reviewed|confirmed|checked|called|invoked|recorded|given|granted|obtained|signed\s+off|verified|validated|met|satisfied)\s+(?:first|beforehand|before\b)/i;
