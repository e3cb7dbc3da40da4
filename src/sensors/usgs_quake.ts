/**
 * Adapter: USGS earthquake events (`USGS_QUAKE_URL`), FDSN event web service.
 * `GET <base>/fdsnws/event/1/query?format=geojson&latitude&longitude&maxradiuskm&starttime
 * &orderby=time` answers a GeoJSON FeatureCollection (`properties.time` in ms UTC,
 * `geometry.coordinates` = [lon, lat, depth km]) or 204 when nothing matched.
 *
 * @example
 * ```ts
 * import { parseQuakes } from "./usgs_quake.ts";
 * parseQuakes({ type: "FeatureCollection", features: [{ id: "us7000abcd",
 *   geometry: { coordinates: [142.1, 38.2, 30.5] },
 *   properties: { mag: 4.6, magType: "mb", place: "off the coast", time: 1795660000000 } }] })[0]!
 *   .reading.depth_km; // 30.5
 * ```
 */
import type { Candidate, Point } from "./select.ts";
import { type Upstream, UpstreamError } from "./upstream.ts";
import { isoUtc, num, obj, parseTime, str } from "./values.ts";

export const USGS_QUAKE_SOURCE = "usgs-earthquake";
/** The window searched for the newest event. */
export const QUAKE_WINDOW_S = 7 * 24 * 3600;

export interface QuakeReading {
  magnitude: number | null;
  magnitude_type: string | null;
  depth_km: number | null;
  place: string | null;
  event_time: string;
}

export function parseQuakes(body: unknown): Candidate<QuakeReading>[] {
  if (body === null) return [];
  const features = obj(body)?.features;
  if (!Array.isArray(features)) {
    throw new UpstreamError(USGS_QUAKE_SOURCE, "unexpected answer shape");
  }
  const out: Candidate<QuakeReading>[] = [];
  for (const f of features) {
    const fo = obj(f);
    const p = obj(fo?.properties);
    const coords = obj(fo?.geometry)?.coordinates;
    const id = str(fo?.id);
    if (!p || !id || !Array.isArray(coords)) continue;
    const lon = num(coords[0]);
    const lat = num(coords[1]);
    const observedMs = parseTime(p.time);
    if (lat === null || lon === null || observedMs === null) continue;
    out.push({
      id,
      name: str(p.title),
      latitude: lat,
      longitude: lon,
      observedMs,
      reading: {
        magnitude: num(p.mag),
        magnitude_type: str(p.magType),
        depth_km: num(coords[2]),
        place: str(p.place),
        event_time: isoUtc(observedMs),
      },
      source: { name: "USGS Earthquake Hazards Program", url: str(p.url) ?? str(p.detail) ?? "" },
    });
  }
  return out;
}

export async function fetchQuakes(
  up: Upstream,
  base: string,
  p: Point,
  km: number,
  nowMs: number,
): Promise<Candidate<QuakeReading>[]> {
  // The start is rounded down to the minute so the URL (and the cache) is stable for a minute.
  const start = isoUtc(Math.floor((nowMs - QUAKE_WINDOW_S * 1000) / 60_000) * 60_000);
  const url = `${base}/fdsnws/event/1/query?format=geojson&latitude=${p.latitude}` +
    `&longitude=${p.longitude}&maxradiuskm=${km}&starttime=${start}&orderby=time`;
  const events = parseQuakes(await up.getJson(USGS_QUAKE_SOURCE, url));
  for (const e of events) if (!e.source.url) e.source.url = url;
  return events;
}
