/**
 * The three paid live-data endpoints on the paywall (spec §4, DESIGN.md §10):
 * `POST /x402/weather-now` ($0.001, `svc.weather.read@v1`), `POST /x402/air-quality-now`
 * ($0.001, `svc.air.read@v1`) and `POST /x402/nearby-sensors` ($0.03, `svc.nearest.read@v1`).
 * Input is checked (and a city looked up offline) before any payment is asked; 404
 * `no_data_nearby` and 502 `upstream_failed` release the payment.
 *
 * @example
 * ```ts ignore
 * const live = new LiveData(config.sensors, { userAgent: userAgentFor(config.publicUrl) });
 * const routes = liveDataServices(live).map((s) => paidRoute(s, paywall));
 * ```
 */
import type { PaidService } from "../api/service.ts";
import { AIR_QUALITY_NOW, NEARBY_SENSORS, WEATHER_NOW } from "./listing.ts";
import type {
  AirQualityNowResult,
  LiveData,
  NearbySensorsResult,
  WeatherNowResult,
} from "./live.ts";
import {
  type NearbyQuery,
  parseNearbyInput,
  parsePlaceInput,
  type PlaceQuery,
  resolvePlace,
} from "./place.ts";

export function weatherNowService(live: LiveData): PaidService<PlaceQuery, WeatherNowResult> {
  return {
    ...WEATHER_NOW,
    parse: parsePlaceInput,
    prepare: resolvePlace,
    run: (input) => live.weatherNow(input),
  };
}

export function airQualityNowService(
  live: LiveData,
): PaidService<PlaceQuery, AirQualityNowResult> {
  return {
    ...AIR_QUALITY_NOW,
    parse: parsePlaceInput,
    prepare: resolvePlace,
    run: (input) => live.airQualityNow(input),
  };
}

export function nearbySensorsService(
  live: LiveData,
): PaidService<NearbyQuery, NearbySensorsResult> {
  return {
    ...NEARBY_SENSORS,
    parse: parseNearbyInput,
    prepare: resolvePlace,
    run: (input) => live.nearbySensors(input),
  };
}

/** All three, in the order of the spec's table. */
export function liveDataServices(live: LiveData): PaidService[] {
  return [
    weatherNowService(live) as PaidService,
    airQualityNowService(live) as PaidService,
    nearbySensorsService(live) as PaidService,
  ];
}
