import { assert, assertEquals } from "./_assert.ts";
import {
  decodePaymentResponseHeader,
  ExactEvmScheme,
  wrapFetchWithPayment,
  x402Client,
} from "../support/deps.ts";
import { buyer, KEYS, makePayment, other, seller } from "./_sign.ts";
import { withPaywall } from "./_env.ts";
import { serveEcho } from "./_server.ts";
import { startChain } from "../support/chain.ts";
import { startFacilitator } from "../fakes/facilitator.ts";
import { RemoteSettler } from "../../src/x402/settle_remote.ts";
import { requirementsFor } from "../../src/x402/terms.ts";
import { x402CheckService } from "../../src/x402/check_service.ts";
import { verifyReceipt } from "../../src/crypto/receipt.ts";

function officialFetch() {
  const client = new x402Client().register("eip155:8453", new ExactEvmScheme(buyer));
  return wrapFetchWithPayment(fetch, client);
}

Deno.test("the official x402 client (@x402/fetch + @x402/evm) pays our paywall on chain", async () => {
  await withPaywall(async ({ server, chain }) => {
    const before = await chain.balanceOf(buyer.address);
    const res = await officialFetch()(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "interop" }),
    });
    assertEquals(res.status, 200);
    const body = await res.json();
    assertEquals(body.result, { echo: "interop" });
    const settle = decodePaymentResponseHeader(res.headers.get("PAYMENT-RESPONSE")!);
    assertEquals(settle.success, true);
    assertEquals(settle.network, "eip155:8453");
    assertEquals(settle.payer, buyer.address);
    assertEquals(before - await chain.balanceOf(buyer.address), 1000n);
    assertEquals(await chain.transfersTo(seller.address), 1);
  });
});

Deno.test("the official client pays x402-check ($0.003) and gets a signed result", async () => {
  const chain = await startChain();
  const { localSettler } = await import("./_env.ts");
  const server = await serveEcho({
    payTo: seller.address,
    settler: localSettler(chain),
    service: x402CheckService,
  });
  try {
    await chain.mint(buyer.address, 1_000_000n);
    const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
    const p = await makePayment({ requirements: terms, account: other });
    const res = await officialFetch()(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ x_payment: p.header, requirements: terms }),
    });
    assertEquals(res.status, 200);
    const body = await res.json();
    assertEquals(body.service, "x402-check");
    assertEquals(body.capability_id, "x402.authorization.check@v1");
    assertEquals(body.result.valid, true);
    assertEquals(body.result.signer, other.address.toLowerCase());
    assert(verifyReceipt(server.deps.signer.publicKey, body.receipt));
    assertEquals(body.receipt.payment.amount, "3000");
    assertEquals(await chain.balanceOf(seller.address), 3000n);
  } finally {
    await server.close();
    await chain.stop();
  }
});

Deno.test("remote-facilitator mode settles through an official @x402 facilitator over HTTP", async () => {
  let facilitator: ReturnType<typeof startFacilitator> | undefined;
  try {
    await withPaywall(async ({ server, chain }) => {
      const res = await officialFetch()(server.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: "remote" }),
      });
      assertEquals(res.status, 200);
      assertEquals((await res.json()).result, { echo: "remote" });
      const settle = decodePaymentResponseHeader(res.headers.get("PAYMENT-RESPONSE")!);
      assertEquals(settle.success, true);
      assertEquals(facilitator!.calls, { verify: 1, settle: 1 });
      assertEquals(await chain.balanceOf(seller.address), 1000n);
    }, {
      settler: (chain) => {
        facilitator = startFacilitator({ rpcUrl: chain.rpcUrl, privateKey: KEYS.facilitator });
        return new RemoteSettler({ url: facilitator.url });
      },
    });
  } finally {
    await facilitator?.close();
  }
});

Deno.test("remote-facilitator mode refuses an unfunded payer before running the handler", async () => {
  let facilitator: ReturnType<typeof startFacilitator> | undefined;
  try {
    await withPaywall(async ({ server, chain }) => {
      const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
      const p = await makePayment({ requirements: terms, account: other });
      const res = await fetch(server.url, {
        method: "POST",
        headers: { "content-type": "application/json", "PAYMENT-SIGNATURE": p.header },
        body: JSON.stringify({ text: "x" }),
      });
      assertEquals(res.status, 402);
      const body = await res.json();
      assertEquals(body.error.code, "payment_invalid");
      // The facilitator's own reason (its on-chain simulation of the transfer fails).
      assert(String(body.error.reason).startsWith("invalid_exact_evm_"), body.error.reason);
      assertEquals(server.service.runs, 0);
      assertEquals(facilitator!.calls.settle, 0);
      assertEquals(await chain.transfersTo(seller.address), 0);
    }, {
      settler: (chain) => {
        facilitator = startFacilitator({ rpcUrl: chain.rpcUrl, privateKey: KEYS.facilitator });
        return new RemoteSettler({ url: facilitator.url });
      },
    });
  } finally {
    await facilitator?.close();
  }
});
