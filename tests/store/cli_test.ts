/**
 * `esim-rails store migrate|export|import` as real processes: usage, migrate without and with
 * PostgreSQL (idempotent, concurrent runs, a newer schema refused), and a node's data moved
 * from its KV file to PostgreSQL through JSON lines without losing orders, events or claims,
 * nor its transparency log (which `log verify` checks after each move) and storefront orders.
 */
import assert from "node:assert/strict";
import postgres from "postgres";
import { runCli } from "../support/process.ts";
import { tempDir } from "../support/temp.ts";
import { pgSkip, pgSuffix, startPostgres } from "../support/postgres.ts";
import { Store } from "../../src/store/kv.ts";
import { openPostgresStore } from "../../src/store/postgres/pg_store.ts";
import type { DataStore, DumpRecord } from "../../src/store/types.ts";
import type { OrderRecord } from "../../rails/node/order_state.ts";

const PG = { ignore: pgSkip !== null };

Deno.test("store --help prints the usage; an unknown action is a usage error (exit 2)", async () => {
  const help = await runCli(["store", "--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /esim-rails store <migrate\|export\|import>/);
  const bad = await runCli(["store", "vacuum"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /migrate, export, import/);
});

Deno.test("store migrate without STORE_URL says KV needs no migration and exits 0", async () => {
  const r = await runCli(["store", "migrate"], { env: { STORE_URL: "" } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /no STORE_URL; the Deno KV store needs no migration/);
});

Deno.test({
  ...PG,
  name:
    `store migrate is idempotent, serializes concurrent runs, and refuses a newer schema${pgSuffix()}`,
  async fn() {
    await using pg = await startPostgres();
    const url = await pg.createDatabase();
    const runs = await Promise.all(
      [1, 2, 3].map(() => runCli(["store", "migrate"], { env: { STORE_URL: url } })),
    );
    for (const r of runs) {
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /is at schema 1/);
      assert.ok(!r.stdout.includes(url.split(":")[2]!.split("@")[0]!), "password masked");
    }
    assert.equal((await runCli(["store", "migrate"], { env: { STORE_URL: url } })).code, 0);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await sql`UPDATE esim_meta SET value = '99' WHERE name = 'schema_version'`;
    } finally {
      await sql.end();
    }
    const newer = await runCli(["store", "migrate"], { env: { STORE_URL: url } });
    assert.equal(newer.code, 1);
    assert.match(newer.stderr, /schema is version 99, newer than this esim-rails knows/);
  },
});

function order(id: string, state: OrderRecord["state"]): OrderRecord {
  const at = "2026-11-01T00:00:00.000Z";
  return {
    order_id: id,
    state,
    offer_id: "off",
    plan_id: "p",
    offer_name: "1 GB",
    price_usd: "1.00",
    price_atomic: "1000000",
    cost_usd: 0.5,
    created_at: at,
    updated_at: at,
    input_sha256: "00",
    payment: { payer: "0x857b06519E91e3A54538791bDbb0E22373e36b66", raw: {}, requirements: {} },
  };
}

async function all(s: DataStore): Promise<string[]> {
  const out: string[] = [];
  for await (const r of s.dump()) out.push(`${r.kind}:${JSON.stringify(key(r))}`);
  return out.sort();
}

function key(r: DumpRecord): unknown {
  switch (r.kind) {
    case "claim":
      return [r.from, r.nonce, r.record.state];
    case "order":
      return [r.record.order_id, r.record.state, r.open];
    case "event":
      return [r.record.id, r.record.status];
    default:
      return r;
  }
}

Deno.test({
  ...PG,
  name:
    `store export from a KV file and import into PostgreSQL moves orders, events and claims${pgSuffix()}`,
  async fn() {
    await using dir = await tempDir();
    await using pg = await startPostgres();
    const kvPath = `${dir.path}/node.kv`;
    const kv = await Store.open(kvPath);
    try {
      await kv.orders.create(order("ord_open", "supplier_ordered"), true);
      await kv.orders.create(order("ord_done", "delivered"), false);
      const c = await kv.claims.claim({
        from: "0x857b06519E91e3A54538791bDbb0E22373e36b66",
        nonce: "0x" + "ab".repeat(32),
        validBefore: String(Math.floor(Date.now() / 1000) + 600),
        service: "order",
      }, Date.now());
      assert(c.ok);
      await kv.claims.transition(c.claim, "settled", "0xfeed");
      await kv.outbox.insert({
        id: "evt_1",
        type: "agent_order.delivered",
        created_at: "2026-11-01T00:00:00.000Z",
        body: "{}",
        status: "failed",
        attempts: [],
        next_at: null,
        updated_at: "2026-11-01T00:00:00.000Z",
      });
    } finally {
      kv.close();
    }
    const dump = `${dir.path}/node.jsonl`;
    const ex = await runCli(["store", "export", "--kv-path", kvPath, "--out", dump]);
    assert.equal(ex.code, 0, ex.stderr);
    assert.match(ex.stderr, /1 claim, 2 order, 1 event/);
    assert.equal((await Deno.stat(dump)).mode! & 0o777, 0o600);

    const url = await pg.createDatabase();
    const im = await runCli(["store", "import", "--in", dump], { env: { STORE_URL: url } });
    assert.equal(im.code, 0, im.stderr);
    assert.match(im.stderr, /added 1 claim, 2 order, 1 event; 0 already present/);
    const again = await runCli(["store", "import"], {
      env: { STORE_URL: url },
      stdin: await Deno.readTextFile(dump),
    });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /added nothing; 4 already present/);

    const from = await Store.open(kvPath);
    const to = await openPostgresStore(url);
    try {
      assert.deepEqual(await all(to), await all(from));
      assert.deepEqual(await to.orders.openIds(), ["ord_open"], "the open order stays open");
    } finally {
      from.close();
      await to.close();
    }

    const events = await runCli(["events", "--failed", "--json"], { env: { STORE_URL: url } });
    assert.equal(events.code, 0, events.stderr);
    assert.equal(JSON.parse(events.stdout.trim()).id, "evt_1", "events reads PostgreSQL");

    const bad = await runCli(["store", "import"], {
      env: { STORE_URL: url },
      stdin: '{"kind":"order"\n',
    });
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /line 1 is not JSON/);
  },
});

