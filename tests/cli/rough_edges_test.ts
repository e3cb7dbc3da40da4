/**
 * Rough edges a newcomer hit by running the examples as written: `call` against a server that
 * is down names the URL and the cause; `supplier` takes its port from its own flag or
 * SUPPLIER_PORT, never from serve's PORT; the key and secret files the examples write are
 * git-ignored.
 */
import assert from "node:assert/strict";
import { runCli, spawnServe } from "../support/process.ts";
import { tempDir } from "../support/temp.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

function closedPort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

Deno.test("call against a server that is down names the URL and the cause", async () => {
  await using dir = await tempDir();
  await Deno.writeTextFile(`${dir.path}/buyer.key`, "11".repeat(32) + "\n");
  const url = `http://127.0.0.1:${closedPort()}/x402/fair-random`;
  const r = await runCli(["call", url, "--data", '{"seed":"a"}', "--key-file", "buyer.key"], {
    cwd: dir.path,
  });
  assert.equal(r.code, 1);
  assert.equal(
    r.stderr,
    `esim-rails call: cannot reach ${url}: connection refused (is the server running?)\n`,
  );
});

Deno.test("supplier ignores serve's PORT and listens on SUPPLIER_PORT (or --port)", async () => {
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const servePort = (taken.addr as Deno.NetAddr).port;
  try {
    await using srv = await spawnServe(["supplier", "--kv-path", ":memory:"], {
      env: { PORT: String(servePort), SUPPLIER_PORT: "0" },
    });
    const port = Number(new URL(srv.url).port);
    assert.ok(port > 0 && port !== servePort, `listening on ${port}, not PORT=${servePort}`);
    assert.equal((await fetch(`${srv.url}/catalog`)).status, 401, "the receiver answers");
  } finally {
    taken.close();
  }
});

const gitOk = await new Deno.Command("git", { args: ["-C", ROOT, "rev-parse"], stderr: "null" })
  .output().then((o) => o.success).catch(() => false);

Deno.test({
  name: gitOk
    ? "the key and secret files the examples write are git-ignored"
    : "the key and secret files the examples write are git-ignored (skipped: not a git checkout)",
  ignore: !gitOk,
  async fn() {
    const files = [
      "buyer.key",
      "facilitator.key",
      "supplier.secret",
      "webhook.secret",
      "supplier-secret",
      "data/signer.key",
      "data/node-secret",
      "data/sandbox/buyer.key",
    ];
    const out = await new Deno.Command("git", {
      args: ["-C", ROOT, "check-ignore", "--no-index", ...files],
      stdout: "piped",
    }).output();
    const ignored = new TextDecoder().decode(out.stdout).trim().split("\n");
    assert.deepEqual(ignored.sort(), [...files].sort());
  },
});
