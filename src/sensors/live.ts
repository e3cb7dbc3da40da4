/**
 * The three live-data answers, built from the adapters: weather-now, air-quality-now and
 * nearby-sensors (DESIGN.md §10). One `LiveData` per server holds the upstream client and
 * the per-source caches (60 s per rounded cell; station lists longer), so a burst of calls
 * for the same place makes one upstream request. Failures become `HttpError`s: 404
 * `no_data_nearby` and 502 `upstream_failed`, neither of which is charged.
 */
import { ErrorCode, HttpError } from "../http/errors.ts";
import { TtlCache } from "./cache.ts";
import type { SensorsConfig } from "./config.ts";
import { ea, EA_AREA, type EaStation } from "./ea_flood.ts";
import { type BBox, bboxesAround, cell, haversineKm, inBoxes, round1 } from "./geo.ts";
import { type AirQualityModel, airQualityUrl, fetchAirQuality } from "./open_meteo.ts";
import { type Layer, type Place, placeOf, type PlaceQuery } from "./place.ts";
import { RIVER_MAX_AGE_S, type RiverReading } from "./river_reading.ts";
import { fetchSafecast, RADIATION_MAX_AGE_S, type RadiationReading } from "./safecast.ts";
import { AIR_MAX_AGE_S, type AirReading, fetchSensorCommunity } from "./sensor_community.ts";
import {
  type Candidate,
  type MissingReason,
  nearestFresh,
  type Pick,
  type Point,
  type Source,
} from "./select.ts";
import { Upstream, UpstreamError } from "./upstream.ts";
import { fetchQuakes, QUAKE_WINDOW_S, type QuakeReading } from "./usgs_quake.ts";
import { fetchUsgsWater, USGS_AREAS } from "./usgs_water.ts";
import { ageSeconds, isoUtc } from "./values.ts";
import { WeatherFinder } from "./weather.ts";
import type { WeatherReading } from "./weather_reading.ts";

/** weather-now uses a relay within this distance (spec §4 rule 5, §8). */
export const WEATHER_NOW_MAX_KM = 75;
/** The USGS water service refuses large boxes; its search radius is capped here. */
const USGS_WATER_MAX_KM = 150;
/** Added to a cached cell's query radius so it covers every point of the cell. */
const CELL_MARGIN_KM = 8;

export interface WeatherNowResult extends Omit<WeatherReading, "derived"> {
  place: Place;
  observed_at: string;
  age_s: number;
  station: {
    id: string;
    name: string | null;
    latitude: number;
    longitude: number;
    distance_km: number;
  };
  source: Source;
  derived: string[];
}

export type EuropeanAqiLevel =
  | "good"
  | "fair"
  | "moderate"
  | "poor"
  | "very_poor"
  | "extremely_poor";

export interface AirQualityNowResult {
  place: Place;
  pm2_5_ugm3: number | null;
  pm10_ugm3: number | null;
  us_aqi: number | null;
  european_aqi: number | null;
  european_aqi_level: EuropeanAqiLevel | null;
  observed_at: string;
  model: { name: string; latitude: number; longitude: number };
  source: Source;
}

export interface SensorEntry {
  layer: Layer;
  reading: unknown;
  distance_km: number;
  observed_at: string;
  age_s: number;
  sensor: { id: string; name?: string; latitude: number; longitude: number };
  source: Source;
}

export interface NearbySensorsResult {
  place: Place;
  max_km: number;
  sensors: SensorEntry[];
  missing: { layer: Layer; reason: MissingReason }[];
}

/** EEA 2024 bands on the index, upper bounds inclusive. */
export function europeanAqiLevel(index: number | null): EuropeanAqiLevel | null {
  if (index === null) return null;
  if (index <= 20) return "good";
  if (index <= 40) return "fair";
  if (index <= 60) return "moderate";
  if (index <= 80) return "poor";
  if (index <= 100) return "very_poor";
  return "extremely_poor";
}

