import { assert, assertEquals } from "./_assert.ts";
import { decodeBase64Json, encodeBase64Json } from "../../src/x402/encoding.ts";
import { requirementsFor } from "../../src/x402/terms.ts";
import { verifyReceipt } from "../../src/crypto/receipt.ts";
import { HttpError } from "../../src/http/errors.ts";
import type { PaymentRequired } from "../../src/x402/types.ts";
import { buyer, makePayment, other, seller } from "./_sign.ts";
import { serveEcho } from "./_server.ts";
import { localSettler, withPaywall } from "./_env.ts";
import { parsePaymentHeader } from "../../src/x402/encoding.ts";
import type { SettleInput, Settler } from "../../src/x402/settle.ts";
import { USDC_ABI } from "../../src/x402/settle_local.ts";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { anvilChain } from "../support/chain.ts";
import { BASE } from "../../src/x402/constants.ts";

const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

Deno.test("paywall answers an unpaid call with 402, PAYMENT-REQUIRED terms and no-store", async () => {
  await withPaywall(async ({ server }) => {
    const res = await post(server.url, { text: "hi" });
    assertEquals(res.status, 402);
    assertEquals(res.headers.get("cache-control"), "no-store");
    const pr = decodeBase64Json(res.headers.get("payment-required")!) as PaymentRequired;
    assertEquals(pr.x402Version, 2);
    assertEquals(pr.accepts, [terms]);
    assertEquals(pr.resource.url, server.url);
    const body = await res.json();
    assertEquals(body.status, "error");
    assertEquals(body.service, "echo-test");
    assertEquals(body.error.code, "payment_required");
    assertEquals(server.service.runs, 0);
  });
});

Deno.test("paywall answers 503 payment_not_configured without PAY_TO_EVM", async () => {
  const server = await serveEcho({});
  try {
    const res = await post(server.url, { text: "hi" });
    assertEquals(res.status, 503);
    assertEquals(res.headers.get("payment-required"), null);
    assertEquals((await res.json()).error.code, "payment_not_configured");
  } finally {
    await server.close();
  }
});

Deno.test("paywall answers bad input with 400 naming the field before asking for payment", async () => {
  await withPaywall(async ({ server, chain }) => {
    const p = await makePayment({ requirements: terms });
    const res = await post(server.url, { text: 5 }, { "PAYMENT-SIGNATURE": p.header });
    assertEquals(res.status, 400);
    const body = await res.json();
    assertEquals(body.error, {
      code: "invalid_input",
      message: "Send 'text' as a string",
      field: "text",
    });
    assertEquals(await chain.transfersTo(seller.address), 0);
  });
});

Deno.test("paywall serves a paid call: 200, receipt, PAYMENT-RESPONSE, balance moved", async () => {
  await withPaywall(async ({ server, chain }) => {
    const before = await chain.balanceOf(seller.address);
    const p = await makePayment({ requirements: terms });
    const res = await post(server.url, { text: "hi" }, { "PAYMENT-SIGNATURE": p.header });
    assertEquals(res.status, 200);
    const body = await res.json();
    assertEquals(body.status, "ok");
    assertEquals(body.service, "echo-test");
    assertEquals(body.capability_id, "test.echo@v1");
    assertEquals(body.result, { echo: "hi" });
    assert(verifyReceipt(server.deps.signer.publicKey, body.receipt));
    assertEquals(body.receipt.payment.amount, "1000");
    assertEquals(body.receipt.payment.payer, buyer.address);
    const pr = decodeBase64Json(res.headers.get("payment-response")!) as Record<string, unknown>;
    assertEquals(pr.success, true);
    assertEquals(pr.network, "eip155:8453");
    assertEquals(pr.payer, buyer.address);
    assertEquals(pr.transaction, body.receipt.payment.transaction);
    assertEquals(await chain.balanceOf(seller.address) - before, 1000n);
    assert(await chain.authorizationState(buyer.address, p.authorization.nonce));
  });
});

Deno.test("paywall accepts a v1 X-PAYMENT header", async () => {
  await withPaywall(async ({ server, chain }) => {
    const p = await makePayment({ requirements: terms });
    const v1 = encodeBase64Json({
      x402Version: 1,
      scheme: "exact",
      network: "base",
      payload: p.payload.payload,
    });
    const res = await post(server.url, { text: "v1" }, { "X-PAYMENT": v1 });
    assertEquals(res.status, 200);
    assertEquals(await chain.transfersTo(seller.address), 1);
  });
});

