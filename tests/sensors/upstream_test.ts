/** The shared upstream client and cache: timeouts, 429 with Retry-After, JSON that fails closed. */
import assert from "node:assert/strict";
import { Upstream, UpstreamError } from "../../src/sensors/upstream.ts";
import { TtlCache } from "../../src/sensors/cache.ts";
import { loadSensorsConfig, SensorsConfigError } from "../../src/sensors/config.ts";

function served(handler: () => Response) {
  let calls = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
    calls++;
    return handler();
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/x`,
    calls: () => calls,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

Deno.test("Upstream waits out a 429's Retry-After (seconds) before calling the source again", async () => {
  let now = 1_000_000;
  let status = 429;
  await using srv = served(() =>
    new Response(status === 429 ? "slow down" : "[]", { status, headers: { "Retry-After": "120" } })
  );
  const up = new Upstream({ userAgent: "ua", timeoutMs: 2000, now: () => now });
  await assert.rejects(
    () => up.getJson("s", srv.url),
    (e) => e instanceof UpstreamError && e.status === 429,
  );
  status = 200;
  now += 119_000;
  await assert.rejects(() => up.getJson("s", srv.url), UpstreamError);
  assert.equal(srv.calls(), 1, "still waiting");
  now += 2_000;
  assert.deepEqual(await up.getJson("s", srv.url), []);
  assert.equal(srv.calls(), 2);
});

Deno.test("Upstream reads a Retry-After given as an HTTP date, and blocks only that source", async () => {
  const now = Date.parse("2026-11-26T04:00:00Z");
  await using srv = served(() =>
    new Response("", { status: 429, headers: { "Retry-After": "Thu, 26 Nov 2026 04:10:00 GMT" } })
  );
  const up = new Upstream({ userAgent: "ua", timeoutMs: 2000, now: () => now });
  await assert.rejects(() => up.getJson("a", srv.url));
  await assert.rejects(() => up.getJson("a", srv.url));
  assert.equal(srv.calls(), 1);
  await assert.rejects(
    () => up.getJson("b", srv.url),
    (e) => e instanceof UpstreamError && e.status === 429,
  );
  assert.equal(srv.calls(), 2, "another source is still asked");
});

Deno.test("Upstream turns a non-JSON 200 and a 503 into UpstreamError, and a 204 into no data", async () => {
  let reply = () => new Response("<html>maintenance</html>");
  await using srv = served(() => reply());
  const up = new Upstream({ userAgent: "ua", timeoutMs: 2000 });
  await assert.rejects(() => up.getJson("s", srv.url), /not JSON/);
  reply = () => new Response("down", { status: 503 });
  await assert.rejects(() => up.getJson("s", srv.url), /HTTP 503/);
  reply = () => new Response(null, { status: 204 });
  assert.equal(await up.getJson("s", srv.url), null);
});

Deno.test("TtlCache shares one load among concurrent callers, keeps it for the TTL, and does not cache failures", async () => {
  let now = 0;
  const cache = new TtlCache<number>(60_000, () => now);
  let loads = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => release = r);
  const load = async () => {
    loads++;
    await gate;
    return loads;
  };
  const all = Promise.all([cache.get("k", load), cache.get("k", load), cache.get("k", load)]);
  release();
  assert.deepEqual(await all, [1, 1, 1]);
  now = 59_999;
  assert.equal(await cache.get("k", load), 1);
  now = 60_000;
  assert.equal(await cache.get("k", load), 2, "expired after 60 s");
  await assert.rejects(() => cache.get("bad", () => Promise.reject(new Error("boom"))));
  assert.equal(await cache.get("bad", () => Promise.resolve(7)), 7, "a failure was not cached");
});

Deno.test("loadSensorsConfig() names a bad base URL or timeout, and strips a trailing slash", async () => {
  await assert.rejects(
    () => loadSensorsConfig({ NWS_URL: "not a url" }),
    (e) => e instanceof SensorsConfigError && e.variable === "NWS_URL",
  );
  await assert.rejects(
    () => loadSensorsConfig({ USGS_WATER_URL: "https://x.example/?a=1" }),
    (e) => e instanceof SensorsConfigError && e.variable === "USGS_WATER_URL",
  );
  await assert.rejects(
    () => loadSensorsConfig({ UPSTREAM_TIMEOUT_MS: "5s" }),
    (e) => e instanceof SensorsConfigError && e.variable === "UPSTREAM_TIMEOUT_MS",
  );
  await assert.rejects(
    () => loadSensorsConfig({ OPEN_METEO_API_KEY_FILE: "/nonexistent/key" }),
    (e) => e instanceof SensorsConfigError && e.variable === "OPEN_METEO_API_KEY_FILE",
  );
  const c = await loadSensorsConfig({
    METAR_URL: "http://127.0.0.1:1/mirror/awc/",
    UPSTREAM_TIMEOUT_MS: "1500",
  });
  assert.deepEqual([c.metarUrl, c.timeoutMs, c.nwsUrl], [
    "http://127.0.0.1:1/mirror/awc",
    1500,
    "https://api.weather.gov",
  ]);
});
