/**
 * Start time and memory of `esim-rails serve` against a bare `Deno.serve` hello-world, measured
 * in the same run: many repetitions, alternating which of the two starts first, medians and
 * ratios with their spread.
 *
 *   cold start   process start (spawn) to the first 200 (`/healthz`; the bare server's `/`)
 *   start CPU    CPU time of the process's threads until then (steadier on a busy machine;
 *                threads that already ended are not counted)
 *   idle RSS     VmRSS one second after that first 200
 *   loaded RSS   VmRSS after a burst of requests: for serve `/healthz`, `GET /`, the free
 *                listings and 402 answers of every paid route; for the bare server the same
 *                number of hello-worlds
 *   first paid   (with a local chain, on by default) the whole first paid call of a fresh
 *                process (402, the official client `@x402/fetch` signs, verify, claim, ECVRF
 *                draw, settlement with automine, answer) against its second paid call
 *
 * `serve` runs as from a checkout (`deno run -A main.ts serve`, so deno.json applies), with
 * payments on (`PAY_TO_EVM`, `FACILITATOR_KEY_FILE`, `RPC_URL`), restarting on the data
 * directory an untimed first start created. `BENCH_MAIN` points at another checkout's main.ts
 * to measure that version instead; `BENCH_BEFORE` at another checkout's main.ts to measure it
 * too, in the same repetitions (each on its own data directory), with its ratios to the bare
 * server and `serve`'s to it; `BENCH_SERVE_FLAGS` adds `deno run` flags.
 *
 * Run: `deno run -A --lock=deno.test.lock bench/start.ts [repetitions=15]` (about 2 s per
 * repetition; `BENCH_PAID=0` skips the chain and the paid calls).
 */
import { ExactEvmScheme, wrapFetchWithPayment, x402Client } from "../tests/support/deps.ts";
import { privateKeyToAccount } from "viem/accounts";
import { startChain } from "../tests/support/chain.ts";

const REPS = Number(Deno.args[0] ?? "15");
const PAID = Deno.env.get("BENCH_PAID") !== "0";
const MAIN = Deno.env.get("BENCH_MAIN") || new URL("../main.ts", import.meta.url).pathname;
// Another version measured in the same repetitions (`before`), e.g. an untouched checkout.
const BEFORE = Deno.env.get("BENCH_BEFORE") || undefined;
const BURST = 2000;
// Extra `deno run` flags for serve (comparisons, e.g. `--node-modules-dir=manual`).
const SERVE_FLAGS = (Deno.env.get("BENCH_SERVE_FLAGS") ?? "").split(" ").filter(Boolean);

// anvil's well-known dev keys: 1 pays gas for settlement, 3 is the buyer.
const FACILITATOR = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const BUYER = privateKeyToAccount(
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
);
const PAY_TO = "0x00000000000000000000000000000000000a11ce";

interface Sample {
  startMs: number;
  /** CPU time of all the process's threads until the first 200 (what contention cannot stretch). */
  startCpuMs: number;
  idleMb: number;
  loadedMb: number;
  firstPaidMs?: number;
  secondPaidMs?: number;
}

function rssMb(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? "NaN") / 1024;
}

/** CPU time used so far by the process's live threads, in ms (`/proc/<pid>/task/<tid>/schedstat`). */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const t of Deno.readDirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(Deno.readTextFileSync(`/proc/${pid}/task/${t.name}/schedstat`).split(" ")[0]);
    } catch { /* the thread ended */ }
  }
  return ns / 1e6;
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `total` requests over `concurrency` connections, cycling through `requests`. */
async function burst(requests: (() => Promise<Response>)[], total: number, concurrency = 16) {
  let n = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (n < total) {
      const res = await requests[n++ % requests.length]!();
      await res.arrayBuffer();
    }
  }));
}