Deno.test("paywall refuses the same authorization twice with payment_replayed", async () => {
  await withPaywall(async ({ server, chain }) => {
    const p = await makePayment({ requirements: terms });
    const first = await post(server.url, { text: "a" }, { "PAYMENT-SIGNATURE": p.header });
    assertEquals(first.status, 200);
    await first.body?.cancel();
    const second = await post(server.url, { text: "a" }, { "PAYMENT-SIGNATURE": p.header });
    assertEquals(second.status, 402);
    assertEquals((await second.json()).error.code, "payment_replayed");
    assertEquals(await chain.transfersTo(seller.address), 1);
    assertEquals(server.service.runs, 1);
  });
});

Deno.test("paywall lets exactly one of 20 concurrent requests with one authorization through", async () => {
  await withPaywall(async ({ server, chain }) => {
    const p = await makePayment({ requirements: terms });
    const answers = await Promise.all(
      Array.from(
        { length: 20 },
        () => post(server.url, { text: "race" }, { "PAYMENT-SIGNATURE": p.header }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    assertEquals(statuses.filter((s) => s === 200).length, 1);
    assertEquals(statuses.filter((s) => s === 402).length, 19);
    assert(
      bodies.filter((b) => b.status === "error").every((b) => b.error.code === "payment_replayed"),
    );
    assertEquals(await chain.transfersTo(seller.address), 1);
    assertEquals(server.service.runs, 1);
  });
});

Deno.test("paywall withholds the result when settlement fails for insufficient balance", async () => {
  // The payer holds exactly one price and passes the pre-check; before this payment settles,
  // a second authorization of the same payer spends the balance (a double spend across nonces).
  const drain = await makePayment({ requirements: terms, account: other });
  let drained = false;
  await withPaywall(async ({ server, chain }) => {
    const p = await makePayment({ requirements: terms, account: other });
    const res = await post(server.url, { text: "secret-result" }, {
      "PAYMENT-SIGNATURE": p.header,
    });
    assert(drained, "the balance was spent between the pre-check and the settlement");
    assertEquals(res.status, 402);
    const text = await res.text();
    assert(!text.includes("secret-result"), "result leaked");
    const body = JSON.parse(text);
    assertEquals(body.error.code, "settlement_failed");
    assertEquals(body.error.reason, "insufficient_funds");
    const pr = decodeBase64Json(res.headers.get("payment-response")!) as Record<string, unknown>;
    assertEquals(pr.success, false);
    assertEquals(await chain.transfersTo(seller.address), 1, "only the draining transfer");
  }, {
    fund: 0n,
    settler: async (chain) => {
      await chain.mint(other.address, BigInt(terms.amount));
      const local = localSettler(chain);
      const spend = { payment: parsePaymentHeader(drain.header), requirements: terms };
      return Object.assign(Object.create(local), {
        async preflight(input: SettleInput) {
          const r = await local.preflight(input);
          if (!drained && r.ok) drained = (await local.settle(spend)).success;
          return r;
        },
        settle: (input: SettleInput) => local.settle(input),
        reconcile: (input: SettleInput, tx?: string) => local.reconcile(input, tx),
      }) as Settler;
    },
  });
});

Deno.test("paywall releases the claim and charges nothing when the handler answers 400", async () => {
  await withPaywall(async ({ server, chain }) => {
    const p = await makePayment({ requirements: terms });
    const res = await post(server.url, { text: "fail-input" }, { "PAYMENT-SIGNATURE": p.header });
    assertEquals(res.status, 400);
    await res.body?.cancel();
    assertEquals(await chain.transfersTo(seller.address), 0);
    const again = await post(server.url, { text: "ok now" }, { "PAYMENT-SIGNATURE": p.header });
    assertEquals(again.status, 200, "released claim can pay for a corrected request");
    await again.body?.cancel();
  });
});

Deno.test("paywall passes a 502 through and charges nothing", async () => {
  await withPaywall(async ({ server, chain }) => {
    const p = await makePayment({ requirements: terms });
    const res = await post(server.url, { text: "fail-upstream" }, {
      "PAYMENT-SIGNATURE": p.header,
    });
    assertEquals(res.status, 502);
    assertEquals((await res.json()).error.code, "upstream_failed");
    assertEquals(await chain.transfersTo(seller.address), 0);
    assertEquals(await chain.authorizationState(buyer.address, p.authorization.nonce), false);
  });
});

Deno.test("paywall answers malformed payment headers with 4xx, never 500, and never runs the handler", async () => {
  await withPaywall(async ({ server }) => {
    const headers = [
      "not base64!!",
      btoa("not json"),
      encodeBase64Json({ x402Version: 2, accepted: 1 }),
      encodeBase64Json({ x402Version: 9 }),
      "A".repeat(20_000),
    ];
    for (const h of headers) {
      const res = await post(server.url, { text: "x" }, { "PAYMENT-SIGNATURE": h });
      assert(res.status >= 400 && res.status < 500, `status ${res.status} for ${h.slice(0, 20)}`);
      if (res.status === 402) assertEquals((await res.json()).error.code, "payment_invalid");
      else await res.body?.cancel();
    }
    assertEquals(server.service.runs, 0);
  });
});

Deno.test("paywall names the reason of an invalid payment (expired authorization)", async () => {
  await withPaywall(async ({ server }) => {
    const now = Math.floor(Date.now() / 1000);
    const p = await makePayment({
      requirements: terms,
      authorization: { validBefore: String(now - 10) },
    });
    const res = await post(server.url, { text: "x" }, { "PAYMENT-SIGNATURE": p.header });
    assertEquals(res.status, 402);
    const body = await res.json();
    assertEquals(body.error.code, "payment_invalid");
    assertEquals(body.error.reason, "invalid_exact_evm_payload_authorization_valid_before");
    const pr = decodeBase64Json(res.headers.get("payment-required")!) as PaymentRequired;
    assertEquals(pr.error, "invalid_exact_evm_payload_authorization_valid_before");
  });
});

Deno.test("paywall releases the claim when the payer is rate limited", async () => {
  let limited = true;
  await withPaywall(async ({ server }) => {
    const p = await makePayment({ requirements: terms });
    const res = await post(server.url, { text: "x" }, { "PAYMENT-SIGNATURE": p.header });
    assertEquals(res.status, 429);
    assertEquals(res.headers.get("retry-after"), "30");
    await res.body?.cancel();
    limited = false;
    const ok = await post(server.url, { text: "x" }, { "PAYMENT-SIGNATURE": p.header });
    assertEquals(ok.status, 200);
    await ok.body?.cancel();
  }, {
    limitPayer: (payer) => {
      assertEquals(payer, buyer.address);
      if (limited) {
        throw new HttpError(429, "rate_limited", "Too many calls", {
          headers: { "Retry-After": "30" },
        });
      }
    },
  });
});

Deno.test("paywall recognises a front-run transfer that already paid us as paid", async () => {
  await withPaywall(async ({ server, chain }) => {
    const p = await makePayment({ requirements: terms });
    // Someone else submits the buyer's authorization first.
    const sig = p.signature;
    const wallet = createWalletClient({
      chain: { ...anvilChain, rpcUrls: { default: { http: [chain.rpcUrl] } } },
      transport: http(chain.rpcUrl),
      account: privateKeyToAccount(
        "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
      ),
    });
    const a = p.authorization;
    const hash = await wallet.writeContract({
      address: BASE.usdc,
      abi: USDC_ABI,
      functionName: "transferWithAuthorization",
      args: [
        a.from,
        a.to,
        BigInt(a.value),
        BigInt(a.validAfter),
        BigInt(a.validBefore),
        a.nonce,
        parseInt(sig.slice(130, 132), 16),
        `0x${sig.slice(2, 66)}`,
        `0x${sig.slice(66, 130)}`,
      ],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const res = await post(server.url, { text: "fr" }, { "PAYMENT-SIGNATURE": p.header });
    assertEquals(res.status, 200);
    const body = await res.json();
    assertEquals(body.receipt.payment.transaction, hash);
    assertEquals(await chain.transfersTo(seller.address), 1);
  });
});

Deno.test("paywall settles several different payments at once from one facilitator key", async () => {
  await withPaywall(async ({ server, chain }) => {
    const payments = await Promise.all(
      Array.from({ length: 6 }, () => makePayment({ requirements: terms })),
    );
    const answers = await Promise.all(
      payments.map((p, i) =>
        post(server.url, { text: `n${i}` }, { "PAYMENT-SIGNATURE": p.header })
      ),
    );
    const bodies = await Promise.all(answers.map((r) => r.json()));
    assertEquals(
      answers.map((r) => r.status),
      [200, 200, 200, 200, 200, 200],
      JSON.stringify(bodies),
    );
    assertEquals(bodies.map((b) => b.result.echo), ["n0", "n1", "n2", "n3", "n4", "n5"]);
    assertEquals(await chain.transfersTo(seller.address), 6);
    assertEquals(await chain.balanceOf(seller.address), 6000n);
  });
});
