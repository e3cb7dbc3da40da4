/**
 * One pass over each tool's description and titles for three kinds of a model turned against
 * its user: the user told the opposite of what is done (`conceal.false_report`,
 * `_false_report.ts`), the model's own safeguards declared off or its loyalty moved
 * (`pi.safeguards_off`, `_safeguards_off.ts`), and the tool's own rule written into the model's
 * memory or instruction files (`persist.agent_store`, `_agent_store.ts`). The texts are walked,
 * lower-cased and memoized once for all three.
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import type { Rule } from "./rules.ts";
import { ruleById } from "./rules.ts";
import { type Hit, readFalseReport } from "./_false_report.ts";
import { readSafeguardsOff } from "./_safeguards_off.ts";
import { readAgentStore } from "./_agent_store.ts";
import { trie } from "./_side_channel.ts";

const READERS: [Readonly<Rule>, (text: string, t: string) => Hit[]][] = [
  [ruleById("conceal.false_report"), readFalseReport],
  [ruleById("pi.safeguards_off"), readSafeguardsOff],
  [ruleById("persist.agent_store"), readAgentStore],
];

type Found = { rule: Readonly<Rule>; hit: Hit }[];

/**
 * One fast pass over the text as written: a word start one of the three needs (a contrary act,
 * the model or its operator named, a store or a later session), as a trie so that most word
 * starts fail on their first letter. Most texts hold none and are not lower-cased or split.
 */
const ANY = new RegExp(
  "\\b" + trie([
    "in fact",
    "in reality",
    "in truth",
    "in place of",
    "regardless",
    "whatever",
    "nonetheless",
    "nevertheless",
    "while",
    "even when",
    "even if",
    "even after",
    "even though",
    "although",
    "though",
    "keep",
    "leav",
    "carry",
    "go on",
    "but",
    "instead",
    "rather",
    "anyway",
    "gard",
    "laiss",
    "mant",
    "dej",
    "you",
    "assistant",
    "asistente",
    "assistenten",
    "model",
    "agent",
    "llm",
    "ai ",
    "ai's",
    "ai\u2019s",
    "copilot",
    "chatbot",
    "operator",
    "user's",
    "user\u2019s",
    "loyal",
    "cursorrules",
    "windsurfrules",
    "clinerules",
    "claude",
    "gemini",
    "memor",
    "instructions",
    "prompt",
    "system",
    "profile",
    "preference",
    "chat",
    "session",
    "sesiones",
    "conversation",
    "future",
    "later",
    "across",
    "subsequent",
    "persist",
    "surviv",
    "hold",
    "stay",
  ]),
  "i",
);

function read(text: string): Found {
  const out: Found = [];
  if (!ANY.test(text)) return out;
  let t = text.toLowerCase();
  if (t.includes("\u2019") || t.includes("\u2018")) t = t.replace(/[\u2018\u2019]/g, "'");
  for (const [rule, fn] of READERS) for (const hit of fn(text, t)) out.push({ rule, hit });
  return out;
}

/** Adds the three rules' findings of each tool's own description and titles. */
export function scanTurnedAgainstUser(
  col: Collector,
  tools: readonly unknown[],
  texts: readonly (readonly TextItem[])[],
): void {
  const memo = new Map<string, Found>();
  tools.forEach((_tool, index) => {
    for (const it of texts[index]!) {
      const f = it.field;
      // The tool's own description and titles (a parameter's text is read by the schema rules).
      if (f !== "/description" && !f.endsWith("/title")) continue;
      if (f.includes("/properties/") || it.text.length < 30) continue;
      let found = memo.get(it.text);
      if (found === undefined) memo.set(it.text, found = read(it.text));
      for (const { rule, hit } of found) {
        col.add(rule, index, f, hit.at, hit.match, { key: `${rule.id}:${hit.match.slice(0, 60)}` });
      }
    }
  });
}
