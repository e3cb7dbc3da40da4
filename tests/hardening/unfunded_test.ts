/**
 * Unfunded payers (issue: a signature from a fresh key with no USDC verified, the work ran, and
 * each made-up key had its own rate limit). On the real local chain: the payment is checked
 * against what the chain would do before any work, refused 402 `payment_invalid` with reason
 * `insufficient_funds`, and counted against the caller's address.
 */
import assert from "node:assert/strict";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { LocalAccount } from "viem";
import { withPaywall } from "../x402/_env.ts";
import { buyer, makePayment, seller } from "../x402/_sign.ts";
import { requirementsFor } from "../../src/x402/terms.ts";
import { decodeBase64Json } from "../../src/x402/encoding.ts";
import type { PaymentRequired } from "../../src/x402/types.ts";
import { cheapestOffer, postJson, withSeller } from "../seller/_env.ts";
import { startChain } from "../support/chain.ts";
import { startFacilitator } from "../fakes/facilitator.ts";
import { startTestServer } from "../support/server.ts";
import { KEYS } from "../x402/_sign.ts";
import { roomInRateWindow } from "../support/rate_window.ts";

const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });

Deno.test("a payment from a key with no USDC is refused 402 insufficient_funds before the service runs", async () => {
  await withPaywall(async ({ server, chain }) => {
    const fresh = privateKeyToAccount(generatePrivateKey());
    const p = await makePayment({ requirements: terms, account: fresh });
    const res = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", "payment-signature": p.header },
      body: JSON.stringify({ text: "work" }),
    });
    const body = await res.json();
    assert.equal(res.status, 402);
    assert.equal(body.error.code, "payment_invalid");
    assert.equal(body.error.reason, "insufficient_funds");
    assert.match(body.error.message, /insufficient funds/i);
    assert.equal(server.service.runs, 0, "no work for a payer that cannot pay");
    assert.equal(await chain.transfersTo(seller.address), 0);
    // The claim was released: once funded, the same payment is served and charged once.
    await chain.mint(fresh.address, 1_000_000n);
    const again = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", "payment-signature": p.header },
      body: JSON.stringify({ text: "work" }),
    });
    assert.equal(again.status, 200, await again.clone().text());
    await again.body?.cancel();
    assert.equal(server.service.runs, 1);
    assert.equal(await chain.transfersTo(seller.address), 1);
  });
});

async function orderTerms(url: string, offerId: string) {
  const r = await postJson(`${url}/order`, { offer_id: offerId });
  assert.equal(r.status, 402, r.text);
  return (decodeBase64Json(r.headers.get("payment-required")!) as PaymentRequired).accepts[0]!;
}

Deno.test("unfunded keys place no supplier order and are rate limited by the caller's address", async () => {
  await withSeller(async ({ url, sink }) => {
    await roomInRateWindow();
    const offer = await cheapestOffer(url, "US"); // request 1 from this address
    const accepts = await orderTerms(url, offer.offer_id); // request 2
    const statuses: number[] = [];
    const reasons: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      // A new key every time: on its own it would have a fresh per-payer limit.
      const p = await makePayment({
        requirements: accepts,
        account: privateKeyToAccount(generatePrivateKey()),
      });
      const r = await postJson(`${url}/order`, { offer_id: offer.offer_id }, {
        "payment-signature": p.header,
      });
      statuses.push(r.status);
      reasons.push((r.body.error as { reason?: unknown } | undefined)?.reason);
    }
    // Limit 5 per minute per address: requests 3..5 are refused 402, then 429.
    assert.deepEqual(statuses, [402, 402, 402, 429, 429, 429]);
    assert.deepEqual(reasons.slice(0, 3), [
      "insufficient_funds",
      "insufficient_funds",
      "insufficient_funds",
    ]);
    assert.deepEqual(sink.events, [], "no order was placed, so no agent_order event");
  }, { env: { RATE_LIMIT_PER_MIN: "5" } });
});

