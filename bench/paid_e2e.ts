/**
 * The whole paid call, end to end, against the official x402 stack in the same run:
 * 402 → signed payment (the official client `@x402/fetch` pays both) → verify → claim →
 * handler → settlement on chain → answer. Both servers serve `POST /x402/fair-random` ($0.006)
 * with the same work (ECVRF draw and an Ed25519-signed receipt) and settle in-process with
 * their own facilitator key on the same anvil chain:
 *   ours    `esim-rails serve` (LocalSettler);
 *   theirs  `@x402/hono` middleware + a facilitator built from `@x402/core` + `@x402/evm`
 *           (bench/_official_stack.ts).
 * Each runs in its own process; the client runs here. Two chain modes: automine (a block per
 * transaction) and a 2 s block time (Base's). Concurrency 1, 8 and 64, each for
 * BENCH_SECONDS (default 12) per stack, alternating stacks. After the run every 200 is checked
 * against the chain: one `Transfer` of exactly the price per paid answer, per stack.
 *
 * Also: the resident memory of `serve` under this load (start time and idle memory against a
 * bare `Deno.serve`: bench/start.ts).
 *
 * Run: `deno run -A bench/paid_e2e.ts` (about 4 minutes; BENCH_SECONDS shortens it).
 */
import { ExactEvmScheme, wrapFetchWithPayment, x402Client } from "../tests/support/deps.ts";
import { privateKeyToAccount } from "viem/accounts";
import { type Chain, startChain } from "../tests/support/chain.ts";
import { spawnServe } from "../tests/support/process.ts";
import { decodeBase64Json } from "../src/x402/encoding.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? "12");
const LEVELS = (Deno.env.get("BENCH_LEVELS") ?? "1,8,64").split(",").map(Number);
const MODES = (Deno.env.get("BENCH_MODES") ?? "automine,2s").split(",").filter((m) =>
  m && m !== "none"
);

// anvil's well-known dev keys: 1 and 2 pay gas for the two facilitators; 3 is the buyer.
const OUR_FACILITATOR = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const THEIR_FACILITATOR = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const BUYER = privateKeyToAccount(
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
);
const OUR_PAY_TO = "0x00000000000000000000000000000000000a11ce" as const;
const THEIR_PAY_TO = "0x00000000000000000000000000000000000b0b00" as const;
const PRICE_UNITS = 6000n;

interface Target {
  name: "ours" | "theirs";
  url: string;
  payTo: `0x${string}`;
  pid: number;
  stop(): Promise<unknown>;
}

interface LevelResult {
  ok: number;
  failed: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: Map<string, number>;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function startOurs(chain: Chain, dir: string): Promise<Target> {
  await Deno.writeTextFile(`${dir}/facilitator.key`, OUR_FACILITATOR);
  const srv = await spawnServe(["serve"], {
    env: {
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dir,
      KV_PATH: `${dir}/bench.kv`,
      PAY_TO_EVM: OUR_PAY_TO,
      FACILITATOR_KEY_FILE: `${dir}/facilitator.key`,
      RPC_URL: chain.rpcUrl,
      RATE_LIMIT_PER_MIN: "10000000",
    },
  });
  return { name: "ours", url: srv.url, payTo: OUR_PAY_TO, pid: srv.child.pid, stop: srv.stop };
}

async function startTheirs(chain: Chain): Promise<Target> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      new URL("./_official_stack.ts", import.meta.url).pathname,
      chain.rpcUrl,
      THEIR_FACILITATOR,
      THEIR_PAY_TO,
    ],
    stdout: "piped",
    stderr: "inherit",
    stdin: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  let url: string | undefined;
  while (!url) {
    const { value, done } = await reader.read();
    if (done) throw new Error("official stack exited before listening");
    text += value;
    url = /listening (http:\/\/[0-9.:]+)/.exec(text)?.[1];
  }
  const drain = (async () => {
    while (!(await reader.read()).done) { /* discard */ }
  })();
  return {
    name: "theirs",
    url,
    payTo: THEIR_PAY_TO,
    pid: child.pid,
    stop: async () => {
      child.kill("SIGTERM");
      await child.status;
      await drain.catch(() => {});
    },
  };
}

