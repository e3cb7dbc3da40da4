/** Shared setup of the live-data tests: the upstream fakes and a `LiveData` pointed at them. */
import { loadSensorsConfig } from "../../src/sensors/config.ts";
import { LiveData } from "../../src/sensors/live.ts";
import { EARTH_RADIUS_KM } from "../../src/sensors/geo.ts";
import { type SensorFakes, startSensorFakes } from "../fakes/sensors.ts";

export const UA = "esim-rails/test (+http://127.0.0.1:1)";

export async function withLive(
  fn: (live: LiveData, fakes: SensorFakes) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  await using fakes = startSensorFakes();
  const config = await loadSensorsConfig({ ...fakes.env, ...env });
  await fn(new LiveData(config, { userAgent: UA }), fakes);
}

/** Degrees of latitude for `km` along a meridian (exact for the haversine distance). */
export function degNorth(km: number): number {
  return km / (EARTH_RADIUS_KM * Math.PI / 180);
}

export const nowS = () => Math.floor(Date.now() / 1000);
