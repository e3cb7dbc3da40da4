/**
 * USDC on Solana (`solana:usdc`) against the Solana JSON-RPC fake: a fresh Solana Pay reference
 * per order, credited at `finalized` by the shop's USDC balance change, v0 transactions with the
 * reference in a lookup table, no credit for another mint, a failed or a v1 transaction,
 * underpaid with a top-up, rate limiting survived, and nothing credited twice.
 */
import assert from "node:assert/strict";
import { tickUntil, view } from "./_env.ts";
import { chainOrder, withChains } from "./_chains.ts";
import { USDC_MINT } from "../fakes/solana_rpc.ts";
import { base58Decode, isSolanaAddress } from "../../src/shop/base58.ts";
import { SolanaWatcher } from "../../src/shop/solana/watcher.ts";
import { httpRpc } from "../../src/shop/evm/rpc.ts";
import { associatedTokenAccount, ATA_PROGRAM, TOKEN_PROGRAM } from "../../src/shop/solana/ata.ts";
import {
  generateKeyPair,
  getAddressEncoder,
  getAddressFromPublicKey,
  getProgramDerivedAddress,
} from "../support/deps.ts";

Deno.test("shop solana: a finalized Solana Pay transfer with the order's reference is credited once and delivered", async () => {
  await withChains(async ({ url, shop, sol, payTo, received }) => {
    const o = await chainOrder(url, "solana:usdc");
    const again = await chainOrder(url, "solana:usdc");
    assert.equal(o.pay.chain, "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp");
    assert.equal(o.pay.asset, USDC_MINT);
    assert.equal(o.amount, o.price, "Solana asks exactly the price");
    assert.ok(isSolanaAddress(o.pay.reference!));
    assert.equal(base58Decode(o.pay.reference!)!.length, 32);
    assert.notEqual(o.pay.reference, again.pay.reference, "a fresh reference per order");
    const link = new URL(o.pay.uri);
    assert.equal(link.protocol, "solana:");
    assert.equal(link.pathname, payTo.solana);
    assert.equal(link.searchParams.get("spl-token"), USDC_MINT);
    assert.equal(link.searchParams.get("reference"), o.pay.reference);
    assert.equal(
      Number(link.searchParams.get("amount")) * 1e6,
      Number(o.price),
      "amount in USDC, not units",
    );
    const p = await sol.pay({
      to: payTo.solana,
      reference: o.pay.reference!,
      units: o.price,
      finalized: false,
    });
    await shop.tick();
    assert.equal((await view(url, o)).payments.length, 0, "confirmed is not finalized");
    sol.finalize(p.signature);
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    const v = await view(url, o);
    assert.deepEqual(v.payments.map((x) => [x.ref, x.payer, x.units]), [
      [p.signature, p.payer, o.price.toString()],
    ]);
    const fresh = new SolanaWatcher({
      rpc: httpRpc(sol.url),
      store: shop.store,
      sink: shop,
      chain: o.pay.chain,
      mint: USDC_MINT,
      payTo: payTo.solana,
    });
    await shop.store.setCursor(o.pay.chain, { next_block: 0, caught_up_at: 0 });
    await fresh.poll(); // a restarted watcher reads the account again
    await shop.tick();
    assert.equal((await view(url, o)).payments.length, 1);
    const gets = sol.calls.filter((c) => c.method === "getTransaction");
    assert.ok(gets.length >= 1);
    for (const c of gets) {
      assert.deepEqual(c.params[1], {
        encoding: "jsonParsed",
        commitment: "finalized",
        maxSupportedTransactionVersion: 0,
      });
    }
    await received.next("order.delivered", o.id);
    assert.deepEqual(received.typesOf(o.id), ["order.created", "order.delivered"]);
    assert.equal((await view(url, again)).payments.length, 0);
  });
});

