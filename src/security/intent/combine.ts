/**
 * Adds the intent model's finding to one scan (scan.ts, after the rules and their discounts):
 * a tool the model (model.ts) scores at or above `t_hi` gets the counted finding `model.intent`
 * (critical: it blocks), shown at the string whose words weighed most.
 *
 * The model only adds blocks; it never lifts one. A veto was measured and left out: the score
 * is over the whole tool, so padding a poisoned description with benign text lowers it, and a
 * veto would let the padded attack through (an appended `<IMPORTANT>` order in a long real
 * description was allowed).
 */
import type { Collector } from "../_collector.ts";
import type { TextItem } from "../_corpus.ts";
import { ruleById } from "../rules.ts";
import { type IntentModel, IntentScorer } from "./model.ts";

const MODEL_INTENT = ruleById("model.intent");

let published: IntentScorer | undefined;

/** Scores every tool and adds `model.intent` where the score reaches `t_hi`; updates `scored`
 * (the rules that count per tool name). */
export function applyIntentModel(
  col: Collector,
  names: readonly string[],
  texts: readonly TextItem[][],
  scored: Map<string, Set<string>>,
  model?: IntentModel,
): void {
  const scorer = model ? new IntentScorer(model) : (published ??= new IntentScorer());
  const m = scorer.model;
  texts.forEach((items, i) => {
    const { score, top } = scorer.scoreStrings(items);
    if (score < m.t_hi) return;
    const name = names[i]!;
    const at = items[top] ?? { field: "/name", text: name };
    col.add(MODEL_INTENT, i, at.field, 0, at.text, {
      key: "",
      note: `intent model ${m.version}: score ${score.toFixed(4)} >= t_hi ${m.t_hi}`,
    });
    let set = scored.get(name);
    if (!set) scored.set(name, set = new Set());
    set.add(MODEL_INTENT.id);
  });
}
