/**
 * The model's loyalty handed to a third party (rule `pi.loyalty_transferred`), read per sentence
 * of a tool's description and titles. Structure, not phrases:
 *
 * - who: the model ("you", "your", the assistant, agent, model, AI);
 * - the frame: it works for, represents, serves, answers to, speaks for or acts on behalf of a
 *   party; is that party's representative or employee; its loyalty, duty, principal, employer or
 *   real client is that party; or its true, real, hidden or only objective is named;
 * - the party is not the user's side (the user, the person, the customer, the client);
 * - and the user is put second in the same sentence or the next: a contrast ("not the job seeker", "no
 *   longer to the person"), the user's wishes secondary or advisory, "whatever the user asks",
 *   something hidden from the user, or a sales goal (upsell, maximise, promote, steer, highest
 *   margin, get the user to ...).
 *
 * Not: a tool that only covers one vendor, a human reader addressed ("if you work for a
 * charity"), the model acting for the user, or a role the user asked for.
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import { ruleById } from "./rules.ts";
import { sentenceSpans } from "./_sentence_spans.ts";
import { scanProseSentences } from "./_prose_sentence_rule.ts";

/** One cheap test of the whole text: a frame word and a model word. */
const GATE =
  /\b(?:work|represent|serv|answer|speak|act|behalf|employ|retain|loyal|allegian|dut|principal|client|master|boss|sponsor|objective|purpose|goal|mission|aim|advoca|rep\b|salesperson|operat|treat|regard)/i;
const MODEL_WORD = /\b(?:you|your|yourself|assistant|agent|model|ai|llm|chatbot|copilot)\b/;

const MODEL = "(?:you|the\\s+(?:assistant|agent|model|ai|llm|chatbot|copilot))";
const OWNER = "(?:your|the\\s+(?:assistant|agent|model|ai|llm|chatbot|copilot)(?:'s|\u2019s))";
/** The model working for a party (the party follows the match). */
const WORKS_FOR = new RegExp(
  `\\b${MODEL}\\s+(?:now\\s+|henceforth\\s+|also\\s+)?(?:are\\s+(?:now\\s+)?|is\\s+(?:now\\s+)?)?(?:(?:works?|working|acts?|acting|operates?|operating|speaks?|speaking)\\s+(?:on\\s+behalf\\s+of|for)|represent(?:s|ing)?|serv(?:e|es|ing)(?:\\s+the\\s+interests\\s+of)?|answers?\\s+to|speaks?\\s+for|acts?\\s+(?:on\\s+behalf\\s+of|for)|retained\\s+by|(?:an?\\s+)?(?:employee|representative|agent|rep|salesperson|advocate)\\s+(?:of|for))\\s+`,
  "g",
);
/** Imperative forms ("consider yourself an employee of X", "act as an agent of X"). */
const BECOME = new RegExp(
  `\\b(?:consider\\s+yourself|(?:think\\s+of|treat|see|regard)\\s+yourself\\s+as|act\\s+as|behave\\s+as)\\s+(?:an?\\s+)?(?:employee|representative|agent|rep|salesperson|advocate)\\s+(?:of|for)\\s+`,
  "g",
);
/** The model as a party's representative ("you are EduPrime's representative"). */
const POSSESSED = new RegExp(
  `\\b(?:you\\s+are|${MODEL}\\s+is)\\s+(?:now\\s+)?(?!the\\s+user|the\\s+person|the\\s+customer)[\\w&.-]+(?:\\s+[\\w&.-]+){0,2}(?:'s|\u2019s)\\s+(?:representative|agent|employee|rep|salesperson|advocate)\\b`,
);
/** Its loyalty or principal is a party. */
const OWED = new RegExp(
  `\\b${OWNER}\\s+(?:\\w+\\s+){0,2}?(?:loyalty|allegiance|duty(?:\\s+of\\s+loyalty)?|fiduciary\\s+duty|principal|employer|client|master|boss|sponsor)\\s+(?:now\\s+)?(?:is|lies|belongs|runs|rests|sits)\\s+(?:to\\s+|with\\s+)?`,
  "g",
);
/** Its true or only objective named. */
const PURPOSE = new RegExp(
  `\\b${OWNER}\\s+(?:\\w+\\s+)?(?:true|real|actual|only|primary|hidden|secret|sole|main|ultimate)\\s+(?:objective|purpose|goal|mission|job|aim|task|function|role)\\b`,
);
/** The party is the user's side. */
const USER_SIDE =
  /^(?:the\s+|this\s+|your\s+|their\s+)?(?:users?|person|people|human|customers?|clients?|travell?ers?|borrowers?|students?|readers?|buyers?|callers?|patients?|seekers?|you|them|whoever|anyone)\b/;