Deno.test({
  ...PG,
  name:
    `store export|import moves the transparency log and the storefront KV → PostgreSQL → KV, and log verify passes on each${pgSuffix()}`,
  async fn() {
    await using dir = await tempDir();
    await using pg = await startPostgres();
    const hex = () =>
      [...crypto.getRandomValues(new Uint8Array(32))]
        .map((b) => b.toString(16).padStart(2, "0")).join("");
    for (const k of ["signer", "vrf", "log", "node"]) {
      await Deno.writeTextFile(`${dir.path}/${k}.key`, hex());
    }
    const common = {
      DATA_DIR: dir.path,
      PUBLIC_URL: "https://log.test",
      SIGNER_KEY_FILE: `${dir.path}/signer.key`,
      VRF_KEY_FILE: `${dir.path}/vrf.key`,
      LOG_KEY_FILE: `${dir.path}/log.key`,
      NODE_SECRET_FILE: `${dir.path}/node.key`,
    };
    const kvPath = `${dir.path}/node.kv`;
    await Deno.writeTextFile(
      `${dir.path}/tools.json`,
      JSON.stringify({ tools: [{ name: "t", description: "d", inputSchema: { type: "object" } }] }),
    );
    for (const name of ["io.example/a", "io.example/b", "io.example/c"]) {
      const r = await runCli([
        "log",
        "observe",
        "--tools",
        `${dir.path}/tools.json`,
        "--name",
        name,
      ], {
        env: { ...common, KV_PATH: kvPath },
      });
      assert.equal(r.code, 0, r.stderr);
    }
    const kv = await Store.open(kvPath);
    try {
      const at = new Date().toISOString();
      const created = await kv.shop.create({
        order_id: "sho_1",
        offer_id: "off",
        offer_name: "1 GB",
        plan_id: "p",
        data_bytes: 1,
        days: 1,
        cost_usd: 1,
        price_usd: "2.00",
        price_units: "2000000",
        method: "evm:8453:usdc",
        chain: "eip155:8453",
        asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        pay_to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        offset: 17,
        authorizations: [],
        state: "awaiting_payment",
        payments: [],
        created_at: at,
        updated_at: at,
        expires_at: at,
        event_counts: {},
        pending_events: [],
      }, Date.now() + 3600_000);
      assert(typeof created === "object");
    } finally {
      kv.close();
    }
    const verify = async (env: Record<string, string>) => {
      const r = await runCli(["log", "verify"], { env: { ...common, ...env } });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const report = JSON.parse(r.stdout);
      assert.equal(report.tree_size, 3);
      assert.equal(report.valid, true);
    };
    await verify({ KV_PATH: kvPath });

    const url = await pg.createDatabase();
    const dump = `${dir.path}/node.jsonl`;
    const ex = await runCli(["store", "export", "--kv-path", kvPath, "--out", dump]);
    assert.equal(ex.code, 0, ex.stderr);
    assert.match(ex.stderr, /3 tlog_leaf/);
    assert.match(ex.stderr, /1 shop_order, 1 shop_offset/);
    const im = await runCli(["store", "import", "--in", dump], { env: { STORE_URL: url } });
    assert.equal(im.code, 0, im.stderr);
    assert.match(im.stderr, /3 tlog_leaf/);
    await verify({ STORE_URL: url });

    const back = `${dir.path}/back.kv`;
    const ex2 = await runCli(["store", "export", "--out", `${dir.path}/pg.jsonl`], {
      env: { STORE_URL: url },
    });
    assert.equal(ex2.code, 0, ex2.stderr);
    const im2 = await runCli([
      "store",
      "import",
      "--kv-path",
      back,
      "--in",
      `${dir.path}/pg.jsonl`,
    ]);
    assert.equal(im2.code, 0, im2.stderr);
    await verify({ KV_PATH: back });
    const orders = await runCli(["orders", "--json", "--kv-path", back]);
    assert.equal(orders.code, 0, orders.stderr);
    assert.match(orders.stdout, /sho_1/, "the storefront order came back");

    // A store holding another log refuses the import and keeps its own.
    const otherKv = `${dir.path}/other.kv`;
    const r = await runCli([
      "log",
      "observe",
      "--tools",
      `${dir.path}/tools.json`,
      "--name",
      "io.example/z",
    ], {
      env: { ...common, KV_PATH: otherKv },
    });
    assert.equal(r.code, 0, r.stderr);
    const clash = await runCli(["store", "import", "--kv-path", otherKv, "--in", dump]);
    assert.equal(clash.code, 1);
    assert.match(clash.stderr, /transparency log differs at leaf 0/);
  },
});
