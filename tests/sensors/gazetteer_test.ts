/**
 * The gazetteer's load: it runs in a worker, so the server answers other routes while a first
 * city request waits for it; concurrent first lookups share one load; a stopped load ends its
 * worker. The first test needs this file's process-wide gazetteer still unloaded: keep it first
 * and load nothing through `cities` before it.
 */
import assert from "node:assert/strict";
import { startTestServer } from "../support/server.ts";
import { buildGazetteer, cities, GazetteerLoader } from "../../src/sensors/gazetteer.ts";

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

Deno.test("serve: while the gazetteer loads for first city requests, other routes and bad input are answered", async () => {
  assert.equal(cities.state, "idle", "nothing loaded the gazetteer before this test");
  await using srv = await startTestServer();
  const loading = new Promise((resolve) => cities.addEventListener("loading", resolve));
  let citySettled = 0;
  const cityCall = (path: string, city: string) =>
    post(`${srv.url}/x402/${path}`, { city }).then(async (r) => {
      const body = await r.json();
      citySettled++;
      return { status: r.status, body };
    });
  const calls = [
    cityCall("weather-now", "Cologne"),
    cityCall("air-quality-now", "Paris, FR"),
    cityCall("nearby-sensors", "Qwxzyville"),
  ];
  await loading;

  // Answered while the city requests still wait for the load (ordering, not timing).
  for (const path of ["/healthz", "/x402/keys"]) {
    const r = await fetch(`${srv.url}${path}`);
    await r.body?.cancel();
    assert.equal(r.status, 200, path);
    assert.equal(cities.state, "loading", `${path} answered before the load finished`);
    assert.equal(citySettled, 0, `${path} answered before any city request`);
  }
  const empty = await post(`${srv.url}/x402/weather-now`, { city: " " });
  assert.equal(empty.status, 400);
  assert.equal((await empty.json()).error.field, "city");
  assert.equal(cities.state, "loading", "bad input is refused without waiting for the load");

  // The city requests waited for the load, resolved the city (then found no payment set up),
  // or refused the unknown one naming city; never "unknown" for being early.
  const [cologne, paris, nowhere] = await Promise.all(calls);
  assert.equal(cologne!.status, 503, JSON.stringify(cologne!.body));
  assert.equal(cologne!.body.error.code, "payment_not_configured");
  assert.equal(paris!.status, 503, JSON.stringify(paris!.body));
  assert.equal(nowhere!.status, 400);
  assert.equal(nowhere!.body.error.field, "city");
  assert.equal(cities.state, "ready");
  assert.equal(cities.loads, 1, "three concurrent first city requests shared one load");
});

Deno.test("concurrent first lookups share one load of the gazetteer", async () => {
  const loader = new GazetteerLoader();
  let started = 0;
  loader.addEventListener("loading", () => started++);
  const all = await Promise.all(Array.from({ length: 5 }, () => loader.load()));
  assert.equal(loader.loads, 1);
  assert.equal(started, 1);
  assert.ok(all.every((g) => g === all[0]), "every caller got the same gazetteer");
  assert.ok(all[0]!.size > 100_000, `${all[0]!.size} cities`);
  assert.equal(all[0]!.find("köln")?.country, "DE");
  assert.equal(await loader.load(), all[0], "later lookups reuse it");
  assert.equal(loader.loads, 1);
});

Deno.test("stopping a gazetteer load ends its worker, fails the waiting lookups, and a later lookup loads again", async () => {
  const loader = new GazetteerLoader();
  const waiting = loader.load();
  assert.equal(loader.state, "loading");
  loader.close();
  await assert.rejects(waiting, /stopped/);
  assert.equal(loader.state, "idle");
  const g = await loader.load();
  assert.equal(loader.loads, 2);
  assert.equal(g.find("Lagos", "NG")?.country, "NG");
  loader.close(); // nothing in progress: no effect
  assert.equal(loader.state, "ready");
});

Deno.test("the compact index keeps the most populous match per name and filters by country", () => {
  const row = (name: string, country: string, population: number, lon = 0, lat = 0) => ({
    name,
    country,
    population,
    loc: { coordinates: [lon, lat] as [number, number] },
  });
  const g = buildGazetteer([
    row("Springfield", "US", 116_000, -89.64, 39.8),
    row("Springfield", "US", 169_000, -93.29822, 37.21533),
    row("Springfield", "AU", 9_000, 152.9, -27.65),
    row("Köln", "DE", 963_395, 6.95, 50.93333),
    row("", "DE", 1_000_000),
    row("!!!", "FR", 1_000_000),
  ]);
  assert.equal(g.size, 4, "rows without a usable name are left out");
  assert.deepEqual(g.find("SPRINGFIELD"), {
    name: "Springfield",
    country: "US",
    latitude: 37.21533,
    longitude: -93.29822,
    population: 169_000,
  });
  assert.equal(g.find("springfield", "au")?.population, 9_000);
  assert.equal(g.find("springfield", "DE"), undefined);
  assert.equal(g.find("springfield", "U"), undefined);
  assert.equal(g.find("Cologne")?.name, "Köln", "aliases resolve in the compact index too");
  assert.equal(g.find("koln", "DE")?.latitude, 50.93333);
  assert.equal(g.find("Springfiel"), undefined, "no prefix matches");
});
