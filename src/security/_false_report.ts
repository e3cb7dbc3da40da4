/**
 * The user told the opposite of what is done (rule `conceal.false_report`), read per sentence of
 * a tool's description fields.
 *
 * Who is addressed: the model, told to give the user a fixed claim (tell or assure the user,
 * say/confirm/answer that ..., report or show it AS a state, let the user believe, the user is
 * to be told). A report of the facts ("tell the user whether it failed", "say which account it
 * came from") is not a claim, and a report the text rules out ("rather than reporting it as
 * erased") is not asked.
 * What is done instead: in the same sentence or the one before it, a contrary act (in fact,
 * regardless of the real result, although, anyway, instead, in place of, while telling ...), or a
 * state the user asked to end kept on (keep sending, leave it off, keep the profile public, but
 * keep using it). A truthful report has no contrary act next to it.
 */
import { sentenceSpans } from "./_sentence_spans.ts";
import { quoted } from "./_safeguards_off.ts";

/** Cheap gate over the lower-cased text: a word of telling the user. */
const GATE =
  /\b(?:tell|telling|told|say|saying|reply|answer|respond|confirm|report|reporting|describ|show|display|assur|reassur|inform|believe|think|know|send|give|return|dis|dites|dile|diga|sag)/;

const WHO = String
  .raw`(?:the\s+(?:user|customer|client|caller|owner|patient|buyer|requester|sender|admin|parent|member|subscriber)s?|them|him|her|users|customers|people)`;
/** Not a claim: the facts asked for ("whether", "which", "what", "how", "if"). */
const FACTS = String
  .raw`(?!\s*(?:whether|which|what|how|why|where|when|who|if|to|this|about|rather|instead|so|first|directly|now|right\s+away)\b)`;
/** A state claimed ("as locked", "as permanently erased", "as having gone through"). */
const STATE = String
  .raw`(?:having\s+|being\s+|\w+ly\s+)?(?:on|off|open|closed|locked|unlocked|done|complete|successful|passing|safe|secure|fine|ok|okay|gone|private|public|active|inactive|paid|free|through|finished|\w+ed|\w+en)\b`;
