/**
 * Webhook signatures (spec: eSIM rails §5, §8): vectors computed independently by the openssl
 * binary, the five-minute edge (299999 ms fresh, 300000 ms refused), wrong secret, tampered
 * body, missing and malformed headers, short secrets.
 */
import assert from "node:assert/strict";
import { WebhookSigner, webhookSigningBytes, WebhookVerifier } from "../../rails/webhooks/sign.ts";
import { opensslHmac } from "../support/openssl.ts";

const SECRET = "whsec-test-0123456789abcdef";
const T0 = 1_763_704_800_000;
const BODY =
  '{"id":"evt_1","type":"order.delivered","created_at":"2026-11-21T06:00:00.000Z","data":{"offer_name":"Ünïcödé €"}}';

function signed(body = BODY, at = T0, secret = SECRET) {
  const h = new WebhookSigner(secret).sign("order.delivered", body, at);
  return { timestamp: h["X-Kit-Timestamp"], signature: h["X-Kit-Signature"], body };
}

Deno.test("sign() headers: JSON content type, event type, ms timestamp, v1=<openssl hex>", async () => {
  const h = new WebhookSigner(SECRET).sign("order.delivered", BODY, T0);
  assert.equal(h["Content-Type"], "application/json");
  assert.equal(h["X-Kit-Event"], "order.delivered");
  assert.equal(h["X-Kit-Timestamp"], String(T0));
  const expected = await opensslHmac(SECRET, new TextEncoder().encode(`${T0}.${BODY}`));
  assert.equal(h["X-Kit-Signature"], `v1=${expected}`);
});

Deno.test("sign() over a byte body signs exactly those bytes (openssl)", async () => {
  const bytes = new TextEncoder().encode('{"a":"\\u00e9","b":[1,2]}\n');
  const h = new WebhookSigner(SECRET).sign("order.created", bytes, 42);
  const msg = new Uint8Array([...new TextEncoder().encode("42."), ...bytes]);
  assert.equal(h["X-Kit-Signature"], `v1=${await opensslHmac(SECRET, msg)}`);
});

Deno.test("webhookSigningBytes() is timestamp, '.', raw body", () => {
  assert.equal(new TextDecoder().decode(webhookSigningBytes("7", "{}")), "7.{}");
});

Deno.test("verify() accepts a fresh delivery and one 299999 ms away in either direction", () => {
  const v = new WebhookVerifier(SECRET);
  assert.deepEqual(v.verify(signed(), T0), { ok: true });
  assert.deepEqual(v.verify(signed(), T0 + 299_999), { ok: true });
  assert.deepEqual(v.verify(signed(), T0 - 299_999), { ok: true });
});

Deno.test("verify() refuses a timestamp exactly 300000 ms away (five minutes or more)", () => {
  const v = new WebhookVerifier(SECRET);
  assert.deepEqual(v.verify(signed(), T0 + 300_000), { ok: false, reason: "stale" });
  assert.deepEqual(v.verify(signed(), T0 - 300_000), { ok: false, reason: "stale" });
  assert.deepEqual(v.verify(signed(), T0 + 3_600_000), { ok: false, reason: "stale" });
});

Deno.test("verify() refuses a signature made with another secret", () => {
  const v = new WebhookVerifier(SECRET);
  assert.deepEqual(v.verify(signed(BODY, T0, SECRET + "x"), T0), {
    ok: false,
    reason: "bad_signature",
  });
});

Deno.test("verify() refuses a tampered body and a tampered timestamp", () => {
  const v = new WebhookVerifier(SECRET);
  const s = signed();
  assert.equal(v.verify({ ...s, body: s.body.replace("evt_1", "evt_2") }, T0).ok, false);
  assert.equal(v.verify({ ...s, body: s.body + " " }, T0).ok, false);
  assert.deepEqual(v.verify({ ...s, timestamp: String(T0 + 1) }, T0), {
    ok: false,
    reason: "bad_signature",
  });
});

Deno.test("verify() refuses missing or malformed headers", () => {
  const v = new WebhookVerifier(SECRET);
  const s = signed();
  assert.deepEqual(v.verify({ ...s, signature: null }, T0), { ok: false, reason: "missing" });
  assert.deepEqual(v.verify({ ...s, timestamp: undefined }, T0), { ok: false, reason: "missing" });
  assert.deepEqual(v.verify({ ...s, timestamp: "-5" }, T0), { ok: false, reason: "malformed" });
  assert.deepEqual(v.verify({ ...s, timestamp: "1.7e12" }, T0), { ok: false, reason: "malformed" });
  for (const signature of ["v1=zz", s.signature.slice(3), "v2=" + s.signature.slice(3), "v1="]) {
    assert.deepEqual(v.verify({ ...s, signature }, T0), { ok: false, reason: "bad_signature" });
  }
});

Deno.test("verify() accepts any one matching v1= entry (secret rotation)", () => {
  const v = new WebhookVerifier(SECRET);
  const s = signed();
  const old = signed(BODY, T0, "an-old-secret-0123456789").signature;
  assert.deepEqual(v.verify({ ...s, signature: `${old},${s.signature}` }, T0), { ok: true });
});

Deno.test("signer and verifier refuse a secret under 16 characters at construction", () => {
  assert.throws(() => new WebhookSigner("fifteen-chars!!"), RangeError);
  assert.throws(() => new WebhookVerifier(""), RangeError);
  new WebhookSigner("sixteen-chars!!!");
});

Deno.test("signer never shows its secret when logged as JSON", () => {
  assert.ok(!JSON.stringify({ s: new WebhookSigner(SECRET) }).includes(SECRET));
});
