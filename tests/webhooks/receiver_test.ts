/** The reference receiver's fetch handler over real HTTP (spec: eSIM rails §5, §6 rule 4). */
import assert from "node:assert/strict";
import { createWebhookReceiver, type ReceivedInfo } from "../../rails/webhooks/receiver.ts";
import { WebhookSigner } from "../../rails/webhooks/sign.ts";
import { createEvent, type WebhookEvent } from "../../rails/webhooks/event.ts";
import { SECRET, serveLocal } from "./_support.ts";

const T0 = 1_763_704_800_000;

function setup(options: { dedupeSize?: number } = {}) {
  const clock = { t: T0 };
  const got: { event: WebhookEvent; info: ReceivedInfo }[] = [];
  const refused: [number, string][] = [];
  const server = serveLocal(createWebhookReceiver({
    secret: SECRET,
    now: () => clock.t,
    dedupeSize: options.dedupeSize,
    maxBodyBytes: 4096,
    onEvent: (event, info) => void got.push({ event, info }),
    onRefused: (status, reason) => refused.push([status, reason]),
  }));
  const post = (body: string, opts: { at?: number; secret?: string; type?: string } = {}) => {
    const headers = new WebhookSigner(opts.secret ?? SECRET).sign(
      opts.type ?? "order.delivered",
      body,
      opts.at ?? clock.t,
    );
    return fetch(server.url + "/hooks", { method: "POST", headers: { ...headers }, body });
  };
  return { clock, got, refused, server, post };
}

async function errorOf(res: Response): Promise<{ code: string; field?: string; message: string }> {
  assert.equal(res.headers.get("content-type"), "application/json");
  const body = await res.json();
  assert.equal(body.success, false);
  return body.error;
}

function eventBody(id = "evt_1"): string {
  return JSON.stringify(createEvent("order.delivered", { order_id: "o1" }, { id }));
}

Deno.test("receiver answers 204 to a signed event and hands it over once", async () => {
  const t = setup();
  await using _ = t.server;
  const res = await t.post(eventBody());
  assert.equal(res.status, 204);
  assert.equal(await res.text(), "");
  assert.equal(t.got.length, 1);
  assert.equal(t.got[0]!.event.id, "evt_1");
  assert.equal(t.got[0]!.info.duplicate, false);
});

Deno.test("receiver answers 204 again to a repeated id and marks it a duplicate", async () => {
  const t = setup();
  await using _ = t.server;
  assert.equal((await t.post(eventBody())).status, 204);
  assert.equal((await t.post(eventBody())).status, 204);
  assert.deepEqual(t.got.map((g) => g.info.duplicate), [false, true]);
});

Deno.test("receiver remembers a bounded number of ids (oldest forgotten first)", async () => {
  const t = setup({ dedupeSize: 2 });
  await using _ = t.server;
  for (const id of ["evt_a", "evt_b", "evt_c", "evt_c", "evt_a"]) {
    assert.equal((await t.post(eventBody(id))).status, 204);
  }
  assert.deepEqual(t.got.map((g) => `${g.event.id}:${g.info.duplicate}`), [
    "evt_a:false",
    "evt_b:false",
    "evt_c:false",
    "evt_c:true",
    "evt_a:false",
  ]);
});

Deno.test("receiver answers 401 to a wrong secret and does not hand the event over", async () => {
  const t = setup();
  await using _ = t.server;
  const res = await t.post(eventBody(), { secret: "another-secret-0123456789" });
  assert.equal(res.status, 401);
  assert.equal((await errorOf(res)).code, "unauthorized");
  assert.equal(t.got.length, 0);
  assert.deepEqual(t.refused.map((r) => r[0]), [401]);
});

Deno.test("receiver answers 401 at 300000 ms of clock distance and 204 at 299999", async () => {
  const t = setup();
  await using _ = t.server;
  const stale = await t.post(eventBody("evt_s"), { at: T0 - 300_000 });
  assert.equal(stale.status, 401);
  assert.match((await errorOf(stale)).message, /five minutes/);
  assert.equal((await t.post(eventBody("evt_f"), { at: T0 + 299_999 })).status, 204);
});

Deno.test("receiver answers 401 without signature headers", async () => {
  const t = setup();
  await using _ = t.server;
  const res = await fetch(t.server.url, { method: "POST", body: eventBody() });
  assert.equal(res.status, 401);
  assert.match((await errorOf(res)).message, /missing/);
});

Deno.test("receiver answers 401 when a signed body was tampered with", async () => {
  const t = setup();
  await using _ = t.server;
  const body = eventBody();
  const headers = new WebhookSigner(SECRET).sign("order.delivered", body, T0);
  const res = await fetch(t.server.url, {
    method: "POST",
    headers: { ...headers },
    body: body.replace("o1", "o2"),
  });
  assert.equal(res.status, 401);
  await res.body?.cancel();
});

Deno.test("receiver answers 400 naming body for signed malformed JSON", async () => {
  const t = setup();
  await using _ = t.server;
  const res = await t.post("{not json");
  assert.equal(res.status, 400);
  assert.deepEqual(await errorOf(res), {
    code: "invalid_input",
    message: "The body is not valid JSON",
    field: "body",
  });
});

Deno.test("receiver answers 400 naming the field of a bad envelope", async () => {
  const t = setup();
  await using _ = t.server;
  const res = await t.post(JSON.stringify({ type: "order.created", created_at: "x", data: {} }));
  assert.equal(res.status, 400);
  assert.equal((await errorOf(res)).field, "id");
});

Deno.test("receiver answers 400 when X-Kit-Event differs from the body's type", async () => {
  const t = setup();
  await using _ = t.server;
  const res = await t.post(eventBody(), { type: "order.created" });
  assert.equal(res.status, 400);
  assert.equal((await errorOf(res)).field, "X-Kit-Event");
});

Deno.test("receiver answers 405 with Allow: POST to a GET", async () => {
  const t = setup();
  await using _ = t.server;
  const res = await fetch(t.server.url);
  assert.equal(res.status, 405);
  assert.equal(res.headers.get("allow"), "POST");
  await res.body?.cancel();
});

Deno.test("receiver answers 413 to a body over its limit", async () => {
  const t = setup();
  await using _ = t.server;
  const res = await t.post("x".repeat(5000));
  assert.equal(res.status, 413);
  assert.equal((await errorOf(res)).code, "payload_too_large");
});

Deno.test("receiver answers 500 when its handler throws and takes the retry as new", async () => {
  const got: boolean[] = [];
  let fail = true;
  const server = serveLocal(createWebhookReceiver({
    secret: SECRET,
    onEvent: (_e, info) => {
      if (fail) throw new Error("disk full");
      got.push(info.duplicate);
    },
  }));
  await using _ = server;
  const body = eventBody();
  const send = () =>
    fetch(server.url, {
      method: "POST",
      headers: { ...new WebhookSigner(SECRET).sign("order.delivered", body) },
      body,
    });
  const first = await send();
  assert.equal(first.status, 500);
  assert.ok(!(await first.text()).includes("disk full"));
  fail = false;
  assert.equal((await send()).status, 204);
  assert.deepEqual(got, [false]);
});
