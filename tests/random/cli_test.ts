/**
 * `esim-rails random prove|verify` run as a subprocess (`deno run -A main.ts random ...`):
 * exit codes 0/1/2 and the endpoint's JSON.
 */
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../src/crypto/hash.ts";
import { draw } from "../../src/random/draw.ts";
import { readVrfKey } from "../../src/random/keys.ts";
import { testBytes } from "./_support.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts", "random", ...args],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

async function withKeyFile(fn: (path: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "vrf-cli-" });
  try {
    const path = `${dir}/vrf.key`;
    await Deno.writeTextFile(path, toHex(testBytes("cli-key", 32)) + "\n", { mode: 0o600 });
    await fn(path);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const SEED = "Tombola 2026 · Los 42 ✓";

Deno.test("random prove prints the endpoint's JSON result and exits 0", async () => {
  await withKeyFile(async (path) => {
    const r = await cli("prove", "--key-file", path, "--seed", SEED, "--num-bytes", "16");
    assert.equal(r.code, 0, r.stderr);
    const want = draw(await readVrfKey(path), SEED, 16);
    assert.deepEqual(JSON.parse(r.stdout), want);
  });
});

Deno.test("random verify prints the same result for a valid proof and exits 0", async () => {
  await withKeyFile(async (path) => {
    const want = draw(await readVrfKey(path), SEED, 16);
    const r = await cli(
      "verify",
      "--public-key",
      want.public_key,
      "--seed",
      SEED,
      "--proof",
      want.proof,
      "--num-bytes",
      "16",
    );
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), want);
  });
});

Deno.test("random verify exits 1 with the reason for a tampered proof, seed or key", async () => {
  await withKeyFile(async (path) => {
    const d = draw(await readVrfKey(path), SEED);
    const pi = fromHex(d.proof);
    pi[40] = pi[40]! ^ 1;
    const cases: [string[], string][] = [
      [["--public-key", d.public_key, "--seed", SEED, "--proof", toHex(pi)], "challenge_mismatch"],
      [
        ["--public-key", d.public_key, "--seed", SEED + ".", "--proof", d.proof],
        "challenge_mismatch",
      ],
      [
        ["--public-key", "00".repeat(32), "--seed", SEED, "--proof", d.proof],
        "public_key_small_order",
      ],
      [
        ["--public-key", d.public_key, "--seed", SEED, "--proof", d.proof.slice(0, 158)],
        "proof_length",
      ],
    ];
    for (const [args, reason] of cases) {
      const r = await cli("verify", ...args);
      assert.equal(r.code, 1, `${reason}: ${r.stderr}`);
      assert.deepEqual(JSON.parse(r.stdout), { valid: false, reason });
      assert.match(r.stderr, new RegExp(reason));
    }
  });
});

Deno.test("random prove --suite ELL2 gives a proof random verify accepts only as ELL2", async () => {
  await withKeyFile(async (path) => {
    const p = await cli("prove", "--key-file", path, "--seed", SEED, "--suite", "ELL2");
    assert.equal(p.code, 0, p.stderr);
    const d = JSON.parse(p.stdout);
    assert.equal(d.suite, "ECVRF-EDWARDS25519-SHA512-ELL2");
    const base = ["verify", "--public-key", d.public_key, "--seed", SEED, "--proof", d.proof];
    assert.equal((await cli(...base, "--suite", "ELL2")).code, 0);
    assert.equal((await cli(...base)).code, 1);
  });
});

Deno.test("random prove exits 1 when the key file cannot be read", async () => {
  const r = await cli("prove", "--key-file", "/nonexistent/vrf.key", "--seed", "x");
  assert.equal(r.code, 1);
  assert.match(r.stderr, /Cannot read key file/);
});

Deno.test("random exits 2 on usage errors", async () => {
  await withKeyFile(async (path) => {
    const cases: string[][] = [
      [],
      ["draw"],
      ["prove", "--seed", "x"],
      ["prove", "--key-file", path],
      ["prove", "--key-file", path, "--seed", "x", "--num-bytes", "0"],
      ["prove", "--key-file", path, "--seed", "x", "--num-bytes", "65"],
      ["prove", "--key-file", path, "--seed", "x", "--num-bytes", "1.5"],
      ["prove", "--key-file", path, "--seed", "x", "--suite", "P256"],
      ["prove", "--key-file", path, "--seed", "a".repeat(4097)],
      ["prove", "--key-file", path, "--seed", "x", "--bogus"],
      ["verify", "--public-key", "zz", "--seed", "x", "--proof", "00"],
      ["verify", "--public-key", "00".repeat(32), "--seed", "x"],
    ];
    for (const args of cases) {
      const r = await cli(...args);
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /Usage:/);
    }
  });
});

Deno.test("random prove accepts a 4096-byte multi-byte seed", async () => {
  await withKeyFile(async (path) => {
    const seed = "é".repeat(2048);
    const r = await cli("prove", "--key-file", path, "--seed", seed, "--num-bytes", "1");
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).num_bytes, 1);
  });
});

Deno.test("random --help prints the usage and exits 0", async () => {
  const r = await cli("--help");
  assert.equal(r.code, 0);
  assert.match(r.stdout, /esim-rails random prove/);
  assert.match(r.stdout, /esim-rails random verify/);
});

Deno.test("keygen --type vrf prints the public key the VRF uses", async () => {
  const dir = await Deno.makeTempDir({ prefix: "vrf-keygen-" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts", "keygen", "--type", "vrf", "--out", `${dir}/k`],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0);
    const printed = JSON.parse(new TextDecoder().decode(out.stdout));
    const key = await readVrfKey(`${dir}/k`);
    assert.equal(printed.public_key, key.publicKeyHex);
    assert.equal(printed.key_id, key.keyId);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
