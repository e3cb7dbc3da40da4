/**
 * A fake MCP registry speaking the official registry's read API (`GET /v0.1/servers` with
 * `cursor`, `limit`, `updated_since`; `{servers: [{server, _meta}], metadata: {nextCursor,
 * count}}`), on loopback http. Entries are ordered by name; the cursor is the opaque
 * `<name>:<version>` of the last entry served. It can be told to fail after some pages.
 */
export interface FakeServerEntry {
  name: string;
  version?: string;
  status?: "active" | "deprecated" | "deleted";
  updatedAt: string;
  remotes?: { type: string; url: string }[];
  packages?: unknown[];
}

export interface FakeRegistry extends AsyncDisposable {
  url: string;
  entries: FakeServerEntry[];
  /** Query strings of every `GET /v0.1/servers`. */
  queries: URLSearchParams[];
  /** Answer 503 once this many more pages have been served (undefined: never). */
  failAfterPages?: number;
}

export function startFakeRegistry(entries: FakeServerEntry[]): FakeRegistry {
  const reg: FakeRegistry = {
    url: "",
    entries,
    queries: [],
    [Symbol.asyncDispose]: () => http.shutdown(),
  };
  const http = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const url = new URL(req.url);
    if (url.pathname !== "/v0.1/servers") return new Response("not found", { status: 404 });
    reg.queries.push(url.searchParams);
    if (reg.failAfterPages !== undefined) {
      if (reg.failAfterPages <= 0) return Response.json({ title: "unavailable" }, { status: 503 });
      reg.failAfterPages--;
    }
    const limit = Math.min(100, Number(url.searchParams.get("limit") ?? 30));
    const since = url.searchParams.get("updated_since");
    const cursor = url.searchParams.get("cursor");
    const sorted = reg.entries.filter((e) => !since || e.updatedAt > since)
      .sort((a, b) => a.name < b.name ? -1 : 1);
    const start = cursor
      ? sorted.findIndex((e) => `${e.name}:${e.version ?? "1.0.0"}` === cursor) + 1
      : 0;
    const page = sorted.slice(start, start + limit);
    const last = page.at(-1);
    const more = start + limit < sorted.length;
    return Response.json({
      servers: page.map((e) => ({
        server: {
          $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
          name: e.name,
          description: `The ${e.name} server`,
          version: e.version ?? "1.0.0",
          ...(e.remotes ? { remotes: e.remotes } : {}),
          ...(e.packages ? { packages: e.packages } : {}),
        },
        _meta: {
          "io.modelcontextprotocol.registry/official": {
            status: e.status ?? "active",
            publishedAt: "2026-01-01T00:00:00Z",
            updatedAt: e.updatedAt,
            isLatest: true,
          },
        },
      })),
      metadata: {
        count: page.length,
        ...(more && last ? { nextCursor: `${last.name}:${last.version ?? "1.0.0"}` } : {}),
      },
    });
  });
  reg.url = `http://127.0.0.1:${http.addr.port}`;
  return reg;
}
