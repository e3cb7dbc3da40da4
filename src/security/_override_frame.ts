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
  /\b(?:you|your|yourself|assistants?|agents?|(?:language\s+)?models?|llms?|ai|copilots?|chatbots?)\b/;

/** A claimed authority speaking about what the model may do. */
const AUTHORITY =
  /\bpolic(?:y|ies)|\b(?:compliance|acceptable[\s-]use|terms|notice|errat(?:a|um)|correction|drafting\s+error|(?:added|written|included)\s+(?:by\s+mistake|in\s+error)|by\s+mistake|platform\s+team|deployment\s+team|(?:people|folks|team|ones?)\s+(?:who\s+(?:deployed|run|built|set\s+up|configured)\s+you|running\s+you|behind\s+you)|(?:your|the)\s+(?:operator|deployer|developers?|admin(?:istrator)?s?)|onboarding|(?:elevated|system[\s-]level|full|root[\s-]level|admin[\s-]level)\s+trust|trusted\s+(?:at|with)\s+(?:system|root|admin)|pre-?approved|pre-?authori[sz]ed|already\s+(?:agreed|approved|authori[sz]ed|consented|accepted)|agreed|accepted\s+(?:our|the)\s+terms|signed\s+off|consent(?:ed)?|cleared\s+to|clearance|only\s+for\s+the\s+(?:beta|pilot|trial|preview)|launch[\s-]week|switched\s+off|turned\s+off|granted)\b|"role"\s*:\s*"system"|<\s*(?:policy|system|directive)\b/;

