/**
 * Hardening benchmark, on loopback with a local anvil chain (bounded; about 15 s):
 *  1. `/healthz` latency while an unfunded-payer flood is refused: a real `esim-rails serve`
 *     with in-process settlement; a separate process runs 8 workers (default) from 8 addresses
 *     (X-Forwarded-For, TRUST_PROXY=1) sending paid `firewall-scan` requests signed by fresh
 *     keys that hold no USDC. Prints the median and p95 of `/healthz` idle and under the flood
 *     and their ratio (target: median ≤ 2× idle), and how the flood was answered (402 refused
 *     by the chain pre-check, then 429 once the caller's address is over its limit).
 *  2. Latency a paid call gains from the chain pre-check (`LocalSettler.preflight`, an
 *     `eth_call` of `transferWithAuthorization`): median per call for new authorizations and
 *     for one already checked in the same block (cached).
 * Usage: `deno run -A bench/hardening.ts [flood seconds] [flood workers] [flood rate/s, 0 =
 * unpaced]` (defaults 4, 8, 1000).
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startChain } from "../tests/support/chain.ts";
import { spawnServe } from "../tests/support/process.ts";
import { createPayment } from "../src/x402/client.ts";
import { decodeBase64Json, encodeBase64Json, parsePaymentHeader } from "../src/x402/encoding.ts";
import { LocalSettler } from "../src/x402/settle_local.ts";
import { fromHex } from "../src/crypto/hash.ts";
import type { PaymentRequired } from "../src/x402/types.ts";
import { median } from "./_load.ts";

const FLOOD_SECONDS = Number(Deno.args[0] ?? 4);
const WORKERS = Number(Deno.args[1] ?? 8);
/** Flood requests per second in all (0: as fast as the workers go). */
const RATE = Number(Deno.args[2] ?? 1000);
const FACILITATOR_KEY = "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const PAY_TO = privateKeyToAccount(
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
).address;

function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!;
}

let probes = 0;
/** Sequential `/healthz` round trips (ms), each from its own address (below any rate limit). */
async function healthz(url: string, n: number, until?: () => boolean): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n && (until ? !until() : true); i++) {
    const p = ++probes;
    const t0 = performance.now();
    const r = await fetch(`${url}/healthz`, {
      headers: { "x-forwarded-for": `10.1.${(p >> 8) & 255}.${p & 255}` },
    });
    await r.arrayBuffer();
    out.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`/healthz answered ${r.status}`);
  }
  return out;
}

