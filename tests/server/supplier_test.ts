import assert from "node:assert/strict";
import { loadConfig } from "../../src/config/config.ts";
import { buildSupplier } from "../../src/server/supplier.ts";
import { Store } from "../../src/store/kv.ts";
import { tempDir } from "../support/temp.ts";

async function setup(env: Record<string, string>) {
  await using dir = await tempDir();
  const config = await loadConfig({ DATA_DIR: dir.path, KV_PATH: ":memory:", ...env });
  const store = await Store.open(":memory:");
  try {
    return buildSupplier(config, store);
  } finally {
    store.close();
  }
}

Deno.test("buildSupplier() with nothing configured quotes from the built-in demo catalog", async () => {
  const s = await setup({});
  assert.equal(s.problem, undefined);
  const plans = await s.supplier!.catalog();
  assert.ok(plans.some((p) => p.countries.includes("DE")));
  await assert.rejects(s.supplier!.order({} as never), /sells nothing/);
});

Deno.test("an explicit SUPPLIER=http without SUPPLIER_URL stops the start, naming SUPPLIER_URL", async () => {
  await assert.rejects(setup({ SUPPLIER: "http" }), (e: Error) => {
    assert.equal(e.name, "ConfigError");
    assert.equal((e as Error & { variable: string }).variable, "SUPPLIER_URL");
    assert.match(e.message, /^SUPPLIER_URL: is required with SUPPLIER=http/);
    return true;
  });
});

Deno.test("buildSupplier() builds each kind when its credentials are there", async () => {
  await using dir = await tempDir();
  const f = `${dir.path}/secret`;
  await Deno.writeTextFile(f, "0123456789abcdef0123");
  for (
    const env of <Record<string, string>[]> [
      { SUPPLIER: "http", SUPPLIER_URL: "http://127.0.0.1:1", SUPPLIER_SECRET_FILE: f },
      { SUPPLIER: "adapter_a", ADAPTER_A_ACCESS_CODE_FILE: f, ADAPTER_A_SECRET_KEY_FILE: f },
      { SUPPLIER: "adapter_b", ADAPTER_B_CLIENT_ID_FILE: f, ADAPTER_B_CLIENT_SECRET_FILE: f },
      { SUPPLIER: "adapter_c", ADAPTER_C_API_KEY_FILE: f },
    ]
  ) {
    const s = await setup(env);
    assert.equal(s.problem, undefined, env.SUPPLIER);
    assert.equal(typeof s.supplier!.catalog, "function");
  }
});
