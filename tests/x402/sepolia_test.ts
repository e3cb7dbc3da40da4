/**
 * X402_NETWORK=base-sepolia: the terms ask for Base Sepolia USDC (eip155:84532, domain name
 * "USDC"), validate with @x402/core's schema, and the official client signs and pays them on a
 * local chain with chain id 84532 whose test token has the Sepolia domain. The banner line,
 * the listing and GET / say TEST NETWORK.
 */
import assert from "node:assert/strict";
import {
  decodePaymentResponseHeader,
  ExactEvmScheme,
  validatePaymentRequired,
  wrapFetchWithPayment,
  x402Client,
} from "../support/deps.ts";
import { startChain } from "../support/chain.ts";
import { startTestServer } from "../support/server.ts";
import { tempDir } from "../support/temp.ts";
import { buyer, KEYS, seller } from "./_sign.ts";
import { BASE_SEPOLIA } from "../../src/x402/constants.ts";
import { decodeBase64Json } from "../../src/x402/encoding.ts";
import { describePayments } from "../../src/x402/config.ts";
import { firstRunLines } from "../../src/cli/serve_banner.ts";

Deno.test("X402_NETWORK=base-sepolia: valid x402 terms for Sepolia USDC, paid by the official client on chain 84532, marked TEST NETWORK", async () => {
  await using dir = await tempDir();
  const chain = await startChain({ network: BASE_SEPOLIA });
  try {
    await chain.mint(buyer.address, 1_000_000n);
    await Deno.writeTextFile(`${dir.path}/facilitator.key`, KEYS.facilitator);
    await using srv = await startTestServer({
      X402_NETWORK: "base-sepolia",
      PAY_TO_EVM: seller.address,
      FACILITATOR_KEY_FILE: `${dir.path}/facilitator.key`,
      RPC_URL: chain.rpcUrl,
    }, { nodeLog: () => {} });
    const url = `${srv.url}/x402/fair-random`;
    const body = JSON.stringify({ seed: "sepolia", num_bytes: 4 });
    const headers = { "content-type": "application/json" };

    const unpaid = await fetch(url, { method: "POST", headers, body });
    await unpaid.body?.cancel();
    assert.equal(unpaid.status, 402);
    const terms = decodeBase64Json(unpaid.headers.get("payment-required")!);
    const valid = validatePaymentRequired(terms);
    const accepted = valid.accepts[0] as unknown as Record<string, unknown>;
    assert.equal(accepted.network, "eip155:84532");
    assert.equal(accepted.asset, BASE_SEPOLIA.usdc);
    assert.deepEqual(accepted.extra, { name: "USDC", version: "2" });

    const client = new x402Client().register("eip155:84532", new ExactEvmScheme(buyer));
    const paid = await wrapFetchWithPayment(fetch, client)(url, { method: "POST", headers, body });
    const answer = await paid.json();
    assert.equal(paid.status, 200, JSON.stringify(answer));
    assert.equal(answer.receipt.payment.network, "eip155:84532");
    const settle = decodePaymentResponseHeader(paid.headers.get("payment-response")!);
    assert.deepEqual([settle.success, settle.network], [true, "eip155:84532"]);
    assert.equal(await chain.balanceOf(seller.address), 6000n, "$0.006 arrived on chain 84532");

    const services = srv.server.services;
    assert.match(describePayments(services.paywall), /Base Sepolia \(eip155:84532\), TEST NETWORK/);
    assert.match(firstRunLines(services.config, services, srv.url)[0]!, /TEST NETWORK/);
    const listing = await (await fetch(`${srv.url}/listing.json`)).json();
    assert.equal(listing.x402.network, "eip155:84532");
    assert.equal(listing.x402.test_network, true);
    assert.match(listing.x402.note, /^TEST NETWORK/);
    const home = await (await fetch(`${srv.url}/`, { headers: { accept: "application/json" } }))
      .json();
    assert.equal(home.test_network, true);
    assert.equal(home.payments.network, "eip155:84532");
    const html = await (await fetch(`${srv.url}/`)).text();
    assert.match(html, /TEST NETWORK/);
  } finally {
    await chain.stop();
  }
});

Deno.test("on Base mainnet nothing says TEST NETWORK", async () => {
  await using srv = await startTestServer({
    PAY_TO_EVM: seller.address,
    FACILITATOR_URL: "http://127.0.0.1:1",
  }, { nodeLog: () => {} });
  const listing = await (await fetch(`${srv.url}/listing.json`)).json();
  assert.equal(listing.x402.network, "eip155:8453");
  assert.equal(listing.x402.test_network, undefined);
  const html = await (await fetch(`${srv.url}/`)).text();
  assert.doesNotMatch(html, /TEST NETWORK/);
  assert.doesNotMatch(describePayments(srv.server.services.paywall), /TEST NETWORK/);
});
