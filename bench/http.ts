/**
 * Kernel overhead: requests per second of `GET /x402/keys` through the real server (router,
 * request id, rate limiter, error mapping; with and without the access log) against a bare
 * `Deno.serve` answering the same JSON text and headers, and of `GET /healthz` (which also reads the store)
 * against a bare server answering its JSON, measured in paired, alternating rounds in the same run
 * with the same load generator. Prints the median of the per-round ratios with their quartiles
 * and range.
 * Usage: `deno task bench` (or `deno run -A bench/http.ts [seconds] [rounds]`).
 */
import { generatorName, measureServer, median, spawnTarget, spread, type Target } from "./_load.ts";

const seconds = Number(Deno.args[0] ?? 2);
const rounds = Number(Deno.args[1] ?? 10);
const script = new URL("./_http_target.ts", import.meta.url);

// The kernel is measured on `GET /x402/keys`, whose handler answers a JSON text built at start,
// against a bare server answering the same text and headers; `/healthz` also reads the store (a Deno
// KV read per request, the larger part of its cost), so it is shown apart, against a bare
// server answering the same JSON without a store.
await using quiet = await spawnTarget(script, ["kernel"], { BENCH_ACCESS_LOG: "0" });
await using logged = await spawnTarget(script, ["kernel"], { BENCH_ACCESS_LOG: "1" });
await using bareKeys = await spawnTarget(script, ["bare", `${quiet.url}/x402/keys`]);
await using bareHealth = await spawnTarget(script, ["bare"]);
const targets: [string, Target, string][] = [
  ["bare Deno.serve, same answer", bareKeys, "/x402/keys"],
  ["kernel, ACCESS_LOG=1", logged, "/x402/keys"],
  ["kernel (default, no access log)", quiet, "/x402/keys"],
  ["bare Deno.serve, /healthz JSON", bareHealth, "/healthz"],
  ["kernel /healthz (reads the store)", quiet, "/healthz"],
];
// Ratios: the kernels against the first target, /healthz against the fourth.
const baseline = [0, 0, 0, 3, 3];
for (const [, t, path] of targets) await measureServer(t, `${t.url}${path}`, 1); // JIT warm-up

// Rounds rotate the order; each ratio is taken against its baseline's run of the same round,
// and the median of those ratios cancels slow drifts in background load. Two ratios: requests
// per second, and the baseline's CPU time per request over the kernel's (what the kernel's
// work costs, barely moved by other programs competing for the CPU).
const rps = targets.map(() => [] as number[]);
const cpu = targets.map(() => [] as number[]);
const rpsRatios = targets.map(() => [] as number[]);
const cpuRatios = targets.map(() => [] as number[]);
for (let r = 0; r < rounds; r++) {
  const round: { rps: number; cpuUs: number }[] = [];
  for (let k = 0; k < targets.length; k++) {
    const i = (k + r) % targets.length;
    const [, t, path] = targets[i]!;
    round[i] = await measureServer(t, `${t.url}${path}`, seconds);
  }
  round.forEach((v, i) => {
    const b = round[baseline[i]!]!;
    rps[i]!.push(v.rps);
    cpu[i]!.push(v.cpuUs);
    rpsRatios[i]!.push(v.rps / b.rps);
    cpuRatios[i]!.push(b.cpuUs / v.cpuUs);
  });
}
console.log(`generator: ${await generatorName()}, ${rounds} rounds of ${seconds}s per target`);
targets.forEach(([name], i) => {
  console.log(
    `${name.padEnd(32)} ${median(rps[i]!).toFixed(0).padStart(8)} req/s, ${
      median(cpu[i]!).toFixed(1)
    } µs CPU/request`,
  );
  if (baseline[i] !== i) {
    console.log(`  ratio to bare: req/s ${spread(rpsRatios[i]!)}`);
    console.log(`                 CPU/request ${spread(cpuRatios[i]!)}`);
  }
});
