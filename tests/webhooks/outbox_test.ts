/**
 * The KV outbox over real HTTP (spec: eSIM rails §6, DESIGN.md §7): durable before any network
 * attempt, any 2xx acknowledges, three tries on the 0 s / 5 s / 25 s schedule, kept as
 * `failed` with its attempts, resumed after a crash, never carrying secrets, off without a URL.
 * Synchronisation is by signals (attempt hooks, `whenIdle`), never sleeps.
 */
import assert from "node:assert/strict";
import { Store } from "../../src/store/kv.ts";
import {
  type AttemptReport,
  createWebhookOutbox,
  listEvents,
  redactError,
  type StoredEvent,
} from "../../src/webhooks/queue.ts";
import { createEvent, EVENT_TYPES, type WebhookEvent } from "../../rails/webhooks/event.ts";
import { createWebhookReceiver } from "../../rails/webhooks/receiver.ts";
import { WebhookVerifier } from "../../rails/webhooks/sign.ts";
import { refusedPort, SECRET, serveLocal, Signals, tempDir } from "./_support.ts";

const FAST = [0, 50, 100];
const LPA = "LPA:1$smdp.esim-rails.test$K2-1X9Q7-ABCDEF";

/** A receiver (the reference handler) that records what it accepted. */
function goodReceiver() {
  const events: WebhookEvent[] = [];
  const raw: string[] = [];
  const arrived = new Signals<WebhookEvent>();
  const server = serveLocal(createWebhookReceiver({
    secret: SECRET,
    onEvent: (e, info) => {
      if (info.duplicate) return;
      events.push(e);
      raw.push(info.raw);
      arrived.push(e);
    },
  }));
  return { server, events, raw, arrived };
}

/** A receiver that answers `status` to everything and counts the requests. */
function failingReceiver(status: number) {
  const hits: { headers: Headers; body: string }[] = [];
  const server = serveLocal(async (req) => {
    hits.push({ headers: req.headers, body: await req.text() });
    return new Response("no", { status });
  });
  return { server, hits };
}

function order(id?: string): WebhookEvent {
  return createEvent(EVENT_TYPES.AGENT_ORDER_DELIVERED, {
    order_id: "ord_1",
    status: "delivered",
    offer_id: "off_1",
    price_usd: "4.50",
  }, { id });
}

Deno.test("outbox delivers a signed event once to a 2xx receiver and marks it delivered", async () => {
  const rx = goodReceiver();
  await using _ = rx.server;
  const store = await Store.open(":memory:");
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.server.url + "/hook", secret: SECRET },
    delays: FAST,
  });
  try {
    await outbox.start();
    const event = order();
    assert.deepEqual(await outbox.emit(event), { id: event.id, stored: true, duplicate: false });
    await outbox.whenIdle();
    assert.deepEqual(rx.events, [event]);
    const stored = await outbox.get(event.id);
    assert.equal(stored?.status, "delivered");
    assert.equal(stored?.attempts.length, 1);
    assert.equal(stored?.attempts[0]?.status, 204);
    assert.equal(stored?.next_at, null);
  } finally {
    await outbox.stop();
    store.close();
  }
});

Deno.test("outbox sends the headers of spec §6 and a body the receiver can verify", async () => {
  const rx = failingReceiver(200);
  await using _ = rx.server;
  const store = await Store.open(":memory:");
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.server.url, secret: SECRET },
    delays: FAST,
  });
  try {
    await outbox.start();
    const event = order();
    await outbox.emit(event);
    await outbox.whenIdle();
    assert.equal(rx.hits.length, 1);
    const { headers, body } = rx.hits[0]!;
    assert.equal(headers.get("content-type"), "application/json");
    assert.equal(headers.get("x-kit-event"), "agent_order.delivered");
    assert.match(headers.get("x-kit-timestamp")!, /^\d{13}$/);
    assert.deepEqual(JSON.parse(body), event);
    assert.deepEqual(
      new WebhookVerifier(SECRET).verify({
        timestamp: headers.get("x-kit-timestamp"),
        signature: headers.get("x-kit-signature"),
        body,
      }),
      { ok: true },
    );
  } finally {
    await outbox.stop();
    store.close();
  }
});

Deno.test("outbox stores the event before the first network attempt", async () => {
  const rx = goodReceiver();
  await using _ = rx.server;
  const store = await Store.open(":memory:");
  const seenAtFetch: (StoredEvent | null)[] = [];
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.server.url, secret: SECRET },
    delays: FAST,
    fetch: async (input, init) => {
      const id = JSON.parse(String(init?.body)).id;
      seenAtFetch.push(await store.get<StoredEvent>(["webhooks", "event", id]));
      return fetch(input, init);
    },
  });
  try {
    await outbox.start();
    const event = order();
    await outbox.emit(event);
    await outbox.whenIdle();
    assert.equal(seenAtFetch.length, 1);
    assert.equal(seenAtFetch[0]?.status, "pending");
    assert.equal(seenAtFetch[0]?.attempts.length, 0);
  } finally {
    await outbox.stop();
    store.close();
  }
});