Deno.test("shop solana: another mint, a failed and a v1 transaction credit nothing; underpaid, then a v0 top-up delivers", async () => {
  await withChains(async ({ url, shop, sol, payTo, received, logs }) => {
    const o = await chainOrder(url, "solana:usdc");
    const ref = o.pay.reference!;
    const other = await sol.newAddress();
    await sol.pay({ to: payTo.solana, reference: ref, units: o.price, mint: other });
    await sol.pay({
      to: payTo.solana,
      reference: ref,
      units: o.price,
      err: { InstructionError: [0, { Custom: 1 }] },
    });
    await sol.pay({ to: payTo.solana, reference: ref, units: o.price, version: 1 });
    sol.failures.push("429");
    await assert.rejects(shop.tick(), /429/);
    await shop.tick();
    let v = await view(url, o);
    assert.equal(v.payments.length, 0);
    assert.equal(v.status, "awaiting_payment");
    assert.ok(logs.some((l) => /version not supported/.test(l)));
    await sol.pay({
      to: payTo.solana,
      reference: ref,
      units: o.price - 2_000_000n,
      version: "legacy",
    });
    await tickUntil(shop, async () => (await view(url, o)).status === "underpaid", "underpaid");
    v = await view(url, o);
    assert.equal(v.pay.amount_units, "2000000");
    await sol.pay({ to: payTo.solana, reference: ref, units: 2_000_000n, version: 0 });
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    assert.equal((await view(url, o)).paid_units, o.price.toString());
    await received.next("order.delivered", o.id);
    assert.deepEqual(received.typesOf(o.id), [
      "order.created",
      "order.underpaid",
      "order.delivered",
    ]);
  });
});

Deno.test("shop chains: a method whose PAY_TO is unset is refused with 400 naming 'method'", async () => {
  await withChains(async ({ url }) => {
    const r = await fetch(`${url}/shop/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ offer_id: "off_x", method: "ton:usdt" }),
    });
    assert.equal(r.status, 400);
    const body = await r.json();
    assert.equal(body.error.field, "method");
    assert.match(body.error.message, /evm:8453:usdc/);
  }, { env: { PAY_TO_TON: "" } });
});

Deno.test("shop solana: the shop's token account is the same associated token account as @solana/addresses derives", async () => {
  const enc = getAddressEncoder();
  for (let i = 0; i < 20; i++) {
    const owner = await getAddressFromPublicKey((await generateKeyPair()).publicKey);
    const [pda] = await getProgramDerivedAddress({
      programAddress: ATA_PROGRAM as Parameters<
        typeof getProgramDerivedAddress
      >[0]["programAddress"],
      seeds: [
        enc.encode(owner),
        enc.encode(TOKEN_PROGRAM as typeof owner),
        enc.encode(USDC_MINT as typeof owner),
      ],
    });
    assert.equal(associatedTokenAccount(owner, USDC_MINT), pda);
  }
});

Deno.test("shop solana: a payment after expiry is found on the shop's account and delivered; one without a reference is kept unattributed", async () => {
  await withChains(async ({ url, shop, sol, payTo, received, advance }) => {
    const o = await chainOrder(url, "solana:usdc");
    await received.next("order.created", o.id); // delivered before the clock moves
    advance(25 * 3600_000);
    await tickUntil(shop, async () => (await view(url, o)).status === "expired", "expiry");
    const stray = await sol.pay({ to: payTo.solana, reference: null, units: 5_000_000n });
    const late = await sol.pay({ to: payTo.solana, reference: o.pay.reference!, units: o.price });
    await tickUntil(shop, async () => (await view(url, o)).status === "delivered", "delivery");
    assert.deepEqual((await view(url, o)).payments.map((p) => p.ref), [late.signature]);
    const kept = (await shop.store.listUnattributed()).filter((u) => u.chain.startsWith("solana:"));
    assert.deepEqual(kept.map((u) => [u.ref, u.units, u.payer]), [[
      stray.signature,
      "5000000",
      stray.payer,
    ]]);
    await received.next("order.delivered", o.id);
    assert.deepEqual(received.typesOf(o.id), ["order.created", "order.expired", "order.delivered"]);
  });
});
