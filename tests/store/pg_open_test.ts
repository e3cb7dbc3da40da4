/**
 * Opening the PostgreSQL store against a server that accepts connections but does not speak
 * PostgreSQL (STORE_URL naming an HTTP port by mistake): the start fails with a StoreError naming
 * STORE_URL, password masked, instead of waiting forever. Needs no PostgreSQL.
 */
import assert from "node:assert/strict";
import { openPostgresStore } from "../../src/store/postgres/pg_store.ts";
import { StoreError } from "../../src/store/types.ts";

Deno.test("a STORE_URL naming a server that is not PostgreSQL fails the start, not hangs it", async () => {
  const ac = new AbortController();
  const http = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen() {} },
    () => new Response("not a database"),
  );
  try {
    const url = `postgres://app:hunter2-secret@127.0.0.1:${http.addr.port}/esim`;
    const err = await openPostgresStore(url, { retryMs: 500 }).then(
      () => assert.fail("the store opened on an HTTP server"),
      (e: unknown) => e,
    );
    assert.ok(err instanceof StoreError, String(err));
    assert.match(err.message, /STORE_URL postgres:\/\/app:\*\*\*@127\.0\.0\.1/);
    assert.match(err.message, /no PostgreSQL answer/);
    assert.ok(!err.message.includes("hunter2"), "the password is never printed");
  } finally {
    ac.abort();
    await http.finished;
  }
});
