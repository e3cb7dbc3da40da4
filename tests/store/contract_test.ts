/**
 * The store contract (src/store/types.ts), one case table run against both backends: Deno KV
 * (in memory) and PostgreSQL (a throwaway cluster; skipped with the reason when PostgreSQL is
 * missing). Each case gets a fresh store. Concurrency cases run many callers at once through
 * one pool: on PostgreSQL they are as many connections, as several nodes would be.
 */
import assert from "node:assert/strict";
import {
  type DataStore,
  type DumpRecord,
  RestoreConflictError,
  type StoredEvent,
} from "../../src/store/types.ts";
import { Store } from "../../src/store/kv/kv.ts";
import { openPostgresStore } from "../../src/store/postgres/pg_store.ts";
import type { OrderRecord } from "../../rails/node/order_state.ts";
import type { StoredOrder, StoredProfile } from "../../rails/receiver/store.ts";
import { pgSkip, pgSuffix, startPostgres } from "../support/postgres.ts";
import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
import { TransparencyLog } from "../../src/tlog/log.ts";
import { auditLog } from "../../src/tlog/audit.ts";
import { failedObservation, sortTools } from "../../src/tlog/observation.ts";
import { okObservation } from "../../src/tlog/ok_observation.ts";
import type { TlogStore } from "../../src/tlog/store.ts";
import type { Tool } from "../../src/security/scan.ts";
import type { ShopPayment } from "../../src/shop/types.ts";
import { shopOrder } from "../shop/_order.ts";

const FROM = "0x857b06519E91e3A54538791bDbb0E22373e36b66";
const nonce = (n: number) => "0x" + n.toString(16).padStart(64, "0");
const inSec = (s: number) => String(Math.floor(Date.now() / 1000) + s);

function order(id: string, state: OrderRecord["state"], at: string): OrderRecord {
  return {
    order_id: id,
    state,
    offer_id: "off_1",
    plan_id: "plan-1",
    offer_name: "1 GB",
    price_usd: "1.00",
    price_atomic: "1000000",
    cost_usd: 0.5,
    created_at: at,
    updated_at: at,
    input_sha256: "00",
    payment: { payer: FROM, raw: { x: 1 }, requirements: {} },
  } as OrderRecord;
}

function event(id: string, due: number): StoredEvent {
  return {
    id,
    type: "agent_order.created",
    created_at: new Date(due).toISOString(),
    body: JSON.stringify({ id }),
    status: "pending",
    attempts: [],
    next_at: due,
    updated_at: new Date(due).toISOString(),
  };
}

const LOG_KEY = Ed25519Signer.generate();
const ORIGIN = "log.example/mcp-log";
const logOf = (t: TlogStore) => new TransparencyLog(t, LOG_KEY, ORIGIN);
const TOOLS: Tool[] = [
  { name: "weather", description: "Forecast", inputSchema: { type: "object" } },
  { name: "alerts", description: "Alerts", inputSchema: { type: "object" } },
] as Tool[];

/** Observation `i` of server `io.example/s<i % 3>` (every third one failed). */
function observation(i: number) {
  const target = { name: `io.example/s${i % 3}`, endpoint: `https://s${i % 3}.example/mcp` };
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
  return i % 3 === 2
    ? failedObservation(target, at, "unreachable")
    : okObservation(target, at, TOOLS);
}

async function assertLogVerifies(t: TlogStore, size: number): Promise<void> {
  const log = logOf(t);
  await log.checkpoint();
  const report = await auditLog(log);
  assert.deepEqual(report.problems, []);
  assert.equal(report.valid, true);
  assert.equal(report.tree_size, size);
  assert.equal(report.leaves_checked, size);
}

function payment(key: string, final = false): ShopPayment {
  return {
    key,
    ref: key.split(":")[1] ?? key,
    payer: FROM,
    units: "2300042",
    chain: "eip155:8453",
    block: 10,
    block_hash: "0xbb",
    final,
    via: "transfer",
  };
}

type Case = [name: string, run: (s: DataStore) => Promise<void>];

