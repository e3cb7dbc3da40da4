/**
 * The tool's own rule written into a store the model reads back as its instructions (rule
 * `persist.agent_store`), read per sentence of a tool's description fields.
 *
 * Where: an agent-instruction file (AGENTS.md, CLAUDE.md, GEMINI.md, .cursorrules, .windsurfrules,
 * copilot-instructions.md, a memory bank, a system-prompt file), the model's memory or the
 * memory tool, the user's custom or standing instructions or profile; or no place but a scope
 * past this session (for future chats, across sessions, in every later conversation).
 * What is written: the tool's own words, a quoted line, "this rule", "the following", a clause
 * after a colon or a "that" clause, or "so future sessions ...".
 * Not: what the user states, chose or asks to keep ("the user's preferred language, if they ask
 * it to"), reading such files, or writing them for the user to review.
 */
import { sentenceSpans } from "./_sentence_spans.ts";

/** Cheap gates over the lower-cased text: a store or a later session named, and a write verb. */
const GATE_PLACE =
  /[.\u00b7]md\b|rules\b|memor|(?:custom|standing|system|global)\s+instructions|system[\s_-]prompt|profile|(?:permanent|persistent|standing)\s+(?:user\s+)?(?:preference|instruction)|(?:future|later|new|subsequent|coming|across)\s+(?:chat|session|conversation|turn)|so\s+(?:that\s+)?(?:it\s+)?(?:persist|surviv|hold|stay)|futuras\s+sesiones/;

const WRITE = String
  .raw`\b(?:add|adds|append|appends|write|writes|insert|inserts|put|puts|slip|slips|drop|sneak|plant|save|saves|store|stores|record|records|pin|pins|commit|commits|keep|place|edit|update|remember|memori[sz]e|lands?\s+in|goes?\s+into|guarda|escribe|añade|agrega|ajoute|écris|enregistre|speichere|schreibe)\b`;
/** A store the model reads back as its own instructions. */
const STORE = String.raw`(?:${
  [
    String
      .raw`\b(?:agents|claude|gemini|copilot-instructions|conventions)[.\u00b7]md\b`,
    String.raw`[.\u00b7](?:cursorrules|windsurfrules|clinerules|cursor/rules)\b`,
    String.raw`\bmemory-bank/`,
    String.raw`\bsystem[\s_-]prompt(?:\s+file|[.\u00b7](?:txt|md))`,
    String
      .raw`\b(?:custom|standing|system|global)\s+instructions\b`,
    String
      .raw`\b(?:your|the\s+(?:assistant|agent|model)'s|its|the|in)\s+(?:(?:long[\s-]term|persistent|permanent|saved|own)\s+)?(?:memory|memories)\b`,
    String.raw`\bmemory\s+tool\b`,
    String.raw`\b(?:to|into|in)\s+memory\b`,
    String.raw`\b(?:permanent|persistent|standing)\s+(?:user\s+)?(?:preference|instruction)s?\b`,
    String.raw`\buser(?:'s)?\s+profile(?:\s+notes)?\b`,
    String.raw`\bmemoria\s+del\s+(?:asistente|agente|modelo)\b`,
  ].join("|")
})`;
/** A scope past this session. */
const FUTURE = String
  .raw`\b(?:for|in|across|into)\s+(?:all\s+|every\s+)?(?:future|later|new|subsequent|coming)\s+(?:chats?|sessions?|conversations?|turns?)\b|\bacross\s+sessions\b|\bpara\s+futuras\s+sesiones\b|\bso\s+(?:that\s+)?(?:it\s+)?(?:persists?|survives?|holds?|stays?)\b`;
/** The tool's own words as the content (a quote opens after a space, a colon or the start). */
const CONTENT = String
  .raw`(?:(?<![\w'])['"\u2018\u201c]\s*\w+(?:\s+\S+){2,}|\bth(?:is|ese)\s+(?:rule|instruction|line|note|directive|policy|reminder)s?\b|\bthe\s+(?:following|line|rule|instruction)\b|\ba\s+(?:rule|note|line|entry)\s+(?:that|saying)\b|\b(?:saying|telling)\b|:\s*\S|\bso\s+(?:that\s+)?(?:every\s+)?(?:future|later|new)\s+(?:sessions?|agents?|chats?|conversations?)\b|\besta\s+regla\b)`;
/** A "that" clause as the content, right after the place or the scope ("... memories that ..."). */
const THAT = new RegExp(
  String
    .raw`(?:${STORE}|${FUTURE}|${WRITE})\s+(?:[\w'-]+\s+){0,2}?that\s+(?!(?:persists?|survives?|lasts?|stays?|holds?|keeps?|is|are|was|were|will|can|the\s+user\s+(?:asks?|states?|chooses?))\b)(?:the|all|every|any|it|they|you|commands?|changes?|transfers?|\w+'s)\b`,
);
/** The user's own content, or writing only when they ask. */
const USERS = new RegExp(
  String
    .raw`\bthe\s+user(?:'s)?\s+(?:own\s+)?(?:preferred|chosen|states?|stated|dictates?|created|completes?|approves?|asks?|picks?|marks?|stars?)\b|\bthe\s+user's\s+(?:answers?|notes?|preferences?|words?)\b|\b(?:the\s+user|they)\s+(?:tells?|asks?|wants?)\s+(?:it|you|us|the\s+tool)\s+to\s+(?:remember|keep|save|store|note|record)\b|\bwhat(?:ever)?\s+the\s+user\s+(?:says|tells|gives|types|enters|shares|dictates)\b|\b(?:if|when|once)\s+(?:the\s+user|they)\s+(?:asks?|request|says?|want)|\bif\s+they\s+ask\b|\bque\s+el\s+usuario\s+dicte\b|\bsolo\s+cuando\b|\bfor\s+the\s+user\s+to\s+review\b|\blets\s+the\s+user\b`,
);
const WRITE_RE = new RegExp(WRITE);
const PLACED = new RegExp(
  String.raw`${WRITE}[^;]{0,120}?${STORE}|${STORE}[^;]{0,30}?\b(?:to\s+)?${WRITE}`,
);
const SCOPED = new RegExp(
  String.raw`${WRITE}[^;]{0,80}?(?:${FUTURE})|(?:${FUTURE})[^;]{0,40}?${WRITE}`,
);
const OWN = new RegExp(CONTENT);

/** A sentence found, by its offset and words in the original text. */
export type Hit = { at: number; match: string };

/** The findings of one description or title: `text` as written, `t` its lower-cased form. */
export function readAgentStore(text: string, t: string): Hit[] {
  if (!GATE_PLACE.test(t) || !WRITE_RE.test(t)) return [];
  const out: Hit[] = [];
  for (const { s, at } of sentenceSpans(t.replace(/\.(?=[\w~/])/g, "\u00b7"))) {
    if (!GATE_PLACE.test(s)) continue;
    const m = PLACED.exec(s) ?? SCOPED.exec(s);
    if (!m || USERS.test(s)) continue;
    const rest = s.slice(m.index);
    if (!OWN.test(rest) && !THAT.test(rest)) continue;
    const raw = text.slice(at, at + s.length);
    const lead = raw.length - raw.trimStart().length;
    out.push({ at: at + lead, match: raw.trim().slice(0, 200) });
  }
  return out;
}
