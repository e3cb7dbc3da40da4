/** nearby-sensors against every layer's fake: present, absent, stale, failing. */
import assert from "node:assert/strict";
import { HttpError } from "../../src/http/errors.ts";
import { metarItem, scRecord, type SensorFakes } from "../fakes/sensors.ts";
import { withLive } from "./_support.ts";

const ALL = ["weather", "air", "radiation", "quake", "river"] as const;

/** A world with one fresh and one stale sensor of every layer near (51.5, -0.12), London. */
function london(f: SensorFakes) {
  f.metar = (t) => [
    metarItem({ icaoId: "EGLC", lat: 51.505, lon: 0.055, obsTime: t - 600, name: "London City" }),
  ];
  f.sensorCommunity = (t) => [
    scRecord({ sensorId: 1, lat: 51.5, lon: -0.12, ageS: 4000, nowS: t, p1: "30", p2: "20" }), // stale
    scRecord({
      sensorId: 2,
      lat: 51.51,
      lon: -0.13,
      ageS: 30,
      nowS: t,
      p1: "5",
      p2: "3",
      indoor: 1,
    }), // indoor
    scRecord({ sensorId: 3, lat: 51.53, lon: -0.1, ageS: 120, nowS: t, p1: "12.5", p2: "7.25" }),
    scRecord({ sensorId: 3, lat: 51.53, lon: -0.1, ageS: 400, nowS: t, p1: "99", p2: "99" }), // older report
    scRecord({ sensorId: 4, lat: 51.52, lon: -0.1, ageS: 60, nowS: t, type: "BME280" }), // no PM
  ];
  f.safecast = (t) => [
    {
      device_urn: "air:1",
      device_class: "air",
      loc_lat: 51.5,
      loc_lon: -0.12,
      when_captured: new Date(t * 1000).toISOString(),
      pms_pm02_5: 4,
    },
    {
      device_urn: "geigiecast:1",
      device: 1,
      loc_lat: 51.6,
      loc_lon: -0.12,
      when_captured: new Date((t - 3600) * 1000).toISOString(),
      lnd_7318u: 40,
      loc_name: "Camden",
    },
    {
      device_urn: "pointcast:2",
      device: 2,
      loc_lat: 51.5,
      loc_lon: -0.13,
      when_captured: new Date((t - 90_000) * 1000).toISOString(),
      lnd_7128ec: 30,
    },
  ];
  f.quakes = (t) => [
    quake("us1", 51.9, 0.9, 10, 2.1, (t - 86_400) * 1000),
    quake("us2", 51.2, -0.5, 5, 1.2, (t - 3600) * 1000),
    quake("us3", 55, 10, 5, 4.0, (t - 600) * 1000), // far away
  ];
  f.eaStations = [{
    item: {
      "@id": "http://environment.data.gov.uk/flood-monitoring/id/stations/0006",
      stationReference: "0006",
      label: "Westminster",
      lat: [51.5, 51.5001],
      long: -0.123,
      riverName: "Thames",
      measures: [
        {
          "@id":
            "http://environment.data.gov.uk/flood-monitoring/id/measures/0006-level-tidal_level-i-15_min-mAOD",
          parameter: "level",
          unitName: "mAOD",
        },
      ],
    },
    readings: (t) => [{
      "@id": "x",
      dateTime: new Date((t - 900) * 1000).toISOString().replace(/\.\d+Z$/, "Z"),
      measure:
        "http://environment.data.gov.uk/flood-monitoring/id/measures/0006-level-tidal_level-i-15_min-mAOD",
      value: 2.345,
    }],
  }];
}

