/**
 * `esim-rails log observe|crawl|verify` as real child processes on a KV file: a live SDK server
 * over https trusted through DENO_CERT, a tools file, a registry crawl with progress on stderr,
 * a whole-log audit, and usage errors.
 */
import assert from "node:assert/strict";
import { runCli } from "../support/process.ts";
import { tempDir } from "../support/temp.ts";
import { makeTestTls } from "../support/tls.ts";
import { startFakeMcp, tool } from "../fakes/mcp_http.ts";
import { startFakeRegistry } from "../fakes/mcp_registry.ts";
import { Store } from "../../src/store/kv.ts";

Deno.test("log CLI: observe a live server and a tools file, crawl a registry, verify the log, and catch a tampered leaf", async () => {
  await using tls = await makeTestTls();
  await using dir = await tempDir();
  await using mcp = startFakeMcp({
    tls,
    name: "live",
    tools: [tool("read"), tool("write")],
    pageSize: 1,
  });
  await using registry = startFakeRegistry([
    {
      name: "io.example/live",
      updatedAt: "2026-01-01T00:00:00Z",
      remotes: [{ type: "streamable-http", url: mcp.url }],
    },
    {
      name: "io.example/local",
      updatedAt: "2026-01-01T00:00:00Z",
      packages: [{ registryType: "npm", identifier: "x" }],
    },
  ]);
  const env = {
    DATA_DIR: dir.path,
    KV_PATH: `${dir.path}/log.kv`,
    PUBLIC_URL: "https://log.test",
    LOG_ALLOW_PRIVATE: "1",
    DENO_CERT: tls.caFile,
  };
  const live = await runCli(
    ["log", "observe", "--endpoint", mcp.url, "--name", "io.example/live"],
    { env },
  );
  assert.equal(live.code, 0, live.stderr);
  const out = JSON.parse(live.stdout);
  assert.equal(out.leaf_index, 0);
  assert.equal(out.observation.outcome, "ok");
  assert.deepEqual(out.observation.tools.map((t: { name: string }) => t.name), ["read", "write"]);
  assert.equal(out.observation.scan.allow, true);

  await Deno.writeTextFile(`${dir.path}/tools.json`, JSON.stringify({ tools: [tool("only")] }));
  const file = await runCli([
    "log",
    "observe",
    "--tools",
    `${dir.path}/tools.json`,
    "--name",
    "io.example/filed",
  ], { env });
  assert.equal(file.code, 0, file.stderr);
  assert.equal(JSON.parse(file.stdout).tree_size, 2);

  const crawled = await runCli(["log", "crawl", "--registry", registry.url, "--concurrency", "2"], {
    env,
  });
  assert.equal(crawled.code, 0, crawled.stderr);
  assert.match(crawled.stderr, /crawl: registry page 1/);
  assert.match(crawled.stderr, /crawl: observed 2 \(/);
  assert.deepEqual(JSON.parse(crawled.stdout).outcomes, { ok: 1, not_observable: 1 });

  const verified = await runCli(["log", "verify"], { env });
  assert.equal(verified.code, 0, verified.stdout + verified.stderr);
  assert.deepEqual(JSON.parse(verified.stdout).tree_size, 4);

  // Change one stored leaf behind the log's back: verify fails and names it.
  {
    const store = await Store.open(env.KV_PATH);
    try {
      const key = ["tlog", "leaf", 1, 0];
      const leaf = new TextDecoder().decode((await store.kv.get<Uint8Array>(key)).value!);
      await store.kv.set(
        key,
        new TextEncoder().encode(leaf.replace("io.example/filed", "io.example/other")),
      );
    } finally {
      store.close();
    }
  }
  const tampered = await runCli(["log", "verify"], { env });
  assert.equal(tampered.code, 1);
  assert.match(JSON.parse(tampered.stdout).problems.join("\n"), /leaf 1/);
});

Deno.test("log CLI: a registry that fails exits 1; bad flags exit 2 with the usage", async () => {
  await using dir = await tempDir();
  const env = { DATA_DIR: dir.path, KV_PATH: `${dir.path}/log.kv` };
  await using registry = startFakeRegistry([]);
  registry.failAfterPages = 0;
  const failed = await runCli(["log", "crawl", "--registry", registry.url], { env });
  assert.equal(failed.code, 1);
  assert.match(failed.stderr, /registry answered HTTP 503/);
  for (
    const args of [
      ["log", "observe", "--endpoint", "http://example.com/mcp"],
      ["log", "observe", "--tools", "x.json"],
      ["log", "observe", "--endpoint", "https://example.com/mcp", "--name", "bad"],
      ["log", "crawl", "--concurrency", "0"],
      ["log", "frobnicate"],
      ["verify", "log-check", "x.json", "--log-key", "nope"],
    ]
  ) {
    const r = await runCli(args, { env });
    assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, /Usage:/);
  }
  const help = await runCli(["log", "--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /log observe --endpoint/);
});
