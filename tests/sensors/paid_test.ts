/**
 * The three live-data routes through the real `serve` stack against the upstream fakes, paid
 * on a local anvil chain (the EIP-3009 token at the real Base USDC address): prices,
 * envelopes, verified receipts, and nothing charged for 400, 404 no_data_nearby and 502.
 */
import assert from "node:assert/strict";
import { startServerWithPaymentsOn, withPaidTestServer } from "../support/paid_server.ts";
import { buyer } from "../x402/_sign.ts";
import { payAndFetch } from "../../src/x402/client.ts";
import { decodeBase64Json } from "../../src/x402/encoding.ts";
import { type Receipt, verifyReceipt } from "../../src/crypto/receipt.ts";
import { fromBase64 } from "../../src/crypto/hash.ts";
import { metarItem, type SensorFakes, startSensorFakes } from "../fakes/sensors.ts";

interface PaidEnv {
  url: string;
  fakes: SensorFakes;
  balance: () => Promise<bigint>;
}

async function withPaidLiveServer(fn: (env: PaidEnv) => Promise<void>) {
  await using fakes = startSensorFakes();
  await withPaidTestServer(
    { UPSTREAM_TIMEOUT_MS: "2000", ...fakes.env },
    ({ srv, balance }) => fn({ url: srv.url, fakes, balance }),
  );
}

async function verifiedReceipt(url: string, receipt: Receipt): Promise<boolean> {
  const keys = await (await fetch(`${url}/x402/keys`)).json();
  return verifyReceipt(fromBase64(keys.signer.key), receipt);
}

Deno.test("serve: a paid weather-now call moves $0.001 and answers the nearest station with a verified receipt", async () => {
  await withPaidLiveServer(async ({ url, fakes, balance }) => {
    fakes.metar = (
      t,
    ) => [metarItem({ icaoId: "LFPG", lat: 49.0097, lon: 2.5479, obsTime: t - 300 })];
    const before = await balance();
    const call = await payAndFetch(`${url}/x402/weather-now`, { city: "Paris, FR" }, buyer, {
      maxAtomic: 10_000n,
    });
    assert.equal(call.status, 200, JSON.stringify(call.body));
    const body = call.body as {
      status: string;
      service: string;
      capability_id: string;
      result: {
        place: { name: string; country: string };
        station: { id: string; distance_km: number };
      };
      receipt: Receipt;
    };
    assert.deepEqual([body.status, body.service, body.capability_id], [
      "ok",
      "weather-now",
      "svc.weather.read@v1",
    ]);
    assert.deepEqual([body.result.place.name, body.result.place.country], ["Paris", "FR"]);
    assert.equal(body.result.station.id, "LFPG");
    assert.ok(body.result.station.distance_km > 20 && body.result.station.distance_km < 30);
    assert.ok(await verifiedReceipt(url, body.receipt), "the receipt verifies with /x402/keys");
    assert.equal(body.receipt.capability_id, "svc.weather.read@v1");
    assert.equal(body.receipt.payment.amount, "1000");
    assert.equal(body.receipt.payment.transaction, call.settlement?.transaction);
    assert.equal(await balance() - before, 1000n);
    assert.match(
      fakes.requests[0]!.userAgent ?? "",
      /^esim-rails\/\d+\.\d+\.\d+ \(\+http:\/\/127\.0\.0\.1:\d+\)$/,
    );
  });
});

Deno.test("serve: air-quality-now is $0.001 and nearby-sensors $0.03, both with receipts", async () => {
  await withPaidLiveServer(async ({ url, fakes, balance }) => {
    fakes.metar = (
      t,
    ) => [metarItem({ icaoId: "EDDM", lat: 48.3538, lon: 11.7861, obsTime: t - 300 })];
    let before = await balance();
    const air = await payAndFetch(
      `${url}/x402/air-quality-now`,
      { latitude: 48.14, longitude: 11.58 },
      buyer,
      { maxAtomic: 10_000n },
    );
    assert.equal(air.status, 200, JSON.stringify(air.body));
    const a = air.body as {
      capability_id: string;
      result: { european_aqi_level: string };
      receipt: Receipt;
    };
    assert.equal(a.capability_id, "svc.air.read@v1");
    assert.equal(a.result.european_aqi_level, "fair");
    assert.ok(await verifiedReceipt(url, a.receipt));
    assert.equal(await balance() - before, 1000n);

    before = await balance();
    const near = await payAndFetch(
      `${url}/x402/nearby-sensors`,
      { latitude: 48.14, longitude: 11.58, layers: ["weather", "radiation"], max_km: 50 },
      buyer,
      { maxAtomic: 100_000n },
    );
    assert.equal(near.status, 200, JSON.stringify(near.body));
    const n = near.body as {
      capability_id: string;
      result: { sensors: { layer: string; sensor: { id: string } }[]; missing: unknown[] };
      receipt: Receipt;
    };
    assert.equal(n.capability_id, "svc.nearest.read@v1");
    assert.deepEqual(n.result.sensors.map((s) => [s.layer, s.sensor.id]), [["weather", "EDDM"]]);
    assert.deepEqual(n.result.missing, [{ layer: "radiation", reason: "none_within_max_km" }]);
    assert.ok(await verifiedReceipt(url, n.receipt));
    assert.equal(await balance() - before, 30_000n);
  });
});

