/**
 * Request input of the live-data endpoints (DESIGN.md §10): `latitude` + `longitude` numbers
 * in range, or `city` ("Name" or "Name, CC", 1–100 characters), never both; for
 * nearby-sensors also `layers` and `max_km`. Everything is checked before any upstream call
 * and before any payment is asked; a problem is a 400 naming the field.
 *
 * @example
 * ```ts
 * import { parsePlaceInput } from "./place.ts";
 * parsePlaceInput({ latitude: 52.52, longitude: 13.405 }); // { latitude: 52.52, longitude: 13.405 }
 * ```
 */
import { invalidInput } from "../http/errors.ts";
import { lookupCity } from "./gazetteer.ts";

export interface PlaceQuery {
  latitude?: number;
  longitude?: number;
  city?: string;
  /** Set by `resolvePlace`: the matched city's name and country. */
  name?: string;
  country?: string;
}

/** Where an answer is for: the coordinates, and the matched city when one was asked for. */
export interface Place {
  latitude: number;
  longitude: number;
  name?: string;
  country?: string;
}

export const LAYERS = ["weather", "air", "radiation", "quake", "river"] as const;
export type Layer = typeof LAYERS[number];

export interface NearbyQuery extends PlaceQuery {
  layers: Layer[];
  max_km: number;
}

const present = (b: Record<string, unknown>, k: string) => b[k] !== undefined && b[k] !== null;

function coordinate(b: Record<string, unknown>, field: "latitude" | "longitude"): number {
  const v = b[field];
  const limit = field === "latitude" ? 90 : 180;
  if (typeof v !== "number" || !Number.isFinite(v)) {
    throw invalidInput(field, `'${field}' must be a number in degrees, -${limit} to ${limit}.`);
  }
  if (v < -limit || v > limit) {
    throw invalidInput(field, `'${field}' must be between -${limit} and ${limit} degrees.`);
  }
  return v;
}

function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw invalidInput(
      "latitude",
      "Send a JSON object with 'latitude' and 'longitude', or with 'city'.",
    );
  }
  return body as Record<string, unknown>;
}

/** Validates the place fields; the city is only checked for form here (see `resolvePlace`). */
export function parsePlaceInput(body: unknown): PlaceQuery {
  const b = asObject(body);
  const hasLat = present(b, "latitude");
  const hasLon = present(b, "longitude");
  if (present(b, "city")) {
    if (hasLat || hasLon) {
      throw invalidInput("city", "Send either city or latitude+longitude, not both.");
    }
    const city = b.city;
    if (typeof city !== "string" || city.trim().length === 0 || city.trim().length > 100) {
      throw invalidInput(
        "city",
        "'city' must be a city name of 1 to 100 characters, e.g. \"Lyon, FR\".",
      );
    }
    return { city: city.trim() };
  }
  if (!hasLat && !hasLon) {
    throw invalidInput("latitude", "Send 'latitude' and 'longitude' (degrees), or 'city'.");
  }
  if (!hasLat) throw invalidInput("latitude", "'latitude' is required with 'longitude'.");
  if (!hasLon) throw invalidInput("longitude", "'longitude' is required with 'latitude'.");
  return { latitude: coordinate(b, "latitude"), longitude: coordinate(b, "longitude") };
}

/** Validates the nearby-sensors body: the place, `layers` and `max_km`. */
export function parseNearbyInput(body: unknown): NearbyQuery {
  const place = parsePlaceInput(body);
  const b = asObject(body);
  let layers: Layer[] = ["weather"];
  if (present(b, "layers")) {
    const v = b.layers;
    if (!Array.isArray(v) || v.length === 0) {
      throw invalidInput("layers", `'layers' must be a non-empty list of: ${LAYERS.join(", ")}.`);
    }
    const seen = new Set<Layer>();
    for (const l of v) {
      if (typeof l !== "string" || !(LAYERS as readonly string[]).includes(l)) {
        throw invalidInput(
          "layers",
          `Unknown layer ${JSON.stringify(l)}; use any of: ${LAYERS.join(", ")}.`,
        );
      }
      seen.add(l as Layer);
    }
    layers = [...seen];
  }
  let maxKm = 75;
  if (present(b, "max_km")) {
    const v = b.max_km;
    if (typeof v !== "number" || !Number.isFinite(v) || v <= 0 || v > 500) {
      throw invalidInput(
        "max_km",
        "'max_km' must be a number above 0 and at most 500 (default 75).",
      );
    }
    maxKm = v;
  }
  return { ...place, layers, max_km: maxKm };
}

/** The place of a parsed query: a city is looked up in the offline gazetteer. */
export async function resolvePlace<Q extends PlaceQuery>(q: Q): Promise<Q> {
  if (q.city === undefined) return q;
  const c = await lookupCity(q.city);
  if (!c) {
    throw invalidInput(
      "city",
      `Unknown city "${q.city}"; try the local or English name, add ", CC" (ISO country code), or send latitude and longitude.`,
    );
  }
  return { ...q, latitude: c.latitude, longitude: c.longitude, name: c.name, country: c.country };
}

/** The `place` object of an answer. */
export function placeOf(q: PlaceQuery): Place {
  const p: Place = { latitude: q.latitude!, longitude: q.longitude! };
  if (q.name) p.name = q.name;
  if (q.country) p.country = q.country;
  return p;
}
