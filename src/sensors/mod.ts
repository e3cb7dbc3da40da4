/**
 * Live data: weather-now, air-quality-now and nearby-sensors (DESIGN.md §10). The public
 * surface of `src/sensors/`: configuration, the `LiveData` engine and the paid services.
 */
export { loadSensorsConfig, type SensorsConfig, SensorsConfigError } from "./config.ts";
export { LiveData, type LiveDataOptions } from "./live.ts";
export { userAgentFor } from "./upstream.ts";
export {
  airQualityNowService,
  liveDataServices,
  nearbySensorsService,
  weatherNowService,
} from "./service.ts";
export { parseNearbyInput, parsePlaceInput, resolvePlace } from "./place.ts";
