import assert from "node:assert/strict";
import { ConfigError, loadConfig, paymentsConfigured } from "../../src/config/config.ts";
import { tempDir } from "../support/temp.ts";

async function withDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  await using dir = await tempDir();
  return await fn(dir.path);
}

async function refused(env: Record<string, string>, variable: string) {
  await withDir(async (dir) => {
    await assert.rejects(() => loadConfig({ DATA_DIR: dir, ...env }), (err: unknown) => {
      assert.ok(err instanceof ConfigError, String(err));
      assert.equal(err.variable, variable);
      assert.ok(err.message.startsWith(variable));
      return true;
    });
  });
}

Deno.test("loadConfig() starts on embedded defaults and generates keys into the data directory", async () => {
  await withDir(async (dir) => {
    const config = await loadConfig({ DATA_DIR: dir });
    assert.equal(config.port, 8402);
    assert.equal(config.host, "127.0.0.1");
    assert.equal(config.kvPath, `${dir}/esim-rails.kv`);
    assert.equal(config.rateLimitPerMin, 120);
    assert.equal(config.maxBodyBytes, 2 * 1024 * 1024);
    assert.equal(config.supplier.kind, "demo", "nothing configured: the demo catalog");
    assert.deepEqual([config.demoMode, config.demoReason], [true, "unconfigured"]);
    assert.equal(config.payment.network, "base");
    assert.equal(paymentsConfigured(config), false);
    assert.deepEqual(config.generated.sort(), [
      `${dir}/log.key`,
      `${dir}/node-secret`,
      `${dir}/signer.key`,
      `${dir}/vrf.key`,
    ]);
    for (const f of ["signer.key", "vrf.key", "log.key", "node-secret"]) {
      assert.equal((await Deno.stat(`${dir}/${f}`)).mode! & 0o777, 0o600, f);
    }
    assert.ok(config.nodeSecret.length >= 16);
  });
});

Deno.test("loadConfig() reuses generated keys on the next start", async () => {
  await withDir(async (dir) => {
    const first = await loadConfig({ DATA_DIR: dir });
    const second = await loadConfig({ DATA_DIR: dir });
    assert.equal(second.signer.keyId, first.signer.keyId);
    assert.equal(second.nodeSecret, first.nodeSecret);
    assert.deepEqual(second.generated, []);
  });
});

Deno.test("loadConfig() uses SIGNER_KEY_FILE as given, with 0x and whitespace", async () => {
  await withDir(async (dir) => {
    const secret = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    await Deno.writeTextFile(`${dir}/my.key`, `  0x${secret}\n\n`);
    const config = await loadConfig({ DATA_DIR: dir, SIGNER_KEY_FILE: `${dir}/my.key` });
    assert.equal(config.signer.publicJwk().key, "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=");
    assert.equal(await Deno.readTextFile(`${dir}/my.key`), `  0x${secret}\n\n`, "never rewritten");
  });
});

Deno.test("loadConfig() refuses a malformed key file naming SIGNER_KEY_FILE", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/bad.key`, "abc");
    await assert.rejects(
      () => loadConfig({ DATA_DIR: dir, SIGNER_KEY_FILE: `${dir}/bad.key` }),
      /SIGNER_KEY_FILE/,
    );
  });
});

Deno.test("loadConfig() refuses the signing key reused as the VRF key", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/k`, "11".repeat(32));
    await assert.rejects(
      () => loadConfig({ DATA_DIR: dir, SIGNER_KEY_FILE: `${dir}/k`, VRF_KEY_FILE: `${dir}/k` }),
      /VRF_KEY_FILE/,
    );
  });
});

Deno.test("loadConfig() refuses a node secret shorter than 16 characters", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/s`, "short-secret\n");
    await assert.rejects(
      () => loadConfig({ DATA_DIR: dir, NODE_SECRET_FILE: `${dir}/s` }),
      /NODE_SECRET_FILE.*16/,
    );
  });
});

Deno.test("loadConfig() refuses a webhook secret shorter than 16 characters", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/w`, "123456789012345");
    await assert.rejects(
      () =>
        loadConfig({
          DATA_DIR: dir,
          WEBHOOK_URL: "https://ops.example/hook",
          WEBHOOK_SECRET_FILE: `${dir}/w`,
        }),
      /WEBHOOK_SECRET_FILE.*16/,
    );
  });
});

Deno.test("loadConfig() requires WEBHOOK_SECRET_FILE with WEBHOOK_URL", () =>
  refused({ WEBHOOK_URL: "https://ops.example/hook" }, "WEBHOOK_SECRET_FILE"));
Deno.test("loadConfig() names PORT when it is not a port", () => refused({ PORT: "80a" }, "PORT"));
Deno.test("loadConfig() names PORT when it is out of range", () =>
  refused({ PORT: "70000" }, "PORT"));
Deno.test("loadConfig() names PAY_TO_EVM when it is not an address", () =>
  refused({ PAY_TO_EVM: "0x123" }, "PAY_TO_EVM"));
Deno.test("loadConfig() names PAY_TO_TON when it is not a TON address (bad checksum)", () =>
  refused({ PAY_TO_TON: "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDx" }, "PAY_TO_TON"));
Deno.test("loadConfig() names PAY_TO_TRON when it is not a TRON address", () =>
  refused({ PAY_TO_TRON: "0x" + "ab".repeat(20) }, "PAY_TO_TRON"));
Deno.test("loadConfig() names PAY_TO_SOLANA when it is not a Solana address", () =>
  refused({ PAY_TO_SOLANA: "not-base58-0OIl" }, "PAY_TO_SOLANA"));