/** Five unfunded payments to firewall-scan after one unpaid request; the statuses. */
async function floodScan(url: string): Promise<{ statuses: number[]; reasons: unknown[] }> {
  const scan = `${url}/x402/firewall-scan`;
  const input = { tools: [{ name: "echo", description: "Echoes text" }] };
  await roomInRateWindow();
  const unpaid = await postJson(scan, input);
  assert.equal(unpaid.status, 402);
  const accepts = (decodeBase64Json(unpaid.headers.get("payment-required")!) as PaymentRequired)
    .accepts[0]!;
  const statuses: number[] = [];
  const reasons: unknown[] = [];
  for (let i = 0; i < 5; i++) {
    const p = await makePayment({
      requirements: accepts,
      account: privateKeyToAccount(generatePrivateKey()),
    });
    const r = await postJson(scan, input, { "payment-signature": p.header });
    statuses.push(r.status);
    reasons.push((r.body.error as { reason?: unknown } | undefined)?.reason);
  }
  return { statuses, reasons };
}

Deno.test("remote facilitator: payments it refuses count against the caller's address", async () => {
  const chain = await startChain();
  const facilitator = startFacilitator({ rpcUrl: chain.rpcUrl, privateKey: KEYS.facilitator });
  try {
    await using server = await startTestServer({
      PAY_TO_EVM: seller.address,
      FACILITATOR_URL: facilitator.url,
      RATE_LIMIT_PER_MIN: "3",
    });
    const { statuses, reasons } = await floodScan(server.url);
    assert.deepEqual(statuses, [402, 402, 429, 429, 429]);
    // The official facilitator names its simulation's failure; the reason is passed through.
    assert.match(String(reasons[0]), /^(insufficient_funds|invalid_exact_evm_\w+)$/);
    assert.equal(facilitator.calls.settle, 0, "nothing was sent for settlement");
  } finally {
    await facilitator.close();
    await chain.stop();
  }
});

Deno.test("unfunded payments to a paid /x402 route count against the caller's address", async () => {
  await withSeller(async ({ url }) => {
    const scan = `${url}/x402/firewall-scan`;
    const input = { tools: [{ name: "echo", description: "Echoes text" }] };
    const unpaid = await postJson(scan, input); // request 1
    assert.equal(unpaid.status, 402);
    const accepts = (decodeBase64Json(unpaid.headers.get("payment-required")!) as PaymentRequired)
      .accepts[0]!;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await makePayment({
        requirements: accepts,
        account: privateKeyToAccount(generatePrivateKey()),
      });
      statuses.push((await postJson(scan, input, { "payment-signature": p.header })).status);
    }
    assert.deepEqual(statuses, [402, 402, 429, 429, 429]);
  }, { env: { RATE_LIMIT_PER_MIN: "3" } });
});

Deno.test("an address over its limit: payers known to pay are still served, made-up payers get 429 unverified", async () => {
  await withSeller(async ({ url }) => {
    const scan = `${url}/x402/firewall-scan`;
    const input = { tools: [{ name: "echo", description: "Echoes text" }] };
    await roomInRateWindow();
    const unpaid = await postJson(scan, input); // 1 against the address
    const accepts = (decodeBase64Json(unpaid.headers.get("payment-required")!) as PaymentRequired)
      .accepts[0]!;
    const pay = async (account: LocalAccount = privateKeyToAccount(generatePrivateKey())) =>
      (await postJson(scan, input, {
        "payment-signature": (await makePayment({ requirements: accepts, account })).header,
      })).status;
    assert.equal(await pay(buyer), 200, "the funded buyer pays (its own quota)");
    const flood: number[] = [];
    for (let i = 0; i < 4; i++) flood.push(await pay());
    assert.deepEqual(flood, [402, 402, 429, 429]);
    assert.equal(await pay(buyer), 200, "a payer known to pay is not held to the address's quota");
    assert.equal(await pay(), 429);
  }, { env: { RATE_LIMIT_PER_MIN: "3" } });
});
