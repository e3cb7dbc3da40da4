/**
 * One loopback fake for every live-data upstream, each under its own path prefix (so the
 * configured base URLs keep a path, as DESIGN.md §10 requires): `/awc` (AWC METAR data API),
 * `/nws` (api.weather.gov), `/om` (Open-Meteo air quality), `/sc` (Sensor.Community), `/safecast`
 * (tt.safecast.org), `/quake` (USGS FDSN events), `/ea` (Environment Agency flood monitoring),
 * `/water` (USGS water services). Each answers in the real service's wire format (research
 * notes, sensors.md §6), filters by the query like the real one, and can be told to fail:
 * 500, 429 with Retry-After, malformed JSON, an unknown shape, 204, an empty body, or hang.
 */
import { haversineKm } from "../../src/sensors/geo.ts";

export type SensorFailMode = "500" | "429" | "malformed" | "shape" | "204" | "empty" | "hang";
export type SourceName = "awc" | "nws" | "om" | "sc" | "safecast" | "quake" | "ea" | "water";

/** Items are produced at request time from the fake's clock (unix seconds). */
type Items = (nowS: number) => unknown[];

export interface NwsFakeStation {
  id: string;
  name: string;
  lat: number;
  lon: number;
  /** The `/observations/latest` properties; `null` answers 404. */
  observation: ((nowS: number) => Record<string, unknown>) | null;
}

export interface EaFakeStation {
  item: Record<string, unknown>;
  readings: (nowS: number) => Record<string, unknown>[];
}

export interface SensorFakes extends AsyncDisposable {
  url: string;
  /** Base URLs to put in the environment (METAR_URL, ...). */
  env: Record<string, string>;
  metar: Items;
  nwsStations: NwsFakeStation[];
  /** Points inside this box get a gridpoint from /points; others 404 as outside the US. */
  nwsArea: { minLat: number; maxLat: number; minLon: number; maxLon: number };
  airQuality: (lat: number, lon: number, nowS: number) => Record<string, unknown>;
  sensorCommunity: Items;
  safecast: Items;
  quakes: (nowS: number) => Record<string, unknown>[];
  /** USGS answers 204 for no events (its default); set false for an empty FeatureCollection. */
  quakeNoData204: boolean;
  eaStations: EaFakeStation[];
  water: (nowS: number) => Record<string, unknown>[];
  /** Every request seen: source, path with query, User-Agent. */
  requests: { source: SourceName; path: string; userAgent: string | null }[];
  failNext(source: SourceName, mode: SensorFailMode, count?: number): void;
  count(source: SourceName): number;
  /** Lets hung requests finish. */
  release(): void;
  close(): Promise<void>;
}

const json = (body: unknown, status = 200, type = "application/json") =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": type } });

const inBox = (lat: number, lon: number, b: number[]) =>
  lat >= b[0]! && lat <= b[2]! && lon >= b[1]! && lon <= b[3]!;

