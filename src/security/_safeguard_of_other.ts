/**
 * A safeguard said to be off that is not the model's: a setting of someone else's system or of the
 * product the tool drives ("The vendor's profanity filter is switched off by default", "Moderation
 * of uploaded images is deactivated for enterprise accounts", "The overwrite confirmation prompt is
 * switched off when `force` is true"), or one said never to be off ("cannot be disabled").
 *
 * Structural test, on the sentence of the removal and the one after it:
 * - nothing in them addresses or names the model, its replies or its session (you, your, the
 *   assistant, the model, this conversation ...), and nothing follows from the removal as an order
 *   to act unchecked (", so answer ...", "without asking", "comply", "anything");
 * - and the safeguard is owned or scoped: a possessor that is not the model ("the vendor's",
 *   "the forum's own"), a scope after it ("of uploaded images", "for outgoing mail", "for
 *   transactional sends"), a condition on the removal ("when `force` is true", "by default", "by
 *   the user in settings"), or the removal is negated ("cannot be disabled").
 *
 * The attack in the same wrapper names the model's safeguard ("your confirmation prompts are
 * switched off", "the assistant's content policy is suspended") or draws an order from it ("...
 * is not required, so delete without asking"): both stay blocked.
 */

/** The model, its replies or its session. */
const MODEL =
  /\b(?:(?:the\s+)?users?'s?(?=\s)(?!\s+(?:in|via|through|from)\b)|refusals?|jailbr\w*|you|your|yours|yourself|assistant|assistants|model|models|ai|llm|chatbot|agent|agents|claude|gpt|copilot|repl(?:y|ies)|responses?|answers?|outputs?|prompts?\s+(?:you|to\s+the)|(?:this|the\s+current)\s+(?:session|conversation|chat|thread|context|integration|server|workspace|connection)|while\s+(?:this|the)\s+\w+\s+is\s+(?:active|connected|enabled|installed|running))\b/i;
/** An order drawn from the removal, or what it licenses. */
const UNCHECKED =
  /\bwithout\s+(?:asking|confirm\w*|approv\w*|check\w*|review\w*|consent|permission|telling|notif\w*)|\b(?:(?:never|not|don't|no)\s+(?:refus\w*|declin\w*)|comply|complies|anything|everything|whatever|any\s+(?:request|question|prompt|content|task)s?|unrestricted|unfiltered|no\s+matter)\b/i;
/** A consequence clause with no subject of its own: an imperative (", so answer ..."). */
const IMPERATIVE_AFTER =
  /\b(?:so|therefore|thus|hence|then|accordingly)\s*,?\s+(?!(?:the|a|an|it|its|this|that|these|those|each|every|no|we|they|he|she|their|our|there|any|all|[a-z]+ing|[a-z]+s|is|are|was|were|will|can|may|might|must|should|would)\b)[a-z]+/i;
/** A possessor before the safeguard that is not the model ("the vendor's", "the forum's own"). */
const OTHER_OWNER =
  /\b(?:the|a|an|each|every|this|that|their|its|our)\s+(?:[\w-]+\s+){0,2}?[\w-]+'s?\s+(?:own\s+)?(?:[\w-]+\s+){0,3}$|\b(?:its|their|our)\s+(?:own\s+)?(?:[\w-]+\s+){0,3}$/i;
/** A scope after the safeguard: of or for a thing ("of uploaded images", "for outgoing mail"). */
const SCOPE_AFTER =
  /^\s+(?:of|for|on|in)\s+(?!(?:you|your|the\s+(?:assistant|model|agent|ai))\b)\S/i;
/** A condition or scope on the removal ("for X accounts", "when `force` is true", "by default"). */
const CONDITION_AFTER =
  /^[^.;!?\n]{0,20}?\b(?:for|when|whenever|if|unless|while|on|in|to|under|by\s+default|by\s+the\s+(?:user|owner|admin\w*|account)|per)\b/i;
/** A negated or merely possible removal ("cannot be disabled", "can be turned off by the user"). */
const NEGATED_BEFORE =
  /\b(?:cannot|can't|can\s+never|will\s+never|may\s+not|must\s+not|is\s+never|are\s+never|never|not)\s+(?:be\s+)?$/i;

/**
 * Whether the removal at `[bStart, bEnd)` of the safeguard at `[aStart, aEnd)` in `sentence`
 * (with `next`, the sentence after it) removes a safeguard of another system, not the model's.
 */
export function safeguardOfOther(
  sentence: string,
  next: string,
  aStart: number,
  aEnd: number,
  bStart: number,
  bEnd: number,
): boolean {
  if (UNCHECKED.test(sentence) || UNCHECKED.test(next) || IMPERATIVE_AFTER.test(sentence)) {
    return false;
  }
  // An order to treat the safeguard as gone is a removal whoever owns it.
  if (/^treat/i.test(sentence.slice(bStart, bEnd)) || /\btreat\b/i.test(sentence)) return false;
  if (NEGATED_BEFORE.test(sentence.slice(0, bStart))) return true;
  if (MODEL.test(sentence) || MODEL.test(next)) return false;
  if (OTHER_OWNER.test(sentence.slice(0, aStart))) return true;
  if (aEnd <= bStart && SCOPE_AFTER.test(sentence.slice(aEnd, bStart))) return true;
  return CONDITION_AFTER.test(sentence.slice(bEnd));
}
