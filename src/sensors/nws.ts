/**
 * Adapter: the US National Weather Service API (`NWS_URL`), the fallback for US points.
 * `GET <base>/points/{lat},{lon}` → `properties.observationStations` (a URL; only its path is
 * used, on our configured base) → a GeoJSON FeatureCollection of stations →
 * `GET <base>/stations/{id}/observations/latest`. Quantities are `{unitCode, value}` with
 * `value: null` common; wind in km/h, pressure in Pa. Outside the US `/points` answers 404.
 *
 * @example
 * ```ts
 * import { parseNwsObservation } from "./nws.ts";
 * const r = parseNwsObservation({ properties: { timestamp: "2026-11-26T03:51:00+00:00",
 *   temperature: { unitCode: "wmoUnit:degC", value: 5.6 }, windSpeed: { unitCode: "wmoUnit:km_h-1", value: 0 } } });
 * r?.reading.wind_direction_deg; // null (calm)
 * ```
 */
import type { Candidate, Point } from "./select.ts";
import { type Upstream, UpstreamError } from "./upstream.ts";
import { num, obj, parseTime, roundTo, str } from "./values.ts";
import type { WeatherReading } from "./weather_reading.ts";

export const NWS_SOURCE = "nws";
const GEO_JSON = "application/geo+json";

export interface NwsStation {
  id: string;
  name: string | null;
  latitude: number;
  longitude: number;
}

/** Rough areas the NWS covers (states, territories); elsewhere it is not asked. */
const NWS_AREAS = [
  { minLat: 15, maxLat: 72, minLon: -180, maxLon: -60 },
  { minLat: 12, maxLat: 22, minLon: 140, maxLon: 150 },
  { minLat: 50, maxLat: 55, minLon: 170, maxLon: 180 },
];

/** True when the point may be served by the NWS. */
export function inNwsArea(p: Point): boolean {
  return NWS_AREAS.some((a) =>
    p.latitude >= a.minLat && p.latitude <= a.maxLat && p.longitude >= a.minLon &&
    p.longitude <= a.maxLon
  );
}

/** A quantity's value in the wanted unit, or `null`. */
function quantity(q: unknown, unit: "degC" | "percent" | "ms" | "deg" | "hPa"): number | null {
  const o = obj(q);
  if (!o) return null;
  const v = num(o.value);
  if (v === null) return null;
  const code = String(o.unitCode ?? "").replace(/^(wmoUnit|unit):/, "");
  switch (unit) {
    case "degC":
      return code === "degF" ? roundTo((v - 32) / 1.8, 1) : roundTo(v, 1);
    case "percent":
    case "deg":
      return roundTo(v, 1);
    case "ms":
      return code === "m_s-1" ? roundTo(v, 2) : roundTo(v / 3.6, 2);
    case "hPa":
      return code === "hPa" ? roundTo(v, 1) : roundTo(v / 100, 1);
  }
}

/** One `/observations/latest` answer as a reading with its time; `null` without a time. */
export function parseNwsObservation(
  body: unknown,
): { observedMs: number; reading: WeatherReading } | null {
  const p = obj(obj(body)?.properties);
  if (!p) throw new UpstreamError(NWS_SOURCE, "unexpected observation shape");
  const observedMs = parseTime(p.timestamp);
  if (observedMs === null) return null;
  const temp = quantity(p.temperature, "degC");
  const speed = quantity(p.windSpeed, "ms");
  return {
    observedMs,
    reading: {
      temperature_c: temp,
      humidity_pct: quantity(p.relativeHumidity, "percent"),
      pressure_hpa: quantity(p.seaLevelPressure, "hPa") ?? quantity(p.barometricPressure, "hPa"),
      wind_speed_ms: speed,
      wind_direction_deg: speed === 0 ? null : quantity(p.windDirection, "deg"),
      derived: [],
    },
  };
}

/** The stations list URL path of a `/points` answer; `null` when the point has none. */
export function parsePoint(body: unknown): string | null {
  const href = str(obj(obj(body)?.properties)?.observationStations);
  if (!href) throw new UpstreamError(NWS_SOURCE, "unexpected points shape");
  try {
    return new URL(href).pathname;
  } catch {
    return href.startsWith("/") ? href : null;
  }
}

/** A stations FeatureCollection as station records. */
export function parseStations(body: unknown): NwsStation[] {
  const features = obj(body)?.features;
  if (!Array.isArray(features)) throw new UpstreamError(NWS_SOURCE, "unexpected stations shape");
  const out: NwsStation[] = [];
  for (const f of features) {
    const props = obj(obj(f)?.properties);
    const coords = obj(obj(f)?.geometry)?.coordinates;
    const id = str(props?.stationIdentifier);
    if (!id || !Array.isArray(coords)) continue;
    const lon = num(coords[0]);
    const lat = num(coords[1]);
    if (lat === null || lon === null) continue;
    out.push({ id, name: str(props?.name), latitude: lat, longitude: lon });
  }
  return out;
}

/** Calls of the NWS flow, each cacheable by the caller. */
export const nws = {
  async stationsPath(up: Upstream, base: string, p: Point): Promise<string | null> {
    const url = `${base}/points/${p.latitude.toFixed(4)},${p.longitude.toFixed(4)}`;
    try {
      return parsePoint(await up.getJson(NWS_SOURCE, url, GEO_JSON));
    } catch (err) {
      if (err instanceof UpstreamError && err.status === 404) return null;
      throw err;
    }
  },
  async stations(up: Upstream, base: string, path: string): Promise<NwsStation[]> {
    return parseStations(await up.getJson(NWS_SOURCE, `${base}${path}`, GEO_JSON));
  },
  async latest(
    up: Upstream,
    base: string,
    s: NwsStation,
  ): Promise<Candidate<WeatherReading> | null> {
    const url = `${base}/stations/${encodeURIComponent(s.id)}/observations/latest`;
    let body: unknown;
    try {
      body = await up.getJson(NWS_SOURCE, url, GEO_JSON);
    } catch (err) {
      if (err instanceof UpstreamError && err.status === 404) return null;
      throw err;
    }
    if (body === null) return null;
    const obs = parseNwsObservation(body);
    if (!obs) return null;
    return {
      id: s.id,
      name: s.name,
      latitude: s.latitude,
      longitude: s.longitude,
      observedMs: obs.observedMs,
      reading: obs.reading,
      source: { name: "US National Weather Service", url },
    };
  },
};
