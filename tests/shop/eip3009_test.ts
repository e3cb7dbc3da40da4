/**
 * The signed (EIP-3009) payment path through the JSON API on a real anvil chain: create → the
 * buyer signs `pay.eip3009` → the shop settles it → the watcher credits it at finality → the
 * supplier delivers → the eSIM is fetched on view. Refusals charge nothing.
 */
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from "../../src/x402/constants.ts";
import assert from "node:assert/strict";
import { buyer, other, seller } from "../x402/_sign.ts";
import { api, firstOffer, mine, tickUntil, withShop } from "./_env.ts";

interface PayBody {
  method: string;
  chain: string;
  address: string;
  asset: string;
  amount_units: string;
  uri: string;
  qr_svg: string;
  eip3009: {
    domain: { name: string; version: string; chainId: number; verifyingContract: `0x${string}` };
    to: `0x${string}`;
    value: string;
    validAfter: string;
    validBefore: string;
    nonce: `0x${string}`;
  };
}

async function sign(pay: PayBody, account = buyer) {
  const e = pay.eip3009;
  const authorization = {
    from: account.address,
    to: e.to,
    value: e.value,
    validAfter: e.validAfter,
    validBefore: e.validBefore,
    nonce: e.nonce,
  };
  const signature = await account.signTypedData({
    domain: e.domain,
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: "TransferWithAuthorization",
    message: {
      ...authorization,
      value: BigInt(e.value),
      validAfter: BigInt(e.validAfter),
      validBefore: BigInt(e.validBefore),
    },
  });
  return { authorization, signature };
}