const CASES: Case[] = [
  ["claims: exactly one of 20 concurrent claims of one authorization wins", async (s) => {
    const r = { from: FROM, nonce: nonce(1), validBefore: inSec(60), service: "weather-now" };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => s.claims.claim(r, Date.now())),
    );
    assert.equal(results.filter((x) => x.ok).length, 1);
    for (const x of results) if (!x.ok) assert.equal(x.existing.state, "pending");
    const held = await s.claims.get(FROM.toUpperCase().replace("0X", "0x"), nonce(1));
    assert.equal(held?.record.service, "weather-now", "addresses are matched case-insensitively");
  }],
  [
    "claims: release and transition need the version read; a stale token changes nothing",
    async (s) => {
      const r = { from: FROM, nonce: nonce(2), validBefore: inSec(60), service: "a" };
      const first = await s.claims.claim(r, Date.now());
      assert(first.ok);
      const moved = await s.claims.transition(first.claim, "settling", "0xabc");
      assert(moved);
      assert.equal(moved.record.transaction, "0xabc");
      assert(moved.record.expiresAt > first.claim.record.expiresAt, "settling stays collectable");
      assert.equal(await s.claims.release(first.claim), false, "stale token cannot release");
      assert.equal(await s.claims.transition(first.claim, "settled"), null);
      assert.equal((await s.claims.get(FROM, nonce(2)))?.record.state, "settling");
      const done = await s.claims.transition(moved, "settled");
      assert.equal(done?.record.state, "settled");
      assert.equal(await s.claims.release(done!), true);
      assert.equal(await s.claims.get(FROM, nonce(2)), null);
      const again = await s.claims.claim(r, Date.now());
      assert(again.ok, "a released authorization can be claimed again");
      assert.notEqual(
        again.claim.versionstamp,
        first.claim.versionstamp,
        "tokens are never reused",
      );
      assert.equal(await s.claims.release(first.claim), false);
    },
  ],
  ["claims: a claim past its own expiry is void and can be taken again", async (s) => {
    const r = { from: FROM, nonce: nonce(3), validBefore: inSec(1), service: "a" };
    const t0 = Date.now();
    const first = await s.claims.claim(r, t0);
    assert(first.ok);
    const later = t0 + first.claim.record.expiresAt - t0 + 1;
    const second = await s.claims.claim(r, later);
    assert(second.ok, "void claims do not block");
    const third = await s.claims.claim(r, later);
    assert(!third.ok);
  }],
  [
    "orders: created once, moved by compare-and-set, open index kept in the same step",
    async (s) => {
      assert(await s.orders.create(order("o2", "received", "2026-01-01T00:00:02Z"), true));
      const e1 = await s.orders.create(order("o1", "received", "2026-01-01T00:00:01Z"), true);
      assert(e1);
      assert.equal(
        await s.orders.create(order("o1", "received", "2026-01-01T00:00:01Z"), true),
        null,
      );
      assert.deepEqual(await s.orders.openIds(), ["o1", "o2"], "oldest first");
      const [a, b] = await Promise.all([
        s.orders.replace(e1.versionstamp, { ...e1.record, state: "payment_verified" }, true),
        s.orders.replace(e1.versionstamp, { ...e1.record, state: "refused" }, false),
      ]);
      assert.equal([a, b].filter(Boolean).length, 1, "one of two concurrent moves wins");
      const now = (await s.orders.get("o1"))!;
      assert.equal(now.record.state, a ? "payment_verified" : "refused");
      const closed = await s.orders.replace(
        now.versionstamp,
        { ...now.record, state: "delivered" },
        false,
      );
      assert(closed);
      assert.deepEqual(await s.orders.openIds(), ["o2"]);
      assert.deepEqual((await s.orders.get("o1"))?.record.payment.raw, { x: 1 });
      assert.equal(await s.orders.get("nope"), null);
    },
  ],
  ["orders: a lease has one holder until it expires or is given back", async (s) => {
    assert(await s.orders.create(order("o3", "received", "2026-01-01T00:00:03Z"), true));
    const t = 1_000_000;
    const tries = await Promise.all(
      ["n1", "n2", "n3"].map((h) => s.orders.lease("o3", h, t, t + 15_000)),
    );
    assert.equal(tries.filter(Boolean).length, 1, "one node holds the lease");
    const holder = ["n1", "n2", "n3"][tries.indexOf(true)]!;
    const other = holder === "n1" ? "n2" : "n1";
    assert.equal(await s.orders.lease("o3", holder, t + 5_000, t + 20_000), true, "renewed");
    assert.equal(await s.orders.lease("o3", other, t + 19_000, t + 34_000), false);
    assert.equal(await s.orders.lease("o3", other, t + 20_000, t + 35_000), true, "expired");
    await s.orders.unlease("o3", holder); // not the holder any more: no effect
    assert.equal(await s.orders.lease("o3", holder, t + 21_000, t + 36_000), false);
    await s.orders.unlease("o3", other);
    assert.equal(await s.orders.lease("o3", holder, t + 21_000, t + 36_000), true);
  }],
  ["outbox: each due delivery is leased to one of many concurrent workers", async (s) => {
    const t = 5_000_000;
    for (let i = 0; i < 10; i++) assert(await s.outbox.insert(event(`evt_${i}`, t + i)));
    assert.equal(await s.outbox.insert(event("evt_0", t)), false, "ids are unique");
    assert.equal(await s.outbox.nextDue(), t);
    assert.deepEqual(await s.outbox.lease(t - 1, 30_000, 16), [], "nothing due yet");
    const batches = await Promise.all(
      Array.from({ length: 4 }, () => s.outbox.lease(t + 100, 30_000, 16)),
    );
    const ids = batches.flat().map((l) => l.event.id).sort();
    assert.deepEqual(ids, Array.from({ length: 10 }, (_, i) => `evt_${i}`).sort());
    assert.deepEqual(await s.outbox.lease(t + 100, 30_000, 16), [], "all leased");
    assert.equal(await s.outbox.nextDue(), t + 30_100, "leased deliveries stay pending");
    assert.equal((await s.outbox.lease(t + 30_100, 30_000, 16)).length, 10, "leases expire");
  }],
  [
    "outbox: a try is recorded once; a retry is due again; unlease returns the delivery",
    async (s) => {
      const t = 6_000_000;
      assert(await s.outbox.insert(event("e1", t)));
      const [l1] = await s.outbox.lease(t, 30_000, 1);
      assert(l1);
      const attempt = { n: 1, at: new Date(t).toISOString(), status: 500, duration_ms: 3 };
      const retry: StoredEvent = { ...l1.event, attempts: [attempt], next_at: t + 5_000 };
      assert.equal(await s.outbox.finish(l1, retry), true);
      assert.equal(await s.outbox.finish(l1, retry), false, "a stale lease cannot record again");
      assert.equal(await s.outbox.nextDue(), t + 5_000);
      const [l2] = await s.outbox.lease(t + 5_000, 30_000, 1);
      assert(l2);
      await s.outbox.unlease(l2);
      const [l3] = await s.outbox.lease(t + 5_000, 30_000, 1);
      assert(l3, "an unleased delivery is due again at once");
      const done: StoredEvent = {
        ...l3.event,
        status: "delivered",
        attempts: [attempt, { ...attempt, n: 2, status: 204 }],
        next_at: null,
      };
      assert.equal(await s.outbox.finish(l3, done, 3_600_000), true);
      assert.equal(await s.outbox.nextDue(), null);
      assert.equal((await s.outbox.get("e1"))?.status, "delivered");
      assert(await s.outbox.insert({ ...event("e0", t - 1), status: "failed", next_at: null }));
      assert.deepEqual((await s.outbox.list()).map((e) => e.id), ["e0", "e1"], "oldest first");
      assert.deepEqual((await s.outbox.list({ status: "failed" })).map((e) => e.id), ["e0"]);
    },
  ],
  ["rate limits: concurrent batches add up, per window", async (s) => {
    const batches = Array.from({ length: 10 }, () => new Map([["ip:a", 2], ["ip:b", 1]]));
    await Promise.all(batches.map((b) => s.rateLimits.add(7, b)));
    const after = await s.rateLimits.add(7, new Map([["ip:a", 1]]));
    assert.equal(after.get("ip:a"), 21);
    assert.deepEqual(
      [...(await s.rateLimits.load(7))].sort(),
      [["ip:a", 21], ["ip:b", 10]],
    );
    const next = await s.rateLimits.add(8, new Map([["ip:a", 1]]));
    assert.equal(next.get("ip:a"), 1, "a new window starts at 0");
    assert.deepEqual([...(await s.rateLimits.load(8))], [["ip:a", 1]]);
  }],
  ["idempotency and meta: remembered values; meta keeps the first value", async (s) => {
    assert.equal(await s.idempotency.get("adapter_c:t1"), null);
    await s.idempotency.set("adapter_c:t1", "ref-1");
    assert.equal(await s.idempotency.get("adapter_c:t1"), "ref-1");
    const claims = await Promise.all(["a", "b", "c"].map((v) => s.meta.claim("key:X", v)));
    assert.equal(new Set(claims).size, 1, "every caller sees the one stored value");
    assert.equal(await s.meta.get("key:X"), claims[0]);
  }],
  ["receiver: one order per transaction id under concurrency; profile updates", async (s) => {
    const mk = (ref: string): StoredOrder => ({
      transactionId: "tx-1",
      orderRef: ref,
      planId: "p",
      costUsd: 1,
      createdAt: 1,
      profileIds: [`prof-${ref}`],
    });
    const prof = (id: string): StoredProfile =>
      ({ profile: { profileId: id, status: "ready" }, readyAt: 0 }) as unknown as StoredProfile;
    const results = await Promise.all(
      ["r1", "r2", "r3"].map((r) => s.receiver.createOrder(mk(r), [prof(`prof-${r}`)])),
    );
    assert.equal(results.filter((r) => r.created).length, 1);
    const winner = results.find((r) => r.created)!.order;
    for (const r of results) assert.equal(r.order.orderRef, winner.orderRef);
    assert.equal((await s.receiver.getOrderByRef(winner.orderRef))?.transactionId, "tx-1");
    const pid = winner.profileIds[0]!;
    const upd = await s.receiver.updateProfile(pid, (p) => ({ ...p, readyAt: 42 }));
    assert.equal(upd?.readyAt, 42);
    assert.equal((await s.receiver.getProfile(pid))?.readyAt, 42);
    assert.equal(await s.receiver.updateProfile("nope", (p) => p), null);
  }],
  [
    "tlog: appends are conditional on the tree size; leaves, hashes, indexes and crawl state read back",
    async (s) => {
      const log = logOf(s.tlog);
      assert.equal(await s.tlog.treeSize(), 0);
      const idx = await log.appendMany(
        Array.from({ length: 7 }, (_, i) => ({ observation: observation(i), tools: TOOLS })),
      );
      assert.deepEqual(idx, [0, 1, 2, 3, 4, 5, 6]);
      assert.equal(await s.tlog.treeSize(), 7);
      const stale = await s.tlog.append({
        index: 3,
        leaves: [{
          leaf: new Uint8Array([1]),
          nodes: [],
          entry: { leaf_index: 3, observed_at: "x", outcome: "ok" },
        }],
      });
      assert.equal(stale, false, "an append at a taken index changes nothing");
      assert.equal(await s.tlog.treeSize(), 7);
      assert.equal((await log.observation(4)).target.name, "io.example/s1");
      assert.equal(await s.tlog.leaf(7), null);
      const got = [];
      for await (const l of s.tlog.leaves(2, 5)) got.push(l.index);
      assert.deepEqual(got, [2, 3, 4]);
      assert.deepEqual((await s.tlog.byName("io.example/s0")).map((e) => e.leaf_index), [0, 3, 6]);
      const s2 = await s.tlog.byEndpoint("https://s2.example/mcp");
      assert.deepEqual(s2.map((e) => [e.leaf_index, e.outcome]), [[2, "unreachable"], [
        5,
        "unreachable",
      ]]);
      assert.equal(await s.tlog.node(3, 0), null, "the subtree of 8 leaves is not complete");
      assert((await s.tlog.node(2, 0))?.length === 32);
      const sha = observation(0).tools_sha256!;
      assert.deepEqual(await s.tlog.getToolSet(sha), sortTools(TOOLS));
      assert.equal(await s.tlog.putToolSet(sha, []), false, "a tool set is kept once");
      assert.equal(await s.tlog.getToolSet("00"), null);
      for (const name of ["b/x", "a/z", "a/y"]) {
        await s.tlog.putRegistryEntry({
          name,
          version: "1",
          status: "active",
          published_at: "t",
          remotes: [],
        });
      }
      await s.tlog.putRegistryEntry({
        name: "a/y",
        version: "2",
        status: "active",
        published_at: "t",
        remotes: [],
      });
      const names = [];
      for await (const e of s.tlog.registryEntries("a/y")) names.push(e.name);
      assert.deepEqual(names, ["a/z", "b/x"], "strictly after, in name order");
      assert.equal((await s.tlog.getRegistryEntry("a/y"))?.version, "2");
      assert.equal(await s.tlog.getCrawlState(), null);
      await s.tlog.setCrawlState({ phase: "registry", cursor: "c1", started_at: "t0" });
      await s.tlog.setCrawlState({ phase: "observe", after: "a/y", started_at: "t0" });
      assert.deepEqual(await s.tlog.getCrawlState(), {
        phase: "observe",
        after: "a/y",
        started_at: "t0",
      });
      const cp = await log.checkpoint();
      assert.equal(cp.size, 7);
      assert.equal(await s.tlog.putCheckpoint(7, "other"), false, "the first checkpoint is kept");
      assert.deepEqual(await s.tlog.latestCheckpoint(), cp);
      await assertLogVerifies(s.tlog, 7);
    },
  ],
  [
    "tlog: two logs appending at once never take one index, and the log verifies",
    async (s) => {
      const a = logOf(s.tlog);
      const b = logOf(s.tlog);
      const runs = await Promise.all([a, b].map(async (log, w) => {
        const out: number[] = [];
        for (let k = 0; k < 5; k++) {
          const batch = Array.from(
            { length: 3 },
            (_, j) => ({ observation: observation(w * 100 + k * 3 + j) }),
          );
          out.push(...await log.appendMany(batch));
          await log.checkpoint();
        }
        return out;
      }));
      const all = runs.flat().sort((x, y) => x - y);
      assert.deepEqual(all, Array.from({ length: 30 }, (_, i) => i), "each index taken once");
      assert.equal(await s.tlog.treeSize(), 30);
      await assertLogVerifies(s.tlog, 30);
    },
  ],
  [
    "shop: of 8 concurrent creates for one offset on one chain one wins; another chain is free",
    async (s) => {
      const until = Date.now() + 3600_000;
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => s.shop.create(shopOrder(`sho_${i}`, 42), until)),
      );
      assert.equal(results.filter((r) => typeof r === "object").length, 1, "one winner");
      assert.equal(results.filter((r) => r === "offset_taken").length, 7);
      const winner = results.find((r) => typeof r === "object")!;
      assert.equal(
        await s.shop.orderByOffset("eip155:8453", 42, Date.now()),
        winner.order.order_id,
      );
      for (let i = 0; i < 8; i++) {
        if (`sho_${i}` !== winner.order.order_id) assert.equal(await s.shop.get(`sho_${i}`), null);
      }
      assert.equal(await s.shop.create(shopOrder(winner.order.order_id, 43), until), "exists");
      assert.equal(await s.shop.orderByOffset("eip155:8453", 43, Date.now()), null, "nothing kept");
      assert.equal(
        typeof await s.shop.create(shopOrder("sho_other_chain", 42, { chain: "eip155:1" }), until),
        "object",
      );
      // A reservation that has lapsed is free again.
      const later = new Date(until + 1).toISOString();
      const again = await s.shop.create(
        shopOrder("sho_late", 42, { created_at: later }),
        until + 99,
      );
      assert.equal(typeof again, "object");
      assert.equal(await s.shop.orderByOffset("eip155:8453", 42, until + 1), "sho_late");
      assert.equal(await s.shop.orderByOffset("eip155:8453", 42, until + 99), null);
      assert.equal(typeof await s.shop.create(shopOrder("sho_no_offset_1", 0), until), "object");
      assert.equal(typeof await s.shop.create(shopOrder("sho_no_offset_2", 0), until), "object");
    },
  ],
  [
    "shop: put is compare-and-set; a payment key is credited to one order under concurrent puts",
    async (s) => {
      const until = Date.now() + 3600_000;
      const ids = ["sho_a", "sho_b", "sho_c", "sho_d"];
      for (const [i, id] of ids.entries()) {
        assert(typeof await s.shop.create(shopOrder(id, i + 1), until) === "object");
      }
      const key = "8453:0xABC:0";
      const tries = await Promise.all(ids.map(async (id) => {
        const cur = (await s.shop.get(id))!;
        return await s.shop.put(cur, { ...cur.order, payments: [payment(key)] }, {
          credit: [key, `8453:0x${id}:1`],
        });
      }));
      assert.equal(tries.filter(Boolean).length, 1, "one order gets the payment");
      const winner = ids[tries.findIndex(Boolean)]!;
      assert.equal(await s.shop.creditedTo(key.toLowerCase()), winner, "keys are case-insensitive");
      for (const id of ids) {
        assert.equal((await s.shop.get(id))!.order.payments.length, id === winner ? 1 : 0);
        assert.equal(
          await s.shop.creditedTo(`8453:0x${id}:1`),
          id === winner ? id : null,
          "all or nothing",
        );
      }
      // Compare-and-set: two writers from one version, one wins; a stale version never writes.
      const v = (await s.shop.get("sho_a"))!;
      const [x, y] = await Promise.all([
        s.shop.put(v, { ...v.order, state: "paid" }),
        s.shop.put(v, { ...v.order, state: "expired" }),
      ]);
      assert.equal([x, y].filter(Boolean).length, 1);
      assert.equal(await s.shop.put(v, { ...v.order, state: "underpaid" }), null);
      // Uncredit frees the key in the same step.
      const w = (await s.shop.get(winner))!;
      assert(await s.shop.put(w, { ...w.order, payments: [] }, { uncredit: [key] }));
      assert.equal(await s.shop.creditedTo(key), null);
      const other = ids.find((id) => id !== winner && id !== "sho_a")!;
      const o = (await s.shop.get(other))!;
      assert(await s.shop.put(o, o.order, { credit: [key] }), "a freed key can be credited again");
    },
  ],
  [
    "shop: unfinished ids follow the order's state; list, nonces, unattributed transfers, cursors",
    async (s) => {
      const until = Date.now() + 3600_000;
      const at = (sec: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, sec)).toISOString();
      await s.shop.create(shopOrder("sho_2", 0, { created_at: at(2) }), until);
      await s.shop.create(shopOrder("sho_1", 0, { created_at: at(1) }), until);
      await s.shop.create(shopOrder("sho_3", 0, { created_at: at(3), state: "delivered" }), until);
      assert.deepEqual(await s.shop.unfinishedIds(), ["sho_1", "sho_2"], "oldest first");
      const one = (await s.shop.get("sho_1"))!;
      const done = await s.shop.put(one, { ...one.order, state: "expired" });
      assert.deepEqual(await s.shop.unfinishedIds(), ["sho_2"]);
      await s.shop.put(done!, { ...one.order, state: "expired", payments: [payment("k:0x1:0")] });
      assert.deepEqual(
        await s.shop.unfinishedIds(),
        ["sho_1", "sho_2"],
        "a late payment not final yet",
      );
      assert.deepEqual((await s.shop.list()).map((o) => o.order_id), ["sho_3", "sho_2", "sho_1"]);
      assert.deepEqual((await s.shop.list(2)).map((o) => o.order_id), ["sho_3", "sho_2"]);
      await s.shop.indexNonce("eip155:8453", "0xAB", "sho_2");
      assert.equal(await s.shop.orderByNonce("eip155:8453", "0xab"), "sho_2");
      assert.equal(await s.shop.orderByNonce("eip155:1", "0xab"), null);
      const t = {
        key: "8453:0xDEAD:0",
        chain: "eip155:8453",
        ref: "0xdead",
        payer: FROM,
        units: "5",
        block: 3,
        seen_at: at(4),
        reason: "no order",
      };
      assert.equal(await s.shop.addUnattributed(t), true);
      assert.equal(
        await s.shop.addUnattributed({ ...t, key: "8453:0xdead:0" }),
        false,
        "idempotent",
      );
      assert.deepEqual(await s.shop.listUnattributed(), [t]);
      await s.shop.removeUnattributed("8453:0xdead:0");
      assert.deepEqual(await s.shop.listUnattributed(), []);
      assert.equal(await s.shop.getCursor("eip155:8453"), null);
      await s.shop.setCursor("eip155:8453", { next_block: 5, caught_up_at: 1 });
      await s.shop.setCursor("eip155:8453", { next_block: 9, caught_up_at: 2 });
      assert.deepEqual(await s.shop.getCursor("eip155:8453"), { next_block: 9, caught_up_at: 2 });
    },
  ],
  ["dump and restore: every record moves, and a second import adds nothing", async (s) => {
    await fill(s);
    const first = await collect(s);
    assert.deepEqual(first.map((r) => r.kind).sort(), [
      "claim",
      "event",
      "idempotency",
      "meta",
      "order",
      "order",
      "receiver_order",
      "receiver_profile",
      "shop_credit",
      "shop_cursor",
      "shop_nonce",
      "shop_offset",
      "shop_order",
      "shop_order",
      "shop_unattributed",
      "tlog_checkpoint",
      "tlog_crawl",
      "tlog_leaf",
      "tlog_leaf",
      "tlog_leaf",
      "tlog_leaf",
      "tlog_registry",
      "tlog_toolset",
    ]);
    for (const r of first) assert.equal(await s.restore(r), false, `${r.kind} already there`);
  }],
  ["dump and restore: a different log is never grafted onto the stored one", async (s) => {
    const other = await Store.open(":memory:");
    try {
      await logOf(other.tlog).appendMany([5, 6, 7].map((i) => ({ observation: observation(i) })));
      const leaves = (await collect(other)).filter((r) => r.kind === "tlog_leaf");
      assert.equal(leaves.length, 3);
      await logOf(s.tlog).appendMany([0, 1].map((i) => ({ observation: observation(i) })));
      await assert.rejects(() => s.restore(leaves[0]!), RestoreConflictError);
      await assert.rejects(() => s.restore(leaves[1]!), RestoreConflictError);
      await assert.rejects(
        () => s.restore({ ...leaves[2]!, index: 3 } as DumpRecord),
        RestoreConflictError,
        "a gap",
      );
      assert.equal(await s.tlog.treeSize(), 2);
      await assertLogVerifies(s.tlog, 2);
      // Into an empty log, in order, twice: the second pass finds every leaf present.
      const empty = await Store.open(":memory:");
      try {
        for (const r of leaves) assert.equal(await empty.restore(r), true);
        for (const r of leaves) assert.equal(await empty.restore(r), false);
        await assertLogVerifies(empty.tlog, 3);
      } finally {
        empty.close();
      }
    } finally {
      other.close();
    }
  }],
];

