/**
 * Kernel overhead: requests per second of GET /healthz through the real server (router,
 * request id, rate limiter, access log, error mapping) against a bare `Deno.serve` returning
 * the same JSON, measured alternately in the same run with the same load generator.
 * Prints a ratio; target ≥ 0.8. Usage: `deno task bench` (or `deno run -A bench/http.ts
 * [seconds] [rounds]`).
 */
import { generatorName, measureRps, median, spawnTarget } from "./_load.ts";

const seconds = Number(Deno.args[0] ?? 3);
const rounds = Number(Deno.args[1] ?? 6);
const script = new URL("./_http_target.ts", import.meta.url);

await using bare = await spawnTarget(script, ["bare"]);
await using kernel = await spawnTarget(script, ["kernel"]);
// Warm both up (JIT) before measuring.
await measureRps(`${bare.url}/healthz`, 1);
await measureRps(`${kernel.url}/healthz`, 1);

// Paired rounds in alternating order; the ratio is the median of the per-round ratios, which
// cancels slow drifts in background load better than a ratio of medians.
const bareRps: number[] = [];
const kernelRps: number[] = [];
const ratios: number[] = [];
for (let i = 0; i < rounds; i++) {
  const first = i % 2 === 0 ? bare : kernel;
  const second = first === bare ? kernel : bare;
  const a = await measureRps(`${first.url}/healthz`, seconds);
  const b = await measureRps(`${second.url}/healthz`, seconds);
  const [br, kr] = first === bare ? [a, b] : [b, a];
  bareRps.push(br);
  kernelRps.push(kr);
  ratios.push(kr / br);
}
console.log(`generator: ${await generatorName()}, ${rounds} paired rounds of ${seconds}s`);
console.log(`bare Deno.serve     ${median(bareRps).toFixed(0).padStart(8)} req/s (median)`);
console.log(`kernel GET /healthz ${median(kernelRps).toFixed(0).padStart(8)} req/s (median)`);
console.log(
  `ratio kernel/bare   ${median(ratios).toFixed(3)}  (median of paired ratios; target >= 0.8)`,
);
