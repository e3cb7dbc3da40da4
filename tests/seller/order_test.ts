/**
 * The paid order route end to end: our server (SUPPLIER=http) + the reference supplier receiver
 * as a subprocess + a local anvil chain with the EIP-3009 token at the real USDC address, paid
 * by our buyer client and by the official x402 client. Happy path and every failure exit.
 */
import assert from "node:assert/strict";
import {
  decodePaymentResponseHeader,
  ExactEvmScheme,
  wrapFetchWithPayment,
  x402Client,
} from "../support/deps.ts";
import { cheapestOffer, NODE_SECRET, postJson, startReceiver, withSeller } from "./_env.ts";
import { buyer, KEYS, makePayment, seller } from "../x402/_sign.ts";
import { payAndFetch } from "../../src/x402/client.ts";
import { decodeBase64Json, parsePaymentHeader } from "../../src/x402/encoding.ts";
import { LocalSettler } from "../../src/x402/settle_local.ts";
import type { PaymentRequired } from "../../src/x402/types.ts";
import { type Receipt, verifyReceipt } from "../../src/crypto/receipt.ts";
import { fromBase64, fromHex } from "../../src/crypto/hash.ts";
import { validate } from "../../rails/schemas.ts";
import { statusToken } from "../../rails/node/status_token.ts";
import { HttpSupplier } from "../../rails/supplier/http_client.ts";
import { DEMO_CATALOG } from "../../rails/receiver/demo_catalog.ts";
import { SUPPLIER_SECRET } from "./_env.ts";

interface Delivery {
  order_id: string;
  offer_id: string;
  status: string;
  status_token: string;
  esim?: { activation_code: string; iccid?: string; install_url?: string };
  receipt: Receipt;
}

const MAX = 100_000_000n;

async function termsOf(url: string, offerId: string): Promise<PaymentRequired> {
  const r = await postJson(`${url}/order`, { offer_id: offerId });
  assert.equal(r.status, 402, r.text);
  return decodeBase64Json(r.headers.get("payment-required")!) as PaymentRequired;
}

/** Every byte of the KV files under `dir` whose name starts with `prefix`. */
async function kvBytes(dir: string, prefix: string): Promise<string> {
  let all = "";
  for await (const e of Deno.readDir(dir)) {
    if (e.isFile && e.name.startsWith(prefix)) {
      all += new TextDecoder("latin1").decode(await Deno.readFile(`${dir}/${e.name}`));
    }
  }
  return all;
}

