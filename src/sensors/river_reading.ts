/** River reading (DESIGN.md §10): level in metres and/or discharge in m³/s; absent is `null`. */
export interface RiverReading {
  level_m: number | null;
  discharge_m3s: number | null;
}

/** River readings older than this are not live. */
export const RIVER_MAX_AGE_S = 3 * 3600;