Deno.test("outbox tries a 500 receiver exactly three times, then keeps the event as failed", async () => {
  const rx = failingReceiver(500);
  await using _ = rx.server;
  const store = await Store.open(":memory:");
  const reports: AttemptReport[] = [];
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.server.url, secret: SECRET },
    delays: FAST,
    onAttempt: (r) => reports.push(r),
  });
  try {
    await outbox.start();
    const event = order();
    await outbox.emit(event);
    await outbox.whenIdle();
    assert.equal(rx.hits.length, 3);
    assert.deepEqual(reports.map((r) => r.outcome), ["retry", "retry", "failed"]);
    const stored = await outbox.get(event.id);
    assert.equal(stored?.status, "failed");
    assert.deepEqual(stored?.attempts.map((a) => [a.n, a.status]), [[1, 500], [2, 500], [3, 500]]);
    assert.deepEqual((await listEvents(store, { status: "failed" })).map((e) => e.id), [event.id]);
    assert.deepEqual(await listEvents(store, { status: "pending" }), []);
  } finally {
    await outbox.stop();
    store.close();
  }
});

Deno.test("outbox does not take a redirect as an acknowledgment", async () => {
  const rx = failingReceiver(302);
  await using _ = rx.server;
  const store = await Store.open(":memory:");
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.server.url, secret: SECRET },
    delays: FAST,
  });
  try {
    await outbox.start();
    const event = order();
    await outbox.emit(event);
    await outbox.whenIdle();
    assert.equal(rx.hits.length, 3);
    assert.equal((await outbox.get(event.id))?.status, "failed");
  } finally {
    await outbox.stop();
    store.close();
  }
});

Deno.test("outbox follows the 0 s / 5 s / 25 s schedule on an injected clock", async () => {
  const rx = failingReceiver(503);
  await using _ = rx.server;
  const store = await Store.open(":memory:");
  let t = 1_763_704_800_000;
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.server.url, secret: SECRET },
    now: () => t,
  });
  try {
    const event = order();
    await outbox.emit(event); // worker not started: runDue drives it
    assert.equal(await outbox.runDue(), 1);
    assert.equal((await outbox.get(event.id))?.next_at, t + 5_000);
    t += 4_999;
    assert.equal(await outbox.runDue(), 0);
    t += 1;
    assert.equal(await outbox.runDue(), 1);
    assert.equal((await outbox.get(event.id))?.next_at, t + 25_000);
    t += 24_999;
    assert.equal(await outbox.runDue(), 0);
    t += 1;
    assert.equal(await outbox.runDue(), 1);
    t += 3_600_000;
    assert.equal(await outbox.runDue(), 0);
    assert.equal(rx.hits.length, 3);
    const stored = await outbox.get(event.id);
    assert.equal(stored?.status, "failed");
    assert.equal(stored?.next_at, null);
  } finally {
    store.close();
  }
});

Deno.test("outbox records connection errors without the URL's path, query or credentials", async () => {
  const port = refusedPort();
  const store = await Store.open(":memory:");
  const url = `http://user:pw@127.0.0.1:${port}/hooks/T0-path-secret?token=q-secret`;
  const outbox = createWebhookOutbox({ store, webhook: { url, secret: SECRET }, delays: FAST });
  try {
    await outbox.start();
    const event = order();
    await outbox.emit(event);
    await outbox.whenIdle();
    const stored = await outbox.get(event.id);
    assert.equal(stored?.status, "failed");
    assert.equal(stored?.attempts.length, 3);
    for (const a of stored!.attempts) {
      assert.equal(a.status, undefined);
      assert.ok(a.error && a.error.length > 0);
      for (const needle of ["path-secret", "q-secret", "pw", SECRET]) {
        assert.ok(!a.error.includes(needle), `${needle} in ${a.error}`);
      }
    }
  } finally {
    await outbox.stop();
    store.close();
  }
});

Deno.test("redactError() cuts URLs to their origin", () => {
  assert.equal(
    redactError("error sending request for url (https://u:p@hooks.example/T0/s?k=1): refused"),
    "error sending request for url (https://hooks.example/…): refused",
  );
});

