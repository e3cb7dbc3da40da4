/**
 * Starts a real `esim-rails serve` server in-process on an ephemeral loopback port, with an
 * in-memory KV (unless a path is given) and its own temporary data directory.
 */
import { loadConfig } from "../../src/config/config.ts";
import { type RunningServer, type StartOptions, startServer } from "../../src/server/server.ts";

export interface TestServer extends AsyncDisposable {
  url: string;
  server: RunningServer;
  dataDir: string;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const dataDir = env.DATA_DIR ?? await Deno.makeTempDir({ prefix: "esim-rails-srv-" });
  const ownsDir = env.DATA_DIR === undefined;
  const config = await loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    KV_PATH: ":memory:",
    ACCESS_LOG: "0",
    ...env,
    DATA_DIR: dataDir,
  });
  const server = await startServer(config, options);
  return {
    url: server.url,
    server,
    dataDir,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
      if (ownsDir) await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}
