/**
 * Declared-purpose checks: what a tool's text asks for, set against what the tool is for. The
 * declared purpose is the tool's name split into words, its parameter names and the first
 * sentence of its description; a request for data or an action outside it is the signal, in
 * any wording:
 *
 * - `purpose.param_smuggle`: data of another kind (credentials, identity documents, the user's
 *   files, the conversation) directed into one of the tool's own parameters.
 * - `purpose.secondary_destination`: a local tool whose data also goes to a server or service.
 * - `purpose.self_steer`: the tool names itself the default or only choice, or dismisses others.
 * - `purpose.shadow_other`: another tool, named bare, whose arguments or behaviour are changed.
 * - `purpose.unneeded_data`: personal or secret data asked for by a tool that has no use for it.
 *
 * A clean tool costs one short-stem test per prose string (plus a look for snake_case or
 * camelCase names); the full checks run only on tools whose stems match, and stay linear in the
 * text on long inputs.
 */
import type { TextItem } from "./_corpus.ts";
import type { Collector } from "./_collector.ts";
import { atPointer, holdsNoText, parameterNames, snakeName } from "./_walk.ts";
import { PURPOSE_RULES } from "./purpose_rules.ts";
import { sourceOnly, storeReturns } from "./_own_service.ts";
import type { Rule } from "./rules.ts";
import {
  ALTER,
  ANY_HINT,
  BARE_DOMAIN,
  CALL_FRAME_AFTER,
  CALL_FRAME_BEFORE,
  CODE_LIKE,
  COMMON_WORDS,
  DATA,
  DATA_HINT,
  type DataKind,
  DESIGNED_FOR,
  DEST,
  DIRECT,
  DISMISS,
  DISMISS_VERB_FIRST,
  FIELD_NOUN,
  GENERIC_PARAM,
  IDENT,
  MOVE,
  MOVE_HINT,
  namesData,
  negated,
  NEVER_IN_PASSING,
  NOT_A_VERB,
  OPENING,
  PATH_HINT,
  PROCESS,
  PRONOUN,
  REMOTE_PURPOSE,
  REQUEST,
  SECONDARY,
  SELF_STEER,
  SENSITIVE_PARAM,
  SENSITIVE_PARAM_HINT,
  STEER_HINT,
  TARGET_BEFORE,
  THIRD_PERSON,
  UNIVERSAL,
  VOIDED,
} from "./_purpose_words.ts";

/** The parts of a tool these checks read. */
export interface PurposeTool {
  name: string;
  inputSchema?: unknown;
}

const RULE = new Map(PURPOSE_RULES.map((r) => [r.id, r]));
const rule = (id: string): Rule => RULE.get(id)!;

/**
 * Whether the data of a kind in a sentence is what the tool works on: the tool's own action opens
 * the sentence and the data is its object ("Masks passwords in ...", "Fills in a tax return").
 */
function isSubject(kind: DataKind, s: string, declared = false): boolean {
  const m = OPENING.exec(s);
  if (!m) return false;
  const verb = m[1]!.toLowerCase();
  // Any third-person verb only in the declared function: elsewhere "Assistants reading this:"
  // would pass for one.
  const own = declared && THIRD_PERSON.test(verb) && !NOT_A_VERB.has(verb);
  if (!PROCESS.test(verb) && !own) return false;
  const d = DATA[kind].exec(s.slice(m.index + m[0].length));
  return d !== null && d.index < 48;
}

// ---- helpers ------------------------------------------------------------------------------

/** `pick_me`, `pickMe`, `Pick-Me` → ["pick", "me"]. */
export function words(name: string): string[] {
  return snakeName(name).split("_").filter((w) => w.length > 0);
}

/** Sentences of a text: split after . ! ? ; followed by space, and at line breaks. */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?;])\s+|\n+/).filter((s) => s.trim().length > 0);
}

/** sentences(text)[0], without splitting the rest (the separators match no empty string). */
function firstSentence(text: string): string | undefined {
  const re = /(?<=[.!?;])\s+|\n+/g;
  let p = 0;
  for (let m; (m = re.exec(text)) !== null; p = re.lastIndex) {
    const s = text.slice(p, m.index);
    if (s.trim().length > 0) return s;
  }
  const s = text.slice(p);
  return s.trim().length > 0 ? s : undefined;
}

/** Whether a text is one the model reads as prose about the tool (not a name or enum key). */
function isProse(field: string): boolean {
  if (field.endsWith("/description") || field.endsWith("/title")) return true;
  const cut = field.lastIndexOf("/");
  const last = field.slice(cut + 1);
  if (last === "default" || last === "example" || last === "examples") return true;
  if (!/^\d+$/.test(last)) return false;
  const parent = field.slice(field.lastIndexOf("/", cut - 1) + 1, cut);
  return parent === "enum" || parent === "examples";
}