Deno.test("serve: 404 no_data_nearby and 502 upstream_failed are never charged", async () => {
  await withPaidLiveServer(async ({ url, fakes, balance }) => {
    const before = await balance();
    const none = await payAndFetch(
      `${url}/x402/weather-now`,
      { latitude: 0, longitude: -30 },
      buyer,
      { maxAtomic: 10_000n },
    );
    assert.equal(none.status, 404, JSON.stringify(none.body));
    assert.deepEqual(
      [
        (none.body as { error: { code: string } }).error.code,
        (none.body as { service: string }).service,
      ],
      ["no_data_nearby", "weather-now"],
    );
    fakes.failNext("om", "500");
    const failed = await payAndFetch(
      `${url}/x402/air-quality-now`,
      { latitude: 1, longitude: 1 },
      buyer,
      { maxAtomic: 10_000n },
    );
    assert.equal(failed.status, 502);
    assert.equal((failed.body as { error: { code: string } }).error.code, "upstream_failed");
    fakes.failNext("sc", "hang");
    const slow = await payAndFetch(
      `${url}/x402/nearby-sensors`,
      { latitude: 1, longitude: 1, layers: ["air"] },
      buyer,
      { maxAtomic: 100_000n },
    );
    assert.equal(slow.status, 502, "slower than UPSTREAM_TIMEOUT_MS");
    assert.equal(await balance(), before, "nothing moved");
  });
});

Deno.test("serve: bad live-data input is 400 naming the field before any payment is asked or upstream called", async () => {
  await using fakes = startSensorFakes();
  await using srv = await startServerWithPaymentsOn(fakes.env);
  const post = (path: string, body: unknown) =>
    fetch(`${srv.url}/x402/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const cases: [string, unknown, string][] = [
    ["weather-now", { city: "Berlin", latitude: 52.5, longitude: 13.4 }, "city"],
    ["weather-now", { latitude: 52.5 }, "longitude"],
    ["weather-now", { latitude: 91, longitude: 0 }, "latitude"],
    ["weather-now", { latitude: "52.5", longitude: 13.4 }, "latitude"],
    ["air-quality-now", { city: "Nowhere-upon-Qwx" }, "city"],
    ["air-quality-now", {}, "latitude"],
    ["nearby-sensors", { latitude: 1, longitude: 1, layers: ["lightning"] }, "layers"],
    ["nearby-sensors", { latitude: 1, longitude: 1, max_km: 501 }, "max_km"],
  ];
  for (const [path, body, field] of cases) {
    const res = await post(path, body);
    const json = await res.json();
    assert.equal(res.status, 400, `${path} ${JSON.stringify(body)}`);
    assert.equal(res.headers.get("payment-required"), null);
    assert.deepEqual([json.status, json.service, json.error.code, json.error.field], [
      "error",
      path,
      "invalid_input",
      field,
    ]);
  }
  assert.equal(fakes.requests.length, 0, "no upstream was called");
  const ok = await post("nearby-sensors", { latitude: 1, longitude: 1 });
  assert.equal(ok.status, 402);
  const terms = decodeBase64Json(ok.headers.get("payment-required")!) as {
    accepts: { amount: string }[];
  };
  assert.equal(terms.accepts[0]!.amount, "30000");
  await ok.body?.cancel();
  const w = await post("weather-now", { city: "Cologne" });
  assert.equal(w.status, 402);
  assert.equal(
    (decodeBase64Json(w.headers.get("payment-required")!) as { accepts: { amount: string }[] })
      .accepts[0]!.amount,
    "1000",
  );
  await w.body?.cancel();
  assert.equal(fakes.requests.length, 0, "a 402 calls no upstream either");
});
