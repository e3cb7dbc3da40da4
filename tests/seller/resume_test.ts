/**
 * Crash safety: `serve` runs as a child process and is stopped at a named step of an order by
 * the test hook `ESIM_RAILS_TEST_EXIT_AT` (inert in production). A new process on the same KV
 * file resumes the order: one supplier order (the same transaction id), one settlement, the
 * order delivered, and no activation code in the KV file or in anything either process printed.
 */
import assert from "node:assert/strict";
import { startChain } from "../support/chain.ts";
import { buyer, makePayment, seller } from "../x402/_sign.ts";
import { decodeBase64Json } from "../../src/x402/encoding.ts";
import type { PaymentRequired } from "../../src/x402/types.ts";
import { Store } from "../../src/store/kv.ts";
import { statusToken } from "../../rails/node/status_token.ts";
import { NODE_SECRET, nodeEnv, postJson, startReceiver } from "./_env.ts";
import { spawnServeProcess } from "./_serve.ts";

async function kvText(dir: string, prefix: string): Promise<string> {
  let all = "";
  for await (const e of Deno.readDir(dir)) {
    if (e.isFile && e.name.startsWith(prefix)) {
      all += new TextDecoder("latin1").decode(await Deno.readFile(`${dir}/${e.name}`));
    }
  }
  return all;
}

const STEPS = [
  "payment_verified",
  "after_supplier_order", // the supplier has the order, the node has not written it down
  "supplier_ordered",
  "profile_ready",
  "settled",
];

for (const step of STEPS) {
  Deno.test(`a node killed at '${step}' resumes the order on restart: one supplier order, one settlement, delivered`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "esim-resume-" });
    const chain = await startChain();
    const receiver = await startReceiver({ dir, kvPath: `${dir}/rx.kv`, delayMs: 300 });
    const procs: { stop(): Promise<number>; output(): string }[] = [];
    try {
      await chain.mint(buyer.address, 100_000_000n);
      const env = {
        ...await nodeEnv(dir, receiver.url, chain),
        KV_PATH: `${dir}/node.kv`,
        DATA_DIR: dir,
      };
      const first = await spawnServeProcess({ ...env, ESIM_RAILS_TEST_EXIT_AT: step });
      procs.push(first);
      const q = await postJson(`${first.url}/quote`, { country: "US" });
      const offer = (q.body.result as { offers: { offer_id: string }[] }).offers[0]!;
      const unpaid = await postJson(`${first.url}/order`, { offer_id: offer.offer_id });
      const terms = decodeBase64Json(unpaid.headers.get("payment-required")!) as PaymentRequired;
      const p = await makePayment({ requirements: terms.accepts[0]! });
      // The request dies with the process.
      const dying = fetch(`${first.url}/order`, {
        method: "POST",
        headers: { "content-type": "application/json", "PAYMENT-SIGNATURE": p.header },
        body: JSON.stringify({ offer_id: offer.offer_id }),
      }).then((r) => r.text()).catch(() => "connection lost");
      const line = await first.waitForLine(new RegExp(`order (ord_[\\w-]+): ${step}$`));
      const orderId = line.match(/order (ord_[\w-]+)/)![1]!;
      assert.equal(await first.exited, 86, "the test hook stopped the process");
      assert.equal(await dying, "connection lost");
      const settledBefore = await chain.transfersTo(seller.address);
      assert.equal(settledBefore, step === "settled" ? 1 : 0);

      const second = await spawnServeProcess(env);
      procs.push(second);
      await second.waitForLine(new RegExp(`order ${orderId}: delivered$`));
      const st = await postJson(`${second.url}/status`, {
        order_id: orderId,
        token: statusToken(NODE_SECRET, orderId),
      });
      assert.equal(st.status, 200, st.text);
      const result = st.body.result as { status: string; esim: { activation_code: string } };
      assert.equal(result.status, "delivered");
      assert.match(result.esim.activation_code, /^LPA:1\$/);
      assert.equal(await chain.transfersTo(seller.address), 1, "settled exactly once");
      assert.equal(
        await chain.balanceOf(seller.address),
        BigInt(terms.accepts[0]!.amount),
      );
      await second.stop();

      // Exactly one order at the supplier, under the node's order id.
      await receiver.stop();
      const rx = await Store.open(`${dir}/rx.kv`);
      try {
        const orders = [];
        for await (const e of rx.list(["supplier", "order"])) orders.push(e.key);
        assert.deepEqual(orders, [["supplier", "order", orderId]]);
        const profiles = [];
        for await (const e of rx.list(["supplier", "profile"])) profiles.push(e.key);
        assert.equal(profiles.length, 1, "one eSIM made");
      } finally {
        rx.close();
      }

      // Nothing the node wrote or printed holds the activation code or the token.
      const secretPart = result.esim.activation_code.split("$").at(-1)!;
      const token = statusToken(NODE_SECRET, orderId);
      const kv = await kvText(dir, "node.kv");
      assert.ok(kv.includes(orderId), "the KV file holds the order");
      const printed = procs.map((x) => x.output()).join("\n");
      for (const s of [secretPart, token]) {
        assert.ok(!kv.includes(s), "KV file holds a secret");
        assert.ok(!printed.includes(s), "output holds a secret");
      }
    } finally {
      for (const x of procs) await x.stop();
      await receiver.stop();
      await chain.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  });
}

