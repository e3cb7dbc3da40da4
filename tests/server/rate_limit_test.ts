/**
 * The per-caller rate limit through the real `serve` stack: a request that carries a payment
 * header but is refused before any payer is verified (bad input) still counts against the
 * caller's address, so a made-up header is no way around the limit.
 */
import assert from "node:assert/strict";
import { startTestServer } from "../support/server.ts";
import { roomInRateWindow } from "../support/rate_window.ts";

Deno.test("serve counts paid-route requests refused before a payer is verified against the IP", async () => {
  await using srv = await startTestServer({
    RATE_LIMIT_PER_MIN: "2",
    PAY_TO_EVM: "0x" + "11".repeat(20),
    FACILITATOR_URL: "http://127.0.0.1:9",
  });
  const post = async (path: string) => {
    const res = await fetch(`${srv.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "payment-signature": "made-up" },
      body: JSON.stringify({ num_bytes: 0 }),
    });
    await res.body?.cancel();
    return res.status;
  };
  await roomInRateWindow();
  assert.deepEqual(
    [await post("/x402/fair-random"), await post("/order"), await post("/x402/fair-random")],
    [400, 400, 429],
  );
  assert.equal(await post("/order"), 429);
  const health = await fetch(`${srv.url}/healthz`);
  await health.body?.cancel();
  assert.equal(health.status, 429, "the address's quota is spent");
});