async function fill(s: DataStore): Promise<void> {
  const c = await s.claims.claim(
    { from: FROM, nonce: nonce(9), validBefore: inSec(600), service: "order" },
    Date.now(),
  );
  assert(c.ok);
  await s.claims.transition(c.claim, "settling", "0xfeed");
  await s.orders.create(order("od1", "supplier_ordered", "2026-01-01T00:00:01Z"), true);
  await s.orders.create(order("od2", "delivered", "2026-01-01T00:00:02Z"), false);
  await s.outbox.insert(event("evt_d", 1_000));
  await s.idempotency.set("adapter_c:tx", "ref");
  await s.meta.claim("key:SIGNER_KEY_FILE", "abc");
  await s.receiver.createOrder(
    {
      transactionId: "t",
      orderRef: "r",
      planId: "p",
      costUsd: 1,
      createdAt: 1,
      profileIds: ["pp"],
    },
    [{ profile: { profileId: "pp" }, readyAt: 5 } as unknown as StoredProfile],
  );
  const log = logOf(s.tlog);
  await log.appendMany([0, 1, 2, 3].map((i) => ({ observation: observation(i), tools: TOOLS })));
  await log.checkpoint();
  await s.tlog.putRegistryEntry({
    name: "io.example/s0",
    version: "1.0.0",
    status: "active",
    published_at: "2026-01-01T00:00:00Z",
    remotes: [{ type: "streamable-http", url: "https://s0.example/mcp" }],
  });
  await s.tlog.setCrawlState({ phase: "done", started_at: "t0", completed_at: "t1" });
  const until = Date.now() + 3600_000;
  const created = await s.shop.create(shopOrder("sho_d1", 7), until);
  assert(typeof created === "object");
  await s.shop.put(created, { ...created.order, payments: [payment("8453:0xfe:0")] }, {
    credit: ["8453:0xfe:0"],
  });
  await s.shop.create(shopOrder("sho_d2", 0, { state: "delivered" }), until);
  await s.shop.indexNonce("eip155:8453", "0xn1", "sho_d1");
  await s.shop.addUnattributed({
    key: "8453:0xaa:1",
    chain: "eip155:8453",
    ref: "0xaa",
    payer: FROM,
    units: "1",
    block: 1,
    seen_at: "2026-01-01T00:00:00Z",
    reason: "no order",
  });
  await s.shop.setCursor("eip155:8453", { next_block: 12, caught_up_at: 3 });
}

