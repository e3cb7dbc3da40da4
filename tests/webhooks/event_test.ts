/** Event construction and the scrubber (spec: eSIM rails §2.4, §6 rule 2). */
import assert from "node:assert/strict";
import {
  ALL_EVENT_TYPES,
  checkEvent,
  createEvent,
  EVENT_TYPES,
  isForbiddenKey,
  newEventId,
  type OrderEventData,
  scrubEventData,
} from "../../rails/webhooks/event.ts";
import { validate } from "../../rails/schemas.ts";

const LPA = "LPA:1$smdp.esim-rails.test$K2-1X9Q7-ABCDEF";

/** The spec §2.4 sample order data, plus everything that must never go out. */
function sampleWithSecrets(): Record<string, unknown> {
  const sample: OrderEventData = {
    order_id: "ord_7f3a",
    status: "delivered",
    offer_id: "off_fr_1gb_7d_abc",
    offer_name: "France 1 GB 7 days",
    price_usd: "4.50",
    cost_usd: 3.2,
    method: "x402",
    payment: { ref: "0xabc", payer: "0x1234", units: "4500000" },
    esim_tran_no: "T2026112100001",
    error: null,
    created_at: "2026-11-21T06:00:00.000Z",
  };
  return {
    ...sample,
    activation_code: LPA,
    qr_code_url: "https://qr.example/abc.png",
    install_url: "https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=" +
      encodeURIComponent(LPA),
    token: "tok_abc",
    status_token: "st_abc",
    secret: "s3cr3t-value-abcdef",
    matching_id: "K2-1X9Q7-ABCDEF",
    esim: { iccid: "8901", activationCode: LPA, qrCode: "data:image/png;base64,AAAA" },
    note: `install with ${LPA}`,
  };
}

Deno.test("EVENT_TYPES lists the eight kinds of spec §6", () => {
  assert.deepEqual([...ALL_EVENT_TYPES], [
    "order.created",
    "order.delivered",
    "order.refund_due",
    "order.underpaid",
    "order.expired",
    "order.awaiting_payment",
    "agent_order.delivered",
    "agent_order.cancelled",
  ]);
});

Deno.test("createEvent() builds {id, type, created_at, data} with an evt_ id and ISO UTC time", () => {
  const e = createEvent(EVENT_TYPES.ORDER_DELIVERED, { order_id: "o1" }, {
    nowMs: Date.UTC(2026, 10, 21, 6, 0, 0),
  });
  assert.deepEqual(Object.keys(e), ["id", "type", "created_at", "data"]);
  assert.match(e.id, /^evt_[0-9a-f]{32}$/);
  assert.equal(e.type, "order.delivered");
  assert.equal(e.created_at, "2026-11-21T06:00:00.000Z");
  assert.deepEqual(e.data, { order_id: "o1" });
});

Deno.test("newEventId() gives a different id every call", () => {
  const ids = new Set(Array.from({ length: 1000 }, () => newEventId()));
  assert.equal(ids.size, 1000);
});

Deno.test("createEvent() keeps every field of the spec §2.4 sample and the result matches the schema", () => {
  const e = createEvent(EVENT_TYPES.AGENT_ORDER_DELIVERED, sampleWithSecrets());
  assert.deepEqual(e.data, {
    order_id: "ord_7f3a",
    status: "delivered",
    offer_id: "off_fr_1gb_7d_abc",
    offer_name: "France 1 GB 7 days",
    price_usd: "4.50",
    cost_usd: 3.2,
    method: "x402",
    payment: { ref: "0xabc", payer: "0x1234", units: "4500000" },
    esim_tran_no: "T2026112100001",
    error: null,
    created_at: "2026-11-21T06:00:00.000Z",
    esim: { iccid: "8901" },
  });
  const v = validate("webhook-event", e);
  assert.ok(v.ok, JSON.stringify(v));
});

Deno.test("createEvent() never carries an activation code, QR link, LPA string, token or secret", () => {
  const e = createEvent(EVENT_TYPES.ORDER_DELIVERED, sampleWithSecrets());
  const text = JSON.stringify(e);
  for (
    const needle of ["LPA", "K2-1X9Q7", "qr.example", "esimsetup", "tok_abc", "st_abc", "s3cr3t"]
  ) {
    assert.ok(!text.includes(needle), `${needle} leaked: ${text}`);
  }
});