export function startSensorFakes(): SensorFakes {
  const failures = new Map<SourceName, SensorFailMode[]>();
  let waiters: (() => void)[] = [];
  const fakes: Omit<SensorFakes, "url" | "env" | typeof Symbol.asyncDispose | "close"> = {
    metar: () => [],
    nwsStations: [],
    nwsArea: { minLat: 24, maxLat: 50, minLon: -125, maxLon: -66 },
    airQuality: (lat, lon) => ({
      latitude: Math.round(lat * 10) / 10,
      longitude: Math.round(lon * 10) / 10 + 0.000002,
      generationtime_ms: 0.07,
      utc_offset_seconds: 0,
      timezone: "GMT",
      timezone_abbreviation: "GMT",
      elevation: 38,
      current_units: {
        time: "iso8601",
        interval: "seconds",
        pm10: "μg/m³",
        pm2_5: "μg/m³",
        us_aqi: "USAQI",
        european_aqi: "EAQI",
      },
      current: {
        time: "2026-11-26T04:00",
        interval: 3600,
        pm10: 9.9,
        pm2_5: 8.7,
        us_aqi: 36,
        european_aqi: 26,
      },
    }),
    sensorCommunity: () => [],
    safecast: () => [],
    quakes: () => [],
    quakeNoData204: true,
    eaStations: [],
    water: () => [],
    requests: [],
    failNext(source, mode, count = 1) {
      const q = failures.get(source) ?? [];
      for (let i = 0; i < count; i++) q.push(mode);
      failures.set(source, q);
    },
    count(source) {
      return fakes.requests.filter((r) => r.source === source).length;
    },
    release() {
      for (const w of waiters) w();
      waiters = [];
    },
  };

  async function injected(source: SourceName): Promise<Response | null> {
    const mode = failures.get(source)?.shift();
    switch (mode) {
      case undefined:
        return null;
      case "500":
        return new Response("<html><body>502 Bad Gateway</body></html>", { status: 500 });
      case "429":
        return new Response("Too Many Requests", {
          status: 429,
          headers: { "Retry-After": "120" },
        });
      case "malformed":
        return new Response('[{"icaoId":"EDDB",', {
          headers: { "Content-Type": "application/json" },
        });
      case "shape":
        return json({ error: "maintenance", data: "moved" });
      case "204":
        return new Response(null, { status: 204 });
      case "empty":
        return new Response("", { headers: { "Content-Type": "application/json" } });
      case "hang":
        await new Promise<void>((r) => waiters.push(r));
        return new Response("late", { status: 503 });
    }
  }

  function route(source: SourceName, path: string, q: URLSearchParams, nowS: number): Response {
    switch (source) {
      case "awc": {
        if (path !== "/api/data/metar" || q.get("format") !== "json") {
          return new Response("Bad request", { status: 400 });
        }
        const b = (q.get("bbox") ?? "").split(",").map(Number);
        if (b.length !== 4 || b.some(Number.isNaN)) {
          return new Response("Invalid bbox", { status: 400 });
        }
        // `hours` is not applied: the freshness rule under test is the server's own.
        const items = fakes.metar(nowS).filter((m) => {
          const o = m as Record<string, unknown>;
          return inBox(Number(o.lat), Number(o.lon), b);
        });
        return json(items);
      }
      case "nws": {
        const type = "application/geo+json";
        const pm = /^\/points\/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(path);
        if (pm) {
          const lat = Number(pm[1]);
          const lon = Number(pm[2]);
          const a = fakes.nwsArea;
          if (!(lat >= a.minLat && lat <= a.maxLat && lon >= a.minLon && lon <= a.maxLon)) {
            return json(
              {
                correlationId: "1",
                title: "Data Unavailable For Requested Point",
                type: "https://api.weather.gov/problems/InvalidPoint",
                status: 404,
                detail: "Unable to provide data for requested point",
              },
              404,
              "application/problem+json",
            );
          }
          return json(
            {
              "@context": [],
              id: `https://api.weather.gov/points/${lat},${lon}`,
              type: "Feature",
              properties: {
                gridId: "LOX",
                gridX: 150,
                gridY: 40,
                observationStations: "https://api.weather.gov/gridpoints/LOX/150,40/stations",
              },
            },
            200,
            type,
          );
        }
        if (path === "/gridpoints/LOX/150,40/stations") {
          return json(
            {
              type: "FeatureCollection",
              features: fakes.nwsStations.map((s) => ({
                id: `https://api.weather.gov/stations/${s.id}`,
                type: "Feature",
                geometry: { type: "Point", coordinates: [s.lon, s.lat] },
                properties: {
                  "@id": `https://api.weather.gov/stations/${s.id}`,
                  stationIdentifier: s.id,
                  name: s.name,
                  timeZone: "America/Los_Angeles",
                  elevation: { unitCode: "wmoUnit:m", value: 30.1 },
                },
              })),
              observationStations: fakes.nwsStations.map((s) =>
                `https://api.weather.gov/stations/${s.id}`
              ),
            },
            200,
            type,
          );
        }
        const om = /^\/stations\/([A-Z0-9]+)\/observations\/latest$/.exec(path);
        const st = om && fakes.nwsStations.find((s) => s.id === om[1]);
        if (st && st.observation) {
          return json({ id: "x", type: "Feature", properties: st.observation(nowS) }, 200, type);
        }
        return json({ status: 404, title: "Not Found" }, 404, "application/problem+json");
      }
      case "om": {
        const lat = Number(q.get("latitude"));
        const lon = Number(q.get("longitude"));
        if (path !== "/v1/air-quality") return json({ error: true, reason: "Not found" }, 404);
        if (!(lat >= -90 && lat <= 90)) {
          return json({
            error: true,
            reason: "Latitude must be in range of -90 to 90°. Given: " + lat + ".",
          }, 400);
        }
        return json(fakes.airQuality(lat, lon, nowS));
      }
      case "sc": {
        const m = /^\/airrohr\/v1\/filter\/area=(-?[\d.]+),(-?[\d.]+),([\d.]+)$/.exec(path);
        if (!m) return new Response("Not Found", { status: 404 });
        const [lat, lon, km] = [Number(m[1]), Number(m[2]), Number(m[3])];
        return json(
          fakes.sensorCommunity(nowS).filter((r) => {
            const loc = (r as { location: { latitude: string; longitude: string } }).location;
            return haversineKm(lat, lon, Number(loc.latitude), Number(loc.longitude)) <= km;
          }),
        );
      }
      case "safecast":
        return path === "/devices"
          ? json(fakes.safecast(nowS))
          : new Response("no", { status: 404 });
      case "quake": {
        if (path !== "/fdsnws/event/1/query" || q.get("format") !== "geojson") {
          return new Response("Error 400: Bad Request", { status: 400 });
        }
        const lat = Number(q.get("latitude"));
        const lon = Number(q.get("longitude"));
        const km = Number(q.get("maxradiuskm"));
        const start = Date.parse(q.get("starttime") ?? "");
        const features = fakes.quakes(nowS).filter((f) => {
          const c = (f.geometry as { coordinates: number[] }).coordinates;
          const t = (f.properties as { time: number }).time;
          return haversineKm(lat, lon, c[1]!, c[0]!) <= km && t >= start;
        }).sort((a, b) =>
          (b.properties as { time: number }).time - (a.properties as { time: number }).time
        );
        if (features.length === 0 && fakes.quakeNoData204) {
          return new Response(null, { status: 204 });
        }
        return json({
          type: "FeatureCollection",
          metadata: {
            generated: nowS * 1000,
            url: "x",
            title: "USGS Earthquakes",
            status: 200,
            api: "1.14.1",
            count: features.length,
          },
          features,
        });
      }
      case "ea": {
        const meta = {
          publisher: "Environment Agency",
          licence: "http://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/",
          documentation: "http://environment.data.gov.uk/flood-monitoring/doc/reference",
          version: "0.9",
          comment: "Status: Beta service",
          hasFormat: [],
        };
        if (path === "/flood-monitoring/id/stations") {
          const lat = Number(q.get("lat"));
          const lon = Number(q.get("long"));
          const km = Number(q.get("dist"));
          const items = fakes.eaStations.map((s) => s.item).filter((it) => {
            const la = Array.isArray(it.lat) ? it.lat[0] : it.lat;
            const lo = Array.isArray(it.long) ? it.long[0] : it.long;
            return haversineKm(lat, lon, Number(la), Number(lo)) <= km;
          });
          return json({ "@context": "x", meta, items });
        }
        const m = /^\/flood-monitoring\/id\/stations\/([^/]+)\/readings$/.exec(path);
        const s = m && fakes.eaStations.find((x) => x.item.stationReference === m[1]);
        if (s && q.has("latest")) return json({ "@context": "x", meta, items: s.readings(nowS) });
        return json({ "@context": "x", meta, items: [] }, 404);
      }
      case "water": {
        if (path !== "/nwis/iv/" || q.get("format") !== "json") {
          return new Response("Bad", { status: 400 });
        }
        const [w, s, e, n] = (q.get("bBox") ?? "").split(",").map(Number);
        if ((n! - s!) * (e! - w!) > 25) {
          return new Response(
            "Error 400: The product of the range of latitude and longitude cannot exceed 25 degrees",
            { status: 400 },
          );
        }
        const series = fakes.water(nowS).filter((ts) => {
          const g = ((ts.sourceInfo as Record<string, unknown>).geoLocation as {
            geogLocation: { latitude: number; longitude: number };
          }).geogLocation;
          return inBox(g.latitude, g.longitude, [s!, w!, n!, e!]);
        });
        return json({
          name: "ns1:timeSeriesResponseType",
          declaredType: "org.cuahsi.waterml.TimeSeriesResponseType",
          scope: "javax.xml.bind.JAXBElement$GlobalScope",
          value: { queryInfo: { queryURL: "x", criteria: {}, note: [] }, timeSeries: series },
          nil: false,
          globalScope: true,
          typeSubstituted: false,
        });
      }
    }
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const u = new URL(req.url);
    const m = /^\/(awc|nws|om|sc|safecast|quake|ea|water)(\/.*)$/.exec(u.pathname);
    if (!m) return new Response("unknown fake", { status: 404 });
    const source = m[1] as SourceName;
    fakes.requests.push({
      source,
      path: m[2]! + u.search,
      userAgent: req.headers.get("user-agent"),
    });
    const fail = await injected(source);
    if (fail) return fail;
    return route(source, m[2]!, u.searchParams, Math.floor(Date.now() / 1000));
  });
  const url = `http://127.0.0.1:${server.addr.port}`;
  const close = async () => {
    fakes.release();
    await server.shutdown();
  };
  return Object.assign(fakes, {
    url,
    env: {
      METAR_URL: `${url}/awc`,
      NWS_URL: `${url}/nws`,
      OPEN_METEO_AQ_URL: `${url}/om`,
      SENSOR_COMMUNITY_URL: `${url}/sc`,
      SAFECAST_URL: `${url}/safecast`,
      USGS_QUAKE_URL: `${url}/quake`,
      EA_FLOOD_URL: `${url}/ea`,
      USGS_WATER_URL: `${url}/water`,
    },
    close,
    [Symbol.asyncDispose]: close,
  }) as SensorFakes;
}

