// Node 20 tests of the built SDK (dist/sdk/): webhook events, signatures checked against
// node:crypto, and the reference receiver's fetch handler called with Web Requests.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
const SDK = new URL("../../dist/sdk/index.js", import.meta.url).href;
const { createEvent, createWebhookReceiver, EVENT_TYPES, WebhookSigner, WebhookVerifier } =
  await import(SDK);

const SECRET = "node-webhook-secret-0123456789";

test("WebhookSigner signs timestamp.body with HMAC-SHA256 (checked with node:crypto)", () => {
  const body = JSON.stringify(createEvent(EVENT_TYPES.ORDER_CREATED, { order_id: "o1" }));
  const h = new WebhookSigner(SECRET).sign("order.created", body, 1_700_000_000_000);
  const hex = createHmac("sha256", SECRET).update(`1700000000000.${body}`).digest("hex");
  assert.equal(h["X-Kit-Signature"], `v1=${hex}`);
  assert.equal(h["X-Kit-Event"], "order.created");
});

test("createEvent drops an activation code on Node too", () => {
  const e = createEvent(EVENT_TYPES.AGENT_ORDER_DELIVERED, {
    activation_code: "LPA:1$a$b",
    order_id: "o",
  });
  assert.deepEqual(e.data, { order_id: "o" });
});

test("WebhookVerifier refuses a timestamp 300000 ms away", () => {
  const h = new WebhookSigner(SECRET).sign("order.created", "{}", 0);
  const d = { timestamp: h["X-Kit-Timestamp"], signature: h["X-Kit-Signature"], body: "{}" };
  assert.deepEqual(new WebhookVerifier(SECRET).verify(d, 299_999), { ok: true });
  assert.deepEqual(new WebhookVerifier(SECRET).verify(d, 300_000), { ok: false, reason: "stale" });
});

test("createWebhookReceiver answers 204, a duplicate 204, a bad signature 401", async () => {
  const seen = [];
  const handler = createWebhookReceiver({
    secret: SECRET,
    onEvent: (e, info) => seen.push([e.id, info.duplicate]),
  });
  const event = createEvent(EVENT_TYPES.ORDER_DELIVERED, { order_id: "o2" });
  const body = JSON.stringify(event);
  const send = (secret) =>
    handler(
      new Request("http://localhost/hook", {
        method: "POST",
        headers: { ...new WebhookSigner(secret).sign(event.type, body) },
        body,
      }),
    );
  assert.equal((await send(SECRET)).status, 204);
  assert.equal((await send(SECRET)).status, 204);
  assert.equal((await send("another-secret-0123456789")).status, 401);
  assert.deepEqual(seen, [[event.id, false], [event.id, true]]);
});
