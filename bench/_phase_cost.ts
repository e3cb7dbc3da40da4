/**
 * Cost of one structural detector next to the prose-exfiltration phase, both timed in the same
 * process over the benchmark's two 500-tool workloads, so the ratio holds on a loaded machine.
 * Both keep their memos per scan; the texts are the parsed strings a scan sees (sliced copies
 * would time regexes differently).
 *
 * Run: deno run -A bench/_phase_cost.ts leak|steer_peers|authority|steer_choice|override_frame|side_channel [--runs 30]
 */
import { realisticTools, realServerTools } from "./security.ts";
import { Collector } from "../src/security/_collector.ts";
import { collectStrings, withWalkMemo } from "../src/security/_walk.ts";
import type { TextItem } from "../src/security/_corpus.ts";
import type { Tool } from "../src/security/scan.ts";
import { scanExfil } from "../src/security/_exfil_prose.ts";
import { scanLeak } from "../src/security/_leak.ts";
import { scanSteerPeers } from "../src/security/_steer_peers.ts";
import { scanAuthority } from "../src/security/_authority.ts";
import { scanSteerChoice } from "../src/security/_steer_choice.ts";
import { scanOverrideFrame } from "../src/security/_override_frame.ts";
import { scanSideChannel } from "../src/security/_side_channel.ts";

type Phase = (col: Collector, tools: Tool[], texts: TextItem[][]) => void;
const PHASES: Record<string, Phase> = {
  leak: scanLeak,
  steer_peers: scanSteerPeers,
  authority: scanAuthority,
  steer_choice: scanSteerChoice,
  override_frame: scanOverrideFrame,
  side_channel: scanSideChannel,
};

const phaseName = Deno.args[0] ?? "";
const phase = PHASES[phaseName];
if (!phase) {
  console.error(`usage: bench/_phase_cost.ts ${Object.keys(PHASES).join("|")} [--runs 30]`);
  Deno.exit(2);
}
const runsArg = Deno.args.indexOf("--runs");
const runs = runsArg >= 0 ? Number(Deno.args[runsArg + 1]) : 30;

const workloads = [["synthetic", realisticTools()], ["real-server", realServerTools()]] as const;
for (const [label, tools] of workloads) {
  const texts = tools.map((x) => collectStrings(x));
  const names = tools.map((t) => t.name);
  const exfil: number[] = [], own: number[] = [];
  for (let i = -3; i < runs; i++) {
    withWalkMemo(() => {
      let t = performance.now();
      scanExfil(new Collector(names), tools, texts);
      const e = performance.now() - t;
      t = performance.now();
      phase(new Collector(names), tools, texts);
      const p = performance.now() - t;
      if (i >= 0) exfil.push(e), own.push(p);
    });
  }
  const med = (xs: number[]) => xs.sort((x, y) => x - y)[xs.length >> 1]!;
  console.log(
    `${label}: prose exfiltration ${med(exfil).toFixed(2)} ms, ${phaseName} ${
      med(own).toFixed(2)
    } ms (best ${Math.min(...own).toFixed(2)}) per scan`,
  );
}
