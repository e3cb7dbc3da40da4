/**
 * Kernel overhead: requests per second of GET /healthz through the real server (router,
 * request id, rate limiter, access log, error mapping) against a bare `Deno.serve` returning
 * the same JSON, measured alternately in the same run with the same load generator.
 * Prints a ratio; target ≥ 0.8. Usage: `deno task bench` (or `deno run -A bench/http.ts
 * [seconds] [rounds]`).
 */
import { generatorName, measureRps, median, spawnTarget } from "./_load.ts";

const seconds = Number(Deno.args[0] ?? 3);
const rounds = Number(Deno.args[1] ?? 3);
const script = new URL("./_http_target.ts", import.meta.url);

await using bare = await spawnTarget(script, ["bare"]);
await using kernel = await spawnTarget(script, ["kernel"]);
// Warm both up (JIT) before measuring.
await measureRps(`${bare.url}/healthz`, 1);
await measureRps(`${kernel.url}/healthz`, 1);

const bareRps: number[] = [];
const kernelRps: number[] = [];
for (let i = 0; i < rounds; i++) {
  bareRps.push(await measureRps(`${bare.url}/healthz`, seconds));
  kernelRps.push(await measureRps(`${kernel.url}/healthz`, seconds));
}
const b = median(bareRps);
const k = median(kernelRps);
console.log(`generator: ${await generatorName()}, ${rounds} rounds of ${seconds}s, medians`);
console.log(`bare Deno.serve     ${b.toFixed(0).padStart(8)} req/s`);
console.log(`kernel GET /healthz ${k.toFixed(0).padStart(8)} req/s`);
console.log(`ratio kernel/bare   ${(k / b).toFixed(3)}  (target >= 0.8)`);
