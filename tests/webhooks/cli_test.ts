/**
 * End to end with real processes: the outbox delivering to `esim-rails webhooks listen`
 * (parsed banner, one JSON line per event, de-duplication on redelivery), a receiver that is
 * down (three tries, then `failed` and listed by `esim-rails events --failed`), and the one
 * process per KV file rule of `events`.
 */
import assert from "node:assert/strict";
import { Store } from "../../src/store/kv.ts";
import { createWebhookOutbox, type StoredEvent } from "../../src/webhooks/queue.ts";
import { createEvent, EVENT_TYPES } from "../../rails/webhooks/event.ts";
import { WebhookSigner } from "../../rails/webhooks/sign.ts";
import { refusedPort, runCli, SECRET, spawnListener, tempDir } from "./_support.ts";

const FAST = [0, 50, 100];

async function secretFile(dir: string, secret = SECRET): Promise<string> {
  const path = `${dir}/webhook.secret`;
  await Deno.writeTextFile(path, secret + "\n", { mode: 0o600 });
  return path;
}

Deno.test("webhooks listen prints its banner first, then each delivered event once as a JSON line", async () => {
  await using dir = await tempDir();
  await using rx = await spawnListener(["--secret-file", await secretFile(dir.path)]);
  assert.match(rx.banner, /^esim-rails webhooks: listening on http:\/\/127\.0\.0\.1:\d+ /);
  const store = await Store.open(":memory:");
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.url + "/webhooks", secret: SECRET },
    delays: FAST,
  });
  try {
    await outbox.start();
    const first = createEvent(EVENT_TYPES.AGENT_ORDER_DELIVERED, {
      order_id: "ord_1",
      status: "delivered",
      activation_code: "LPA:1$smdp.example$SECRET-MATCHING-ID",
    });
    await outbox.emit(first);
    assert.deepEqual(JSON.parse(await rx.stdout.next()), first);
    await outbox.whenIdle();
    const stored = await outbox.get(first.id);
    assert.equal(stored?.status, "delivered");
    assert.deepEqual(stored?.attempts.map((a) => a.status), [204]);

    // Redelivery (a second sender, as after a crash between the POST and its record):
    // 204 again, reported as a duplicate on stderr, not printed again on stdout.
    const again = await Store.open(":memory:");
    const second = createWebhookOutbox({
      store: again,
      webhook: { url: rx.url, secret: SECRET },
      delays: FAST,
    });
    try {
      await second.start();
      await second.emit(first);
      await second.whenIdle();
      assert.deepEqual((await second.get(first.id))?.attempts.map((a) => a.status), [204]);
      assert.match(await rx.stderr.next(), new RegExp(`duplicate ${first.id}`));
      const next = createEvent(EVENT_TYPES.ORDER_CREATED, { order_id: "ord_2" });
      await second.emit(next);
      assert.equal(JSON.parse(await rx.stdout.next()).id, next.id); // not the duplicate
    } finally {
      await second.stop();
      again.close();
    }
  } finally {
    await outbox.stop();
    store.close();
  }
});

Deno.test("webhooks listen answers 401 to a wrong secret; the outbox keeps the event as failed", async () => {
  await using dir = await tempDir();
  await using rx = await spawnListener(["--secret-file", await secretFile(dir.path)]);
  const store = await Store.open(":memory:");
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.url, secret: "not-the-listeners-secret" },
    delays: FAST,
  });
  try {
    await outbox.start();
    const event = createEvent(EVENT_TYPES.ORDER_CREATED, { order_id: "ord_3" });
    await outbox.emit(event);
    await outbox.whenIdle();
    const stored = await outbox.get(event.id);
    assert.equal(stored?.status, "failed");
    assert.deepEqual(stored?.attempts.map((a) => a.status), [401, 401, 401]);
    for (let i = 0; i < 3; i++) assert.match(await rx.stderr.next(), /refused 401/);
  } finally {
    await outbox.stop();
    store.close();
  }
});

Deno.test("webhooks listen answers 401 to a timestamp five minutes old and 400 to bad JSON", async () => {
  await using dir = await tempDir();
  await using rx = await spawnListener(["--secret-file", await secretFile(dir.path)]);
  const signer = new WebhookSigner(SECRET);
  const body = JSON.stringify(createEvent("order.created", {}));
  const stale = await fetch(rx.url, {
    method: "POST",
    headers: { ...signer.sign("order.created", body, Date.now() - 300_000 - 1_000) },
    body,
  });
  assert.equal(stale.status, 401);
  assert.equal((await stale.json()).error.code, "unauthorized");
  const bad = await fetch(rx.url, {
    method: "POST",
    headers: { ...signer.sign("order.created", "{oops") },
    body: "{oops",
  });
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error.field, "body");
});

