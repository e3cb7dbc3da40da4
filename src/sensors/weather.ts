/**
 * Finding the nearest live weather report: METAR reports in a box around the point, the
 * newest per station, the nearest fresh one (≤ 2 h) within the radius; for US points the NWS
 * is asked when METAR has none. Cached per 0.25° cell for 60 s; NWS station lists for 1 h.
 */
import { bboxesAround, cell } from "./geo.ts";
import { TtlCache } from "./cache.ts";
import { fetchMetars } from "./metar.ts";
import { inNwsArea, nws, type NwsStation } from "./nws.ts";
import { type Candidate, nearestFresh, type Pick, type Point } from "./select.ts";
import { type Upstream, UpstreamError } from "./upstream.ts";
import type { WeatherReading } from "./weather_reading.ts";
import { haversineKm } from "./geo.ts";

/** Reports older than this are not live (METAR and NWS). */
export const WEATHER_MAX_AGE_S = 2 * 3600;
const CELL_DEG = 0.25;
/** Half the diagonal of a cell, so one cell's query covers every point in it. */
const CELL_MARGIN_KM = 20;
/** How many of the nearest NWS stations are asked for their latest observation. */
const NWS_TRIES = 3;

export class WeatherFinder {
  #metar: TtlCache<Candidate<WeatherReading>[]>;
  #points: TtlCache<string | null>;
  #stations: TtlCache<NwsStation[]>;
  #latest: TtlCache<Candidate<WeatherReading> | null>;

  constructor(
    private readonly up: Upstream,
    private readonly urls: { metarUrl: string; nwsUrl: string },
    private readonly now: () => number,
  ) {
    this.#metar = new TtlCache(60_000, now);
    this.#points = new TtlCache(24 * 3600_000, now);
    this.#stations = new TtlCache(3600_000, now);
    this.#latest = new TtlCache(60_000, now);
  }

  /** The nearest fresh report within `maxKm`; throws `UpstreamError` when no source answered. */
  async find(point: Point, maxKm: number): Promise<Pick<WeatherReading>> {
    let failure: UpstreamError | undefined;
    let pick: Pick<WeatherReading> | undefined;
    try {
      const lat = cell(point.latitude, CELL_DEG);
      const lon = cell(point.longitude, CELL_DEG);
      const reports = await this.#metar.get(
        `${lat},${lon},${maxKm}`,
        () =>
          fetchMetars(this.up, this.urls.metarUrl, bboxesAround(lat, lon, maxKm + CELL_MARGIN_KM)),
      );
      pick = nearestFresh(reports, point, maxKm, WEATHER_MAX_AGE_S, this.now());
      if (pick.kind === "found") return pick;
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      failure = err;
    }
    if (inNwsArea(point)) {
      try {
        const fallback = await this.#nws(point, maxKm);
        if (fallback !== null) {
          if (fallback.kind === "found") return fallback;
          if (!failure && pick?.kind === "missing" && fallback.reason === "stale") return fallback;
        }
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        throw failure ?? err;
      }
    }
    if (failure) throw failure;
    return pick!;
  }

  /** The NWS answer for a US point; `null` when the NWS does not cover it. */
  async #nws(point: Point, maxKm: number): Promise<Pick<WeatherReading> | null> {
    const base = this.urls.nwsUrl;
    const key = `${point.latitude.toFixed(2)},${point.longitude.toFixed(2)}`;
    const path = await this.#points.get(key, () => nws.stationsPath(this.up, base, point));
    if (path === null) return null;
    const stations = await this.#stations.get(path, () => nws.stations(this.up, base, path));
    const near = stations
      .map((s) => ({ s, d: haversineKm(point.latitude, point.longitude, s.latitude, s.longitude) }))
      .filter((x) => x.d <= maxKm + 0.05)
      .sort((a, b) => a.d - b.d)
      .slice(0, NWS_TRIES);
    if (near.length === 0) return { kind: "missing", reason: "none_within_max_km" };
    const latest = await Promise.all(
      near.map(({ s }) => this.#latest.get(s.id, () => nws.latest(this.up, base, s))),
    );
    return nearestFresh(
      latest.filter((c) => c !== null),
      point,
      maxKm,
      WEATHER_MAX_AGE_S,
      this.now(),
    );
  }
}
