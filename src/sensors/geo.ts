/**
 * Great-circle distance and the bounding boxes used to pre-filter stations (DESIGN.md §10).
 * Boxes split at ±180° and widen to every longitude when they reach a pole, so a search near
 * the antimeridian or a pole never misses a station across the seam.
 *
 * @example
 * ```ts
 * import { haversineKm } from "./geo.ts";
 * Math.round(haversineKm(52.52, 13.405, 48.137, 11.575)); // 504 (Berlin to Munich)
 * ```
 */

/** IUGG mean Earth radius in km. */
export const EARTH_RADIUS_KM = 6371.0088;
/** Kilometres per degree of latitude (and of longitude at the equator), for the pre-filter. */
const KM_PER_DEG = 111.32;

const rad = (deg: number) => deg * Math.PI / 180;

/** Haversine distance in km between two points given in degrees. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Rounds to 0.1 (distances in answers). */
export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

export interface BBox {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/**
 * The boxes that hold every point within `km` of (lat, lon): one box, two when it crosses the
 * antimeridian, one spanning all longitudes when it reaches a pole.
 */
export function bboxesAround(lat: number, lon: number, km: number): BBox[] {
  const dLat = km / KM_PER_DEG;
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  if (minLat <= -90 || maxLat >= 90) return [{ minLat, minLon: -180, maxLat, maxLon: 180 }];
  // The box is widest in longitude at its edge nearest a pole.
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const dLon = km / (KM_PER_DEG * Math.cos(rad(widest)));
  if (dLon >= 180) return [{ minLat, minLon: -180, maxLat, maxLon: 180 }];
  const minLon = lon - dLon;
  const maxLon = lon + dLon;
  if (minLon < -180) {
    return [
      { minLat, minLon: minLon + 360, maxLat, maxLon: 180 },
      { minLat, minLon: -180, maxLat, maxLon },
    ];
  }
  if (maxLon > 180) {
    return [
      { minLat, minLon, maxLat, maxLon: 180 },
      { minLat, minLon: -180, maxLat, maxLon: maxLon - 360 },
    ];
  }
  return [{ minLat, minLon, maxLat, maxLon }];
}

/** True when (lat, lon) lies in one of `boxes`. */
export function inBoxes(lat: number, lon: number, boxes: BBox[]): boolean {
  return boxes.some((b) =>
    lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon
  );
}

/** The centre of the grid cell of size `step` degrees holding `x` (cache keys). */
export function cell(x: number, step: number): number {
  return Number((Math.round(x / step) * step).toFixed(4));
}

/** Boxes rounded outwards to 4 decimals for an upstream query string. */
export function boxString(b: BBox, order: "latlon" | "lonlat"): string {
  const f = (x: number, up: boolean) => (up ? Math.ceil(x * 1e4) : Math.floor(x * 1e4)) / 1e4;
  const [s, w, n, e] = [
    f(b.minLat, false),
    f(b.minLon, false),
    f(b.maxLat, true),
    f(b.maxLon, true),
  ];
  return order === "latlon" ? `${s},${w},${n},${e}` : `${w},${s},${e},${n}`;
}
