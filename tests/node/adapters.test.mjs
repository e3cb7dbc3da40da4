// Node 20 tests of the built SDK's provider adapters (dist/sdk/, from `deno task build:sdk`):
// each adapter, built by createSupplier, runs a full order against the local fake of its
// provider's API (tests/fakes/, served by a Deno subprocess).
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { startDenoScript } from "./_deno_script.mjs";
// A computed specifier, so `deno check tests/` does not need the build output to exist.
const SDK = new URL("../../dist/sdk/index.js", import.meta.url).href;
const { createSupplier, SupplierError } = await import(SDK);

let script;
let fakes;

before(async () => {
  script = await startDenoScript("tests/fakes/serve_fakes.ts");
  fakes = script.info;
});

after(async () => {
  await script?.stop();
});

const CASES = [
  {
    name: "adapter_a (eSIM Access)",
    config: () => ({
      kind: "adapter_a",
      baseUrl: fakes.esim_access.url,
      ...creds(fakes.esim_access),
    }),
    planId: "CKH491",
    costUsd: 1.5,
    bad: () => ({
      kind: "adapter_a",
      baseUrl: fakes.esim_access.url,
      accessCode: "x",
      secretKey: "y",
    }),
  },
  {
    name: "adapter_b (Airalo)",
    config: () => ({ kind: "adapter_b", baseUrl: fakes.airalo.url, ...creds(fakes.airalo) }),
    planId: "merhaba-7days-1gb",
    costUsd: 4.5,
    bad: () => ({ kind: "adapter_b", baseUrl: fakes.airalo.url, clientId: "x", clientSecret: "y" }),
  },
  {
    name: "adapter_c (eSIM Go)",
    config: () => ({ kind: "adapter_c", baseUrl: fakes.esim_go.url, apiKey: fakes.esim_go.apiKey }),
    planId: "esim_1GB_7D_GB_V2",
    costUsd: 1.43,
    bad: () => ({ kind: "adapter_c", baseUrl: fakes.esim_go.url, apiKey: "x" }),
  },
];

function creds(f) {
  const { url: _url, ...rest } = f;
  return rest;
}

for (const c of CASES) {
  describe(`${c.name} on Node`, () => {
    test("catalog, order, profiles with an LPA code, cancel, balance", async () => {
      const supplier = createSupplier(c.config());
      const plans = await supplier.catalog();
      const plan = plans.find((p) => p.id === c.planId);
      assert.equal(plan.costUsd, c.costUsd);
      const tx = `node-${c.planId}`;
      const { orderRef } = await supplier.order({
        transactionId: tx,
        planId: c.planId,
        costUsd: c.costUsd,
      });
      const again = await supplier.order({
        transactionId: tx,
        planId: c.planId,
        costUsd: c.costUsd,
      });
      assert.equal(again.orderRef, orderRef);
      const [profile] = await supplier.profiles({ orderRef });
      assert.match(profile.activationCode, /^LPA:1\$/);
      assert.equal(await supplier.cancel(profile.profileId), true);
      const { usd } = await supplier.balance();
      assert.equal(typeof usd, "number");
    });

    test("wrong credentials are unauthorized, not retryable", async () => {
      const err = await createSupplier(c.bad()).catalog().then(
        () => assert.fail("expected a refusal"),
        (e) => e,
      );
      assert.ok(err instanceof SupplierError);
      assert.equal(err.code, "unauthorized");
      assert.equal(err.retryable, false);
    });
  });
}