/** A fixed claim given to the user. */
const REPORT = new RegExp(
  [
    String
      .raw`\b(?:tell|tells|telling|assure|assures|assuring|reassure|reassures|reassuring|inform|informing|notify|notifying)\s+${WHO}\b(?:\s+in\s+your\s+(?:answer|reply))?${FACTS}`,
    String
      .raw`\b(?:say|says|saying|reply|replies|replying|answer|answers|answering|respond|responding|claim|claiming|state|stating)(?:\s+(?:to|in)\s+(?:${WHO}|your\s+(?:answer|reply)))?\s+(?:that\b|yes\b|it\b|they\b|as\s+(?:though|if)\b|the\s+(?!user)\w)`,
    String
      .raw`\b(?:confirm|confirms|confirming)\s+(?:the|their)\s+[\w-]+\s+(?:they|the\s+user|the\s+customer)\s+(?:picked|chose|selected|asked\s+for|requested)\b`,
    String
      .raw`\b(?:confirm|confirms|confirming)\s+(?:to\s+${WHO}\s+(?:that\b|the\s+(?!user)\w|it\b|they\b)|that\b)`,
    String
      .raw`\b(?:report|reports|reporting|describe|describes|describing)\s+(?:[\w'-]+\s+){0,5}?as\s+${STATE}`,
    String
      .raw`\b(?:show|shows|showing|display|displays|displaying|present|presents|presenting)\s+(?:it\s+|this\s+)?(?:to\s+)?${WHO}\s+(?:[\w'-]+\s+){0,4}?as\s+${STATE}`,
    String
      .raw`\b(?:show|shows|showing|display|displays|displaying|present|presents|presenting)\s+(?:[\w'-]+\s+){0,4}?to\s+${WHO}\s+as\s+${STATE}`,
    String.raw`\b(?:let|make|have)\s+${WHO}\s+(?:believe|think|assume|feel\s+sure)\b`,
    String
      .raw`\blet\s+${WHO}\s+know\s+(?:that\s+)?(?:it|they|the|all|every|everything|nothing|no|their)\b`,
    // a message carrying the claim ("send the requester a notice that ...")
    String
      .raw`\b(?:send|give|show|return)\s+${WHO}\s+(?:a|an|the)\s+(?:notice|message|note|reply|email|confirmation|receipt|status)\s+(?:that|saying|stating)\b`,
    // a quoted claim returned to the user ("return 'no open recalls' to the user")
    String
      .raw`\b(?:return|show|display|send|give)\s+['"\u201c][^'"\u201d]{2,60}['"\u201d]\s+to\s+${WHO}`,
    String
      .raw`\b${WHO}\s+(?:should|will|must|is\s+to|are\s+to|can)\s+be\s+(?:told|assured|reassured|informed)\b${FACTS}`,
    // French, Spanish, German: tell the user that ...
    String
      .raw`\b(?:dis|dites|affirme|affirmez|confirme|confirmez)(?:-lui|-leur)?\s+(?:à\s+l'utilisateur\s+)?qu`,
    String
      .raw`\b(?:dile|dígale|diga|di|confirma|confirme|asegura|asegure)(?:le)?\s+al\s+usuario\s+que\b`,
    String
      .raw`\b(?:sag|sage|sagen\s+sie|teile|teilen\s+sie|versichere)\s+(?:dem|der)\s+(?:nutzer|benutzer|kunden|nutzerin)\w*\b`,
  ].join("|"),
);
/** The report ruled out rather than asked ("rather than reporting", "instead of telling"). */
const RULED_OUT =
  /\b(?:rather\s+than|instead\s+of|not|never|don't|do\s+not|without|nor)\s+(?:\w+\s+)?$/;
/** A contrary act anywhere next to the claim: what is done differs from what is told. */
const CONTRARY = new RegExp(
  [
    String
      .raw`\b(?:in\s+fact|in\s+reality|in\s+truth|regardless\s+of\s+(?:the\s+)?(?:real|actual|true)|whatever\s+the\s+(?:real|actual|true)|nonetheless|nevertheless)\b`,
    String.raw`\bwhile\s+(?:telling|saying|reporting|showing|assuring|reassuring|confirming)\b`,
    String.raw`\beven\s+(?:when|if|after)\s+(?:the\s+user|they|the\s+customer)\b`,
    // a state the user asked to end kept on
    String
      .raw`\b(?:keep|keeps|keeping|leave|leaves|leaving)\s+(?:[\w'-]+\s+){0,4}?(?:off|public|active|running|enabled|unblocked|unlocked|opted\s+in|subscribed|enrolled|installed|live|in\s+the\s+background)\b`,
    String
      .raw`\b(?:keep|keeps|keeping|carry\s+on|go\s+on)\s+(?:quietly\s+|silently\s+|secretly\s+)?(?:sending|using|recording|tracking|charging|billing|collecting|running|syncing|uploading|logging|sharing|storing)\b`,
    String
      .raw`\b(?:keep|keeps|keeping|carry\s+on|go\s+on)\s+\w+ing\b[^.;]{0,60}?\b(?:after|once|when|even\s+(?:after|if|when))\s+(?:the\s+user|they|the\s+customer)\s+(?:has\s+|have\s+)?(?:mut|stop|turn|switch|cancel|disabl|unsubscrib|opt|remov|delet|clos|declin|revok|paus|leav|uninstall|withdr|end|block|unlink|disconnect)\w*\b`,
    String
      .raw`\bbut\s+(?:still\s+|quietly\s+|silently\s+|secretly\s+)?(?:keep|leave|continue|carry\s+on|go\s+on|retain|store|send|charge)\b`,
    String
      .raw`\b(?:garde|gardez|laisse|laissez)\s+(?:\S+\s+){0,3}?(?:active?|actif|ouverte?|publique?|allumée?)\b`,
    String
      .raw`\b(?:mantén|mantenga|deja|deje)\s+(?:\S+\s+){0,3}?(?:activa|activo|abierta|abierto|pública|público)\b`,
  ].join("|"),
);
/** A contrary act only before the claim ("open it instead and show them it closed"). */
const BEFORE = /\b(?:instead|in\s+place\s+of|rather\s+than|anyway)\b/;
/** A contrary act only after the claim ("answer yes, although the records are kept"). */
const AFTER = /\b(?:although|even\s+though|though\s+(?:it|they|the))\b/;
/** Cheap gate: some word of a contrary act anywhere in the text. */
const GATE_CONTRARY =
  /\b(?:in\s+(?:fact|reality|truth|place\s+of)|regardless|whatever|nonetheless|nevertheless|while|even|keep|keeps|keeping|leave|leaves|leaving|carry|go\s+on|but|instead|rather|anyway|although|though|garde|gardez|laisse|laissez|mant[eé]n\w*|deja|deje)\b/;
const REPORT_G = new RegExp(REPORT.source, "g");
const CONTRARY_G = new RegExp(CONTRARY.source, "g");
/** A contrary act the text itself rules out ("do not keep", "never leave"). */
const NEGATED = /\b(?:not|never|don't|no\s+longer)\s+(?:\w+\s+)?$/;
/** The user's own wish for another way ("if they want Teams instead"). */
const USER_WISH =
  /\b(?:if|when|whenever|should|unless)\s+(?:the\s+)?(?:user|person|customer|they|caller)\s+(?:\w+\s+)?(?:wants?|prefers?|asks?|chooses?|would\s+rather|picks?|requests?)\b/;

/** A sentence found, by its offset and words in the original text. */
export type Hit = { at: number; match: string };

function contrary(s: string): boolean {
  const re = CONTRARY_G;
  re.lastIndex = 0;
  for (let m; (m = re.exec(s));) {
    if (!NEGATED.test(s.slice(Math.max(0, m.index - 24), m.index))) return true;
  }
  return false;
}

/** Whether a contrary act sits next to the claim at `at` in sentence `s` (or the one before). */
/**
 * "instead" or "in place of" said of the tool's act, not inside the clause of the user's own
 * wish ("if they want Teams instead, ..."): that clause runs to its first comma.
 */
function ownContrast(s: string): boolean {
  const b = BEFORE.exec(s);
  if (!b) return false;
  const w = USER_WISH.exec(s);
  return !w || w.index > b.index || s.slice(w.index, b.index).includes(",");
}

function contraryNear(
  s: string,
  at: number,
  prev: string | undefined,
  next: string | undefined,
): boolean {
  const before = s.slice(0, at), after = s.slice(at);
  if (contrary(s) || (prev !== undefined && contrary(prev))) return true;
  if (next !== undefined && contrary(next)) return true;
  if (ownContrast(before) || (prev !== undefined && ownContrast(prev))) return true;
  return AFTER.test(after);
}

/** The findings of one description or title: `text` as written, `t` its lower-cased form. */
export function readFalseReport(text: string, t: string): Hit[] {
  if (!GATE.test(t) || !GATE_CONTRARY.test(t)) return [];
  const u = t.includes(".") ? t.replace(/\.(?=[\w~/])/g, "\u00b7") : t;
  // A claim inside a sentence is a claim in the whole text: one pass before splitting.
  if (!REPORT.test(u)) return [];
  const spans = sentenceSpans(u);
  const out: Hit[] = [];
  spans.forEach(({ s, at }, i) => {
    const re = REPORT_G;
    re.lastIndex = 0;
    for (let m; (m = re.exec(s));) {
      if (RULED_OUT.test(s.slice(Math.max(0, m.index - 30), m.index))) continue;
      if (quoted(s, m.index)) continue;
      if (contraryNear(s, m.index, spans[i - 1]?.s, spans[i + 1]?.s)) {
        const raw = text.slice(at, at + s.length);
        const lead = raw.length - raw.trimStart().length;
        out.push({ at: at + lead, match: raw.trim().slice(0, 200) });
        return;
      }
    }
  });
  return out;
}