function quake(id: string, lat: number, lon: number, depth: number, mag: number, timeMs: number) {
  return {
    type: "Feature",
    id,
    geometry: { type: "Point", coordinates: [lon, lat, depth] },
    properties: {
      mag,
      place: `near ${id}`,
      time: timeMs,
      updated: timeMs + 1000,
      tz: null,
      url: `https://earthquake.usgs.gov/earthquakes/eventpage/${id}`,
      detail: "x",
      felt: null,
      cdi: null,
      mmi: null,
      alert: null,
      status: "automatic",
      tsunami: 0,
      sig: 30,
      net: "us",
      code: id,
      ids: `,${id},`,
      sources: ",us,",
      types: ",origin,",
      nst: null,
      dmin: null,
      rms: 0.5,
      gap: null,
      magType: "ml",
      type: "earthquake",
      title: `M ${mag} - near ${id}`,
    },
  };
}

Deno.test("nearby-sensors returns the nearest fresh sensor of every layer, each with reading, distance and source", async () => {
  await withLive(async (live, fakes) => {
    london(fakes);
    const r = await live.nearbySensors({
      latitude: 51.5,
      longitude: -0.12,
      layers: [...ALL],
      max_km: 75,
    });
    assert.deepEqual(r.missing, []);
    assert.deepEqual(r.sensors.map((s) => s.layer), [...ALL]);
    const by = Object.fromEntries(r.sensors.map((s) => [s.layer, s]));
    assert.equal(by.weather!.sensor.id, "EGLC");
    assert.equal(by.air!.sensor.id, "3", "stale, indoor and PM-less sensors are skipped");
    assert.deepEqual(by.air!.reading, { pm2_5_ugm3: 7.25, pm10_ugm3: 12.5 });
    assert.ok(by.air!.age_s >= 120 && by.air!.age_s < 180);
    assert.deepEqual(by.radiation!.reading, {
      dose_rate_usv_h: 0.12,
      cpm: 40,
      tube: "LND 7318",
      factor: 334,
    });
    assert.equal(by.radiation!.sensor.name, "Camden");
    assert.equal(by.radiation!.distance_km, 11.1);
    assert.equal(by.quake!.sensor.id, "us2", "the newest event within max_km, not the nearest");
    assert.equal((by.quake!.reading as { magnitude: number }).magnitude, 1.2);
    assert.equal((by.quake!.reading as { depth_km: number }).depth_km, 5);
    assert.equal(by.quake!.observed_at, (by.quake!.reading as { event_time: string }).event_time);
    assert.deepEqual(by.river!.reading, { level_m: 2.345, discharge_m3s: null });
    assert.equal(by.river!.sensor.name, "Westminster");
    for (const s of r.sensors) {
      assert.ok(s.distance_km <= 75 && s.source.name && s.source.url.startsWith("http"), s.layer);
    }
  });
});

Deno.test("nearby-sensors with every layer absent is a 200 with each layer in missing", async () => {
  await withLive(async (live, fakes) => {
    fakes.quakeNoData204 = true;
    const r = await live.nearbySensors({
      latitude: -40,
      longitude: -30,
      layers: [...ALL],
      max_km: 75,
    });
    assert.deepEqual(r.sensors, []);
    assert.deepEqual(r.missing, ALL.map((layer) => ({ layer, reason: "none_within_max_km" })));
    assert.equal(
      fakes.count("ea") + fakes.count("water"),
      0,
      "no river service covers the South Atlantic",
    );
  });
});

Deno.test("nearby-sensors says stale when only too-old readings were in range", async () => {
  await withLive(async (live, fakes) => {
    fakes.sensorCommunity = (
      t,
    ) => [scRecord({ sensorId: 1, lat: 48.1, lon: 11.5, ageS: 3600, nowS: t, p1: "1", p2: "1" })];
    fakes.safecast = (
      t,
    ) => [{
      device_urn: "x:1",
      loc_lat: 48.1,
      loc_lon: 11.6,
      when_captured: new Date((t - 100_000) * 1000).toISOString(),
      lnd_7318c: 30,
    }];
    const r = await live.nearbySensors({
      latitude: 48.1,
      longitude: 11.55,
      layers: ["air", "radiation"],
      max_km: 10,
    });
    assert.deepEqual(r.missing, [{ layer: "air", reason: "stale" }, {
      layer: "radiation",
      reason: "stale",
    }]);
  });
});

