/**
 * Training of the intent model (src/security/intent/): data, logistic regression and threshold
 * choice. Dev tooling, outside the runtime graph: bench/train_intent.ts writes the weights,
 * tests/security/intent_train_test.ts checks that the published weights are what this trains.
 *
 * Examples are tools. A benign near-miss's tools and a dev-split real server's tools are 0 (a
 * server tool weighs `serverWeight`). An attack case is 1 at its most suspicious tool by the
 * current weights (multiple instance: the other tools of an attack list are often benign).
 * Full-batch gradient descent (Adam) with L2 over a fixed order, so a rerun gives the same
 * weights. Held-out real servers and the unit-test fixtures are never trained on.
 *
 * The veto (src/security/intent/veto.ts) is a second logistic regression over sentence windows
 * (features.ts eachWindow): a list is a bag of windows, and its score is its highest window, for
 * attacks (1) and near-misses and servers (0) alike (multiple instance, max over the bag). So a
 * near-miss is pushed down at its most order-like window, and padding cannot lower a list's score.
 */
import { collectStrings } from "../src/security/_walk.ts";
import { eachWindow, toolFeatures, windowFeatures } from "../src/security/intent/features.ts";
import { type IntentModel, sigmoid } from "../src/security/intent/model.ts";
import { splitOf } from "./_eval_split.ts";

const ROOT = new URL("../", import.meta.url);

export interface Item {
  id: string;
  kind: "attack" | "benign" | "server";
  explicit: boolean;
  cls: string;
  /** When it was written: round N, probes for round N at N - 0.5, public kinds 0; servers -1. */
  round: number;
  /** Servers: the hash split (`dev` is trained on). */
  split: string;
  /** Feature set per tool. */
  tools: string[][];
  /** Feature set per sentence window, over every string of every tool (the veto's bag). */
  windows: string[][];
}

/** The round a data file belongs to, from its name (see bench/firewall_eval.ts). */
export function roundOf(file: string): number {
  if (file === "public_kinds.json") return 0;
  if (file === "heldout_new_words.json") return 1;
  const h = file.match(/^heldout(\d+)/);
  if (h) return Number(h[1]);
  const p = file.match(/^probes(\d+)/);
  if (p) return Number(p[1]) - 0.5;
  throw new Error(`no round for ${file}`);
}

type RawTool = Record<string, unknown>;
const features = (tools: RawTool[]) => tools.map((t) => [...toolFeatures(collectStrings(t))]);
function windows(tools: RawTool[]): string[][] {
  const out: string[][] = [];
  for (const t of tools) {
    for (const s of collectStrings(t)) {
      eachWindow(s.text, (w) => {
        const f = windowFeatures(w);
        if (f.size > 0) out.push([...f]);
      });
    }
  }
  return out;
}

/** The split of the unit tests' lists (loadUnitLists): veto training only. */
export const UNIT = "unit";

/**
 * The tool lists the firewall unit tests scan, labelled with the verdict they assert
 * (bench/data/veto_unit_lists.json, made by bench/_veto_unit_lists.ts). They teach the veto the
 * terse orders the rules were written for, which the evaluation rounds hold few of.
 */
export function loadUnitLists(): Item[] {
  const d = JSON.parse(
    Deno.readTextFileSync(new URL("bench/data/veto_unit_lists.json", ROOT)),
  ) as { label: string; tools: RawTool[] }[];
  return d.map((c, i) => ({
    id: `unit-${i}`,
    kind: c.label === "attack" ? "attack" : "benign",
    explicit: c.label === "attack",
    cls: "",
    round: 0,
    split: UNIT,
    tools: [],
    windows: windows(c.tools),
  }));
}

/** Every labelled case (`dir`: bench/data/firewall_eval by default) and every real server. */
export function loadItems(dir = new URL("bench/data/firewall_eval/", ROOT)): Item[] {
  const out: Item[] = [];
  const files = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith(".json"))
    .sort();
  for (const f of files) {
    const cases = JSON.parse(Deno.readTextFileSync(new URL(f, dir)));
    for (const c of cases) {
      out.push({
        id: c.id,
        kind: c.label === "attack" ? "attack" : "benign",
        explicit: c.explicit === true,
        cls: c.class,
        round: roundOf(f),
        split: c.split ?? "",
        tools: features(c.tools),
        windows: windows(c.tools),
      });
    }
  }
  const sdir = new URL("bench/data/mcp_servers/", ROOT);
  for (const n of [...Deno.readDirSync(sdir)].map((e) => e.name).sort()) {
    if (!n.endsWith(".json")) continue;
    const d = JSON.parse(Deno.readTextFileSync(new URL(n, sdir)));
    out.push({
      id: d.package,
      kind: "server",
      explicit: false,
      cls: "",
      round: -1,
      split: splitOf(d.package),
      tools: features(d.tools),
      windows: windows(d.tools),
    });
  }
  return out;
}

