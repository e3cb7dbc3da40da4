/**
 * The intent model: a published linear model (logistic regression over the words and word pairs
 * of one tool, features.ts) trained offline on the labelled evaluation data by
 * bench/train_intent.ts, which writes weights.json. Deterministic: the same tool always gets the
 * same score, and the weights are served with the rules at `GET /x402/firewall-rules`.
 *
 * How scan.ts uses it (combine.ts): a tool the model scores at or above `t_hi` gets the counted,
 * critical finding `model.intent`. Its whole-tool score only adds blocks; the sentence veto
 * (veto.ts) is what may lift a score-only block of the rules.
 */
import data from "./weights.json" with { type: "json" };
import { eachRawWord, lengthFeature, stem } from "./features.ts";

/** Spellings kept in a scorer's word cache before it is cleared (bounded memory). */
const RAW_MAX = 100_000;
/** Strings remembered with their features, the longest one remembered, and the characters held. */
const MEMO_MAX = 50_000;
const MEMO_CHARS = 2_000;
const MEMO_TOTAL_CHARS = 8_000_000;

/** The published model (the shape of weights.json). */
export interface IntentModel {
  /** Version, changed with every retraining. */
  version: string;
  bias: number;
  /** At or above: the tool is blocked by the model (finding `model.intent`). */
  t_hi: number;
  /** What it was trained on (counts), for the published document. */
  trained_on: Record<string, number>;
  /** Feature name -> weight (features.ts). */
  weights: Record<string, number>;
  /** The sentence veto (veto.ts); absent: no veto. */
  veto?: VetoModel;
}

/** The veto's regression over sentence windows (features.ts eachWindow, windowFeatures). */
export interface VetoModel {
  bias: number;
  /** Below: no window of the list reads as an order, and the rules' block is lifted. */
  t_lo: number;
  /** At or above (the highest whole-tool score of the list): the veto does not act. */
  t_mid: number;
  /** Feature name -> weight. */
  weights: Record<string, number>;
}

export const INTENT_MODEL: IntentModel = data as IntentModel;

/** The logistic function: a linear sum as a score in (0, 1). */
export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** A model ready to score: weights in a Map, and by number for the per-tool sums. */
export class IntentScorer {
  private readonly w: Map<string, number>;
  /** Per stemmed word: its word feature's id and the ids of the pairs it starts (no strings
   * are built per word while scoring). */
  private readonly words = new Map<string, WordNode>();
  /** Lowercased word as written -> its stem's node (null: the stem is in no feature). */
  private readonly raw = new Map<string, WordNode | null>();
  private readonly byId: Float64Array;
  /** Per feature id, the call that last counted it (each feature counts once per tool). */
  private readonly stamp: Int32Array;
  private call = 0;
  /** Per feature id, the string that last listed it (once per string). */
  private readonly listed: Int32Array;
  private string = 0;

  constructor(readonly model: IntentModel = INTENT_MODEL) {
    const entries = Object.entries(model.weights);
    this.w = new Map(entries);
    this.byId = Float64Array.from(entries.map(([, w]) => w));
    this.stamp = new Int32Array(entries.length);
    this.listed = new Int32Array(entries.length);
    const node = (w: string) => {
      let n = this.words.get(w);
      if (!n) this.words.set(w, n = { word: w, id: -1, next: null });
      return n;
    };
    entries.forEach(([f], id) => {
      if (f.startsWith("w:")) node(f.slice(2)).id = id;
      else if (f.startsWith("b:")) {
        const [a, b] = f.slice(2).split(" ") as [string, string];
        (node(a).next ??= new Map()).set(b, id);
        node(b); // a word with no node is in no feature, so no pair can end with it either
      }
    });
  }

  /** The score of a feature set (features.ts toolFeatures). */
  scoreFeatures(features: Iterable<string>): number {
    let z = this.model.bias;
    for (const f of features) z += this.w.get(f) ?? 0;
    return sigmoid(z);
  }

  /**
   * The score of one tool from its strings: the same sum, in the same order, as
   * `scoreFeatures(toolFeatures(...))`, from each string's weighted features, which are kept per
   * string (schema words and shared descriptions repeat across tools and lists, like the rules'
   * per-string memos). Also returns the index of the string whose features weigh most (shown in
   * the finding).
   */
  scoreStrings(strings: readonly { text: string }[]): { score: number; top: number } {
    const call = this.call = (this.call + 1) | 0 || 1;
    const stamp = this.stamp;
    const byId = this.byId;
    let z = this.model.bias;
    let n = 0;
    let top = -1;
    let topSum = -Infinity;
    for (let i = 0; i < strings.length; i++) {
      const text = strings[i]!.text;
      const r = this.hitsOf(text);
      n += r.words;
      const ids = r.ids;
      for (let k = 0; k < ids.length; k++) {
        const id = ids[k]!;
        if (stamp[id] === call) continue;
        stamp[id] = call;
        z += byId[id]!;
      }
      if (r.sum > topSum) {
        topSum = r.sum;
        top = i;
      }
    }
    z += this.w.get(lengthFeature(n)) ?? 0;
    return { score: sigmoid(z), top };
  }

  private readonly memo = new Map<string, StringHits>();
  private memoChars = 0;

  /** `stringHits`, remembered for strings up to MEMO_CHARS long (bounded in strings and in
   * characters held). */
  private hitsOf(text: string): StringHits {
    let r = this.memo.get(text);
    if (r) return r;
    r = this.stringHits(text);
    if (text.length <= MEMO_CHARS) {
      if (this.memo.size >= MEMO_MAX || this.memoChars + text.length > MEMO_TOTAL_CHARS) {
        this.memo.clear();
        this.memoChars = 0;
      }
      this.memo.set(text, r);
      this.memoChars += text.length;
    }
    return r;
  }

  /** The weighted features of one string, each once, in order of first appearance. */
  private stringHits(text: string): StringHits {
    const raws: string[] = [];
    eachRawWord(text, (w) => raws.push(w));
    const ids: number[] = [];
    const mark = this.string = (this.string + 1) | 0 || 1;
    const listed = this.listed;
    let sum = 0;
    let prev: WordNode | null = null;
    for (let i = 0; i < raws.length; i++) {
      const raw = raws[i]!;
      let node = this.raw.get(raw);
      if (node === undefined) {
        // One lookup per word: the stem's node, found once per spelling.
        node = this.words.get(stem(raw)) ?? null;
        if (this.raw.size >= RAW_MAX) this.raw.clear();
        this.raw.set(raw, node);
      }
      if (node !== null) {
        const id = node.id;
        if (id >= 0 && listed[id] !== mark) {
          listed[id] = mark;
          ids.push(id);
          sum += this.byId[id]!;
        }
        const pair = prev?.next?.get(node.word);
        if (pair !== undefined && listed[pair] !== mark) {
          listed[pair] = mark;
          ids.push(pair);
          sum += this.byId[pair]!;
        }
      }
      prev = node;
    }
    return { ids: Int32Array.from(ids), sum, words: raws.length };
  }
}

/** One string's weighted features (see `scoreStrings`). */
interface StringHits {
  ids: Int32Array;
  sum: number;
  words: number;
}

interface WordNode {
  /** The stemmed word. */
  word: string;
  /** The id of `w:<word>`, or -1. */
  id: number;
  /** Second word -> the id of `b:<word> <second>`. */
  next: Map<string, number> | null;
}
