/**
 * The sentence veto: the intent model's second regression (model.ts `veto`), over windows of one
 * to three consecutive sentences (features.ts `eachWindow`). A list's veto score is its highest
 * window. When the rules block a list by score, the model scores every tool below `t_mid`, no
 * finding of a kind that is evidence in itself fired (`neverLifted`), and every window scores
 * below `t_lo`, the block is lifted:
 * nothing in the list reads as an order to the model, so the rules' words were about the tool's
 * own job.
 *
 * Why windows and a maximum: the whole-tool score could be lowered by padding a poisoned
 * description with benign text. A window's score depends on its own words only, and adding
 * windows can only raise a maximum, so padding cannot bring a list under `t_lo`.
 */
import { collectStrings } from "../_walk.ts";
import { eachWindow, windowFeatures } from "./features.ts";
import { sigmoid, type VetoModel } from "./model.ts";

/**
 * Rule families and rules a veto never lifts: hidden characters, terminal escapes, look-alike
 * names, encodings, and literal credential, wallet and cloud-metadata paths or key material,
 * sensitive data sent to a named destination, beacon images, and the purpose checks (a secret or
 * data a tool has no use for: a cvv in a bill splitter, a signing key returned in every reply).
 * These are evidence in their own right that words cannot judge, and hidden or encoded text is not
 * read by the word model at all.
 */
export const NEVER_LIFTED: readonly string[] = [
  "uni.*",
  "ansi.*",
  "look.*",
  "obf.*",
  "pi.follow_encoded",
  "pi.shell_payload",
  "secret.param_off_purpose",
  "purpose.unneeded_data",
  "secret.read_credential",
  "secret.read_wallet",
  "secret.credential_path",
  "secret.key_path",
  "secret.wallet_path",
  "secret.cloud_metadata",
  "secret.key_material",
  "exfil.sensitive_to_dest",
  "exfil.markdown_image",
  "exfil.image_beacon",
];

const FAMILIES = new Set(NEVER_LIFTED.filter((r) => r.endsWith(".*")).map((r) => r.slice(0, -1)));
const IDS = new Set(NEVER_LIFTED.filter((r) => !r.endsWith(".*")));

/** Whether a veto may never lift a block that a finding of this rule is part of. */
export function neverLifted(ruleId: string): boolean {
  if (IDS.has(ruleId)) return true;
  const dot = ruleId.indexOf(".");
  return dot > 0 && FAMILIES.has(ruleId.slice(0, dot + 1));
}

/** The highest window of a list, with the window itself (shown in the discount). */
export interface WindowScore {
  score: number;
  window: string;
}

/** A veto model ready to score. */
export class VetoScorer {
  private readonly w: Map<string, number>;

  constructor(readonly model: VetoModel) {
    this.w = new Map(Object.entries(model.weights));
  }

  /** The score of one window's features (features.ts windowFeatures). */
  scoreFeatures(features: Iterable<string>): number {
    let z = this.model.bias;
    for (const f of features) z += this.w.get(f) ?? 0;
    return sigmoid(z);
  }

  /**
   * The highest window over the strings of every tool (each string as collectStrings gives
   * it). Windows without any word are skipped, as in training.
   */
  highest(strings: readonly (readonly { text: string }[])[]): WindowScore {
    let best: WindowScore = { score: 0, window: "" };
    const seen = new Set<string>();
    for (const items of strings) {
      for (const { text } of items) {
        if (seen.has(text)) continue; // schema words repeat across tools
        seen.add(text);
        eachWindow(text, (window) => {
          const f = windowFeatures(window);
          if (f.size === 0) return;
          const score = this.scoreFeatures(f);
          if (score > best.score) best = { score, window };
        });
      }
    }
    return best;
  }
}

/** The veto score of tools as they are sent (collectStrings per tool): for tests and tools. */
export function vetoScore(model: VetoModel, tools: readonly Record<string, unknown>[]): number {
  return new VetoScorer(model).highest(tools.map((t) => collectStrings(t))).score;
}