Deno.test("a node stopped (SIGTERM) while waiting for an eSIM answers 202 pending, exits promptly, and delivers after restart", async () => {
  const dir = await Deno.makeTempDir({ prefix: "esim-resume-" });
  const chain = await startChain();
  const receiver = await startReceiver({ dir, kvPath: `${dir}/rx.kv`, delayMs: 4000 });
  const procs: { stop(): Promise<number>; output(): string }[] = [];
  try {
    await chain.mint(buyer.address, 100_000_000n);
    const env = {
      ...await nodeEnv(dir, receiver.url, chain),
      KV_PATH: `${dir}/node.kv`,
      DATA_DIR: dir,
      ORDER_WAIT_SECONDS: "60",
    };
    const first = await spawnServeProcess(env);
    procs.push(first);
    const q = await postJson(`${first.url}/quote`, { country: "GB" });
    const offer = (q.body.result as { offers: { offer_id: string }[] }).offers[0]!;
    const unpaid = await postJson(`${first.url}/order`, { offer_id: offer.offer_id });
    const terms = decodeBase64Json(unpaid.headers.get("payment-required")!) as PaymentRequired;
    const p = await makePayment({ requirements: terms.accepts[0]! });
    const answer = postJson(`${first.url}/order`, { offer_id: offer.offer_id }, {
      "PAYMENT-SIGNATURE": p.header,
    });
    const line = await first.waitForLine(/order (ord_[\w-]+): supplier_ordered$/);
    const orderId = line.match(/order (ord_[\w-]+)/)![1]!;
    assert.equal(await first.stop(), 0, "a clean exit");
    const pending = await answer;
    assert.equal(pending.status, 202, pending.text);
    assert.equal(pending.body.status, "pending");
    assert.equal(pending.body.order_id, orderId);
    assert.equal(await chain.transfersTo(seller.address), 0, "nothing settled before the eSIM");

    const second = await spawnServeProcess(env);
    procs.push(second);
    await second.waitForLine(new RegExp(`order ${orderId}: delivered$`));
    const st = await postJson(`${second.url}/status`, {
      order_id: orderId,
      token: pending.body.status_token as string,
    });
    assert.equal((st.body.result as { status: string }).status, "delivered");
    assert.equal(await chain.transfersTo(seller.address), 1);
  } finally {
    for (const x of procs) await x.stop();
    await receiver.stop();
    await chain.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
