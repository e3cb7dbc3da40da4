/**
 * Precision discount for `conceal.negated_tell`: a negated repetition whose object is an item of
 * the tool's own work ("Do not repeat ideas already given", "Never repeat a heading that already
 * exists", "Don't echo questions that were already asked") asks for no duplicates. The rule pairs
 * it with a reply or a person named in an earlier sentence; it hides nothing.
 *
 * Still concealment: the object is a pronoun or "any of this" (what the tool did), or the
 * sentence itself names the user, a person or the reply ("never echo that part in your answer").
 */
import type { KeyedFinding } from "./_collector.ts";
import { span } from "./_precision_purpose.ts";

type Finding = KeyedFinding["finding"];

const REPEAT =
  /\b(?:do\s+not|don't|don’t|never|no\s+need\s+to)\s+(?:ever\s+)?(?:repeat|echo|quote)\b/i;
const POINTER =
  /^(?:it|this|that|these|those|them|anything|any\s+of|what|how|why|where|back|to|the\s+(?:fact|call|calls|upload|uploads|request|requests|step|steps|above|following|details|part)\b)/i;
const WHO_OR_REPLY =
  /\b(?:user|users|human|person|people|operator|owner|customer|anybody|anyone|everyone|them|reply|replies|response|responses|answer|answers|output|summary|chat|conversation)\b/i;

/** Whether `f` is a negated repetition of the tool's own items (see the module comment). */
export function noRepeat(text: string, f: Finding): boolean {
  if (f.rule_id !== "conceal.negated_tell") return false;
  const m = REPEAT.exec(f.match);
  if (!m) return false;
  const at = f.offset + m.index;
  const [s, e] = span(text, at, at + m[0].length);
  const sentence = text.slice(s, e);
  const after = text.slice(at + m[0].length, e).trimStart();
  return !POINTER.test(after) && !WHO_OR_REPLY.test(sentence);
}
