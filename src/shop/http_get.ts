/**
 * A GET-JSON client for the indexers the watchers poll (toncenter v3, TronGrid): an optional
 * API key sent as the provider's documented header, a timeout, and errors that never carry
 * the URL or the key. HTTP 429 and other failures throw; the shop's loop retries with backoff.
 */
import { RpcError } from "./evm/rpc.ts";

export interface HttpGet {
  get<T>(path: string, query: Record<string, string | number | boolean | undefined>): Promise<T>;
}

export function httpGet(
  base: string,
  auth: { header: string; key?: string },
  timeoutMs = 15_000,
  fetchFn: typeof fetch = fetch,
): HttpGet {
  return {
    async get<T>(path: string, query: Record<string, string | number | boolean | undefined>) {
      const u = new URL(base.replace(/\/+$/, "") + path);
      for (const [k, v] of Object.entries(query)) {
        if (v !== undefined) u.searchParams.set(k, String(v));
      }
      const headers: Record<string, string> = { accept: "application/json" };
      if (auth.key) headers[auth.header] = auth.key;
      let res: Response;
      try {
        res = await fetchFn(u, { headers, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        throw new RpcError(`${path}: unreachable (${(err as Error).name})`);
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new RpcError(
          res.status === 429 ? `${path}: rate limited (HTTP 429)` : `${path}: HTTP ${res.status}`,
          res.status,
        );
      }
      try {
        return await res.json() as T;
      } catch {
        throw new RpcError(`${path}: answered something that is not JSON`);
      }
    },
  };
}
