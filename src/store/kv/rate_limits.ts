/**
 * Rate-limit windows on Deno KV: `["ratelimit", key]` → `{ window, count }`. Stored counts carry
 * their window because KV's `expireIn` is lazy; a count from an older window restarts at 0.
 */
import type { RateLimitStore } from "../types.ts";

const PREFIX = ["ratelimit"] as const;

interface Counter {
  window: number;
  count: number;
}

export class KvRateLimitStore implements RateLimitStore {
  constructor(readonly kv: Deno.Kv, readonly windowMs = 60_000) {}

  async add(window: number, deltas: ReadonlyMap<string, number>): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const [key, delta] of deltas) {
      const k = [...PREFIX, key];
      for (let attempt = 0;; attempt++) {
        const cur = await this.kv.get<Counter>(k);
        const count = (cur.value && cur.value.window === window ? cur.value.count : 0) + delta;
        const res = await this.kv.atomic().check(cur).set(k, { window, count }, {
          expireIn: this.windowMs * 2,
        }).commit();
        if (res.ok) {
          out.set(key, count);
          break;
        }
        if (attempt > 64) throw new Error(`Too much contention on rate-limit counter ${key}`);
      }
    }
    return out;
  }

  async load(window: number): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for await (const e of this.kv.list<Counter>({ prefix: [...PREFIX] })) {
      const key = e.key[1];
      if (typeof key === "string" && e.value.window === window) out.set(key, e.value.count);
    }
    return out;
  }
}
