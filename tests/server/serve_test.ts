import assert from "node:assert/strict";
import { spawnServe } from "../support/process.ts";
import { tempDir } from "../support/temp.ts";
import { startTestServer } from "../support/server.ts";
import { VERSION } from "../../src/version.ts";

Deno.test("esim-rails serve starts on embedded defaults, prints a banner and answers /healthz", async () => {
  await using dir = await tempDir();
  await using srv = await spawnServe(["serve", "--port", "0"], { cwd: dir.path });
  assert.match(srv.banner, /kv: \.\/data\/esim-rails\.kv/);
  assert.match(srv.banner, /signing key: [0-9a-f]{16}/);
  assert.match(srv.banner, /payments: NOT CONFIGURED/);
  assert.match(srv.banner, /supplier: none configured; quoting from the built-in demo catalog/);
  const [, works, next] = srv.banner.split("\n");
  assert.match(works!, /^ {2}works now: quotes, status, listing and check on the built-in demo/);
  assert.match(next!, /^ {2}next: set PAY_TO_EVM .*esim-rails dev/);
  const res = await fetch(`${srv.url}/healthz`);
  const body = await res.json();
  assert.equal(res.status, 200);
  assert.deepEqual([body.status, body.version, body.payments_configured], ["ok", VERSION, false]);
  assert.equal(await srv.stop(), 0, "SIGTERM is a clean shutdown");
});

Deno.test("esim-rails serve keeps its keys across restarts", async () => {
  await using dir = await tempDir();
  const keyIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    await using srv = await spawnServe(["serve", "--port", "0"], { cwd: dir.path });
    const keys = await (await fetch(`${srv.url}/x402/keys`)).json();
    keyIds.push(keys.signer.key_id);
    assert.equal(
      srv.banner.includes("generated"),
      i === 0,
      "keys are generated only on the first start",
    );
    assert.equal(await srv.stop(), 0);
  }
  assert.equal(keyIds[0], keyIds[1]);
  const key = await Deno.readTextFile(`${dir.path}/data/signer.key`);
  assert.match(key, /^[0-9a-f]{64}\n$/);
});

Deno.test("a second esim-rails serve on the same KV file exits 1 with a clear message", async () => {
  await using dir = await tempDir();
  await using first = await spawnServe(["serve", "--port", "0"], { cwd: dir.path });
  const second = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      new URL("../../main.ts", import.meta.url).pathname,
      "serve",
      "--port",
      "0",
    ],
    cwd: dir.path,
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  });
  const out = await second.output();
  assert.equal(out.code, 1);
  assert.match(new TextDecoder().decode(out.stderr), /in use by another process/);
  assert.equal((await fetch(`${first.url}/healthz`)).status, 200);
});

Deno.test("GET /x402/keys publishes the signing key and a separate VRF key", async () => {
  await using srv = await startTestServer();
  const keys = await (await fetch(`${srv.url}/x402/keys`)).json();
  assert.equal(keys.signer.alg, "Ed25519");
  assert.equal(keys.signer.key_id, srv.server.services.config.signer.keyId);
  assert.notEqual(keys.vrf[0].key_id, keys.signer.key_id);
});

Deno.test("GET /x402/keys lists retired VRF keys from VRF_RETIRED_KEYS_FILE", async () => {
  await using dir = await tempDir();
  const retired = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c";
  await Deno.writeTextFile(`${dir.path}/retired`, `# rotated 2026-11\n${retired}\n`);
  await using srv = await startTestServer({ VRF_RETIRED_KEYS_FILE: `${dir.path}/retired` });
  const keys = await (await fetch(`${srv.url}/x402/keys`)).json();
  assert.deepEqual(
    keys.vrf.map((k: { status: string; public_key: string }) => [k.status, k.public_key.length]),
    [["active", 64], ["retired", 64]],
  );
  assert.equal(keys.vrf[1].public_key, retired);
});

Deno.test("with PORT=0 and no PUBLIC_URL, the listing and the 402 terms name the bound port", async () => {
  const payment = {
    PAY_TO_EVM: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    FACILITATOR_URL: "http://127.0.0.1:9/",
  };
  await using srv = await startTestServer(payment);
  assert.doesNotMatch(srv.url, /:0$/);
  const listing = await (await fetch(`${srv.url}/listing.json`)).json();
  const quote = listing.capabilities.find((c: { capability_id: string }) =>
    c.capability_id === "esim.quote@v1"
  );
  assert.equal(quote.url, `${srv.url}/quote`);
  const res = await fetch(`${srv.url}/x402/fair-random`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: '{"seed":"a"}',
  });
  await res.body?.cancel();
  assert.equal(res.status, 402);
  const terms = JSON.parse(atob(res.headers.get("PAYMENT-REQUIRED")!));
  assert.equal(terms.resource.url, `${srv.url}/x402/fair-random`);

  await using given = await startTestServer({ ...payment, PUBLIC_URL: "https://node.example" });
  const named = await (await fetch(`${given.url}/listing.json`)).json();
  assert.equal(named.capabilities[0].url.startsWith("https://node.example/"), true);
});

Deno.test("esim-rails serve on a HOST or PORT it cannot listen on exits 1 naming HOST and PORT, no stack trace", async () => {
  await using dir = await tempDir();
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    for (
      const [env, why] of [
        [{ HOST: "not a host" }, /HOST=not a host PORT=0: invalid host/],
        [{ HOST: "127.0.0.1", PORT: String(taken.addr.port) }, /already in use/],
      ] as const
    ) {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "--quiet", new URL("../../main.ts", import.meta.url).pathname, "serve"],
        cwd: dir.path,
        env: { PORT: "0", ...env, NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
        stdin: "null",
      }).output();
      const stderr = new TextDecoder().decode(out.stderr);
      assert.equal(out.code, 1, stderr);
      assert.match(stderr, /^esim-rails serve: cannot listen on HOST=/);
      assert.match(stderr, why);
      assert.doesNotMatch(stderr, /\n\s+at /, "no stack trace");
    }
  } finally {
    taken.close();
  }
});
