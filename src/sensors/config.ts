/**
 * Where the live-data upstreams are and how long to wait for them (DESIGN.md §10). Every base
 * URL is configurable and keeps its path (`<base>/api/data/metar`, not the host root).
 *
 * @example
 * ```ts
 * import { loadSensorsConfig } from "./config.ts";
 * const c = await loadSensorsConfig({ METAR_URL: "http://127.0.0.1:9000/awc/" });
 * c.metarUrl; // "http://127.0.0.1:9000/awc"
 * ```
 */
import { readSecretFile } from "../crypto/key_file.ts";

export interface SensorsConfig {
  metarUrl: string;
  nwsUrl: string;
  openMeteoAqUrl: string;
  /** Open-Meteo commercial plan key (`OPEN_METEO_API_KEY_FILE`), sent as `&apikey=`. */
  openMeteoApiKey?: string;
  sensorCommunityUrl: string;
  safecastUrl: string;
  usgsQuakeUrl: string;
  eaFloodUrl: string;
  usgsWaterUrl: string;
  /** `UPSTREAM_TIMEOUT_MS`, default 8000. */
  timeoutMs: number;
}

/** A variable that cannot be used; `config.ts` turns it into a `ConfigError`. */
export class SensorsConfigError extends Error {
  constructor(readonly variable: string, readonly reason: string) {
    super(`${variable}: ${reason}`);
    this.name = "SensorsConfigError";
  }
}

export const UPSTREAM_DEFAULTS = {
  METAR_URL: "https://aviationweather.gov",
  NWS_URL: "https://api.weather.gov",
  OPEN_METEO_AQ_URL: "https://air-quality-api.open-meteo.com",
  SENSOR_COMMUNITY_URL: "https://data.sensor.community",
  SAFECAST_URL: "https://tt.safecast.org",
  USGS_QUAKE_URL: "https://earthquake.usgs.gov",
  EA_FLOOD_URL: "https://environment.data.gov.uk",
  USGS_WATER_URL: "https://waterservices.usgs.gov",
} as const;

type Env = Record<string, string | undefined>;

function baseUrl(env: Env, name: keyof typeof UPSTREAM_DEFAULTS): string {
  const raw = env[name] || UPSTREAM_DEFAULTS[name];
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new SensorsConfigError(name, `must be an absolute http(s) URL, got "${raw}"`);
  }
  if ((u.protocol !== "http:" && u.protocol !== "https:") || u.search || u.hash) {
    throw new SensorsConfigError(name, `must be an http(s) URL without query, got "${raw}"`);
  }
  return raw.replace(/\/+$/, "");
}

/** Reads the live-data variables; throws `SensorsConfigError` naming a bad one. */
export async function loadSensorsConfig(env: Env): Promise<SensorsConfig> {
  const rawTimeout = env.UPSTREAM_TIMEOUT_MS;
  let timeoutMs = 8000;
  if (rawTimeout !== undefined && rawTimeout !== "") {
    if (!/^\d+$/.test(rawTimeout) || Number(rawTimeout) < 100 || Number(rawTimeout) > 120_000) {
      throw new SensorsConfigError(
        "UPSTREAM_TIMEOUT_MS",
        `must be a whole number of milliseconds from 100 to 120000, got "${rawTimeout}"`,
      );
    }
    timeoutMs = Number(rawTimeout);
  }
  let openMeteoApiKey: string | undefined;
  if (env.OPEN_METEO_API_KEY_FILE) {
    try {
      openMeteoApiKey = await readSecretFile(env.OPEN_METEO_API_KEY_FILE);
    } catch (err) {
      throw new SensorsConfigError("OPEN_METEO_API_KEY_FILE", (err as Error).message);
    }
    if (!openMeteoApiKey) {
      throw new SensorsConfigError("OPEN_METEO_API_KEY_FILE", "the file is empty");
    }
  }
  return {
    metarUrl: baseUrl(env, "METAR_URL"),
    nwsUrl: baseUrl(env, "NWS_URL"),
    openMeteoAqUrl: baseUrl(env, "OPEN_METEO_AQ_URL"),
    openMeteoApiKey,
    sensorCommunityUrl: baseUrl(env, "SENSOR_COMMUNITY_URL"),
    safecastUrl: baseUrl(env, "SAFECAST_URL"),
    usgsQuakeUrl: baseUrl(env, "USGS_QUAKE_URL"),
    eaFloodUrl: baseUrl(env, "EA_FLOOD_URL"),
    usgsWaterUrl: baseUrl(env, "USGS_WATER_URL"),
    timeoutMs,
  };
}
