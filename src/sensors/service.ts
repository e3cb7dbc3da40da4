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
    slug: "weather-now",
    priceUsd: "0.001",
    description:
      "Current weather (°C, %, hPa, m/s) from the nearest live public station within 75 km, with station, distance and age",
    envelope: "result",
    capabilityId: "svc.weather.read@v1",
    example: { latitude: 50.94, longitude: 6.96 },
    needsInternet: true,
    parse: parsePlaceInput,
    prepare: resolvePlace,
    run: (input) => live.weatherNow(input),
  };
}

export function airQualityNowService(
  live: LiveData,
): PaidService<PlaceQuery, AirQualityNowResult> {
  return {
    slug: "air-quality-now",
    priceUsd: "0.001",
    description:
      "Current air quality (PM2.5, PM10 in µg/m³, US AQI, European AQI) modelled by CAMS, with the model grid point",
    envelope: "result",
    capabilityId: "svc.air.read@v1",
    example: { latitude: 48.86, longitude: 2.35 },
    needsInternet: true,
    parse: parsePlaceInput,
    prepare: resolvePlace,
    run: (input) => live.airQualityNow(input),
  };
}

export function nearbySensorsService(
  live: LiveData,
): PaidService<NearbyQuery, NearbySensorsResult> {
  return {
    slug: "nearby-sensors",
    priceUsd: "0.03",
    description:
      "The nearest live public sensor per layer (weather, air, radiation, quake, river) with reading, distance and source",
    envelope: "result",
    capabilityId: "svc.nearest.read@v1",
    example: { latitude: 40.71, longitude: -74.0, layers: ["weather", "quake"] },
    needsInternet: true,
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
