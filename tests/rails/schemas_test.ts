/** The esim-v1 JSON Schemas: a valid example and several invalid ones for each. */
import assert from "node:assert/strict";
import {
  SCHEMA_BASE,
  SCHEMA_NAMES,
  type SchemaName,
  SCHEMAS,
  validate,
} from "../../rails/schemas.ts";
import { DEMO_CATALOG } from "../../rails/receiver/demo_catalog.ts";
import { planToWire } from "../../rails/supplier/wire.ts";
import { priceOffer } from "../../rails/pricing.ts";

const TS = "2026-11-21T05:30:00.000Z";
const plan = {
  id: "us-1gb-7d",
  name: "US 1 GB",
  countries: ["US"],
  data_bytes: 1073741824,
  days: 7,
  cost_usd: 1.8,
};
const profile = {
  profile_id: "prf_1",
  order_ref: "ord_1",
  activation_code: "LPA:1$smdp.example$AB-CD",
};
const offer = {
  offer_id: "off_abc",
  plan_id: "us-1gb-7d",
  name: "US 1 GB",
  countries: ["US"],
  data_bytes: 1073741824,
  days: 7,
  price_usd: "2.30",
  currency: "USD",
};
const esim = { activation_code: "LPA:1$h$m", iccid: "8999", state: "released" };
const listing = {
  name: "Demo node",
  product_id: "esim-rails-demo",
  version: "1.0.0",
  demo: true,
  public_key: { alg: "Ed25519", key: "A".repeat(43) + "=", key_id: "0123456789abcdef" },
  capabilities: [{
    capability_id: "esim.quote@v1",
    method: "POST",
    url: "https://node.example/quote",
    input_schema: SCHEMAS["quote-input"],
    result_schema: SCHEMAS["quote-result"],
    price: "free",
  }, {
    capability_id: "esim.order@v1",
    method: "POST",
    url: "https://node.example/order",
    input_schema: { $id: "x" },
    result_schema: SCHEMAS.delivery,
    price: { amount_usd: "from quote" },
  }],
  order_url: "https://node.example/order",
  x402: {
    scheme: "exact",
    network: "eip155:8453",
    asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    pay_to: null,
  },
};

type Example = [string, unknown, string?]; // [what, value, field at fault (invalid only)]