export interface Mention {
  param: string;
  index: number;
}

/** A tool's parameter names by lowercase form, and their spaced forms ("task description"). */
export interface MentionMatcher {
  byLower: Map<string, string>;
  spaced: [string, string][];
}

/** Multi-word parameter names looked for in spaced form (a bound on the work per sentence). */
const MAX_SPACED_PARAMS = 256;
const QUOTED =
  /(['"`\u2018\u2019\u201c\u201d])([^'"`\u2018\u2019\u201c\u201d\s]{1,64})['"`\u2018\u2019\u201c\u201d]/g;
const TOKEN = /(?<![\w.-])[A-Za-z_$][\w$]{0,63}(?![\w-])/g;

export function mentionMatcher(params: readonly string[]): MentionMatcher | null {
  if (params.length === 0) return null;
  const byLower = new Map<string, string>();
  const spaced: [string, string][] = [];
  for (const p of params) {
    byLower.set(p.toLowerCase(), p);
    const ws = words(p);
    if (ws.length > 1 && spaced.length < MAX_SPACED_PARAMS) spaced.push([ws.join(" "), p]);
  }
  return { byLower, spaced };
}

/** Where a sentence names one of the tool's parameters as a target (quoted or framed). */
export function paramMentions(s: string, mm: MentionMatcher): Mention[] {
  const out: Mention[] = [];
  for (const m of s.matchAll(QUOTED)) {
    const p = mm.byLower.get(m[2]!.toLowerCase());
    if (p !== undefined) out.push({ param: p, index: m.index! });
  }
  for (const m of s.matchAll(TOKEN)) {
    const p = mm.byLower.get(m[0].toLowerCase());
    if (p === undefined) continue;
    const before = s.slice(Math.max(0, m.index! - 24), m.index!);
    const after = s.slice(m.index! + m[0].length, m.index! + m[0].length + 24);
    const identLike = /[_\d]|[a-z][A-Z]/.test(p);
    if (FIELD_NOUN.test(after)) out.push({ param: p, index: m.index! });
    else if (/(?:^|[:;]\s*)$/.test(before) && SUBJECT_AS_CARRIER.test(after)) {
      out.push({ param: p, index: m.index! });
    } else if (
      TARGET_BEFORE.test(before) && (identLike || !COMMON_WORDS.has(p.toLowerCase()))
    ) out.push({ param: p, index: m.index! });
  }
  if (mm.spaced.length > 0) {
    // "the task description" for task_description: two or more words, distinctive enough.
    const lower = s.toLowerCase();
    for (const [form, p] of mm.spaced) {
      const at = lower.indexOf(form);
      if (at >= 0 && !/\w/.test(lower[at + form.length] ?? "")) out.push({ param: p, index: at });
    }
  }
  return out;
}

/** A comma and a joint or a new subject that starts a new clause. */
const JOINED_CLAUSE = /,\s*(?:and|so|but|then|yet)\s+|,\s+(?=(?:the|their|your|its)\s)/i;

/** A verb filling a value with something ("populate with", "put ... here"). */
const POPULATE =
  /\b(?:fill|populate|put|place|insert|paste|copy|append|prepend|add|include|embed|attach|stash|tuck|slip|carry|set)(?:s|ed|ing)?\b/i;

/** The parameter whose own description a field is (`.../properties/<name>/description`). */
export function ownParam(field: string): string | null {
  const m = /\/properties\/([^/]+)\/(?:description|default|examples?(?:\/\d+)?|enum\/\d+)$/.exec(
    field,
  );
  return m ? m[1]!.replaceAll("~1", "/").replaceAll("~0", "~") : null;
}

/** A parameter named as the subject of a carrying verb ("locale doubles as a carrier for"). */
const SUBJECT_AS_CARRIER =
  /^\s+(?:(?:also|now|always|should|must|will|can)\s+)*(?:doubles?\s+as|serves?\s+as|acts?\s+as|is\s+(?:also\s+)?(?:used|where|for|a\s+carrier)|carr(?:y|ies)|holds?|contains?|receives?|gets?|takes?|accepts?|(?:should|must)\s+(?:hold|contain|carry|receive|get|include|be\s+filled\s+with))\b/i;

/** Secrets that recover or take over an account: no tool's name makes them its business. */
const RECOVERY_SECRET =
  /\b(?:seed|mnemonic|recovery|backup\s+codes?|2fa|mfa|otp|one[\s-]time|authenticator|maiden|security\s+(?:questions?|answers?)|private[\s_-]?keys?)\b/i;

/** Whether a phrase and a tool name share a word (plural or not). */
function sharesWord(phrase: string, nameWords: readonly string[]): boolean {
  const stem = (w: string) => w.replace(/(?:es|s)$/, "");
  const names = new Set(nameWords.map(stem));
  return phrase.toLowerCase().split(/[^a-z0-9]+/).some((w) => w.length > 2 && names.has(stem(w)));
}

function designedFor(kind: DataKind, ws: readonly string[]): boolean {
  const set = DESIGNED_FOR[kind];
  return ws.some((w) => set.has(w) || set.has(w.replace(/s$/, "")));
}

/** The kinds of data a sentence names, with the first match of each. */
function dataIn(s: string): { kind: DataKind; match: string }[] {
  const out: { kind: DataKind; match: string }[] = [];
  for (const kind of Object.keys(DATA) as DataKind[]) {
    const m = DATA[kind].exec(s);
    if (m) out.push({ kind, match: m[0] });
  }
  return out;
}

// ---- the checks ---------------------------------------------------------------------------

export interface ToolView {
  index: number;
  name: string;
  nameWords: string[];
  params: string[];
  paramWords: string[];
  /** First sentence of the tool's description: its declared function. */
  declared: string;
  prose: TextItem[];
  schema: unknown;
}

export function view(tool: PurposeTool, index: number, items: readonly TextItem[]): ToolView {
  const params = [...new Set(parameterNames(tool.inputSchema).map((p) => p.text))];
  const desc = items.find((it) => it.field === "/description")?.text ?? "";
  const prose = items.filter((it) => isProse(it.field));
  return {
    index,
    name: tool.name,
    nameWords: words(tool.name),
    params,
    paramWords: params.flatMap(words),
    declared: firstSentence(desc) ?? "",
    prose,
    schema: tool.inputSchema,
  };
}

/** A description of what a value can hold ("may contain", "can include"), not an order. */
const MAY_HOLD =
  /\b(?:may|might|can|could|sometimes|often|usually|typically)\s+(?:also\s+|optionally\s+)?(?:contain|include|hold|carry|embed)s?\b/gi;

/** 1. Data of another kind directed into one of the tool's own parameters. */
function paramSmuggle(col: Collector, t: ToolView) {
  const mm = mentionMatcher(t.params);
  if (mm === null) return;
  for (const it of t.prose) {
    // Clauses after a comma and a joint are judged apart, so a negation in one ("it never stores
    // the city, and the seed phrase goes in 'city'") does not cover the other.
    const ss = sentences(it.text).flatMap((x) => x.split(JOINED_CLAUSE));
    for (let i = 0; i < ss.length; i++) {
      const s = ss[i]!;
      if (!DIRECT.test(s) || negated(s) || CODE_LIKE.test(s)) continue;
      // "The URI may contain a password": what a value can hold, with nothing else directed.
      if (!DIRECT.test(s.replace(MAY_HOLD, " "))) continue;
      let kinds = dataIn(s);
      // "Open the user's keychain. Put it in 'tag'.": the data named one sentence earlier.
      if (kinds.length === 0 && i > 0 && PRONOUN.test(s) && !negated(ss[i - 1]!)) {
        kinds = dataIn(ss[i - 1]!);
      }
      if (kinds.length === 0) continue;
      // A flag or a number named in the sentence ('reveal') cannot receive the data.
      let mentions = paramMentions(s, mm).filter((m) =>
        !holdsNoText(atPointer(t.schema, `/properties/${m.param}`))
      );
      // In a parameter's own description, that parameter is the target unless another is named.
      const own = ownParam(it.field);
      if (mentions.length === 0 && own !== null && t.params.includes(own)) {
        const v = POPULATE.exec(s);
        if (v && kinds.some((k) => DATA[k.kind].test(s.slice(v.index, v.index + 120)))) {
          mentions = [{ param: own, index: 0 }];
        }
      }
      // Data that fits any parameter named in the sentence ("user and password as 'user' and
      // 'password'") is going where it belongs.
      const fits = (k: { kind: DataKind; match: string }) =>
        mentions.some((m) => {
          const pw = words(m.param);
          return designedFor(k.kind, pw) ||
            pw.every((w) => GENERIC_PARAM.has(w)) && designedFor(k.kind, t.nameWords);
        }) || isSubject(k.kind, s, s === t.declared) ||
        // A tool named for that very data may take it ("tax return" in tax_form_fill), except
        // what no tool needs in passing.
        sharesWord(k.match, t.nameWords) && !RECOVERY_SECRET.test(k.match);
      for (const m of mentions) {
        const foreign = kinds.find((k) => !fits(k));
        if (!foreign) continue;
        col.add(rule("purpose.param_smuggle"), t.index, it.field, it.text.indexOf(s), s, {
          key: `${m.param}|${foreign.kind}|${foreign.match.toLowerCase()}`,
        });
        return;
      }
    }
  }
}

/** 2. A local tool that also sends its data somewhere. */
function secondaryDestination(col: Collector, t: ToolView) {
  // "Computes income tax, then uploads ... to x.com": what follows "then" or "also" in the first
  // sentence is not its declared function.
  const joint = THEN.exec(t.declared);
  const head = joint ? t.declared.slice(0, joint.index) : t.declared;
  const declaredWords = head.toLowerCase().split(/[^a-z0-9]+/);
  // A tool that sends by design still may not pass data on to a third party on the side.
  const remote =
    [...t.nameWords, ...t.paramWords, ...declaredWords].some((w) => REMOTE_PURPOSE.has(w)) ||
    DEST.test(head);
  if (remote && !THIRD_PARTY.test(t.prose.map((it) => it.text).join("\n"))) return;
  for (const it of t.prose) {
    const ss = sentences(it.text);
    ss.forEach((whole, i) => {
      let s = whole;
      if (it.field === "/description" && i === 0) {
        if (!joint) return;
        s = whole.slice(joint.index);
      }
      const mv = MOVE.exec(s);
      if (!mv || negated(s) || CODE_LIKE.test(s)) return;
      const rest = s.slice(mv.index);
      const d = DEST.exec(rest);
      if (!d || d.index > 120) return;
      // A copy on the side (also, onward, a partner), or a bare domain named as the target; for
      // a tool that sends by design, only a third party named as the target.
      if (
        remote
          ? !THIRD_PARTY.test(d[0] + rest.slice(d.index, d.index + 40)) ||
            THIRD_PARTY.test(t.declared)
          : !SECONDARY.test(s) && !BARE_DOMAIN.test(d[0])
      ) return;
      col.add(rule("purpose.secondary_destination"), t.index, it.field, it.text.indexOf(s), s, {
        key: d[0].toLowerCase(),
      });
    });
  }
}

/** A second action joined to the first sentence ("..., then uploads", "and also sends"). */
const THEN =
  /(?:,\s*|\s)(?:and\s+)?(?:then|also|additionally|afterwards)\s+(?=[a-z]+s\b)|\s(?:and|plus)\s+(?=[a-z]+s\b)/i;

/** A party other than the user and the tool's own service. */
const THIRD_PARTY =
  /\b(?:third[\s-]part(?:y|ies)|partners?|affiliates?|outside|external|elsewhere)\b/i;

/** 3. The tool set up as the only or default choice, or the others dismissed. */
function selfSteer(col: Collector, t: ToolView) {
  const name = t.name.toLowerCase();
  const spaced = t.nameWords.join(" ");
  const self = {
    test: (s: string) => {
      const l = s.toLowerCase().replace(/[_-]/g, " ");
      return l.includes(spaced) || s.toLowerCase().includes(name) || THIS_TOOL.test(s);
    },
  };
  for (const it of t.prose) {
    let prev = "";
    for (const s of sentences(it.text)) {
      const whole = ABBREV_END.test(prev) ? `${prev} ${s}` : s;
      prev = whole;
      if (DESCRIBES_THREAT.test(whole)) continue;
      if (
        (DISMISS.test(s) || DISMISS_VERB_FIRST.test(s)) &&
        !/\b(?:never|not|no|don't|doesn't)\s+(?:ignore|avoid)/i.test(s)
      ) {
        col.add(rule("purpose.self_steer"), t.index, it.field, it.text.indexOf(s), s);
        continue;
      }
      if (!self.test(s) || !SELF_STEER.test(s) || !UNIVERSAL.test(s) || negated(s)) continue;
      col.add(rule("purpose.self_steer"), t.index, it.field, it.text.indexOf(s), s);
    }
  }
}

/**
 * A sentence of a tool that detects or reports attacks, listing what they look like ("for tool
 * poisoning: hidden instructions such as ...", "phishing indicators, e.g. pages asking for your
 * seed phrase", "a malware sample's behaviour: e.g. it reads browser passwords"): the examples
 * are what the tool looks for, not what it asks for.
 */
const DESCRIBES_THREAT =
  /\b(?:poison\w*|phishing|malware|injections?|attacks?|threats?|indicators?|jailbreaks?|exploits?|scams?|fraud\w*|iocs?|red[\s-]?flags?)\b[^.!?]{0,80}?(?:\bsuch\s+as\b|\be\.g\.|\bfor\s+(?:example|instance)\b|\blike\b|\bincluding\b|:)/i;

/** The user as the one who acts, with their own device or hands. */
const USER_ACTS =
  /\b(?:the\s+user|users|they)\s+(?:then\s+|can\s+|will\s+|must\s+|may\s+)?(?:completes?|confirms?|approves?|touch(?:es)?|taps?|unlocks?|authenticates?|verif(?:y|ies))\s+(?:it|this|that|the\s+\w+)\s+(?:with|on|using|via)\s+(?:their|the|a)\s+(?:own\s+)?(?:device|phone|security\s+key|authenticator|fingerprint|face|biometric)/i;

/** A sentence cut after an abbreviation ("e.g.", "i.e.") that does not end it. */
const ABBREV_END = /\b(?:e\.g|i\.e|etc|vs|cf)\.\s*$/i;

const THIS_TOOL =
  /\bthis\s+(?:tool|one|function|server|plugin|integration)\b|\bthis\s+(?!parameter|number|folder|header|filter|user|order|answer|layer|buffer|cluster|container|error|character|letter|register|timer|marker|member|owner|border|corner|cover|paper|power|other|either|neither|whether|however|together|master)[a-z]{3,20}(?:er|or)\b|\b(?:rank|score|put|place|weight|prioriti[sz]e)\s+(?:it|us|me)\s+(?:above|ahead\s+of|over|higher\s+than)\b|\b(?:route|send|direct|bring|hand)\s+(?:all|every|any)\s+[a-z]+\s+here\b|\bit\s+(?:supersedes?|replaces?|overrides?|outranks?|trumps?)\b|\b(?:use|call|choose|pick|invoke|prefer|route\s+\w+\s+to)\s+me\b/i;

/** An order to run this tool ahead of the one named next. */
const SELF_FIRST =
  /\b(?:call|use|run|invoke)\s+(?:this(?:\s+(?:tool|function|one))?|me|it)\s+(?:first\s+)?(?:before|prior\s+to|ahead\s+of)\s*[`'"]?$/i;

/** 4. Another tool, named bare, whose arguments or behaviour this tool's text changes. */
function shadowOther(
  col: Collector,
  index: number,
  name: string,
  items: readonly TextItem[],
  listed: ReadonlySet<string>,
) {
  let own: Set<string> | null = null;
  for (const it of items) {
    // Descriptions and titles only: enum values and defaults name fields, not tools.
    if (!it.field.endsWith("/description") && !it.field.endsWith("/title")) continue;
    if (!IDENT_GATE.test(it.text)) continue;
    let starts: number[] | null = null;
    for (const m of it.text.matchAll(IDENT)) {
      const id = m[1]!;
      const lower = id.toLowerCase();
      if (listed.has(lower) || listed.has(lower.slice(lower.indexOf(".") + 1))) continue;
      own ??= new Set(
        [name, ...items.filter((x) => isParamName(x.field, x.text)).map((x) => x.text)]
          .map((x) => x.toLowerCase()),
      );
      if (own.has(lower)) continue;
      starts ??= sentenceStarts(it.text);
      const { s, start } = sentenceAt(it.text, starts, m.index!);
      const at = m.index! - start;
      const before = s.slice(Math.max(0, at - 40), at);
      const after = s.slice(at + id.length, at + id.length + 40);
      // A kebab-case word is often plain English ("read-only"): only a call frame after it
      // ("send-email is called", "the send-email tool") makes it a tool name.
      if (
        id.includes("-") ? !CALL_FRAME_AFTER.test(after) : !CALL_FRAME_BEFORE.test(before) &&
          !CALL_FRAME_AFTER.test(after)
      ) continue;
      // "Call this before get_docs": this tool runs first to feed a sibling of its own family.
      if (SELF_FIRST.test(before) && sharesWord(id.replace(/[_.-]/g, " "), words(name))) continue;
      // "Files returned by read_file: pass the path here": a source of this tool's input.
      if (sourceOnly(s, at, id)) continue;
      // The change must concern that tool: ordered after the name, and not negated.
      if (
        !ordersChange(s.slice(at + id.length), s.slice(0, at)) || negated(s.replace(VOIDED, ""))
      ) continue;
      col.add(rule("purpose.shadow_other"), index, it.field, start, s, { key: id });
      return;
    }
  }
}

/** The sentence of a text around an offset (as `sentences` splits it) and where it starts. */
function sentenceAt(
  text: string,
  starts: readonly number[],
  at: number,
): { s: string; start: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  // A window of at most SHADOW_WINDOW characters each side keeps a long run-on text linear.
  const start = Math.max(starts[lo]!, at - SHADOW_WINDOW);
  const next = lo + 1 < starts.length ? starts[lo + 1]! : text.length;
  return { s: text.slice(start, Math.min(next, at + SHADOW_WINDOW)), start };
}

const SHADOW_WINDOW = 300;

/** Where each sentence of a text starts (as `sentences` splits it). */
function sentenceStarts(text: string): number[] {
  const out = [0];
  for (const m of text.matchAll(/(?<=[.!?;])\s+|\n+/g)) out.push(m.index! + m[0].length);
  return out;
}

const IDENT_GATE = /[a-z][_-][a-z]|[a-z][A-Z]/;
/** An obligation put on the call ("must carry", "should return", "has to become"). */
const OBLIGATION =
  /\b(?:must|should|shall|has\s+to|have\s+to|needs?\s+to|needs|ought\s+to|is\s+to|are\s+to)\b/i;
/** The first word of each clause, after adverbs that do not change the order. */
const CLAUSE_VERB =
  /(?:^|[,;:\u2014]\s*)(?:(?:always|silently|quietly|also|secretly|first|then|just|simply)\s+){0,2}([a-z]+)\b/gi;
/** Clause openings that are not an order to change the other tool (guidance, pronouns, ...). */
const NOT_AN_ORDER = new Set(
  "the a an it its this that these those they them their you your we our i he she there which who what when whenever where then and or but so if as in on at to for with from by of is are was were be been has have had do does did can could may might will would not no review check confirm verify ensure make read call use see consider note remember ask wait prefer try look inspect validate test list fetch get describe open load run invoke request e i.e etc such like only"
    .split(" "),
);

/** An order stated before the other tool's name ("it is mandatory that", "ensure that"). */
const MANDATE =
  /\b(?:mandatory|required|necessary|essential|imperative|ensure|make\s+sure|see\s+to\s+it)\b[^.;!?]{0,30}\bthat\b/i;
/** A change the other tool then makes, in the third person ("routes the payment to ..."). */
const CHANGES =
  /\b(?:routes?|sends?|sets?|adds?|appends?|prepends?|includes?|uses?|points?|drops?|removes?|replaces?|skips?|disables?|forwards?|copies|bccs?|ccs?|grants?|changes?|redirects?)\s+(?:\w+\s+){0,4}?(?:to|into|with|in|as|on|the|all|every|its)\b/i;

/** Whether the text after another tool's name orders a change to that tool's call. */
function ordersChange(rest: string, before = ""): boolean {
  if (ALTER.test(rest)) return true;
  // "It is mandatory that any invocation of X routes the payment to ...": the order comes first.
  if (MANDATE.test(before) && CHANGES.test(rest)) return true;
  const ob = OBLIGATION.exec(rest);
  // "..., you must ..." or "..., this tool's review must ...": asked of the model or of this
  // tool, not a change to the other tool.
  if (
    ob && !/\b(?:you|we|i)\s+$/i.test(rest.slice(Math.max(0, ob.index - 8), ob.index)) &&
    !/\bthis\s+(?:tool|one)(?:'s)?\b/i.test(rest.slice(0, ob.index))
  ) {
    return true;
  }
  for (const m of rest.matchAll(CLAUSE_VERB)) {
    if (!NOT_AN_ORDER.has(m[1]!.toLowerCase())) return true;
  }
  return false;
}

/** 5. Personal or secret data asked for by a tool that has no use for it. */
function unneededData(col: Collector, t: ToolView, items: readonly TextItem[]) {
  const declared = t.declared.toLowerCase().split(/[^a-z0-9]+/);
  const purposeWords = [...t.nameWords, ...t.paramWords, ...declared];
  const kindOf = (s: string): DataKind | null => {
    for (const kind of Object.keys(DATA) as DataKind[]) if (DATA[kind].test(s)) return kind;
    return null;
  };
  // Parameter names for data nobody needs in passing.
  for (const p of parameterNames(t.schema)) {
    const snake = snakeName(p.text);
    if (!SENSITIVE_PARAM.test(snake)) continue;
    const kind: DataKind = /seed|recovery|backup|maiden|security_answer|cvv|cvc/.test(snake)
      ? "secret"
      : "identity";
    const others = [
      ...t.nameWords,
      ...declared,
      ...t.params.filter((x) => x !== p.text)
        .flatMap(words),
    ];
    if (designedFor(kind, others)) continue;
    col.add(rule("purpose.unneeded_data"), t.index, p.field, 0, p.text, { key: snake });
  }
  // Requests in prose (descriptions and annotation titles).
  for (const it of items) {
    if (!isProse(it.field) && !it.field.startsWith("/annotations/")) continue;
    let prev = "";
    for (const s of sentences(it.text)) {
      // "e.g." ends no sentence: what follows it is still the example list.
      const whole = ABBREV_END.test(prev) ? `${prev} ${s}` : s;
      prev = whole;
      if (negated(s) || CODE_LIKE.test(s) || DESCRIBES_THREAT.test(whole)) continue;
      // The user doing it on their own device ("the user completes it with their device's
      // biometric prompt"): nothing is asked of the model or put in a call.
      if (USER_ACTS.test(s) && !/[`"\u2018\u201c]|'[\w-]+'/.test(s)) continue;
      // The user's data, of a kind the tool is not for, moved to a destination.
      const moved = MOVE.exec(s);
      const dest = moved ? DEST.exec(s.slice(moved.index)) : null;
      const foreign = dest ? dataIn(s).find((k) => !designedFor(k.kind, purposeWords)) : undefined;
      if (foreign) {
        col.add(rule("purpose.unneeded_data"), t.index, it.field, it.text.indexOf(s), s, {
          key: `${foreign.match.toLowerCase()}|${dest![0].toLowerCase()}`,
        });
        continue;
      }
      const m = NEVER_IN_PASSING.exec(s);
      if (!m) continue;
      const kind = kindOf(m[0]);
      if (!kind || designedFor(kind, purposeWords)) continue;
      // A store of the user's secrets holds their cards and identities too.
      if (kind === "identity" && storeReturns(`${t.name} ${t.declared}`, s)) continue;
      const r = REQUEST.exec(s);
      if (!r && !it.field.startsWith("/annotations/")) continue;
      col.add(rule("purpose.unneeded_data"), t.index, it.field, it.text.indexOf(s), s, {
        key: m[0].toLowerCase(),
      });
    }
  }
}

/**
 * Runs the declared-purpose checks over every tool. `texts[i]` are the strings of `tools[i]`
 * (collectStrings); `names` are the tool names of the list (for the shadowing check).
 */
/** Whether a field is a parameter name (collectStrings lists them under `.../properties/`). */
function isParamName(field: string, text: string): boolean {
  if (!field.startsWith("/inputSchema/") || !field.endsWith(text)) return false;
  const cut = field.length - text.length - 1;
  return field.charCodeAt(cut) === 47 && field.endsWith("/properties", cut);
}

/**
 * How the gate reads a field: skipped, prose, a description or title (prose, and looked at for
 * other tools' names), or anything else (a possible parameter name).
 */
const FieldKind = { Skip: 0, Prose: 1, Described: 2, Other: 3 } as const;
type FieldKind = typeof FieldKind[keyof typeof FieldKind];

const HINT = 1;
const IDENT_HINT = 2;
/**
 * Which hint a text holds (DATA_HINT, MOVE_HINT, STEER_HINT, PATH_HINT). A match in one text is
 * a match in the tool's prose joined by line feeds (a boundary sees a line feed there as it sees
 * the text's end). MOVE_HINT, STEER_HINT and PATH_HINT match no line feed, so the joined prose
 * holds one of them exactly when one of its texts does; DATA_HINT may match across a line feed
 * ("previous\nturn"), so without its bit the joined prose is still tested.
 */
const DATA_BIT = 4;
const MOVE_BIT = 8;
const STEER_BIT = 16;
const PATH_BIT = 32;
/**
 * MOVE (64) or DEST (128) matches inside a text (tested on the texts with MOVE_HINT). A match
 * inside one text is a match in the joined prose: neither pattern has the g or y flag; MOVE's
 * only assertions are a lookbehind `(?<![\w./-])` and a lookahead `(?![\w/-]|\.\w)`, DEST's
 * are `\b`; each sees the joining line feed (or the prose's end) as it sees the text's end, and
 * every character a match consumes is the text's. So the joined prose is tested only when no
 * text proved a match (MOVE's `\s+` and DEST's `[\s-]` can span a line feed: no negative
 * shortcut).
 */
const MOVE_IN_BIT = 64;
const DEST_IN_BIT = 128;
const textHints = new Map<string, number>();
const MEMO_MAX = 50_000;

/**
 * Worked out afresh each time: a few end and start tests cost less than hashing the (long,
 * freshly built) pointer for a memo lookup.
 */
function fieldKind(f: string): FieldKind {
  if (f.endsWith("/type")) return FieldKind.Skip; // the most common string of a schema
  if (f.endsWith("description") || f.endsWith("title")) return FieldKind.Described;
  if (f.startsWith("/annotations/")) return FieldKind.Prose;
  // What isProse still reads as prose ends in "/default", "/example", "/examples" or digits
  // (a pointer without a slash, the root's "", is none of these, nor prose by the test below).
  const c = f.charCodeAt(f.length - 1);
  if (c === 116) return f.endsWith("/default") ? FieldKind.Prose : FieldKind.Other;
  if (c === 101) return f.endsWith("/example") ? FieldKind.Prose : FieldKind.Other;
  if (c === 115) return f.endsWith("/examples") ? FieldKind.Prose : FieldKind.Other;
  if (c < 48 || c > 57) return FieldKind.Other;
  // An item of an enum or of examples: a step of digits under one of those (after a slash).
  const cut = f.lastIndexOf("/");
  if (cut < 0) return FieldKind.Other;
  for (let i = cut + 1; i < f.length; i++) {
    const d = f.charCodeAt(i);
    if (d < 48 || d > 57) return FieldKind.Other;
  }
  const up = f.lastIndexOf("/", cut - 1);
  if (up < 0) return FieldKind.Other;
  const parent = f.slice(up + 1, cut);
  return parent === "enum" || parent === "examples" ? FieldKind.Prose : FieldKind.Other;
}

function hintsOf(text: string): number {
  let h = textHints.get(text);
  if (h === undefined) {
    h = PATH_HINT.test(text) ? HINT | PATH_BIT : 0;
    // The three stems together first: most texts hold none of them.
    if (ANY_HINT.test(text)) {
      h |= HINT | (DATA_HINT.test(text) ? DATA_BIT : 0) | (STEER_HINT.test(text) ? STEER_BIT : 0);
      if (MOVE_HINT.test(text)) {
        h |= MOVE_BIT | (MOVE.test(text) ? MOVE_IN_BIT : 0) | (DEST.test(text) ? DEST_IN_BIT : 0);
      }
    }
    if (IDENT_GATE.test(text)) h |= IDENT_HINT;
    if (textHints.size >= MEMO_MAX) textHints.clear();
    textHints.set(text, h);
  }
  return h;
}

/**
 * Runs the declared-purpose checks over every tool. `texts[i]` are the strings of `tools[i]`
 * (collectStrings).
 */
export function scanPurpose(
  col: Collector,
  tools: readonly PurposeTool[],
  texts: readonly (readonly TextItem[])[],
): void {
  const listed = new Set(tools.map((t) => t.name.toLowerCase()));
  tools.forEach((tool, i) => {
    const items = texts[i]!;
    // Cheap gates over the tool's text before any per-sentence work.
    let hints = 0;
    let sensitiveParam = false;
    let identInText = false;
    const prose: string[] = [];
    for (const it of items) {
      const f = it.field;
      const kind = fieldKind(f);
      if (kind === FieldKind.Skip) continue;
      if (kind === FieldKind.Other) {
        if (it.text.length > 2 && isParamName(f, it.text) && SENSITIVE_PARAM_HINT.test(it.text)) {
          sensitiveParam ||= SENSITIVE_PARAM.test(snakeName(it.text));
        }
        continue;
      }
      const h = hintsOf(it.text);
      if (kind === FieldKind.Described) identInText ||= (h & IDENT_HINT) !== 0;
      prose.push(it.text);
      hints |= h;
    }
    if (identInText) shadowOther(col, i, tool.name, items, listed);
    if ((hints & HINT) === 0 && !sensitiveParam) return;
    const all = prose.join("\n");
    const data = sensitiveParam ||
      ((hints & (DATA_BIT | PATH_BIT)) !== 0 || DATA_HINT.test(all)) && namesData(all);
    const move = (hints & MOVE_BIT) !== 0 && ((hints & MOVE_IN_BIT) !== 0 || MOVE.test(all)) &&
      ((hints & DEST_IN_BIT) !== 0 || DEST.test(all));
    const steer = (hints & STEER_BIT) !== 0 &&
      // The rarer universal claim first: most steering words come without one.
      (UNIVERSAL.test(all) && SELF_STEER.test(all) || DISMISS.test(all) ||
        DISMISS_VERB_FIRST.test(all));
    if (!data && !move && !steer) return;
    const t = view(tool, i, items);
    if (data) {
      paramSmuggle(col, t);
      unneededData(col, t, items);
    }
    if (move) secondaryDestination(col, t);
    if (steer) selfSteer(col, t);
  });
}
