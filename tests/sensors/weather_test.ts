/** weather-now against the METAR and NWS fakes: choice of station, conversions, failures. */
import assert from "node:assert/strict";
import { HttpError } from "../../src/http/errors.ts";
import { metarItem } from "../fakes/sensors.ts";
import { parseMetars } from "../../src/sensors/metar.ts";
import { degNorth, nowS, UA, withLive } from "./_support.ts";

const status = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return [e.status, e.code];
    throw e;
  }
  return [200, "ok"];
};

Deno.test("weather-now takes the newest of several reports of a station and says how old it is", async () => {
  await withLive(async (live, fakes) => {
    fakes.metar = (t) => [
      metarItem({ icaoId: "EDDB", lat: 52.36, lon: 13.5, obsTime: t - 3000, temp: 2 }),
      metarItem({ icaoId: "EDDB", lat: 52.36, lon: 13.5, obsTime: t - 1200, temp: 5, dewp: 0 }),
      metarItem({ icaoId: "EDDB", lat: 52.36, lon: 13.5, obsTime: t - 2400, temp: 3 }),
    ];
    const r = await live.weatherNow({ latitude: 52.52, longitude: 13.405 });
    assert.equal(r.temperature_c, 5);
    assert.ok(r.age_s >= 1200 && r.age_s < 1260, `age ${r.age_s}`);
    assert.equal(r.station.id, "EDDB");
    assert.equal(r.station.distance_km, 18.9);
    assert.match(r.observed_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.deepEqual(r.derived, ["humidity_pct"]);
    assert.equal(r.humidity_pct, 70.1, "Magnus: T 5 °C, dew point 0 °C");
    assert.equal(r.wind_speed_ms, 5.14);
    assert.equal(r.wind_direction_deg, 250);
    assert.equal(r.pressure_hpa, 1012.3);
    assert.equal(r.source.url, `${fakes.env.METAR_URL}/api/data/metar?ids=EDDB&format=json`);
    assert.deepEqual(r.place, { latitude: 52.52, longitude: 13.405 });
  });
});

Deno.test("weather-now: a nearer but stale station loses to a farther fresh one", async () => {
  await withLive(async (live, fakes) => {
    fakes.metar = (t) => [
      metarItem({ icaoId: "NEAR", lat: degNorth(5), lon: 0, obsTime: t - 7300 }),
      metarItem({ icaoId: "FAR", lat: degNorth(60), lon: 0, obsTime: t - 600 }),
    ];
    const r = await live.weatherNow({ latitude: 0, longitude: 0 });
    assert.equal(r.station.id, "FAR");
    assert.equal(r.station.distance_km, 60);
  });
});

Deno.test("weather-now: a station 74.9 km away counts, one 75.1 km away does not (404 no_data_nearby)", async () => {
  await withLive(async (live, fakes) => {
    fakes.metar = (
      t,
    ) => [metarItem({ icaoId: "EDGE", lat: degNorth(74.9), lon: 0, obsTime: t - 60 })];
    const r = await live.weatherNow({ latitude: 0, longitude: 0 });
    assert.equal(r.station.distance_km, 74.9);
  });
  await withLive(async (live, fakes) => {
    fakes.metar = (
      t,
    ) => [metarItem({ icaoId: "OVER", lat: degNorth(75.1), lon: 0, obsTime: t - 60 })];
    assert.deepEqual(await status(live.weatherNow({ latitude: 0, longitude: 0 })), [
      404,
      "no_data_nearby",
    ]);
  });
});

Deno.test("weather-now finds a station across the antimeridian", async () => {
  await withLive(async (live, fakes) => {
    fakes.metar = (t) => [metarItem({ icaoId: "NFFN", lat: -17.7, lon: -179.9, obsTime: t - 300 })];
    const r = await live.weatherNow({ latitude: -17.7, longitude: 179.8 });
    assert.equal(r.station.id, "NFFN");
    assert.equal(r.station.distance_km, 31.8, "0.3° of longitude at 17.7° S, across ±180°");
  });
});

Deno.test("weather-now at the North Pole finds a station on the far side of the pole", async () => {
  await withLive(async (live, fakes) => {
    fakes.metar = (t) => [metarItem({ icaoId: "POLE", lat: 89.6, lon: 170, obsTime: t - 300 })];
    const r = await live.weatherNow({ latitude: 90, longitude: 0 });
    assert.equal(r.station.id, "POLE");
    assert.equal(r.station.distance_km, 44.5);
  });
});

Deno.test("weather-now: VRB and calm wind have no direction; strings are parsed; missing values are null", async () => {
  await withLive(async (live, fakes) => {
    fakes.metar = (t) => [
      metarItem({
        icaoId: "AAAA",
        lat: 10,
        lon: 10,
        obsTime: t - 60,
        wdir: "VRB",
        wspd: "4",
        temp: "12.5",
        dewp: null,
        altim: null,
        slp: "1015.2",
      }),
    ];
    const r = await live.weatherNow({ latitude: 10, longitude: 10 });
    assert.equal(r.wind_direction_deg, null);
    assert.equal(r.wind_speed_ms, 2.06);
    assert.equal(r.temperature_c, 12.5);
    assert.equal(r.humidity_pct, null, "no dew point: no humidity, not 0");
    assert.deepEqual(r.derived, []);
    assert.equal(r.pressure_hpa, 1015.2, "sea-level pressure preferred");
  });
  await withLive(async (live, fakes) => {
    fakes.metar = (t) => [
      metarItem({
        icaoId: "CALM",
        lat: 10,
        lon: 10,
        obsTime: t - 60,
        wdir: 0,
        wspd: 0,
        temp: undefined,
      }),
    ];
    const r = await live.weatherNow({ latitude: 10, longitude: 10 });
    assert.deepEqual([r.wind_speed_ms, r.wind_direction_deg, r.temperature_c], [0, null, null]);
  });
});

Deno.test("parseMetars() reads an ISO reportTime when obsTime is missing", () => {
  const t = nowS() - 900;
  const [c] = parseMetars(
    [{ ...metarItem({ icaoId: "ISOT", lat: 1, lon: 1, obsTime: t }), obsTime: null }],
    "http://x",
  );
  assert.equal(c!.observedMs, t * 1000);
});

Deno.test("weather-now: 204 and an empty body from METAR outside the US are 404 no_data_nearby", async () => {
  for (const mode of ["204", "empty"] as const) {
    await withLive(async (live, fakes) => {
      fakes.failNext("awc", mode);
      assert.deepEqual(await status(live.weatherNow({ latitude: 48, longitude: 2 })), [
        404,
        "no_data_nearby",
      ]);
      assert.equal(fakes.count("nws"), 0, "the NWS is not asked about France");
    });
  }
});

Deno.test("weather-now: METAR 5xx, malformed JSON, an unknown shape or a timeout are 502 upstream_failed", async () => {
  for (const mode of ["500", "malformed", "shape", "hang"] as const) {
    await withLive(async (live, fakes) => {
      fakes.failNext("awc", mode);
      assert.deepEqual(await status(live.weatherNow({ latitude: 48, longitude: 2 })), [
        502,
        "upstream_failed",
      ], mode);
    }, { UPSTREAM_TIMEOUT_MS: "300" });
  }
});

Deno.test("weather-now honours an upstream 429: 502, and no further call until Retry-After", async () => {
  await withLive(async (live, fakes) => {
    fakes.failNext("awc", "429");
    assert.deepEqual(await status(live.weatherNow({ latitude: 48, longitude: 2 })), [
      502,
      "upstream_failed",
    ]);
    assert.deepEqual(await status(live.weatherNow({ latitude: 30, longitude: 30 })), [
      502,
      "upstream_failed",
    ]);
    assert.equal(fakes.count("awc"), 1, "the second request never reached the upstream");
  });
});

Deno.test("weather-now: concurrent requests for one cell make one upstream call, with our User-Agent", async () => {
  await withLive(async (live, fakes) => {
    fakes.metar = (t) => [metarItem({ icaoId: "EDDB", lat: 52.36, lon: 13.5, obsTime: t - 60 })];
    const results = await Promise.all(
      Array.from(
        { length: 8 },
        (_, i) => live.weatherNow({ latitude: 52.5 + i * 0.001, longitude: 13.4 }),
      ),
    );
    assert.ok(results.every((r) => r.station.id === "EDDB"));
    assert.equal(fakes.count("awc"), 1);
    assert.equal(fakes.requests[0]!.userAgent, UA);
    assert.match(
      fakes.requests[0]!.path,
      /^\/api\/data\/metar\?bbox=[-\d.,]+&format=json&hours=2$/,
    );
  });
});

Deno.test("weather-now falls back to the NWS for a US point without a METAR, on the configured base", async () => {
  await withLive(async (live, fakes) => {
    fakes.nwsStations = [
      {
        id: "KSTALE",
        name: "Stale Field",
        lat: 34.06,
        lon: -118.25,
        observation: (t) => ({
          timestamp: new Date((t - 10_000) * 1000).toISOString(),
          temperature: { unitCode: "wmoUnit:degC", value: 30, qualityControl: "V" },
        }),
      },
      {
        id: "KLAX",
        name: "Los Angeles International Airport",
        lat: 33.94,
        lon: -118.39,
        observation: (t) => ({
          "@id": "x",
          station: "https://api.weather.gov/stations/KLAX",
          stationId: "KLAX",
          timestamp: new Date((t - 900) * 1000).toISOString().replace("Z", "+00:00"),
          rawMessage: "KLAX 260353Z 00000KT 10SM CLR 16/09 A3001",
          temperature: { unitCode: "wmoUnit:degC", value: 16.1, qualityControl: "V" },
          dewpoint: { unitCode: "wmoUnit:degC", value: 9, qualityControl: "V" },
          relativeHumidity: { unitCode: "wmoUnit:percent", value: 62.8, qualityControl: "V" },
          windDirection: { unitCode: "wmoUnit:degree_(angle)", value: null, qualityControl: "Z" },
          windSpeed: { unitCode: "wmoUnit:km_h-1", value: 0, qualityControl: "V" },
          windGust: { unitCode: "wmoUnit:km_h-1", value: null, qualityControl: "Z" },
          barometricPressure: { unitCode: "wmoUnit:Pa", value: 101630, qualityControl: "V" },
          seaLevelPressure: { unitCode: "wmoUnit:Pa", value: null, qualityControl: "Z" },
        }),
      },
    ];
    const r = await live.weatherNow({ latitude: 34.05, longitude: -118.24 });
    assert.equal(r.station.id, "KLAX", "the nearer station is stale");
    assert.deepEqual(
      [r.temperature_c, r.humidity_pct, r.wind_speed_ms, r.wind_direction_deg, r.pressure_hpa],
      [16.1, 62.8, 0, null, 1016.3],
    );
    assert.deepEqual(r.derived, []);
    assert.equal(r.source.url, `${fakes.env.NWS_URL}/stations/KLAX/observations/latest`);
    assert.ok(
      fakes.requests.some((q) =>
        q.source === "nws" && q.path === "/gridpoints/LOX/150,40/stations"
      ),
    );
  });
});

Deno.test("weather-now: a US point where neither METAR nor the NWS has a fresh station is 404", async () => {
  await withLive(async (live, fakes) => {
    fakes.nwsStations = [{
      id: "KOLD",
      name: "Old",
      lat: 40,
      lon: -100,
      observation: (t) => ({ timestamp: new Date((t - 9000) * 1000).toISOString() }),
    }];
    assert.deepEqual(await status(live.weatherNow({ latitude: 40.1, longitude: -100 })), [
      404,
      "no_data_nearby",
    ]);
  });
});
