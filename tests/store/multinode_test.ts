/**
 * Several `serve` processes on one PostgreSQL database behind a round-robin proxy (DESIGN.md
 * §13), on a local anvil chain with the reference supplier receiver: a payment is claimed
 * once across nodes, an order left by a killed node is finished by another, rate limits are
 * shared, a bad database stops the start (exit 1 naming STORE_URL, password masked), and a
 * database lost mid-run gives 503 without charging, then service resumes. Skipped, with the
 * reason in the test names, where PostgreSQL is not installed.
 */
import assert from "node:assert/strict";
import postgres from "postgres";
import { type Chain, startChain } from "../support/chain.ts";
import { type PgCluster, pgSkip, pgSuffix, startPostgres } from "../support/postgres.ts";
import { buyer, makePayment, seller } from "../x402/_sign.ts";
import { decodeBase64Json } from "../../src/x402/encoding.ts";
import type { PaymentRequired } from "../../src/x402/types.ts";
import { Store } from "../../src/store/kv.ts";
import { statusToken } from "../../rails/node/status_token.ts";
import { NODE_SECRET, nodeEnv, postJson, startReceiver } from "../seller/_env.ts";
import { type ServeProcess, spawnServeProcess } from "../seller/_serve.ts";
import type { SpawnedServer } from "../support/process.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** A round-robin HTTP proxy; a backend that refuses the connection is skipped (failover). */
function startProxy() {
  const backends: string[] = [];
  let next = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const u = new URL(req.url);
    const body = req.body ? new Uint8Array(await req.arrayBuffer()) : undefined;
    for (let tries = 0; tries < backends.length; tries++) {
      const target = backends[next++ % backends.length]!;
      try {
        const res = await fetch(target + u.pathname + u.search, {
          method: req.method,
          headers: req.headers,
          body,
          redirect: "manual",
        });
        return new Response(await res.arrayBuffer(), { status: res.status, headers: res.headers });
      } catch {
        continue; // connection refused: the node is down, try the next one
      }
    }
    return new Response("no backend", { status: 502 });
  });
  return {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    backends,
    close: () => server.shutdown(),
  };
}

function hex32(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
}

interface Cluster {
  dir: string;
  chain: Chain;
  receiver: SpawnedServer;
  dbUrl: string;
  proxy: ReturnType<typeof startProxy>;
  nodes: ServeProcess[];
  /** Environment shared by every node (keys, store, supplier, chain). */
  env: Record<string, string>;
  spawn(extra?: Record<string, string>): Promise<ServeProcess>;
}

