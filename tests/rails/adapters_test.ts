/**
 * The built-in provider adapters (eSIM Access, Airalo, eSIM Go): ONE case table run against
 * every adapter, each talking over real HTTP to a local fake of its provider's API
 * (`tests/fakes/`), then a few adapter-specific tests.
 */
import assert from "node:assert/strict";
import type { Plan, Profile, Supplier } from "../../rails/supplier/types.ts";
import { SupplierError } from "../../rails/supplier/types.ts";
import { esimAccessSignature, EsimAccessSupplier } from "../../rails/adapters/esim_access.ts";
import { AiraloSupplier } from "../../rails/adapters/airalo.ts";
import { EsimGoSupplier } from "../../rails/adapters/esim_go.ts";
import { createSupplier, supplierConfigFromEnv } from "../../rails/adapters/mod.ts";
import type { IdempotencyStore } from "../../rails/adapters/idempotency.ts";
import { decimalOf, unitsToDecimal } from "../../rails/adapters/_http.ts";
import { KvIdempotencyStore } from "../../rails/adapters/kv_idempotency_deno.ts";
import { HttpSupplier } from "../../rails/supplier/http_client.ts";
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
import { opensslHmac } from "../support/openssl.ts";

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
    name: "order() compares prices exactly: a cost off by any fraction is refused",
    async run(s) {
      const supplier = s.make();
      for (const [i, off] of [1e-9, 1e-6, 1e-4, 0.004, -0.004].entries()) {
        const err = await refusal(
          supplier.order({
            transactionId: `tx-exact-${i}`,
            planId: s.planId,
            costUsd: s.costUsd + off,
          }),
        );
        assert.equal(err.code, "price_changed", `offset ${off}`);
      }
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
    name: "a JSON answer of the wrong shape is bad_supplier_response, not retryable",
    async run(s) {
      const supplier = s.make();
      await supplier.balance();
      s.fake.failNext("shape");
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
  {
    name: "a full order writes nothing to the console (activation codes are never logged)",
    async run(s) {
      const written: string[] = [];
      const methods = ["log", "info", "warn", "error", "debug"] as const;
      const saved = methods.map((m) => console[m]);
      for (const m of methods) {
        console[m] = (...args: unknown[]) => void written.push(args.join(" "));
      }
      try {
        const supplier = s.make();
        const p = await orderAndGetProfile(s, supplier, "tx-quiet");
        await supplier.profiles({ profileId: p.profileId });
        await supplier.cancel(p.profileId);
      } finally {
        methods.forEach((m, i) => console[m] = saved[i]!);
      }
      assert.deepEqual(written, []);
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

// ---------------------------------------------------------------------------------------------
// eSIM Access specifics

Deno.test("esimAccessSignature() matches the provider's worked example and openssl", async () => {
  const sig = esimAccessSignature(
    "1111",
    "1628670421",
    "4ce9d9cdac9e4e17b3a2c66c358c1ce2",
    "11111",
    '{"imsi":"326543826"}',
  );
  // The reference prints this digest in uppercase.
  assert.equal(
    sig.toUpperCase(),
    "7EB765E27DF5373DEA2DBC8C41A7D9557743E46C8054750F3D851B3FD01D0835",
  );
  assert.equal(
    sig,
    await opensslHmac(
      "1111",
      '16286704214ce9d9cdac9e4e17b3a2c66c358c1ce211111{"imsi":"326543826"}',
    ),
  );
});

Deno.test("eSIM Access requests carry RT-* headers whose signature openssl reproduces", async () => {
  const fake = startEsimAccessFake();
  try {
    const supplier = new EsimAccessSupplier({
      accessCode: FAKE_ACCESS_CODE,
      secretKey: FAKE_SECRET_KEY,
      baseUrl: fake.url,
    });
    await supplier.order({ transactionId: "tx-sig-é", planId: "CKH491", costUsd: 1.5 });
    await supplier.balance();
    const ids = new Set<string>();
    for (const r of fake.requests) {
      const ts = r.headers.get("RT-Timestamp")!;
      const rid = r.headers.get("RT-RequestID")!;
      assert.equal(r.headers.get("RT-AccessCode"), FAKE_ACCESS_CODE);
      assert.match(ts, /^\d{13}$/);
      assert.match(rid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      ids.add(rid);
      assert.equal(
        r.headers.get("RT-Signature"),
        await opensslHmac(FAKE_SECRET_KEY, ts + rid + FAKE_ACCESS_CODE + r.body),
      );
    }
    assert.equal(ids.size, fake.requests.length, "a fresh request id per call");
    assert.deepEqual(fake.requests.map((r) => r.path), [
      "/api/v1/open/package/list",
      "/api/v1/open/esim/order",
      "/api/v1/open/balance/query",
    ]);
    const order = JSON.parse(fake.requests[1]!.body);
    assert.deepEqual(order, {
      transactionId: "tx-sig-é",
      amount: 15000,
      packageInfoList: [{ packageCode: "CKH491", count: 1, price: 15000 }],
    });
  } finally {
    await fake.close();
  }
});

Deno.test("eSIM Access re-order from a fresh process gets the same orderNo (provider idempotency)", async () => {
  const fake = startEsimAccessFake();
  try {
    const make = () =>
      new EsimAccessSupplier({
        accessCode: FAKE_ACCESS_CODE,
        secretKey: FAKE_SECRET_KEY,
        baseUrl: fake.url,
      });
    const input = { transactionId: "tx-restart", planId: "PEU3G30", costUsd: 4.85 };
    const a = await make().order(input);
    const b = await make().order(input);
    assert.equal(a.orderRef, b.orderRef);
    assert.equal(fake.orderCount(), 1);
  } finally {
    await fake.close();
  }
});

Deno.test("eSIM Access with a clock 10 minutes off is unauthorized (timestamp expired)", async () => {
  const fake = startEsimAccessFake();
  try {
    const supplier = new EsimAccessSupplier({
      accessCode: FAKE_ACCESS_CODE,
      secretKey: FAKE_SECRET_KEY,
      baseUrl: fake.url,
      now: () => Date.now() - 600_000,
    });
    const err = await refusal(supplier.balance());
    assert.equal(err.code, "unauthorized");
    assert.equal(err.retryable, false);
    assert.match(err.message, /101001/);
  } finally {
    await fake.close();
  }
});

// ---------------------------------------------------------------------------------------------
// Airalo specifics

function airalo(url: string, idempotency?: IdempotencyStore): AiraloSupplier {
  return new AiraloSupplier({
    clientId: FAKE_CLIENT_ID,
    clientSecret: FAKE_CLIENT_SECRET,
    baseUrl: url,
    idempotency,
  });
}

Deno.test("Airalo token is fetched once and reused across calls", async () => {
  const fake = startAiraloFake();
  try {
    const supplier = airalo(fake.url);
    await Promise.all([supplier.catalog(), supplier.balance(), supplier.balance()]);
    await supplier.order({ transactionId: "tx-tok", planId: "merhaba-7days-1gb", costUsd: 4.5 });
    assert.equal(fake.tokenCount(), 1);
  } finally {
    await fake.close();
  }
});

Deno.test("Airalo 401 on a cached token fetches a new token and repeats the call once", async () => {
  const fake = startAiraloFake();
  try {
    const supplier = airalo(fake.url);
    await supplier.balance();
    fake.revokeTokens();
    assert.deepEqual(await supplier.balance(), { usd: 100 });
    assert.equal(fake.tokenCount(), 2);
  } finally {
    await fake.close();
  }
});

Deno.test("Airalo token is fetched again once its expires_in has passed", async () => {
  const fake = startAiraloFake();
  try {
    let t = 1_800_000_000_000;
    const supplier = new AiraloSupplier({
      clientId: FAKE_CLIENT_ID,
      clientSecret: FAKE_CLIENT_SECRET,
      baseUrl: fake.url,
      now: () => t,
    });
    await supplier.balance();
    t += 31_622_400_000 - 120_000; // within the lifetime, less the one-minute margin
    await supplier.balance();
    assert.equal(fake.tokenCount(), 1);
    t += 120_000;
    await supplier.balance();
    assert.equal(fake.tokenCount(), 2);
  } finally {
    await fake.close();
  }
});

Deno.test("Airalo 401 again after a token refresh is unauthorized, not retried further", async () => {
  const fake = startAiraloFake();
  try {
    const supplier = airalo(fake.url);
    await supplier.balance();
    fake.refuseAllTokens = true;
    const err = await refusal(supplier.balance());
    assert.equal(err.code, "unauthorized");
    assert.equal(err.retryable, false);
    assert.equal(fake.tokenCount(), 2);
  } finally {
    await fake.close();
  }
});

Deno.test("Airalo re-order from a fresh process finds the order by its description", async () => {
  const fake = startAiraloFake();
  try {
    const input = { transactionId: "tx-restart", planId: "eurolink-30days-3gb", costUsd: 11.05 };
    const a = await airalo(fake.url).order(input);
    const b = await airalo(fake.url).order(input);
    assert.equal(a.orderRef, b.orderRef);
    assert.equal(fake.orderCount(), 1);
    // A transaction id that is a prefix of another is not mistaken for it (LIKE search).
    const c = await airalo(fake.url).order({ ...input, transactionId: "tx-rest" });
    assert.notEqual(c.orderRef, a.orderRef);
    assert.equal(fake.orderCount(), 2);
  } finally {
    await fake.close();
  }
});

// ---------------------------------------------------------------------------------------------
// eSIM Go specifics

Deno.test("eSIM Go re-order across instances is idempotent only through a shared store", async () => {
  const fake = startEsimGoFake();
  try {
    const shared = new Map<string, string>();
    const store: IdempotencyStore = {
      get: (k) => Promise.resolve(shared.get(k) ?? null),
      set: (k, v) => Promise.resolve(void shared.set(k, v)),
    };
    const make = (idempotency?: IdempotencyStore) =>
      new EsimGoSupplier({ apiKey: FAKE_API_KEY, baseUrl: fake.url, idempotency });
    const input = { transactionId: "tx-go", planId: "esim_1GB_7D_GB_V2", costUsd: 1.43 };
    const a = await make(store).order(input);
    const b = await make(store).order(input);
    assert.equal(a.orderRef, b.orderRef);
    assert.equal(fake.orderCount(), 1);
    assert.equal(shared.get("adapter_c:tx-go"), a.orderRef);
    // The documented limitation: without a shared store, a new process orders again.
    await make().order(input);
    assert.equal(fake.orderCount(), 2);
  } finally {
    await fake.close();
  }
});

Deno.test("eSIM Go re-order after a restart is idempotent with a Deno KV store", async () => {
  const fake = startEsimGoFake();
  const kv = await Deno.openKv(":memory:");
  try {
    const make = () =>
      new EsimGoSupplier({
        apiKey: FAKE_API_KEY,
        baseUrl: fake.url,
        idempotency: new KvIdempotencyStore(kv),
      });
    const input = { transactionId: "tx-kv", planId: "esim_1GB_7D_RGBS_V2", costUsd: 12.5 };
    const a = await make().order(input);
    const b = await make().order(input);
    assert.equal(a.orderRef, b.orderRef);
    assert.equal(fake.orderCount(), 1);
    assert.equal((await kv.get(["supplier_orders", "adapter_c:tx-kv"])).value, a.orderRef);
  } finally {
    kv.close();
    await fake.close();
  }
});

Deno.test("eSIM Go profile ids are '<orderReference>:<iccid>'; anything else is a TypeError", async () => {
  const fake = startEsimGoFake();
  try {
    const supplier = new EsimGoSupplier({ apiKey: FAKE_API_KEY, baseUrl: fake.url });
    const { orderRef } = await supplier.order({
      transactionId: "tx-id",
      planId: "esim_3GB_30D_REUP_V2",
      costUsd: 6.2,
    });
    const [p] = await supplier.profiles({ orderRef });
    assert.equal(p!.profileId, `${orderRef}:${p!.iccid}`);
    await assert.rejects(supplier.cancel("8944538532000000001"), TypeError);
  } finally {
    await fake.close();
  }
});

// ---------------------------------------------------------------------------------------------
// Factory, configuration and exact prices

Deno.test("createSupplier() builds each kind and names a bad kind", () => {
  assert.ok(
    createSupplier({ kind: "adapter_a", accessCode: "a", secretKey: "b" }) instanceof
      EsimAccessSupplier,
  );
  assert.ok(
    createSupplier({ kind: "adapter_b", clientId: "a", clientSecret: "b" }) instanceof
      AiraloSupplier,
  );
  assert.ok(createSupplier({ kind: "adapter_c", apiKey: "a" }) instanceof EsimGoSupplier);
  assert.ok(
    createSupplier({
      kind: "http",
      url: "http://127.0.0.1:1",
      secret: "0123456789abcdef",
    }) instanceof
      HttpSupplier,
  );
  assert.throws(
    () => createSupplier({ kind: "adapter_x" } as unknown as Parameters<typeof createSupplier>[0]),
    /SUPPLIER must be one of adapter_a, adapter_b, adapter_c, http/,
  );
  assert.throws(() => createSupplier({ kind: "adapter_c", apiKey: " " }), /API key/);
  assert.throws(
    () =>
      createSupplier({ kind: "adapter_b", clientId: "a", clientSecret: "b", baseUrl: "ftp://x" }),
    /ADAPTER_B_BASE_URL must be http or https/,
  );
  assert.throws(() => createSupplier({ kind: "adapter_c", apiKey: "k", timeoutMs: 0 }), RangeError);
});

Deno.test("supplierConfigFromEnv() reads the *_FILE credentials, trimmed, default adapter_a", async () => {
  const files: Record<string, string> = { "/a": "code\n", "/b": "  key  \n" };
  const read = (p: string) => Promise.resolve(files[p] ?? "");
  const env: Record<string, string> = {
    ADAPTER_A_ACCESS_CODE_FILE: "/a",
    ADAPTER_A_SECRET_KEY_FILE: "/b",
    SUPPLIER_TIMEOUT_MS: "5000",
  };
  assert.deepEqual(await supplierConfigFromEnv((n) => env[n], read), {
    kind: "adapter_a",
    accessCode: "code",
    secretKey: "key",
    baseUrl: undefined,
    timeoutMs: 5000,
  });
  await assert.rejects(
    supplierConfigFromEnv((n) => ({ SUPPLIER: "adapter_b" } as Record<string, string>)[n], read),
    /ADAPTER_B_CLIENT_ID_FILE must be set when SUPPLIER is 'adapter_b'/,
  );
  await assert.rejects(
    supplierConfigFromEnv((n) => ({ SUPPLIER: "nope" } as Record<string, string>)[n], read),
    /SUPPLIER must be one of/,
  );
});

Deno.test("decimalOf() gives one exact form per decimal value, no float tolerance", () => {
  assert.equal(decimalOf(1.5), "1.5");
  assert.equal(decimalOf("1.50"), "1.5");
  assert.equal(decimalOf("007"), "7");
  assert.equal(decimalOf(1e-7), "0.0000001");
  assert.equal(decimalOf(1e21), "1000000000000000000000");
  assert.equal(decimalOf(0.1 + 0.2), "0.30000000000000004");
  assert.notEqual(decimalOf(0.1 + 0.2), decimalOf(0.3));
  assert.equal(decimalOf(-1), null);
  assert.equal(decimalOf("1,5"), null);
  assert.equal(unitsToDecimal(91234n, 4), "9.1234");
  assert.equal(unitsToDecimal(5n, 4), "0.0005");
  assert.equal(unitsToDecimal(150000n, 4), "15");
});