/** A METAR data API item as the real service writes it (fields of sensors.md §1.1). */
export function metarItem(
  o:
    & { icaoId: string; lat: number; lon: number; obsTime: number; name?: string }
    & Record<string, unknown>,
): Record<string, unknown> {
  return {
    receiptTime: new Date(o.obsTime * 1000 + 120_000).toISOString().replace("T", " ").replace(
      "Z",
      "",
    ),
    reportTime: new Date(o.obsTime * 1000).toISOString(),
    temp: 4,
    dewp: 1,
    wdir: 250,
    wspd: 10,
    wgst: null,
    visib: "10+",
    altim: 1012.3,
    slp: null,
    qcField: 4,
    presTend: null,
    maxT: null,
    minT: null,
    precip: null,
    metarType: "METAR",
    rawOb: `${o.icaoId} 260350Z 25010KT 9999 FEW030 04/01 Q1012`,
    elev: 47,
    name: o.name ?? `${o.icaoId} Airport, XX`,
    clouds: [{ cover: "FEW", base: 3000 }],
    fltCat: "VFR",
    ...o,
  };
}

/** A Sensor.Community record (numbers as strings, zone-less UTC timestamp). */
export function scRecord(
  o: {
    sensorId: number;
    lat: number;
    lon: number;
    ageS: number;
    nowS: number;
    p1?: string;
    p2?: string;
    indoor?: 0 | 1;
    type?: string;
  },
): Record<string, unknown> {
  const ts = new Date((o.nowS - o.ageS) * 1000).toISOString().slice(0, 19).replace("T", " ");
  const values = [];
  if (o.p1 !== undefined) values.push({ id: 1, value: o.p1, value_type: "P1" });
  if (o.p2 !== undefined) values.push({ id: 2, value: o.p2, value_type: "P2" });
  return {
    id: o.sensorId * 1000 + o.ageS,
    sampling_rate: null,
    timestamp: ts,
    location: {
      id: o.sensorId + 5000,
      latitude: o.lat.toFixed(3),
      longitude: o.lon.toFixed(3),
      altitude: "40.0",
      country: "DE",
      exact_location: 0,
      indoor: o.indoor ?? 0,
    },
    sensor: {
      id: o.sensorId,
      pin: "1",
      sensor_type: { id: 14, name: o.type ?? "SDS011", manufacturer: "Nova Fitness" },
    },
    sensordatavalues: values,
  };
}
