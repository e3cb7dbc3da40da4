/**
 * Fake remote MCP servers for the transparency log's tests, built with the official SDK's
 * server classes (`Server` + the web-standard streamable-HTTP transport) over https on
 * loopback. Each can change its tools between crawls (a rug pull), answer JSON or SSE, page its
 * tools/list, demand authorization, redirect, answer garbage, hang, or go offline.
 */
import {
  ListToolsRequestSchema,
  Server,
  WebStandardStreamableHTTPServerTransport,
} from "../support/deps.ts";

export type FakeTool = {
  name: string;
  description?: string;
  inputSchema: { type: "object"; properties?: Record<string, unknown> };
  [k: string]: unknown;
};

export type Mode = "mcp" | "auth" | "redirect" | "garbage" | "hang";

export interface FakeMcpOptions {
  tls: { cert: string; key: string };
  name?: string;
  tools?: FakeTool[];
  /** Answer with JSON bodies instead of SSE streams. */
  json?: boolean;
  /** Tools per tools/list page (default: all on one page). */
  pageSize?: number;
  mode?: Mode;
}

export interface FakeMcp extends AsyncDisposable {
  url: string;
  tools: FakeTool[];
  mode: Mode;
  /** Requests seen (any method). */
  requests: number;
  /** Sessions ended with DELETE. */
  closedSessions: number;
  /** Resolves when the first request arrives. */
  firstRequest: Promise<void>;
  stop(): Promise<void>;
}

export function tool(name: string, description = `Does ${name}.`): FakeTool {
  return {
    name,
    description,
    inputSchema: { type: "object", properties: { value: { type: "string" } } },
  };
}

export function startFakeMcp(options: FakeMcpOptions): FakeMcp {
  const sessions = new Map<
    string,
    { transport: WebStandardStreamableHTTPServerTransport; server: Server }
  >();
  const first = Promise.withResolvers<void>();
  const state: FakeMcp = {
    url: "",
    tools: options.tools ?? [],
    mode: options.mode ?? "mcp",
    requests: 0,
    closedSessions: 0,
    firstRequest: first.promise,
    stop,
    [Symbol.asyncDispose]: stop,
  };
  const pageSize = options.pageSize ?? 1000;
  const released = Promise.withResolvers<void>();

  async function handle(req: Request): Promise<Response> {
    state.requests++;
    first.resolve();
    if (state.mode === "auth" && !req.headers.get("authorization")) {
      await req.body?.cancel();
      return new Response(JSON.stringify({ error: "unauthorized" }), {
        status: 401,
        headers: {
          "www-authenticate": 'Bearer resource_metadata="https://auth.example/.well-known"',
        },
      });
    }
    if (state.mode === "redirect") {
      await req.body?.cancel();
      return new Response(null, {
        status: 307,
        headers: { location: "https://elsewhere.example/mcp" },
      });
    }
    if (state.mode === "garbage") {
      await req.body?.cancel();
      return new Response("<html>hello</html>", {
        headers: { "content-type": "application/json" },
      });
    }
    if (state.mode === "hang") {
      await req.body?.cancel();
      await released.promise; // answers only when the fake stops
      return new Response(null, { status: 504 });
    }
    const sid = req.headers.get("mcp-session-id");
    if (sid) {
      const s = sessions.get(sid);
      if (!s) return new Response("unknown session", { status: 404 });
      if (req.method === "DELETE") state.closedSessions++;
      return await s.transport.handleRequest(req);
    }
    const server = new Server({ name: options.name ?? "fake-mcp", version: "1.2.3" }, {
      capabilities: { tools: {} },
    });
    server.setRequestHandler(
      ListToolsRequestSchema,
      (request: { params?: { cursor?: string } }) => {
        const start = Number(request.params?.cursor ?? 0);
        const page = state.tools.slice(start, start + pageSize);
        const next = start + pageSize < state.tools.length ? String(start + pageSize) : undefined;
        return { tools: page, ...(next ? { nextCursor: next } : {}) };
      },
    );
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      enableJsonResponse: options.json ?? false,
      onsessioninitialized: (id: string) => {
        sessions.set(id, { transport, server });
      },
      onsessionclosed: (id: string) => {
        sessions.delete(id);
      },
    });
    await server.connect(transport);
    return await transport.handleRequest(req);
  }

  const http = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    cert: options.tls.cert,
    key: options.tls.key,
    onListen: () => {},
  }, handle);
  state.url = `https://127.0.0.1:${http.addr.port}/mcp`;
  let stopped: Promise<void> | undefined;
  function stop(): Promise<void> {
    return stopped ??= (async () => {
      released.resolve();
      for (const s of sessions.values()) await s.server.close().catch(() => {});
      sessions.clear();
      await http.shutdown();
    })();
  }
  return state;
}
