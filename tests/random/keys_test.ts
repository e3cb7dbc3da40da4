/** VRF key file, key id, retired keys and the `GET /x402/keys` listing. */
import assert from "node:assert/strict";
import { keyIdOf } from "../../src/crypto/ed25519.ts";
import { sha256Hex, toHex } from "../../src/crypto/hash.ts";
import { KeyFileError } from "../../src/crypto/key_file.ts";
import { SUITE_TAI, vrfPublicKey } from "../../src/random/ecvrf.ts";
import {
  loadVrfKey,
  loadVrfKeySet,
  parseRetiredVrfKeys,
  readRetiredVrfKeys,
  readVrfKey,
  RetiredKeysError,
  VrfKey,
  vrfKeysListing,
} from "../../src/random/keys.ts";
import { intToLE, P } from "../../src/random/_edwards.ts";
import { testBytes } from "./_support.ts";

async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "vrf-keys-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const SMALL_ORDER = "0000000000000000000000000000000000000000000000000000000000000000";

Deno.test("loadVrfKey() creates a 0600 key file of 64 hex characters on first start", async () => {
  await withTempDir(async (dir) => {
    const path = `${dir}/data/vrf.key`;
    const { key, created } = await loadVrfKey(path);
    assert.equal(created, true);
    const text = await Deno.readTextFile(path);
    assert.match(text, /^[0-9a-f]{64}\n$/);
    assert.equal((await Deno.stat(path)).mode! & 0o777, 0o600);
    assert.equal(
      key.publicKeyHex,
      toHex(vrfPublicKey(
        new Uint8Array(
          text.trim().match(/../g)!.map((h) => parseInt(h, 16)),
        ),
      )),
    );
  });
});

Deno.test("loadVrfKey() reuses an existing key file and never rewrites it", async () => {
  await withTempDir(async (dir) => {
    const path = `${dir}/vrf.key`;
    const first = await loadVrfKey(path);
    const before = await Deno.readTextFile(path);
    const second = await loadVrfKey(path);
    assert.equal(second.created, false);
    assert.equal(second.key.publicKeyHex, first.key.publicKeyHex);
    assert.equal(await Deno.readTextFile(path), before);
  });
});

Deno.test("a VRF key file with 0x and surrounding whitespace is read as given", async () => {
  await withTempDir(async (dir) => {
    const sk = testBytes("keys-0x", 32);
    const path = `${dir}/vrf.key`;
    await Deno.writeTextFile(path, `  0x${toHex(sk)}\n\n`);
    const key = await readVrfKey(path);
    assert.deepEqual(key.publicKey, vrfPublicKey(sk));
  });
});

Deno.test("readVrfKey() refuses a malformed key file and a missing one", async () => {
  await withTempDir(async (dir) => {
    const path = `${dir}/vrf.key`;
    await Deno.writeTextFile(path, "not hex\n");
    await assert.rejects(() => readVrfKey(path), KeyFileError);
    await assert.rejects(() => readVrfKey(`${dir}/missing.key`), KeyFileError);
    await assert.rejects(() => loadVrfKey(path), KeyFileError);
  });
});

Deno.test("the key id is the first 16 hex characters of SHA-256 of the public key", () => {
  const key = new VrfKey(testBytes("keys-id", 32));
  assert.equal(key.keyId, sha256Hex(key.publicKey).slice(0, 16));
  assert.equal(key.keyId, keyIdOf(key.publicKey));
});

Deno.test("VrfKey serialises to its public entry only", () => {
  const sk = testBytes("keys-json", 32);
  const key = new VrfKey(sk);
  const json = JSON.stringify({ key });
  assert.ok(!json.includes(toHex(sk)));
  assert.deepEqual(JSON.parse(json).key, {
    suite: SUITE_TAI,
    public_key: key.publicKeyHex,
    key_id: key.keyId,
    status: "active",
  });
});