Deno.test("receiver down: three tries, then the event is listed by esim-rails events --failed", async () => {
  await using dir = await tempDir();
  const kvPath = `${dir.path}/node.kv`;
  const event = createEvent(EVENT_TYPES.AGENT_ORDER_CANCELLED, { order_id: "ord_9" });
  const delivered = createEvent(EVENT_TYPES.ORDER_CREATED, { order_id: "ord_8" });
  {
    const store = await Store.open(kvPath);
    const outbox = createWebhookOutbox({
      store,
      webhook: { url: `http://127.0.0.1:${refusedPort()}/hook`, secret: SECRET },
      delays: FAST,
    });
    try {
      await outbox.start();
      await outbox.emit(event);
      await outbox.whenIdle();
      assert.equal((await outbox.get(event.id))?.attempts.length, 3);
    } finally {
      await outbox.stop();
    }
    // A delivered one beside it, which --failed must leave out.
    await store.set(
      ["webhooks", "event", delivered.id],
      {
        id: delivered.id,
        type: delivered.type,
        created_at: delivered.created_at,
        body: JSON.stringify(delivered),
        status: "delivered",
        attempts: [{ n: 1, at: delivered.created_at, status: 204, duration_ms: 1 }],
        next_at: null,
        updated_at: delivered.created_at,
      } satisfies StoredEvent,
    );
    store.close();
  }
  const table = await runCli(["events", "--failed", "--kv-path", kvPath]);
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, new RegExp(`failed\\s+agent_order.cancelled\\s+${event.id}`));
  assert.equal(table.stdout.match(/ try \d at /g)?.length, 3);
  assert.ok(!table.stdout.includes(delivered.id));

  const json = await runCli(["events", "--failed", "--json", "--kv-path", kvPath]);
  assert.equal(json.code, 0, json.stderr);
  const lines = json.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, 1);
  assert.equal(lines[0].status, "failed");
  assert.deepEqual(lines[0].event, event);
  assert.deepEqual(lines[0].attempts.map((a: { n: number }) => a.n), [1, 2, 3]);

  const all = await runCli(["events", "--kv-path", kvPath]);
  assert.match(all.stdout, /2 event\(s\)/);
});

Deno.test("esim-rails events says so when another process holds the KV file", async () => {
  await using dir = await tempDir();
  const kvPath = `${dir.path}/held.kv`;
  const store = await Store.open(kvPath);
  try {
    const event = createEvent("agent_order.delivered", { order_id: "ord_held" });
    await store.set(
      ["webhooks", "event", event.id],
      {
        id: event.id,
        type: event.type,
        created_at: event.created_at,
        body: JSON.stringify(event),
        status: "delivered",
        attempts: [{ n: 1, at: event.created_at, status: 204, duration_ms: 1 }],
        next_at: null,
        updated_at: event.created_at,
      } satisfies StoredEvent,
    );
    const res = await runCli(["events", "--kv-path", kvPath]);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /in use by another process/);
    assert.match(res.stderr, /esim-rails serve/);
    // The advice works as given: a copy made with its -wal file lists the event (a copy of the
    // main file alone may not hold it yet).
    assert.match(res.stderr, /cp \S+held\.kv \S+held\.kv-wal/);
    await Deno.copyFile(kvPath, `${dir.path}/copy.kv`);
    await Deno.copyFile(`${kvPath}-wal`, `${dir.path}/copy.kv-wal`);
    const copy = await runCli(["events", "--kv-path", `${dir.path}/copy.kv`]);
    assert.equal(copy.code, 0, copy.stderr);
    assert.match(copy.stdout, new RegExp(event.id));
  } finally {
    store.close();
  }
});

Deno.test("esim-rails events reports a missing KV file instead of creating one", async () => {
  await using dir = await tempDir();
  const res = await runCli(["events", "--kv-path", `${dir.path}/none.kv`]);
  assert.equal(res.code, 1);
  assert.match(res.stderr, /no KV file/);
  await assert.rejects(() => Deno.stat(`${dir.path}/none.kv`), Deno.errors.NotFound);
});

Deno.test("webhooks listen refuses to start without a secret file or with a short secret", async () => {
  await using dir = await tempDir();
  const missing = await runCli(["webhooks", "listen", "--port", "0"]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--secret-file is required/);
  const short = await runCli([
    "webhooks",
    "listen",
    "--port",
    "0",
    "--secret-file",
    await secretFile(dir.path, "short"),
  ]);
  assert.equal(short.code, 1);
  assert.match(short.stderr, /16 or more characters/);
  const unknown = await runCli(["webhooks", "serve"]);
  assert.equal(unknown.code, 2);
});
