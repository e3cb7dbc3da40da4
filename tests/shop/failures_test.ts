/**
 * Failure paths of storefront orders on a real anvil chain: a signed payment that fails to
 * settle reopens the order and its authorization is still credited if it lands later; a
 * supplier that refuses a paid order makes it `refund_due`; an order resumes after a restart.
 * Every event reaches the reference webhook receiver exactly once.
 */
import assert from "node:assert/strict";
import { createWalletClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { other, seller } from "../x402/_sign.ts";
import { anvilChain } from "../support/chain.ts";
import { startTestServer } from "../support/server.ts";
import { BASE } from "../../src/x402/constants.ts";
import { DEMO_CATALOG } from "../../rails/receiver/demo_catalog.ts";
import { api, createOrder, firstOffer, mine, tickUntil, transfer, view, withShop } from "./_env.ts";
import { buyer } from "../x402/_sign.ts";
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from "../../src/x402/constants.ts";

const TYPES = TRANSFER_WITH_AUTHORIZATION_TYPES;

Deno.test("shop failures: a failed settlement reopens the order (awaiting_payment, nothing charged) and the authorization is still credited when it lands", async () => {
  await withShop(async ({ url, chain, shop, received }) => {
    const poor = privateKeyToAccount(generatePrivateKey()); // holds no USDC yet
    const offer = await firstOffer(url, "US");
    const created = await api(`${url}/shop/api/orders`, {
      body: { offer_id: offer.offer_id, method: "evm:8453:usdc" },
    });
    assert.equal(created.status, 201);
    const id = created.body.order_id as string;
    const token = created.body.status_token as string;
    const e = (created.body.pay as {
      eip3009: {
        domain: {
          name: string;
          version: string;
          chainId: number;
          verifyingContract: `0x${string}`;
        };
        to: `0x${string}`;
        value: string;
        validAfter: string;
        validBefore: string;
        nonce: `0x${string}`;
      };
    }).eip3009;
    const message = {
      from: poor.address,
      to: e.to,
      value: BigInt(e.value),
      validAfter: BigInt(e.validAfter),
      validBefore: BigInt(e.validBefore),
      nonce: e.nonce,
    };
    const signature = await poor.signTypedData({
      domain: e.domain,
      types: TYPES,
      primaryType: "TransferWithAuthorization",
      message,
    });
    const before = await chain.balanceOf(seller.address);
    const r = await api(`${url}/shop/api/orders/${id}/authorization?token=${token}`, {
      body: {
        authorization: {
          ...message,
          value: e.value,
          validAfter: e.validAfter,
          validBefore: e.validBefore,
        },
        signature,
      },
    });
    assert.equal(r.status, 402, JSON.stringify(r.body));
    assert.equal((r.body.error as { code: string }).code, "settlement_failed");
    assert.equal(await chain.balanceOf(seller.address), before, "nothing charged");
    const v = await view(url, { id, token });
    assert.equal(v.status, "awaiting_payment");
    await received.next("order.awaiting_payment", id);

    // Later the payer has the money and someone submits the very same authorization.
    await chain.mint(poor.address, BigInt(e.value));
    const relayer = createWalletClient({
      chain: { ...anvilChain, rpcUrls: { default: { http: [chain.rpcUrl] } } },
      transport: http(chain.rpcUrl),
      account: other,
    });
    const hash = await relayer.writeContract({
      address: BASE.usdc,
      abi: chain.token.abi,
      functionName: "transferWithAuthorization",
      args: [
        message.from,
        message.to,
        message.value,
        message.validAfter,
        message.validBefore,
        message.nonce,
        Number(BigInt("0x" + signature.slice(130, 132))),
        `0x${signature.slice(2, 66)}`,
        `0x${signature.slice(66, 130)}`,
      ],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    await shop.tick();
    await mine(chain, 40);
    await tickUntil(
      shop,
      async () => (await view(url, { id, token })).status === "delivered",
      "delivery",
    );
    await received.next("order.delivered", id);
    assert.deepEqual(received.typesOf(id), [
      "order.created",
      "order.awaiting_payment",
      "order.delivered",
    ]);
  });
});

Deno.test("shop failures: a supplier that refuses a paid order makes it refund_due (event once, with the error)", async () => {
  await withShop(async ({ url, chain, shop, received, restartReceiver }) => {
    const o = await createOrder(url);
    // The supplier's cost of that plan changes after the buyer saw the price.
    await restartReceiver(
      DEMO_CATALOG.map((p) => p.id === o.offer.plan_id ? { ...p, costUsd: p.costUsd + 1 } : p),
    );
    await transfer(chain, buyer, seller.address, o.amount);
    await shop.tick();
    await mine(chain, 40);
    await tickUntil(shop, async () => (await view(url, o)).status === "refund_due", "refund_due");
    const ev = await received.next("order.refund_due", o.id);
    assert.equal(ev.data.status, "refund_due");
    assert.match(String(ev.data.error), /cost/);
    assert.deepEqual(ev.data.payment, {
      ref: (await view(url, o)).payments[0]!.ref,
      payer: buyer.address.toLowerCase(),
      units: o.amount.toString(),
    });
    assert.deepEqual(received.typesOf(o.id), ["order.created", "order.refund_due"]);
  }, { env: { CATALOG_CACHE_SECONDS: "3600" } });
});

Deno.test("shop failures: an order paid while the server was down is resumed and delivered after a restart", async () => {
  await withShop(async ({ url, chain, shop, received, server, env }) => {
    const o = await createOrder(url);
    await shop.tick();
    await server[Symbol.asyncDispose]();
    await transfer(chain, buyer, seller.address, o.amount);
    await mine(chain, 40);
    const again = await startTestServer(env, { shopPollMs: 0, shopLog: () => {} });
    try {
      const shop2 = again.server.services.shop!.service;
      const url2 = again.url;
      await tickUntil(shop2, async () => (await view(url2, o)).status === "delivered", "delivery");
      await received.next("order.delivered", o.id);
      assert.deepEqual(received.typesOf(o.id), ["order.created", "order.delivered"]);
      // Nothing secret at rest: the KV file holds no activation code and no token.
      const code = (await view(url2, o)).esim!.activation_code;
      await again[Symbol.asyncDispose]();
      let kv = "";
      for (const f of [env.KV_PATH!, `${env.KV_PATH}-wal`]) {
        kv += new TextDecoder("latin1").decode(
          await Deno.readFile(f).catch(() => new Uint8Array()),
        );
      }
      assert.ok(kv.includes(o.id), "the KV file holds the order");
      assert.ok(!kv.includes(code.split("$")[2]!), "no activation code at rest");
      assert.ok(!kv.includes(o.token), "no status token at rest");
    } finally {
      await again[Symbol.asyncDispose]();
    }
  }, { env: { KV_PATH: "" } });
});
