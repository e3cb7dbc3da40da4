/**
 * Kernel overhead: requests per second of GET /healthz through the real server (router,
 * request id, rate limiter, error mapping; with and without the access log) against a bare
 * `Deno.serve` returning the same JSON, measured in paired, alternating rounds in the same run
 * with the same load generator. Prints the median of the per-round ratios; target ≥ 0.8.
 * Usage: `deno task bench` (or `deno run -A bench/http.ts [seconds] [rounds]`).
 */
import { generatorName, measureRps, median, spawnTarget, type Target } from "./_load.ts";

const seconds = Number(Deno.args[0] ?? 2);
const rounds = Number(Deno.args[1] ?? 6);
const script = new URL("./_http_target.ts", import.meta.url);

await using bare = await spawnTarget(script, ["bare"]);
await using logged = await spawnTarget(script, ["kernel"], { BENCH_ACCESS_LOG: "1" });
await using quiet = await spawnTarget(script, ["kernel"], { BENCH_ACCESS_LOG: "0" });
const targets: [string, Target][] = [
  ["bare Deno.serve", bare],
  ["kernel, ACCESS_LOG=1", logged],
  ["kernel (default, no access log)", quiet],
];
for (const [, t] of targets) await measureRps(`${t.url}/healthz`, 1); // JIT warm-up

// Rounds rotate the order; each kernel's ratio is taken against the bare run of the same
// round, and the median of those ratios cancels slow drifts in background load.
const rps = targets.map(() => [] as number[]);
const ratios = targets.map(() => [] as number[]);
for (let r = 0; r < rounds; r++) {
  const round: number[] = [];
  for (let k = 0; k < targets.length; k++) {
    const i = (k + r) % targets.length;
    round[i] = await measureRps(`${targets[i]![1].url}/healthz`, seconds);
  }
  round.forEach((v, i) => {
    rps[i]!.push(v);
    ratios[i]!.push(v / round[0]!);
  });
}
console.log(`generator: ${await generatorName()}, ${rounds} rounds of ${seconds}s per target`);
targets.forEach(([name], i) => {
  const ratio = i === 0 ? "" : `  ratio ${median(ratios[i]!).toFixed(3)}`;
  console.log(`${name.padEnd(32)} ${median(rps[i]!).toFixed(0).padStart(8)} req/s${ratio}`);
});
console.log("target: kernel/bare >= 0.8");
