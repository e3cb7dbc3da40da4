/**
 * Adapter: the Aviation Weather Center METAR data API (`METAR_URL`), worldwide airport
 * stations. `GET <base>/api/data/metar?bbox=minLat,minLon,maxLat,maxLon&format=json&hours=2`
 * answers a JSON array holding every report in the window (several per station), `[]` or 204
 * when the area has none. Times are unix seconds (`obsTime`) or ISO (`reportTime`).
 *
 * @example
 * ```ts
 * import { parseMetars } from "./metar.ts";
 * const [c] = parseMetars([{ icaoId: "EDDB", lat: 52.36, lon: 13.5, obsTime: 1795665600,
 *   temp: 4, dewp: 1, wdir: "VRB", wspd: 3, altim: 1012 }], "https://aviationweather.gov");
 * c!.reading.wind_direction_deg; // null
 * ```
 */
import { type BBox, boxString } from "./geo.ts";
import { humidityFromDewPoint } from "./humidity.ts";
import type { Candidate } from "./select.ts";
import { type Upstream, UpstreamError } from "./upstream.ts";
import { num, obj, parseTime, roundTo, str } from "./values.ts";
import { KNOT_MS, type WeatherReading } from "./weather_reading.ts";

export const METAR_SOURCE = "metar";

/** One METAR item as a candidate reading; `null` when it lacks an id, place or time. */
function toCandidate(item: unknown, base: string): Candidate<WeatherReading> | null {
  const o = obj(item);
  if (!o) return null;
  const id = str(o.icaoId);
  const lat = num(o.lat);
  const lon = num(o.lon);
  const observedMs = parseTime(o.obsTime) ?? parseTime(o.reportTime);
  if (!id || lat === null || lon === null || observedMs === null) return null;
  const temp = num(o.temp);
  const dewp = num(o.dewp);
  const derived: string[] = [];
  let humidity: number | null = null;
  if (temp !== null && dewp !== null) {
    humidity = humidityFromDewPoint(temp, dewp);
    derived.push("humidity_pct");
  }
  const speedKt = num(o.wspd);
  const variable = typeof o.wdir === "string" && o.wdir.trim().toUpperCase() === "VRB";
  const dir = variable || speedKt === 0 ? null : num(o.wdir);
  // Sea-level pressure when reported (mostly US), else the altimeter setting (QNH), both hPa.
  const pressure = num(o.slp) ?? num(o.altim);
  return {
    id,
    name: str(o.name),
    latitude: lat,
    longitude: lon,
    observedMs,
    reading: {
      temperature_c: temp,
      humidity_pct: humidity,
      pressure_hpa: roundTo(pressure, 1),
      wind_speed_ms: speedKt === null ? null : roundTo(speedKt * KNOT_MS, 2),
      wind_direction_deg: dir,
      derived,
    },
    source: {
      name: "NOAA Aviation Weather Center METAR",
      url: `${base}/api/data/metar?ids=${encodeURIComponent(id)}&format=json`,
    },
  };
}

/** Parses the data API's answer; a shape it does not know is an `UpstreamError`. */
export function parseMetars(body: unknown, base: string): Candidate<WeatherReading>[] {
  if (body === null) return [];
  if (!Array.isArray(body)) throw new UpstreamError(METAR_SOURCE, "unexpected answer shape");
  return body.map((item) => toCandidate(item, base)).filter((c) => c !== null);
}

/** All reports of the last 2 hours in `boxes`. */
export async function fetchMetars(
  up: Upstream,
  base: string,
  boxes: BBox[],
): Promise<Candidate<WeatherReading>[]> {
  const lists = await Promise.all(boxes.map(async (b) => {
    const url = `${base}/api/data/metar?bbox=${boxString(b, "latlon")}&format=json&hours=2`;
    return parseMetars(await up.getJson(METAR_SOURCE, url), base);
  }));
  return lists.flat();
}
