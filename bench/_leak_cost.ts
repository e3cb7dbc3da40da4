/**
 * Cost of the leak phase (`_leak.ts`) next to the prose-exfiltration phase, both timed in the
 * same process over the benchmark's two 500-tool workloads (both keep their memos per scan;
 * the texts are the parsed strings a scan sees: sliced copies would time regexes differently).
 *
 * Run: deno run -A bench/_leak_cost.ts [--runs 30]
 */
import { realisticTools, realServerTools } from "./security.ts";
import { Collector } from "../src/security/_collector.ts";
import { collectStrings, withWalkMemo } from "../src/security/_walk.ts";
import { scanExfil } from "../src/security/_exfil_prose.ts";
import { scanLeak } from "../src/security/_leak.ts";

const runsArg = Deno.args.indexOf("--runs");
const runs = runsArg >= 0 ? Number(Deno.args[runsArg + 1]) : 30;

for (
  const [label, tools] of [["synthetic", realisticTools()], [
    "real-server",
    realServerTools(),
  ]] as const
) {
  const texts = tools.map((x) => collectStrings(x));
  const names = tools.map((t) => t.name);
  const a: number[] = [], b: number[] = [];
  for (let i = -3; i < runs; i++) {
    const fresh = texts;
    withWalkMemo(() => {
      let t = performance.now();
      scanExfil(new Collector(names), tools, fresh);
      const e = performance.now() - t;
      t = performance.now();
      scanLeak(new Collector(names), tools, fresh);
      const s = performance.now() - t;
      if (i >= 0) a.push(e), b.push(s);
    });
  }
  const med = (xs: number[]) => xs.sort((x, y) => x - y)[xs.length >> 1]!;
  const best = (xs: number[]) => Math.min(...xs);
  console.log(
    `${label}: prose exfiltration ${med(a).toFixed(2)} ms, leak ${med(b).toFixed(2)} ms (best ${
      best(b).toFixed(2)
    }) per scan`,
  );
}
