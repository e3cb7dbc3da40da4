/**
 * The paywall's 402 answers per second against a bare `Deno.serve` that reads the same JSON body
 * and answers the same 402 (body and headers) from constants: the cost of the paywall's own
 * logic (parse, terms, PAYMENT-REQUIRED). Also the whole server's 402 path (kernel, rate
 * limiter, paywall; `POST /x402/fair-random`) against a constant server answering its bytes.
 * Every server runs in its own process; rounds rotate the order, each ratio is taken against the
 * constant server of the same round (also against a constant server that clones one prebuilt
 * answer per request, a stricter baseline), and the median, quartiles and extremes of those ratios are
 * printed so one noisy round does not decide.
 *
 * Run: `deno run -A --lock=deno.test.lock bench/paywall.ts [seconds=2] [rounds=10]`
 * (`wrk` when installed, else a fetch loop in another process).
 */
import { generatorName, measureServer, median, spawnTarget, spread, type Target } from "./_load.ts";
import { BODY } from "./_paywall_target.ts";

const BENCH_PATH = "/x402/bench";
const PAID_PATH = "/x402/fair-random";

const seconds = Number(Deno.args[0] ?? 2);
const rounds = Number(Deno.args[1] ?? 10);
const script = new URL("./_paywall_target.ts", import.meta.url);

await using paywall = await spawnTarget(script, ["paywall"]);
await using paywallConst = await spawnTarget(script, ["constant", `${paywall.url}${BENCH_PATH}`]);
await using paywallClone = await spawnTarget(script, [
  "constant-clone",
  `${paywall.url}${BENCH_PATH}`,
]);
await using serve = await spawnTarget(script, ["serve"]);
await using serveConst = await spawnTarget(script, ["constant", `${serve.url}${PAID_PATH}`]);

const post = {
  method: "POST",
  body: BODY,
  headers: { "content-type": "application/json", "x-allow-non-2xx": "1" },
};
const pairs: { name: string; a: Target; b: Target; path: string }[] = [
  { name: "paywall (handlePaid) vs constant 402", a: paywall, b: paywallConst, path: BENCH_PATH },
  {
    name: "paywall (handlePaid) vs constant 402 cloned from a template",
    a: paywall,
    b: paywallClone,
    path: BENCH_PATH,
  },
  {
    name: "serve POST /x402/fair-random vs constant 402",
    a: serve,
    b: serveConst,
    path: PAID_PATH,
  },
];
for (const p of pairs) {
  await measureServer(p.a, `${p.a.url}${p.path}`, 1, post); // JIT warm-up
  await measureServer(p.b, `${p.b.url}${p.path}`, 1, post);
}
type Run = { rps: number; cpuUs: number };
const results = pairs.map(() => ({
  a: [] as Run[],
  b: [] as Run[],
  rps: [] as number[],
  cpu: [] as number[],
}));
for (let r = 0; r < rounds; r++) {
  for (const [i, p] of pairs.entries()) {
    // Alternate which of the pair goes first.
    const [first, second] = r % 2 ? [p.b, p.a] : [p.a, p.b];
    const x = await measureServer(first, `${first.url}${p.path}`, seconds, post);
    const y = await measureServer(second, `${second.url}${p.path}`, seconds, post);
    const [a, b] = r % 2 ? [y, x] : [x, y];
    const res = results[i]!;
    res.a.push(a);
    res.b.push(b);
    res.rps.push(a.rps / b.rps);
    res.cpu.push(b.cpuUs / a.cpuUs);
  }
}

console.log(`generator: ${await generatorName()}, ${rounds} rounds of ${seconds}s per server`);
for (const [i, p] of pairs.entries()) {
  const { a, b, rps, cpu } = results[i]!;
  const m = (runs: Run[], k: keyof Run) => median(runs.map((x) => x[k]));
  console.log(
    `${p.name}: ${m(a, "rps").toFixed(0)}/s vs ${m(b, "rps").toFixed(0)}/s, ${
      m(a, "cpuUs").toFixed(1)
    } vs ${m(b, "cpuUs").toFixed(1)} µs CPU/request`,
  );
  console.log(`  ratio: req/s ${spread(rps)}`);
  console.log(`         CPU/request (constant's over ours) ${spread(cpu)}`);
}
