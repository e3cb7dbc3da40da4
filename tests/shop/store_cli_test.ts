/**
 * The Deno KV backend of the storefront store (atomic offset reservation, credit keys) and the
 * operator's `esim-rails orders` command over a real KV file.
 */
import assert from "node:assert/strict";
import { Store } from "../../src/store/kv.ts";
import { KvShopStore } from "../../src/store/kv/shop.ts";
import { OrderStore } from "../../src/node/order_store.ts";
import { shopOrder } from "./_order.ts";
import type { OrderRecord } from "../../rails/node/order_state.ts";
import { runCli } from "../support/process.ts";

Deno.test("shop store: two open orders can never hold the same offset; a credited payment key belongs to one order", async () => {
  const store = await Store.open(":memory:");
  try {
    const shop = new KvShopStore(store);
    const until = Date.now() + 3600_000;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => shop.create(shopOrder(`sho_${i}`, 42), until)),
    );
    assert.equal(results.filter((r) => typeof r === "object").length, 1, "one winner");
    assert.equal(results.filter((r) => r === "offset_taken").length, 7);
    const winner = results.find((r) => typeof r === "object")!;
    assert.equal(await shop.orderByOffset("eip155:8453", 42, Date.now()), winner.order.order_id);
    // Another chain has its own offsets.
    assert.equal(
      typeof await shop.create(shopOrder("sho_other_chain", 42, { chain: "eip155:1" }), until),
      "object",
    );
    // A payment key credited to one order cannot be credited to another.
    const a = (await shop.get(winner.order.order_id))!;
    assert.ok(await shop.put(a, a.order, { credit: ["8453:0xabc:0"] }));
    const b = (await shop.get("sho_other_chain"))!;
    assert.equal(await shop.put(b, b.order, { credit: ["8453:0xabc:0"] }), null);
    assert.equal(await shop.creditedTo("8453:0xabc:0"), winner.order.order_id);
  } finally {
    store.close();
  }
});

Deno.test("esim-rails orders: lists people's and agents' orders with what needs a human, filters by status, --json", async () => {
  const dir = await Deno.makeTempDir({ prefix: "esim-orders-cli-" });
  try {
    const path = `${dir}/esim-rails.kv`;
    const store = await Store.open(path);
    const shop = new KvShopStore(store);
    const until = Date.now() + 3600_000;
    const pay = {
      key: "8453:0xfeed:1",
      ref: "0xfeed",
      payer: "0x1111111111111111111111111111111111111111",
      units: "2300001",
      chain: "eip155:8453",
      block: 10,
      block_hash: "0xbb",
      final: true,
      via: "transfer" as const,
    };
    await shop.create(
      shopOrder("sho_refund", 1, {
        state: "refund_due",
        payments: [pay],
        error: { code: "price_changed", message: "supplier refused" },
      }),
      until,
    );
    await shop.create(shopOrder("sho_open", 2), until);
    await shop.addUnattributed({
      key: "8453:0xdead:0",
      chain: "eip155:8453",
      ref: "0xdead",
      payer: "0x2222222222222222222222222222222222222222",
      units: "5000000",
      block: 11,
      seen_at: new Date().toISOString(),
      reason: "no open order asks for this amount",
    });
    const agent: OrderRecord = {
      order_id: "ord_agent1",
      state: "delivered",
      offer_id: "off_y",
      plan_id: "p2",
      offer_name: "Agent plan",
      price_usd: "3.00",
      price_atomic: "3000000",
      cost_usd: 2,
      created_at: new Date(Date.now() - 1000).toISOString(),
      updated_at: new Date().toISOString(),
      input_sha256: "00",
      payment: {
        payer: "0x3333333333333333333333333333333333333333",
        raw: {},
        requirements: {},
        transaction: "0xabc",
      },
    } as OrderRecord;
    await new OrderStore(store).create(agent);
    store.close();

    const table = await runCli(["orders", "--kv-path", path]);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /shop\s+refund_due .*sho_refund/);
    assert.match(table.stdout, /needs a human: refund 2\.300001 USDC to 0x1111/);
    assert.match(table.stdout, /agent\s+delivered .*ord_agent1/);
    assert.match(table.stdout, /unattributed transfer of 5\.00 USDC from 0x2222/);
    assert.match(table.stdout, /3 order\(s\); 2 need a human\./);

    const json = await runCli(["orders", "--kv-path", path, "--json", "--status", "refund_due"]);
    assert.equal(json.code, 0, json.stderr);
    const lines = json.stdout.trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((l) => [l.kind, l.order_id, l.status]), [
      ["shop", "sho_refund", "refund_due"],
    ]);
    assert.equal(lines[0].paid_units, "2300001");

    const human = await runCli(["orders", "--kv-path", path, "--json", "--needs-human"]);
    const kinds = human.stdout.trim().split("\n").map((l) => JSON.parse(l).kind);
    assert.deepEqual(kinds, ["shop", "unattributed"]);

    const bad = await runCli(["orders", "--kv-path", path, "--status", "Nope!"]);
    assert.equal(bad.code, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
