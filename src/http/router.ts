/**
 * Router: literal paths in a `Map` first (one lookup), `URLPattern`s only for paths with
 * parameters (DESIGN.md §9: each pattern tried costs). `match` also says which methods the
 * path has, so the app can answer 405 with `Allow` instead of 404. HEAD falls back to GET.
 *
 * @example
 * ```ts
 * import { Router } from "./router.ts";
 * const r = new Router<string>();
 * r.add("GET", "/healthz", "health");
 * r.match("HEAD", "/healthz"); // { value: "health", params: {}, allowed: ["GET", "HEAD"] }
 * ```
 */

export interface Match<T> {
  /** The route's value, or undefined when the path exists but not for this method. */
  value?: T;
  params: Record<string, string>;
  /** Methods the path answers; empty when the path is unknown (404). */
  allowed: string[];
}

const BASE = "http://router.invalid";

interface PatternEntry<T> {
  pattern: URLPattern;
  byMethod: Map<string, T>;
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const UNKNOWN: Match<never> = Object.freeze({ params: NO_PARAMS, allowed: [] as string[] });

export class Router<T> {
  readonly #literal = new Map<string, Map<string, T>>();
  readonly #patterns: PatternEntry<T>[] = [];
  readonly #allowedCache = new WeakMap<Map<string, T>, string[]>();

  add(method: string, path: string, value: T): void {
    const byMethod = path.includes(":") || path.includes("*")
      ? this.#patternEntry(path)
      : this.#literal.get(path) ?? this.#literal.set(path, new Map()).get(path)!;
    if (byMethod.has(method)) throw new Error(`Route ${method} ${path} is defined twice`);
    byMethod.set(method, value);
    this.#allowedCache.delete(byMethod);
  }

  #patternEntry(path: string): Map<string, T> {
    const existing = this.#patterns.find((p) => p.pattern.pathname === path);
    if (existing) return existing.byMethod;
    const entry = { pattern: new URLPattern({ pathname: path }), byMethod: new Map<string, T>() };
    this.#patterns.push(entry);
    return entry.byMethod;
  }

  match(method: string, pathname: string): Match<T> {
    const literal = this.#literal.get(pathname);
    if (literal) return this.#pick(literal, method, NO_PARAMS);
    for (const { pattern, byMethod } of this.#patterns) {
      // String input: URLPattern with an object input is ~10x slower (DESIGN.md §9).
      const m = pattern.exec(pathname, BASE);
      if (m) return this.#pick(byMethod, method, m.pathname.groups as Record<string, string>);
    }
    return UNKNOWN;
  }

  #pick(byMethod: Map<string, T>, method: string, params: Record<string, string>): Match<T> {
    let allowed = this.#allowedCache.get(byMethod);
    if (!allowed) {
      allowed = [...byMethod.keys()];
      if (byMethod.has("GET") && !byMethod.has("HEAD")) allowed.push("HEAD");
      this.#allowedCache.set(byMethod, allowed);
    }
    const value = byMethod.get(method) ?? (method === "HEAD" ? byMethod.get("GET") : undefined);
    return { value, params, allowed };
  }

  /** Every registered path with its methods (for CORS preflight and docs). */
  *paths(): Iterable<[string, string[]]> {
    for (const [path, byMethod] of this.#literal) yield [path, [...byMethod.keys()]];
    for (const { pattern, byMethod } of this.#patterns) {
      yield [pattern.pathname, [...byMethod.keys()]];
    }
  }
}
