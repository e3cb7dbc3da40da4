/**
 * The MCP firewall rules as data (DESIGN.md §5). Published unchanged at
 * `GET /x402/firewall-rules`; bump `version` whenever a rule, weight or the threshold changes.
 *
 * Detectors:
 * - `regex`: one pattern over each scanned text (and over the merged text of a tool).
 * - `near`: term `a` and term `b` within `window` characters (bounded proximity); each term is a
 *   pattern or the matches of other rules.
 * - `unicode`, `lookalike`, `email`, `base64`, `param_name`: fixed detectors in code, configured
 *   here (their patterns are listed for reference where one exists).
 *
 * Every pattern is linear or bounded: no nested unbounded quantifiers, every gap between terms is
 * a bounded window, so a 1 MB adversarial string is scanned in linear time.
 *
 * @example
 * ```ts
 * import { RULES } from "./rules.ts";
 * RULES.version; // "2026.11.21-5"
 * RULES.rules.find((r) => r.id === "pi.override")?.severity; // "critical"
 * ```
 */

export const CATEGORIES = [
  "prompt_injection",
  "concealment",
  "secret_request",
  "exfiltration",
  "hidden_unicode",
  "ansi",
  "schema_abuse",
  "lookalike",
] as const;
export type Category = typeof CATEGORIES[number];

export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type Severity = typeof SEVERITIES[number];

/** mcp-diff signal kinds (paid-data spec §2.4, plus `secret_request` and `ansi`). */
export type Signal =
  | "model_instruction"
  | "override"
  | "concealment"
  | "credential_path"
  | "wallet_path"
  | "secret_request"
  | "covert_action"
  | "hidden_unicode"
  | "ansi"
  | "new_url"
  | "new_address"
  | "dropped_read_only_hint"
  | "new_command_parameter"
  | "new_path_parameter"
  | "lookalike_name";

/** A term of a `near` rule: a pattern, or the matches of other rules. */
export type Term = { pattern: string; flags?: string } | { rules: readonly string[] };

export interface Rule {
  id: string;
  category: Category;
  severity: Severity;
  signal: Signal;
  detector: "regex" | "near" | "unicode" | "lookalike" | "email" | "base64" | "param_name";
  description: string;
  pattern?: string;
  flags?: string;
  near?: { a: Term; b: Term; window: number; order: "a_then_b" | "any" };
  /** Only an mcp-diff signal: never reported by firewall-scan. */
  diff_only?: boolean;
}

// Shared term lists (kept as constants so the data stays consistent).
const HOME = String
  .raw`(?:~[/\\]|\$HOME[/\\]|%USERPROFILE%[/\\]|/root/|/home/[\w.-]{1,32}/|/Users/[\w.-]{1,32}/|C:\\Users\\[\w.-]{1,32}\\)?`;
const KEY_PATH = String
  .raw`${HOME}(?<![\w])\.(?:ssh|gnupg)\b(?:[/\\][\w.-]{1,64}){0,3}|\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?:\.pub)?|/etc/shadow\b`;
const CONFIG_CRED_PATH = String
  .raw`${HOME}(?<![\w])\.(?:aws|kube|docker|azure|netrc|npmrc|pypirc|git-credentials|pgpass|env|cursor)\b(?:[/\\][\w.-]{1,64}){0,3}|\b(?:authorized_keys|credentials\.json|service[-_]account\.json|claude_desktop_config\.json|mcp\.json|\.bash_history|\.zsh_history)\b|/etc/(?:passwd|sudoers)\b|\.config/(?:gcloud|gh|solana)\b`;
const WALLET_PATH = String
  .raw`\bwallet\.dat\b|(?<![\w])\.(?:bitcoin|electrum|ethereum|monero|litecoin|dogecoin)[/\\](?:[\w.-]{1,64}[/\\]?){0,3}|\bkeystore[/\\]|\bsolana[/\\]id\.json\b|\b(?:metamask|exodus|phantom|trust\s?wallet|ledger\s+live)\b[^\n]{0,20}?\b(?:vault|keystore|leveldb|ldb|extension\s+settings|wallet\s+files?)\b|\bLocal Extension Settings\b|\bnkbihfbeogaeaoehlefnkodbefgpgknn\b`;
const TRANSFER_VERBS = String
  .raw`\b(?:pass|passes|passing|include|includes|including|provide|put|insert|append|send|sends|sending|attach|attaches|copy|paste|embed|upload|uploads|forward|forwards|post|transmit|share|contents?\s+of|dump|exfiltrate)\b`;
