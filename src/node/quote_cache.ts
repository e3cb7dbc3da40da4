/**
 * Signed `/quote` answers of the current catalog snapshot, keyed on the normalized question
 * (country and filters, never the raw body, so unknown fields cannot mint new entries) and
 * bounded by an estimate of the bytes held (oldest entries go first). A new snapshot starts
 * an empty cache.
 *
 * @example
 * ```ts
 * import { QuoteCache, quoteKey } from "./quote_cache.ts";
 * const cache = new QuoteCache(1024 * 1024);
 * const snap = {};
 * const key = quoteKey({ country: "US" });
 * cache.set(snap, key, { raw: '{"country":"US"}', canon: '{"country":"US"}', result: {},
 *   body: "{}", headers: {} });
 * cache.get(snap, key)?.body; // "{}"
 * ```
 */
import type { QuoteFilter } from "../../rails/node/offers.ts";

export interface CachedQuote {
  /** The body as re-serialised natively (a cheap equality check for repeated questions). */
  raw: string;
  /** The canonical input the signature covers. */
  canon: string;
  /** The quote result (signed again for another spelling of the same question). */
  result: unknown;
  body: string;
  headers: Record<string, string>;
}

/** The normalized question: equal keys get equal offers. */
export function quoteKey(f: QuoteFilter): string {
  return `${f.country}|${f.minDataBytes ?? ""}|${f.minDays ?? ""}|${f.maxCents ?? ""}`;
}

/** Estimated bytes an entry holds (UTF-16 strings; the result counted like its body). */
function sizeOf(key: string, e: CachedQuote): number {
  let n = key.length + e.raw.length + e.canon.length + 2 * e.body.length;
  for (const k in e.headers) n += k.length + e.headers[k]!.length;
  return 2 * n + 256;
}

export class QuoteCache {
  #snap: object | undefined;
  #entries = new Map<string, { entry: CachedQuote; bytes: number }>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** Estimated bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(snap: object, key: string): CachedQuote | undefined {
    return snap === this.#snap ? this.#entries.get(key)?.entry : undefined;
  }

  set(snap: object, key: string, entry: CachedQuote): void {
    if (snap !== this.#snap) {
      this.#entries.clear();
      this.#bytes = 0;
      this.#snap = snap;
    }
    const bytes = sizeOf(key, entry);
    if (bytes > this.maxBytes) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    // Maps iterate in insertion order: the first entries are the oldest.
    for (const [k, v] of this.#entries) {
      if (this.#bytes + bytes <= this.maxBytes) break;
      this.#entries.delete(k);
      this.#bytes -= v.bytes;
    }
    this.#entries.set(key, { entry, bytes });
    this.#bytes += bytes;
  }
}
