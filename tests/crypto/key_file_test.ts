import assert from "node:assert/strict";
import { loadOrCreateKeyFile } from "../../src/crypto/key_file.ts";
import { toHex } from "../../src/crypto/hash.ts";
import { tempDir } from "../support/temp.ts";

Deno.test("loadOrCreateKeyFile() on first start by many at once: one key, created once, never a half-written file", async () => {
  for (let round = 0; round < 5; round++) {
    await using dir = await tempDir();
    const path = `${dir.path}/data/signer.key`;
    const results = await Promise.all(Array.from({ length: 16 }, () => loadOrCreateKeyFile(path)));
    assert.equal(results.filter((r) => r.created).length, 1);
    assert.equal(new Set(results.map((r) => toHex(r.secret))).size, 1);
    const text = await Deno.readTextFile(path);
    assert.equal(text, toHex(results[0]!.secret) + "\n");
    assert.equal((await Deno.stat(path)).mode! & 0o777, 0o600);
    assert.deepEqual(
      [...Deno.readDirSync(`${dir.path}/data`)].map((e) => e.name),
      ["signer.key"],
      "no temporary files left behind",
    );
  }
});

Deno.test("loadOrCreateKeyFile() never overwrites an existing key file", async () => {
  await using dir = await tempDir();
  const path = `${dir.path}/vrf.key`;
  const given = "0x" + "ab".repeat(32) + "\n";
  await Deno.writeTextFile(path, given, { mode: 0o600 });
  const r = await loadOrCreateKeyFile(path);
  assert.equal(r.created, false);
  assert.equal(toHex(r.secret), "ab".repeat(32));
  assert.equal(await Deno.readTextFile(path), given);
});
