// Node 20 tests of the built SDK (dist/sdk/, from `deno task build:sdk`): the HTTP supplier
// client against the reference receiver, started as a subprocess (`esim-rails supplier`).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
// A computed specifier, so `deno check tests/` does not need the build output to exist.
const SDK = new URL("../../dist/sdk/index.js", import.meta.url).href;
const {
  createSupplierReceiver,
  HttpSupplier,
  MemoryReceiverStore,
  priceOffer,
  SupplierError,
  signRequest,
  validate,
  waitForProfiles,
  DEMO_CATALOG,
} = await import(SDK);

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DENO = process.env.DENO_BIN || "deno";
const SECRET = "node-test-secret-0123456789";
const DELAY_MS = 3000; // long enough that the first profiles() call lands before it even on a loaded CI machine

/** Starts `esim-rails supplier` and resolves its URL from the banner line. */
function startReceiver(args) {
  const child = spawn(DENO, ["run", "-A", "main.ts", "supplier", "--port", "0", ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  const url = new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`receiver exited (${code}): ${out}${err}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, stop };
}

async function rejection(promise) {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof SupplierError, `expected a SupplierError, got ${err}`);
    return err;
  }
  assert.fail("expected a rejection");
}

describe("HttpSupplier (Node) against esim-rails supplier", () => {
  let dir;
  let withBalance;
  let noBalance;
  let supplier;
  let bare;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "esim-rails-node-"));
    writeFileSync(join(dir, "secret"), SECRET + "\n");
    const common = ["--kv-path", ":memory:", "--secret-file", join(dir, "secret")];
    withBalance = startReceiver([
      ...common,
      "--profile-delay-ms",
      String(DELAY_MS),
      "--balance-usd",
      "99.5",
    ]);
    noBalance = startReceiver(common);
    supplier = new HttpSupplier({ url: await withBalance.url, secret: SECRET });
    bare = new HttpSupplier({ url: await noBalance.url, secret: SECRET });
  });

  after(async () => {
    await Promise.all([withBalance?.stop(), noBalance?.stop()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("catalog() returns the demo plans in camelCase", async () => {
    const plans = await supplier.catalog();
    assert.deepEqual(plans, DEMO_CATALOG.map((p) => ({ ...p })));
  });

  test("order() is idempotent by transactionId", async () => {
    const input = { transactionId: "node-tx-1", planId: "gb-5gb-30d", costUsd: 5.2 };
    const a = await supplier.order(input);
    const b = await supplier.order(input);
    assert.match(a.orderRef, /^ord_/);
    assert.equal(a.orderRef, b.orderRef);
  });

  test("order() with a changed cost fails with price_changed, not retryable", async () => {
    const err = await rejection(
      supplier.order({ transactionId: "node-tx-2", planId: "gb-5gb-30d", costUsd: 5.1 }),
    );
    assert.equal(err.code, "price_changed");
    assert.equal(err.retryable, false);
  });

  test("profiles() is empty at first, then waitForProfiles() gets the profile", async () => {
    const { orderRef } = await supplier.order({
      transactionId: "node-tx-3",
      planId: "us-3gb-30d",
      costUsd: 4.5,
    });
    assert.deepEqual(await supplier.profiles({ orderRef }), []);
    const [profile] = await waitForProfiles(supplier, { orderRef }, {
      initialDelayMs: 100,
      timeoutMs: 30_000,
    });
    assert.equal(profile.orderRef, orderRef);
    assert.match(profile.activationCode, /^LPA:1\$[^$]+\$[A-Z0-9-]+$/);
  });

  test("cancel() of an unused profile is true; of an installed one, conflict", async () => {
    const order = (tx) => bare.order({ transactionId: tx, planId: "de-1gb-7d", costUsd: 1.4 });
    const one = await order("node-tx-4");
    const two = await order("node-tx-5");
    const [p1] = await waitForProfiles(bare, one, { initialDelayMs: 100, timeoutMs: 30_000 });
    const [p2] = await waitForProfiles(bare, two, { initialDelayMs: 100, timeoutMs: 30_000 });
    assert.equal(await bare.cancel(p1.profileId), true);

    const path = `/_sim/profiles/${p2.profileId}/install`;
    const headers = signRequest(SECRET, { method: "POST", pathWithQuery: path, body: "{}" });
    const sim = await fetch((await noBalance.url) + path, { method: "POST", headers, body: "{}" });
    assert.equal(sim.status, 200);
    const err = await rejection(bare.cancel(p2.profileId));
    assert.equal(err.code, "conflict");
    assert.equal(err.retryable, false);
  });

  test("balance() is the configured balance, or null when there is none", async () => {
    assert.deepEqual(await supplier.balance(), { usd: 99.5 });
    assert.equal(await bare.balance(), null);
  });

  test("a wrong secret gives unauthorized with a hint about the secret and the clock", async () => {
    const wrong = new HttpSupplier({ url: await withBalance.url, secret: SECRET + "!" });
    const err = await rejection(wrong.catalog());
    assert.equal(err.code, "unauthorized");
    assert.match(err.message, /secret/);
    assert.match(err.message, /clock/);
  });
});

describe("the SDK's Web-standard parts on Node", () => {
  test("the receiver fetch handler answers a signed Request without a server", async () => {
    const handler = createSupplierReceiver({
      secret: SECRET,
      store: new MemoryReceiverStore(),
      catalog: DEMO_CATALOG,
    });
    const headers = signRequest(SECRET, { method: "GET", pathWithQuery: "/catalog", body: "" });
    const res = await handler(new Request("http://x/catalog", { headers }));
    assert.equal(res.status, 200);
    assert.equal((await res.json()).plans.length, DEMO_CATALOG.length);
    const unsigned = await handler(new Request("http://x/catalog"));
    assert.equal(unsigned.status, 401);
  });

  test("pricing and schema validation work from the bundle", () => {
    const p = priceOffer({ planId: "p", costUsd: 0.07 }, { marginPct: 0, minMarginUsd: 0 });
    assert.equal(p.priceUsd, "0.07");
    assert.equal(p.priceAtomic, "70000");
    assert.deepEqual(validate("quote-input", { country: "USA" }).ok, false);
    assert.equal(validate("quote-input", { country: "USA" }).field, "country");
  });
});