async function measure(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  load: (base: string) => Promise<Pick<Sample, "firstPaidMs" | "secondPaidMs">>,
  cwd: string,
): Promise<Sample> {
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    env: { ...env, NO_COLOR: "1", PORT: String(port), HOST: "127.0.0.1" },
    // Deno finds deno.json from the working directory: the checkout's for serve, none for bare.
    cwd,
    stdout: "null",
    stderr: "null",
    stdin: "null",
  }).spawn();
  try {
    let startMs = NaN, startCpuMs = NaN;
    while (performance.now() - t0 < 30_000) {
      try {
        const res = await fetch(`${base}${readyPath}`);
        await res.body?.cancel();
        if (res.status === 200) {
          startMs = performance.now() - t0;
          startCpuMs = cpuMs(child.pid);
          break;
        }
      } catch { /* not listening yet: poll again */ }
      await sleep(2);
    }
    if (!Number.isFinite(startMs)) throw new Error(`${args.join(" ")} never answered 200`);
    // Idle: let start-up garbage settle before reading RSS.
    await sleep(1000);
    const idleMb = rssMb(child.pid);
    const paid = await load(base);
    const loadedMb = rssMb(child.pid);
    return { startMs, startCpuMs, idleMb, loadedMb, ...paid };
  } finally {
    child.kill("SIGTERM");
    await child.status;
  }
}

const bareScript = await Deno.makeTempFile({ suffix: ".ts" });
await Deno.writeTextFile(
  bareScript,
  `Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT")), onListen() {} }, () => new Response("ok"));`,
);
const chain = PAID ? await startChain() : undefined;
const dir = await Deno.makeTempDir({ prefix: "esim-rails-bench-" });
await Deno.writeTextFile(`${dir}/facilitator.key`, FACILITATOR);
if (chain) await chain.mint(BUYER.address, 10n ** 12n);
const pay = wrapFetchWithPayment(
  fetch,
  new x402Client().register("eip155:8453", new ExactEvmScheme(BUYER)),
);

const PAID_SLUGS = [
  "fair-random",
  "x402-check",
  "firewall-scan",
  "mcp-diff",
  "weather-now",
  "air-quality-now",
  "nearby-sensors",
  "transparency-check",
];

async function paidCall(base: string, seed: string): Promise<number> {
  const t = performance.now();
  const res = await pay(`${base}/x402/fair-random`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seed }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`paid call answered ${res.status}: ${text}`);
  return performance.now() - t;
}

