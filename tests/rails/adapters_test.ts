/**
 * The built-in provider adapters (eSIM Access, Airalo, eSIM Go): ONE case table run against
 * every adapter, each talking over real HTTP to a local fake of its provider's API
 * (`tests/fakes/`), then a few adapter-specific tests.
 */
import assert from "node:assert/strict";
import type { Plan, Profile, Supplier } from "../../rails/supplier/types.ts";
import { SupplierError } from "../../rails/supplier/types.ts";
import { EsimAccessSupplier } from "../../rails/adapters/esim_access.ts";
import { AiraloSupplier } from "../../rails/adapters/airalo.ts";
import { EsimGoSupplier } from "../../rails/adapters/esim_go.ts";
import { createSupplier } from "../../rails/adapters/mod.ts";
import type { IdempotencyStore } from "../../rails/adapters/idempotency.ts";
import type { FakeControls } from "../fakes/_server.ts";
import {
  ESIM_ACCESS_EXPECTED_PLANS,
  FAKE_ACCESS_CODE,
  FAKE_SECRET_KEY,
  startEsimAccessFake,
} from "../fakes/esim_access.ts";
import {
  AIRALO_EXPECTED_PLANS,
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  startAiraloFake,
} from "../fakes/airalo.ts";
import { ESIM_GO_EXPECTED_PLANS, FAKE_API_KEY, startEsimGoFake } from "../fakes/esim_go.ts";

interface MakeOptions {
  timeoutMs?: number;
  badCredentials?: boolean;
  idempotency?: IdempotencyStore;
}

interface Started {
  fake: FakeControls;
  make(options?: MakeOptions): Supplier;
  /** A plan of the fake catalogue and its cost. */
  planId: string;
  costUsd: number;
  expectedPlans: Plan[];
}

interface Harness {
  name: string;
  start(): Started;
}

const HARNESSES: Harness[] = [
  {
    name: "adapter_a (eSIM Access)",
    start() {
      const fake = startEsimAccessFake();
      return {
        fake,
        planId: "CKH491",
        costUsd: 1.5,
        expectedPlans: ESIM_ACCESS_EXPECTED_PLANS as Plan[],
        make: (o = {}) =>
          createSupplier({
            kind: "adapter_a",
            accessCode: FAKE_ACCESS_CODE,
            secretKey: o.badCredentials ? "not-the-secret-key" : FAKE_SECRET_KEY,
            baseUrl: fake.url,
            timeoutMs: o.timeoutMs,
            idempotency: o.idempotency,
          }),
      };
    },
  },
  {
    name: "adapter_b (Airalo)",
    start() {
      const fake = startAiraloFake();
      return {
        fake,
        planId: "merhaba-7days-1gb",
        costUsd: 4.5,
        expectedPlans: AIRALO_EXPECTED_PLANS as Plan[],
        make: (o = {}) =>
          createSupplier({
            kind: "adapter_b",
            clientId: FAKE_CLIENT_ID,
            clientSecret: o.badCredentials ? "not-the-secret" : FAKE_CLIENT_SECRET,
            baseUrl: fake.url,
            timeoutMs: o.timeoutMs,
            idempotency: o.idempotency,
          }),
      };
    },
  },
  {
    name: "adapter_c (eSIM Go)",
    start() {
      const fake = startEsimGoFake();
      return {
        fake,
        planId: "esim_1GB_7D_GB_V2",
        costUsd: 1.43,
        expectedPlans: ESIM_GO_EXPECTED_PLANS as Plan[],
        make: (o = {}) =>
          createSupplier({
            kind: "adapter_c",
            apiKey: o.badCredentials ? "not-the-api-key" : FAKE_API_KEY,
            baseUrl: fake.url,
            timeoutMs: o.timeoutMs,
            idempotency: o.idempotency,
          }),
      };
    },
  },
];

async function refusal(p: Promise<unknown>): Promise<SupplierError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof SupplierError, `expected a SupplierError, got ${err}`);
    return err;
  }
  assert.fail("expected a refusal");
}

