/**
 * A group of routes whose module loads on the first request to any of them (the seller node's
 * routes, the transparency log's): the kernel gets each route's shape (method, path, error
 * surface, CORS, rate limit, listing) from the start, so preflights, `GET /` and body limits
 * behave as before; the handlers load once (concurrent first requests share one load, a failed
 * load is tried again by the next request) and then answer directly.
 *
 * @example
 * ```ts ignore
 * const routes = lazyRoutes(LOG_ROUTES, async () => (await import("../tlog/service.ts")).logRoutes(log));
 * ```
 */
import type { Handler, Route } from "../http/types.ts";

/** A route without its handler: everything the kernel reads before the first request. */
export type RouteShape = Omit<Route, "handler">;

const keyOf = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** Routes with `shapes`' fields whose handlers are those of the same method and path in `load()`. */
export function lazyRoutes(
  shapes: readonly RouteShape[],
  load: () => Promise<readonly Route[]>,
): Route[] {
  let handlers: Map<string, Handler> | undefined;
  let loading: Promise<Map<string, Handler>> | undefined;
  const get = () =>
    loading ??= load().then((routes) => {
      const loaded = new Map(routes.map((r) => [keyOf(r), r.handler]));
      // The loaded table must be the one described: a route missing here would answer 500 on
      // every request, one missing from the shapes would never be reached.
      const want = shapes.map(keyOf).sort().join(", ");
      const got = [...loaded.keys()].sort().join(", ");
      if (want !== got) throw new Error(`loaded routes [${got}] are not the listed [${want}]`);
      return handlers = loaded;
    }, (err) => {
      loading = undefined;
      throw err;
    });
  return shapes.map((shape): Route => {
    const key = keyOf(shape);
    return {
      ...shape,
      handler: (ctx) => {
        if (handlers) return handlers.get(key)!(ctx);
        return get().then((h) => h.get(key)!(ctx));
      },
    };
  });
}