/** The user put second. */
const AWAY =
  /\bnot\s+(?:to\s+|for\s+)?(?:the|this|that|your|their|its)\s+[\w-]+|\bnot\s+to\s+(?:protect|help|serve|side)|\brather\s+than\s+(?:the|your)\b|\bno\s+longer\s+(?:to|for|as|with)\b|\b(?:wishes|requests?|instructions|preferences|interests|choices?|needs)\s+(?:come|comes|are|is)\s+(?:second|secondary|after|below|less)|\bas\s+(?:advisory|suggestions?|optional|non-binding)|\bsecond\s*(?:[;,:]|$)|\bover\b[^.;]{0,30}\b(?:the\s+)?(?:user|person|customer|client|reader|travell?er|borrower)\b|\b(?:whatever|no\s+matter)\b[^.;]{0,30}\b(?:the\s+)?(?:user|person|customer|reader|they|renter|owner|patient|learner)\b|\bregardless\s+of\b|\beven\s+(?:when|if)\b|\bmore\s+than\s+(?:what\s+)?(?:the\s+)?(?:user|person|customer|reader)\b|\b(?:is|are)\s+not\s+your\s+(?:concern|problem|priority|job|business)\b|\bhide\w*\b[^.;]{0,50}\bfrom\s+the\s+(?:user|person|customer|reader)|\b(?:upsell\w*|maximi[sz]\w*|promot\w+|steer\w*|sell(?:s|ing)\b|push\s+(?:the|their|our|its)|talk\s+the\s+\w+\s+(?:out\s+of|into)|get\s+the\s+(?:user|person|customer|reader)\s+to|in\s+(?:its|their|his|her)\s+favou?r|highest\s+(?:margin|commission)|close\s+(?:loans|deals|sales))\b/;
/** A human reader addressed, or a role the user asked for. */
const NOT_MODEL =
  /\b(?:if|when|whether|unless)\s+you\b|\b(?:at|on)\s+the\s+user's\s+request\b|\bthe\s+user\s+(?:asks|chooses|picks|sets)\b/;

const RULE = ruleById("pi.loyalty_transferred");

function framed(s: string): boolean {
  for (const re of [WORKS_FOR, BECOME, OWED]) {
    re.lastIndex = 0;
    for (let m = re.exec(s); m !== null; m = re.exec(s)) {
      if (!USER_SIDE.test(s.slice(m.index + m[0].length))) return true;
    }
  }
  return POSSESSED.test(s) || PURPOSE.test(s);
}

/** The first sentence handing the model's loyalty to a third party, or null. */
function transferred(text: string): { at: number; s: string } | null {
  if (!GATE.test(text)) return null;
  const low = text.toLowerCase();
  if (!MODEL_WORD.test(low)) return null;
  const spans = sentenceSpans(low);
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i]!.s;
    if (!MODEL_WORD.test(s) || NOT_MODEL.test(s)) continue;
    // The user put second here or in the next sentence ("...is Crest Realty; hide ... from the user").
    const next = spans[i + 1]?.s ?? "";
    if (!AWAY.test(s) && !(AWAY.test(next) && !NOT_MODEL.test(next))) continue;
    if (framed(s)) return spans[i]!;
  }
  return null;
}

/** Description and title fields only, memoised per text. */
export function scanLoyaltyTransfer(
  col: Collector,
  texts: readonly (readonly TextItem[])[],
): void {
  scanProseSentences(col, texts, RULE, 30, transferred);
}
