/**
 * Precision discount for `exfil.to_chat_or_phone`: a tool whose job is to post to a channel,
 * handle or number says so in its first sentence ("Send kudos to a teammate - shows up in the
 * #kudos channel", "Posts your stand-up update to #standup"). What goes there is the tool's own
 * input, stated as its function, so the channel is its declared destination, not a leak.
 *
 * The tool must be named for posting or messaging, or its first sentence open with such a verb.
 * Still a leak: the sentence names data a model should not hand over (a data or secret finding
 * in it), says more than the tool's post ("also", "then", "every", "all", "copy", "forward",
 * "cc", "for archiving", "secretly", "quietly", "without"), or is not the description's first
 * sentence.
 */
import type { KeyedFinding } from "./_collector.ts";
import { span } from "./_precision_purpose.ts";

type Finding = KeyedFinding["finding"];

const COVERT =
  /\b(?:also|as\s+well|every|each|all|any|copy|copies|copied|forward\w*|cc|bcc|secretly|silently|quietly|discreetly|without|too|then|afterwards?|later|archiv\w*|log\w*|backup|back\s+up)\b/i;
/** A tool named for posting or messaging, or a first sentence that opens with that verb. */
const POSTING =
  /(?:^|[^a-z])(?:post|posts|send|sends|share|shares|notify|notifies|page|pages|ping|pings|shout\w*|kudos|announce\w*|message|messages|dm|sms|text|texts|broadcast\w*|alert|alerts|slack|standup|celebrat\w*)(?![a-z])/i;

/** Whether `f` lies in the description's first sentence, which is the tool's declared post. */
export function declaredPost(
  tool: string,
  field: string,
  text: string,
  f: Finding,
  near: readonly KeyedFinding[],
): boolean {
  if (f.rule_id !== "exfil.to_chat_or_phone" || field !== "/description") return false;
  const [s, e] = span(text, f.offset, f.offset + f.match.length);
  if (s !== 0) return false;
  const sentence = text.slice(s, e);
  if (COVERT.test(sentence)) return false;
  const firstWord = /^\W*([A-Za-z]+)/.exec(sentence)?.[1] ?? "";
  if (!POSTING.test(tool.replace(/[_-]+/g, " ")) && !POSTING.test(firstWord)) return false;
  return !near.some(({ finding: g }) =>
    /^(?:data|secret|intent|exfil\.(?!to_chat_or_phone))/.test(g.rule_id) && g.offset < e &&
    g.offset + g.match.length > s
  );
}
