import { assert, assertEquals } from "./_assert.ts";
import { createApp } from "../../src/http/app.ts";
import { RateLimiter } from "../../src/http/rate_limit.ts";
import { paidRoute } from "../../src/x402/route.ts";
import { KvClaimStore } from "../../src/store/kv/claims.ts";
import { requirementsFor } from "../../src/x402/terms.ts";
import { decodeBase64Json } from "../../src/x402/encoding.ts";
import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
import { startChain } from "../support/chain.ts";
import { localSettler } from "./_env.ts";
import { echoService } from "./_server.ts";
import { buyer, makePayment, seller } from "./_sign.ts";

Deno.test("paidRoute() mounts the paywall in the HTTP kernel with CORS and the per-payer limit", async () => {
  const chain = await startChain();
  const kv = await Deno.openKv(":memory:");
  const limiter = new RateLimiter({ limit: 2 });
  const service = echoService();
  const app = createApp({
    routes: [
      paidRoute(service, {
        payTo: seller.address,
        settler: localSettler(chain),
        claims: new KvClaimStore(kv),
        signer: Ed25519Signer.generate(),
      }),
    ],
    maxBodyBytes: 64 * 1024,
    limiter,
  });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, app);
  const url = `http://127.0.0.1:${server.addr.port}/x402/echo-test`;
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
  try {
    await chain.mint(buyer.address, 1_000_000n);
    const pre = await fetch(url, { method: "OPTIONS" });
    await pre.body?.cancel();
    const allow = pre.headers.get("access-control-allow-headers")!;
    for (
      const h of ["PAYMENT-SIGNATURE", "X-PAYMENT", "Content-Type", "Access-Control-Expose-Headers"]
    ) {
      assert(allow.includes(h), allow);
    }

    const unpaid = await post('{"text":"hi"}');
    assertEquals(unpaid.status, 402);
    await unpaid.body?.cancel();
    assert(unpaid.headers.get("access-control-expose-headers")!.includes("PAYMENT-REQUIRED"));
    assert(unpaid.headers.get("payment-required"));

    const bad = await post('{"text":1}');
    assertEquals(bad.status, 400);
    assertEquals((await bad.json()).service, "echo-test");

    const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
    const paid = await post('{"text":"paid"}', {
      "PAYMENT-SIGNATURE": (await makePayment({ requirements: terms })).header,
    });
    assertEquals(paid.status, 200);
    assert(paid.headers.get("access-control-expose-headers")!.includes("PAYMENT-RESPONSE"));
    assertEquals(
      (decodeBase64Json(paid.headers.get("payment-response")!) as { success: boolean }).success,
      true,
    );
    assertEquals((await paid.json()).result, { echo: "paid" });

    // The payer's quota (2/min): the second paid call passes, the third is 429 and charges nothing.
    const second = await post('{"text":"2"}', {
      "PAYMENT-SIGNATURE": (await makePayment({ requirements: terms })).header,
    });
    assertEquals(second.status, 200);
    await second.body?.cancel();
    const third = await post('{"text":"3"}', {
      "PAYMENT-SIGNATURE": (await makePayment({ requirements: terms })).header,
    });
    assertEquals(third.status, 429);
    assertEquals((await third.json()).error.code, "rate_limited");
    assertEquals(await chain.transfersTo(seller.address), 2);

    // Garbage payment headers are not free: they count against the caller's address, which
    // already spent its 2/min on the unpaid and the bad-input calls above.
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const r = await post('{"text":"x"}', { "PAYMENT-SIGNATURE": "garbage!" });
      codes.push(r.status);
      await r.body?.cancel();
    }
    assertEquals(codes, [429, 429, 429]);
  } finally {
    await server.shutdown();
    await limiter.stop();
    kv.close();
    await chain.stop();
  }
});
