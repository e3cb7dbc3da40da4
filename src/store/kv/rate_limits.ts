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
    const keys = [...deltas.keys()];
    // Ten keys per read and commit (KV's getMany limit), each commit checked on what was read.
    for (let i = 0; i < keys.length; i += 10) {
      const chunk = keys.slice(i, i + 10);
      for (let attempt = 0;; attempt++) {
        const cur = await this.kv.getMany<Counter[]>(chunk.map((k) => [...PREFIX, k]));
        const op = this.kv.atomic();
        const next: number[] = [];
        cur.forEach((e, j) => {
          const count = (e.value && e.value.window === window ? e.value.count : 0) +
            deltas.get(chunk[j]!)!;
          next.push(count);
          op.check(e).set(e.key, { window, count }, { expireIn: this.windowMs * 2 });
        });
        if ((await op.commit()).ok) {
          chunk.forEach((k, j) => out.set(k, next[j]!));
          break;
        }
        if (attempt > 64) throw new Error("Too much contention on rate-limit counters");
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
