/**
 * Trains the intent model and writes src/security/intent/weights.json, or measures it.
 *
 *   deno run -A bench/train_intent.ts [--version V]   # train, write the weights (V: the rules')
 *   deno run -A bench/train_intent.ts --backtest [--verbose] [--t-lo 0.2,0.3]  # first sight
 *
 * The backtest replays how the model would have done on each blind round it could have met at
 * first sight: for round r, a model trained only on what was written before round r was
 * unsealed (earlier rounds, the probes for r and earlier, the public kinds, dev-split servers),
 * combined with the rules that were measured on round r at the time
 * (bench/data/firewall_firstsight.json: the ids each version blocked). No weight is trained on
 * round r. The published options (l2, t_hi, t_lo in _intent_train.ts DEFAULTS) were chosen on
 * this backtest, so its totals are development numbers; the held-out measure is the next blind
 * round (bench/firewall_eval.ts).
 *
 * The veto column adds the sentence veto (src/security/intent/veto.ts) trained the same way: a
 * block of the rules of the time is lifted when the model did not block, the veto scores the list
 * below t_lo, and today's rules find no critical finding and no evidence the veto never lifts in
 * it (combine.ts applyVeto).
 * `--t-lo x,y` prints other thresholds too.
 */
import { RULES } from "../src/security/rules.ts";
import { scanDetailed, type Tool } from "../src/security/scan.ts";
import { isEvidence } from "../src/security/intent/combine.ts";
import {
  DEFAULTS,
  type Item,
  itemScore,
  itemVetoScore,
  loadItems,
  loadUnitLists,
  train,
  trainingSet,
  trainModel,
  trainVeto,
} from "./_intent_train.ts";

interface FirstSight {
  /** Per round: the rules version measured on it at first sight and the case ids it blocked. */
  rounds: { round: number; rules: string; blocked: string[] }[];
  /** Per rules version: the real servers it blocked (none so far). */
  servers_blocked: Record<string, string[]>;
}

const arg = (k: string) => Deno.args.includes(k) ? Deno.args[Deno.args.indexOf(k) + 1] : undefined;
/** DEFAULTS with the veto's settings overridden from the command line (to compare). */
const OPTS = {
  ...DEFAULTS,
  vetoIters: Number(arg("--veto-iters") ?? DEFAULTS.vetoIters),
  vetoL2: Number(arg("--veto-l2") ?? DEFAULTS.vetoL2),
  unitWeight: Number(arg("--unit-weight") ?? DEFAULTS.unitWeight),
  t_mid: Number(arg("--t-mid") ?? DEFAULTS.t_mid),
};
const pct = (a: number, n: number) => `${a}/${n} (${(100 * a / n).toFixed(1)}%)`;

/**
 * Whether the veto may not act on a case (combine.ts applyVeto), judged with today's rules: a
 * counted critical finding, or evidence it never lifts. (The ids blocked at first sight are
 * recorded, not why; today's rules stand in for the reason.)
 */
function vetoBarred(tools: Tool[]): boolean {
  return scanDetailed(tools, { intentModel: null }).items.some(({ finding: f }) =>
    !f.discount && (f.severity === "critical" || isEvidence(f))
  );
}

/** Every labelled case's tools, by id. */
function casesById(): Map<string, Tool[]> {
  const dir = new URL("data/firewall_eval/", import.meta.url);
  const out = new Map<string, Tool[]>();
  for (const e of Deno.readDirSync(dir)) {
    if (!e.name.endsWith(".json")) continue;
    for (const c of JSON.parse(Deno.readTextFileSync(new URL(e.name, dir)))) out.set(c.id, c.tools);
  }
  return out;
}

/** attacks, explicit attacks, near-misses: [cases, blocked] each. */
type Tally = [number, number][];
const tally = (): Tally => [[0, 0], [0, 0], [0, 0]];
const cells = (t: Tally) => t.map(([n, b]) => pct(b, n)).join(", ");