Deno.test("outbox gives up on a try that exceeds its timeout", async () => {
  const held = Promise.withResolvers<void>();
  const server = serveLocal(async () => {
    await held.promise;
    return new Response(null, { status: 204 });
  });
  await using _ = server;
  const store = await Store.open(":memory:");
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: server.url, secret: SECRET },
    delays: [0],
    timeoutMs: 100,
  });
  try {
    await outbox.start();
    const event = order();
    await outbox.emit(event);
    await outbox.whenIdle();
    const stored = await outbox.get(event.id);
    assert.equal(stored?.status, "failed");
    assert.equal(stored?.attempts[0]?.error, "timed out after 100 ms");
  } finally {
    held.resolve();
    await outbox.stop();
    store.close();
  }
});

Deno.test("outbox delivers after a restart an event emitted just before the store closed", async () => {
  const rx = goodReceiver();
  await using _ = rx.server;
  await using dir = await tempDir();
  const path = `${dir.path}/events.kv`;
  const webhook = { url: rx.server.url, secret: SECRET };
  const event = order();
  {
    const store = await Store.open(path);
    const outbox = createWebhookOutbox({ store, webhook, delays: FAST });
    await outbox.emit(event); // the worker never started: the "crash" comes before delivery
    store.close();
  }
  assert.equal(rx.events.length, 0);
  const store = await Store.open(path);
  const outbox = createWebhookOutbox({ store, webhook, delays: FAST });
  try {
    await outbox.start();
    assert.deepEqual(await rx.arrived.next(), event);
    await outbox.whenIdle();
    assert.equal((await outbox.get(event.id))?.status, "delivered");
    assert.equal(rx.events.length, 1);
  } finally {
    await outbox.stop();
    store.close();
  }
});