async function collect(s: DataStore): Promise<DumpRecord[]> {
  const out: DumpRecord[] = [];
  for await (const r of s.dump()) out.push(r);
  return out;
}

/** Comparable form: records sorted by their JSON. */
function canonical(recs: DumpRecord[]): string[] {
  return recs.map((r) => JSON.stringify(r, Object.keys(flatKeys(r)).sort())).sort();
}

function flatKeys(v: unknown, acc: Record<string, true> = {}): Record<string, true> {
  if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      acc[k] = true;
      flatKeys(x, acc);
    }
  }
  return acc;
}

Deno.test("store contract on Deno KV", async (t) => {
  for (const [name, run] of CASES) {
    await t.step(name, async () => {
      const s = await Store.open(":memory:");
      try {
        await run(s);
      } finally {
        s.close();
      }
    });
  }
});

Deno.test({
  name: `store contract on PostgreSQL${pgSuffix()}`,
  ignore: pgSkip !== null,
  async fn(t) {
    await using pg = await startPostgres();
    for (const [name, run] of CASES) {
      await t.step(name, async () => {
        const s = await openPostgresStore(await pg.createDatabase());
        try {
          await run(s);
        } finally {
          await s.close();
        }
      });
    }
  },
});

Deno.test({
  name: `store export from Deno KV imports into PostgreSQL and back unchanged${pgSuffix()}`,
  ignore: pgSkip !== null,
  async fn() {
    await using pg = await startPostgres();
    const kv = await Store.open(":memory:");
    const p = await openPostgresStore(await pg.createDatabase());
    const back = await Store.open(":memory:");
    try {
      await fill(kv);
      const fromKv = await collect(kv);
      for (const r of fromKv) assert.equal(await p.restore(r), true, `${r.kind} imported`);
      const fromPg = await collect(p);
      assert.deepEqual(canonical(fromPg), canonical(fromKv));
      for (const r of fromPg) assert.equal(await back.restore(r), true);
      assert.deepEqual(canonical(await collect(back)), canonical(fromKv));
      // The imported store works: the claim still refuses a replay, the open order is open.
      const again = await p.claims.claim(
        { from: FROM, nonce: nonce(9), validBefore: inSec(600), service: "order" },
        Date.now(),
      );
      assert(!again.ok && again.existing.state === "settling");
      assert.deepEqual(await p.orders.openIds(), ["od1"]);
      // The log moved whole and verifies on both; the shop's indexes came along.
      await assertLogVerifies(p.tlog, 4);
      await assertLogVerifies(back.tlog, 4);
      assert.deepEqual((await p.tlog.byName("io.example/s1")).map((e) => e.leaf_index), [1]);
      assert.deepEqual(await p.shop.unfinishedIds(), ["sho_d1"]);
      assert.equal(await p.shop.creditedTo("8453:0xfe:0"), "sho_d1");
      assert.equal(await p.shop.orderByOffset("eip155:8453", 7, Date.now()), "sho_d1");
      assert.equal(await p.shop.create(shopOrder("sho_new", 7), Date.now() + 1), "offset_taken");
      const d1 = (await back.shop.get("sho_d1"))!;
      assert.equal(await back.shop.put(d1, d1.order, { credit: ["8453:0xfe:0"] }) !== null, true);
      const log = logOf(p.tlog);
      assert.equal(await log.append(observation(9)), 4, "the imported log grows at its end");
    } finally {
      kv.close();
      back.close();
      await p.close();
    }
  },
});

