/**
 * USDT on TRON (`tron:usdt`) against the TronGrid fake: unique amounts, only confirmed
 * transfers credited, pages followed, other tokens ignored, rate limiting survived, underpaid
 * with a top-up from the same payer, and nothing credited twice.
 */
import assert from "node:assert/strict";
import { api, firstOffer, tickUntil, view } from "./_env.ts";
import { chainOrder, randomTronAddress, TRONGRID_KEY, withChains } from "./_chains.ts";
import { tronAddress, tronAddressBytes, tronHex20 } from "../../src/shop/base58.ts";
import { TronWatcher } from "../../src/shop/tron/watcher.ts";
import { httpGet } from "../../src/shop/http_get.ts";

const TRON = "tron:0x2b6653dc";
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

Deno.test("shop tron: base58check addresses match USDT's known hex form and refuse a bad checksum", () => {
  assert.equal(tronHex20(USDT), "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c");
  assert.equal(tronAddress(tronAddressBytes(USDT)!), USDT);
  assert.equal(tronAddressBytes(USDT.slice(0, -1) + "u"), null);
  assert.equal(tronAddressBytes("0xa614f803b6fd780986a42c78ec9c7f77e6ded13c"), null);
});

Deno.test("shop tron: a transfer of the unique amount counts once confirmed, is delivered and never credited twice", async () => {
  await withChains(async ({ url, shop, tron, payTo, received }) => {
    const o = await chainOrder(url, "tron:usdt");
    assert.equal(o.pay.chain, TRON);
    assert.equal(o.pay.asset, USDT);
    assert.equal(o.pay.address, payTo.tron);
    assert.equal(o.pay.uri, payTo.tron, "TRON wallets scan the bare address");
    assert.ok(o.amount > o.price && o.amount - o.price < 10_000n, "price plus a unique offset");
    const payer = randomTronAddress();
    const t = tron.transfer({ from: payer, to: payTo.tron, value: o.amount.toString() });
    await shop.tick();
    let v = await view(url, o);
    assert.equal(v.status, "awaiting_payment", "unconfirmed: not seen");
    assert.equal(v.payments.length, 0);
    tron.confirm(t.txid);
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    v = await view(url, o);
    assert.deepEqual(v.payments.map((p) => [p.ref, p.payer, p.units, p.final]), [
      [t.txid, payer, o.amount.toString(), true],
    ]);
    // A restarted watcher (nothing in memory) that lost its cursor reads everything again, and
    // a duplicate answer repeats the row: still one payment.
    await shop.store.setCursor(TRON, { next_block: 0, caught_up_at: 0 });
    tron.transfer({ ...t, confirmed: true }); // the same transaction listed twice
    const fresh = new TronWatcher({
      api: httpGet(tron.url, { header: "TRON-PRO-API-KEY", key: TRONGRID_KEY }),
      store: shop.store,
      sink: shop,
      chain: TRON,
      token: USDT,
      payTo: payTo.tron,
    });
    await fresh.poll();
    await shop.tick();
    assert.equal((await view(url, o)).payments.length, 1);
    const list = tron.requests.filter((r) => r.path.endsWith("/transactions/trc20"));
    assert.ok(list.length >= 3);
    for (const r of list) {
      assert.equal(r.path, `/v1/accounts/${payTo.tron}/transactions/trc20`);
      assert.equal(r.query.get("only_confirmed"), "true");
      assert.equal(r.query.get("only_to"), "true");
      assert.equal(r.key, TRONGRID_KEY);
    }
    await received.next("order.delivered", o.id);
    assert.deepEqual(received.typesOf(o.id), ["order.created", "order.delivered"]);
    assert.equal(received.duplicates, 0);
  });
});

Deno.test("shop tron: pages are followed, another token is ignored, and a 429 neither credits nor expires", async () => {
  await withChains(async ({ url, shop, tron, payTo, advance }) => {
    const o = await chainOrder(url, "tron:usdt");
    tron.maxPage = 2;
    const stranger = randomTronAddress();
    const fake = randomTronAddress();
    const txs = [
      tron.transfer({ from: stranger, to: payTo.tron, value: "1000001" }),
      tron.transfer({ from: stranger, to: payTo.tron, value: "2000002" }),
      tron.transfer({ from: stranger, to: payTo.tron, value: o.amount.toString(), contract: fake }),
      tron.transfer({ from: stranger, to: payTo.tron, value: "3000003" }),
      tron.transfer({ from: randomTronAddress(), to: payTo.tron, value: o.amount.toString() }),
    ];
    for (const t of txs) tron.confirm(t.txid);
    advance(25 * 3600_000); // past expiry: a failing poll must not expire the order
    tron.failures.push("429");
    await assert.rejects(shop.tick(), /rate limited/);
    assert.equal((await view(url, o)).status, "awaiting_payment");
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    const v = await view(url, o);
    assert.deepEqual(v.payments.map((p) => p.ref), [txs[4]!.txid]);
    assert.ok(tron.requests.some((r) => r.query.get("fingerprint")), "followed the fingerprint");
    const kept = (await shop.store.listUnattributed()).filter((u) => u.chain === TRON);
    assert.deepEqual(kept.map((u) => u.units).sort(), ["1000001", "2000002", "3000003"]);
  });
});

