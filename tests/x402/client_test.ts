/** The buyer client (`esim-rails call`): which terms it agrees to pay. */
import { assert, assertEquals } from "./_assert.ts";
import { chooseRequirements, payAndFetch } from "../../src/x402/client.ts";
import { encodeBase64Json } from "../../src/x402/encoding.ts";
import { requirementsFor } from "../../src/x402/terms.ts";
import type { PaymentRequired } from "../../src/x402/types.ts";
import { buyer, seller } from "./_sign.ts";

const usdc = requirementsFor({ priceUsd: "0.01", payTo: seller.address });
/** Same terms in another EIP-3009 token on Base (say one with 8 decimals). */
const otherToken = { ...usdc, asset: "0x1111111111111111111111111111111111111111" };

function required(accepts: PaymentRequired["accepts"]): PaymentRequired {
  return {
    x402Version: 2,
    error: "payment required",
    resource: { url: "http://x/", description: "", mimeType: "application/json" },
    accepts,
  };
}

Deno.test("client: terms in another asset than the chain's USDC are never chosen", () => {
  assertEquals(chooseRequirements(required([otherToken])), undefined);
  assertEquals(chooseRequirements(required([otherToken, usdc])), usdc);
});

Deno.test("client: a server asking to be paid in another token gets no signed payment", async () => {
  let paid = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    await req.text();
    if (req.headers.get("payment-signature")) paid++;
    return new Response("{}", {
      status: 402,
      headers: { "PAYMENT-REQUIRED": encodeBase64Json(required([otherToken])) },
    });
  });
  try {
    let error: unknown;
    await payAndFetch(`http://127.0.0.1:${server.addr.port}/`, {}, buyer, { maxAtomic: 100_000n })
      .catch((e) => error = e);
    assert(error instanceof RangeError && /No payment terms/.test(error.message));
    assertEquals(paid, 0);
  } finally {
    await server.shutdown();
  }
});