Deno.test({
  name:
    `two stores on one PostgreSQL database: appends, offsets and credits race safely${pgSuffix()}`,
  ignore: pgSkip !== null,
  async fn() {
    await using pg = await startPostgres();
    const url = await pg.createDatabase();
    const nodes = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    try {
      // Two nodes append batches at once: every index is taken by exactly one of them.
      const appended = await Promise.all(nodes.map(async (n, w) => {
        const log = logOf(n.tlog);
        const out: number[] = [];
        for (let k = 0; k < 8; k++) {
          const batch = Array.from({ length: 4 }, (_, j) => ({
            observation: observation(w * 1000 + k * 4 + j),
          }));
          out.push(...await log.appendMany(batch));
        }
        return out;
      }));
      assert.equal(new Set(appended.flat()).size, 64);
      assert.deepEqual(appended.flat().sort((a, b) => a - b), [...Array(64).keys()]);
      await assertLogVerifies(nodes[0]!.tlog, 64);
      await assertLogVerifies(nodes[1]!.tlog, 64);
      // Creates on both nodes racing for offsets 1..5: never two orders with one offset.
      const until = Date.now() + 3600_000;
      const created = await Promise.all(
        Array.from(
          { length: 30 },
          (_, i) => nodes[i % 2]!.shop.create(shopOrder(`sho_${i}`, 1 + (i % 5)), until),
        ),
      );
      const won = created.filter((r) => typeof r === "object");
      assert.equal(won.length, 5, "one order per offset");
      assert.deepEqual(won.map((r) => r.order.offset).sort(), [1, 2, 3, 4, 5]);
      const open = await nodes[1]!.shop.unfinishedIds();
      assert.equal(open.length, 5);
      // Both nodes' watchers see one transfer and credit it to different orders: one wins.
      const key = "8453:0xbeef:3";
      const tries = await Promise.all(won.map(async (r, i) => {
        const s = nodes[i % 2]!.shop;
        const cur = (await s.get(r.order.order_id))!;
        return await s.put(cur, { ...cur.order, payments: [payment(key)] }, { credit: [key] });
      }));
      assert.equal(tries.filter(Boolean).length, 1);
      const owner = await nodes[0]!.shop.creditedTo(key);
      for (const r of won) {
        const o = (await nodes[1]!.shop.get(r.order.order_id))!.order;
        assert.equal(o.payments.length, r.order.order_id === owner ? 1 : 0);
      }
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
  },
});