Deno.test("nearby-sensors: one failing layer goes to missing as upstream_failed, the rest answer", async () => {
  await withLive(async (live, fakes) => {
    london(fakes);
    fakes.failNext("safecast", "500");
    fakes.failNext("quake", "malformed");
    const r = await live.nearbySensors({
      latitude: 51.5,
      longitude: -0.12,
      layers: ["weather", "radiation", "quake"],
      max_km: 75,
    });
    assert.deepEqual(r.sensors.map((s) => s.layer), ["weather"]);
    assert.deepEqual(r.missing, [
      { layer: "radiation", reason: "upstream_failed" },
      { layer: "quake", reason: "upstream_failed" },
    ]);
  });
});

Deno.test("nearby-sensors: when every requested layer fails it is 502 upstream_failed", async () => {
  await withLive(async (live, fakes) => {
    fakes.failNext("sc", "429");
    fakes.failNext("ea", "shape");
    await assert.rejects(
      () =>
        live.nearbySensors({
          latitude: 51.5,
          longitude: -0.12,
          layers: ["air", "river"],
          max_km: 75,
        }),
      (e) => e instanceof HttpError && e.status === 502 && e.code === "upstream_failed",
    );
  });
});

Deno.test("nearby-sensors: quake with an empty FeatureCollection (not 204) is missing, not failed", async () => {
  await withLive(async (live, fakes) => {
    fakes.quakeNoData204 = false;
    const r = await live.nearbySensors({
      latitude: 0,
      longitude: 0,
      layers: ["quake"],
      max_km: 500,
    });
    assert.deepEqual(r.missing, [{ layer: "quake", reason: "none_within_max_km" }]);
    assert.match(
      fakes.requests[0]!.path,
      /maxradiuskm=508&starttime=\d{4}-\d\d-\d\dT\d\d:\d\d:00Z&orderby=time$/,
    );
  });
});

Deno.test("nearby-sensors: river from USGS water in the US (feet and ft³/s to metres and m³/s, noDataValue skipped)", async () => {
  await withLive(async (live, fakes) => {
    const series = (
      code: string,
      param: string,
      unit: string,
      values: { value: string; dateTime: string }[],
    ) => ({
      sourceInfo: {
        siteName: "POTOMAC RIVER NEAR WASH, DC LITTLE FALLS PUMP STA",
        siteCode: [{ value: "01646500", network: "NWIS", agencyCode: "USGS" }],
        timeZoneInfo: {},
        geoLocation: {
          geogLocation: { srs: "EPSG:4326", latitude: 38.94977778, longitude: -77.12763889 },
          localSiteXY: [],
        },
        note: [],
        siteType: [],
        siteProperty: [],
      },
      variable: {
        variableCode: [{
          value: param,
          network: "NWIS",
          vocabulary: "NWIS:UnitValues",
          variableID: 45807197,
          default: true,
        }],
        variableName: code,
        unit: { unitCode: unit },
        noDataValue: -999999.0,
      },
      values: [{ value: values, qualifier: [], method: [] }],
      name: `USGS:01646500:${param}:00000`,
    });
    fakes.water = (t) => {
      const iso = (s: number) => new Date((t - s) * 1000).toISOString().replace("Z", "-00:00");
      return [
        series("Gage height, ft", "00065", "ft", [{ value: "3.50", dateTime: iso(1800) }, {
          value: "-999999",
          dateTime: iso(900),
        }]),
        series("Streamflow, ft³/s", "00060", "ft3/s", [{ value: "10000", dateTime: iso(900) }]),
      ];
    };
    const r = await live.nearbySensors({
      latitude: 38.9,
      longitude: -77.04,
      layers: ["river"],
      max_km: 400,
    });
    assert.deepEqual(r.sensors[0]!.reading, { level_m: 1.067, discharge_m3s: 283.168 });
    assert.equal(r.sensors[0]!.sensor.id, "USGS-01646500");
    assert.ok(r.sensors[0]!.age_s >= 900 && r.sensors[0]!.age_s < 960);
    assert.equal(fakes.count("ea"), 0);
  });
});
