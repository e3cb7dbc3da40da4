/** The listings of the three live-data endpoints (service.ts does the work). */
import type { ServiceListing } from "../api/service.ts";

export const WEATHER_NOW: ServiceListing = {
  slug: "weather-now",
  priceUsd: "0.001",
  description:
    "Current weather (°C, %, hPa, m/s) from the nearest live public station within 75 km, with station, distance and age",
  envelope: "result",
  capabilityId: "svc.weather.read@v1",
  example: { latitude: 50.94, longitude: 6.96 },
  needsInternet: true,
};

export const AIR_QUALITY_NOW: ServiceListing = {
  slug: "air-quality-now",
  priceUsd: "0.001",
  description:
    "Current air quality (PM2.5, PM10 in µg/m³, US AQI, European AQI) modelled by CAMS, with the model grid point",
  envelope: "result",
  capabilityId: "svc.air.read@v1",
  example: { latitude: 48.86, longitude: 2.35 },
  needsInternet: true,
};

export const NEARBY_SENSORS: ServiceListing = {
  slug: "nearby-sensors",
  priceUsd: "0.03",
  description:
    "The nearest live public sensor per layer (weather, air, radiation, quake, river) with reading, distance and source",
  envelope: "result",
  capabilityId: "svc.nearest.read@v1",
  example: { latitude: 40.71, longitude: -74.0, layers: ["weather", "quake"] },
  needsInternet: true,
};

/** In the order of the spec's table. */
export const LIVE_DATA: readonly ServiceListing[] = [WEATHER_NOW, AIR_QUALITY_NOW, NEARBY_SENSORS];