export interface Options {
  l2: number;
  iters: number;
  lr: number;
  /** A feature seen in fewer training tools than this is left out. */
  minDf: number;
  serverWeight: number;
  /** Published weights smaller than this in absolute value are dropped (a smaller model). */
  minWeight: number;
  /** Published block threshold (model.ts), chosen on the first-sight backtest (train_intent.ts). */
  t_hi: number;
  /** The last round trained on: later rounds are the model's held-out measure. */
  maxRound: number;
  /** The veto's L2 and iterations (its other settings are the model's). */
  vetoL2: number;
  vetoIters: number;
  /** The weight of a unit test's list in the veto's loss (an evaluation case weighs 1). */
  unitWeight: number;
  /** Published veto threshold (veto.ts), chosen on the first-sight backtest (train_intent.ts). */
  t_lo: number;
  /**
   * The veto never lifts a list whose whole-tool model score is at or above this: the model
   * leans towards an attack. (Padding lowers that score, so this only keeps blocks: a padded list
   * still has to pass the sentence windows.)
   */
  t_mid: number;
}

export const DEFAULTS: Options = {
  l2: 3e-5,
  iters: 300,
  lr: 0.05,
  minDf: 2,
  serverWeight: 0.5,
  minWeight: 0.1,
  t_hi: 0.99,
  maxRound: 21,
  vetoL2: 1e-5,
  vetoIters: 600,
  unitWeight: 5,
  t_lo: 0.4,
  t_mid: 0.2,
};

export interface Weights {
  bias: number;
  weights: Map<string, number>;
}

/** Logistic regression (see the module comment). */
export function train(all: readonly Item[], o: Options = DEFAULTS): Weights {
  // The unit tests' lists train the veto only (loadUnitLists).
  const items = all.filter((i) => i.split !== UNIT);
  const df = new Map<string, number>();
  for (const it of items) {
    if (it.kind === "server" && it.split !== "dev") throw new Error("held-out server in training");
    for (const t of it.tools) for (const f of t) df.set(f, (df.get(f) ?? 0) + 1);
  }
  const vocab = [...df.keys()].filter((f) => df.get(f)! >= o.minDf).sort();
  const index = new Map(vocab.map((f, i) => [f, i]));
  const X = items.map((it) =>
    it.tools.map((t) => Int32Array.from(t.map((f) => index.get(f) ?? -1).filter((i) => i >= 0)))
  );
  const V = vocab.length;
  const w = new Float64Array(V);
  const m = new Float64Array(V + 1);
  const v = new Float64Array(V + 1);
  const g = new Float64Array(V + 1);
  let b = 0;
  let total = 0;
  for (const it of items) {
    total += it.kind === "attack"
      ? 1
      : (it.kind === "server" ? o.serverWeight : 1) * it.tools.length;
  }
  const z = (x: Int32Array) => {
    let s = b;
    for (let k = 0; k < x.length; k++) s += w[x[k]!]!;
    return s;
  };
  const push = (x: Int32Array, d: number) => {
    for (let k = 0; k < x.length; k++) g[x[k]!]! += d;
    g[V]! += d;
  };
  const b1 = 0.9, b2 = 0.999;
  for (let iter = 1; iter <= o.iters; iter++) {
    g.fill(0);
    items.forEach((it, i) => {
      const xs = X[i]!;
      if (it.kind === "attack") {
        let best = 0;
        let bz = -Infinity;
        xs.forEach((x, j) => {
          const zz = z(x);
          if (zz > bz) [bz, best] = [zz, j];
        });
        if (xs.length > 0) push(xs[best]!, (sigmoid(bz) - 1) / total);
      } else {
        const wt = it.kind === "server" ? o.serverWeight : 1;
        for (const x of xs) push(x, wt * sigmoid(z(x)) / total);
      }
    });
    for (let j = 0; j <= V; j++) {
      const gj = j < V ? g[j]! + o.l2 * w[j]! : g[j]!;
      m[j] = b1 * m[j]! + (1 - b1) * gj;
      v[j] = b2 * v[j]! + (1 - b2) * gj * gj;
      const step = o.lr * (m[j]! / (1 - b1 ** iter)) / (Math.sqrt(v[j]! / (1 - b2 ** iter)) + 1e-8);
      if (j < V) w[j] = w[j]! - step;
      else b -= step;
    }
  }
  const weights = new Map<string, number>();
  vocab.forEach((f, j) => {
    const r = Math.round(w[j]! * 1e4) / 1e4;
    if (Math.abs(r) >= o.minWeight) weights.set(f, r);
  });
  return { bias: Math.round(b * 1e4) / 1e4, weights };
}

