/**
 * Adapter: Safecast realtime devices (`SAFECAST_URL`). `GET <base>/devices` answers an array
 * with the latest record of every device: `loc_lat`/`loc_lon`, `when_captured` (ISO Z) and
 * counts per minute per tube (`lnd_7318u`, `lnd_7318c`, `lnd_7317`, `lnd_7128ec`). Devices
 * without a radiation tube (air-only) are skipped. CPM → µSv/h: ÷334 for LND 7317/7318,
 * ÷108 for LND 7128ec (Cs-137 calibration).
 *
 * @example
 * ```ts
 * import { parseSafecast } from "./safecast.ts";
 * parseSafecast([{ device_urn: "pointcast:10017", loc_lat: 35.6, loc_lon: 139.7,
 *   when_captured: "2026-11-26T03:00:00Z", lnd_7318u: 40 }], "https://tt.safecast.org")[0]!
 *   .reading.dose_rate_usv_h; // 0.12
 * ```
 */
import type { Candidate } from "./select.ts";
import { type Upstream, UpstreamError } from "./upstream.ts";
import { num, obj, parseTime, roundTo, str } from "./values.ts";

export const SAFECAST_SOURCE = "safecast";
/** Radiation readings older than this are not live. */
export const RADIATION_MAX_AGE_S = 24 * 3600;

export interface RadiationReading {
  dose_rate_usv_h: number | null;
  cpm: number;
  tube: string;
  factor: number;
}

const TUBES: { fields: string[]; tube: string; factor: number }[] = [
  {
    fields: ["lnd_7318u", "lnd_7318c", "lnd_7318u_cpm", "lnd_7318c_cpm"],
    tube: "LND 7318",
    factor: 334,
  },
  { fields: ["lnd_7317", "lnd_7317_cpm"], tube: "LND 7317", factor: 334 },
  { fields: ["lnd_7128ec", "lnd_7128ec_cpm"], tube: "LND 7128ec", factor: 108 },
];

export function parseSafecast(body: unknown, base: string): Candidate<RadiationReading>[] {
  if (body === null) return [];
  if (!Array.isArray(body)) throw new UpstreamError(SAFECAST_SOURCE, "unexpected answer shape");
  const out: Candidate<RadiationReading>[] = [];
  for (const item of body) {
    const d = obj(item);
    if (!d) continue;
    const id = str(d.device_urn) ?? str(d.device);
    const lat = num(d.loc_lat);
    const lon = num(d.loc_lon);
    const observedMs = parseTime(d.when_captured);
    if (!id || lat === null || lon === null || observedMs === null) continue;
    let reading: RadiationReading | null = null;
    for (const t of TUBES) {
      const field = t.fields.find((f) => num(d[f]) !== null);
      if (field === undefined) continue;
      const cpm = num(d[field])!;
      reading = {
        dose_rate_usv_h: roundTo(cpm / t.factor, 3),
        cpm,
        tube: t.tube,
        factor: t.factor,
      };
      break;
    }
    if (!reading) continue;
    out.push({
      id,
      name: str(d.loc_name),
      latitude: lat,
      longitude: lon,
      observedMs,
      reading,
      source: { name: "Safecast", url: `${base}/devices` },
    });
  }
  return out;
}

/** Every device's latest record (one list for the whole world). */
export async function fetchSafecast(
  up: Upstream,
  base: string,
): Promise<Candidate<RadiationReading>[]> {
  return parseSafecast(await up.getJson(SAFECAST_SOURCE, `${base}/devices`), base);
}
