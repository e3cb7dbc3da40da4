/** The server's services carry the outbox: on with WEBHOOK_URL, a no-op without. */
import assert from "node:assert/strict";
import { startTestServer } from "../support/server.ts";
import { createEvent } from "../../rails/webhooks/event.ts";
import { createWebhookReceiver } from "../../rails/webhooks/receiver.ts";
import type { WebhookEvent } from "../../rails/webhooks/event.ts";
import { SECRET, serveLocal, Signals, tempDir } from "./_support.ts";

Deno.test("serve with WEBHOOK_URL delivers events emitted through services.webhooks", async () => {
  const arrived = new Signals<WebhookEvent>();
  await using rx = serveLocal(createWebhookReceiver({
    secret: SECRET,
    onEvent: (e) => arrived.push(e),
  }));
  await using dir = await tempDir();
  const secretFile = `${dir.path}/webhook.secret`;
  await Deno.writeTextFile(secretFile, SECRET);
  await using srv = await startTestServer({
    WEBHOOK_URL: rx.url + "/hook",
    WEBHOOK_SECRET_FILE: secretFile,
  });
  const webhooks = srv.server.services.webhooks;
  assert.equal(webhooks.enabled, true);
  const event = createEvent("order.created", { order_id: "ord_1" });
  await webhooks.emit(event);
  assert.deepEqual(await arrived.next(), event);
  await webhooks.whenIdle();
});

Deno.test("serve without WEBHOOK_URL has events off", async () => {
  await using srv = await startTestServer({});
  const webhooks = srv.server.services.webhooks;
  assert.equal(webhooks.enabled, false);
  assert.equal((await webhooks.emit(createEvent("order.created", {}))).stored, false);
});
