/**
 * The HTTP supplier client against the reference receiver over real HTTP (loopback, port 0),
 * run against both receiver stores.
 */
import assert from "node:assert/strict";
import { HttpSupplier } from "../../rails/supplier/http_client.ts";
import { SupplierError } from "../../rails/supplier/types.ts";
import { waitForProfiles } from "../../rails/supplier/wait_for_profiles.ts";
import { DEMO_CATALOG } from "../../rails/receiver/demo_catalog.ts";
import { validate } from "../../rails/schemas.ts";
import { profileToWire } from "../../rails/supplier/wire.ts";
import { SECRET, signedFetch, startReceiver, STORES } from "./_helpers.ts";

const plan = DEMO_CATALOG.find((p) => p.id === "jp-20gb-30d")!;

async function rejection(p: Promise<unknown>): Promise<SupplierError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof SupplierError, `expected a SupplierError, got ${err}`);
    return err;
  }
  assert.fail("expected a rejection");
}

for (const backend of STORES) {
  const t = (
    name: string,
    fn: (ctx: {
      rx: Awaited<ReturnType<typeof startReceiver>>;
      supplier: HttpSupplier;
    }) => Promise<void>,
    balanceUsd: number | null = 42.5,
  ) =>
    Deno.test(`${name} (${backend.name})`, async () => {
      const rx = await startReceiver({ openStore: backend.open, balanceUsd });
      try {
        await fn({
          rx,
          supplier: new HttpSupplier({ url: rx.url, secret: SECRET, now: rx.clock.now }),
        });
      } finally {
        await rx.close();
      }
    });

  t("catalog() returns the receiver's plans in camelCase", async ({ supplier }) => {
    const plans = await supplier.catalog();
    assert.deepEqual(plans, DEMO_CATALOG.map((p) => ({ ...p })));
    assert.ok(plans.some((p) => p.kind === "region") && plans.some((p) => p.kind === "global"));
  });

  t("order() returns an order_ref", async ({ supplier }) => {
    const { orderRef } = await supplier.order({
      transactionId: "tx-1",
      planId: plan.id,
      costUsd: plan.costUsd,
    });
    assert.match(orderRef, /^ord_[A-Za-z0-9_-]{16}$/);
  });

  t("order() is idempotent by transactionId", async ({ supplier }) => {
    const input = { transactionId: "tx-same", planId: plan.id, costUsd: plan.costUsd };
    const a = await supplier.order(input);
    const b = await supplier.order(input);
    const c = await supplier.order({ ...input, transactionId: "tx-other" });
    assert.equal(a.orderRef, b.orderRef);
    assert.notEqual(a.orderRef, c.orderRef);
  });

  t(
    "order() with concurrent retries of one transactionId gives one order",
    async ({ supplier }) => {
      const input = { transactionId: "tx-race", planId: plan.id, costUsd: plan.costUsd };
      const refs = await Promise.all(Array.from({ length: 8 }, () => supplier.order(input)));
      assert.equal(new Set(refs.map((r) => r.orderRef)).size, 1);
    },
  );

  t("order() with a changed cost fails with price_changed, not retryable", async ({ supplier }) => {
    const err = await rejection(
      supplier.order({ transactionId: "tx-p", planId: plan.id, costUsd: plan.costUsd + 0.01 }),
    );
    assert.equal(err.code, "price_changed");
    assert.equal(err.retryable, false);
    assert.equal(err.status, 409);
  });

  t("order() accepts float noise below a micro-dollar as the same cost", async ({ supplier }) => {
    const de = DEMO_CATALOG.find((p) => p.id === "de-1gb-7d")!; // 1.4
    const { orderRef } = await supplier.order({
      transactionId: "tx-f",
      planId: de.id,
      costUsd: 1.1 + 0.3, // 1.4000000000000001 as a float
    });
    assert.ok(orderRef);
  });

  t("order() for an unknown plan fails with not_found, not retryable", async ({ supplier }) => {
    const err = await rejection(
      supplier.order({ transactionId: "tx-u", planId: "nope", costUsd: 1 }),
    );
    assert.deepEqual([err.code, err.retryable, err.status], ["not_found", false, 404]);
  });

  t("order() reusing a transactionId for another plan is a conflict", async ({ supplier }) => {
    await supplier.order({ transactionId: "tx-c", planId: plan.id, costUsd: plan.costUsd });
    const other = DEMO_CATALOG[0]!;
    const err = await rejection(
      supplier.order({ transactionId: "tx-c", planId: other.id, costUsd: other.costUsd }),
    );
    assert.deepEqual([err.code, err.retryable], ["conflict", false]);
  });

  t(
    "profiles() is empty until the profile delay has passed, then lists the profile",
    async ({ rx, supplier }) => {
      const { orderRef } = await supplier.order({
        transactionId: "tx-d",
        planId: plan.id,
        costUsd: plan.costUsd,
      });
      assert.deepEqual(await supplier.profiles({ orderRef }), []);
      rx.clock.advance(1999);
      assert.deepEqual(await supplier.profiles({ orderRef }), []);
      rx.clock.advance(1);
      const [profile, ...rest] = await supplier.profiles({ orderRef });
      assert.equal(rest.length, 0);
      assert.equal(profile!.orderRef, orderRef);
      assert.match(profile!.activationCode, /^LPA:1\$smdp\.esim-rails\.test\$[A-Z0-9-]+$/);
      assert.match(profile!.iccid!, /^8999\d{15}$/);
      assert.equal(profile!.dataTotalBytes, plan.dataBytes);
      assert.ok(validate("profile", profileToWire(profile!)).ok);
      assert.deepEqual(await supplier.profiles({ profileId: profile!.profileId }), [profile]);
    },
  );

  t("waitForProfiles() polls until the profile appears", async ({ rx, supplier }) => {
    const { orderRef } = await supplier.order({
      transactionId: "tx-w",
      planId: plan.id,
      costUsd: plan.costUsd,
    });
    const slept: number[] = [];
    const profiles = await waitForProfiles(supplier, { orderRef }, {
      now: rx.clock.now,
      sleep: (ms) => {
        slept.push(ms);
        rx.clock.advance(ms);
        return Promise.resolve();
      },
      initialDelayMs: 250,
    });
    assert.equal(profiles.length, 1);
    assert.deepEqual(slept, [250, 500, 1000, 2000]); // 3750 ms ≥ 2000 ms delay
  });

  t("profiles() of an unknown order_ref fails with not_found", async ({ supplier }) => {
    const err = await rejection(supplier.profiles({ orderRef: "ord_unknown" }));
    assert.deepEqual([err.code, err.retryable], ["not_found", false]);
  });

  t("cancel() of an unused profile resolves true and is idempotent", async ({ rx, supplier }) => {
    const { orderRef } = await supplier.order({
      transactionId: "tx-x",
      planId: plan.id,
      costUsd: plan.costUsd,
    });
    rx.clock.advance(2000);
    const [p] = await supplier.profiles({ orderRef });
    assert.equal(await supplier.cancel(p!.profileId), true);
    assert.equal(await supplier.cancel(p!.profileId), true);
    const [after] = await supplier.profiles({ profileId: p!.profileId });
    assert.equal(after!.state, "cancelled");
  });

  t(
    "cancel() of an installed profile fails with conflict, not retryable",
    async ({ rx, supplier }) => {
      const { orderRef } = await supplier.order({
        transactionId: "tx-i",
        planId: plan.id,
        costUsd: plan.costUsd,
      });
      rx.clock.advance(2000);
      const [p] = await supplier.profiles({ orderRef });
      const sim = await signedFetch(
        rx.url,
        "POST",
        `/_sim/profiles/${p!.profileId}/install`,
        "{}",
        {
          nowMs: rx.clock.now(),
        },
      );
      assert.equal(sim.status, 200);
      const err = await rejection(supplier.cancel(p!.profileId));
      assert.deepEqual([err.code, err.retryable, err.status], ["conflict", false, 409]);
      const [after] = await supplier.profiles({ profileId: p!.profileId });
      assert.equal(after!.installed, true);
    },
  );

  t("cancel() of an unknown profile fails with not_found", async ({ supplier }) => {
    const err = await rejection(supplier.cancel("prf_unknown"));
    assert.deepEqual([err.code, err.retryable], ["not_found", false]);
  });

  t("balance() returns the configured balance", async ({ supplier }) => {
    assert.deepEqual(await supplier.balance(), { usd: 42.5 });
  });

  t("balance() is null when the receiver has no balance (404)", async ({ supplier }) => {
    assert.equal(await supplier.balance(), null);
  }, null);
}

Deno.test("HttpSupplier keeps the base path of SUPPLIER_URL and signs the full path", async () => {
  const seen: string[] = [];
  const rx = await startReceiver();
  const proxy = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const u = new URL(req.url);
    seen.push(u.pathname + u.search);
    return fetch(rx.url + u.pathname.replace(/^\/kit/, "") + u.search, {
      method: req.method,
      headers: req.headers,
      body: req.body,
    });
  });
  try {
    const supplier = new HttpSupplier({
      url: `http://127.0.0.1:${proxy.addr.port}/kit/`,
      secret: SECRET,
      now: rx.clock.now,
    });
    // The receiver sees /catalog while the kit signed /kit/catalog: refused, as it must be.
    const err = await supplier.catalog().then(() => null, (e) => e as SupplierError);
    assert.equal(err?.code, "unauthorized");
    assert.deepEqual(seen, ["/kit/catalog"]);
  } finally {
    await proxy.shutdown();
    await rx.close();
  }
});
