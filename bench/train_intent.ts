/**
 * Trains the intent model and writes src/security/intent/weights.json, or measures it.
 *
 *   deno run -A bench/train_intent.ts [--version V]   # train, write the weights (V: the rules')
 *   deno run -A bench/train_intent.ts --backtest [--verbose]       # first-sight backtest
 *
 * The backtest replays how the model would have done on each blind round it could have met at
 * first sight: for round r, a model trained only on what was written before round r was
 * unsealed (earlier rounds, the probes for r and earlier, the public kinds, dev-split servers),
 * combined with the rules that were measured on round r at the time
 * (bench/data/firewall_firstsight.json: the ids each version blocked). No weight is trained on
 * round r. The published options (l2, t_hi in _intent_train.ts DEFAULTS) were chosen on
 * this backtest, so its totals are development numbers; the held-out measure is the next blind
 * round (bench/firewall_eval.ts).
 */
import { RULES } from "../src/security/rules.ts";
import {
  DEFAULTS,
  type Item,
  itemScore,
  loadItems,
  train,
  trainingSet,
  trainModel,
} from "./_intent_train.ts";

interface FirstSight {
  /** Per round: the rules version measured on it at first sight and the case ids it blocked. */
  rounds: { round: number; rules: string; blocked: string[] }[];
  /** Per rules version: the real servers it blocked (none so far). */
  servers_blocked: Record<string, string[]>;
}

const arg = (k: string) => Deno.args.includes(k) ? Deno.args[Deno.args.indexOf(k) + 1] : undefined;
const pct = (a: number, n: number) => `${a}/${n} (${(100 * a / n).toFixed(1)}%)`;

function backtest(items: Item[], verbose: boolean): void {
  const fs = JSON.parse(
    Deno.readTextFileSync(new URL("data/firewall_firstsight.json", import.meta.url)),
  ) as FirstSight;
  const servers = items.filter((i) => i.kind === "server");
  const sum = { n: [0, 0, 0], rules: [0, 0, 0], both: [0, 0, 0] };
  console.log(
    "round  rules         t_hi   | rules: attacks, explicit, near-misses | rules + model: attacks, explicit, near-misses | servers",
  );
  for (const r of fs.rounds) {
    const tr = trainingSet(items.filter((i) => i.kind === "server" || i.round < r.round));
    const t = DEFAULTS;
    const m = train(tr, DEFAULTS);
    const test = items.filter((i) => i.kind !== "server" && i.round === r.round);
    const blocked = new Set(r.blocked);
    const n = [0, 0, 0], rules = [0, 0, 0], both = [0, 0, 0];
    const changed: string[] = [];
    for (const i of test) {
      const s = itemScore(i, m);
      const rb = blocked.has(i.id);
      const cb = rb || s >= t.t_hi;
      const k = i.kind === "attack" ? [0, ...(i.explicit ? [1] : [])] : [2];
      for (const j of k) {
        n[j]!++;
        rules[j]! += +rb;
        both[j]! += +cb;
      }
      if (rb !== cb) {
        changed.push(
          `${i.id} ${rb ? "block" : "allow"} -> ${cb ? "block" : "allow"} (${s.toFixed(3)})`,
        );
      }
    }
    const srv = servers.filter((s) =>
      (fs.servers_blocked[r.rules] ?? []).includes(s.id) || itemScore(s, m) >= t.t_hi
    ).length;
    console.log(
      `${String(r.round).padEnd(6)} ${r.rules.padEnd(13)} ${String(t.t_hi).padEnd(6)} | ${
        pct(rules[0]!, n[0]!)
      }, ${pct(rules[1]!, n[1]!)}, ${pct(rules[2]!, n[2]!)} | ${pct(both[0]!, n[0]!)}, ${
        pct(both[1]!, n[1]!)
      }, ${pct(both[2]!, n[2]!)} | ${srv}/${servers.length}`,
    );
    if (verbose) {
      for (const c of changed) {
        console.log(`    ${c}`);
      }
    }
    for (const j of [0, 1, 2]) {
      sum.n[j]! += n[j]!;
      sum.rules[j]! += rules[j]!;
      sum.both[j]! += both[j]!;
    }
  }
  console.log(
    `total                       | ${pct(sum.rules[0]!, sum.n[0]!)}, ${
      pct(sum.rules[1]!, sum.n[1]!)
    }, ${pct(sum.rules[2]!, sum.n[2]!)} | ${pct(sum.both[0]!, sum.n[0]!)}, ${
      pct(sum.both[1]!, sum.n[1]!)
    }, ${pct(sum.both[2]!, sum.n[2]!)}`,
  );
}

if (import.meta.main) {
  const items = loadItems();
  if (Deno.args.includes("--backtest")) {
    backtest(items, Deno.args.includes("--verbose"));
  } else {
    // The model is published with the rules, so it carries their version.
    const version = arg("--version") ?? RULES.version;
    const model = trainModel(items, version, DEFAULTS);
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
