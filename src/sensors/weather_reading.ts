/** The weather reading every weather source is turned into (units of DESIGN.md §10). */
export interface WeatherReading {
  temperature_c: number | null;
  humidity_pct: number | null;
  pressure_hpa: number | null;
  wind_speed_ms: number | null;
  /** `null` for calm or variable (`VRB`) wind. */
  wind_direction_deg: number | null;
  /** Fields computed here rather than reported, e.g. `humidity_pct` from the dew point. */
  derived: string[];
}

/** Knots to m/s. */
export const KNOT_MS = 0.514444;
