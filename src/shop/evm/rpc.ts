/**
 * A minimal JSON-RPC client for the chain watcher: one POST per call, a timeout, and errors
 * that never carry the RPC URL (it may hold an API key).
 */

export class RpcError extends Error {
  constructor(message: string, readonly code?: number) {
    super(message);
    this.name = "RpcError";
  }
}

export interface Rpc {
  call<T>(method: string, params: unknown[]): Promise<T>;
}

export function httpRpc(url: string, timeoutMs = 15_000, fetchFn: typeof fetch = fetch): Rpc {
  let id = 0;
  return {
    async call<T>(method: string, params: unknown[]): Promise<T> {
      let res: Response;
      try {
        res = await fetchFn(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new RpcError(`${method}: RPC unreachable (${(err as Error).name})`);
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new RpcError(`${method}: RPC answered HTTP ${res.status}`);
      }
      let body: { result?: T; error?: { code?: number; message?: string } };
      try {
        body = await res.json();
      } catch {
        throw new RpcError(`${method}: RPC answered something that is not JSON`);
      }
      if (body.error) {
        throw new RpcError(`${method}: ${String(body.error.message ?? "error")}`, body.error.code);
      }
      return body.result as T;
    },
  };
}