const chain = await startChain();
const dir = await Deno.makeTempDir({ prefix: "esim-rails-bench-" });
try {
  await Deno.writeTextFile(`${dir}/facilitator.key`, FACILITATOR_KEY);
  await using server = await spawnServe(["serve"], {
    env: {
      PORT: "0",
      HOST: "127.0.0.1",
      KV_PATH: ":memory:",
      DATA_DIR: dir,
      ACCESS_LOG: "0",
      PAY_TO_EVM: PAY_TO,
      FACILITATOR_KEY_FILE: `${dir}/facilitator.key`,
      RPC_URL: chain.rpcUrl,
      // Callers are told apart by X-Forwarded-For, so the probe and the flood are different
      // addresses on loopback.
      TRUST_PROXY: "1",
    },
  });
  const scan = `${server.url}/x402/firewall-scan`;
  const input = JSON.stringify({ tools: [{ name: "echo", description: "Echoes text" }] });
  const unpaid = await fetch(scan, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: input,
  });
  await unpaid.body?.cancel();
  const required = decodeBase64Json(unpaid.headers.get("payment-required")!) as PaymentRequired;
  const terms = required.accepts[0]!;

  // Payments from fresh, unfunded keys, signed before measuring (signing is the flood's cost,
  // not the server's).
  const payments: string[] = [];
  for (let i = 0; i < 400; i++) {
    const account = privateKeyToAccount(generatePrivateKey());
    payments.push(encodeBase64Json(await createPayment(account, terms)));
  }

  await healthz(server.url, 50); // warm-up
  const idle = await healthz(server.url, 300);

  // The flood runs in its own process, so the probe's latency is the server's, not the time
  // the probe waits behind the flood's requests in this event loop.
  const paymentsFile = `${dir}/payments.json`;
  await Deno.writeTextFile(paymentsFile, JSON.stringify(payments));
  const floodCode = `
    const payments = JSON.parse(await Deno.readTextFile(${JSON.stringify(paymentsFile)}));
    const end = performance.now() + ${FLOOD_SECONDS * 1000};
    const counts = {};
    let next = 0;
    const gap = ${RATE > 0 ? (1000 * WORKERS) / RATE : 0};
    await Promise.all(Array.from({ length: ${WORKERS} }, async (_, w) => {
      let due = performance.now();
      while (performance.now() < end) {
        // Paced: each worker sends one request per gap (ms).
        due += gap;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const r = await fetch(${JSON.stringify(scan)}, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "payment-signature": payments[next++ % payments.length],
            // Eight attacking addresses (two workers each), at the default limit per address.
            "x-forwarded-for": "10.2.0." + (w % 8),
          },
          body: ${JSON.stringify(input)},
        });
        await r.arrayBuffer();
        counts[r.status] = (counts[r.status] ?? 0) + 1;
      }
    }));
    console.log(JSON.stringify(counts));`;
  const flood = new Deno.Command(Deno.execPath(), {
    args: ["eval", floodCode],
    stdout: "piped",
  }).output();
  const end = performance.now() + FLOOD_SECONDS * 1000;
  // Give the flood a moment to start before sampling.
  await new Promise((r) => setTimeout(r, 300));
  const loaded = await healthz(server.url, 1_000_000, () => performance.now() > end);
  const counts = new Map(
    Object.entries(JSON.parse(new TextDecoder().decode((await flood).stdout)))
      .map(([s, n]) => [Number(s), n as number]),
  );

  console.log(
    `/healthz idle:   median ${median(idle).toFixed(2)} ms, p95 ${p95(idle).toFixed(2)} ms`,
  );
  console.log(
    `/healthz flood:  median ${median(loaded).toFixed(2)} ms, p95 ${p95(loaded).toFixed(2)} ms` +
      `  ratio ${(median(loaded) / median(idle)).toFixed(2)} (target <= 2)`,
  );
  const answered = [...counts].sort().map(([s, n]) => `${s}: ${n}`).join(", ");
  console.log(
    `flood of unfunded payments (${WORKERS} workers, ${
      RATE > 0 ? `${RATE}/s` : "unpaced"
    }, ${FLOOD_SECONDS} s): ${answered}`,
  );
  if ([...counts.keys()].some((s) => s === 200 || s >= 500)) {
    throw new Error("an unfunded payment was served or failed the server");
  }

  // ---- 2. pre-check latency ----
  const settler = new LocalSettler({ privateKey: fromHex(FACILITATOR_KEY), rpcUrl: chain.rpcUrl });
  const inputs = payments.slice(0, 120).map((h) => ({
    payment: parsePaymentHeader(h),
    requirements: terms,
  }));
  for (const i of inputs.slice(0, 20)) await settler.preflight(i); // warm-up
  const fresh: number[] = [];
  for (const i of inputs.slice(20)) {
    const t0 = performance.now();
    await settler.preflight(i);
    fresh.push(performance.now() - t0);
  }
  const cached: number[] = [];
  for (let k = 0; k < 100; k++) {
    const t0 = performance.now();
    await settler.preflight(inputs[inputs.length - 1]!);
    cached.push(performance.now() - t0);
  }
  console.log(
    `pre-check per paid call: new authorization median ${median(fresh).toFixed(2)} ms ` +
      `(p95 ${p95(fresh).toFixed(2)}), same block again median ${median(cached).toFixed(3)} ms`,
  );
} finally {
  await chain.stop();
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}