Deno.test("shop tron: an older transfer is never attributed; underpaid, then a top-up from the same payer delivers", async () => {
  await withChains(async ({ url, shop, tron, payTo, received }) => {
    const o = await chainOrder(url, "tron:usdt");
    const payer = randomTronAddress();
    const old = tron.transfer({
      from: payer,
      to: payTo.tron,
      value: o.amount.toString(),
      block_timestamp: Date.now() - 3600_000,
    });
    tron.confirm(old.txid);
    await shop.tick();
    assert.equal((await view(url, o)).payments.length, 0, "made before the order");
    const part = tron.transfer({
      from: payer,
      to: payTo.tron,
      value: (o.amount - 500_000n).toString(),
    });
    tron.confirm(part.txid);
    await tickUntil(shop, async () => (await view(url, o)).status === "underpaid", "underpaid");
    const v = await view(url, o);
    assert.equal(v.due_units, "500000");
    assert.equal(v.pay.amount_units, "500000", "the rest is restated");
    await received.next("order.underpaid", o.id);
    const rest = tron.transfer({ from: payer, to: payTo.tron, value: "500000" });
    tron.confirm(rest.txid);
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    assert.equal((await view(url, o)).paid_units, o.amount.toString());
    await received.next("order.delivered", o.id);
    assert.deepEqual(received.typesOf(o.id), [
      "order.created",
      "order.underpaid",
      "order.delivered",
    ]);
  });
});

Deno.test("shop tron: with the payer's address given, transfers of any amount from it are attributed; a bad 'payer' is a 400 naming it", async () => {
  await withChains(async ({ url, shop, tron, payTo }) => {
    const offer = await firstOffer(url);
    for (
      const [body, field] of [
        [{ method: "tron:usdt", payer: "0x" + "ab".repeat(20) }, "payer"],
        [{ method: "tron:usdt", payer: 42 }, "payer"],
        [{ method: "ton:usdt", payer: randomTronAddress() }, "payer"],
        [{ method: "tron:usdc" }, "method"],
      ] as const
    ) {
      const r = await api(`${url}/shop/api/orders`, {
        body: { offer_id: offer.offer_id, ...body },
      });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal((r.body.error as { field: string }).field, field);
    }
    const payer = randomTronAddress();
    const r = await api(`${url}/shop/api/orders`, {
      body: { offer_id: offer.offer_id, method: "tron:usdt", payer },
    });
    assert.equal(r.status, 201);
    const o = { id: r.body.order_id as string, token: r.body.status_token as string };
    const due = BigInt((r.body.pay as { amount_units: string }).amount_units);
    const first = 1_234_567n; // does not end in the order's offset
    const a = tron.transfer({ from: payer, to: payTo.tron, value: first.toString() });
    tron.confirm(a.txid);
    await tickUntil(shop, async () => (await view(url, o)).status === "underpaid", "underpaid");
    const b = tron.transfer({ from: payer, to: payTo.tron, value: (due - first).toString() });
    tron.confirm(b.txid);
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    assert.equal((await view(url, o)).paid_units, due.toString());
  });
});

Deno.test("shop chains: in the background loop a failing chain waits on its own while another chain delivers", async () => {
  await withChains(async ({ url, tron, ton, payTo, logs }) => {
    ton.failures.push("500", 10_000); // toncenter is down for the whole test
    const tonOrder = await chainOrder(url, "ton:usdt");
    const o = await chainOrder(url, "tron:usdt");
    const t = tron.transfer({
      from: randomTronAddress(),
      to: payTo.tron,
      value: o.amount.toString(),
    });
    tron.confirm(t.txid);
    const end = Date.now() + 20_000;
    while ((await view(url, o)).status !== "delivered") {
      if (Date.now() > end) throw new Error("not delivered while toncenter fails");
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(logs.some((l) => /watching ton:-239 failed \(\d+\), retrying in \d+ ms/.test(l)));
    assert.equal((await view(url, tonOrder)).status, "awaiting_payment");
  }, { pollMs: 100 });
});