const EXAMPLES: Record<SchemaName, { valid: unknown[]; invalid: Example[] }> = {
  plan: {
    valid: [plan, {
      ...plan,
      kind: "region",
      speed: "5G",
      networks: ["A"],
      top_up: true,
      unused_valid_days: 180,
      extra: 1,
    }],
    invalid: [
      ["no cost_usd", { ...plan, cost_usd: undefined }, "cost_usd"],
      ["cost_usd as a string", { ...plan, cost_usd: "1.8" }, "cost_usd"],
      ["lowercase country", { ...plan, countries: ["us"] }, "countries.0"],
      ["no countries", { ...plan, countries: [] }, "countries"],
      ["fractional data_bytes", { ...plan, data_bytes: 1.5 }, "data_bytes"],
      ["zero days", { ...plan, days: 0 }, "days"],
      ["unknown kind", { ...plan, kind: "planet" }, "kind"],
    ],
  },
  profile: {
    valid: [profile, {
      ...profile,
      iccid: "8999",
      installed: false,
      data_used_bytes: 0,
      expires: TS,
    }],
    invalid: [
      ["no activation_code", { ...profile, activation_code: undefined }, "activation_code"],
      ["empty profile_id", { ...profile, profile_id: "" }, "profile_id"],
      ["installed as a string", { ...profile, installed: "no" }, "installed"],
      ["expires not ISO", { ...profile, expires: "tomorrow" }, "expires"],
      ["negative data_used_bytes", { ...profile, data_used_bytes: -1 }, "data_used_bytes"],
    ],
  },
  offer: {
    valid: [offer, { ...offer, kind: "global", top_up: false, future: "ok" }],
    invalid: [
      ["price with one decimal", { ...offer, price_usd: "2.3" }, "price_usd"],
      ["price as a number", { ...offer, price_usd: 2.3 }, "price_usd"],
      ["currency EUR", { ...offer, currency: "EUR" }, "currency"],
      ["no offer_id", { ...offer, offer_id: undefined }, "offer_id"],
      ["three-letter country", { ...offer, countries: ["USA"] }, "countries.0"],
    ],
  },
  "quote-input": {
    valid: [{ country: "US" }, {
      country: "jp",
      min_data_bytes: 0,
      min_days: 7,
      max_price_usd: "10.50",
      x: 1,
    }, { country: "DE", max_price_usd: 9.5 }],
    invalid: [
      ["no country", {}, "country"],
      ["three letters", { country: "USA" }, "country"],
      ["digits", { country: "1A" }, "country"],
      ["negative min_days", { country: "US", min_days: -1 }, "min_days"],
      ["max_price_usd with 3 decimals", { country: "US", max_price_usd: "1.234" }, "max_price_usd"],
      ["not an object", "US", "body"],
    ],
  },
  "quote-result": {
    valid: [{ country: "US", offers: [offer], quoted_at: TS }, {
      country: "AQ",
      offers: [],
      quoted_at: TS,
    }],
    invalid: [
      ["lowercase country", { country: "us", offers: [], quoted_at: TS }, "country"],
      [
        "an invalid offer",
        { country: "US", offers: [{ ...offer, price_usd: "1" }], quoted_at: TS },
        "offers.0.price_usd",
      ],
      ["no quoted_at", { country: "US", offers: [] }, "quoted_at"],
    ],
  },
  "order-input": {
    valid: [{ offer_id: "off_abc" }, { offer_id: "off_abc", note: "unknown fields are ignored" }],
    invalid: [
      ["no offer_id", {}, "offer_id"],
      ["an empty offer_id", { offer_id: "" }, "offer_id"],
      ["a numeric offer_id", { offer_id: 7 }, "offer_id"],
    ],
  },
  "status-input": {
    valid: [{ order_id: "o1" }, { order_id: "o1", token: "t", extra: true }],
    invalid: [
      ["no order_id", { token: "t" }, "order_id"],
      ["numeric order_id", { order_id: 5 }, "order_id"],
      ["empty token", { order_id: "o", token: "" }, "token"],
    ],
  },
  "status-result": {
    valid: [
      { order_id: "o", offer_id: "off", status: "pending", created_at: TS, updated_at: TS },
      { order_id: "o", offer_id: "off", status: "delivered", created_at: TS, updated_at: TS, esim },
    ],
    invalid: [
      ["esim without activation_code", {
        order_id: "o",
        offer_id: "off",
        status: "delivered",
        created_at: TS,
        updated_at: TS,
        esim: { iccid: "1" },
      }, "esim.activation_code"],
      [
        "no updated_at",
        { order_id: "o", offer_id: "off", status: "x", created_at: TS },
        "updated_at",
      ],
      ["created_at not UTC", {
        order_id: "o",
        offer_id: "off",
        status: "x",
        created_at: "2026-11-21T05:30:00+02:00",
        updated_at: TS,
      }, "created_at"],
    ],
  },
  delivery: {
    valid: [
      {
        order_id: "o",
        offer_id: "off",
        status: "delivered",
        status_token: "tok",
        esim,
        receipt: { id: "r" },
      },
      { order_id: "o", offer_id: "off", status: "pending", status_token: "tok", receipt: {} },
    ],
    invalid: [
      ["status refunded", {
        order_id: "o",
        offer_id: "off",
        status: "refunded",
        status_token: "t",
        receipt: {},
      }, "status"],
      [
        "no receipt",
        { order_id: "o", offer_id: "off", status: "pending", status_token: "t" },
        "receipt",
      ],
      [
        "no status_token",
        { order_id: "o", offer_id: "off", status: "pending", receipt: {} },
        "status_token",
      ],
    ],
  },
  listing: {
    valid: [listing, {
      ...listing,
      x402: { ...listing.x402, pay_to: "0x0000000000000000000000000000000000000001" },
    }],
    invalid: [
      ["version 2.0.0", { ...listing, version: "2.0.0" }, "version"],
      [
        "wrong key algorithm",
        { ...listing, public_key: { ...listing.public_key, alg: "RSA" } },
        "public_key.alg",
      ],
      ["inline schema without $id", {
        ...listing,
        capabilities: [{ ...listing.capabilities[0], input_schema: {} }],
      }, "capabilities.0.input_schema.$id"],
      ["bad capability id", {
        ...listing,
        capabilities: [{ ...listing.capabilities[0], capability_id: "quote" }],
      }, "capabilities.0.capability_id"],
      ["no x402", { ...listing, x402: undefined }, "x402"],
    ],
  },
  "webhook-event": {
    valid: [{
      id: "evt_1",
      type: "order.delivered",
      created_at: TS,
      data: {
        order_id: "o",
        status: "delivered",
        offer_id: "off",
        offer_name: "US 1 GB",
        price_usd: "2.30",
        cost_usd: 1.8,
        method: "x402",
        payment: { ref: "0xabc", payer: "0x1", units: "2300000" },
        esim_tran_no: "T1",
        error: null,
        created_at: TS,
      },
    }],
    invalid: [
      ["type without a dot", { id: "e", type: "delivered", created_at: TS, data: {} }, "type"],
      ["data carrying an activation code", {
        id: "e",
        type: "order.delivered",
        created_at: TS,
        data: { activation_code: "LPA:1$a$b" },
      }, "data"],
      ["price_usd as a number", {
        id: "e",
        type: "order.created",
        created_at: TS,
        data: { price_usd: 2.3 },
      }, "data.price_usd"],
      ["no id", { type: "order.created", created_at: TS, data: {} }, "id"],
    ],
  },
};

