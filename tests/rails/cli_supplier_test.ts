/** `esim-rails supplier` as a real process: banner, generated secret, catalog file, restarts. */
import assert from "node:assert/strict";
import { HttpSupplier } from "../../rails/supplier/http_client.ts";
import { waitForProfiles } from "../../rails/supplier/wait_for_profiles.ts";
import { parseCatalog } from "../../rails/receiver/catalog.ts";
import { runCli, spawnSupplier } from "./_subprocess.ts";
import { SECRET } from "./_helpers.ts";

async function tempDir(): Promise<string> {
  await Deno.mkdir(".tmp", { recursive: true });
  return await Deno.makeTempDir({ dir: ".tmp", prefix: "rails-cli-" });
}

Deno.test("supplier with no configuration prints a generated secret once and serves the demo catalog", async () => {
  const rx = await spawnSupplier(["--port", "0", "--kv-path", ":memory:"]);
  try {
    const secretLines = rx.lines.filter((l) => l.includes("generated shared secret"));
    assert.equal(secretLines.length, 1);
    const secret = secretLines[0]!.split(": ").at(-1)!;
    assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
    assert.match(rx.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const plans = await new HttpSupplier({ url: rx.url, secret }).catalog();
    assert.ok(plans.length >= 15);
    assert.equal(await new HttpSupplier({ url: rx.url, secret }).balance(), null);
  } finally {
    await rx.stop();
  }
});

Deno.test("supplier keeps orders in its KV file across a restart (idempotent re-order)", async () => {
  const dir = await tempDir();
  try {
    await Deno.writeTextFile(`${dir}/secret`, SECRET + "\n");
    const args = [
      "--port",
      "0",
      "--kv-path",
      `${dir}/s.kv`,
      "--secret-file",
      `${dir}/secret`,
      "--profile-delay-ms",
      "0",
      "--balance-usd",
      "250.5",
    ];
    const input = { transactionId: "tx-restart", planId: "fr-1gb-7d", costUsd: 1.4 };
    let first: string;
    let rx = await spawnSupplier(args);
    try {
      const s = new HttpSupplier({ url: rx.url, secret: SECRET });
      first = (await s.order(input)).orderRef;
      assert.deepEqual(await s.balance(), { usd: 250.5 });
      assert.equal(rx.lines.some((l) => l.includes("generated")), false);
    } finally {
      await rx.stop();
    }
    rx = await spawnSupplier(args);
    try {
      const s = new HttpSupplier({ url: rx.url, secret: SECRET });
      assert.equal((await s.order(input)).orderRef, first);
      const [p] = await waitForProfiles(s, { orderRef: first }, { initialDelayMs: 10 });
      assert.equal(p!.orderRef, first);
    } finally {
      await rx.stop();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a second supplier on the same KV file exits 1 saying the file is in use", async () => {
  const dir = await tempDir();
  try {
    const args = ["supplier", "--port", "0", "--kv-path", `${dir}/s.kv`];
    const rx = await spawnSupplier(args.slice(1));
    try {
      const r = await runCli(args);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /in use by another process/);
    } finally {
      await rx.stop();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("supplier --catalog serves the operator's plans", async () => {
  const dir = await tempDir();
  try {
    const plans = [{
      id: "x-1",
      name: "X",
      countries: ["NL"],
      data_bytes: 5,
      days: 1,
      cost_usd: 0.5,
      top_up: true,
    }];
    await Deno.writeTextFile(`${dir}/plans.json`, JSON.stringify({ plans }));
    await Deno.writeTextFile(`${dir}/secret`, SECRET);
    const rx = await spawnSupplier([
      "--port",
      "0",
      "--kv-path",
      ":memory:",
      "--secret-file",
      `${dir}/secret`,
      "--catalog",
      `${dir}/plans.json`,
    ]);
    try {
      const got = await new HttpSupplier({ url: rx.url, secret: SECRET }).catalog();
      assert.deepEqual(got, [{
        id: "x-1",
        name: "X",
        countries: ["NL"],
        dataBytes: 5,
        days: 1,
        costUsd: 0.5,
        topUp: true,
      }]);
    } finally {
      await rx.stop();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("supplier --catalog with bad rows exits 1 naming each bad row", async () => {
  const dir = await tempDir();
  try {
    const rows = [
      { id: "ok", name: "OK", countries: ["US"], data_bytes: 1, days: 1, cost_usd: 1 },
      { id: "b1", name: "B", countries: ["us"], data_bytes: 1, days: 1, cost_usd: 1 },
      { id: "b2", name: "B", countries: ["US"], data_bytes: 1, days: 1 },
      { id: "ok", name: "dup", countries: ["US"], data_bytes: 1, days: 1, cost_usd: 1 },
    ];
    await Deno.writeTextFile(`${dir}/plans.json`, JSON.stringify(rows));
    const r = await runCli([
      "supplier",
      "--port",
      "0",
      "--kv-path",
      ":memory:",
      "--catalog",
      `${dir}/plans.json`,
    ]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /row 2 \(id 'b1'\): 'countries\.0' must match/);
    assert.match(r.stderr, /row 3 \(id 'b2'\): 'cost_usd' is required/);
    assert.match(r.stderr, /row 4 \(id 'ok'\): duplicate plan id/);
    assert.doesNotMatch(r.stderr, /row 1/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("supplier refuses a secret file with fewer than 16 characters (exit 1)", async () => {
  const dir = await tempDir();
  try {
    await Deno.writeTextFile(`${dir}/secret`, "short\n");
    const r = await runCli([
      "supplier",
      "--port",
      "0",
      "--kv-path",
      ":memory:",
      "--secret-file",
      `${dir}/secret`,
    ]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /16 or more characters/);
    assert.doesNotMatch(r.stderr + r.stdout, /short/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("supplier with an unknown flag or a bad number is a usage error (exit 2)", async () => {
  for (
    const args of [["--nope"], ["--port", "http"], ["--balance-usd", "-3"], [
      "--profile-delay-ms",
      "1.5",
    ]]
  ) {
    const r = await runCli(["supplier", ...args]);
    assert.equal(r.code, 2, args.join(" "));
    assert.match(r.stderr, /Usage: esim-rails supplier/);
  }
});

Deno.test("supplier --help describes every flag", async () => {
  const r = await runCli(["supplier", "--help"]);
  assert.equal(r.code, 0);
  for (
    const flag of [
      "--port",
      "--host",
      "--secret-file",
      "--catalog",
      "--profile-delay-ms",
      "--balance-usd",
      "--kv-path",
    ]
  ) {
    assert.ok(r.stdout.includes(flag), flag);
  }
});

Deno.test("parseCatalog() accepts a bare array and reports JSON and shape errors", () => {
  const ok = parseCatalog(
    '[{"id":"a","name":"A","countries":["US"],"data_bytes":1,"days":1,"cost_usd":2}]',
  );
  assert.ok(ok.ok);
  assert.match((parseCatalog("{") as { errors: string[] }).errors[0]!, /not valid JSON/);
  assert.match(
    (parseCatalog('{"items":[]}') as { errors: string[] }).errors[0]!,
    /expected a JSON array/,
  );
  assert.match((parseCatalog("[]") as { errors: string[] }).errors[0]!, /no plans/);
});