/** CAMS Europe's domain (Open-Meteo's `auto` uses it there, CAMS global elsewhere). */
export function camsModelName(lat: number, lon: number): string {
  return lat >= 30 && lat <= 72 && lon >= -25 && lon <= 45 ? "CAMS Europe" : "CAMS global";
}

function upstreamFailed(err: UpstreamError): HttpError {
  return new HttpError(
    502,
    ErrorCode.UpstreamFailed,
    `The upstream service failed (${err.message}); nothing was charged, retry later.`,
    { cause: err },
  );
}

function boxesOverlap(
  boxes: BBox[],
  area: { minLat: number; maxLat: number; minLon: number; maxLon: number },
) {
  return boxes.some((b) =>
    b.minLat <= area.maxLat && b.maxLat >= area.minLat && b.minLon <= area.maxLon &&
    b.maxLon >= area.minLon
  );
}

export interface LiveDataOptions {
  userAgent: string;
  now?: () => number;
  fetch?: typeof fetch;
}

export class LiveData {
  readonly up: Upstream;
  readonly weather: WeatherFinder;
  readonly #now: () => number;
  #air: TtlCache<AirQualityModel>;
  #sensorCommunity: TtlCache<Candidate<AirReading>[]>;
  #safecast: TtlCache<Candidate<RadiationReading>[]>;
  #quakes: TtlCache<Candidate<QuakeReading>[]>;
  #eaStations: TtlCache<EaStation[]>;
  #eaLatest: TtlCache<Candidate<RiverReading> | null>;
  #usgsWater: TtlCache<Candidate<RiverReading>[]>;

  constructor(readonly config: SensorsConfig, options: LiveDataOptions) {
    this.#now = options.now ?? Date.now;
    const now = this.#now;
    this.up = new Upstream({
      userAgent: options.userAgent,
      timeoutMs: config.timeoutMs,
      now,
      fetch: options.fetch,
    });
    this.weather = new WeatherFinder(this.up, config, now);
    this.#air = new TtlCache(60_000, now);
    this.#sensorCommunity = new TtlCache(60_000, now);
    this.#safecast = new TtlCache(60_000, now);
    this.#quakes = new TtlCache(60_000, now);
    this.#eaStations = new TtlCache(6 * 3600_000, now);
    this.#eaLatest = new TtlCache(60_000, now);
    this.#usgsWater = new TtlCache(60_000, now);
  }

  /** weather-now: the nearest fresh station within 75 km, or 404 / 502. */
  async weatherNow(q: PlaceQuery): Promise<WeatherNowResult> {
    const place = placeOf(q);
    let pick: Pick<WeatherReading>;
    try {
      pick = await this.weather.find(place, WEATHER_NOW_MAX_KM);
    } catch (err) {
      if (err instanceof UpstreamError) throw upstreamFailed(err);
      throw err;
    }
    if (pick.kind === "missing") {
      throw new HttpError(
        404,
        ErrorCode.NoDataNearby,
        pick.reason === "stale"
          ? "The weather stations within 75 km have not reported in the last 2 hours; nothing was charged."
          : "No live weather station within 75 km of this place; nothing was charged.",
        { details: { reason: pick.reason } },
      );
    }
    const { candidate: c, distanceKm } = pick;
    const nowMs = this.#now();
    return {
      place,
      temperature_c: c.reading.temperature_c,
      humidity_pct: c.reading.humidity_pct,
      pressure_hpa: c.reading.pressure_hpa,
      wind_speed_ms: c.reading.wind_speed_ms,
      wind_direction_deg: c.reading.wind_direction_deg,
      observed_at: isoUtc(c.observedMs),
      age_s: ageSeconds(c.observedMs, nowMs),
      station: {
        id: c.id,
        name: c.name,
        latitude: c.latitude,
        longitude: c.longitude,
        distance_km: distanceKm,
      },
      source: c.source,
      derived: c.reading.derived,
    };
  }

