/**
 * `esim-rails serve`: the x402 API and the seller node on one port. Prints a short banner and
 * runs until SIGINT/SIGTERM, then shuts down gracefully (requests in flight finish, rate-limit
 * counters are flushed, KV is closed).
 */
import { describeShop } from "../shop/banner.ts";
import { type CliCommand, parseFlags, untilStopSignal, UsageError } from "./args.ts";
import { ConfigError, loadConfig } from "../config/config.ts";
import { describePayments } from "../x402/config.ts";
import { StoreError } from "../store/kv.ts";
import { ListenError, startServer } from "../server/server.ts";
import { VERSION } from "../version.ts";
import { firstRunLines } from "./serve_banner.ts";

export const command: CliCommand = {
  usage: `Usage: esim-rails serve [--port <n>] [--host <addr>] [--kv-path <file|:memory:>]

Runs the paid x402 API (/x402/*) and the seller node on one port. Configuration comes from
environment variables (see docs/configuration.md); these flags override PORT, HOST and KV_PATH.
  --port <n>        port to listen on (default 8402; 0 picks a free port)
  --host <addr>     address to bind (default 127.0.0.1; 0.0.0.0 for all interfaces)
  --kv-path <file>  Deno KV file (default ./data/esim-rails.kv; :memory: for a throwaway store)`,

  async run(argv) {
    const { values } = await parseFlags(argv, {
      port: { type: "string" },
      host: { type: "string" },
      "kv-path": { type: "string" },
    });
    const env = Deno.env.toObject();
    if (values.port !== undefined) {
      if (!/^\d+$/.test(values.port)) throw new UsageError("--port takes a number");
      env.PORT = values.port;
    }
    if (values.host !== undefined) env.HOST = values.host;
    if (values["kv-path"] !== undefined) env.KV_PATH = values["kv-path"];

    let server;
    try {
      const config = await loadConfig(env);
      server = await startServer(config);
      const pay = describePayments(server.services.paywall);
      const supplier = server.services.supplier.problem
        ? `supplier: ${config.supplier.kind} UNAVAILABLE (${server.services.supplier.problem}); orders answer 503`
        : config.supplier.kind === "demo"
        ? "supplier: none configured; quoting from the built-in demo catalog"
        : `supplier: ${config.supplier.kind}`;
      console.log(
        [
          `esim-rails ${VERSION} listening on ${server.url}`,
          ...firstRunLines(config, server.services, server.url),
          config.storeUrl
            ? `  store: PostgreSQL ${server.services.store.location}`
            : `  kv: ${config.kvPath}`,
          `  signing key: ${config.signer.keyId} (${config.signerKeyPath})`,
          `  ${pay}`,
          `  ${supplier}`,
          `  transparency log: ${server.services.tlog.origin} (log key ${config.tlog.key.keyId})${
            config.tlog.registryUrl
              ? `, crawling ${config.tlog.registryUrl} every ${config.tlog.crawlIntervalMin} min`
              : ""
          }`,
          ...(server.services.shop ? [`  ${describeShop(server.services.shop, server.url)}`] : []),
          ...config.generated.map((p) => `  generated ${p} (mode 0600)`),
        ].join("\n"),
      );
    } catch (err) {
      if (err instanceof ConfigError || err instanceof StoreError || err instanceof ListenError) {
        console.error(`esim-rails serve: ${err.message}`);
        return 1;
      }
      throw err;
    }

    await untilStopSignal();
    await server.shutdown();
    console.log("esim-rails: stopped");
    return 0;
  },
};
