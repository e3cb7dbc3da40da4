/**
 * Adapter: the Open-Meteo air-quality API (`OPEN_METEO_AQ_URL`), modelled by CAMS.
 * `GET <base>/v1/air-quality?latitude&longitude&current=pm10,pm2_5,us_aqi,european_aqi`
 * (`&apikey=` with `OPEN_METEO_API_KEY_FILE`). `current.time` has no zone: it is local to
 * `utc_offset_seconds` (0 by default). Coordinates come back snapped to the model grid.
 *
 * @example
 * ```ts
 * import { parseAirQuality } from "./open_meteo.ts";
 * const r = parseAirQuality({ latitude: 52.5, longitude: 13.4, utc_offset_seconds: 0,
 *   current: { time: "2026-11-26T04:00", pm10: 9.9, pm2_5: 8.7, us_aqi: 36, european_aqi: 26 } });
 * r.european_aqi; // 26
 * ```
 */
import { type Upstream, UpstreamError } from "./upstream.ts";
import { num, obj, parseTime } from "./values.ts";

export const OPEN_METEO_SOURCE = "open-meteo";

export interface AirQualityModel {
  latitude: number;
  longitude: number;
  observedMs: number;
  pm2_5: number | null;
  pm10: number | null;
  us_aqi: number | null;
  european_aqi: number | null;
}

/** Parses one answer; a shape it does not know is an `UpstreamError`. */
export function parseAirQuality(body: unknown): AirQualityModel {
  const o = obj(body);
  const current = obj(o?.current);
  const lat = num(o?.latitude);
  const lon = num(o?.longitude);
  if (!o || !current || lat === null || lon === null) {
    throw new UpstreamError(OPEN_METEO_SOURCE, "unexpected answer shape");
  }
  const observedMs = parseTime(current.time, num(o.utc_offset_seconds) ?? 0);
  if (observedMs === null) throw new UpstreamError(OPEN_METEO_SOURCE, "no model time");
  return {
    latitude: lat,
    longitude: lon,
    observedMs,
    pm2_5: num(current.pm2_5),
    pm10: num(current.pm10),
    us_aqi: num(current.us_aqi),
    european_aqi: num(current.european_aqi),
  };
}

/** The request URL for a point (without the key, which never appears in answers). */
export function airQualityUrl(base: string, latitude: number, longitude: number): string {
  return `${base}/v1/air-quality?latitude=${latitude}&longitude=${longitude}` +
    "&current=pm10,pm2_5,us_aqi,european_aqi";
}

export async function fetchAirQuality(
  up: Upstream,
  base: string,
  latitude: number,
  longitude: number,
  apiKey?: string,
): Promise<AirQualityModel> {
  const url = airQualityUrl(base, latitude, longitude) +
    (apiKey ? `&apikey=${encodeURIComponent(apiKey)}` : "");
  const body = await up.getJson(OPEN_METEO_SOURCE, url);
  if (body === null) throw new UpstreamError(OPEN_METEO_SOURCE, "empty answer");
  return parseAirQuality(body);
}