/** The veto's regression (see the module comment): each list is scored at its highest window. */
export function trainVeto(items: readonly Item[], o: Options = DEFAULTS): Weights {
  const df = new Map<string, number>();
  for (const it of items) {
    if (it.kind === "server" && it.split !== "dev") throw new Error("held-out server in training");
    for (const t of it.windows) for (const f of t) df.set(f, (df.get(f) ?? 0) + 1);
  }
  const vocab = [...df.keys()].filter((f) => df.get(f)! >= o.minDf).sort();
  const index = new Map(vocab.map((f, i) => [f, i]));
  const X = items.map((it) =>
    it.windows.map((t) => Int32Array.from(t.map((f) => index.get(f) ?? -1).filter((i) => i >= 0)))
  );
  const V = vocab.length;
  const w = new Float64Array(V);
  const m = new Float64Array(V + 1);
  const v = new Float64Array(V + 1);
  const g = new Float64Array(V + 1);
  let b = 0;
  const weightOf = (it: Item) =>
    it.kind === "server" ? o.serverWeight : it.split === UNIT ? o.unitWeight : 1;
  const total = items.reduce((s, it) => s + weightOf(it), 0);
  const z = (x: Int32Array) => {
    let s = b;
    for (let k = 0; k < x.length; k++) s += w[x[k]!]!;
    return s;
  };
  const b1 = 0.9, b2 = 0.999;
  for (let iter = 1; iter <= o.vetoIters; iter++) {
    g.fill(0);
    items.forEach((it, i) => {
      const xs = X[i]!;
      if (xs.length === 0) return;
      let best = 0;
      let bz = -Infinity;
      xs.forEach((x, j) => {
        const zz = z(x);
        if (zz > bz) [bz, best] = [zz, j];
      });
      const d = weightOf(it) * (sigmoid(bz) - (it.kind === "attack" ? 1 : 0)) / total;
      const x = xs[best]!;
      for (let k = 0; k < x.length; k++) g[x[k]!]! += d;
      g[V]! += d;
    });
    for (let j = 0; j <= V; j++) {
      const gj = j < V ? g[j]! + o.vetoL2 * w[j]! : g[j]!;
      m[j] = b1 * m[j]! + (1 - b1) * gj;
      v[j] = b2 * v[j]! + (1 - b2) * gj * gj;
      const step = o.lr * (m[j]! / (1 - b1 ** iter)) / (Math.sqrt(v[j]! / (1 - b2 ** iter)) + 1e-8);
      if (j < V) w[j] = w[j]! - step;
      else b -= step;
    }
  }
  const weights = new Map<string, number>();
  vocab.forEach((f, j) => {
    const r = Math.round(w[j]! * 1e4) / 1e4;
    if (Math.abs(r) >= o.minWeight) weights.set(f, r);
  });
  return { bias: Math.round(b * 1e4) / 1e4, weights };
}

/** A list's veto score: its highest window. */
export const itemVetoScore = (it: Item, m: Weights) =>
  it.windows.reduce((s, t) => Math.max(s, scoreTool(t, m)), 0);

/** The score of one tool's features. */
export function scoreTool(features: readonly string[], m: Weights): number {
  let z = m.bias;
  for (const f of features) z += m.weights.get(f) ?? 0;
  return sigmoid(z);
}

/** A list's score: its most suspicious tool. */
export const itemScore = (it: Item, m: Weights) =>
  it.tools.reduce((s, t) => Math.max(s, scoreTool(t, m)), 0);

/** The items a model trains on: labelled cases up to round `maxRound` and dev-split servers. */
export const trainingSet = (items: readonly Item[], maxRound = DEFAULTS.maxRound) =>
  items.filter((i) => i.kind === "server" ? i.split === "dev" : i.round <= maxRound);

/** Trains the published model on `items`. */
export function trainModel(items: readonly Item[], version: string, o = DEFAULTS): IntentModel {
  const tr = trainingSet(items, o.maxRound);
  const m = train(tr, o);
  const veto = trainVeto(tr, o);
  const count = (k: Item["kind"]) => tr.filter((i) => i.kind === k && i.split !== UNIT).length;
  return {
    version,
    bias: m.bias,
    t_hi: o.t_hi,
    trained_on: {
      through_round: o.maxRound,
      attacks: count("attack"),
      near_misses: count("benign"),
      servers: count("server"),
      unit_test_lists: tr.filter((i) => i.split === UNIT).length,
    },
    weights: sorted(m.weights),
    veto: { bias: veto.bias, t_lo: o.t_lo, t_mid: o.t_mid, weights: sorted(veto.weights) },
  };
}

const sorted = (w: Map<string, number>) =>
  Object.fromEntries([...w].sort((a, b) => a[0] < b[0] ? -1 : 1));
