/**
 * The log's MCP observer against servers built with the official SDK on streamable HTTP over
 * https (throwaway CA): JSON and SSE answers, tools/list pagination, and every failure the
 * crawler must record instead of hanging or stopping.
 */
import assert from "node:assert/strict";
import { makeTestTls } from "../support/tls.ts";
import { startFakeMcp, tool } from "../fakes/mcp_http.ts";
import { observeEndpoint } from "../../src/tlog/mcp_client.ts";
import { isPrivateAddress } from "../../src/tlog/address.ts";

Deno.test("observe: reads every page of tools/list from an SDK server answering SSE, and one answering JSON", async () => {
  await using tls = await makeTestTls();
  const tools = ["alpha", "beta", "gamma", "delta", "epsilon"].map((n) => tool(n));
  for (const json of [false, true]) {
    await using srv = startFakeMcp({ tls, tools, pageSize: 2, json, name: "paged" });
    const r = await observeEndpoint(srv.url, { allowPrivate: true, client: tls.client });
    assert.equal(r.outcome, "ok", JSON.stringify(r));
    if (r.outcome !== "ok") continue;
    assert.deepEqual(r.tools.map((t) => t.name), ["alpha", "beta", "gamma", "delta", "epsilon"]);
    assert.deepEqual(r.server_info, { name: "paged", version: "1.2.3" });
    assert.equal(srv.closedSessions, 1, "the session is ended with DELETE");
  }
});

Deno.test("observe: auth required, a redirect, garbage, a huge tool list, a hang and an offline server each become an outcome", async () => {
  await using tls = await makeTestTls();
  const opts = { allowPrivate: true, client: tls.client, timeoutMs: 1500 };
  await using auth = startFakeMcp({ tls, tools: [tool("a")], mode: "auth" });
  assert.equal((await observeEndpoint(auth.url, opts)).outcome, "auth_required");
  await using redirect = startFakeMcp({ tls, mode: "redirect" });
  assert.equal((await observeEndpoint(redirect.url, opts)).outcome, "protocol_error");
  await using garbage = startFakeMcp({ tls, mode: "garbage" });
  assert.equal((await observeEndpoint(garbage.url, opts)).outcome, "protocol_error");
  const many = Array.from({ length: 40 }, (_, i) => tool(`t${i}`));
  await using huge = startFakeMcp({ tls, tools: many, pageSize: 10, json: true });
  const tooMany = await observeEndpoint(huge.url, { ...opts, maxTools: 25 });
  assert.deepEqual(tooMany, { outcome: "protocol_error", detail: "more than 25 tools" });
  const tooBig = await observeEndpoint(huge.url, { ...opts, maxBytes: 2000 });
  assert.equal(tooBig.outcome, "protocol_error");
  await using hang = startFakeMcp({ tls, mode: "hang" });
  const hung = await observeEndpoint(hang.url, { ...opts, timeoutMs: 300 });
  assert.deepEqual(hung, { outcome: "unreachable", detail: "no answer before the deadline" });
  const gone = startFakeMcp({ tls, tools: [tool("a")] });
  await gone.stop();
  assert.equal((await observeEndpoint(gone.url, opts)).outcome, "unreachable");
});

Deno.test("observe: plain http, loopback and private addresses are refused without LOG_ALLOW_PRIVATE", async () => {
  await using tls = await makeTestTls();
  await using srv = startFakeMcp({ tls, tools: [tool("a")] });
  const before = srv.requests;
  assert.equal((await observeEndpoint(srv.url, { client: tls.client })).outcome, "not_observable");
  assert.equal(
    (await observeEndpoint("https://localhost:1/mcp", { client: tls.client })).outcome,
    "not_observable",
  );
  assert.equal(
    (await observeEndpoint(srv.url.replace("https:", "http:"), { allowPrivate: true })).outcome,
    "not_observable",
  );
  assert.equal(srv.requests, before, "no request reached the server");
  for (
    const a of [
      "127.0.0.1",
      "10.1.2.3",
      "169.254.169.254",
      "192.168.0.1",
      "172.20.0.1",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "100.64.0.1",
      "0.0.0.0",
    ]
  ) {
    assert.ok(isPrivateAddress(a), a);
  }
  for (const a of ["1.1.1.1", "8.8.8.8", "2606:4700::1111", "172.32.0.1"]) {
    assert.ok(!isPrivateAddress(a), a);
  }
});