Deno.test("loadConfig() names TONCENTER_URL when it is not a URL", () =>
  refused({ TONCENTER_URL: "toncenter.com" }, "TONCENTER_URL"));
Deno.test("loadConfig() names TRONGRID_API_KEY_FILE when the file is missing", () =>
  refused({ TRONGRID_API_KEY_FILE: "/nonexistent/trongrid.key" }, "TRONGRID_API_KEY_FILE"));
Deno.test("loadConfig() names SUPPLIER when it is unknown", () =>
  refused({ SUPPLIER: "acme" }, "SUPPLIER"));
Deno.test("loadConfig() names RATE_LIMIT_PER_MIN when it is zero", () =>
  refused({ RATE_LIMIT_PER_MIN: "0" }, "RATE_LIMIT_PER_MIN"));
Deno.test("loadConfig() names TRUST_PROXY when it is not 1 or 0", () =>
  refused({ TRUST_PROXY: "maybe" }, "TRUST_PROXY"));
Deno.test("loadConfig() names MARGIN_PCT when it is not a decimal", () =>
  refused({ MARGIN_PCT: "-5" }, "MARGIN_PCT"));
Deno.test("loadConfig() names RPC_URL when it is not a URL", () =>
  refused({ RPC_URL: "localhost:8545" }, "RPC_URL"));
Deno.test("loadConfig() names a *_FILE that cannot be read", () =>
  refused({ SUPPLIER_SECRET_FILE: "/nonexistent/secret" }, "SUPPLIER_SECRET_FILE"));

Deno.test("loadConfig() requires RPC_URL with FACILITATOR_KEY_FILE", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/f.key`, "22".repeat(32));
    await assert.rejects(
      () => loadConfig({ DATA_DIR: dir, FACILITATOR_KEY_FILE: `${dir}/f.key` }),
      /RPC_URL/,
    );
  });
});

Deno.test("paymentsConfigured() needs a pay-to address and a way to settle", async () => {
  await withDir(async (dir) => {
    const addr = "0x" + "ab".repeat(20);
    assert.equal(paymentsConfigured(await loadConfig({ DATA_DIR: dir, PAY_TO_EVM: addr })), false);
    assert.equal(
      paymentsConfigured(
        await loadConfig({
          DATA_DIR: dir,
          PAY_TO_EVM: addr,
          FACILITATOR_URL: "http://127.0.0.1:1",
        }),
      ),
      true,
    );
  });
});

Deno.test("loadConfig() reads the seller node's CATALOG_CACHE_SECONDS and ORDER_WAIT_SECONDS (defaults 60, 60)", async () => {
  await withDir(async (dir) => {
    const defaults = await loadConfig({ DATA_DIR: dir });
    assert.deepEqual(defaults.node, {
      catalogCacheSeconds: 60,
      orderWaitSeconds: 60,
      quoteCacheBytes: 8 * 1024 * 1024,
      testExitAt: undefined,
    });
    const set = await loadConfig({
      DATA_DIR: dir,
      CATALOG_CACHE_SECONDS: "5",
      ORDER_WAIT_SECONDS: "30",
    });
    assert.equal(set.node.catalogCacheSeconds, 5);
    assert.equal(set.node.orderWaitSeconds, 30);
  });
});

Deno.test("loadConfig() refuses an ORDER_WAIT_SECONDS of 0 naming the variable", () =>
  refused({ ORDER_WAIT_SECONDS: "0" }, "ORDER_WAIT_SECONDS"));

Deno.test("loadConfig() refuses a CATALOG_CACHE_SECONDS that is not a number", () =>
  refused({ CATALOG_CACHE_SECONDS: "1m" }, "CATALOG_CACHE_SECONDS"));

Deno.test("loadConfig() refuses a supplier secret shorter than 16 characters naming SUPPLIER_SECRET_FILE", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/s`, "short-secret\n");
    await refused(
      { SUPPLIER: "http", SUPPLIER_URL: "http://127.0.0.1:1", SUPPLIER_SECRET_FILE: `${dir}/s` },
      "SUPPLIER_SECRET_FILE",
    );
  });
});

Deno.test("loadConfig() reads the transparency-log settings and refuses a log key equal to the signing key", async () => {
  await withDir(async (dir) => {
    const config = await loadConfig({
      DATA_DIR: dir,
      MCP_REGISTRY_URL: "https://registry.modelcontextprotocol.io/",
      LOG_CRAWL_INTERVAL_MIN: "60",
      LOG_ALLOW_PRIVATE: "1",
    });
    assert.equal(config.tlog.registryUrl, "https://registry.modelcontextprotocol.io");
    assert.equal(config.tlog.crawlIntervalMin, 60);
    assert.equal(config.tlog.allowPrivate, true);
    assert.equal(config.tlog.keyPath, `${dir}/log.key`);
    assert.notEqual(config.tlog.key.keyId, config.signer.keyId);
    const defaults = await loadConfig({ DATA_DIR: dir });
    assert.equal(defaults.tlog.crawlIntervalMin, 360);
    assert.equal(defaults.tlog.registryUrl, undefined);
    assert.equal(defaults.tlog.key.keyId, config.tlog.key.keyId, "the generated key is reused");
    await assert.rejects(
      loadConfig({ DATA_DIR: dir, LOG_KEY_FILE: `${dir}/signer.key` }),
      /LOG_KEY_FILE/,
    );
    await assert.rejects(
      loadConfig({ DATA_DIR: dir, LOG_CRAWL_INTERVAL_MIN: "0" }),
      /LOG_CRAWL_INTERVAL_MIN/,
    );
  });
});