Deno.test("scrubEventData() reports the dropped paths by name, never by value", () => {
  const { dropped } = scrubEventData(sampleWithSecrets());
  assert.deepEqual(dropped.sort(), [
    "activation_code",
    "esim.activationCode",
    "esim.qrCode",
    "install_url",
    "matching_id",
    "note",
    "qr_code_url",
    "secret",
    "status_token",
    "token",
  ]);
});

Deno.test("scrubEventData() drops LPA strings in arrays and URL-encoded values under innocent keys", () => {
  const { data } = scrubEventData({
    links: ["https://a.example", "lpa:1$x$y"],
    url: "https://x.example/?c=LPA%3A1%24x%24y",
  });
  assert.deepEqual(data, { links: ["https://a.example"] });
});

Deno.test("scrubEventData() drops an activation code without its LPA: prefix and provider install links", () => {
  const { data, dropped } = scrubEventData({
    order_id: "ord_1",
    error: "supplier refused 1$rsp.example.com$K2-1X9Q7-ABCD",
    profile: {
      code: "1$smdp.example$K2-1X9Q7",
      direct_apple_installation_url: "https://x.example/i",
    },
    note: "costs 1$ or 2$",
  });
  assert.deepEqual(data, { order_id: "ord_1", profile: {}, note: "costs 1$ or 2$" });
  assert.deepEqual(dropped.sort(), [
    "error",
    "profile.code",
    "profile.direct_apple_installation_url",
  ]);
});

Deno.test("isForbiddenKey() catches spelling variants and leaves order fields alone", () => {
  for (
    const k of [
      "activation_code",
      "ActivationCode",
      "qr-code-url",
      "QR",
      "client_secret",
      "apiKey",
      "access_token",
      "matchingId",
      "LPA",
    ]
  ) {
    assert.equal(isForbiddenKey(k), true, k);
  }
  for (
    const k of [
      "order_id",
      "offer_id",
      "payment",
      "ref",
      "payer",
      "units",
      "esim_tran_no",
      "error",
      "price_usd",
      "method",
    ]
  ) {
    assert.equal(isForbiddenKey(k), false, k);
  }
});

Deno.test("scrubEventData() makes values JSON-safe (dates, bigints, functions, NaN, deep nesting)", () => {
  let deep: Record<string, unknown> = { leaf: 1 };
  for (let i = 0; i < 12; i++) deep = { d: deep };
  const { data } = scrubEventData({
    when: new Date(Date.UTC(2026, 0, 1)),
    units: 4500000n,
    fn: () => 1,
    nan: NaN,
    undef: undefined,
    deep,
  });
  assert.equal(data.when, "2026-01-01T00:00:00.000Z");
  assert.equal(data.units, "4500000");
  assert.equal("fn" in data, false);
  assert.equal("nan" in data, false);
  assert.equal("undef" in data, false);
  assert.ok(!JSON.stringify(data).includes("leaf"));
});

Deno.test("createEvent() refuses a malformed type or id", () => {
  assert.throws(() => createEvent("Delivered", {}), TypeError);
  assert.throws(() => createEvent("order.delivered", {}, { id: "has space" }), TypeError);
  assert.equal(
    createEvent("order.delivered", {}, { id: "evt_ord_1_delivered" }).id,
    "evt_ord_1_delivered",
  );
});

Deno.test("checkEvent() names the first bad field of an envelope", () => {
  const good = { id: "evt_1", type: "order.created", created_at: "2026-01-01T00:00:00Z", data: {} };
  assert.equal(checkEvent(good).ok, true);
  const cases: [unknown, string][] = [
    [[], "body"],
    [{ ...good, id: 5 }, "id"],
    [{ ...good, type: "created" }, "type"],
    [{ ...good, created_at: "yesterday" }, "created_at"],
    [{ ...good, data: "x" }, "data"],
  ];
  for (const [value, field] of cases) {
    const r = checkEvent(value);
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.field, field);
  }
});
