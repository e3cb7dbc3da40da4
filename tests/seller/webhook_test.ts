/**
 * Order events through the real webhook outbox to the reference receiver
 * (`esim-rails webhooks listen`, a subprocess that verifies signatures and prints each event).
 */
import assert from "node:assert/strict";
import { cheapestOffer, withSeller } from "./_env.ts";
import { spawnProcess } from "./_serve.ts";
import { buyer } from "../x402/_sign.ts";
import { payAndFetch } from "../../src/x402/client.ts";

const WEBHOOK_SECRET = "webhook-secret-for-the-tests-0123";

interface Event {
  id: string;
  type: string;
  data: { order_id: string; status: string; method: string; payment: { ref: string } };
}

async function withListener(
  fn: (
    url: string,
    next: (type: string) => Promise<Event>,
    output: () => string,
  ) => Promise<void>,
) {
  const dir = await Deno.makeTempDir({ prefix: "esim-hooks-" });
  await Deno.writeTextFile(`${dir}/secret`, WEBHOOK_SECRET);
  const listener = await spawnProcess([
    "webhooks",
    "listen",
    "--secret-file",
    `${dir}/secret`,
    "--port",
    "0",
  ]);
  try {
    const next = async (type: string) =>
      JSON.parse(await listener.waitForLine(new RegExp(`"type":"${type.replace(".", "\\.")}"`)));
    await fn(listener.url, next, listener.output);
  } finally {
    await listener.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

Deno.test("a delivered order reaches the reference webhook receiver as a verified agent_order.delivered", async () => {
  await withListener(async (hookUrl, next, output) => {
    const dir = await Deno.makeTempDir({ prefix: "esim-hooks-node-" });
    try {
      await Deno.writeTextFile(`${dir}/webhook-secret`, WEBHOOK_SECRET);
      await withSeller(async ({ url }) => {
        const offer = await cheapestOffer(url, "US");
        const call = await payAndFetch(`${url}/order`, { offer_id: offer.offer_id }, buyer, {
          maxAtomic: 100_000_000n,
        });
        assert.equal(call.status, 200, JSON.stringify(call.body));
        const d = call.body as {
          order_id: string;
          status_token: string;
          esim: { activation_code: string };
        };
        const event = await next("agent_order.delivered");
        assert.equal(event.id, `evt_${d.order_id}_agent_order.delivered`);
        assert.equal(event.data.order_id, d.order_id);
        assert.equal(event.data.status, "delivered");
        assert.equal(event.data.method, "x402");
        assert.equal(event.data.payment.ref, call.settlement?.transaction);
        assert.ok(!output().includes(d.esim.activation_code.split("$").at(-1)!));
        assert.ok(!output().includes(d.status_token));
      }, {
        outbox: true,
        env: { WEBHOOK_URL: `${hookUrl}/hook`, WEBHOOK_SECRET_FILE: `${dir}/webhook-secret` },
      });
    } finally {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  });
});