function backtest(items: Item[], verbose: boolean, tLos: number[]): void {
  const fs = JSON.parse(
    Deno.readTextFileSync(new URL("data/firewall_firstsight.json", import.meta.url)),
  ) as FirstSight;
  const tools = casesById();
  const servers = items.filter((i) => i.kind === "server");
  const t = OPTS;
  const sum = { rules: tally(), model: tally(), veto: tLos.map(tally) };
  console.log(
    `round  rules         | rules: attacks, explicit, near-misses | + model (t_hi ${t.t_hi}) | + veto (t_lo ${
      tLos.join(" / ")
    }) | servers`,
  );
  for (const r of fs.rounds) {
    const tr = trainingSet(items.filter((i) => i.kind === "server" || i.round < r.round));
    const m = train(tr, t);
    const vm = trainVeto(tr, t);
    const test = items.filter((i) => i.kind !== "server" && i.round === r.round);
    const blocked = new Set(r.blocked);
    const row = { rules: tally(), model: tally(), veto: tLos.map(tally) };
    const changed: string[] = [];
    for (const i of test) {
      const s = itemScore(i, m);
      const rb = blocked.has(i.id);
      const mb = s >= t.t_hi;
      // The veto's score, where it could act: a rules block the model did not add to.
      const v = rb && !mb && s < t.t_mid && !vetoBarred(tools.get(i.id)!)
        ? itemVetoScore(i, vm)
        : 1;
      const k = i.kind === "attack" ? [0, ...(i.explicit ? [1] : [])] : [2];
      for (const j of k) {
        for (const [tl, b] of [[row.rules, rb], [row.model, rb || mb]] as const) {
          tl[j]![0]++;
          tl[j]![1] += +b;
        }
        tLos.forEach((lo, x) => {
          row.veto[x]![j]![0]++;
          row.veto[x]![j]![1] += +(mb || (rb && v >= lo));
        });
      }
      const vb = mb || (rb && v >= t.t_lo);
      if (rb !== vb || rb !== (rb || mb)) {
        changed.push(
          `${i.id} ${rb ? "block" : "allow"} -> ${vb ? "block" : "allow"} (model ${
            s.toFixed(3)
          }, veto ${v.toFixed(3)})`,
        );
      }
    }
    const srv = servers.filter((s) =>
      (fs.servers_blocked[r.rules] ?? []).includes(s.id) || itemScore(s, m) >= t.t_hi
    ).length;
    console.log(
      `${String(r.round).padEnd(6)} ${r.rules.padEnd(13)} | ${cells(row.rules)} | ${
        cells(row.model)
      } | ${row.veto.map(cells).join(" / ")} | ${srv}/${servers.length}`,
    );
    if (verbose) {
      for (const c of changed) {
        console.log(`    ${c}`);
      }
    }
    const add = (a: Tally, b: Tally) =>
      a.forEach((x, j) => (x[0] += b[j]![0], x[1] += b[j]![1]));
    add(sum.rules, row.rules);
    add(sum.model, row.model);
    sum.veto.forEach((v, x) => add(v, row.veto[x]!));
  }
  console.log(
    `total                | ${cells(sum.rules)} | ${cells(sum.model)} | ${
      sum.veto.map(cells).join(" / ")
    }`,
  );
}

if (import.meta.main) {
  // --no-unit: the veto without the unit tests' lists (to compare).
  const items = [...loadItems(), ...(Deno.args.includes("--no-unit") ? [] : loadUnitLists())];
  if (Deno.args.includes("--backtest")) {
    const tLos = (arg("--t-lo") ?? String(DEFAULTS.t_lo)).split(",").map(Number);
    backtest(items, Deno.args.includes("--verbose"), tLos);
  } else {
    // The model is published with the rules, so it carries their version.
    const version = arg("--version") ?? RULES.version;
    const model = trainModel(items, version, OPTS);
    const text = JSON.stringify(model) + "\n";
    const out = new URL("../src/security/intent/weights.json", import.meta.url);
    Deno.writeTextFileSync(out, text);
    console.log(
      `intent model ${version}: ${
        Object.keys(model.weights).length
      } weights, t_hi ${model.t_hi}, ${text.length} bytes, trained on ${
        JSON.stringify(model.trained_on)
      }`,
    );
  }
}
