/**
 * Plain USDC transfers on a real anvil chain, attributed by unique amount and credited by the
 * EVM watcher at finality (`safe`): attribution, unique amounts, a reorganisation, underpaid
 * with a top-up, paid after expiry, and every event exactly once at the reference receiver.
 */
import assert from "node:assert/strict";
import { buyer, other, seller } from "../x402/_sign.ts";
import { createOrder, mine, tickUntil, transfer, view, withShop } from "./_env.ts";

Deno.test("shop watcher: a plain transfer of the unique amount is attributed, credited at finality and delivered", async () => {
  await withShop(async ({ url, chain, shop, received }) => {
    const o = await createOrder(url);
    await transfer(chain, buyer, seller.address, o.amount);
    await shop.tick();
    let v = await view(url, o);
    assert.equal(v.status, "awaiting_payment", "seen, not final: not paid yet");
    assert.deepEqual(v.payments.map((p) => [p.units, p.final]), [[o.amount.toString(), false]]);
    await mine(chain, 40);
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    v = await view(url, o);
    assert.match(v.esim!.activation_code, /^LPA:1\$/);
    assert.equal(v.paid_units, o.amount.toString());
    await received.next("order.delivered", o.id);
    assert.deepEqual(received.typesOf(o.id), ["order.created", "order.delivered"]);
    assert.equal(received.duplicates, 0);
  });
});

Deno.test("shop watcher: open orders never share an amount; a transfer matching none is kept unattributed", async () => {
  await withShop(async ({ url, chain, shop }) => {
    const orders = [];
    for (let i = 0; i < 40; i++) orders.push(await createOrder(url));
    const amounts = new Set(orders.map((o) => o.amount));
    assert.equal(amounts.size, orders.length);
    // A transfer of the plain price (offset 0) from a stranger belongs to nobody.
    await transfer(chain, other, seller.address, orders[0]!.price);
    await shop.tick();
    const kept = await shop.store.listUnattributed();
    assert.equal(kept.length, 1);
    assert.equal(kept[0]!.units, orders[0]!.price.toString());
    assert.equal(kept[0]!.payer, other.address.toLowerCase());
    for (const o of orders.slice(0, 3)) assert.equal((await view(url, o)).payments.length, 0);
  });
});

Deno.test("shop watcher: a reorg drops a payment before delivery and the re-mined one is credited once", async () => {
  await withShop(async ({ url, chain, shop, received }) => {
    const o = await createOrder(url);
    const snapshot = await chain.rpc("evm_snapshot", []);
    await transfer(chain, buyer, seller.address, o.amount);
    await shop.tick();
    assert.equal((await view(url, o)).payments.length, 1);
    // The block with the payment is replaced by a longer chain without it.
    await chain.rpc("evm_revert", [snapshot]);
    await mine(chain, 3);
    await shop.tick();
    let v = await view(url, o);
    assert.equal(v.payments.length, 0, "dropped");
    assert.equal(v.status, "awaiting_payment");
    // The payment lands again in another block.
    await transfer(chain, buyer, seller.address, o.amount);
    await shop.tick();
    await shop.tick();
    assert.equal((await view(url, o)).payments.length, 1);
    await mine(chain, 40);
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    v = await view(url, o);
    assert.equal(v.payments.length, 1);
    assert.equal(v.paid_units, o.amount.toString(), "credited once");
    await received.next("order.delivered", o.id);
    assert.deepEqual(received.typesOf(o.id), ["order.created", "order.delivered"]);
  });
});

Deno.test("shop watcher: a partial payment makes the order underpaid (event once), a top-up completes it", async () => {
  await withShop(async ({ url, chain, shop, received }) => {
    const o = await createOrder(url);
    const offset = o.amount - o.price;
    const part = (o.price / 2n / 10_000n) * 10_000n + offset; // ends in the offset, below due
    await transfer(chain, buyer, seller.address, part);
    await shop.tick();
    await mine(chain, 40);
    await tickUntil(shop, async () => (await view(url, o)).status === "underpaid", "underpaid");
    const v = await view(url, o);
    const rest = o.amount - part;
    assert.equal(v.due_units, rest.toString());
    assert.equal(v.pay.amount_units, rest.toString(), "the pay object restates what is due");
    const ev = await received.next("order.underpaid", o.id);
    assert.deepEqual(ev.data.payment, {
      ref: v.payments[0]!.ref,
      payer: buyer.address.toLowerCase(),
      units: part.toString(),
    });
    // The rest (a round amount: attributed because this payer already paid part).
    await transfer(chain, buyer, seller.address, rest);
    await shop.tick();
    await mine(chain, 40);
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    assert.equal((await view(url, o)).paid_units, o.amount.toString());
    await received.next("order.delivered", o.id);
    assert.deepEqual(received.typesOf(o.id), [
      "order.created",
      "order.underpaid",
      "order.delivered",
    ]);
    const delivered = received.events.find((e) => e.type === "order.delivered")!;
    assert.equal((delivered.data.payment as { units: string }).units, o.amount.toString());
  });
});

Deno.test("shop watcher: an order expires after 24 h, and a payment after expiry is still delivered", async () => {
  await withShop(async ({ url, chain, shop, received, advance }) => {
    const o = await createOrder(url);
    advance(23 * 3600_000);
    await shop.tick();
    assert.equal((await view(url, o)).status, "awaiting_payment");
    advance(2 * 3600_000);
    await shop.tick();
    assert.equal((await view(url, o)).status, "expired");
    await received.next("order.expired", o.id);
    await transfer(chain, buyer, seller.address, o.amount);
    await shop.tick();
    await mine(chain, 40);
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    await received.next("order.delivered", o.id);
    assert.deepEqual(received.typesOf(o.id), [
      "order.created",
      "order.expired",
      "order.delivered",
    ]);
  });
});

Deno.test("shop watcher: an RPC that fails never expires an order", async () => {
  await withShop(async ({ url, chain, shop, advance }) => {
    const o = await createOrder(url);
    await shop.tick();
    await chain.stop(); // the RPC is gone
    advance(25 * 3600_000);
    await assert.rejects(() => shop.tick());
    assert.equal((await view(url, o)).status, "awaiting_payment");
  });
});
