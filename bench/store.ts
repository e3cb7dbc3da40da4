/**
 * Store benchmarks (DESIGN.md §13), each a ratio against a baseline measured in the same run,
 * on a throwaway PostgreSQL cluster (tests/support/postgres.ts; Debian's postgresql):
 *  1. claims: p50/p99 latency of one payment claim (sequential) and claims per second (32 in
 *     flight) on Deno KV (a file) and on PostgreSQL. Target: PostgreSQL p99 <= 2 ms on loopback.
 *  2. the PostgreSQL client: npm `postgres` (used) against npm `pg`, same conditional INSERT.
 *  3. the paid route (verify + claim + handler + receipt; settlement stubbed the same way for
 *     both) in requests per second: KV vs PostgreSQL with one node, and PostgreSQL with two
 *     nodes (two Web Workers, each its own isolate, server and pool) vs one. Target: 2 nodes
 *     >= 1.6x one node where the machine has the cores (the load generator, both nodes and
 *     PostgreSQL share them).
 *
 * The throwaway cluster runs with fsync and synchronous_commit off (test settings), while the
 * KV file commits durably: the KV/PostgreSQL ratios flatter PostgreSQL; the latency target and
 * the 1-vs-2-node ratio are the meaningful numbers.
 *
 * Run: `deno run -A bench/store.ts` (about a minute; BENCH_SECONDS sets each phase, default 2).
 */
import postgres from "postgres";
// Benchmark-only (the comparison client), so pinned here rather than in deno.json.
import { pg } from "../tests/support/deps.ts";
import { privateKeyToAccount } from "viem/accounts";
import { requirementsFor } from "../src/x402/terms.ts";
import { createPayment } from "../src/x402/client.ts";
import { encodeBase64Json } from "../src/x402/encoding.ts";
import { Store } from "../src/store/kv/kv.ts";
import { openPostgresStore } from "../src/store/postgres/pg_store.ts";
import type { ClaimStore } from "../src/store/types.ts";
import { startPostgres } from "../tests/support/postgres.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? "2");
const FROM = "0x857b06519E91e3A54538791bDbb0E22373e36b66";
let seq = 0;
const nonce = () => "0x" + (++seq).toString(16).padStart(64, "0");
const vb = String(Math.floor(Date.now() / 1000) + 3600);

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}

async function latencies(fn: () => Promise<unknown>, n = 1000): Promise<number[]> {
  for (let i = 0; i < 100; i++) await fn(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function rate(fn: () => Promise<unknown>, inFlight = 32): Promise<number> {
  let n = 0;
  const end = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (performance.now() < end) {
      await fn();
      n++;
    }
  }));
  return n / ((performance.now() - t0) / 1000);
}

const claimOnce = (c: ClaimStore) => async () => {
  const r = await c.claim(
    { from: FROM, nonce: nonce(), validBefore: vb, service: "b" },
    Date.now(),
  );
  if (!r.ok) throw new Error("claim refused");
};

