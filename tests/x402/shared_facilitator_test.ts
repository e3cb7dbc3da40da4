/**
 * Nodes sharing one facilitator key (DESIGN.md §13): settlers in separate "nodes" (separate
 * LocalSettler instances, so no shared send queue) settle different payments at once with the
 * same account; every payment is paid exactly once (a nonce conflict is sent again with a
 * fresh nonce, never a double send).
 */
import { assertEquals } from "./_assert.ts";
import { requirementsFor } from "../../src/x402/terms.ts";
import { LocalSettler } from "../../src/x402/settle_local.ts";
import { parsePaymentObject } from "../../src/x402/encoding.ts";
import { fromHex } from "../../src/crypto/hash.ts";
import { buyer, KEYS, makePayment, seller } from "./_sign.ts";
import { startChain } from "../support/chain.ts";

Deno.test("settlers on several nodes sharing one facilitator key each settle their payment once", async () => {
  const chain = await startChain();
  try {
    await chain.mint(buyer.address, 10_000_000n);
    const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
    const nodes = Array.from({ length: 4 }, () =>
      new LocalSettler({
        privateKey: fromHex(KEYS.facilitator),
        rpcUrl: chain.rpcUrl,
        pollingIntervalMs: 50,
      }));
    const payments = await Promise.all(nodes.map(() => makePayment({ requirements: terms })));
    const outcomes = await Promise.all(
      nodes.map((s, i) =>
        s.settle({ payment: parsePaymentObject(payments[i]!.payload), requirements: terms })
      ),
    );
    assertEquals(
      outcomes.map((o) => o.success),
      [true, true, true, true],
      JSON.stringify(outcomes.map((o) => [o.errorReason, o.errorMessage])),
    );
    assertEquals(new Set(outcomes.map((o) => o.transaction)).size, 4);
    assertEquals(await chain.transfersTo(seller.address), 4, "one transfer per payment");
  } finally {
    await chain.stop();
  }
});
