/**
 * Adapter: Sensor.Community (`SENSOR_COMMUNITY_URL`), citizen particulate sensors.
 * `GET <base>/airrohr/v1/filter/area=lat,lon,km` answers the last 5 minutes as an array of
 * records: numbers as strings, `timestamp` without a zone (UTC), `location.indoor` 0/1, and
 * `sensordatavalues` with `P1` = PM10 and `P2` = PM2.5 in µg/m³. Indoor sensors are skipped.
 *
 * @example
 * ```ts
 * import { parseSensorCommunity } from "./sensor_community.ts";
 * parseSensorCommunity([{ id: 1, timestamp: "2026-11-26 04:00:00",
 *   location: { id: 9, latitude: "52.52", longitude: "13.40", indoor: 0 },
 *   sensor: { id: 77, sensor_type: { name: "SDS011" } },
 *   sensordatavalues: [{ value: "7.31", value_type: "P1" }, { value: "4.1", value_type: "P2" }] }],
 *   "https://data.sensor.community")[0]!.reading; // { pm2_5_ugm3: 4.1, pm10_ugm3: 7.31 }
 * ```
 */
import type { Candidate, Point } from "./select.ts";
import { type Upstream, UpstreamError } from "./upstream.ts";
import { num, obj, parseTime, str } from "./values.ts";

export const SENSOR_COMMUNITY_SOURCE = "sensor.community";
/** Particulate readings older than this are not live. */
export const AIR_MAX_AGE_S = 30 * 60;

export interface AirReading {
  pm2_5_ugm3: number | null;
  pm10_ugm3: number | null;
}

export function parseSensorCommunity(body: unknown, base: string): Candidate<AirReading>[] {
  if (body === null) return [];
  if (!Array.isArray(body)) {
    throw new UpstreamError(SENSOR_COMMUNITY_SOURCE, "unexpected answer shape");
  }
  const out: Candidate<AirReading>[] = [];
  for (const item of body) {
    const r = obj(item);
    const loc = obj(r?.location);
    const sensor = obj(r?.sensor);
    if (!r || !loc || !sensor) continue;
    if (num(loc.indoor) === 1) continue;
    const id = str(sensor.id);
    const lat = num(loc.latitude);
    const lon = num(loc.longitude);
    const observedMs = parseTime(r.timestamp);
    if (!id || lat === null || lon === null || observedMs === null) continue;
    let pm10: number | null = null;
    let pm25: number | null = null;
    for (const v of Array.isArray(r.sensordatavalues) ? r.sensordatavalues : []) {
      const dv = obj(v);
      if (dv?.value_type === "P1") pm10 = num(dv.value);
      if (dv?.value_type === "P2") pm25 = num(dv.value);
    }
    if (pm10 === null && pm25 === null) continue;
    out.push({
      id,
      name: str(obj(sensor.sensor_type)?.name),
      latitude: lat,
      longitude: lon,
      observedMs,
      reading: { pm2_5_ugm3: pm25, pm10_ugm3: pm10 },
      source: {
        name: "Sensor.Community",
        url: `${base}/airrohr/v1/sensor/${encodeURIComponent(id)}/`,
      },
    });
  }
  return out;
}

export async function fetchSensorCommunity(
  up: Upstream,
  base: string,
  p: Point,
  km: number,
): Promise<Candidate<AirReading>[]> {
  const url = `${base}/airrohr/v1/filter/area=${p.latitude},${p.longitude},${km}`;
  return parseSensorCommunity(await up.getJson(SENSOR_COMMUNITY_SOURCE, url), base);
}
