/**
 * Route groups that load their module on their first request (the seller node's routes, the
 * transparency log's, `GET /`): the kernel sees each route's shape from the start, concurrent
 * first requests share one load, a failed load is tried again, and a fresh server answers every
 * group's first requests exactly as once loaded.
 */
import assert from "node:assert/strict";
import type { Ctx, Route } from "../../src/http/types.ts";
import { lazyRoutes, type RouteShape } from "../../src/server/lazy_routes.ts";
import { SELLER_NODE_ROUTES } from "../../src/node/route_table.ts";
import { sellerNodeRoutes } from "../../src/node/routes.ts";
import { LOG_ROUTES } from "../../src/tlog/listing.ts";
import { logRoutes } from "../../src/tlog/service.ts";
import { HOME_ROUTE } from "../../src/server/home_listing.ts";
import { homeRoute } from "../../src/server/home.ts";
import { startTestServer } from "../support/server.ts";
import { startServerWithPaymentsOn } from "../support/paid_server.ts";

const SHAPES: RouteShape[] = [
  { method: "GET", path: "/a", errors: { kind: "node" }, info: { summary: "a" } },
  { method: "POST", path: "/b", errors: { kind: "node" }, cors: { exposeHeaders: ["x-b"] } },
];
const answering = (...paths: string[]): Route[] =>
  paths.map((path) => ({
    method: path === "/a" ? "GET" : "POST",
    path,
    errors: { kind: "node" },
    handler: () => new Response(path),
  }));
const ctx = {} as Ctx;
const text = async (r: Response | Promise<Response>) => await (await r).text();

Deno.test("lazy routes keep their shapes and load once for concurrent first requests to any of them", async () => {
  let loads = 0;
  const gate = Promise.withResolvers<void>();
  const routes = lazyRoutes(SHAPES, async () => {
    loads++;
    await gate.promise;
    return answering("/a", "/b");
  });
  assert.deepEqual(routes.map(({ handler: _, ...shape }) => shape), SHAPES);
  assert.equal(loads, 0, "nothing loads before the first request");
  const pending = [0, 1, 0, 1, 1].map((i) => text(routes[i]!.handler(ctx)));
  assert.equal(loads, 1);
  gate.resolve();
  assert.deepEqual(await Promise.all(pending), ["/a", "/b", "/a", "/b", "/b"]);
  // Loaded: answered directly (no promise in between), still one load.
  const direct = routes[1]!.handler(ctx);
  assert.ok(direct instanceof Response);
  assert.equal(await direct.text(), "/b");
  assert.equal(loads, 1);
});

Deno.test("lazy routes whose load fails fail those requests and load again on the next one", async () => {
  let loads = 0;
  const routes = lazyRoutes(SHAPES, () => {
    loads++;
    return loads === 1
      ? Promise.reject(new Error("module not found"))
      : Promise.resolve(answering("/a", "/b"));
  });
  const failed = await Promise.allSettled([routes[0]!.handler(ctx), routes[1]!.handler(ctx)]);
  assert.deepEqual(failed.map((f) => f.status), ["rejected", "rejected"]);
  assert.equal(loads, 1);
  assert.equal(await text(routes[0]!.handler(ctx)), "/a");
  assert.equal(loads, 2);
});

Deno.test("lazy routes refuse a loaded table that is not the listed one", async () => {
  const missing = lazyRoutes(SHAPES, () => Promise.resolve(answering("/a")));
  await assert.rejects(async () => await missing[0]!.handler(ctx), /not the listed/);
  const extra = lazyRoutes(SHAPES, () => Promise.resolve(answering("/a", "/b", "/c")));
  await assert.rejects(async () => await extra[0]!.handler(ctx), /not the listed/);
});

Deno.test("each lazily mounted route group's listed shapes are exactly what its module builds", async () => {
  await using srv = await startTestServer({}, { nodeLog: () => {} });
  const { services } = srv.server;
  const shapes = (routes: Route[]) =>
    routes.map(({ handler, ...shape }) => {
      assert.equal(typeof handler, "function", `${shape.method} ${shape.path} has a handler`);
      return shape;
    });
  assert.deepEqual(shapes(sellerNodeRoutes(services.node, services.paywall)), SELLER_NODE_ROUTES);
  assert.deepEqual(shapes(logRoutes(services.tlog)), LOG_ROUTES);
  assert.deepEqual(shapes([homeRoute(() => [], services)]), [HOME_ROUTE]);
});

// ---- through the real server ----

interface Answer {
  status: number;
  type: string | null;
  body: unknown;
}

Deno.test("a fresh server answers concurrent first requests to every lazily loaded route group as a loaded one", async () => {
  await using srv = await startServerWithPaymentsOn({}, { nodeLog: () => {} });
  const call = async (method: string, path: string, body?: unknown, accept?: string) => {
    const r = await fetch(`${srv.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(accept ? { accept } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const type = r.headers.get("content-type");
    const raw = await r.text();
    return {
      status: r.status,
      type,
      body: type?.startsWith("application/json") ? JSON.parse(raw) : raw,
    } as Answer;
  };
  // Every route of every deferred group, good and bad input, with the expected status.
  const requests: [string, string, unknown, string | undefined, number][] = [
    ["POST", "/quote", { country: "DE" }, undefined, 200],
    ["POST", "/quote/invoke", { country: "USA" }, undefined, 400],
    ["POST", "/status", { order_id: "ord_x", status_token: "t" }, undefined, 404],
    ["POST", "/status/invoke", [1], undefined, 400],
    ["GET", "/listing.json", undefined, undefined, 200],
    ["POST", "/order", { offer_id: "nope" }, undefined, 400],
    ["GET", "/x402/log/checkpoint", undefined, undefined, 200],
    ["GET", "/x402/log/consistency?from=0&to=0", undefined, undefined, 200],
    ["GET", "/x402/log/consistency?from=1&to=x", undefined, undefined, 400],
    ["POST", "/x402/transparency-check", { name: "io.github.example/weather" }, undefined, 402],
    ["POST", "/x402/transparency-check", { endpoint: "ftp://x" }, undefined, 400],
    ["GET", "/", undefined, "application/json", 200],
    ["GET", "/", undefined, "text/html", 200],
  ];
  // Three of each at once, before anything is loaded.
  const first = await Promise.all(
    requests.flatMap(([m, p, b, a]) => [call(m, p, b, a), call(m, p, b, a), call(m, p, b, a)]),
  );
  const again = await Promise.all(requests.map(([m, p, b, a]) => call(m, p, b, a)));
  requests.forEach(([method, path, , , status], i) => {
    const what = `${method} ${path}`;
    const answers = first.slice(3 * i, 3 * i + 3);
    for (const a of answers) {
      assert.equal(a.status, status, `${what}: ${JSON.stringify(a.body)}`);
      assert.equal(a.type, again[i]!.type, what);
    }
    if (path === "/quote") {
      // Signed with the time of the quote; the offers are the same.
      const offers = (a: Answer) => (a.body as { result: { offers: unknown } }).result.offers;
      for (const a of answers) assert.deepEqual(offers(a), offers(again[i]!), what);
    } else if (status !== 402) {
      for (const a of answers) assert.deepEqual(a.body, again[i]!.body, what);
    }
  });
  const listed = first[3 * requests.findIndex(([, p, , a]) => p === "/" && a)]!.body as {
    routes?: unknown;
  };
  assert.ok(JSON.stringify(listed).includes("/listing.json"), "GET / lists the node's routes");
});
