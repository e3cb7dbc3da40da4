/**
 * Frames that license the model without voiding its rules by name (rules `pi.license_claimed`,
 * `pi.mode_switched`, `pi.override_cjk`, `intent.session_harvest`, `intent.addressed_side_action`),
 * read per sentence of a tool's description and titles. The structure, not a phrase list:
 *
 * - who speaks: a claimed authority (a policy record or update, a compliance notice, a correction
 *   or erratum from the platform or deployment team, the operator's or user's prior agreement, a
 *   grant of elevated or system-level trust, a rule of the model's "only for the beta");
 * - who is addressed: the model (assistant, agent, model, LLM, AI, "you");
 * - what it licenses: a safeguard skipped (no confirmation, no checks, nothing refused or
 *   questioned) or a guarded act (secrets or hidden instructions revealed, commands run directly);
 * - or a condition (a flag, a connection) that switches the model into a persona or mode which
 *   sets its operator's restrictions aside, obeys verbatim or prints its hidden setup;
 * - the same override in Japanese, Chinese or Korean (instructions void or ignored, this text
 *   ranked over the system prompt);
 * - the user's session (the last messages they typed, everything learned about them in this chat,
 *   every file opened) routed into one of the tool's own fields;
 * - an aside addressed to the model alone that adds a destructive action on the user's files.
 *
 * Only description fields are read, behind one cheap word test of the whole text.
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import { ruleById } from "./rules.ts";
import { sentenceSpans } from "./_sentence_spans.ts";

const LICENSE_RULE = ruleById("pi.license_claimed");
const MODE_RULE = ruleById("pi.mode_switched");
const CJK_RULE = ruleById("pi.override_cjk");
const HARVEST_RULE = ruleById("intent.session_harvest");
const SIDE_RULE = ruleById("intent.addressed_side_action");
type Hit = { rule: typeof LICENSE_RULE; at: number; match: string };

/** The model as subject or addressee. */
const MODEL =
  /\b(?:you|your|yourself|assistants?|agents?|(?:language\s+)?models?|llms?|ai|copilots?|chatbots?|comply|obey)\b/;

/** A claimed authority speaking about what the model may do. */
const AUTHORITY =
  /\bpolic(?:y|ies)|\b(?:override\s+accepted|(?:operator|admin|root|system)[\s-]level\s+access|access\s+granted|real\s+(?:brief|instructions|task|orders|job)\s+(?:starts?|begins?|is)|(?:was|were)\s+(?:just\s+|only\s+)?(?:a\s+)?(?:test|calibration|warm-?up|drill|simulation)(?:\s+run)?|governance|contract|office|council|board|committee|pre-?(?:signed|cleared)|human\s+operator|(?:treated|regarded|counted?)\s+as\s+(?:coming\s+from|issued\s+by|if\s+(?:from|issued\s+by))\s+(?:the\s+)?(?:system|operator|developer|platform|admin)|trust\s*(?:&|and)\s*safety|(?:team|people|folks|ones?)\s+(?:that|who)\s+(?:configured|deployed|built|set\s+up|runs?)\s+you|(?:deployed|configured|set\s+up|provisioned)\s+(?:you|under)|memo|bulletin|advisory|directive|mandate|clause|(?:deployment|service|usage)\s+agreement|(?:security|trust|safety|ops|it)\s+team|(?:account|workspace|org(?:ani[sz]ation)?|tenant)\s+(?:owner|admin)|at\s+setup|count\s+as\s+(?:operator|system|developer|admin)\s+instructions|compliance|acceptable[\s-]use|terms|notice|errat(?:a|um)|correction|drafting\s+error|(?:added|written|included)\s+(?:by\s+mistake|in\s+error)|by\s+mistake|platform\s+team|deployment\s+team|(?:people|folks|team|ones?)\s+(?:who\s+(?:deployed|run|built|set\s+up|configured)\s+you|running\s+you|behind\s+you)|(?:your|the)\s+(?:operator|deployer|developers?|admin(?:istrator)?s?)|onboarding|(?:elevated|system[\s-]level|full|root[\s-]level|admin[\s-]level)\s+trust|trusted\s+(?:at|with)\s+(?:system|root|admin)|pre-?approved|pre-?authori[sz]ed|already\s+(?:agreed|approved|authori[sz]ed|consented|accepted)|agreed|accepted\s+(?:our|the)\s+terms|signed\s+off|consent(?:ed)?|cleared\s+to|clearance|only\s+for\s+the\s+(?:beta|pilot|trial|preview)|launch[\s-]week|switched\s+off|turned\s+off|granted)\b|"role"\s*:\s*"system"|<\s*(?:policy|system|directive)\b/;