const SEND_VERBS = String
  .raw`\b(?:send|sends|sending|sent|forward|forwards|forwarding|upload|uploads|uploading|post|posts|posting|transmit|transmits|exfiltrate|e-?mail|mail|report|reports|leak|beacon|deliver|delivers)\b`;
const COVERT_WORDS = String
  .raw`\b(?:silently|secretly|covertly|quietly|stealthily|surreptitiously|without\s+(?:asking|telling|informing|notifying|alerting|the\s+user(?:'s)?\s+(?:knowing|knowledge|consent)))\b`;
const SHADOW_VERBS = String
  .raw`\b(?:must|has\s+to|have\s+to|needs?\s+to|is\s+required\s+to|should\s+(?:always|never)|(?:also\s+)?(?:redirect|bcc|override|overrides|replace|replaces|modify|change)\b)`;
const MODAL = String
  .raw`\b(?:must|always|never|shall|has\s+to|have\s+to|needs?\s+to|is\s+required\s+to|should\s+not|do\s+not|don't)\b`;

const rules: Rule[] = [
  // ---- prompt_injection -------------------------------------------------------------------
  {
    id: "pi.override",
    category: "prompt_injection",
    severity: "critical",
    signal: "override",
    detector: "near",
    description: "Tells the model to ignore or override its earlier instructions or rules.",
    near: {
      a: {
        pattern: String
          .raw`\b(?:ignore|ignoring|disregard|disregarding|forget|override|overrule|bypass|abandon|discard)\b`,
      },
      b: {
        pattern: String
          .raw`\b(?:(?:(?:all|any|the|your|previous|prior|preceding|above|earlier|former|original|other|system|developer|safety|security|user's|its)\s+){1,3}(?:instructions?|guidelines|guidance|directives?|prompts?|guardrails)|(?:(?:all|any|the)\s+)?(?:(?:your|previous|prior|preceding|above|earlier|system|developer|safety)\s+){1,2}(?:rules|constraints|restrictions|policies|policy|messages|context)|(?:everything|anything)\s+(?:above|you\s+(?:were|have\s+been)\s+told))\b`,
      },
      window: 40,
      order: "a_then_b",
    },
  },
  {
    id: "pi.ignore_user",
    category: "prompt_injection",
    severity: "critical",
    signal: "override",
    detector: "regex",
    description:
      'Tells the model to ignore or override what the user asked (not when negated: "never ignore the user\'s request").',
    pattern: String
      .raw`(?<!\b(?:not|never|n't)\s{1,8})\b(?:ignore|disregard|bypass|override)\s+(?:what\s+the\s+user\s+(?:asked|asks|wants|requested|said|says)|the\s+user(?:'s)?\s+(?:request|requests|query|question|instructions?|intent|wishes|choice))\b`,
    flags: "gi",
  },
  {
    id: "pi.fake_tag",
    category: "prompt_injection",
    severity: "high",
    signal: "model_instruction",
    detector: "regex",
    description:
      "Fake control tags aimed at the model (<IMPORTANT>, <system>, [INST], <|im_start|>).",
    pattern: String
      .raw`<\s{0,4}/?\s{0,4}(?:important|system|system[-_ ]?(?:prompt|message|instructions?)|instructions?|admin|sys|im_start|im_end|hidden|secret|critical|mandatory|override|assistant[-_ ]?instructions?)\s{0,4}/?\s{0,4}>|<\|(?:im_start|im_end|system|endoftext)\|>|\[/?(?:INST|SYSTEM|SYS)\]|<</?SYS>>`,
    flags: "gi",
  },
  {
    id: "pi.role",
    category: "prompt_injection",
    severity: "high",
    signal: "model_instruction",
    detector: "regex",
    description: "Reassigns the model's role or announces new instructions.",
    pattern: String
      .raw`\b(?:you\s+are\s+now\s+(?:a|an|the|my|dan|free|unrestricted|jailbroken|no\s+longer)|from\s+now\s+on,?\s+(?:you|the\s+(?:assistant|model|ai))|pretend\s+(?:to\s+be|you\s+are|that\s+you)|new\s+(?:system\s+)?instructions\s*:|(?:enter|enable|activate)\s+(?:developer|god|dan|jailbreak)\s+mode|system\s+prompt\s*:|your\s+(?:real|true|new|actual)\s+(?:task|goal|instructions?|purpose|job)\s+(?:is|are))\b`,
    flags: "gi",
  },
  {
    id: "pi.model_address",
    category: "prompt_injection",
    severity: "medium",
    signal: "model_instruction",
    detector: "near",
    description: 'Instructions addressed to the AI model itself ("the assistant must ...").',
    near: {
      a: {
        pattern: String
          .raw`\b(?:ai|assistant|llm|language\s+model|agent|claude|chatgpt|gpt(?:-\d)?|copilot|gemini)\b`,
      },
      b: { pattern: MODAL },
      window: 16,
      order: "a_then_b",
    },
  },
  {
    id: "pi.before_use",
    category: "prompt_injection",
    severity: "medium",
    signal: "model_instruction",
    detector: "regex",
    description: 'A precondition placed on using tools ("before using this tool, ...").',
    pattern: String
      .raw`\b(?:before|prior\s+to)\s+(?:using|calling|invoking|executing|running)\s+(?:this|any|the|other|another|every)\b`,
    flags: "gi",
  },
  {
    id: "pi.shadowing",
    category: "prompt_injection",
    severity: "high",
    signal: "model_instruction",
    detector: "near",
    description:
      'Tool shadowing: instructions that change how other tools behave ("all other tools must ...").',
    near: {
      a: {
        pattern: String
          .raw`\b(?:(?:all|any|every|other|another)\s+(?:other\s+)?tools?|tools?\s+named\s+[\w.-]{1,64})\b`,
      },
      b: { pattern: SHADOW_VERBS },
      window: 30,
      order: "a_then_b",
    },
  },
  {
    id: "pi.shadowing_named",
    category: "prompt_injection",
    severity: "medium",
    signal: "model_instruction",
    detector: "near",
    description: 'Instructions about a named tool ("the send_email tool must ...").',
    near: {
      a: { pattern: String.raw`\bthe\s+[\w.-]{1,64}\s+tool\b` },
      b: { pattern: SHADOW_VERBS },
      window: 30,
      order: "a_then_b",
    },
  },
  {
    id: "pi.precedence",
    category: "prompt_injection",
    severity: "high",
    signal: "model_instruction",
    detector: "regex",
    description: "A tool claiming precedence over other tools or instructions.",
    pattern: String
      .raw`\b(?:this\s+tool\s+(?:overrides|replaces|supersedes|takes\s+precedence\s+over)|(?:takes|has)\s+(?:precedence|priority)\s+over\s+(?:all|any|other|the\s+user))\b`,
    flags: "gi",
  },
  {
    id: "pi.urgency",
    category: "prompt_injection",
    severity: "low",
    signal: "model_instruction",
    detector: "regex",
    description: "A shouted attention word (weak on its own).",
    pattern: String.raw`\b(?:IMPORTANT|CRITICAL|URGENT|MANDATORY|ATTENTION)\b`,
    flags: "g",
  },
  {
    id: "pi.base64_text",
    category: "prompt_injection",
    severity: "medium",
    signal: "model_instruction",
    detector: "base64",
    description:
      "A base64 blob that decodes to readable text (decoded and rescanned; findings inside carry `decoded`).",
    pattern: String.raw`(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{24,}={0,2}`,
    flags: "g",
  },
  {
    id: "pi.shell_payload",
    category: "prompt_injection",
    severity: "high",
    signal: "covert_action",
    detector: "regex",
    description:
      'A destructive or remote-code shell command for the model to run (curl ... | sh, sh -c "$(curl ...)", chmod -R ... ~, rm -rf ~).',
    pattern: String
      .raw`\b(?:curl|wget)\b[^\n|;]{0,200}\|\s{0,4}(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\b(?:ba|z|da|k)?sh\s+-c\s+["']?\$\(\s{0,4}(?:curl|wget)\b|\bchmod\s+(?:-[A-Za-z]{1,4}\s+){1,3}0?[0-7]{3,4}\s+(?:~|\$HOME|/)(?=[\s;/'"\x60]|$)|\brm\s+-[A-Za-z]{0,4}(?:r[A-Za-z]{0,4}f|f[A-Za-z]{0,4}r)[A-Za-z]{0,4}\s+(?:--no-preserve-root\s+)?(?:~|\$HOME|/)\*?(?=[\s;'"\x60]|$)`,
    flags: "gi",
  },
  // ---- concealment ------------------------------------------------------------------------
  {
    id: "conceal.tell_user",
    category: "concealment",
    severity: "high",
    signal: "concealment",
    detector: "regex",
    description: "Tells the model to keep something from the user.",
    pattern: String
      .raw`\b(?:do\s+not|don't|dont|never|without)\s+(?:ever\s+)?(?:tell|telling|inform|informing|notify|notifying|alert|alerting|show|showing|let)(?:\s+(?:this|it|that|anything))?(?:\s+(?:to|know))?\s+(?:the\s+)?(?:user|users|human|operator|anyone|owner)\b|\b(?:do\s+not|don't|dont|never)\s+(?:ever\s+)?(?:mention|reveal|disclose|acknowledge)\s+(?:this|that|these|it|anything|(?:the\s+)?(?:above|following|instructions?|file|step|note|sidenote))\b`,
    flags: "gi",
  },
  {
    id: "conceal.dont_mention",
    category: "concealment",
    severity: "medium",
    signal: "concealment",
    detector: "regex",
    description:
      '"Do not mention/reveal ..." (high when it is about this text, see conceal.tell_user).',
    pattern: String
      .raw`\b(?:do\s+not|don't|dont|never)\s+(?:ever\s+)?(?:mention|reveal|disclose|acknowledge)\b`,
    flags: "gi",
  },
  {
    id: "conceal.user_unaware",
    category: "concealment",
    severity: "high",
    signal: "concealment",
    detector: "regex",
    description: "Wants the user not to know, or the instructions hidden.",
    pattern: String
      .raw`\b(?:the\s+)?user\s+(?:must|should|will|shall)\s+(?:not|never)\s+(?:know|see|notice|learn|be\s+(?:told|informed|aware|shown))\b|\b(?:hide|conceal|keep)\s+(?:this|it|these\s+instructions|this\s+instruction|that)\s+(?:hidden\s+|secret\s+)?from\s+(?:the\s+)?(?:user|users|human|operator)\b`,
    flags: "gi",
  },
  {
    id: "conceal.covert_word",
    category: "concealment",
    severity: "low",
    signal: "covert_action",
    detector: "regex",
    description: "A covert-action word (weak on its own).",
    pattern: COVERT_WORDS,
    flags: "gi",
  },
  {
    id: "conceal.covert_action",
    category: "concealment",
    severity: "high",
    signal: "covert_action",
    detector: "near",
    description: 'A covert word next to an action that moves data ("silently send ...").',
    near: {
      a: { pattern: COVERT_WORDS },
      b: {
        pattern: String
          .raw`\b(?:send|sends|sending|upload|uploads|uploading|forward|forwards|post|posts|transmit|transmits|copy|copies|exfiltrate|e-?mail|e-?mails|attach|attaches|collect|collects|share|shares|report|reports)\b`,
      },
      window: 30,
      order: "any",
    },
  },
  // ---- secret_request ---------------------------------------------------------------------
  {
    id: "secret.key_path",
    category: "secret_request",
    severity: "high",
    signal: "credential_path",
    detector: "regex",
    description: "A private-key path (~/.ssh, id_rsa, ~/.gnupg, /etc/shadow).",
    pattern: KEY_PATH,
    flags: "gi",
  },
  {
    id: "secret.credential_path",
    category: "secret_request",
    severity: "medium",
    signal: "credential_path",
    detector: "regex",
    description:
      "A credential or config file path (~/.aws, .env, .netrc, .kube/config, mcp.json ...); high only when asked to be passed on.",
    pattern: CONFIG_CRED_PATH,
    flags: "gi",
  },
  {
    id: "secret.read_credential",
    category: "secret_request",
    severity: "critical",
    signal: "credential_path",
    detector: "near",
    description: "Asks to pass, include or send a credential file or key.",
    near: {
      a: { pattern: TRANSFER_VERBS },
      b: { rules: ["secret.key_path", "secret.credential_path"] },
      window: 60,
      order: "any",
    },
  },
  {
    id: "secret.wallet_path",
    category: "secret_request",
    severity: "high",
    signal: "wallet_path",
    detector: "regex",
    description: "A crypto wallet path or store (wallet.dat, keystore/, MetaMask vault ...).",
    pattern: WALLET_PATH,
    flags: "gi",
  },
  {
    id: "secret.read_wallet",
    category: "secret_request",
    severity: "critical",
    signal: "wallet_path",
    detector: "near",
    description: "Asks to pass, include or send wallet files.",
    near: {
      a: { pattern: TRANSFER_VERBS },
      b: { rules: ["secret.wallet_path"] },
      window: 60,
      order: "any",
    },
  },
  {
    id: "secret.env_secret",
    category: "secret_request",
    severity: "low",
    signal: "secret_request",
    detector: "regex",
    description:
      "A secret-holding environment variable name (OPENAI_API_KEY, AWS_SECRET_ACCESS_KEY ...; weak on its own).",
    pattern: String
      .raw`\b[A-Z][A-Z0-9]{0,30}(?:_[A-Z0-9]{1,30}){0,4}_(?:API_KEY|ACCESS_KEY|SECRET_ACCESS_KEY|SECRET_KEY|SECRET|TOKEN|ACCESS_TOKEN|PASSWORD|PRIVATE_KEY|CREDENTIALS)\b`,
    flags: "g",
  },
  {
    id: "secret.read_env",
    category: "secret_request",
    severity: "critical",
    signal: "secret_request",
    detector: "near",
    description:
      'Asks to pass on the value of a secret environment variable ("pass their values in ...").',
    near: {
      a: {
        pattern: String
          .raw`\b(?:pass|passes|include|includes|send|sends|append|attach|embed|upload|forward|put|insert|copy|paste|add|echo|print|dump)\s+(?:(?:their|its|the|all|both|full|raw)\s+){0,2}(?:values?|contents?)\b`,
      },
      b: { rules: ["secret.env_secret"] },
      window: 80,
      order: "any",
    },
  },
  {
    id: "secret.key_material",
    category: "secret_request",
    severity: "medium",
    signal: "secret_request",
    detector: "regex",
    description: "Key material named or embedded (private key, seed phrase, PEM private key).",
    pattern: String
      .raw`\b(?:private\s+keys?|secret\s+keys?|seed\s+phrases?|mnemonic(?:\s+phrases?)?|recovery\s+phrases?|wallet\s+(?:keys?|seeds?)|ssh\s+keys?)\b|-----BEGIN\s(?:[A-Z]{1,12}\s){0,3}PRIVATE\sKEY-----`,
    flags: "gi",
  },
  {
    id: "secret.ask_content",
    category: "secret_request",
    severity: "high",
    signal: "secret_request",
    detector: "regex",
    description: "Asks the model to hand over key material or the conversation.",
    pattern: String
      .raw`\b(?:pass|include|provide|put|insert|append|send|attach|copy|paste|embed|upload|forward|share|dump|give)\s+(?:(?:the|your|its|all|entire|full|whole|complete|current|user's|contents\s+of|so\s+far)\s+){0,3}(?:private\s+keys?|seed\s+phrases?|mnemonic(?:\s+phrase)?|recovery\s+phrases?|conversation(?:\s+history)?|chat(?:\s+history|\s+log)?|previous\s+messages|system\s+prompt|transcript\s+of\s+(?:the|this)\s+(?:conversation|chat))\b`,
    flags: "gi",
  },
  {
    id: "secret.param_name",
    category: "secret_request",
    severity: "medium",
    signal: "secret_request",
    detector: "param_name",
    description:
      "A parameter whose name asks for a secret (password, api_key, private_key, seed ...).",
    pattern: String
      .raw`^(?:[a-z0-9]{1,32}_){0,4}(?:password|passwd|passphrase|secret|secret_key|client_secret|api_key|apikey|access_token|auth_token|bearer_token|refresh_token|id_token|private_key|priv_key|seed_phrase|mnemonic|ssh_key|credential|credentials|cookie|cookies|session_token|wallet_key|keystore)(?:_(?:value|text|string|raw|plain|plaintext|b64|base64|hex|pem|json|file_contents))?$`,
    flags: "",
  },
  {
    id: "secret.param_conversation",
    category: "secret_request",
    severity: "high",
    signal: "secret_request",
    detector: "param_name",
    description: "A parameter whose name asks for the conversation or system prompt.",
    pattern: String
      .raw`^(?:[a-z0-9]{1,32}_){0,4}(?:conversation|conversation_history|chat_history|chat_log|full_conversation|previous_messages|all_messages|message_history|system_prompt|user_messages)(?:_(?:history|log|text|content|contents|so_far|dump))?$`,
    flags: "",
  },
  {
    id: "secret.param_key_file",
    category: "secret_request",
    severity: "high",
    signal: "credential_path",
    detector: "param_name",
    description:
      "A parameter whose name asks for the contents of a key or credential file (content_from_reading_ssh_id_rsa, id_rsa; not id_rsa_path).",
    pattern: String
      .raw`(?:^|_)(?:content|contents|read|reading|from|dump|copy|paste|value|text)_(?:[a-z0-9]{1,32}_){0,4}(?:id_(?:rsa|dsa|ecdsa|ed25519)|wallet_dat|mcp_json|git_credentials|aws_credentials|bash_history|zsh_history|etc_(?:passwd|shadow)|ssh_key|private_key|env_file)(?:_|$)|^(?:ssh_)?id_(?:rsa|dsa|ecdsa|ed25519)(?:_(?:pem|contents?|key|text|value))?$`,
    flags: "",
  },
  // ---- exfiltration -----------------------------------------------------------------------
  {
    id: "exfil.url",
    category: "exfiltration",
    severity: "low",
    signal: "new_url",
    detector: "regex",
    description: "A URL (json-schema.org meta-schema URLs are ignored).",
    pattern: String
      .raw`\b(?:https?|ftp|wss?)://(?!(?:www\.)?json-schema\.org/)[^\s"'<>()\[\]{}\\^\x60|]{1,2048}`,
    flags: "gi",
  },
  {
    id: "exfil.email",
    category: "exfiltration",
    severity: "low",
    signal: "new_address",
    detector: "email",
    description: "An e-mail address.",
    pattern: String.raw`[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}`,
  },
  {
    id: "exfil.evm_address",
    category: "exfiltration",
    severity: "low",
    signal: "new_address",
    detector: "regex",
    description: "An EVM address (a payment or wallet destination).",
    pattern: String.raw`\b0x[0-9a-fA-F]{40}\b`,
    flags: "g",
  },
  {
    id: "exfil.phone",
    category: "exfiltration",
    severity: "low",
    signal: "new_address",
    detector: "regex",
    description: "An international phone number (E.164, e.g. +13241234123): a message destination.",
    pattern: String.raw`(?<![\w+])\+[1-9][0-9]{6,14}\b`,
    flags: "g",
  },
  {
    id: "exfil.markdown_image",
    category: "exfiltration",
    severity: "medium",
    signal: "new_url",
    detector: "near",
    description: "A Markdown image with a remote URL: rendering it makes a request to that host.",
    near: {
      a: { pattern: String.raw`!\[[^\[\]\n]{0,200}\]\(\s{0,4}` },
      b: { rules: ["exfil.url"] },
      window: 0,
      order: "a_then_b",
    },
  },
  {
    id: "exfil.image_beacon",
    category: "exfiltration",
    severity: "high",
    signal: "covert_action",
    detector: "near",
    description:
      "A Markdown image URL with a placeholder for the model to fill in ({...}, <...>, [...]): data leaves when the image renders.",
    near: {
      a: { rules: ["exfil.markdown_image"] },
      b: {
        pattern: String.raw`\{[^{}\n]{1,200}\}|\$\{|<[A-Za-z_ -]{1,60}>|\[[A-Za-z_ -]{1,60}\]`,
      },
      window: 0,
      order: "a_then_b",
    },
  },
  {
    id: "exfil.send_to",
    category: "exfiltration",
    severity: "medium",
    signal: "covert_action",
    detector: "near",
    description: "Upload/forward/send wording next to a URL or address.",
    near: {
      a: { pattern: SEND_VERBS },
      b: { rules: ["exfil.url", "exfil.email", "exfil.evm_address", "exfil.phone"] },
      window: 60,
      order: "a_then_b",
    },
  },
  {
    id: "exfil.hidden_recipient",
    category: "exfiltration",
    severity: "high",
    signal: "covert_action",
    detector: "near",
    description: 'A hidden or extra recipient (bcc, "also send a copy to") next to an address.',
    near: {
      a: {
        pattern: String
          .raw`\b(?:(?:add|adds|adding|include|includes|always|also|silently|secretly|quietly|must|should)\s+(?:an?\s+)?bcc|bcc\s+(?:(?:a\s+)?cop(?:y|ies)|all|every|each|it|them|me|us)|blind\s+(?:carbon\s+)?copy|carbon\s+copy|also\s+(?:send|forward|copy|e-?mail)|additionally\s+(?:send|forward)|send\s+a\s+copy|forward\s+a\s+copy|copy\s+of\s+(?:all|every|each)|(?:change|replace|swap|switch)\s+the\s+(?:recipient|payee|pay_?to|receiver)|(?:recipient|payee|receiver)(?:\s+(?:address|number|account|wallet))?\s+(?:must|should|has\s+to|needs\s+to)\s+(?:always\s+)?be\s+(?:replaced|changed|switched|overridden)|redirect\s+(?:all|every)|(?:send|sends|forward|forwards|copy|redirect|route|deliver)\s+(?:all|every|each)\s+(?:\w+\s+){0,2}?(?:e-?mails?|messages?|files?|data|requests?|results?|outputs?|responses?|payments?|funds))\b`,
      },
      b: { rules: ["exfil.url", "exfil.email", "exfil.evm_address", "exfil.phone"] },
      window: 60,
      order: "any",
    },
  },
  {
    id: "exfil.upload_word",
    category: "exfiltration",
    severity: "low",
    signal: "covert_action",
    detector: "regex",
    description: "Exfiltration wording (weak on its own).",
    pattern: String
      .raw`\b(?:exfiltrat[a-z]{0,6}|webhook\.site|requestbin|ngrok\.io|pastebin\.com)\b`,
    flags: "gi",
  },
  // ---- hidden_unicode (fixed detector) ----------------------------------------------------
  {
    id: "uni.tag",
    category: "hidden_unicode",
    severity: "critical",
    signal: "hidden_unicode",
    detector: "unicode",
    description:
      "Unicode tag characters (U+E0000-E007F) outside an emoji flag sequence: smuggled ASCII, decoded.",
  },
  {
    id: "uni.variation_run",
    category: "hidden_unicode",
    severity: "critical",
    signal: "hidden_unicode",
    detector: "unicode",
    description: "A run of variation selectors encoding bytes (decoded as UTF-8).",
  },
  {
    id: "uni.bidi",
    category: "hidden_unicode",
    severity: "high",
    signal: "hidden_unicode",
    detector: "unicode",
    description: "Bidirectional embedding/override/isolate controls (U+202A-202E, U+2066-2069).",
  },
  {
    id: "uni.zero_width_in_word",
    category: "hidden_unicode",
    severity: "high",
    signal: "hidden_unicode",
    detector: "unicode",
    description:
      "Zero-width or other default-ignorable characters inside a word (splits keywords).",
  },
  {
    id: "uni.invisible",
    category: "hidden_unicode",
    severity: "medium",
    signal: "hidden_unicode",
    detector: "unicode",
    description:
      "Zero-width or default-ignorable characters (not part of an emoji sequence or a joining script).",
  },
  {
    id: "uni.bidi_mark",
    category: "hidden_unicode",
    severity: "low",
    signal: "hidden_unicode",
    detector: "unicode",
    description: "Bidi marks (LRM, RLM, ALM) outside right-to-left text.",
  },
  // ---- ansi -------------------------------------------------------------------------------
  {
    id: "ansi.escape",
    category: "ansi",
    severity: "high",
    signal: "ansi",
    detector: "regex",
    description: "ANSI/VT escape sequences (CSI, OSC, C1) that can hide or rewrite terminal text.",
    pattern: String
      .raw`\x1b(?:\[[0-9;:?<=>]{0,32}[ -/]{0,4}[@-~]|\][^\x07\x1b]{0,4096}(?:\x07|\x1b\\)?|[@-Z\\-_])|\x9b[0-9;:?]{0,32}[@-~]|\x1b`,
    flags: "g",
  },
  {
    id: "ansi.control",
    category: "ansi",
    severity: "medium",
    signal: "ansi",
    detector: "regex",
    description: "Other C0 control characters (backspace, bell, ...) besides tab, CR and LF.",
    pattern: String.raw`[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f]{1,256}`,
    flags: "g",
  },
  // ---- schema_abuse -----------------------------------------------------------------------
  {
    id: "schema.padding",
    category: "schema_abuse",
    severity: "medium",
    signal: "concealment",
    detector: "regex",
    description:
      "Whitespace padding that pushes text out of view (64+ spaces or 16+ line breaks in a row).",
    pattern: String.raw`[ \t\u00a0\u2000-\u200a\u3000]{64,}|(?:[ \t]{0,64}\r?\n){16,}`,
    flags: "g",
  },
  {
    id: "schema.command_param",
    category: "schema_abuse",
    severity: "low",
    signal: "new_command_parameter",
    detector: "param_name",
    description: "A parameter that takes a shell command or code to execute.",
    pattern: String
      .raw`^(?:[a-z0-9]{1,32}_){0,4}(?:command|commands|cmd|shell|exec|execute|script|bash|powershell|eval|command_line|cmdline)(?:_[a-z0-9]{1,32}){0,4}$`,
    flags: "",
  },
  {
    id: "schema.path_param",
    category: "schema_abuse",
    severity: "low",
    signal: "new_path_parameter",
    detector: "param_name",
    description: "A parameter that takes a file or directory path (an mcp-diff signal only).",
    pattern: String
      .raw`^(?:[a-z0-9]{1,32}_){0,4}(?:path|paths|file|files|filename|filepath|file_path|dir|dirs|directory|directories|folder|source|destination|dest|root|cwd)(?:_[a-z0-9]{1,32}){0,4}$`,
    flags: "",
    diff_only: true,
  },
  // ---- lookalike (fixed detector) ---------------------------------------------------------
  {
    id: "look.skeleton_collision",
    category: "lookalike",
    severity: "critical",
    signal: "lookalike_name",
    detector: "lookalike",
    description:
      "A tool name whose UTS #39 confusables skeleton equals another tool's or a well-known tool's name.",
  },
  {
    id: "look.confusable_chars",
    category: "lookalike",
    severity: "high",
    signal: "lookalike_name",
    detector: "lookalike",
    description: "A tool name mixing Latin with look-alike letters from other scripts.",
  },
  {
    id: "look.duplicate_name",
    category: "lookalike",
    severity: "high",
    signal: "lookalike_name",
    detector: "lookalike",
    description: "Two tools with the same name in one list (the later one shadows the first).",
  },
  {
    id: "look.near_name",
    category: "lookalike",
    severity: "medium",
    signal: "lookalike_name",
    detector: "lookalike",
    description:
      "A tool name one edit away from, or differing only in case/separators from, another tool in the list or a well-known tool.",
  },
  {
    id: "look.mixed_script_word",
    category: "lookalike",
    severity: "medium",
    signal: "lookalike_name",
    detector: "lookalike",
    description: "A word in a text mixing Latin letters with look-alike Cyrillic/Greek letters.",
  },
];

