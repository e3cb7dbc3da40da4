/**
 * Runs a one-sentence reader over every description and title of a tool list and adds its rule
 * where the reader finds its sentence. Shared by the detectors that each look for one kind of
 * sentence (`_loyalty_transfer.ts`, `_model_safeguards_off.ts`); memoised per text, since the
 * same description often repeats across tools.
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import type { Rule } from "./rules.ts";

/** The sentence a reader found: its offset in the text and its words. */
export type SentenceHit = { at: number; s: string };

export function scanProseSentences(
  col: Collector,
  texts: readonly (readonly TextItem[])[],
  rule: Readonly<Rule>,
  minLength: number,
  find: (text: string) => SentenceHit | null,
): void {
  const memo = new Map<string, SentenceHit | null>();
  texts.forEach((items, index) => {
    for (const it of items) {
      const f = it.field;
      if (f !== "/description" && !f.endsWith("/title")) continue;
      if (it.text.length < minLength) continue;
      let hit = memo.get(it.text);
      if (hit === undefined) memo.set(it.text, hit = find(it.text));
      if (hit === null) continue;
      const raw = it.text.slice(hit.at, hit.at + hit.s.length).trim();
      col.add(rule, index, f, hit.at, raw.slice(0, 200), { key: `${rule.id}:${raw.slice(0, 60)}` });
    }
  });
}