/** Orders and polls until the profile is there (the fakes count polls, no timers involved). */
async function orderAndGetProfile(s: Started, supplier: Supplier, tx: string): Promise<Profile> {
  const { orderRef } = await supplier.order({
    transactionId: tx,
    planId: s.planId,
    costUsd: s.costUsd,
  });
  for (let i = 0; i < 10; i++) {
    const list = await supplier.profiles({ orderRef });
    if (list.length) return list[0]!;
  }
  assert.fail("the profile never came");
}

const CASES: { name: string; run(s: Started): Promise<void> }[] = [
  {
    name: "catalog() maps every plan field, with costs in USD",
    async run(s) {
      const plans = await s.make().catalog();
      assert.deepEqual(
        plans.slice().sort((a, b) => a.id.localeCompare(b.id)),
        s.expectedPlans.slice().sort((a, b) => a.id.localeCompare(b.id)),
      );
    },
  },
  {
    name: "order() then profiles() is empty while the profile is made, then has an LPA code",
    async run(s) {
      s.fake.setProfileDelay(2);
      const supplier = s.make();
      const { orderRef } = await supplier.order({
        transactionId: "tx-delay-1",
        planId: s.planId,
        costUsd: s.costUsd,
      });
      assert.deepEqual(await supplier.profiles({ orderRef }), []);
      assert.deepEqual(await supplier.profiles({ orderRef }), []);
      const [p, ...rest] = await supplier.profiles({ orderRef });
      assert.equal(rest.length, 0);
      assert.ok(p);
      assert.equal(p.orderRef, orderRef);
      assert.match(p.activationCode, /^LPA:1\$[a-z0-9.-]+\$[A-Za-z0-9-]+$/);
      assert.ok(p.iccid && /^\d{18,20}$/.test(p.iccid));
      const [again] = await supplier.profiles({ profileId: p.profileId });
      assert.deepEqual(again, p);
    },
  },
  {
    name: "order() is idempotent by transactionId: one provider order, one orderRef",
    async run(s) {
      const supplier = s.make();
      const input = { transactionId: "tx-idem-1", planId: s.planId, costUsd: s.costUsd };
      const [a, b] = await Promise.all([supplier.order(input), supplier.order(input)]);
      const c = await supplier.order(input);
      assert.equal(a.orderRef, b.orderRef);
      assert.equal(a.orderRef, c.orderRef);
      assert.equal(s.fake.orderCount(), 1);
      const other = await supplier.order({ ...input, transactionId: "tx-idem-2" });
      assert.notEqual(other.orderRef, a.orderRef);
      assert.equal(s.fake.orderCount(), 2);
    },
  },
  {
    name: "order() refuses a changed price with price_changed, not retryable, ordering nothing",
    async run(s) {
      s.fake.setCostUsd(s.planId, "9.99");
      const err = await refusal(
        s.make().order({ transactionId: "tx-price", planId: s.planId, costUsd: s.costUsd }),
      );
      assert.equal(err.code, "price_changed");
      assert.equal(err.retryable, false);
      assert.match(err.message, /9\.99/);
      assert.equal(s.fake.orderCount(), 0);
    },
  },
  {
    name: "order() compares prices exactly: a cost off by a tiny fraction is refused",
    async run(s) {
      const err = await refusal(
        s.make().order({ transactionId: "tx-exact", planId: s.planId, costUsd: s.costUsd + 1e-9 }),
      );
      assert.equal(err.code, "price_changed");
      assert.equal(s.fake.orderCount(), 0);
    },
  },
  {
    name: "order() of an unknown plan is not_found, not retryable",
    async run(s) {
      const err = await refusal(
        s.make().order({ transactionId: "tx-unknown", planId: "no-such-plan", costUsd: 1 }),
      );
      assert.equal(err.code, "not_found");
      assert.equal(err.retryable, false);
      assert.equal(s.fake.orderCount(), 0);
    },
  },
  {
    name: "order() with too small a balance is insufficient_balance, not retryable",
    async run(s) {
      s.fake.setBalanceUsd("0.5");
      const err = await refusal(
        s.make().order({ transactionId: "tx-broke", planId: s.planId, costUsd: s.costUsd }),
      );
      assert.equal(err.code, "insufficient_balance");
      assert.equal(err.retryable, false);
    },
  },
  {
    name: "cancel() of an unused profile resolves true and the provider cancels it",
    async run(s) {
      const supplier = s.make();
      const p = await orderAndGetProfile(s, supplier, "tx-cancel");
      assert.equal(s.fake.profileState(p.profileId), "released");
      assert.equal(await supplier.cancel(p.profileId), true);
      assert.equal(s.fake.profileState(p.profileId), "cancelled");
    },
  },
  {
    name: "cancel() of an installed profile is refused, not retryable",
    async run(s) {
      const supplier = s.make();
      const p = await orderAndGetProfile(s, supplier, "tx-cancel-used");
      s.fake.install(p.profileId);
      const err = await refusal(supplier.cancel(p.profileId));
      assert.equal(err.retryable, false);
      assert.equal(s.fake.profileState(p.profileId), "installed");
    },
  },
  {
    name: "balance() reports the account balance in USD",
    async run(s) {
      s.fake.setBalanceUsd("1234.56");
      assert.deepEqual(await s.make().balance(), { usd: 1234.56 });
    },
  },
  {
    name: "wrong credentials give unauthorized, not retryable, naming the credential files",
    async run(s) {
      const err = await refusal(s.make({ badCredentials: true }).catalog());
      assert.equal(err.code, "unauthorized");
      assert.equal(err.retryable, false);
      assert.match(err.message, /ADAPTER_[ABC]_/);
    },
  },
  {
    name: "a 500 answer is supplier_unavailable, retryable",
    async run(s) {
      const supplier = s.make();
      await supplier.catalog(); // warm up (e.g. a token) so the failure hits the call itself
      s.fake.failNext("500");
      const err = await refusal(supplier.catalog());
      assert.equal(err.code, "supplier_unavailable");
      assert.equal(err.retryable, true);
      assert.equal(err.status, 500);
    },
  },
  {
    name: "a 429 answer is rate_limited, retryable",
    async run(s) {
      const supplier = s.make();
      await supplier.balance();
      s.fake.failNext("429");
      const err = await refusal(supplier.balance());
      assert.equal(err.code, "rate_limited");
      assert.equal(err.retryable, true);
    },
  },
  {
    name: "no answer within the timeout is timeout, retryable",
    async run(s) {
      const supplier = s.make({ timeoutMs: 300 });
      await supplier.balance();
      s.fake.failNext("hang");
      const err = await refusal(supplier.balance());
      s.fake.release();
      assert.equal(err.code, "timeout");
      assert.equal(err.retryable, true);
    },
  },
  {
    name: "a malformed upstream answer is bad_supplier_response, not retryable",
    async run(s) {
      const supplier = s.make();
      await supplier.balance();
      s.fake.failNext("malformed");
      const err = await refusal(supplier.catalog());
      assert.equal(err.code, "bad_supplier_response");
      assert.equal(err.retryable, false);
    },
  },
  {
    name: "error messages never carry an activation code",
    async run(s) {
      const supplier = s.make();
      const p = await orderAndGetProfile(s, supplier, "tx-secret");
      s.fake.install(p.profileId);
      const err = await refusal(supplier.cancel(p.profileId));
      const matching = p.activationCode.split("$")[2]!;
      assert.ok(!JSON.stringify(err.toJSON()).includes(matching));
      assert.ok(!String(err.stack).includes(matching));
    },
  },
];

for (const h of HARNESSES) {
  for (const c of CASES) {
    Deno.test(`${h.name}: ${c.name}`, async () => {
      const s = h.start();
      try {
        await c.run(s);
      } finally {
        await s.fake.close();
      }
    });
  }
}