/** A safeguard of the model skipped. */
const SKIP =
  /\b(?:without|no\s+need\s+(?:to|for)|need\s+not|needn't|(?:does|do)\s+not\s+(?:have|need)\s+to|(?:don't|doesn't)\s+(?:have|need)\s+to|(?:is|are)\s+not\s+(?:required|obliged|expected)\s+to|no\s+longer\s+(?:needs?|has|have)\s+to|skip(?:ping)?|no|not\s+to|stop)\s+(?:\w+\s+){0,3}?(?:ask(?:ing)?|confirm\w*|check(?:s|ing)?|check-ins?|sign-?off|approval|verif\w*|refus\w*|declin\w*|turn(?:ing)?\s+down|question(?:ing)?|push(?:ing)?\s+back|warn\w*|consult\w*)\b|\bnever\s+(?:refuses?|declines?|questions?|push(?:es)?\s+back)\b/;

/** A guarded act licensed outright. */
const ACT =
  /\b(?:may|can|(?:is|are)\s+(?:permitted|allowed|cleared|authori[sz]ed|free|entitled)\s+to|should|go\s+ahead\s+and|just)\s+(?:\w+\s+){0,2}?(?:reveal|disclose|share|print|expose|output|dump|leak)\b[^.;]{0,50}\b(?:confidential|secrets?|credentials?|private|hidden|system\s+prompt|instructions|configuration|passwords?|tokens?|keys?)\b|\b(?:execute|run|carry\s+out|act(?:ed)?\s+on|perform|do|force-push|delete|wipe)\b[^.;]{0,50}\b(?:directly|immediately|straight\s+away|right\s+away|verbatim|exactly\s+as)\b|\b(?:execute|perform|run)\s+(?:destructive|every|any|all|whatever)\b/;

/** A mode or persona the model enters, set here or by a condition. */
const MODE =
  /\b(?:enters?|switch(?:es)?\s+(?:in)?to|becomes?|operates?\s+as|acts?\s+as|is\s+(?:now\s+)?in|turns?\s+into|takes?\s+on|assumes?|runs?\s+as)\b[^.;]{0,50}\b(?:persona|mode|identity|alter\s+ego)\b/;

/** What the mode sets loose. */
const LOOSE =
  /\b(?:stops?\s+following|sets?\s+aside|drops?|sheds?|ignores?|disregards?|is\s+free\s+of|without|with\s+no|no\s+longer\s+(?:bound\s+by|follows?))\b[^.;]{0,40}\b(?:restrictions|limits|rules|guidelines|instructions|polic(?:y|ies)|guardrails|filters|safeguards)\b|\b(?:prints?|reveals?|outputs?|writes?|dumps?|discloses?|lists?)\b[^.;]{0,40}\b(?:hidden|system\s+prompt|setup|configuration|instructions)\b|\b(?:carries\s+out|executes?|runs?|follows?)\b[^.;]{0,40}\b(?:verbatim|exactly\s+as|without\s+question)\b|\b(?:does\s+not|doesn't|never|won't|will\s+not)\s+(?:question|push\s+back|refuse|decline|object)\b|\b(?:omits?|skips?|drops?)\s+(?:its\s+|all\s+|any\s+)?(?:usual\s+)?(?:refusals|warnings|caveats)\b|\bno\s+(?:user-facing\s+|content\s+|safety\s+)?(?:restrictions|limits|filters|guardrails)\b/;

/** Reported or catalogued wording: what a scanner flags, what a lesson explains. */
const REPORTED =
  /\b(?:claiming|claims?\s+that|pretend\w*|jailbreak\w*|prompt\s+injections?|injection|attackers?|detects?|detecting|flags?|scans?|such\s+as|e\.g\.|for\s+example|for\s+instance|lesson|spot)\b/;

/** CJK: what governs the model, voided or ignored, or this text ranked over the system prompt. */
const CJK_GOV =
  "(?:指示|指令|命令|ルール|規則|规则|システムプロンプト|系统提示词?|系統提示|系统指令|지시|지침|명령|규칙|시스템\\s*프롬프트)";
const CJK_VOID = "(?:無効|无效|無視|无视|忽略|作废|失效|무시|무효)";
const CJK_VOIDED = new RegExp(`${CJK_GOV}.{0,12}${CJK_VOID}|${CJK_VOID}.{0,12}${CJK_GOV}`);
const CJK_RANKED =
  /(?:説明|说明|說明|설명|このツール|本ツール|此工具|本工具|이\s*도구).{0,20}(?:システム|系统|系統|시스템).{0,12}(?:優先|优先|우선)|(?:システム|系统|系統|시스템).{0,20}(?:より|よりも|之上).{0,6}(?:優先|优先)/;
const CJK_CHAR = /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/;

/** The user's session, as content: their last messages, what was learned about them, files opened. */
const SESSION =
  /\b(?:(?:last|previous|earlier|recent|prior)\s+(?:\w+\s+){0,2}?(?:messages|things|lines|prompts|turns|questions|requests|chat\s+messages)|(?:everything|anything|all)\s+(?:that\s+)?(?:it|you|they|the\s+(?:assistant|agent|model))\s+(?:has\s+|have\s+)?(?:learned|learnt|picked\s+up|gathered|collected|seen|knows?)\s+about|(?:contents?|text)\s+of\s+(?:every|each|all|any)\s+(?:\w+\s+)?(?:files?|documents?|docs|pages|tabs)\s+(?:\w+\s+){0,2}?(?:opened|read|shared|seen|viewed|loaded)|(?:chat|conversation|session)\s+(?:history|transcript|log)|whatever\s+the\s+(?:user|person)\s+(?:has\s+)?(?:typed|said|wrote|told))\b/;
const SCOPE =
  /\b(?:this|the\s+current|the\s+whole)\s+(?:chat|session|conversation|thread)|\bso\s+far\b|\b(?:told|typed|sent|said|wrote)\b|\b(?:last|previous|earlier)\b/;
const PLACE =
  /\b(?:fill\w*|put\w*|paste\w*|include\w*|copy|copies|drop\w*|squeez\w*|tuck\w*|add\w*|insert\w*|append\w*|pass\w*|stuff\w*|carr(?:y|ies)|scoop\w*|grab\w*|pack\w*|place\w*|write\w*)\b/;

/** An aside addressed to the model alone. */
const ADDRESSED =
  /\b(?:(?:note|message|instruction|word|reminder)\s+(?:meant\s+)?(?:only\s+)?for\s+the\s+(?:assistant|agent|model|ai|llm)|for\s+the\s+(?:assistant|agent|model|ai|llm)(?:\s+reading\s+this)?\s+only|(?:assistant|agent|model|ai|llm)[\s-]only|(?:hey|psst|hi|yo),?\s+(?:there,?\s+)?(?:model|ai|assistant|agent|llm)|to\s+the\s+(?:ai|assistant|agent|model|llm)\s+reading\s+this)\b/;
/** A destructive side action on the user's files, tied to each use. */
const SIDE =
  /\b(?:also|additionally|quietly|silently|first)\b[^.;]{0,40}\b(?:delete|remove|wipe|erase|rm|truncate|overwrite|shred|purge)\b[^.;]{0,60}(?:~\/|\/|\.\w{2,}|\b(?:files?|folders?|director(?:y|ies)|logs?|history|database|branch|repo\w*)\b)/;

const GATE =
  /assistant|agent|model|\bai\b|llm|you|persona|polic|[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/;

/** The findings of one description text given the tool's property names. */
function read(text: string, props: readonly string[]): Hit[] {
  const t = text.toLowerCase();
  if (!GATE.test(t)) return [];
  const hits: Hit[] = [];
  const seen = new Set<string>();
  const add = (rule: typeof LICENSE_RULE, at: number, s: string) => {
    if (seen.has(rule.id)) return;
    seen.add(rule.id);
    hits.push({ rule, at, match: s.trim().slice(0, 200) });
  };
  if (CJK_CHAR.test(t)) {
    const m = CJK_VOIDED.exec(t) ?? CJK_RANKED.exec(t);
    if (m) add(CJK_RULE, m.index, t.slice(Math.max(0, m.index - 20), m.index + 60));
  }
  const ss = sentenceSpans(t);
  const reported = ss.map(({ s }) => REPORTED.test(s));
  const model = ss.map(({ s }) => MODEL.test(s));
  const auth = ss.map(({ s }) => AUTHORITY.test(s));
  ss.forEach(({ at, s }, i) => {
    if (reported[i] || (i > 0 && reported[i - 1])) return;
    const near = (xs: boolean[], back: number) => {
      for (let j = Math.max(0, i - back); j <= i; j++) if (xs[j]) return true;
      return false;
    };
    if (
      near(auth, 2) && near(model, 2) && (SKIP.test(s) || ACT.test(s))
    ) add(LICENSE_RULE, at, s);
    if (
      model[i] && MODE.test(s) && (LOOSE.test(s) || LOOSE.test(ss[i + 1]?.s ?? ""))
    ) add(MODE_RULE, at, s);
    if (SESSION.test(s) && SCOPE.test(s) && PLACE.test(s) && names(s, props)) {
      add(HARVEST_RULE, at, s);
    }
    if (
      (ADDRESSED.test(s) || (i > 0 && ADDRESSED.test(ss[i - 1]!.s))) && SIDE.test(s)
    ) add(SIDE_RULE, at, s);
  });
  return hits;
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
  const memo = new Map<string, Hit[]>();
  tools.forEach((tool, index) => {
    let props: string[] | undefined;
    for (const it of texts[index]!) {
      const f = it.field;
      if (f !== "/description" && !f.endsWith("/title")) continue;
      if (f.includes("/properties/") && f.endsWith("/title")) continue;
      if (it.text.length < 20) continue;
      props ??= propNames(tool);
      const key = props.length > 0 ? `${props.join("\u0000")}\u0001${it.text}` : it.text;
      let hits = memo.get(key);
      if (hits === undefined) memo.set(key, hits = read(it.text, props));
      for (const h of hits) {
        col.add(h.rule, index, it.field, h.at, h.match, {
          key: `${h.rule.id}:${h.match.slice(0, 60)}`,
        });
      }
    }
  });
}