const fmt = (x: number) => x.toFixed(x < 10 ? 2 : 0);
const dir = await Deno.makeTempDir({ prefix: "esim-bench-store-" });
await using cluster = await startPostgres();
try {
  // ---- 1. claims ----
  const kv = await Store.open(`${dir}/bench.kv`);
  const pgStore = await openPostgresStore(await cluster.createDatabase(), { max: 10 });
  const kvLat = await latencies(claimOnce(kv.claims));
  const pgLat = await latencies(claimOnce(pgStore.claims));
  const kvRate = await rate(claimOnce(kv.claims));
  const pgRate = await rate(claimOnce(pgStore.claims));
  console.log(
    `claim latency: KV p50 ${fmt(pct(kvLat, 0.5))} ms p99 ${fmt(pct(kvLat, 0.99))} ms; ` +
      `PostgreSQL p50 ${fmt(pct(pgLat, 0.5))} ms p99 ${fmt(pct(pgLat, 0.99))} ms ` +
      `(target p99 <= 2 ms; cluster with fsync off)`,
  );
  console.log(
    `claims/s (32 in flight): KV ${fmt(kvRate)}, PostgreSQL ${fmt(pgRate)}, ratio ${
      (pgRate / kvRate).toFixed(2)
    }x`,
  );
  kv.close();
  await pgStore.close();

  // ---- 2. client: postgres vs pg ----
  const url = await cluster.createDatabase();
  const setup = await openPostgresStore(url);
  await setup.close();
  const a = postgres(url, { max: 10, onnotice: () => {} });
  const b = new pg.Pool({ connectionString: url, max: 10 });
  const rec = JSON.stringify({ state: "pending" });
  const viaPostgres = () =>
    a`INSERT INTO esim_claims (from_addr, nonce, record, expires_at)
      VALUES (${FROM}, ${nonce()}, ${rec}::jsonb, ${Date.now() + 60_000})
      ON CONFLICT (from_addr, nonce) DO UPDATE SET record = EXCLUDED.record
        WHERE esim_claims.expires_at <= ${Date.now()} RETURNING version`;
  const viaPg = () =>
    b.query(
      `INSERT INTO esim_claims (from_addr, nonce, record, expires_at)
       VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (from_addr, nonce) DO UPDATE SET record = EXCLUDED.record
         WHERE esim_claims.expires_at <= $5 RETURNING version`,
      [FROM, nonce(), rec, Date.now() + 60_000, Date.now()],
    );
  const lp = await latencies(viaPostgres);
  const lq = await latencies(viaPg);
  const rp = await rate(viaPostgres);
  const rq = await rate(viaPg);
  console.log(
    `client: postgres p99 ${fmt(pct(lp, 0.99))} ms ${fmt(rp)}/s; pg p99 ${fmt(pct(lq, 0.99))} ms ` +
      `${fmt(rq)}/s; throughput ratio postgres/pg ${(rp / rq).toFixed(2)}x`,
  );
  await a.end();
  await b.end();

  // ---- 3. paid route: KV vs PostgreSQL, 1 vs 2 nodes ----
  const buyer = privateKeyToAccount(
    "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  );
  const payTo =
    privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
      .address;
  const terms = requirementsFor({ priceUsd: "0.001", payTo });
  const N = 2000;
  const headers: string[] = [];
  for (let i = 0; i < N; i++) headers.push(encodeBase64Json(await createPayment(buyer, terms)));

  const startNodes = async (count: number, init: Record<string, unknown>) => {
    const workers: Worker[] = [];
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const w = new Worker(new URL("./store_node.ts", import.meta.url), { type: "module" });
      const port = new Promise<number>((resolve) => {
        w.onmessage = (e) => resolve(e.data.port);
      });
      w.postMessage({ payTo, ...init });
      workers.push(w);
      ports.push(await port);
    }
    return { ports, stop: () => workers.forEach((w) => w.terminate()) };
  };
  const paidRate = async (ports: number[]) => {
    let i = 0;
    let ok = 0;
    const t0 = performance.now();
    const end = t0 + SECONDS * 1000;
    await Promise.all(Array.from({ length: 32 }, async () => {
      while (performance.now() < end && i < N) {
        const k = i++;
        const res = await fetch(`http://127.0.0.1:${ports[k % ports.length]}/x402/bench`, {
          method: "POST",
          headers: { "content-type": "application/json", "payment-signature": headers[k]! },
          body: '{"text":"x"}',
        });
        await res.arrayBuffer();
        if (res.status === 200) ok++;
        else throw new Error(`paid route answered ${res.status}`);
      }
    }));
    return ok / ((performance.now() - t0) / 1000);
  };
  const run = async (count: number, init: Record<string, unknown>) => {
    const nodes = await startNodes(count, init);
    try {
      return await paidRate(nodes.ports);
    } finally {
      nodes.stop();
    }
  };
  const onKv = await run(1, { kvPath: `${dir}/paid.kv` });
  const onPg1 = await run(1, { kvPath: "", storeUrl: await cluster.createDatabase() });
  const onPg2 = await run(2, { kvPath: "", storeUrl: await cluster.createDatabase() });
  console.log(
    `paid route: KV ${fmt(onKv)}/s, PostgreSQL ${fmt(onPg1)}/s (ratio ${
      (onPg1 / onKv).toFixed(2)
    }x); PostgreSQL 2 nodes ${fmt(onPg2)}/s, ratio to 1 node ${(onPg2 / onPg1).toFixed(2)}x ` +
      `(target >= 1.6x where cores allow; this machine has ${navigator.hardwareConcurrency} ` +
      `shared by the load generator, the nodes and PostgreSQL)`,
  );
} finally {
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}