async function withCluster(
  pg: PgCluster,
  n: number,
  fn: (c: Cluster) => Promise<void>,
  extra: Record<string, string> = {},
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "esim-multinode-" });
  const chain = await startChain();
  const receiver = await startReceiver({ dir, kvPath: `${dir}/rx.kv`, delayMs: 300 });
  const proxy = startProxy();
  const nodes: ServeProcess[] = [];
  try {
    await chain.mint(buyer.address, 100_000_000n);
    await Deno.writeTextFile(`${dir}/signer.key`, hex32());
    await Deno.writeTextFile(`${dir}/vrf.key`, hex32());
    const dbUrl = await pg.createDatabase();
    const env = {
      ...await nodeEnv(dir, receiver.url, chain),
      STORE_URL: dbUrl,
      SIGNER_KEY_FILE: `${dir}/signer.key`,
      VRF_KEY_FILE: `${dir}/vrf.key`,
      PUBLIC_URL: proxy.url,
      ...extra,
    };
    let i = 0;
    const spawn = async (more: Record<string, string> = {}) => {
      const nodeDir = `${dir}/node${++i}`;
      await Deno.mkdir(nodeDir);
      const p = await spawnServeProcess({ ...env, DATA_DIR: nodeDir, ...more });
      nodes.push(p);
      proxy.backends.push(p.url);
      return p;
    };
    for (let k = 0; k < n; k++) await spawn();
    await fn({ dir, chain, receiver, dbUrl, proxy, nodes, env, spawn });
  } finally {
    for (const p of nodes) await p.stop();
    await proxy.close();
    await receiver.stop();
    await chain.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

async function termsFor(url: string, path: string, body: unknown): Promise<PaymentRequired> {
  const res = await postJson(`${url}${path}`, body);
  assert.equal(res.status, 402, res.text);
  return decodeBase64Json(res.headers.get("payment-required")!) as PaymentRequired;
}

const PG = { ignore: pgSkip !== null, sanitizeResources: false, sanitizeOps: false };

Deno.test({
  ...PG,
  name:
    `three nodes on one database: one payment sent 20 times gives one 200 and one transfer${pgSuffix()}`,
  async fn() {
    await using pg = await startPostgres();
    await withCluster(pg, 3, async ({ proxy, chain }) => {
      const body = { seed: "multi-node draw" };
      const terms = await termsFor(proxy.url, "/x402/fair-random", body);
      const p = await makePayment({ requirements: terms.accepts[0]! });
      const answers = await Promise.all(
        Array.from(
          { length: 20 },
          () => postJson(`${proxy.url}/x402/fair-random`, body, { "PAYMENT-SIGNATURE": p.header }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(","));
      for (const a of answers.filter((a) => a.status !== 200)) {
        assert.equal(a.status, 402, a.text);
        assert.equal((a.body.error as { code: string }).code, "payment_replayed");
      }
      assert.equal(await chain.transfersTo(seller.address), 1, "one transfer on chain");
    });
  },
});

Deno.test({
  ...PG,
  name:
    `a node killed between supplier order and settlement has its order finished by another node${pgSuffix()}`,
  async fn() {
    await using pg = await startPostgres();
    await withCluster(pg, 0, async ({ spawn, chain, receiver, dir, nodes }) => {
      const doomed = await spawn({ ESIM_RAILS_TEST_EXIT_AT: "supplier_ordered" });
      await spawn();
      await spawn();
      const q = await postJson(`${doomed.url}/quote`, { country: "US" });
      const offer = (q.body.result as { offers: { offer_id: string }[] }).offers[0]!;
      const terms = await termsFor(doomed.url, "/order", { offer_id: offer.offer_id });
      const p = await makePayment({ requirements: terms.accepts[0]! });
      const dying = fetch(`${doomed.url}/order`, {
        method: "POST",
        headers: { "content-type": "application/json", "PAYMENT-SIGNATURE": p.header },
        body: JSON.stringify({ offer_id: offer.offer_id }),
      }).then((r) => r.text()).catch(() => "connection lost");
      const line = await doomed.waitForLine(/order (ord_[\w-]+): supplier_ordered$/);
      const orderId = line.match(/order (ord_[\w-]+)/)![1]!;
      assert.equal(await doomed.exited, 86, "the test hook killed the node mid-order");
      assert.equal(await dying, "connection lost");
      assert.equal(await chain.transfersTo(seller.address), 0, "not settled yet");

      // Another node takes the order over once its lease has run out.
      const delivered = new RegExp(`order ${orderId}: delivered$`);
      await Promise.race(nodes.slice(1).map((n) => n.waitForLine(delivered)));
      const st = await postJson(`${nodes[1]!.url}/status`, {
        order_id: orderId,
        token: statusToken(NODE_SECRET, orderId),
      });
      assert.equal(st.status, 200, st.text);
      assert.equal((st.body.result as { status: string }).status, "delivered");
      assert.equal(await chain.transfersTo(seller.address), 1, "settled exactly once");

      await receiver.stop();
      const rx = await Store.open(`${dir}/rx.kv`);
      try {
        const orders = [];
        for await (const e of rx.list(["supplier", "order"])) orders.push(e.key);
        assert.deepEqual(orders, [["supplier", "order", orderId]], "one supplier order");
      } finally {
        rx.close();
      }
    });
  },
});

Deno.test({
  ...PG,
  name: `the rate limit holds across nodes sharing one database${pgSuffix()}`,
  async fn() {
    // Windows are fixed UTC minutes: start well inside one so the counts are not reset midway.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 35_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
    await using pg = await startPostgres();
    await withCluster(pg, 3, async ({ proxy, nodes, dbUrl }) => {
      const get = async (url: string) => {
        const res = await fetch(`${url}/x402/keys`);
        await res.body?.cancel();
        return res.status;
      };
      // Ten requests spread over three nodes: each node alone is far below its 10.
      for (let i = 0; i < 10; i++) assert.equal(await get(proxy.url), 200);
      const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
      try {
        for (;;) {
          const [row] = await sql<{ n: string | null }[]>`
            SELECT sum(count)::text AS n FROM esim_rate_limits`;
          if (Number(row?.n ?? 0) >= 10) break;
          await new Promise((r) => setTimeout(r, 100)); // polling the condition itself
        }
      } finally {
        await sql.end();
      }
      // The documented bound: every node reads the shared counts back at least every second.
      await new Promise((r) => setTimeout(r, 2_500));
      for (const n of nodes) {
        assert.equal(await get(n.url), 429, "the quota is spent on every node");
      }
    }, { RATE_LIMIT_PER_MIN: "10" });
  },
});

async function runServe(env: Record<string, string>): Promise<{ code: number; out: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", MAIN, "serve"],
    env: { NO_COLOR: "1", PORT: "0", HOST: "127.0.0.1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, out: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

Deno.test({
  ...PG,
  name:
    `serve with an unreachable database exits 1 naming STORE_URL with the password masked${pgSuffix()}`,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "esim-baddb-" });
    try {
      await Deno.writeTextFile(`${dir}/signer.key`, hex32());
      await Deno.writeTextFile(`${dir}/vrf.key`, hex32());
      await Deno.writeTextFile(`${dir}/node-secret`, NODE_SECRET);
      const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
      const port = (l.addr as Deno.NetAddr).port;
      l.close(); // nothing listens there now
      const started = Date.now();
      const r = await runServe({
        STORE_URL: `postgres://app:hunter2-secret@127.0.0.1:${port}/esim`,
        SIGNER_KEY_FILE: `${dir}/signer.key`,
        VRF_KEY_FILE: `${dir}/vrf.key`,
        NODE_SECRET_FILE: `${dir}/node-secret`,
        DATA_DIR: dir,
      });
      assert.equal(r.code, 1, r.out);
      assert.match(r.out, /STORE_URL/);
      assert.match(r.out, /postgres:\/\/app:\*\*\*@127\.0\.0\.1/);
      assert.ok(!r.out.includes("hunter2"), "the password is never printed");
      assert.ok(Date.now() - started >= 9_000, "the start was retried for about 10 s");
      for await (const e of Deno.readDir(dir)) {
        assert.ok(!e.name.endsWith(".kv"), "KV_PATH is not opened with STORE_URL");
      }
    } finally {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});

Deno.test({
  ...PG,
  name:
    `a database lost mid-run gives 503 without charging, and service resumes when it returns${pgSuffix()}`,
  async fn() {
    await using pg = await startPostgres();
    await withCluster(pg, 1, async ({ nodes, chain }) => {
      const url = nodes[0]!.url;
      const health = async () => {
        const res = await fetch(`${url}/healthz`);
        return { status: res.status, body: await res.json() };
      };
      assert.deepEqual((await health()).body.store, "ok");
      const body = { seed: "while the database is away" };
      const terms = await termsFor(url, "/x402/fair-random", body);
      const p = await makePayment({ requirements: terms.accepts[0]! });

      await pg.stop();
      const down = await health();
      assert.equal(down.status, 503);
      assert.equal(down.body.store, "unavailable");
      const refused = await postJson(`${url}/x402/fair-random`, body, {
        "PAYMENT-SIGNATURE": p.header,
      });
      assert.equal(refused.status, 503, refused.text);
      assert.equal((refused.body.error as { code: string }).code, "store_unavailable");
      assert.equal(await chain.transfersTo(seller.address), 0, "nothing was charged");

      await pg.start();
      for (;;) { // the node reconnects on its own
        if ((await health()).status === 200) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const paid = await postJson(`${url}/x402/fair-random`, body, {
        "PAYMENT-SIGNATURE": p.header,
      });
      assert.equal(paid.status, 200, "the same payment works: nothing was half-applied");
      assert.equal(await chain.transfersTo(seller.address), 1);
    });
  },
});

Deno.test({
  ...PG,
  name:
    `webhook events reach the receiver once each (by id) while a node dies mid-delivery${pgSuffix()}`,
  async fn() {
    await using pg = await startPostgres();
    // The receiver holds the very first delivery open (the node sending it is then killed) and
    // acknowledges every other one, recording ids.
    const acked: string[] = [];
    let held: { node: string; id: string } | undefined;
    let onHeld: (h: { node: string; id: string }) => void = () => {};
    const heldPromise = new Promise<{ node: string; id: string }>((r) => onHeld = r);
    const ackWaiters: { id: string; resolve: () => void }[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((r) => release = r);
    const hook = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
      const id = (JSON.parse(await req.text()) as { id: string }).id;
      const node = new URL(req.url).pathname.split("/").at(-1)!;
      if (!held) {
        held = { node, id };
        onHeld(held);
        // Answered only after its sender is dead (nobody reads this answer).
        await released;
        return new Response(null, { status: 503 });
      }
      acked.push(id);
      for (const w of ackWaiters.filter((w) => w.id === id)) w.resolve();
      return new Response(null, { status: 204 });
    });
    const hookUrl = `http://127.0.0.1:${hook.addr.port}`;
    try {
      await withCluster(pg, 0, async ({ spawn, proxy, nodes, dir, dbUrl }) => {
        await Deno.writeTextFile(`${dir}/webhook-secret`, "webhook-secret-0123456789abcdef");
        for (const k of [1, 2, 3]) {
          await spawn({
            WEBHOOK_URL: `${hookUrl}/hook/${k}`,
            WEBHOOK_SECRET_FILE: `${dir}/webhook-secret`,
          });
        }
        const q = await postJson(`${proxy.url}/quote`, { country: "US" });
        const offer = (q.body.result as { offers: { offer_id: string }[] }).offers[0]!;
        const terms = await termsFor(proxy.url, "/order", { offer_id: offer.offer_id });
        const p = await makePayment({ requirements: terms.accepts[0]! });
        const ordered = postJson(`${proxy.url}/order`, { offer_id: offer.offer_id }, {
          "PAYMENT-SIGNATURE": p.header,
        });
        const h = await heldPromise;
        const victim = nodes[Number(h.node) - 1]!;
        victim.child.kill("SIGKILL"); // dies mid-delivery: its lease is left to run out
        await victim.exited;
        release();
        proxy.backends.splice(proxy.backends.indexOf(victim.url), 1);
        // (When the dead node was answering the order itself, the proxy's retry on another node
        // is a replay of the same payment: what matters here is the events.)
        await ordered;

        // Another node delivers the held event once the lease of the dead one has run out.
        if (!acked.includes(h.id)) {
          await new Promise<void>((resolve) => ackWaiters.push({ id: h.id, resolve }));
        }
        const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
        let stored: string[] = [];
        try {
          for (;;) { // until every stored event is delivered (polling the condition itself)
            const rows = await sql<{ id: string; status: string }[]>`
              SELECT id, status FROM esim_events`;
            if (rows.length > 0 && rows.every((r) => r.status === "delivered")) {
              stored = rows.map((r) => r.id).sort();
              break;
            }
            await new Promise((r) => setTimeout(r, 200));
          }
        } finally {
          await sql.end();
        }
        assert.deepEqual([...new Set(acked)].sort(), stored, "every event arrived");
        assert.equal(acked.length, new Set(acked).size, "each event was acknowledged once");
        assert.ok(stored.includes(h.id));
      });
    } finally {
      release();
      await hook.shutdown();
    }
  },
});

Deno.test({
  ...PG,
  name:
    `a node whose keys differ from the other nodes' refuses to start, naming the variable${pgSuffix()}`,
  async fn() {
    await using pg = await startPostgres();
    await withCluster(pg, 1, async ({ env, dir }) => {
      await Deno.writeTextFile(`${dir}/other-signer.key`, hex32());
      const r = await runServe({
        ...env,
        DATA_DIR: dir,
        SIGNER_KEY_FILE: `${dir}/other-signer.key`,
      });
      assert.equal(r.code, 1, r.out);
      assert.match(r.out, /SIGNER_KEY_FILE differs from the one the other nodes on this store use/);
      await Deno.writeTextFile(`${dir}/other-secret`, "another-node-secret-0123456789");
      const s = await runServe({ ...env, DATA_DIR: dir, NODE_SECRET_FILE: `${dir}/other-secret` });
      assert.equal(s.code, 1, s.out);
      assert.match(s.out, /NODE_SECRET_FILE differs/);
      assert.ok(!s.out.includes("another-node-secret"), "the secret is never printed");
      const { VRF_KEY_FILE: _, ...noVrf } = env;
      const m = await runServe({ ...noVrf, DATA_DIR: dir });
      assert.equal(m.code, 1, m.out);
      assert.match(m.out, /VRF_KEY_FILE: is required with STORE_URL/);
    });
  },
});
