/** The Web-only seller-node pieces in rails/node/: tokens, offers, inputs, states, events. */
import assert from "node:assert/strict";
import { checkStatusToken, statusToken } from "../../rails/node/status_token.ts";
import { priceCatalog, quoteOffers } from "../../rails/node/offers.ts";
import { parseOrderInput, parseQuoteInput } from "../../rails/node/inputs.ts";
import { canMove, isOpen, type OrderRecord } from "../../rails/node/order_state.ts";
import { orderEventData } from "../../rails/node/events.ts";
import { buildListing } from "../../rails/node/listing.ts";
import { signFreeAnswer, verifyFreeAnswer } from "../../rails/node/free_answer.ts";
import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
import { validate } from "../../rails/schemas.ts";
import type { Plan } from "../../rails/supplier/types.ts";

const SECRET = "a node secret of sixteen+";

Deno.test("statusToken() is 43 base64url characters, bound to the order id and the secret", () => {
  const t = statusToken(SECRET, "ord_1");
  assert.match(t, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(statusToken(SECRET, "ord_1"), t);
  assert.notEqual(statusToken(SECRET, "ord_2"), t);
  assert.notEqual(statusToken(SECRET + "x", "ord_1"), t);
});

Deno.test("checkStatusToken() accepts only the exact token", () => {
  const t = statusToken(SECRET, "ord_1");
  assert.equal(checkStatusToken(SECRET, "ord_1", t), true);
  assert.equal(checkStatusToken(SECRET, "ord_1", undefined), false);
  assert.equal(checkStatusToken(SECRET, "ord_1", t.slice(1)), false);
  assert.equal(checkStatusToken(SECRET, "ord_1", t + "A"), false);
  assert.equal(checkStatusToken(SECRET, "ord_2", t), false);
});

const plan = (id: string, costUsd: number, dataBytes: number, countries = ["US"]): Plan => ({
  id,
  name: id,
  countries,
  dataBytes,
  days: 7,
  costUsd,
});

Deno.test("quoteOffers() sorts by price, then more data first, then offer id", () => {
  const cat = priceCatalog([
    plan("b", 2, 1e9),
    plan("a", 1, 1e9),
    plan("c", 2, 5e9),
    plan("d", 2, 1e9),
    plan("x", 0.5, 1e9, ["FR"]),
  ], { marginPct: "0", minMarginUsd: "0" });
  const offers = quoteOffers(cat, { country: "US" });
  assert.deepEqual(offers.map((o) => o.plan_id).slice(0, 2), ["a", "c"]);
  const tied = offers.slice(2);
  assert.deepEqual(tied.map((o) => o.offer_id), tied.map((o) => o.offer_id).sort());
  for (const o of offers) assert.ok(validate("offer", o).ok);
});

Deno.test("parseQuoteInput() normalises the country and converts max_price_usd to cents", () => {
  assert.deepEqual(parseQuoteInput({ country: "de", max_price_usd: "9.5" }), {
    ok: true,
    value: { country: "DE", maxCents: 950n },
  });
  const n = parseQuoteInput({ country: "DE", max_price_usd: 4.999 });
  assert.ok(n.ok && n.value.maxCents === 499n, "a number bound is rounded down to the cent");
  const bad = parseQuoteInput({ country: "D1" });
  assert.ok(!bad.ok && bad.field === "country");
});

Deno.test("parseOrderInput() names offer_id", () => {
  const r = parseOrderInput({ offer_id: 5 });
  assert.ok(!r.ok && r.field === "offer_id");
  assert.deepEqual(parseOrderInput({ offer_id: "off_1", x: 1 }), {
    ok: true,
    value: { offerId: "off_1" },
  });
});

Deno.test("the order state machine has only the documented transitions", () => {
  const path = ["received", "payment_verified", "supplier_ordered", "profile_ready", "settled"];
  for (let i = 1; i < path.length; i++) {
    assert.ok(canMove(path[i - 1] as never, path[i] as never), `${path[i - 1]} → ${path[i]}`);
  }
  assert.ok(canMove("settled", "delivered"));
  assert.ok(canMove("profile_ready", "settle_failed"));
  assert.ok(canMove("settle_failed", "cancelled"));
  assert.ok(!canMove("received", "settled"));
  assert.ok(!canMove("profile_ready", "refused"), "after the eSIM exists only settle or cancel");
  assert.ok(!canMove("delivered", "cancelled"));
  assert.ok(!isOpen("delivered") && !isOpen("refused") && !isOpen("cancelled"));
  assert.ok(isOpen("settle_failed"));
});

Deno.test("orderEventData() carries exactly the spec's sample fields", () => {
  const r: OrderRecord = {
    order_id: "ord_1",
    state: "delivered",
    offer_id: "off_1",
    plan_id: "p",
    offer_name: "US 1 GB",
    price_usd: "2.30",
    price_atomic: "2300000",
    cost_usd: 1.8,
    created_at: "2026-11-21T06:00:00.000Z",
    updated_at: "2026-11-21T06:00:01.000Z",
    input_sha256: "00",
    payment: { payer: "0xabc", raw: { secret: "no" }, requirements: {}, transaction: "0xt" },
    order_ref: "ref_1",
    profile_id: "prf_1",
  };
  const d = orderEventData(r);
  assert.deepEqual(Object.keys(d).sort(), [
    "cost_usd",
    "created_at",
    "error",
    "esim_tran_no",
    "method",
    "offer_id",
    "offer_name",
    "order_id",
    "payment",
    "price_usd",
    "status",
  ]);
  assert.deepEqual(d.payment, { ref: "0xt", payer: "0xabc", units: "2300000" });
  assert.equal(d.esim_tran_no, "ref_1");
  assert.equal(d.error, null);
});

Deno.test("buildListing() is valid against the listing schema", () => {
  const signer = Ed25519Signer.generate();
  const doc = buildListing({
    name: "n",
    productId: "p",
    demo: true,
    publicUrl: "https://x.example/",
    payTo: null,
    publicKey: signer.publicJwk(),
  });
  assert.ok(validate("listing", doc).ok);
  assert.equal(doc.order_url, "https://x.example/order");
});

Deno.test("verifyFreeAnswer() accepts the signed answer and refuses another input or result", () => {
  const signer = Ed25519Signer.generate();
  const parts = {
    capabilityId: "esim.quote@v1",
    productId: "p",
    input: { country: "US" },
    result: { offers: [] },
  };
  const { body, signature } = signFreeAnswer(signer, parts);
  assert.deepEqual(JSON.parse(body), { success: true, result: { offers: [] } });
  assert.ok(verifyFreeAnswer(signer.publicKey, parts, signature));
  assert.ok(!verifyFreeAnswer(signer.publicKey, { ...parts, input: { country: "FR" } }, signature));
  assert.ok(!verifyFreeAnswer(signer.publicKey, { ...parts, result: { offers: [1] } }, signature));
  assert.ok(!verifyFreeAnswer(signer.publicKey, parts, "not base64!"));
});