Deno.test("order: quote → 402 terms → paid order → delivery with eSIM and receipt → status with the token", async () => {
  await withSeller(async ({ url, chain, sink, logs, server, dir }) => {
    const offer = await cheapestOffer(url, "US");
    const terms = await termsOf(url, offer.offer_id);
    assert.equal(terms.x402Version, 2);
    const a = terms.accepts[0]!;
    assert.deepEqual([a.scheme, a.network, a.asset, a.payTo], [
      "exact",
      "eip155:8453",
      "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      seller.address,
    ]);
    assert.equal(a.amount, String(Number(offer.price_usd.replace(".", "")) * 10_000));

    const before = await chain.balanceOf(seller.address);
    const call = await payAndFetch(`${url}/order`, { offer_id: offer.offer_id }, buyer, {
      maxAtomic: MAX,
    });
    assert.equal(call.status, 200, JSON.stringify(call.body));
    const d = call.body as Delivery;
    assert.ok(validate("delivery", d).ok, JSON.stringify(validate("delivery", d)));
    assert.equal(d.status, "delivered");
    assert.equal(d.offer_id, offer.offer_id);
    assert.match(d.esim!.activation_code, /^LPA:1\$/);
    assert.equal(d.status_token, statusToken(NODE_SECRET, d.order_id));
    assert.equal(call.settlement?.success, true);
    assert.equal(await chain.balanceOf(seller.address) - before, BigInt(a.amount));

    const listing = await (await fetch(`${url}/listing.json`)).json();
    assert.ok(verifyReceipt(fromBase64(listing.public_key.key), d.receipt));
    assert.equal(d.receipt.capability_id, "esim.order@v1");
    assert.equal(d.receipt.payment.amount, a.amount);
    assert.equal(d.receipt.payment.transaction, call.settlement?.transaction);

    const st = await postJson(`${url}/status`, { order_id: d.order_id, token: d.status_token });
    assert.equal(st.status, 200, st.text);
    const result = st.body.result as { status: string; esim: { activation_code: string } };
    assert.ok(validate("status-result", result).ok);
    assert.equal(result.status, "delivered");
    assert.equal(result.esim.activation_code, d.esim!.activation_code);
    assert.ok(st.headers.get("x-provider-signature"));

    const wrong = await postJson(`${url}/status`, { order_id: d.order_id, token: "A".repeat(43) });
    assert.equal(wrong.status, 404);
    assert.equal((wrong.body.error as { code: string }).code, "not_found");

    assert.deepEqual(sink.events.map((e) => e.type), ["agent_order.delivered"]);
    const ev = sink.events[0]!.data;
    assert.equal(ev.order_id, d.order_id);
    assert.equal(ev.status, "delivered");
    assert.equal(ev.method, "x402");
    assert.equal(ev.price_usd, offer.price_usd);
    assert.equal(ev.error, null);
    assert.deepEqual(ev.payment, {
      ref: call.settlement?.transaction,
      payer: buyer.address,
      units: a.amount,
    });
    assert.match(String(ev.esim_tran_no), /.+/);

    // Nothing the node keeps or says holds the activation code, install link or token.
    await server[Symbol.asyncDispose]();
    const secrets = [d.esim!.activation_code.split("$").at(-1)!, d.status_token];
    const kv = await kvBytes(dir, "node.kv");
    assert.ok(kv.length > 0, "the KV file was written");
    for (const s of secrets) {
      assert.ok(!kv.includes(s), "KV file holds a secret");
      assert.ok(!logs.join("\n").includes(s), "logs hold a secret");
      assert.ok(!JSON.stringify(sink.events).includes(s), "events hold a secret");
    }
  }, { env: { KV_PATH: "" } });
});

Deno.test("order: the official x402 client (@x402/fetch + @x402/evm) buys an eSIM", async () => {
  await withSeller(async ({ url, chain }) => {
    const offer = await cheapestOffer(url, "GB");
    // eSIMs cost more than the client's default $1 cap: raise it to $10 for this purchase.
    const client = x402Client.fromConfig({
      schemes: [{ network: "eip155:8453", client: new ExactEvmScheme(buyer) }],
      spendControls: { maxAmountPerPayment: "$10" },
    });
    const pay = wrapFetchWithPayment(fetch, client);
    const res = await pay(`${url}/order`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ offer_id: offer.offer_id }),
    });
    assert.equal(res.status, 200);
    const d = await res.json() as Delivery;
    assert.equal(d.status, "delivered");
    assert.match(d.esim!.activation_code, /^LPA:1\$/);
    const settle = decodePaymentResponseHeader(res.headers.get("PAYMENT-RESPONSE")!);
    assert.equal(settle.success, true);
    assert.equal(settle.payer, buyer.address);
    assert.equal(await chain.transfersTo(seller.address), 1);
  });
});