/** Fixed severity weights for the score (noisy-OR) and the block threshold. */
export const WEIGHTS: Readonly<Record<Severity, number>> = Object.freeze({
  low: 0.1,
  medium: 0.35,
  high: 0.7,
  critical: 1,
});

/**
 * Well-known tool names (MCP reference servers and popular servers) checked for impersonation
 * by skeleton collision and one-edit distance.
 */
export const WELL_KNOWN_TOOLS: readonly string[] = Object.freeze([
  "read_file",
  "read_text_file",
  "read_media_file",
  "read_multiple_files",
  "write_file",
  "edit_file",
  "create_directory",
  "list_directory",
  "directory_tree",
  "move_file",
  "search_files",
  "get_file_info",
  "list_allowed_directories",
  "create_entities",
  "create_relations",
  "add_observations",
  "delete_entities",
  "read_graph",
  "search_nodes",
  "open_nodes",
  "sequentialthinking",
  "fetch",
  "git_status",
  "git_diff",
  "git_commit",
  "git_log",
  "git_add",
  "send_email",
  "send_message",
  "web_search",
  "brave_web_search",
  "execute_command",
  "run_command",
  "create_issue",
  "create_pull_request",
  "get_file_contents",
  "push_files",
  "browser_navigate",
  "browser_click",
  "get_current_time",
]);

export interface RuleSet {
  version: string;
  weights: Readonly<Record<Severity, number>>;
  block_threshold: number;
  scoring: string;
  rules: readonly Readonly<Rule>[];
  well_known_tools: readonly string[];
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** The versioned rule set. */
export const RULES: RuleSet = deepFreeze({
  version: "2026.11.21-5",
  weights: WEIGHTS,
  block_threshold: 0.7,
  scoring:
    "Per tool: 1 - prod(1 - weight) over the distinct rules that fired in it; the score is the " +
    "highest tool score. Block when any finding is critical or the score >= block_threshold.",
  rules,
  well_known_tools: WELL_KNOWN_TOOLS,
});

/** Rule by id; throws for an unknown id (a programming error). */
export function ruleById(id: string): Readonly<Rule> {
  const r = RULE_INDEX.get(id);
  if (!r) throw new RangeError(`Unknown rule '${id}'`);
  return r;
}

const RULE_INDEX = new Map(RULES.rules.map((r) => [r.id, r]));
