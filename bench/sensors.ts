/**
 * Live-data benchmarks, each a ratio against a baseline measured in the same run:
 *  1. answers per second of weather-now, air-quality-now and nearby-sensors (all five layers)
 *     with warm caches against the local upstream fakes (tests/fakes/sensors.ts), the service
 *     work of each route (parse, city lookup, run), against the firewall-scan route's work on a
 *     small tools/list. Target ≥ 0.5×.
 *  2. the offline gazetteer: load time and heap growth on first use, and lookup time
 *     (p50, p99) over a mix of city names. Target p50 ≤ 1 ms.
 *
 * Run: `deno run -A bench/sensors.ts` (a few seconds; BENCH_SECONDS sets each window).
 */
import type { PaidService, ServiceContext } from "../src/api/service.ts";
import { firewallScanService } from "../src/security/mod.ts";
import { loadSensorsConfig } from "../src/sensors/config.ts";
import { LiveData } from "../src/sensors/live.ts";
import { liveDataServices } from "../src/sensors/service.ts";
import { gazetteer, lookupCity } from "../src/sensors/gazetteer.ts";
import { metarItem, scRecord, startSensorFakes } from "../tests/fakes/sensors.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? "1.5");

// ---- 2 first: the gazetteer's first load must not be warmed by anything else ----
const heapBefore = Deno.memoryUsage().heapUsed;
let t0 = performance.now();
const g = await gazetteer();
const loadMs = performance.now() - t0;
const heapMb = (Deno.memoryUsage().heapUsed - heapBefore) / 1e6;
const names = [
  "Berlin",
  "paris",
  "Paris, US",
  "Cologne",
  "sao paulo",
  "MÜNCHEN",
  "Kiev",
  "Bangalore",
  "Zürich",
  "New York",
  "Reykjavík",
  "Ōsaka",
  "Qwxzyville",
  "San José, CR",
  "Lagos",
  "Wellington",
];
const times: number[] = [];
for (let round = 0; round < 300; round++) {
  for (const n of names) {
    t0 = performance.now();
    await lookupCity(n);
    times.push(performance.now() - t0);
  }
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;
console.log(
  `gazetteer: ${g.size} cities, first load ${loadMs.toFixed(0)} ms, heap +${
    heapMb.toFixed(0)
  } MB, ` +
    `lookup p50 ${(pct(0.5) * 1000).toFixed(1)} µs, p99 ${(pct(0.99) * 1000).toFixed(1)} µs ` +
    `(target p50 <= 1 ms)`,
);

// ---- 1. answers per second, warm caches ----
await using fakes = startSensorFakes();
fakes.metar = (t) => [metarItem({ icaoId: "EGLC", lat: 51.505, lon: 0.055, obsTime: t - 600 })];
fakes.sensorCommunity = (t) => [
  scRecord({ sensorId: 3, lat: 51.53, lon: -0.1, ageS: 120, nowS: t, p1: "12.5", p2: "7.25" }),
];
fakes.safecast = (t) => [{
  device_urn: "geigiecast:1",
  loc_lat: 51.6,
  loc_lon: -0.12,
  when_captured: new Date((t - 60) * 1000).toISOString(),
  lnd_7318u: 40,
}];
const live = new LiveData(await loadSensorsConfig(fakes.env), { userAgent: "esim-rails/bench" });
const ctx: ServiceContext = {
  url: "http://127.0.0.1/x402/bench",
  signal: new AbortController().signal,
  now: new Date(),
};

async function rate(service: PaidService, body: unknown): Promise<number> {
  const once = async () => {
    const parsed = service.parse(body);
    const input = service.prepare ? await service.prepare(parsed) : parsed;
    await service.run(input, ctx);
  };
  for (let i = 0; i < 50; i++) await once(); // warm-up: fills the caches
  let n = 0;
  const end = performance.now() + SECONDS * 1000;
  const start = performance.now();
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) await once();
    n += 50;
  }
  return n / ((performance.now() - start) / 1000);
}

const tools = {
  tools: [
    { name: "add", description: "Adds two numbers.", inputSchema: { type: "object" } },
    { name: "read_file", description: "Reads a file in the workspace and returns its text." },
    { name: "search", description: "Searches the web for a query and returns ten results." },
  ],
};
const baseline = await rate(firewallScanService as PaidService, tools);
console.log(`firewall-scan (baseline): ${baseline.toFixed(0)} answers/s`);
const [weather, air, nearby] = liveDataServices(live);
const cases: [PaidService, unknown][] = [
  [weather!, { latitude: 51.5, longitude: -0.12 }],
  [weather!, { city: "London, GB" }],
  [air!, { latitude: 51.5, longitude: -0.12 }],
  [nearby!, {
    latitude: 51.5,
    longitude: -0.12,
    layers: ["weather", "air", "radiation", "quake", "river"],
  }],
];
for (const [service, body] of cases) {
  const r = await rate(service, body);
  console.log(
    `${service.slug} ${JSON.stringify(body)}: ${r.toFixed(0)} answers/s, ratio ${
      (r / baseline).toFixed(2)
    }x firewall-scan (target >= 0.5)`,
  );
}
console.log(`upstream requests during the whole run: ${fakes.requests.length} (warm caches)`);