Deno.test("every schema is JSON Schema 2020-12 with $id under the published base", () => {
  assert.equal(SCHEMA_NAMES.length, 11);
  for (const name of SCHEMA_NAMES) {
    const s = SCHEMAS[name];
    assert.equal(s.$schema, "https://json-schema.org/draft/2020-12/schema");
    assert.equal(s.$id, `${SCHEMA_BASE}${name}.json`);
  }
});

Deno.test("the files under rails/spec/esim-v1/ are exactly the eleven schemas", async () => {
  const files: string[] = [];
  for await (const e of Deno.readDir(new URL("../../rails/spec/esim-v1/", import.meta.url))) {
    files.push(e.name);
  }
  assert.deepEqual(files.sort(), SCHEMA_NAMES.map((n) => `${n}.json`).sort());
});

for (const name of SCHEMA_NAMES) {
  const { valid, invalid } = EXAMPLES[name];
  Deno.test(`${name} schema accepts its valid examples`, () => {
    for (const v of valid) assert.deepEqual(validate(name, v), { ok: true, value: v });
  });
  for (const [what, value, field] of invalid) {
    Deno.test(`${name} schema refuses ${what}, naming '${field}'`, () => {
      const v = JSON.parse(JSON.stringify(value)); // drop undefined members
      const r = validate(name, v);
      assert.equal(r.ok, false);
      if (!r.ok) {
        assert.equal(r.field, field);
        assert.ok(r.message.includes(field!), r.message);
      }
    });
  }
}

Deno.test("every demo catalog plan is valid on the wire, with at least the required countries", () => {
  for (const p of DEMO_CATALOG) assert.ok(validate("plan", planToWire(p)).ok, p.id);
  for (const cc of ["US", "GB", "DE", "FR", "JP"]) {
    const own = DEMO_CATALOG.filter((p) => p.kind === "country" && p.countries.includes(cc));
    assert.ok(own.length >= 3, cc);
    assert.ok(new Set(own.map((p) => p.costUsd)).size >= 2, cc);
  }
  assert.ok(DEMO_CATALOG.some((p) => p.kind === "region" && p.countries.includes("DE")));
  assert.ok(DEMO_CATALOG.some((p) => p.kind === "global" && p.countries.includes("JP")));
});

Deno.test("an offer built from a demo plan and its price is valid against offer.json", () => {
  for (const p of DEMO_CATALOG) {
    const priced = priceOffer({ planId: p.id, costUsd: p.costUsd }, {
      marginPct: 25,
      minMarginUsd: 0.5,
    });
    const o = {
      ...planToWire(p),
      id: undefined,
      cost_usd: undefined,
      offer_id: priced.offerId,
      plan_id: p.id,
      price_usd: priced.priceUsd,
      currency: "USD",
    };
    assert.ok(validate("offer", JSON.parse(JSON.stringify(o))).ok, p.id);
  }
});