async function runLevel(target: Target, concurrency: number): Promise<LevelResult> {
  const client = new x402Client().register("eip155:8453", new ExactEvmScheme(BUYER));
  const pay = wrapFetchWithPayment(fetch, client);
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  let ok = 0;
  let failed = 0;
  let seq = 0;
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      try {
        const res = await pay(`${target.url}/x402/fair-random`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ seed: `bench ${target.name} ${seq++}` }),
        });
        const body = await res.text();
        const settle = res.headers.get("payment-response");
        const settled = settle
          ? (decodeBase64Json(settle) as { success?: boolean }).success === true
          : false;
        if (res.status === 200 && settled) {
          ok++;
          latencies.push(performance.now() - started);
        } else {
          failed++;
          const key = `${res.status} ${body.slice(0, 80)}`;
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      } catch (e) {
        failed++;
        const key = (e instanceof Error ? e.message : String(e)).slice(0, 80);
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    ok,
    failed,
    perSecond: ok / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors,
  };
}

function rssMb(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? "0");
  return kb / 1024;
}

async function transfersOf(chain: Chain, to: `0x${string}`): Promise<number> {
  return await chain.transfersTo(to);
}

function fmt(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : "-";
}

// Start time and idle memory: bench/start.ts.

const table: string[] = [];
for (const mode of MODES) {
  const chain = await startChain(mode === "2s" ? { blockTime: 2 } : {});
  const dir = await Deno.makeTempDir({ prefix: "esim-rails-bench-" });
  const targets: Target[] = [];
  try {
    await chain.mint(BUYER.address, 10n ** 12n);
    targets.push(await startOurs(chain, dir), await startTheirs(chain));
    const served = { ours: 0, theirs: 0 };
    let loadedRss = 0;
    for (const c of LEVELS) {
      const results: Record<string, LevelResult> = {};
      for (const t of targets) {
        results[t.name] = await runLevel(t, c);
        served[t.name] += results[t.name]!.ok;
        if (t.name === "ours") loadedRss = Math.max(loadedRss, rssMb(t.pid));
      }
      const o = results.ours!, th = results.theirs!;
      table.push(
        [
          mode.padEnd(8),
          String(c).padStart(3),
          `ours ${fmt(o.perSecond, 2)}/s p50 ${fmt(o.p50, 0)} ms p99 ${
            fmt(o.p99, 0)
          } ms (${o.failed} failed)`,
          `theirs ${fmt(th.perSecond, 2)}/s p50 ${fmt(th.p50, 0)} ms p99 ${
            fmt(th.p99, 0)
          } ms (${th.failed} failed)`,
          `ratio ${fmt(o.perSecond / th.perSecond, 2)}x, p99 ${fmt(o.p99 / th.p99, 2)}`,
        ].join("  "),
      );
      console.log(table.at(-1));
      for (const [name, r] of Object.entries(results)) {
        for (const [e, n] of r.errors) console.log(`    ${name} error x${n}: ${e}`);
      }
    }
    // Correctness under load: exactly one transfer of the price per paid answer.
    for (const t of targets) {
      const transfers = await transfersOf(chain, t.payTo);
      const balance = await chain.balanceOf(t.payTo);
      const good = transfers === served[t.name] && balance === PRICE_UNITS * BigInt(transfers);
      console.log(
        `  ${mode} ${t.name}: ${served[t.name]} paid answers, ${transfers} transfers, ` +
          `${balance} units received: ${good ? "consistent" : "INCONSISTENT"}`,
      );
    }
    console.log(`  ${mode} loaded RSS of serve: ${fmt(loadedRss)} MB`);
  } finally {
    for (const t of targets) await t.stop();
    await chain.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
console.log("\nsummary\n" + table.join("\n"));
