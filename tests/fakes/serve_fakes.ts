/**
 * Runs the three provider fakes in one process for tests outside Deno (the Node tests of the
 * built SDK): prints one JSON line `{esim_access, airalo, esim_go}` (each `{url, ...credentials}`)
 * and serves until SIGTERM or SIGINT, then closes the fakes and exits 0.
 *
 * Usage: `deno run -A tests/fakes/serve_fakes.ts`
 */
import { FAKE_ACCESS_CODE, FAKE_SECRET_KEY, startEsimAccessFake } from "./esim_access.ts";
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, startAiraloFake } from "./airalo.ts";
import { FAKE_API_KEY, startEsimGoFake } from "./esim_go.ts";

const a = startEsimAccessFake();
const b = startAiraloFake();
const c = startEsimGoFake();
console.log(JSON.stringify({
  esim_access: { url: a.url, accessCode: FAKE_ACCESS_CODE, secretKey: FAKE_SECRET_KEY },
  airalo: { url: b.url, clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET },
  esim_go: { url: c.url, apiKey: FAKE_API_KEY },
}));

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([a.close(), b.close(), c.close()]);
  Deno.exit(0);
}
Deno.addSignalListener("SIGTERM", stop);
Deno.addSignalListener("SIGINT", stop);
