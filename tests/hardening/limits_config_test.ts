/** The limit variables of docs/limits.md: defaults, overrides, and refusals naming the variable. */
import assert from "node:assert/strict";
import { ConfigError, loadConfig, loadConnectionLimits } from "../../src/config/config.ts";
import { effectiveMaxConnections } from "../../src/http/serve_guarded.ts";

Deno.test("connection limits default to 10 s head, 15 s body, 30 s idle, 1024 connections", () => {
  assert.deepEqual(loadConnectionLimits({}), {
    headerTimeoutMs: 10_000,
    bodyTimeoutMs: 15_000,
    idleTimeoutMs: 30_000,
    maxConnections: 1024,
  });
  assert.deepEqual(
    loadConnectionLimits({
      HTTP_HEADER_TIMEOUT_MS: "500",
      HTTP_BODY_TIMEOUT_MS: "600",
      HTTP_IDLE_TIMEOUT_MS: "700",
      HTTP_MAX_CONNECTIONS: "50",
    }),
    { headerTimeoutMs: 500, bodyTimeoutMs: 600, idleTimeoutMs: 700, maxConnections: 50 },
  );
});

Deno.test("a connection limit that is not a whole number in range stops the start naming the variable", () => {
  for (const [name, value] of [["HTTP_HEADER_TIMEOUT_MS", "1.5"], ["HTTP_MAX_CONNECTIONS", "0"]]) {
    assert.throws(
      () => loadConnectionLimits({ [name!]: value }),
      (e) => e instanceof ConfigError && e.variable === name,
    );
  }
});

Deno.test("body and quote-cache limits default to 16 KiB, 2 MiB and 8 MiB", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const c = await loadConfig({ DATA_DIR: dir, KV_PATH: ":memory:" });
    assert.equal(c.maxSmallBodyBytes, 16 * 1024);
    assert.equal(c.maxBodyBytes, 2 * 1024 * 1024);
    assert.equal(c.node.quoteCacheBytes, 8 * 1024 * 1024);
    assert.equal(c.http.maxConnections, 1024);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the connection cap is lowered to keep 64 descriptors free", () => {
  assert.equal(effectiveMaxConnections(1024, 256), 192);
  assert.equal(effectiveMaxConnections(100, 256), 100);
  assert.equal(effectiveMaxConnections(1024, undefined), 1024);
  assert.equal(effectiveMaxConnections(1024, 40), 16, "never below 16");
});