Deno.test("parseRetiredVrfKeys() reads one key per line, skipping comments, blanks and repeats", () => {
  const a = new VrfKey(testBytes("ret-a", 32)).publicKeyHex;
  const b = new VrfKey(testBytes("ret-b", 32)).publicKeyHex;
  const text = `# retired 2026-01\n${a}\n\n  0x${b.toUpperCase()}  # rotated 2026-06\r\n${a}\n`;
  assert.deepEqual(parseRetiredVrfKeys(text).map(toHex), [a, b]);
});

Deno.test("parseRetiredVrfKeys() names the line of a malformed, small-order or non-canonical key", () => {
  const good = new VrfKey(testBytes("ret-good", 32)).publicKeyHex;
  const nonCanonical = toHex(intToLE(P + 1n, 32));
  const cases: [string, RegExp][] = [
    [`${good}\nabc\n`, /line 2: expected a public key as 64 hex characters/],
    [`${good}\n${good}00\n`, /line 2/],
    [`\n${SMALL_ORDER}\n`, /line 2: public_key_small_order/],
    [`${nonCanonical}\n`, /line 1: public_key_invalid/],
  ];
  for (const [text, re] of cases) {
    assert.throws(() => parseRetiredVrfKeys(text, "retired.txt"), (err: unknown) => {
      assert.ok(err instanceof RetiredKeysError);
      assert.match(err.message, re);
      return true;
    });
  }
});

Deno.test("readRetiredVrfKeys() gives none when unset and fails on an unreadable file", async () => {
  assert.deepEqual(await readRetiredVrfKeys(undefined), []);
  assert.deepEqual(await readRetiredVrfKeys(""), []);
  await assert.rejects(() => readRetiredVrfKeys("/nonexistent/retired.txt"), RetiredKeysError);
  await withTempDir(async (dir) => {
    const a = new VrfKey(testBytes("ret-file", 32)).publicKeyHex;
    await Deno.writeTextFile(`${dir}/retired.txt`, `${a}\n`);
    assert.deepEqual((await readRetiredVrfKeys(`${dir}/retired.txt`)).map(toHex), [a]);
  });
});

Deno.test("vrfKeysListing() lists the active key first, then retired keys, without the active one twice", () => {
  const active = new VrfKey(testBytes("list-active", 32));
  const old1 = new VrfKey(testBytes("list-old1", 32));
  const old2 = new VrfKey(testBytes("list-old2", 32));
  const listing = vrfKeysListing(active, [old1.publicKey, active.publicKey, old2.publicKey]);
  assert.deepEqual(listing, {
    vrf: [
      { suite: SUITE_TAI, public_key: active.publicKeyHex, key_id: active.keyId, status: "active" },
      { suite: SUITE_TAI, public_key: old1.publicKeyHex, key_id: old1.keyId, status: "retired" },
      { suite: SUITE_TAI, public_key: old2.publicKeyHex, key_id: old2.keyId, status: "retired" },
    ],
  });
});

Deno.test("loadVrfKeySet() creates the key, reads the retired keys and builds the listing", async () => {
  await withTempDir(async (dir) => {
    const old = new VrfKey(testBytes("set-old", 32));
    await Deno.writeTextFile(`${dir}/retired.txt`, `# old\n${old.publicKeyHex}\n`);
    const set = await loadVrfKeySet({
      keyFile: `${dir}/vrf.key`,
      retiredKeysFile: `${dir}/retired.txt`,
    });
    assert.equal(set.created, true);
    assert.deepEqual(set.retired.map(toHex), [old.publicKeyHex]);
    assert.deepEqual(set.listing.vrf.map((e) => [e.public_key, e.status]), [
      [set.key.publicKeyHex, "active"],
      [old.publicKeyHex, "retired"],
    ]);
    const again = await loadVrfKeySet({ keyFile: `${dir}/vrf.key` });
    assert.equal(again.created, false);
    assert.equal(again.key.publicKeyHex, set.key.publicKeyHex);
    assert.deepEqual(again.retired, []);
  });
});
