/**
 * A server shut down while the process-wide gazetteer loads ends the loading worker (the test
 * sanitizers fail on a leaked worker). Its own file: it needs the gazetteer still unloaded.
 */
import assert from "node:assert/strict";
import { startTestServer } from "../support/server.ts";
import { cities, lookupCity } from "../../src/sensors/gazetteer.ts";

Deno.test("serve: shutting down while the gazetteer loads ends the loading worker", async () => {
  assert.equal(cities.state, "idle", "nothing loaded the gazetteer before this test");
  const srv = await startTestServer();
  const waiting = lookupCity("Cologne").then(() => undefined, (e: Error) => e);
  assert.equal(cities.state, "loading");
  await srv[Symbol.asyncDispose]();
  assert.match(String(await waiting), /stopped/, "the shutdown stopped the load");
  assert.equal(cities.state, "idle");
});
