/**
 * Child process for the EMFILE test: a guarded server whose cap is NOT lowered to fit the
 * descriptor limit, so that under a low `ulimit -n` accepting runs out of descriptors. Prints
 * `PORT <n>` on stdout; accept errors go to stderr (throttled).
 */
import { serveGuarded } from "../../src/http/serve_guarded.ts";

const server = serveGuarded({
  hostname: "127.0.0.1",
  port: 0,
  fitDescriptorLimit: false,
  limits: { headerTimeoutMs: 800, idleTimeoutMs: 800, bodyTimeoutMs: 800, maxConnections: 100_000 },
}, () => new Response("ok"));
console.log(`PORT ${server.addr.port}`);
await server.finished;
