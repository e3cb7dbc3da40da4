/** air-quality-now against the Open-Meteo fake. */
import assert from "node:assert/strict";
import { HttpError } from "../../src/http/errors.ts";
import { europeanAqiLevel } from "../../src/sensors/live.ts";
import { withLive } from "./_support.ts";

Deno.test("air-quality-now passes the model's values through with the grid point and the model hour in UTC", async () => {
  await withLive(async (live, fakes) => {
    const r = await live.airQualityNow({
      latitude: 52.5234,
      longitude: 13.4114,
      name: "Berlin",
      country: "DE",
    });
    assert.deepEqual(r.place, {
      latitude: 52.5234,
      longitude: 13.4114,
      name: "Berlin",
      country: "DE",
    });
    assert.deepEqual([r.pm2_5_ugm3, r.pm10_ugm3, r.us_aqi, r.european_aqi], [8.7, 9.9, 36, 26]);
    assert.equal(r.european_aqi_level, "fair");
    assert.equal(r.observed_at, "2026-11-26T04:00:00Z");
    assert.deepEqual(r.model, { name: "CAMS Europe", latitude: 52.5, longitude: 13.400002 });
    assert.equal(
      r.source.url,
      `${fakes.env.OPEN_METEO_AQ_URL}/v1/air-quality?latitude=52.52&longitude=13.41&current=pm10,pm2_5,us_aqi,european_aqi`,
    );
  });
});

Deno.test("air-quality-now reads a zone-less time in the upstream's offset and keeps nulls", async () => {
  await withLive(async (live, fakes) => {
    fakes.airQuality = () => ({
      latitude: -33.75,
      longitude: 151.25,
      utc_offset_seconds: 36000,
      timezone: "Australia/Sydney",
      current_units: { pm10: "µg/m³" },
      current: {
        time: "2026-11-26T15:00",
        interval: 3600,
        pm10: null,
        pm2_5: "3.2",
        us_aqi: null,
        european_aqi: null,
      },
    });
    const r = await live.airQualityNow({ latitude: -33.87, longitude: 151.21 });
    assert.equal(r.observed_at, "2026-11-26T05:00:00Z");
    assert.deepEqual([r.pm2_5_ugm3, r.pm10_ugm3, r.european_aqi, r.european_aqi_level], [
      3.2,
      null,
      null,
      null,
    ]);
    assert.equal(r.model.name, "CAMS global");
  });
});

Deno.test("air-quality-now sends the commercial key from OPEN_METEO_API_KEY_FILE but never shows it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/key`, "secret-key-123\n");
    await withLive(async (live, fakes) => {
      const r = await live.airQualityNow({ latitude: 1, longitude: 2 });
      assert.match(fakes.requests[0]!.path, /&apikey=secret-key-123$/);
      assert.ok(!JSON.stringify(r).includes("secret-key-123"));
    }, { OPEN_METEO_API_KEY_FILE: `${dir}/key` });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("air-quality-now: an upstream 400 {error, reason}, 5xx, unknown shape or empty answer is 502", async () => {
  for (const mode of ["500", "shape", "empty", "malformed", "204"] as const) {
    await withLive(async (live, fakes) => {
      fakes.failNext("om", mode);
      await assert.rejects(
        () => live.airQualityNow({ latitude: 1, longitude: 2 }),
        (e) => e instanceof HttpError && e.status === 502 && e.code === "upstream_failed",
        mode,
      );
    });
  }
  await withLive(async (live, fakes) => {
    fakes.airQuality = () => ({
      error: true,
      reason: "Cannot initialize WeatherVariable from invalid String value",
    });
    await assert.rejects(
      () => live.airQualityNow({ latitude: 1, longitude: 2 }),
      (e) => e instanceof HttpError && e.status === 502,
    );
  });
});

Deno.test("air-quality-now caches per cell for 60 s: a second call makes no upstream request", async () => {
  await withLive(async (live, fakes) => {
    await live.airQualityNow({ latitude: 10.001, longitude: 20.001 });
    await live.airQualityNow({ latitude: 10.002, longitude: 20.002 });
    assert.equal(fakes.count("om"), 1);
  });
});

Deno.test("europeanAqiLevel() uses the EEA bands, upper bounds inclusive", () => {
  const cases: [number, string][] = [
    [0, "good"],
    [20, "good"],
    [20.1, "fair"],
    [40, "fair"],
    [60, "moderate"],
    [80, "poor"],
    [100, "very_poor"],
    [100.5, "extremely_poor"],
  ];
  for (const [v, level] of cases) assert.equal(europeanAqiLevel(v), level, String(v));
});
