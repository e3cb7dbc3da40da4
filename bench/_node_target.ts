/**
 * Servers for bench/node.ts, each in its own process: `bare <body-file> <signature>` is a plain
 * `Deno.serve` answering every request with the same JSON and headers as a signed quote;
 * `node <supplier-url> <secret-file>` is the real `startServer` with the seller node against
 * the reference supplier receiver. Prints the URL on stderr.
 */
import { loadConfig } from "../src/config/config.ts";
import { startServer } from "../src/server/server.ts";

const [mode, a, b] = Deno.args;
if (mode === "bare" || mode === "bare-read") {
  const body = await Deno.readTextFile(a!);
  const headers = {
    "content-type": "application/json; charset=utf-8",
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "X-Provider-Signature",
    "x-provider-signature": b!,
  };
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    mode === "bare" ? () => new Response(body, { headers }) : async (req) => {
      await req.arrayBuffer();
      return new Response(body, { headers });
    },
  );
  console.error(`http://127.0.0.1:${server.addr.port}`);
} else if (mode === "node") {
  const dataDir = await Deno.makeTempDir({ prefix: "esim-rails-bench-node-" });
  const config = await loadConfig({
    PORT: "0",
    KV_PATH: `${dataDir}/bench.kv`,
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MIN: "10000000",
    ACCESS_LOG: Deno.env.get("BENCH_ACCESS_LOG") ?? "1",
    SUPPLIER: "http",
    SUPPLIER_URL: a!,
    SUPPLIER_SECRET_FILE: b!,
  });
  const server = await startServer(config, { nodeLog: () => {} });
  console.error(server.url);
} else {
  console.error("usage: _node_target.ts bare <body-file> <signature> | node <url> <secret-file>");
  Deno.exit(2);
}
Deno.addSignalListener("SIGTERM", () => Deno.exit(0));
