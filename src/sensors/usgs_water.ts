/**
 * Adapter: USGS water services instantaneous values (`USGS_WATER_URL`), United States.
 * `GET <base>/nwis/iv/?format=json&bBox=west,south,east,north&parameterCd=00065,00060
 * &siteStatus=active` answers WaterML-JSON: `value.timeSeries[]` with `sourceInfo` (site name,
 * code, location), `variable.variableCode[0].value` (00065 gage height ft, 00060 discharge
 * ft³/s) and `values[0].value[]` of `{value: "string", dateTime}`; `noDataValue` marks gaps.
 *
 * @example
 * ```ts
 * import { parseUsgsWater } from "./usgs_water.ts";
 * parseUsgsWater({ value: { timeSeries: [] } }, "https://waterservices.usgs.gov"); // []
 * ```
 */
import { type BBox, boxString } from "./geo.ts";
import type { Candidate } from "./select.ts";
import type { RiverReading } from "./river_reading.ts";
import { type Upstream, UpstreamError } from "./upstream.ts";
import { num, obj, parseTime, roundTo, str } from "./values.ts";

export const USGS_WATER_SOURCE = "usgs-water";
const FT_M = 0.3048;
const CFS_M3S = 0.028316846592;

/** The United States' rough extent (states and territories). */
export const USGS_AREAS = [
  { minLat: 17, maxLat: 72, minLon: -180, maxLon: -64 },
  { minLat: 12, maxLat: 22, minLon: 140, maxLon: 150 },
];

export function parseUsgsWater(body: unknown, base: string): Candidate<RiverReading>[] {
  if (body === null) return [];
  const series = obj(obj(body)?.value)?.timeSeries;
  if (!Array.isArray(series)) throw new UpstreamError(USGS_WATER_SOURCE, "unexpected answer shape");
  const sites = new Map<string, Candidate<RiverReading>>();
  for (const ts of series) {
    const t = obj(ts);
    const info = obj(t?.sourceInfo);
    const geo = obj(obj(info?.geoLocation)?.geogLocation);
    const code = str(obj(Array.isArray(info?.siteCode) ? info.siteCode[0] : null)?.value);
    const lat = num(geo?.latitude);
    const lon = num(geo?.longitude);
    const variable = obj(t?.variable);
    const param = str(
      obj(Array.isArray(variable?.variableCode) ? variable.variableCode[0] : null)?.value,
    );
    const noData = num(variable?.noDataValue);
    if (!code || lat === null || lon === null || (param !== "00065" && param !== "00060")) continue;
    const values = obj(Array.isArray(t?.values) ? t.values[0] : null)?.value;
    let newest: { at: number; v: number } | null = null;
    for (const v of Array.isArray(values) ? values : []) {
      const vo = obj(v);
      const x = num(vo?.value);
      const at = parseTime(vo?.dateTime);
      if (x === null || at === null || x === noData) continue;
      if (!newest || at > newest.at) newest = { at, v: x };
    }
    if (!newest) continue;
    let site = sites.get(code);
    if (!site) {
      site = {
        id: `USGS-${code}`,
        name: str(info?.siteName),
        latitude: lat,
        longitude: lon,
        observedMs: newest.at,
        reading: { level_m: null, discharge_m3s: null },
        source: {
          name: "USGS Water Services",
          url: `${base}/nwis/iv/?format=json&sites=${code}&parameterCd=00065,00060`,
        },
      };
      sites.set(code, site);
    }
    if (param === "00065") site.reading.level_m = roundTo(newest.v * FT_M, 3);
    else site.reading.discharge_m3s = roundTo(newest.v * CFS_M3S, 3);
    site.observedMs = Math.max(site.observedMs, newest.at);
  }
  return [...sites.values()];
}

export async function fetchUsgsWater(
  up: Upstream,
  base: string,
  box: BBox,
): Promise<Candidate<RiverReading>[]> {
  const url = `${base}/nwis/iv/?format=json&bBox=${boxString(box, "lonlat")}` +
    "&parameterCd=00065,00060&siteStatus=active";
  return parseUsgsWater(await up.getJson(USGS_WATER_SOURCE, url), base);
}
