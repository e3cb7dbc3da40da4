/**
 * What a running server holds: configuration, the store and the rate limiter. Built once at
 * start, passed to every route builder; tests build it with an in-memory store.
 */
import type { Config } from "../config/config.ts";
import { Store } from "../store/kv.ts";
import { RateLimiter } from "../http/rate_limit.ts";

export interface Services {
  config: Config;
  store: Store;
  limiter: RateLimiter;
  /** Clock for everything time-dependent, injectable in tests. */
  now: () => number;
}

export async function openServices(
  config: Config,
  now: () => number = Date.now,
): Promise<Services> {
  const store = await Store.open(config.kvPath);
  const limiter = new RateLimiter({ limit: config.rateLimitPerMin, store, now });
  try {
    await limiter.load();
  } catch (err) {
    store.close();
    throw err;
  }
  limiter.start();
  return { config, store, limiter, now };
}

export async function closeServices(services: Services): Promise<void> {
  await services.limiter.stop();
  services.store.close();
}