  /** air-quality-now: the CAMS model value for the current hour at the place. */
  async airQualityNow(q: PlaceQuery): Promise<AirQualityNowResult> {
    const place = placeOf(q);
    const lat = Number(place.latitude.toFixed(2));
    const lon = Number(place.longitude.toFixed(2));
    const base = this.config.openMeteoAqUrl;
    let m: AirQualityModel;
    try {
      m = await this.#air.get(
        `${lat},${lon}`,
        () => fetchAirQuality(this.up, base, lat, lon, this.config.openMeteoApiKey),
      );
    } catch (err) {
      if (err instanceof UpstreamError) throw upstreamFailed(err);
      throw err;
    }
    return {
      place,
      pm2_5_ugm3: m.pm2_5,
      pm10_ugm3: m.pm10,
      us_aqi: m.us_aqi,
      european_aqi: m.european_aqi,
      european_aqi_level: europeanAqiLevel(m.european_aqi),
      observed_at: isoUtc(m.observedMs),
      model: {
        name: camsModelName(m.latitude, m.longitude),
        latitude: m.latitude,
        longitude: m.longitude,
      },
      source: {
        name: "Open-Meteo air-quality API (modelled, CAMS)",
        url: airQualityUrl(base, lat, lon),
      },
    };
  }

  /** nearby-sensors: the nearest fresh sensor per layer; 502 only when every layer failed. */
  async nearbySensors(
    q: PlaceQuery & { layers: Layer[]; max_km: number },
  ): Promise<NearbySensorsResult> {
    const place = placeOf(q);
    const outcomes = await Promise.all(q.layers.map(async (layer) => {
      try {
        return { layer, pick: await this.#layer(layer, place, q.max_km) };
      } catch (err) {
        if (err instanceof UpstreamError) return { layer, error: err };
        throw err;
      }
    }));
    const failed = outcomes.filter((o) => "error" in o);
    if (failed.length === outcomes.length) throw upstreamFailed(failed[0]!.error!);
    const nowMs = this.#now();
    const sensors: SensorEntry[] = [];
    const missing: NearbySensorsResult["missing"] = [];
    for (const o of outcomes) {
      if ("error" in o) {
        missing.push({ layer: o.layer, reason: "upstream_failed" });
      } else if (o.pick.kind === "missing") {
        missing.push({ layer: o.layer, reason: o.pick.reason });
      } else {
        const c = o.pick.candidate;
        sensors.push({
          layer: o.layer,
          reading: c.reading,
          distance_km: o.pick.distanceKm,
          observed_at: isoUtc(c.observedMs),
          age_s: ageSeconds(c.observedMs, nowMs),
          sensor: {
            id: c.id,
            ...(c.name ? { name: c.name } : {}),
            latitude: c.latitude,
            longitude: c.longitude,
          },
          source: c.source,
        });
      }
    }
    return { place, max_km: q.max_km, sensors, missing };
  }

  #layer(layer: Layer, p: Point, maxKm: number): Promise<Pick<unknown>> {
    switch (layer) {
      case "weather":
        return this.weather.find(p, maxKm);
      case "air":
        return this.#airSensors(p, maxKm);
      case "radiation":
        return this.#radiation(p, maxKm);
      case "quake":
        return this.#quake(p, maxKm);
      case "river":
        return this.#river(p, maxKm);
    }
  }

  async #airSensors(p: Point, maxKm: number): Promise<Pick<AirReading>> {
    const c = { latitude: cell(p.latitude, 0.1), longitude: cell(p.longitude, 0.1) };
    const base = this.config.sensorCommunityUrl;
    const list = await this.#sensorCommunity.get(
      `${c.latitude},${c.longitude},${maxKm}`,
      () => fetchSensorCommunity(this.up, base, c, maxKm + CELL_MARGIN_KM),
    );
    return nearestFresh(list, p, maxKm, AIR_MAX_AGE_S, this.#now());
  }

  async #radiation(p: Point, maxKm: number): Promise<Pick<RadiationReading>> {
    const all = await this.#safecast.get(
      "devices",
      () => fetchSafecast(this.up, this.config.safecastUrl),
    );
    const boxes = bboxesAround(p.latitude, p.longitude, maxKm);
    const near = all.filter((c) => inBoxes(c.latitude, c.longitude, boxes));
    return nearestFresh(near, p, maxKm, RADIATION_MAX_AGE_S, this.#now());
  }

  /** The newest event within `maxKm` in the last 7 days (distance to the epicentre). */
  async #quake(p: Point, maxKm: number): Promise<Pick<QuakeReading>> {
    const c = { latitude: cell(p.latitude, 0.1), longitude: cell(p.longitude, 0.1) };
    const nowMs = this.#now();
    const events = await this.#quakes.get(
      `${c.latitude},${c.longitude},${maxKm}`,
      () =>
        fetchQuakes(
          this.up,
          this.config.usgsQuakeUrl,
          c,
          Math.min(20001, maxKm + CELL_MARGIN_KM),
          nowMs,
        ),
    );
    let best: { candidate: Candidate<QuakeReading>; distanceKm: number } | undefined;
    for (const e of events) {
      const d = round1(haversineKm(p.latitude, p.longitude, e.latitude, e.longitude));
      if (d > maxKm || nowMs - e.observedMs > QUAKE_WINDOW_S * 1000) continue;
      if (!best || e.observedMs > best.candidate.observedMs) best = { candidate: e, distanceKm: d };
    }
    return best ? { kind: "found", ...best } : { kind: "missing", reason: "none_within_max_km" };
  }

  /** Rivers: the Environment Agency near England, USGS water in the US, else nothing. */
  async #river(p: Point, maxKm: number): Promise<Pick<RiverReading>> {
    const boxes = bboxesAround(p.latitude, p.longitude, maxKm);
    const tasks: Promise<Candidate<RiverReading>[]>[] = [];
    if (boxesOverlap(boxes, EA_AREA)) tasks.push(this.#eaCandidates(p, maxKm));
    if (USGS_AREAS.some((a) => boxesOverlap(boxes, a))) tasks.push(this.#usgsCandidates(p, maxKm));
    if (tasks.length === 0) return { kind: "missing", reason: "none_within_max_km" };
    const settled = await Promise.allSettled(tasks);
    const found = settled.flatMap((s) => (s.status === "fulfilled" ? s.value : []));
    const pick = nearestFresh(found, p, maxKm, RIVER_MAX_AGE_S, this.#now());
    const failure = settled.find((s) => s.status === "rejected");
    if (pick.kind === "missing" && failure) throw (failure as PromiseRejectedResult).reason;
    return pick;
  }

  async #eaCandidates(p: Point, maxKm: number): Promise<Candidate<RiverReading>[]> {
    const c = { latitude: cell(p.latitude, 0.1), longitude: cell(p.longitude, 0.1) };
    const base = this.config.eaFloodUrl;
    const stations = await this.#eaStations.get(
      `${c.latitude},${c.longitude},${maxKm}`,
      () => ea.stations(this.up, base, c, maxKm + CELL_MARGIN_KM),
    );
    const nearest = stations
      .map((s) => ({ s, d: haversineKm(p.latitude, p.longitude, s.latitude, s.longitude) }))
      .filter((x) => x.d <= maxKm + 0.05)
      .sort((a, b) => a.d - b.d)
      .slice(0, 3);
    const latest = await Promise.all(
      nearest.map(({ s }) => this.#eaLatest.get(s.id, () => ea.latest(this.up, base, s))),
    );
    return latest.filter((x) => x !== null);
  }

  async #usgsCandidates(p: Point, maxKm: number): Promise<Candidate<RiverReading>[]> {
    const km = Math.min(maxKm, USGS_WATER_MAX_KM);
    const c = { latitude: cell(p.latitude, 0.1), longitude: cell(p.longitude, 0.1) };
    const lists = await this.#usgsWater.get(`${c.latitude},${c.longitude},${km}`, async () => {
      const boxes = bboxesAround(c.latitude, c.longitude, km + CELL_MARGIN_KM);
      const parts = await Promise.all(
        boxes.map((b) => fetchUsgsWater(this.up, this.config.usgsWaterUrl, b)),
      );
      return parts.flat();
    });
    return lists;
  }
}
