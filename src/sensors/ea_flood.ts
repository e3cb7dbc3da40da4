/**
 * Adapter: UK Environment Agency flood monitoring (`EA_FLOOD_URL`), England.
 * `GET <base>/flood-monitoring/id/stations?lat&long&dist` (km) answers `{items: [station]}`
 * with `lat`/`long` (a number, or a list when a station moved), `stationReference`, `label`
 * and `measures[{@id, parameter: "level"|"flow", unitName}]`; then
 * `GET <base>/flood-monitoring/id/stations/{ref}/readings?latest` answers
 * `{items: [{dateTime, measure, value}]}`.
 *
 * @example
 * ```ts
 * import { parseEaStations } from "./ea_flood.ts";
 * parseEaStations({ items: [{ stationReference: "E1", label: "Kingston", lat: 51.41, long: -0.31,
 *   measures: [] }] })[0]!.id; // "E1"
 * ```
 */
import type { Candidate, Point } from "./select.ts";
import type { RiverReading } from "./river_reading.ts";
import { type Upstream, UpstreamError } from "./upstream.ts";
import { num, obj, parseTime, roundTo, str } from "./values.ts";

export const EA_SOURCE = "environment-agency";

export interface EaStation {
  id: string;
  name: string | null;
  latitude: number;
  longitude: number;
  /** measure @id → its parameter and unit. */
  measures: Map<string, { parameter: string; unit: string }>;
}

/** England's rough extent: the Agency is asked only for points near it. */
export const EA_AREA = { minLat: 49.8, maxLat: 56, minLon: -6.5, maxLon: 2 };

function firstNum(v: unknown): number | null {
  return Array.isArray(v) ? num(v[0]) : num(v);
}

export function parseEaStations(body: unknown): EaStation[] {
  if (body === null) return [];
  const items = obj(body)?.items;
  if (!Array.isArray(items)) throw new UpstreamError(EA_SOURCE, "unexpected stations shape");
  const out: EaStation[] = [];
  for (const it of items) {
    const s = obj(it);
    const id = str(s?.stationReference) ?? str(s?.notation);
    const lat = firstNum(s?.lat);
    const lon = firstNum(s?.long);
    if (!s || !id || lat === null || lon === null) continue;
    const measures = new Map<string, { parameter: string; unit: string }>();
    for (const m of Array.isArray(s.measures) ? s.measures : [s.measures]) {
      const mo = obj(m);
      const mid = str(mo?.["@id"]);
      if (mo && mid) {
        measures.set(mid, {
          parameter: String(mo.parameter ?? ""),
          unit: String(mo.unitName ?? ""),
        });
      }
    }
    const label = Array.isArray(s.label) ? s.label[0] : s.label;
    out.push({ id, name: str(label), latitude: lat, longitude: lon, measures });
  }
  return out;
}

/** The latest readings of a station as one river reading. */
export function parseEaReadings(
  body: unknown,
  station: EaStation,
): { observedMs: number; reading: RiverReading } | null {
  if (body === null) return null;
  const items = obj(body)?.items;
  if (!Array.isArray(items)) throw new UpstreamError(EA_SOURCE, "unexpected readings shape");
  let level: number | null = null;
  let flow: number | null = null;
  let observedMs: number | null = null;
  for (const it of items) {
    const r = obj(it);
    const measure = str(r?.measure);
    const value = num(r?.value);
    const at = parseTime(r?.dateTime);
    if (!measure || value === null || at === null) continue;
    const m = station.measures.get(measure);
    const parameter = m?.parameter ||
      (/-level-/.test(measure) ? "level" : /-flow-/.test(measure) ? "flow" : "");
    const unit = (m?.unit ?? "").toLowerCase();
    if (parameter === "level" && (unit === "" || unit.startsWith("m")) && level === null) {
      level = roundTo(value, 3);
    } else if (parameter === "flow" && flow === null) {
      flow = roundTo(unit.includes("l/s") ? value / 1000 : value, 3);
    } else continue;
    observedMs = Math.max(observedMs ?? 0, at);
  }
  if (observedMs === null) return null;
  return { observedMs, reading: { level_m: level, discharge_m3s: flow } };
}

export const ea = {
  async stations(up: Upstream, base: string, p: Point, km: number): Promise<EaStation[]> {
    const url =
      `${base}/flood-monitoring/id/stations?lat=${p.latitude}&long=${p.longitude}&dist=${km}`;
    return parseEaStations(await up.getJson(EA_SOURCE, url));
  },
  async latest(up: Upstream, base: string, s: EaStation): Promise<Candidate<RiverReading> | null> {
    const url = `${base}/flood-monitoring/id/stations/${encodeURIComponent(s.id)}/readings?latest`;
    const r = parseEaReadings(await up.getJson(EA_SOURCE, url), s);
    if (!r) return null;
    return {
      id: s.id,
      name: s.name,
      latitude: s.latitude,
      longitude: s.longitude,
      observedMs: r.observedMs,
      reading: r.reading,
      source: { name: "Environment Agency flood monitoring (OGL v3)", url },
    };
  },
};