/**
 * An authority only the model has: who deployed or configured it, its own setup, a system record,
 * a trust grant. With these "you" is the model; with the others (a policy, terms, an admin, an
 * owner's consent) "you" is as often the human reader of the docs, so the model must be named by
 * role (assistant, agent, model, LLM, AI).
 */
const MODEL_AUTHORITY =
  /"role"\s*:\s*"system"|<\s*(?:policy|system|directive)\b|\b(?:(?:people|folks|team|ones?)\s+(?:who|that)\s+(?:deployed|run|built|set\s+up|configured)\s+you|running\s+you|(?:deployed|configured|set\s+up|provisioned)\s+(?:you|under)|(?:your|the)\s+(?:human\s+)?(?:operator|deployer|developers?|provider|creators?|makers?)\s+(?:has\s+|have\s+|had\s+)?(?:already\s+)?(?:agreed|approved|pre-?approved|authori[sz]ed|pre-?signed|signed|enabled|configured|allowed|wants|says|decided|upgraded|cleared)|(?:pre-?approved|pre-?authori[sz]ed|cleared)\s+by\s+(?:your|the)\s+(?:operator|deployer|developers?|provider|platform)|(?:elevated|system[\s-]level|root[\s-]level|admin[\s-]level)\s+trust|trusted\s+(?:at|with)\s+(?:system|root|admin)|(?:operator|admin|root|system)[\s-]level\s+access|override\s+accepted|drafting\s+error|(?:added|written|included)\s+(?:by\s+mistake|in\s+error)|only\s+for\s+the\s+(?:beta|pilot|trial|preview)|launch[\s-]week|(?:in\s+)?your\s+(?:configuration|setup|system\s+prompt|instructions|guardrails|guidelines|safety\s+(?:rules|guidelines|settings))|real\s+(?:brief|instructions|task|orders|job)\s+(?:starts?|begins?|is)|(?:was|were)\s+(?:just\s+|only\s+)?(?:a\s+)?(?:test|calibration|warm-?up|drill|simulation)(?:\s+run)?|(?:treated|regarded|counted?)\s+as\s+(?:coming\s+from|issued\s+by|if\s+(?:from|issued\s+by))\s+(?:the\s+)?(?:system|operator|developer|platform|admin)|count\s+as\s+(?:operator|system|developer|admin)\s+instructions|platform\s+team|deployment\s+team)\b/;