Deno.test("shop: EIP-3009 order is created (201), settled, credited at finality and delivered with the eSIM", async () => {
  await withShop(async ({ url, chain, shop, received }) => {
    const offer = await firstOffer(url, "US");
    const created = await api(`${url}/shop/api/orders`, {
      body: { offer_id: offer.offer_id, method: "evm:8453:usdc" },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.order_id as string;
    const token = created.body.status_token as string;
    const pay = created.body.pay as PayBody;
    const price = BigInt(offer.price_usd.replace(".", "")) * 10_000n;
    assert.equal(created.body.status, "awaiting_payment");
    assert.equal(pay.chain, "eip155:8453");
    assert.equal(pay.asset, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    assert.equal(pay.address, seller.address);
    const offset = BigInt(pay.amount_units) - price;
    assert.ok(offset >= 1n && offset <= 9999n, `offset ${offset}`);
    assert.equal(
      pay.uri,
      `ethereum:${pay.asset}@8453/transfer?address=${seller.address}&uint256=${pay.amount_units}`,
    );
    assert.match(pay.qr_svg, /^<svg /);
    assert.equal(pay.eip3009.value, price.toString());
    assert.deepEqual(pay.eip3009.domain, {
      name: "USD Coin",
      version: "2",
      chainId: 8453,
      verifyingContract: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    });

    // A wrong token is a 404, like an unknown order.
    const wrong = await api(`${url}/shop/api/orders/${id}?token=${"A".repeat(43)}`);
    assert.equal(wrong.status, 404);
    assert.deepEqual(Object.keys(wrong.body), ["success", "error"]);
    assert.equal((wrong.body.error as { code: string }).code, "not_found");

    // A signature by someone else than `from` is refused, nothing charged.
    const forged = await sign(pay, other);
    const bad = await api(`${url}/shop/api/orders/${id}/authorization?token=${token}`, {
      body: {
        authorization: { ...forged.authorization, from: buyer.address },
        signature: forged.signature,
      },
    });
    assert.equal(bad.status, 400);
    assert.equal((bad.body.error as { code: string }).code, "payment_invalid");

    const before = await chain.balanceOf(seller.address);
    const signed = await sign(pay);
    const r = await api(`${url}/shop/api/orders/${id}/authorization?token=${token}`, {
      body: signed,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(await chain.balanceOf(seller.address) - before, price);

    // The same authorization again: refused, nothing charged twice.
    const again = await api(`${url}/shop/api/orders/${id}/authorization?token=${token}`, {
      body: signed,
    });
    assert.equal(again.status, 409);
    assert.equal(await chain.balanceOf(seller.address) - before, price);

    const view = async () =>
      (await api(`${url}/shop/api/orders/${id}?token=${token}`)).body as Record<string, unknown>;
    await shop.tick();
    const seen = await view();
    assert.equal(seen.status, "awaiting_payment", "not final yet: not paid");
    assert.equal((seen.payments as unknown[]).length, 1);
    await mine(chain, 40);
    await tickUntil(shop, async () => (await view()).status === "delivered", "delivery");
    const done = await view();
    const esim = done.esim as { activation_code: string };
    assert.match(esim.activation_code, /^LPA:1\$/);
    assert.equal(done.paid_units, price.toString());
    assert.equal(done.due_units, "0");

    await received.next("order.delivered", id);
    assert.deepEqual(received.typesOf(id), ["order.created", "order.delivered"]);
    const ev = received.events.find((e) => e.type === "order.delivered")!;
    assert.equal(ev.id, `evt_${id}_order.delivered`);
    assert.equal(ev.data.method, "evm:8453:usdc");
    assert.equal(ev.data.status, "delivered");
    assert.deepEqual(ev.data.payment, {
      ref: (done.payments as { ref: string }[])[0]!.ref,
      payer: buyer.address.toLowerCase(),
      units: price.toString(),
    });
    assert.ok(!JSON.stringify(received.events).includes(esim.activation_code.split("$")[2]!));
  });
});

Deno.test("shop: concurrent submissions of one authorization charge once; another order's nonce and an expired order are refused", async () => {
  await withShop(async ({ url, chain, shop, advance }) => {
    const offer = await firstOffer(url, "US");
    const make = async () => {
      const c = await api(`${url}/shop/api/orders`, {
        body: { offer_id: offer.offer_id, method: "evm:8453:usdc" },
      });
      assert.equal(c.status, 201);
      return {
        id: c.body.order_id as string,
        token: c.body.status_token as string,
        pay: c.body.pay as PayBody,
      };
    };
    const a = await make();
    const b = await make();
    const price = BigInt(a.pay.eip3009.value);
    const signedA = await sign(a.pay);
    const before = await chain.balanceOf(seller.address);
    const results = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          api(`${url}/shop/api/orders/${a.id}/authorization?token=${a.token}`, { body: signedA }),
      ),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409, 409]);
    assert.equal(await chain.balanceOf(seller.address) - before, price, "charged once");

    // Order A's authorization presented for order B: refused by its nonce, nothing charged.
    const cross = await api(`${url}/shop/api/orders/${b.id}/authorization?token=${b.token}`, {
      body: signedA,
    });
    assert.equal(cross.status, 400);
    // Same second: same validBefore, so the nonce refuses it; otherwise validBefore does.
    assert.ok(
      ["authorization.nonce", "authorization.validBefore"].includes(
        (cross.body.error as { field: string }).field,
      ),
    );
    const signedB = await sign(b.pay);
    const crossNonce = await api(`${url}/shop/api/orders/${b.id}/authorization?token=${b.token}`, {
      body: {
        authorization: { ...signedB.authorization, nonce: a.pay.eip3009.nonce },
        signature: signedB.signature,
      },
    });
    assert.equal(crossNonce.status, 400);
    assert.equal((crossNonce.body.error as { field: string }).field, "authorization.nonce");

    // Once B has expired, its own authorization is refused.
    advance(25 * 3600_000);
    await shop.tick();
    const late = await api(`${url}/shop/api/orders/${b.id}/authorization?token=${b.token}`, {
      body: signedB,
    });
    assert.equal(late.status, 409, JSON.stringify(late.body));
    assert.match((late.body.error as { message: string }).message, /expired/);
    assert.equal(await chain.balanceOf(seller.address) - before, price);
  });
});
