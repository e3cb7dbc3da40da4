/**
 * A server for bench/http.ts, run in its own process so the load generator never shares its
 * event loop: `bare` is a plain `Deno.serve` answering the same JSON as /healthz, or with a URL
 * as second argument the JSON text and headers that URL answers; `kernel` is the real `startServer` (router,
 * request id, rate limiter, access log, error mapping).
 * Prints the URL on stderr; stdout carries the access log (discarded by the bench).
 */
import { loadConfig } from "../src/config/config.ts";
import { startServer } from "../src/server/server.ts";
import { VERSION } from "../src/version.ts";

const mode = Deno.args[0];
const dataDir = await Deno.makeTempDir({ prefix: "esim-rails-bench-" });
if (mode === "bare" && Deno.args[1]) {
  // The same answer another server gives at that URL: its JSON text (built once, as the kernel's
  // /x402/keys does: the keys are fixed for the life of the process) and its headers (the
  // route's CORS header too: each header costs Deno about a sixth of a minimal request), but
  // for the per-request ones.
  const probe = await fetch(Deno.args[1]);
  const text = await probe.text();
  const headers = [...probe.headers].filter(([k]) =>
    !["date", "content-length", "x-request-id"].includes(k)
  );
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    () => new Response(text, { headers }),
  );
  console.error(`http://127.0.0.1:${server.addr.port}`);
} else if (mode === "bare") {
  const body = () =>
    JSON.stringify({
      status: "ok",
      version: VERSION,
      uptime_s: 0,
      payments_configured: false,
      demo_mode: false,
    });
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    () =>
      new Response(body(), {
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
      }),
  );
  console.error(`http://127.0.0.1:${server.addr.port}`);
} else if (mode === "kernel") {
  const config = await loadConfig({
    PORT: "0",
    KV_PATH: `${dataDir}/bench.kv`,
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MIN: "10000000",
    ACCESS_LOG: Deno.env.get("BENCH_ACCESS_LOG") ?? "1",
  });
  const server = await startServer(config);
  console.error(server.url);
} else {
  console.error("usage: _http_target.ts bare|kernel");
  Deno.exit(2);
}
// Exit cleanly on SIGTERM so `--cpu-prof` runs can write their profile.
Deno.addSignalListener("SIGTERM", () => Deno.exit(0));
