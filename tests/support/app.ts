/** Serves a kernel app (src/http/app.ts) on an ephemeral loopback port for a test. */
import { type AppOptions, createApp } from "../../src/http/app.ts";

export interface ServedApp extends AsyncDisposable {
  url: string;
}

export function serveApp(options: AppOptions): ServedApp {
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    createApp(options),
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}
