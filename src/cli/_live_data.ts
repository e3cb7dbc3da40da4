/**
 * The offline twins of the live-data endpoints: `esim-rails weather|air|sensors` build the
 * endpoint's request body from flags, run the same parse, city lookup and upstream calls as
 * `serve`, and print the same `result` JSON, without payment. For operators trying a
 * deployment's upstreams (METAR_URL, ..., UPSTREAM_TIMEOUT_MS are read as by `serve`).
 * Exit codes: 0 result printed, 1 no data nearby or upstream failed, 2 usage or invalid input.
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { HttpError } from "../http/errors.ts";

export type Twin = "weather" | "air" | "sensors";

const SERVICE: Record<Twin, string> = {
  weather: "weather-now",
  air: "air-quality-now",
  sensors: "nearby-sensors",
};

const PLACE_FLAGS =
  `  --lat <deg> --lon <deg>   the place, latitude -90..90 and longitude -180..180 (--lon -3.7)
  --city <name>             or a city: "Köln", "Cologne", "Paris, US" (offline gazetteer)`;

export function usage(twin: Twin): string {
  const extra = twin === "sensors"
    ? `
  --layers <list>           comma-separated: weather,air,radiation,quake,river (default weather)
  --max-km <km>             search radius above 0 and at most 500 (default 75)`
    : "";
  return `Usage: esim-rails ${twin} (--lat <deg> --lon <deg> | --city <name>)${
    twin === "sensors" ? " [--layers <list>] [--max-km <km>]" : ""
  }

Prints the result of POST /x402/${SERVICE[twin]} for a place, without payment. It calls the
same public upstreams as the server (configured by the same environment variables).

${PLACE_FLAGS}${extra}

Exit codes: 0 result printed, 1 no data nearby or an upstream failed, 2 usage or invalid input.`;
}

/** A flag's number, or the raw text so the endpoint's parser names the field. */
function numberish(v: string | undefined): unknown {
  if (v === undefined) return undefined;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(v.trim()) ? Number(v) : v;
}

function printError(service: string, err: HttpError, stream = console.error): void {
  const error: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.field) error.field = err.field;
  stream(JSON.stringify({ status: "error", service, error }));
}

/** `--lon -30` → `--lon=-30`: negative coordinates are values, not flags. */
function joinNegativeValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    if (
      (a === "--lat" || a === "--lon" || a === "--max-km") && next !== undefined &&
      /^-[\d.]/.test(next)
    ) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

export function twinCommand(twin: Twin): CliCommand {
  return {
    usage: usage(twin),
    async run(argv) {
      const { values } = await parseFlags(joinNegativeValues(argv), {
        lat: { type: "string" },
        lon: { type: "string" },
        city: { type: "string" },
        ...(twin === "sensors"
          ? { layers: { type: "string" as const }, "max-km": { type: "string" as const } }
          : {}),
      });
      const v = values as Record<string, string | undefined>;
      if (v.city === undefined && v.lat === undefined && v.lon === undefined) {
        throw new UsageError("give --lat and --lon, or --city");
      }
      const body: Record<string, unknown> = {};
      if (v.city !== undefined) body.city = v.city;
      if (v.lat !== undefined) body.latitude = numberish(v.lat);
      if (v.lon !== undefined) body.longitude = numberish(v.lon);
      if (v.layers !== undefined) body.layers = v.layers.split(",").map((s) => s.trim());
      if (v["max-km"] !== undefined) body.max_km = numberish(v["max-km"]);

      const { loadSensorsConfig, LiveData, userAgentFor, liveDataServices } = await import(
        "../sensors/mod.ts"
      );
      const config = await loadSensorsConfig(Deno.env.toObject());
      const publicUrl = Deno.env.get("PUBLIC_URL") ||
        `http://127.0.0.1:${Deno.env.get("PORT") || "8402"}`;
      const live = new LiveData(config, { userAgent: userAgentFor(publicUrl) });
      const service = liveDataServices(live).find((s) => s.slug === SERVICE[twin])!;
      try {
        const parsed = service.parse(body);
        const input = service.prepare ? await service.prepare(parsed) : parsed;
        const result = await service.run(input, {
          url: `${publicUrl}/x402/${service.slug}`,
          signal: new AbortController().signal,
          now: new Date(),
        });
        console.log(JSON.stringify(result, null, 2));
        return 0;
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        printError(service.slug, err);
        return err.status === 400 ? 2 : 1;
      }
    },
  };
}
