/**
 * What every layer shares: a candidate reading with its provenance, and the rule that picks
 * one. The nearest station whose reading is fresh enough wins; a nearer stale one never does.
 * "Within" is `distance_km <= maxKm`, on the distance rounded to 0.1 km as answers show it.
 *
 * @example
 * ```ts
 * import { nearestFresh } from "./select.ts";
 * const c = { id: "EDDB", name: null, latitude: 52.36, longitude: 13.5, observedMs: 0, reading: {},
 *   source: { name: "x", url: "x" } };
 * nearestFresh([c], { latitude: 52.52, longitude: 13.4 }, 75, 7200, 60_000).kind; // "found"
 * ```
 */
import { haversineKm, round1 } from "./geo.ts";

export interface Point {
  latitude: number;
  longitude: number;
}

export interface Source {
  name: string;
  url: string;
}

/** One station's (or event's) newest reading with where and when it comes from. */
export interface Candidate<R> {
  id: string;
  name: string | null;
  latitude: number;
  longitude: number;
  observedMs: number;
  reading: R;
  source: Source;
}

export type MissingReason = "none_within_max_km" | "upstream_failed" | "stale";

export type Pick<R> =
  | { kind: "found"; candidate: Candidate<R>; distanceKm: number }
  | { kind: "missing"; reason: MissingReason };

/** Keeps the newest candidate per id (several reports per station). */
export function newestPerId<R>(candidates: Candidate<R>[]): Candidate<R>[] {
  const best = new Map<string, Candidate<R>>();
  for (const c of candidates) {
    const seen = best.get(c.id);
    if (!seen || c.observedMs > seen.observedMs) best.set(c.id, c);
  }
  return [...best.values()];
}

/**
 * The nearest candidate within `maxKm` whose reading is at most `maxAgeS` old; ties go to
 * the fresher one. Otherwise why not: `stale` when only too-old readings were in range.
 */
export function nearestFresh<R>(
  candidates: Candidate<R>[],
  point: Point,
  maxKm: number,
  maxAgeS: number,
  nowMs: number,
): Pick<R> {
  let best: { candidate: Candidate<R>; distanceKm: number } | undefined;
  let staleInRange = false;
  for (const c of newestPerId(candidates)) {
    const d = round1(haversineKm(point.latitude, point.longitude, c.latitude, c.longitude));
    if (d > maxKm) continue;
    if (nowMs - c.observedMs > maxAgeS * 1000) {
      staleInRange = true;
      continue;
    }
    if (
      !best || d < best.distanceKm ||
      (d === best.distanceKm && c.observedMs > best.candidate.observedMs)
    ) best = { candidate: c, distanceKm: d };
  }
  if (best) return { kind: "found", ...best };
  return { kind: "missing", reason: staleInRange ? "stale" : "none_within_max_km" };
}
