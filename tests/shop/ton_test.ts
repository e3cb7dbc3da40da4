/**
 * USDT on TON (`ton:usdt`) against the toncenter v3 fake: the order id as the text comment
 * (`ton://transfer` link), credited only with the shop wallet's committed transfer notification
 * (aborted, bounced and other jettons never credit), keyed by that transaction's hash, underpaid
 * with a top-up, paid after expiry, and failures that neither credit nor expire.
 */
import assert from "node:assert/strict";
import { tickUntil, view } from "./_env.ts";
import { chainOrder, TONCENTER_KEY, withChains } from "./_chains.ts";
import { randomTonAddress, TON_USDT } from "../fakes/toncenter.ts";
import { beginCell, TonAddress } from "../support/deps.ts";
import { textComment } from "../../src/shop/ton/comment.ts";
import { TonWatcher } from "../../src/shop/ton/watcher.ts";
import { httpGet } from "../../src/shop/http_get.ts";
import { hashHex, tonRaw } from "../../src/shop/ton/address.ts";

const TON = "ton:-239";

Deno.test("shop ton: address forms agree with @ton/core", () => {
  for (let i = 0; i < 20; i++) {
    const a = randomTonAddress();
    const parsed = TonAddress.parse(a);
    assert.equal(tonRaw(a), parsed.toRawString().toUpperCase());
    assert.equal(tonRaw(parsed.toString({ bounceable: true, urlSafe: false })), tonRaw(a));
  }
  assert.equal(
    tonRaw(TON_USDT),
    "0:B113A994B5024A16719F69139328EB759596C38A25F59028B146FECDC3621DFE",
  );
  assert.equal(tonRaw(TON_USDT.slice(0, -1) + "x"), null, "checksum");
});

Deno.test("shop ton: text comments are read from real forward-payload BOCs (@ton/core), snake cells included", () => {
  for (const t of ["11", "sho_0123456789abcdef01234567", "é".repeat(200) + "x", "a".repeat(300)]) {
    const boc = beginCell().storeUint(0, 32).storeStringTail(t).endCell().toBoc();
    assert.equal(textComment(boc.toString("base64")), t);
  }
  assert.equal(textComment("te6cckEBAQEACAAADAAAAAAxMb6Vqnw="), "11", "toncenter's own fixture");
  const other = beginCell().storeUint(0x12345678, 32).storeStringTail("x").endCell().toBoc();
  assert.equal(textComment(other.toString("base64")), null, "not a text comment");
  assert.equal(textComment("bm90IGEgYm9j"), null);
});

Deno.test("shop ton: a USDT transfer with the order's comment is credited by the shop's notification and delivered; aborted, bounced and fake jettons are not", async () => {
  await withChains(async ({ url, shop, ton, payTo, received }) => {
    const o = await chainOrder(url, "ton:usdt");
    assert.equal(o.pay.chain, TON);
    assert.equal(o.pay.asset, TON_USDT);
    assert.equal(o.pay.memo, o.id);
    assert.equal(o.amount, o.price, "TON asks exactly the price");
    assert.equal(
      o.pay.uri,
      `ton://transfer/${payTo.ton}?jetton=${TON_USDT}&amount=${o.price}&text=${o.id}`,
    );
    const payer = randomTonAddress();
    const amount = o.price.toString();
    ton.transfer({ from: payer, to: payTo.ton, amount, comment: o.id, aborted: true });
    ton.transfer({ from: payer, to: payTo.ton, amount, comment: o.id, bounced: true });
    ton.transfer({ from: payer, to: payTo.ton, amount, comment: o.id, master: randomTonAddress() });
    await shop.tick();
    assert.equal((await view(url, o)).payments.length, 0);
    const t = ton.transfer({ from: payer, to: payTo.ton, amount, comment: o.id });
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    const v = await view(url, o);
    assert.deepEqual(v.payments.map((p) => [p.ref, p.payer, p.units]), [
      [hashHex(t.notification!.hash), tonRaw(payer), amount],
    ]);
    await shop.store.setCursor(TON, { next_block: 0, caught_up_at: 0 });
    const fresh = new TonWatcher({
      api: httpGet(ton.url, { header: "X-API-Key", key: TONCENTER_KEY }),
      store: shop.store,
      sink: shop,
      chain: TON,
      master: TON_USDT,
      payTo: payTo.ton,
    });
    await fresh.poll(); // a restarted watcher reads everything again
    await shop.tick();
    assert.equal((await view(url, o)).payments.length, 1, "read again, credited once");
    for (const r of ton.requests) assert.equal(r.key, TONCENTER_KEY);
    const jt = ton.requests.find((r) => r.path === "/api/v3/jetton/transfers")!;
    assert.equal(jt.query.get("direction"), "in");
    assert.equal(jt.query.get("jetton_master"), TON_USDT);
    await received.next("order.delivered", o.id);
    assert.deepEqual(received.typesOf(o.id), ["order.created", "order.delivered"]);
  });
});

Deno.test("shop ton: no or another comment stays unattributed; underpaid then topped up; a failing index changes nothing", async () => {
  await withChains(async ({ url, shop, ton, payTo, received, advance }) => {
    const o = await chainOrder(url, "ton:usdt");
    const payer = randomTonAddress();
    ton.transfer({ from: payer, to: payTo.ton, amount: o.price.toString(), comment: null });
    // More than one page (the watcher asks 256 rows a page).
    for (let i = 0; i < 300; i++) {
      ton.transfer({ from: payer, to: payTo.ton, amount: String(10_000 + i), comment: "hello" });
    }
    await shop.tick();
    const kept = (await shop.store.listUnattributed()).filter((u) => u.chain === TON);
    assert.equal(kept.length, 301);
    assert.ok(ton.requests.some((r) => r.query.get("offset") === "256"), "read the second page");
    ton.transfer({
      from: payer,
      to: payTo.ton,
      amount: (o.price - 1_000_000n).toString(),
      comment: o.id,
    });
    await tickUntil(shop, async () => (await view(url, o)).status === "underpaid", "underpaid");
    assert.equal((await view(url, o)).pay.amount_units, "1000000");
    await received.next("order.underpaid", o.id); // delivered before the clock moves
    advance(25 * 3600_000);
    ton.failures.push("500");
    await assert.rejects(shop.tick());
    assert.equal((await view(url, o)).status, "underpaid", "an outage expires nothing");
    ton.transfer({
      from: payer,
      to: payTo.ton,
      amount: "1000000",
      comment: ` ${o.id.toUpperCase()} `,
    });
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    await received.next("order.delivered", o.id);
    assert.deepEqual(received.typesOf(o.id), [
      "order.created",
      "order.underpaid",
      "order.delivered",
    ]);
  });
});

Deno.test("shop ton: an order expires without payment and a payment after expiry is still delivered", async () => {
  await withChains(async ({ url, shop, ton, payTo, received, advance }) => {
    const o = await chainOrder(url, "ton:usdt");
    await received.next("order.created", o.id); // delivered before the clock moves
    advance(25 * 3600_000);
    await tickUntil(shop, async () => (await view(url, o)).status === "expired", "expiry");
    ton.transfer({
      from: randomTonAddress(),
      to: payTo.ton,
      amount: o.price.toString(),
      comment: o.id,
    });
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    await received.next("order.delivered", o.id);
    assert.deepEqual(received.typesOf(o.id), ["order.created", "order.expired", "order.delivered"]);
  });
});