Deno.test("order: a price changed at the supplier is refused with 409 price_changed and not charged", async () => {
  const dir = await Deno.makeTempDir({ prefix: "esim-price-" });
  const rxKv = `${dir}/rx.kv`;
  let second: Awaited<ReturnType<typeof startReceiver>> | undefined;
  try {
    await withSeller(async ({ url, chain, receiver, sink }) => {
      const offer = await cheapestOffer(url, "US");
      const terms = await termsOf(url, offer.offer_id); // the node now caches the old price
      const port = new URL(receiver.url).port;
      await receiver.stop();
      // The operator raises the cost of that plan and restarts on the same address.
      const raised = DEMO_CATALOG.map((p) =>
        p.id === offer.plan_id ? { ...p, costUsd: p.costUsd + 0.4 } : p
      );
      second = await startReceiver({ dir, catalog: raised, port: Number(port), kvPath: rxKv });
      const before = await chain.balanceOf(buyer.address);
      const p = await makePayment({ requirements: terms.accepts[0]! });
      const r = await postJson(`${url}/order`, { offer_id: offer.offer_id }, {
        "PAYMENT-SIGNATURE": p.header,
      });
      assert.equal(r.status, 409, r.text);
      assert.equal((r.body.error as { code: string }).code, "price_changed");
      assert.equal(await chain.balanceOf(buyer.address), before, "not charged");
      assert.equal(await chain.transfersTo(seller.address), 0);
      assert.deepEqual(sink.events, []);
      // The cache was dropped: the old offer is now unknown, the new price is quoted.
      const old = await postJson(`${url}/order`, { offer_id: offer.offer_id });
      assert.equal(old.status, 400);
      assert.equal((old.body.error as { field: string }).field, "offer_id");
      const fresh = await cheapestOffer(url, "US");
      assert.notEqual(fresh.offer_id, offer.offer_id);
    }, { env: { CATALOG_CACHE_SECONDS: "3600" } });
  } finally {
    await second?.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});

Deno.test("order: a supplier that is down is 503 supplier_unavailable and not charged; the payment stays usable", async () => {
  await withSeller(async ({ url, chain, receiver, dir }) => {
    const offer = await cheapestOffer(url, "FR");
    const terms = await termsOf(url, offer.offer_id);
    const port = Number(new URL(receiver.url).port);
    await receiver.stop();
    const p = await makePayment({ requirements: terms.accepts[0]! });
    const before = await chain.balanceOf(buyer.address);
    const r = await postJson(`${url}/order`, { offer_id: offer.offer_id }, {
      "PAYMENT-SIGNATURE": p.header,
    });
    assert.equal(r.status, 503, r.text);
    assert.equal((r.body.error as { code: string }).code, "supplier_unavailable");
    assert.equal(await chain.balanceOf(buyer.address), before, "not charged");
    // Nothing was kept of that payment: once the supplier is back, the same payment buys.
    await using _back = await startReceiver({ dir, port });
    const again = await postJson(`${url}/order`, { offer_id: offer.offer_id }, {
      "PAYMENT-SIGNATURE": p.header,
    });
    assert.equal(again.status, 200, again.text);
    assert.equal(await chain.transfersTo(seller.address), 1);
  }, { env: { CATALOG_CACHE_SECONDS: "3600" } });
});

Deno.test("order: a payment that fails to settle cancels the eSIM at the supplier, emits agent_order.cancelled and withholds it", async () => {
  // The buyer holds exactly one price and sends two orders at once: both pass the pre-check
  // (the balance is there), the supplier takes its time, the first settlement spends the
  // balance and the second cannot settle.
  await withSeller(async ({ url, chain, sink, receiver }) => {
    const offer = await cheapestOffer(url, "US");
    const price = BigInt((await termsOf(url, offer.offer_id)).accepts[0]!.amount);
    await chain.mint(buyer.address, price);
    const calls = await Promise.all(
      [1, 2].map(() =>
        payAndFetch(`${url}/order`, { offer_id: offer.offer_id }, buyer, { maxAtomic: MAX })
      ),
    );
    assert.deepEqual(calls.map((c) => c.status).sort(), [200, 402], JSON.stringify(calls));
    const call = calls.find((c) => c.status === 402)!;
    const err = (call.body as { error: { code: string; order_id: string } }).error;
    assert.equal(err.code, "settlement_failed");
    assert.equal(call.settlement?.success, false);
    assert.ok(!JSON.stringify(call.body).includes("LPA:"), "the eSIM is withheld");
    assert.equal(await chain.transfersTo(seller.address), 1, "only the first order paid");
    const cancelled = sink.events.filter((e) => e.type === "agent_order.cancelled");
    assert.equal(cancelled.length, 1);
    const ev = cancelled[0]!.data;
    assert.equal(ev.status, "cancelled");
    assert.equal(ev.order_id, err.order_id);
    assert.match(String(ev.error), /settled/);
    const supplier = new HttpSupplier({ url: receiver.url, secret: SUPPLIER_SECRET });
    const [profile] = await supplier.profiles({ orderRef: String(ev.esim_tran_no) });
    assert.equal(profile!.state, "cancelled");
    const st = await postJson(`${url}/status`, {
      order_id: err.order_id,
      token: statusToken(NODE_SECRET, err.order_id),
    });
    assert.equal((st.body.result as { status: string; esim?: unknown }).status, "cancelled");
    assert.equal((st.body.result as { esim?: unknown }).esim, undefined);
  }, { fund: 0n, delayMs: 1500 });
});

Deno.test("order: a replayed payment is 402 payment_replayed and buys nothing more", async () => {
  await withSeller(async ({ url, chain, sink }) => {
    const offer = await cheapestOffer(url, "DE");
    const terms = await termsOf(url, offer.offer_id);
    const p = await makePayment({ requirements: terms.accepts[0]! });
    const h = { "PAYMENT-SIGNATURE": p.header };
    const first = await postJson(`${url}/order`, { offer_id: offer.offer_id }, h);
    assert.equal(first.status, 200, first.text);
    const again = await postJson(`${url}/order`, { offer_id: offer.offer_id }, h);
    assert.equal(again.status, 402);
    assert.equal((again.body.error as { code: string }).code, "payment_replayed");
    assert.ok(!again.text.includes("LPA:"));
    assert.equal(await chain.transfersTo(seller.address), 1);
    assert.equal(sink.events.length, 1);
  });
});

Deno.test("order: concurrent orders with one payment deliver exactly once, with one transfer", async () => {
  await withSeller(async ({ url, chain, sink }) => {
    const offer = await cheapestOffer(url, "JP");
    const terms = await termsOf(url, offer.offer_id);
    const p = await makePayment({ requirements: terms.accepts[0]! });
    const answers = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          postJson(`${url}/order`, { offer_id: offer.offer_id }, { "PAYMENT-SIGNATURE": p.header }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [200, 402, 402, 402, 402, 402]);
    for (const a of answers.filter((a) => a.status === 402)) {
      assert.equal((a.body.error as { code: string }).code, "payment_replayed");
    }
    assert.equal(await chain.transfersTo(seller.address), 1);
    assert.deepEqual(sink.events.map((e) => e.type), ["agent_order.delivered"]);
  });
});

Deno.test("order: a payment signed for a cheaper offer does not buy a dearer one (402 payment_invalid)", async () => {
  await withSeller(async ({ url, chain }) => {
    const q = await postJson(`${url}/quote`, { country: "US" });
    const offers = (q.body.result as { offers: { offer_id: string }[] }).offers;
    const cheap = await termsOf(url, offers[0]!.offer_id);
    const p = await makePayment({ requirements: cheap.accepts[0]! });
    const r = await postJson(`${url}/order`, { offer_id: offers.at(-1)!.offer_id }, {
      "PAYMENT-SIGNATURE": p.header,
    });
    assert.equal(r.status, 402);
    assert.equal((r.body.error as { code: string }).code, "payment_invalid");
    assert.equal(await chain.transfersTo(seller.address), 0);
  });
});

Deno.test("order: an unreadable payment header is 402 payment_invalid naming the problem", async () => {
  await withSeller(async ({ url }) => {
    const offer = await cheapestOffer(url, "US");
    const r = await postJson(`${url}/order`, { offer_id: offer.offer_id }, {
      "PAYMENT-SIGNATURE": "not base64 json",
    });
    assert.equal(r.status, 402);
    assert.equal((r.body.error as { code: string }).code, "payment_invalid");
    assert.ok(r.headers.get("payment-required"));
  });
});

Deno.test("order: an eSIM slower than ORDER_WAIT_SECONDS is answered 202 pending, then settled and delivered in the background", async () => {
  await withSeller(async ({ url, chain, sink }) => {
    const offer = await cheapestOffer(url, "US");
    const call = await payAndFetch(`${url}/order`, { offer_id: offer.offer_id }, buyer, {
      maxAtomic: MAX,
    });
    assert.equal(call.status, 202, JSON.stringify(call.body));
    const d = call.body as Delivery;
    assert.ok(validate("delivery", d).ok);
    assert.equal(d.status, "pending");
    assert.equal(d.esim, undefined);
    assert.equal(d.receipt.payment.transaction, "", "not settled yet");
    assert.equal(await chain.transfersTo(seller.address), 0, "settled only when the eSIM is ready");
    const ev = await sink.next("agent_order.delivered");
    assert.equal(ev.order_id, d.order_id);
    const st = await postJson(`${url}/status`, { order_id: d.order_id, token: d.status_token });
    const result = st.body.result as { status: string; esim: { activation_code: string } };
    assert.equal(result.status, "delivered");
    assert.match(result.esim.activation_code, /^LPA:1\$/);
    assert.equal(await chain.transfersTo(seller.address), 1);
  }, { delayMs: 2500, env: { ORDER_WAIT_SECONDS: "1" } });
});

Deno.test("order: a payment resent while its order's settlement is pending starts no second order", async () => {
  await withSeller(async ({ url, chain, sink, server }) => {
    const offer = await cheapestOffer(url, "GB");
    const terms = await termsOf(url, offer.offer_id);
    const requirements = terms.accepts[0]!;
    const p = await makePayment({ requirements });
    // The first order's settlement went out and landed, but the node still holds it as pending
    // (a receipt that did not come in time); the order itself carries on in the background.
    const claims = server.server.services.paywall.claims;
    const a = p.authorization;
    const c = await claims.claim(
      { from: a.from, nonce: a.nonce, validBefore: a.validBefore, service: "order" },
      Date.now(),
    );
    assert.ok(c.ok);
    const settler = new LocalSettler({
      privateKey: fromHex(KEYS.facilitator),
      rpcUrl: chain.rpcUrl,
    });
    const landed = await settler.settle({ payment: parsePaymentHeader(p.header), requirements });
    assert.ok(landed.success);
    assert.ok(await claims.transition(c.claim, "settling", landed.transaction));

    const again = await postJson(`${url}/order`, { offer_id: offer.offer_id }, {
      "PAYMENT-SIGNATURE": p.header,
    });
    assert.equal(again.status, 402, again.text);
    assert.equal((again.body.error as { code: string }).code, "payment_replayed");
    assert.ok(!again.text.includes("LPA:"), "no second eSIM");
    assert.deepEqual(await server.server.services.node.orders.openIds(), []);
    assert.equal(sink.events.length, 0);
    assert.equal(await chain.transfersTo(seller.address), 1);
    assert.equal((await claims.get(a.from, a.nonce))?.record.state, "settling");
  });
});

Deno.test("order: a settlement still pending after the answer is finished when the buyer asks POST /status", async () => {
  await withSeller(async ({ url, chain, sink, server }) => {
    // Receipts that do not come in time: the settlement stays pending while blocks are held back.
    server.server.services.paywall.settler = new LocalSettler({
      privateKey: fromHex(KEYS.facilitator),
      rpcUrl: chain.rpcUrl,
      pollingIntervalMs: 50,
      receiptTimeoutMs: 300,
    });
    const offer = await cheapestOffer(url, "FR");
    const terms = await termsOf(url, offer.offer_id);
    const p = await makePayment({ requirements: terms.accepts[0]! });
    await chain.rpc("evm_setAutomine", [false]);
    const first = await postJson(`${url}/order`, { offer_id: offer.offer_id }, {
      "PAYMENT-SIGNATURE": p.header,
    });
    assert.equal(first.status, 202, first.text);
    const d = first.body as unknown as Delivery;
    assert.equal(d.esim, undefined);
    // Let the background step (one more look at the pending settlement) end.
    await server.server.services.node.flow.idle();
    const ask = () => postJson(`${url}/status`, { order_id: d.order_id, token: d.status_token });
    const before = await ask();
    assert.equal((before.body.result as { status: string }).status, "profile_ready");
    assert.equal((before.body.result as { esim?: unknown }).esim, undefined, "not paid yet");

    await chain.rpc("evm_mine", []);
    const after = await ask();
    assert.equal(after.status, 200, after.text);
    const result = after.body.result as { status: string; esim?: { activation_code: string } };
    assert.equal(result.status, "delivered");
    assert.match(result.esim!.activation_code, /^LPA:1\$/);
    assert.equal(await chain.transfersTo(seller.address), 1);
    assert.deepEqual(sink.events.map((e) => e.type), ["agent_order.delivered"]);
  });
});