async function loadServe(base: string) {
  let firstPaidMs: number | undefined, secondPaidMs: number | undefined;
  if (chain) {
    firstPaidMs = await paidCall(base, `first ${base}`);
    secondPaidMs = await paidCall(base, `second ${base}`);
  }
  const post = (slug: string) => () =>
    fetch(`${base}/x402/${slug}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
  await burst([
    () => fetch(`${base}/healthz`),
    () => fetch(`${base}/`),
    () => fetch(`${base}/x402/keys`),
    () => fetch(`${base}/x402/firewall-rules`),
    ...PAID_SLUGS.map(post),
  ], BURST);
  return { firstPaidMs, secondPaidMs };
}

async function loadBare(base: string) {
  await burst([() => fetch(`${base}/`)], BURST);
  return {};
}

const bare: Sample[] = [];
const serve: Sample[] = [];
const before: Sample[] = [];
const serveEnv = async (name: string): Promise<Record<string, string>> => {
  const data = `${dir}/${name}`;
  await Deno.mkdir(data);
  return {
    DATA_DIR: data,
    KV_PATH: `${data}/node.kv`,
    RATE_LIMIT_PER_MIN: "10000000",
    ...(chain
      ? {
        PAY_TO_EVM: PAY_TO,
        FACILITATOR_KEY_FILE: `${dir}/facilitator.key`,
        RPC_URL: chain.rpcUrl,
      }
      : {}),
  };
};
const runBare = async () =>
  await measure(["run", "-A", "--quiet", bareScript], {}, "/", loadBare, dir);
const serveRunner = (main: string, env: Record<string, string>) => async () =>
  await measure(
    ["run", "-A", "--quiet", ...SERVE_FLAGS, main, "serve"],
    env,
    "/healthz",
    loadServe,
    main.slice(0, main.lastIndexOf("/")),
  );
const runServe = serveRunner(MAIN, await serveEnv("data"));
const runBefore = BEFORE ? serveRunner(BEFORE, await serveEnv("data-before")) : undefined;
try {
  // One untimed start each: the first start of serve creates its keys and store (a restart is
  // what is measured) and both fill Deno's caches.
  await runBare();
  await runServe();
  await runBefore?.();
  for (let r = 0; r < REPS; r++) {
    // Rotate which starts first, so a slow drift in background load hits all alike.
    const runs: [Sample[], () => Promise<Sample>][] = [[bare, runBare], [serve, runServe]];
    if (runBefore) runs.push([before, runBefore]);
    for (let i = 0; i < runs.length; i++) {
      const [into, run] = runs[(r + i) % runs.length]!;
      into.push(await run());
    }
  }
} finally {
  await chain?.stop();
  await Deno.remove(dir, { recursive: true });
  await Deno.remove(bareScript);
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}
const median = (xs: number[]) => quantile(xs, 0.5);
const f = (n: number, d = 1) => n.toFixed(d);

function line(
  name: string,
  unit: string,
  pick: (s: Sample) => number,
  d = 1,
  measured = serve,
  baseline = bare,
  labels = ["serve", "bare"],
) {
  const b = baseline.map(pick), s = measured.map(pick);
  // Per-repetition ratios pair each serve start with the bare start next to it.
  const ratios = s.map((v, i) => v / b[i]!);
  console.log(
    `${name.padEnd(12)} ${labels[0]} ${f(median(s), d)} ${unit} (IQR ${f(quantile(s, 0.25), d)}–${
      f(quantile(s, 0.75), d)
    }), ${labels[1]} ${f(median(b), d)} ${unit} (IQR ${f(quantile(b, 0.25), d)}–${
      f(quantile(b, 0.75), d)
    }); ratio of medians ${f(median(s) / median(b), 2)}×, per-repetition ratios median ${
      f(median(ratios), 2)
    }× (IQR ${f(quantile(ratios, 0.25), 2)}–${f(quantile(ratios, 0.75), 2)}×)`,
  );
}

console.log(
  `${REPS} alternating repetitions; serve = deno run -A ${[...SERVE_FLAGS, MAIN].join(" ")} serve`,
);
const metrics: [string, string, (s: Sample) => number, number][] = [
  ["cold start", "ms", (s) => s.startMs, 0],
  ["start CPU", "ms", (s) => s.startCpuMs, 0],
  ["idle RSS", "MB", (s) => s.idleMb, 1],
  ["loaded RSS", "MB", (s) => s.loadedMb, 1],
];
for (const [name, unit, pick, d] of metrics) line(name, unit, pick, d);
if (BEFORE) {
  console.log(
    `before = deno run -A ${[...SERVE_FLAGS, BEFORE].join(" ")} serve, in the same repetitions`,
  );
  for (const [name, unit, pick, d] of metrics) {
    line(name, unit, pick, d, before, bare, ["before", "bare"]);
  }
  for (const [name, unit, pick, d] of metrics) {
    line(name, unit, pick, d, serve, before, ["serve", "before"]);
  }
}
function paidLine(label: string, samples: Sample[]) {
  const first = samples.map((s) => s.firstPaidMs!), second = samples.map((s) => s.secondPaidMs!);
  console.log(
    `first paid call of a fresh ${label} ${f(median(first), 0)} ms (IQR ${
      f(quantile(first, 0.25), 0)
    }–${f(quantile(first, 0.75), 0)}), second ${f(median(second), 0)} ms (IQR ${
      f(quantile(second, 0.25), 0)
    }–${f(quantile(second, 0.75), 0)}) (automine chain)`,
  );
}
if (chain) {
  paidLine("serve", serve);
  if (BEFORE) paidLine("before", before);
}
