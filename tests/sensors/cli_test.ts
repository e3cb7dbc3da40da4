/** The offline twins `esim-rails weather|air|sensors` against the upstream fakes. */
import assert from "node:assert/strict";
import { runCli } from "../support/process.ts";
import { metarItem, startSensorFakes } from "../fakes/sensors.ts";

Deno.test("esim-rails weather --city prints the weather-now result without payment", async () => {
  await using fakes = startSensorFakes();
  fakes.metar = (
    t,
  ) => [
    metarItem({
      icaoId: "EDDK",
      lat: 50.8659,
      lon: 7.1427,
      obsTime: t - 600,
      name: "Cologne/Bonn",
    }),
  ];
  const r = await runCli(["weather", "--city", "Cologne"], { env: fakes.env });
  assert.equal(r.code, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.deepEqual([result.place.name, result.place.country, result.station.id], [
    "Köln",
    "DE",
    "EDDK",
  ]);
  assert.ok(result.station.distance_km > 10 && result.station.distance_km < 20);
  assert.match(
    fakes.requests[0]!.userAgent!,
    /^esim-rails\/[\d.]+ \(\+http:\/\/127\.0\.0\.1:8402\)$/,
  );
});

Deno.test("esim-rails air --lat --lon prints the air-quality-now result", async () => {
  await using fakes = startSensorFakes();
  const r = await runCli(["air", "--lat", "52.52", "--lon", "13.405"], { env: fakes.env });
  assert.equal(r.code, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.deepEqual([result.european_aqi, result.european_aqi_level, result.model.name], [
    26,
    "fair",
    "CAMS Europe",
  ]);
});

Deno.test("esim-rails sensors: nothing nearby exits 1; bad input exits 2 naming the field; city with coordinates is refused", async () => {
  await using fakes = startSensorFakes();
  const none = await runCli([
    "sensors",
    "--lat",
    "0",
    "--lon",
    "-30",
    "--layers",
    "weather,radiation",
  ], { env: fakes.env });
  assert.equal(none.code, 0, none.stderr);
  assert.equal(JSON.parse(none.stdout).missing.length, 2);
  const weather = await runCli(["weather", "--lat", "0", "--lon", "-30"], { env: fakes.env });
  assert.equal(weather.code, 1);
  assert.equal(JSON.parse(weather.stderr).error.code, "no_data_nearby");
  const bad = await runCli(["sensors", "--lat", "1", "--lon", "x"], { env: fakes.env });
  assert.equal(bad.code, 2);
  assert.equal(JSON.parse(bad.stderr).error.field, "longitude");
  const both = await runCli(["weather", "--city", "Lyon", "--lat", "1", "--lon", "1"], {
    env: fakes.env,
  });
  assert.equal(both.code, 2);
  assert.equal(JSON.parse(both.stderr).error.field, "city");
  const layers = await runCli(["sensors", "--lat", "1", "--lon", "1", "--layers", "wind"], {
    env: fakes.env,
  });
  assert.equal(JSON.parse(layers.stderr).error.field, "layers");
  const usage = await runCli(["air"], { env: fakes.env });
  assert.equal(usage.code, 2);
  const cfg = await runCli(["air", "--lat", "1", "--lon", "1"], {
    env: { ...fakes.env, METAR_URL: "ftp://x" },
  });
  assert.equal(cfg.code, 1);
  assert.match(cfg.stderr, /METAR_URL/);
});
