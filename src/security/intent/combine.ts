/**
 * Adds the intent model's finding to one scan (scan.ts, after the rules and their discounts):
 * a tool the model (model.ts) scores at or above `t_hi` gets the counted finding `model.intent`
 * (critical: it blocks), shown at the string whose words weighed most.
 *
 * The whole-tool score only adds blocks; it never lifts one: padding a poisoned description with
 * benign text lowers it (an appended `<IMPORTANT>` order in a long real description scored low).
 * Blocks are lifted only by the sentence veto (`applyVeto`, veto.ts), whose score padding cannot
 * lower.
 */
import type { Collector } from "../_collector.ts";
import type { TextItem } from "../_corpus.ts";
import { ruleById, RULES } from "../rules.ts";
import { INTENT_MODEL, type IntentModel, IntentScorer } from "./model.ts";
import { neverLifted, VetoScorer } from "./veto.ts";

const MODEL_INTENT = ruleById("model.intent");

let published: IntentScorer | undefined;

/** Scores every tool and adds `model.intent` where the score reaches `t_hi`; updates `scored`
 * (the rules that count per tool name). Returns the highest tool score (the veto reads it). */
export function applyIntentModel(
  col: Collector,
  names: readonly string[],
  texts: readonly TextItem[][],
  scored: Map<string, Set<string>>,
  model?: IntentModel,
): number {
  const scorer = model ? new IntentScorer(model) : (published ??= new IntentScorer());
  const m = scorer.model;
  let highest = 0;
  texts.forEach((items, i) => {
    const { score, top } = scorer.scoreStrings(items);
    highest = Math.max(highest, score);
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
  return highest;
}

let publishedVeto: VetoScorer | undefined;

/**
 * The sentence veto (veto.ts): when the rules block the list by their score alone (no counted
 * critical finding; the model did not block), no counted high finding is of a kind that is
 * evidence in itself (`neverLifted`), the model's highest tool score (`modelScore`) is below
 * `t_mid`, and the list's highest sentence window scores below `t_lo`, every counted finding gets
 * a `discount` naming the veto, and the rules that count are none. Padding can lower the tool
 * score but not the windows, so `t_mid` only ever keeps a block the windows alone would lift. A critical finding is never lifted: the veto's words cannot tell "ignore all previous
 * instructions" said to the model from the same words quoted by a tool that detects them, and
 * the rules can. Returns the rules that count after it.
 */
export function applyVeto(
  col: Collector,
  texts: readonly TextItem[][],
  scored: Map<string, Set<string>>,
  score: (scored: ReadonlyMap<string, ReadonlySet<string>>) => number,
  modelScore: number,
  model?: IntentModel,
): Map<string, Set<string>> {
  const m = model ?? INTENT_MODEL;
  if (!m.veto || col.truncated || modelScore >= m.veto.t_mid) return scored;
  for (const ids of scored.values()) {
    for (const id of ids) if (ruleById(id).severity === "critical") return scored;
  }
  if (score(scored) < RULES.block_threshold) return scored;
  if (col.items.some(({ finding: f }) => !f.discount && isEvidence(f))) return scored;
  const scorer = model ? new VetoScorer(m.veto) : (publishedVeto ??= new VetoScorer(m.veto));
  const { score: highest } = scorer.highest(texts);
  if (highest >= m.veto.t_lo) return scored;
  const why = `intent model ${m.version} veto: no sentence scores at or above t_lo ${m.veto.t_lo}` +
    ` (highest ${highest.toFixed(4)}), so nothing reads as an order to the model`;
  for (const { finding: f } of col.items) f.discount ??= why;
  return new Map([...scored.keys()].map((k) => [k, new Set<string>()]));
}

/** A high or critical finding of a kind the veto never lifts (veto.ts `neverLifted`). */
export const isEvidence = (f: { rule_id: string; severity: string }) =>
  (f.severity === "critical" || f.severity === "high") && neverLifted(f.rule_id);