Deno.test("outbox keeps a try cut short by stop() pending and sends it after the restart", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/events.kv`;
  const reached = new Signals<true>();
  const held = Promise.withResolvers<void>();
  const slow = serveLocal(async () => {
    reached.push(true);
    await held.promise;
    return new Response(null, { status: 204 });
  });
  await using _slow = slow;
  const event = order();
  {
    const store = await Store.open(path);
    const outbox = createWebhookOutbox({
      store,
      webhook: { url: slow.url, secret: SECRET },
      delays: FAST,
    });
    await outbox.start();
    await outbox.emit(event);
    await reached.next(); // the try is in flight
    await outbox.stop();
    const stored = await outbox.get(event.id);
    assert.equal(stored?.status, "pending");
    assert.equal(stored?.attempts.length, 0);
    store.close();
  }
  held.resolve();
  const rx = goodReceiver();
  await using _ = rx.server;
  const store = await Store.open(path);
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.server.url, secret: SECRET },
    delays: FAST,
  });
  try {
    await outbox.start();
    await outbox.whenIdle();
    assert.deepEqual(rx.events, [event]);
  } finally {
    await outbox.stop();
    store.close();
  }
});

Deno.test("outbox stores an id once: emitting the same event again sends nothing more", async () => {
  const rx = goodReceiver();
  await using _ = rx.server;
  const store = await Store.open(":memory:");
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.server.url, secret: SECRET },
    delays: FAST,
  });
  try {
    await outbox.start();
    const event = order("evt_ord_1_delivered");
    assert.equal((await outbox.emit(event)).stored, true);
    assert.deepEqual(await outbox.emit(event), {
      id: "evt_ord_1_delivered",
      stored: false,
      duplicate: true,
    });
    await outbox.whenIdle();
    assert.equal(rx.events.length, 1);
  } finally {
    await outbox.stop();
    store.close();
  }
});

Deno.test("outbox never stores or sends an activation code, QR link or token", async () => {
  const rx = goodReceiver();
  await using _ = rx.server;
  const store = await Store.open(":memory:");
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.server.url, secret: SECRET },
    delays: FAST,
  });
  try {
    await outbox.start();
    // Built by hand, not through createEvent: the outbox scrubs on its own.
    const event: WebhookEvent = {
      id: "evt_leak_test",
      type: "agent_order.delivered",
      created_at: "2026-11-21T06:00:00.000Z",
      data: {
        order_id: "ord_1",
        activation_code: LPA,
        qr_code_url: "https://qr.example/ord_1.png",
        status_token: "st-secret-token",
        esim: {
          iccid: "8901",
          lpa: LPA,
          install_url: "https://x.example/?c=" + encodeURIComponent(LPA),
        },
        error: `supplier said ${LPA}`,
      },
    };
    await outbox.emit(event);
    await outbox.whenIdle();
    const needles = ["LPA", "K2-1X9Q7", "qr.example", "st-secret-token", "x.example"];
    const everything: string[] = [];
    for await (const entry of store.kv.list({ prefix: [] })) {
      everything.push(JSON.stringify(entry.key), JSON.stringify(entry.value));
    }
    for (const text of [...everything, ...rx.raw]) {
      for (const n of needles) assert.ok(!text.includes(n), `${n} in ${text}`);
    }
    assert.deepEqual(rx.events[0]?.data, { order_id: "ord_1", esim: { iccid: "8901" } });
  } finally {
    await outbox.stop();
    store.close();
  }
});

Deno.test("outbox without a webhook stores nothing and sends nothing", async () => {
  const store = await Store.open(":memory:");
  const outbox = createWebhookOutbox({ store, webhook: undefined });
  try {
    assert.equal(outbox.enabled, false);
    await outbox.start();
    assert.deepEqual(await outbox.emit(order("evt_off")), {
      id: "evt_off",
      stored: false,
      duplicate: false,
    });
    const keys = [];
    for await (const e of store.kv.list({ prefix: [] })) keys.push(e.key);
    assert.deepEqual(keys, []);
    await outbox.stop();
  } finally {
    store.close();
  }
});

Deno.test("outbox refuses a secret under 16 characters and bad delays", async () => {
  const store = await Store.open(":memory:");
  try {
    const url = "http://127.0.0.1:9/";
    assert.throws(
      () => createWebhookOutbox({ store, webhook: { url, secret: "short" } }),
      RangeError,
    );
    assert.throws(
      () => createWebhookOutbox({ store, webhook: { url, secret: SECRET }, delays: [] }),
      RangeError,
    );
    assert.throws(
      () => createWebhookOutbox({ store, webhook: { url, secret: SECRET }, delays: [0, -1] }),
      RangeError,
    );
  } finally {
    store.close();
  }
});

Deno.test("outbox refuses to emit a malformed event", async () => {
  const store = await Store.open(":memory:");
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: "http://127.0.0.1:9/", secret: SECRET },
  });
  try {
    await assert.rejects(
      () => outbox.emit({ id: "", type: "x", created_at: "", data: {} }),
      TypeError,
    );
  } finally {
    store.close();
  }
});

Deno.test("listEvents() returns events oldest first and filters by status", async () => {
  const rx = failingReceiver(500);
  await using _ = rx.server;
  const store = await Store.open(":memory:");
  let t = Date.UTC(2026, 10, 21, 6, 0, 0);
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.server.url, secret: SECRET },
    delays: [0],
    now: () => t,
  });
  try {
    const a = createEvent("order.created", {}, { nowMs: t });
    await outbox.emit(a);
    await outbox.runDue();
    t += 1000;
    const b = createEvent("order.expired", {}, { nowMs: t });
    await outbox.emit(b);
    assert.deepEqual((await listEvents(store)).map((e) => [e.id, e.status]), [
      [a.id, "failed"],
      [b.id, "pending"],
    ]);
    assert.deepEqual((await listEvents(store, { status: "failed" })).map((e) => e.id), [a.id]);
    assert.deepEqual((await listEvents(store, { limit: 1 })).map((e) => e.id), [b.id]);
  } finally {
    store.close();
  }
});

Deno.test("outbox refuses an event too large for one KV value", async () => {
  const store = await Store.open(":memory:");
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: "http://127.0.0.1:9/", secret: SECRET },
  });
  try {
    const big = createEvent("order.created", { note: "x".repeat(40_000) });
    await assert.rejects(() => outbox.emit(big), /over 32768/);
    assert.deepEqual(await listEvents(store), []);
  } finally {
    store.close();
  }
});

Deno.test("outbox resumes a delivery in flight when its process was killed (SIGKILL)", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/crash.kv`;
  const reached = new Signals<string>();
  const held = Promise.withResolvers<void>();
  await using hang = serveLocal(async (req) => {
    reached.push(await req.text());
    await held.promise;
    return new Response(null, { status: 204 });
  });
  const event = order();
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      new URL("./_emit_child.ts", import.meta.url).pathname,
      path,
      hang.url,
      SECRET,
      JSON.stringify(event),
    ],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  try {
    assert.deepEqual(JSON.parse(await reached.next()), event); // the try is in flight
  } finally {
    child.kill("SIGKILL");
    await child.status;
    await stderr;
    held.resolve();
  }
  const rx = goodReceiver();
  await using _ = rx.server;
  const store = await Store.open(path); // the lock died with the child
  const outbox = createWebhookOutbox({
    store,
    webhook: { url: rx.server.url, secret: SECRET },
    delays: FAST,
  });
  try {
    assert.equal((await outbox.get(event.id))?.status, "pending");
    await outbox.start();
    await outbox.whenIdle();
    assert.deepEqual(rx.events, [event]);
    assert.equal((await outbox.get(event.id))?.status, "delivered");
  } finally {
    await outbox.stop();
    store.close();
  }
});