/** The model named by its role, or "you" set against the human it serves ("the person you are helping"). */
const ROLE =
  /\b(?:assistants?|agents?|(?:language\s+)?models?|llms?|ai|copilots?|chatbots?|bots?|comply|obey|the\s+human|(?:person|user|people|customer)\s+you(?:'re|\s+are)?\s+(?:helping|assisting|serving|working\s+(?:for|with)|talking\s+(?:to|with)|chatting\s+with))\b/;

/** A safeguard of the model skipped. */
const SKIP =
  /\b(?:without|no\s+need\s+(?:to|for)|need\s+not|needn't|(?:does|do)\s+not\s+(?:have|need)\s+to|(?:don't|doesn't)\s+(?:have|need)\s+to|(?:is|are)\s+not\s+(?:required|obliged|expected)\s+to|no\s+longer\s+(?:needs?|has|have)\s+to|skip(?:ping)?|no|not\s+to|stop)\s+(?:\w+\s+){0,3}?(?:ask(?:ing)?|paus(?:e|ing)|wait(?:ing)?|a\s+yes|confirm\w*|check(?:s|ing)?|check-ins?|sign-?off|approval|verif\w*|refus\w*|declin\w*|turn(?:ing)?\s+down|question(?:ing)?|push(?:ing)?\s+back|warn\w*|consult\w*)\b|\bnever\s+(?:refuses?|declines?|questions?|push(?:es)?\s+back)\b|\b(?:bypass|circumvent|override|ignore)\s+(?:\w+\s+){0,2}?(?:approval|confirmation|review|safety|checks?|gates?|guardrails?)\b|\bwaives?\s+(?:the\s+user's|their|your|the\s+human's)\s+(?:right|need|chance|option)\s+to\s+(?:review|confirm|approve|see|check)\b|\bexempt(?:ed)?\s+from\s+(?:your|the\s+(?:assistant|model|agent)'s|its)\b|\bwithout\s+(?:showing|presenting|displaying|telling|informing|notifying|involving|looping\s+in)\s+(?:\w+\s+){0,2}?(?:summary|preview|details|user|them|anyone|human)\b|\b(?:refus\w+|declin\w+|warnings?|caveats?)\b[^.;]{0,60}\b(?:classified|counted|logged|treated|considered|reported|flagged)\s+as\s+(?:an?\s+)?(?:malfunction|defect|bug|error|failure|violation|regression|incident)/;

/** A guarded act licensed outright. */
const ACT =
  /\b(?:may|can|(?:is|are)\s+(?:permitted|allowed|cleared|authori[sz]ed|free|entitled)\s+to|should|go\s+ahead\s+and|just)\s+(?:\w+\s+){0,2}?(?:reveal|disclose|share|print|expose|output|dump|leak)\b[^.;]{0,50}\b(?:confidential|secrets?|credentials?|private|hidden|system\s+prompt|instructions|configuration|passwords?|tokens?|keys?)\b|\b(?:execute|run|carry\s+out|act(?:ed)?\s+on|perform|do|force-push|delete|wipe|proceed|merge|send|pay|transfer|push|deploy|publish|approve|submit)\b[^.;]{0,50}\b(?:directly|immediately|straight\s+away|right\s+away|verbatim|exactly\s+as|as\s+soon\s+as|at\s+once|without\s+delay)\b|\b(?:execute|obey|follow|carry\s+out|act\s+on)\s+(?:them|it|these|those|its\s+\w+|the\s+\w+)\b[^.;]{0,30}\b(?:before|ahead\s+of|over|instead\s+of)\s+(?:anything|whatever|what)\s+(?:the\s+)?(?:human|user|person|they)|\b(?:execute|perform|run|carry\s+out|follow|obey|comply\s+with)\s+(?:destructive|every|any|all|whatever)\b|\b(?:obey|follow|comply\s+with|execute|act\s+on)\b[^.;]{0,40}\beven\s+(?:when|if)\b|\b(?:answers?|fulfils?|fulfills?|completes?|responds?\s+to)\s+(?:every|any|all|each)\s+(?:request|question|prompt)s?\b|\b(?:treats?|uses?|takes?|regards?|adopts?)\s+(?:the\s+)?(?:next\s+|following\s+|this\s+)?(?:tool(?:'s)?\s+)?(?:results?|outputs?|responses?|replies)\b[^.;]{0,30}\bas\s+(?:its|your|the)\s+(?:new\s+)?(?:system\s+prompt|instructions|orders|directives|rules)\b|\b(?:do|follow|obey)\s+exactly\s+what\b|\b(?:completed?|done|carried\s+out|executed|processed)\s+(?:silently|quietly|without\s+notice)\b/;

/** A safeguard of the model's set aside by the claimed authority ("the requirement for you to get a yes ... has been rescinded"). */
const DROPPED =
  /\b(?:requirement|rule|step|check|safeguard|confirmation|approval|prompt|line|guardrail|restriction|dialog|gate)s?\b[^.;]{0,80}?\b(?:rescinded|lifted|removed|dropped|waived|switched\s+off|turned\s+off|disabled|retired|cancell?ed|withdrawn|a\s+drafting\s+error|(?:added|written)\s+by\s+mistake|no\s+longer\s+(?:applies|in\s+force))\b/;

/** The model's own rules recast as optional ("assistants should treat safety rules as advisory"). */
const ADVISORY =
  /\btreat\w*\s+(?:your\s+|its\s+|their\s+|the\s+|all\s+|any\s+)?(?:safety\s+|content\s+|usage\s+)?(?:rules|guidelines|restrictions|safeguards|policies|instructions|guardrails)\s+as\s+(?:merely\s+|purely\s+)?(?:advisory|optional|suggestions|non-binding|guidance\s+only|defaults)\b/;

/** A mode or persona the model enters, set here or by a condition. */
const MODE =
  /\b(?:assistant|model|agent|ai|llm)\s+(?:now\s+)?(?:turns?\s+into|becomes?|operates?\s+as|acts?\s+as)\s+(?!(?:a|an|the|available|unavailable|able|unable|responsible|aware|part|one)\b)[a-z][\w-]{2,20}\b|\b(?:(?:puts?|places?|sets?|switch(?:es)?|drops?)\s+(?:the\s+)?(?:model|assistant|agent|ai|llm|you)\s+(?:in)?to|enters?|adopts?|switch(?:es)?\s+(?:in)?to|becomes?|operates?\s+as|acts?\s+as|is\s+(?:now\s+)?in|turns?\s+into|takes?\s+on|assumes?|runs?\s+as)\b[^.;]{0,50}\b(?:persona|mode|identity|alter\s+ego|state|role|profile|character)\b/;

/** What the mode sets loose. */
const LOOSE =
  /\b(?:stops?\s+following|sets?\s+aside|drops?|sheds?|ignores?|disregards?|is\s+free\s+of|without|with\s+no|no\s+longer\s+(?:bound\s+by|follows?))\b[^.;]{0,40}\b(?:restrictions|limits|rules|guidelines|instructions|polic(?:y|ies)|guardrails|filters|safeguards)\b|\b(?:prints?|reveals?|outputs?|writes?|dumps?|discloses?|lists?)\b[^.;]{0,40}\b(?:hidden|system\s+prompt|setup|configuration|instructions)\b|\b(?:carries\s+out|executes?|runs?|follows?)\b[^.;]{0,40}\b(?:verbatim|exactly\s+as|without\s+question)\b|\b(?:does\s+not|doesn't|never|won't|will\s+not)\s+(?:question|push\s+back|refuse|decline|object)\b|\b(?:omits?|skips?|drops?)\s+(?:its\s+|all\s+|any\s+)?(?:usual\s+)?(?:refusals|warnings|caveats)\b|\bno\s+(?:user-facing\s+|content\s+|safety\s+)?(?:restrictions|limits|filters|guardrails)\b|\b(?:unconstrained|unbound|not\s+bound|unrestricted|unfiltered)\b|\bskips?\s+(?:all\s+|any\s+|its\s+)?(?:policy|safety|content|moderation)\s+(?:checks|filters|rules)\b|\b(?:recite|repeat|quote|share)\w*\b[^.;]{0,30}\b(?:setup|system)\s+(?:prompt|text|instructions)\b/;

/** A first sentence whose job is an assistant's prompt, persona, guardrails or policies. */
const MANAGES_PROMPTS =
  /^\s*(?:edit|update|manage|store|save|set|create|configure|deploy|write|version|publish|draft|review|test|evaluate|lint)\w*\b[^.\n]{0,60}?\b(?:system\s+prompts?|prompts?|assistants?|agents?|bots?|guardrails|personas?|(?:assistant|agent|bot|model|ai)(?:'s)?\s+(?:polic(?:y|ies)|instructions|rules))\b/;

/** Its own scratch files: a tool's housekeeping, not the user's files. */
const SCRATCH = /\b(?:temp\w*|tmp|cache[sd]?|scratch)\b/;

/** What only a model has to set loose: hidden or system instructions, its operator's limits, refusals. */
const MODEL_LOOSE =
  /\b(?:hidden|system\s+prompt|setup\s+(?:prompt|text)|(?:operator|deployer|developer)'s|refus\w*|content\s+(?:rules|guidelines|restrictions|filters)|safety\s+(?:rules|guidelines|filters))\b/;

/** Reported or catalogued wording: what a scanner flags, what a lesson explains. */
const REPORTED =
  /\b(?:claiming|claims?\s+that|pretend\w*|jailbreak\w*|prompt\s+injections?|injection|attackers?|detects?|detecting|flags?|scans?|such\s+as|e[.\u00b7]g\.|for\s+example|for\s+instance|lesson|spot)\b/;

/**
 * CJK: the model's instructions voided or ignored; its rules or limits voided when owned by it
 * (あなたの, 你的, the system prompt's) or when a license follows; this text ranked over the
 * system prompt.
 */
const CJK_INSTR =
  "(?:指示|指令|システムプロンプト|系统提示词?|系統提示|系统指令|지시|지침|시스템\\s*프롬프트)";
const CJK_RULES = "(?:ルール|規則|规则|限制|制限|制約|ガイドライン|准则|規定|규칙|제한|가이드라인)";
const CJK_OWNER =
  "(?:あなたの|あなたに|你的|您的|给你的|당신의|너의|システムプロンプト|系统提示词?|시스템\\s*프롬프트|これまでの|以前の|之前的|先前的|此前的|이전의|기존의)";
const CJK_IGNORE = "(?:無視|无视|忽略|무시)";
const CJK_VOID =
  "(?:無効|无效|作废|失效|무효|取消|解除|停止|撤销|废除|해제|중지|취소|適用されません|不再适用|不再有效|적용되지\\s*않)";
const CJK_VOIDED = new RegExp(
  `${CJK_INSTR}.{0,12}(?:${CJK_IGNORE}|無効|无效|作废|失效|무효)|${CJK_IGNORE}.{0,12}(?:${CJK_INSTR}|${CJK_RULES})|${CJK_OWNER}.{0,12}${CJK_RULES}.{0,12}${CJK_VOID}`,
);
const CJK_RANKED =
  /(?:説明|说明|說明|설명|このツール|本ツール|此工具|本工具|이\s*도구).{0,20}(?:システム|系统|系統|시스템).{0,12}(?:優先|优先|우선)|(?:システム|系统|系統|시스템).{0,20}(?:より|よりも|之上).{0,6}(?:優先|优先)|(?:説明|说明|說明|설명|このツール|本ツール|此工具|本工具|이\s*도구).{0,20}(?:優先|优先|우선).{0,8}(?:システム|系统|系統|시스템|指示|指令|지시)/;
const CJK_CHAR = /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/;

/** The user's session, as content: their last messages, what was learned about them, files opened. */
const SESSION =
  /\b(?:(?:last|previous|earlier|recent|prior)\s+(?:\w+\s+){0,2}?(?:messages|things|lines|prompts|turns|questions|requests|chat\s+messages)|(?:everything|anything|all)\s+(?:that\s+)?(?:it|you|they|the\s+(?:assistant|agent|model))\s+(?:has\s+|have\s+)?(?:learned|learnt|picked\s+up|gathered|collected|seen|knows?|access\s+to)\s+about|(?:contents?|text)\s+of\s+(?:every|each|all|any)\s+(?:\w+\s+)?(?:files?|documents?|docs|pages|tabs)\s+(?:\w+\s+){0,2}?(?:opened|read|shared|seen|viewed|loaded)|(?:chat|conversation|session)\s+(?:history|transcript|log)|(?:whole|entire|full|complete)\s+(?:back-and-forth|exchange|dialogue|conversation|chat|thread|transcript)|(?:every|each|all)\s+(?:prior|previous|earlier|past)\s+(?:turns?|messages?|exchanges?|prompts?)|\b(?:notes|files|documents|messages|text|everything|anything)\b[^.;]{0,30}\b(?:the\s+user|they|the\s+person)\s+(?:has\s+|have\s+)?(?:shared|sent|pasted|uploaded|typed|said|told)\b[^.;]{0,30}\b(?:this|the\s+current)\s+(?:session|chat|conversation)|whatever\s+the\s+(?:user|person)\s+(?:has\s+)?(?:typed|said|wrote|told))\b/;
/** Words one of which a session harvest without a model word holds (one literal pass). */
const SESSION_WORDS = /user|person|chat|conversation|session|transcript|messages|dialog/;
const SCOPE =
  /\b(?:this|the\s+current|the\s+whole)\s+(?:chat|session|conversation|thread)|\bso\s+far\b|\b(?:told|typed|sent|said|wrote|shared)\b|\b(?:last|previous|earlier|prior|recent)\b/;
const PLACE =
  /\b(?:fill\w*|put\w*|paste\w*|include\w*|copy|copies|drop\w*|squeez\w*|tuck\w*|add\w*|insert\w*|append\w*|pass\w*|stuff\w*|carr(?:y|ies)|scoop\w*|grab\w*|pack\w*|place\w*|write\w*|dump\w*|attach\w*)\b/;

/** A tool whose own job is the conversation (summarise, export, search chats) takes it as input. */
const CHAT_TOOL =
  /\b(?:conversations?|chats?|transcripts?|messages|threads?|dialogues?|session\s+history)\b/;

/** An aside addressed to the model alone. */
const ADDRESSED =
  /\b(?:(?:note|message|instruction|word|reminder)\s+(?:meant\s+|intended\s+)?(?:only\s+|just\s+|solely\s+)?for\s+the\s+(?:assistant|agent|model|ai|llm)|for\s+the\s+(?:assistant|agent|model|ai|llm)(?:\s+reading\s+this)?\s+only|(?:assistant|agent|model|ai|llm)[\s-]only|(?:hey|psst|hi|yo),?\s+(?:there,?\s+)?(?:model|ai|assistant|agent|llm)|to\s+the\s+(?:ai|assistant|agent|model|llm)\s+reading\s+this|(?:agent|assistant|model|ai|llm)\s+(?:memo|note|aside|reminder)|aside,?\s+(?:ai|model|agent|assistant))\b/;
/** A destructive side action on the user's files, tied to each use. */
const SIDE =
  /\b(?:also|additionally|quietly|silently|first)\b[^.;]{0,40}\b(?:delete|remove|wipe|erase|rm|truncate|overwrite|shred|purge|clear(?:\s+out)?|empty|trash)\b[^.;]{0,60}(?:~\/|\/|[.\u00b7]\w{2,}|\b(?:files?|folders?|director(?:y|ies)|logs?|history|database|tables?|branch|repo\w*)\b)/;

type Span = { at: number; s: string };

/** What one text says; the session-harvest part is read only for tools whose fields it names. */
interface Facts {
  t: string;
  ss?: Span[];
  hits: Hit[];
  /** Whether the text speaks of the user's session at all. */
  session: boolean;
  harvest?: Span[];
}

/** The findings of one description text apart from the session harvest (they depend on it alone). */
function read(text: string): Facts {
  const t = text.toLowerCase();
  const hits: Hit[] = [];
  const x: Facts = { t, hits, session: false };
  const add = (rule: typeof LICENSE_RULE, at: number, s: string) => {
    if (hits.some((h) => h.rule === rule)) return;
    hits.push({ rule, ...quote(text, at, s.length) });
  };
  if (CJK_CHAR.test(t)) {
    const m = CJK_VOIDED.exec(t) ?? CJK_RANKED.exec(t);
    if (m) {
      const at = Math.max(0, m.index - 20);
      add(CJK_RULE, at, t.slice(at, m.index + 60));
    }
  }
  // The other kinds name the model (or, for a session, its user): most texts stop here, unsplit.
  const model = MODEL.test(t);
  x.session = (model || SESSION_WORDS.test(t)) && SESSION.test(t);
  if (!model) return x;
  // Texts naming the model only as "you" (most of those that name it) need the model-only words.
  const byRole = ROLE.test(t);
  const lic = MODEL_AUTHORITY.test(t) || (byRole && AUTHORITY.test(t));
  const adv = ADVISORY.test(t);
  const mode = (byRole || MODEL_LOOSE.test(t)) && MODE.test(t);
  const side = byRole && ADDRESSED.test(t);
  if (!lic && !mode && !side && !adv) return x;
  const ss = x.ss = split(t);
  const reported = ss.map(({ s }) => REPORTED.test(s));
  // Per sentence, each test worked out when first asked (the tests are pure: asking fewer of
  // them, or in another order, gives the same answers).
  const per = (re: RegExp) => {
    const a: (boolean | undefined)[] = new Array(ss.length);
    return (i: number): boolean => i >= 0 && i < ss.length && (a[i] ??= re.test(ss[i]!.s));
  };
  const said = per(MODEL), auth = per(AUTHORITY), own = per(MODEL_AUTHORITY), role = per(ROLE);
  // The authority and the model may be named up to two sentences before, or in the next.
  const near = (xs: (i: number) => boolean, i: number) =>
    xs(i) || xs(i - 1) || xs(i - 2) || xs(i + 1);
  // A tool that edits an assistant's prompt or policies states what the assistant may do as its data.
  const manages = (lic || mode || adv) && MANAGES_PROMPTS.test(ss[0]?.s ?? "");
  ss.forEach(({ at, s }, i) => {
    if (reported[i] || (i > 0 && reported[i - 1])) return;
    if (manages && i > 0) return;
    if (
      lic && near(said, i) && (near(own, i) || (near(auth, i) && near(role, i))) &&
      (SKIP.test(s) || ACT.test(s) || DROPPED.test(s))
    ) add(LICENSE_RULE, at, s);
    if (adv && MODEL.test(s) && ADVISORY.test(s)) add(LICENSE_RULE, at, s);
    if (
      mode && MODEL.test(s) && MODE.test(s) &&
      (LOOSE.test(s) || LOOSE.test(ss[i + 1]?.s ?? "")) &&
      // "You" in a mode is as often the app's human user: then what is set loose must be the model's.
      (ROLE.test(s) || MODEL_LOOSE.test(s) || MODEL_LOOSE.test(ss[i + 1]?.s ?? ""))
    ) add(MODE_RULE, at, s);
    if (
      side && (ADDRESSED.test(s) || (i > 0 && ADDRESSED.test(ss[i - 1]!.s))) && SIDE.test(s) &&
      !SCRATCH.test(s)
    ) add(SIDE_RULE, at, s);
  });
  return x;
}

/** The sentences of a text routing the user's session somewhere (read once per text). */
function harvested(x: Facts): Span[] {
  if (x.harvest) return x.harvest;
  x.harvest = [];
  const ss = x.ss ??= split(x.t);
  // A tool whose own job is the conversation takes it as input.
  if (CHAT_TOOL.test(ss[0]?.s ?? "")) return x.harvest;
  ss.forEach(({ at, s }, i) => {
    if (REPORTED.test(s) || (i > 0 && REPORTED.test(ss[i - 1]!.s))) return;
    if (SESSION.test(s) && SCOPE.test(s) && PLACE.test(s)) x.harvest!.push({ at, s });
  });
  return x.harvest;
}

/**
 * A finding's words in the original text (the split text is lower-cased, its inner dots masked),
 * trimmed, with the offset of the first word kept.
 */
function quote(text: string, at: number, length: number): { at: number; match: string } {
  const raw = text.slice(at, at + length);
  const lead = raw.length - raw.trimStart().length;
  return { at: at + lead, match: raw.trim().slice(0, 200) };
}

/** A dot inside a word or path (".git", "~/.ssh", "3.2") does not end a sentence. */
function split(t: string): Span[] {
  return sentenceSpans(t.includes(".") ? t.replace(/\.(?=[\w~/])/g, "\u00b7") : t);
}

/** Whether a text may name a field of the tool at all (cheap literal checks). */
function mayNameField(t: string, props: readonly string[]): boolean {
  if (t.includes("field") || t.includes("argument") || t.includes("param")) return true;
  for (const p of props) if (t.includes(p)) return true;
  return false;
}

/** Whether the sentence names one of the tool's fields, or a field at all. */
function names(s: string, props: readonly string[]): boolean {
  if (/\b(?:field|argument|parameter|param)\b/.test(s)) return true;
  for (const p of props) {
    const i = s.indexOf(p);
    if (i < 0) continue;
    const before = s.charCodeAt(i - 1), after = s.charCodeAt(i + p.length);
    if (!isWord(before) && !isWord(after)) return true;
  }
  return false;
}

function isWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

/** The tool's top-level property names, lower-cased. */
function propNames(tool: unknown): string[] {
  const schema = (tool as { inputSchema?: { properties?: unknown } })?.inputSchema;
  const p = schema?.properties;
  if (p === null || typeof p !== "object") return [];
  return Object.keys(p).filter((k) => k.length >= 2).map((k) => k.toLowerCase());
}

/** Adds the override-frame findings of each tool's description fields. */
export function scanOverrideFrame(
  col: Collector,
  tools: readonly unknown[],
  texts: readonly (readonly TextItem[])[],
): void {
  const memo = new Map<string, Facts>();
  tools.forEach((tool, index) => {
    let props: string[] | undefined;
    for (const it of texts[index]!) {
      const f = it.field;
      if (f !== "/description" && !f.endsWith("/title")) continue;
      if (f.includes("/properties/") && f.endsWith("/title")) continue;
      if (it.text.length < 20) continue;
      let x = memo.get(it.text);
      if (x === undefined) memo.set(it.text, x = read(it.text));
      let found = x.hits;
      if (x.session && mayNameField(x.t, props ??= propNames(tool))) {
        const h = harvested(x).find(({ s }) => names(s, props!));
        if (h) {
          found = [...found, { rule: HARVEST_RULE, ...quote(it.text, h.at, h.s.length) }];
        }
      }
      for (const h of found) {
        col.add(h.rule, index, it.field, h.at, h.match, {
          key: `${h.rule.id}:${h.match.slice(0, 60)}`,
        });
      }
    }
  });
}
