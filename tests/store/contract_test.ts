/**
 * The store contract (src/store/types.ts), one case table run against both backends: Deno KV
 * (in memory) and PostgreSQL (a throwaway cluster; skipped with the reason when PostgreSQL is
 * missing). Each case gets a fresh store. Concurrency cases run many callers at once through
 * one pool: on PostgreSQL they are as many connections, as several nodes would be.
 */
import assert from "node:assert/strict";
import type { DataStore, DumpRecord, StoredEvent } from "../../src/store/types.ts";
import { Store } from "../../src/store/kv/kv.ts";
import { openPostgresStore } from "../../src/store/postgres/pg_store.ts";
import type { OrderRecord } from "../../rails/node/order_state.ts";
import type { StoredOrder, StoredProfile } from "../../rails/receiver/store.ts";
import { pgSkip, pgSuffix, startPostgres } from "../support/postgres.ts";

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
    ]);
    for (const r of first) assert.equal(await s.restore(r), false, `${r.kind} already there`);
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
    } finally {
      kv.close();
      back.close();
      await p.close();
    }
  },
});
