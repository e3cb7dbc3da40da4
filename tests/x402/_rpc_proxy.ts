/**
 * A JSON-RPC proxy in front of the chain: `after(method, body)` runs once the chain has answered a
 * call and before the answer is passed on (to change the chain between two calls of a settler);
 * `fail(method)` answers HTTP 500 instead of forwarding; `refuse(method)` a JSON-RPC error.
 */
export function rpcProxy(
  target: string,
  hooks: {
    after?: (method: string) => Promise<void>;
    fail?: (method: string) => boolean;
    /** A JSON-RPC error to answer instead of forwarding (e.g. an unsupported method). */
    refuse?: (method: string) => { code: number; message: string } | undefined;
  },
) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const text = await req.text();
    const method = String((JSON.parse(text) as { method?: string }).method);
    if (hooks.fail?.(method)) return new Response("upstream down", { status: 500 });
    const refused = hooks.refuse?.(method);
    if (refused) {
      const id = (JSON.parse(text) as { id?: unknown }).id ?? null;
      return Response.json({ jsonrpc: "2.0", id, error: refused });
    }
    const res = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: text,
    });
    const answer = await res.text();
    await hooks.after?.(method);
    return new Response(answer, { headers: { "content-type": "application/json" } });
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}
