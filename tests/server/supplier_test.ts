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

Deno.test("buildSupplier() reports the default adapter_a without credentials as a named problem", async () => {
  const setup1 = await setup({});
  assert.equal(setup1.supplier, undefined);
  assert.match(setup1.problem!, /ADAPTER_A_ACCESS_CODE_FILE/);
});

Deno.test("buildSupplier() names SUPPLIER_URL for SUPPLIER=http without an address", async () => {
  const s = await setup({ SUPPLIER: "http" });
  assert.match(s.problem!, /SUPPLIER_URL/);
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
