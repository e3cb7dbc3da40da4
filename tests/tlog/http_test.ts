/**
 * The log's HTTP surface through the real `serve` stack: the `log` key at /x402/keys, the free
 * checkpoint and consistency routes, transparency-check's 400s (never charged), a paid check
 * settled on the local chain whose record verifies offline with `esim-rails verify log-check`,
 * and serve's in-process crawl.
 */
import assert from "node:assert/strict";
import { startTestServer } from "../support/server.ts";
import { withPaidTestServer } from "../support/paid_server.ts";
import { runCli } from "../support/process.ts";
import { makeTestTls } from "../support/tls.ts";
import { buyer, seller } from "../x402/_sign.ts";
import { payAndFetch } from "../../src/x402/client.ts";
import { startFakeMcp, tool } from "../fakes/mcp_http.ts";
import { startFakeRegistry } from "../fakes/mcp_registry.ts";
import { okObservation } from "../../src/tlog/ok_observation.ts";
import { openCheckpoint, parseVerifierKey } from "../../src/tlog/note.ts";
import { verifyConsistency } from "../../src/tlog/merkle.ts";
import { fromHex } from "../../src/crypto/hash.ts";

Deno.test("log routes: /x402/keys lists the log key, the checkpoint verifies, consistency proofs verify and bad sizes are 400", async () => {
  await using srv = await startTestServer({ PUBLIC_URL: "https://api.example.com:8443" });
  const log = srv.server.services.tlog;
  const keys = await (await fetch(`${srv.url}/x402/keys`)).json();
  assert.equal(keys.log.origin, "api.example.com:8443/mcp-log");
  assert.equal(keys.log.alg, "Ed25519");
  assert.notEqual(keys.log.key, keys.signer.key, "a separate key");
  const vk = parseVerifierKey(keys.log.verifier_key)!;
  assert.equal(vk.name, keys.log.origin);

  const at = "2026-01-01T00:00:00.000Z";
  for (let i = 0; i < 5; i++) {
    await log.append(okObservation({ name: `io.example/s${i}` }, at, [tool(`t${i}`)]));
  }
  const res1 = await fetch(`${srv.url}/x402/log/checkpoint`);
  assert.match(res1.headers.get("content-type")!, /^text\/plain/);
  const cp1 = openCheckpoint(await res1.text(), vk.name, vk.publicKey)!;
  assert.equal(cp1.size, 5);
  for (let i = 5; i < 11; i++) {
    await log.append(okObservation({ name: `io.example/s${i}` }, at, [tool(`t${i}`)]));
  }
  const cp2 = openCheckpoint(
    await (await fetch(`${srv.url}/x402/log/checkpoint`)).text(),
    vk.name,
    vk.publicKey,
  )!;
  assert.equal(cp2.size, 11);
  const cons = await (await fetch(`${srv.url}/x402/log/consistency?from=5&to=11`)).json();
  assert.equal(cons.from, 5);
  assert.ok(verifyConsistency(5, 11, cp1.root, cp2.root, cons.proof.map(fromHex)));

  for (
    const [q, field] of [
      ["from=6&to=5", "from"],
      ["from=1&to=12", "to"],
      ["from=x&to=3", "from"],
      ["from=1", "to"],
    ] as const
  ) {
    const res = await fetch(`${srv.url}/x402/log/consistency?${q}`);
    assert.equal(res.status, 400, q);
    const body = await res.json();
    assert.deepEqual([body.status, body.service, body.error.code, body.error.field], [
      "error",
      "log",
      "invalid_input",
      field,
    ]);
  }
});

Deno.test("transparency-check: bad input is a 400 naming the field before any payment, a paid check moves $0.001 and its record verifies offline", async () => {
  await withPaidTestServer({ PUBLIC_URL: "https://api.example.com" }, async ({ srv, chain }) => {
    const url = `${srv.url}/x402/transparency-check`;
    for (
      const [body, field] of [
        [{}, "endpoint"],
        [{ endpoint: "http://example.com/mcp" }, "endpoint"],
        [{ endpoint: "https://127.0.0.1/mcp" }, "endpoint"],
        [{ endpoint: 42 }, "endpoint"],
        [{ name: "no-slash" }, "name"],
        [{ name: "io.example/ok", endpoint: "ftp://x" }, "endpoint"],
        [[], "endpoint"],
      ] as const
    ) {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 400, JSON.stringify(body));
      const err = await res.json();
      assert.equal(err.error.field, field, JSON.stringify(body));
      assert.equal(err.service, "transparency-check");
    }
    const unpaid = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "io.example/x" }),
    });
    await unpaid.body?.cancel();
    assert.equal(unpaid.status, 402);

    const log = srv.server.services.tlog;
    await log.append(
      okObservation(
        { name: "io.example/weather", endpoint: "https://weather.example.com/mcp" },
        "2026-02-01T00:00:00.000Z",
        [tool("forecast")],
      ),
      [tool("forecast")],
    );
    const before = await chain.balanceOf(seller.address);
    const call = await payAndFetch(
      url,
      {
        name: "io.example/weather",
        endpoint: "https://weather.example.com/mcp",
      },
      buyer,
      { maxAtomic: 1000n },
    );
    assert.equal(call.status, 200, JSON.stringify(call.body));
    const body = call.body as { status: string; service: string; check: Record<string, unknown> };
    assert.deepEqual(Object.keys(body).sort(), ["check", "service", "status"]);
    assert.equal(body.service, "transparency-check");
    assert.equal(body.check.match, "exact");
    assert.equal((await chain.balanceOf(seller.address)) - before, 1000n);

    const keys = await (await fetch(`${srv.url}/x402/keys`)).json();
    const file = `${srv.dataDir}/answer.json`;
    await Deno.writeTextFile(file, JSON.stringify(body));
    for (const k of [keys.log.verifier_key, keys.log.key]) {
      const ok = await runCli(["verify", "log-check", file, "--log-key", k]);
      assert.equal(ok.code, 0, ok.stdout + ok.stderr);
      assert.equal(JSON.parse(ok.stdout).match, "exact");
    }
    const wrong = await runCli(["verify", "log-check", file, "--log-key", keys.signer.key]);
    assert.equal(wrong.code, 1);
    assert.equal(JSON.parse(wrong.stdout).valid, false);
  });
});

Deno.test("serve: with MCP_REGISTRY_URL the crawl runs in-process; a server whose certificate is not trusted is logged unreachable", async () => {
  await using tls = await makeTestTls();
  await using mcp = startFakeMcp({ tls, tools: [tool("a")] });
  await using registry = startFakeRegistry([
    {
      name: "io.example/untrusted",
      updatedAt: "2026-01-01T00:00:00Z",
      remotes: [{ type: "streamable-http", url: mcp.url }],
    },
    { name: "io.example/packaged", updatedAt: "2026-01-01T00:00:00Z" },
  ]);
  await using srv = await startTestServer({
    MCP_REGISTRY_URL: registry.url,
    LOG_ALLOW_PRIVATE: "1",
  });
  await srv.server.services.crawl!.idle();
  const log = srv.server.services.tlog;
  const byName = await log.store.byName("io.example/untrusted");
  assert.deepEqual(byName.map((e) => e.outcome), ["unreachable"]);
  assert.deepEqual((await log.store.byName("io.example/packaged")).map((e) => e.outcome), [
    "not_observable",
  ]);
  assert.equal((await log.checkpoint()).size, 2);
});
