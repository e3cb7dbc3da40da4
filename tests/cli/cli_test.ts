import assert from "node:assert/strict";
import { runCli } from "../support/process.ts";
import { tempDir } from "../support/temp.ts";
import { VERSION } from "../../src/version.ts";

Deno.test("esim-rails --version prints the version", async () => {
  const r = await runCli(["--version"]);
  assert.equal(r.code, 0);
  assert.equal(r.stdout.trim(), `esim-rails ${VERSION}`);
});

Deno.test("esim-rails --help lists every subcommand", async () => {
  const r = await runCli(["--help"]);
  assert.equal(r.code, 0);
  for (const name of ["serve", "keygen"]) assert.match(r.stdout, new RegExp(`^  ${name} `, "m"));
});

Deno.test("esim-rails with an unknown subcommand exits 2 with usage", async () => {
  const r = await runCli(["frobnicate"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown command 'frobnicate'/);
  assert.match(r.stderr, /Usage: esim-rails <command>/);
});

Deno.test("esim-rails serve with an unknown flag exits 2 with the serve usage", async () => {
  const r = await runCli(["serve", "--frob"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /Unknown option '--frob'/);
  assert.match(r.stderr, /Usage: esim-rails serve/);
});

Deno.test("esim-rails serve --help prints its usage and exits 0", async () => {
  const r = await runCli(["serve", "--help"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /--kv-path/);
});

Deno.test("esim-rails serve stops with exit 1 and names the variable on bad config", async () => {
  await using dir = await tempDir();
  const r = await runCli(["serve"], { cwd: dir.path, env: { PORT: "nope" } });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /PORT: must be a whole number/);
});

Deno.test("esim-rails keygen writes a 0600 key file and never overwrites it", async () => {
  await using dir = await tempDir();
  const out = `${dir.path}/signer.key`;
  const first = await runCli(["keygen", "--type", "ed25519", "--out", out]);
  assert.equal(first.code, 0, first.stderr);
  const info = JSON.parse(first.stdout);
  assert.match(info.key_id, /^[0-9a-f]{16}$/);
  const text = await Deno.readTextFile(out);
  assert.match(text, /^[0-9a-f]{64}\n$/);
  assert.equal(first.stdout.includes(text.trim()), false, "the secret is not printed");
  assert.equal((await Deno.stat(out)).mode! & 0o777, 0o600);
  const second = await runCli(["keygen", "--type", "ed25519", "--out", out]);
  assert.equal(second.code, 1);
  assert.equal(await Deno.readTextFile(out), text);
});

Deno.test("esim-rails keygen --type secp256k1 prints the EVM address", async () => {
  await using dir = await tempDir();
  const r = await runCli(["keygen", "--type", "secp256k1", "--out", `${dir.path}/buyer.key`]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(JSON.parse(r.stdout).address, /^0x[0-9a-fA-F]{40}$/);
});

Deno.test("esim-rails keygen without --type is a usage error", async () => {
  const r = await runCli(["keygen", "--out", "/tmp/x"]);
  assert.equal(r.code, 2);
});

Deno.test("a failing command prints one line and exits 1, without a stack trace", async () => {
  await using dir = await tempDir();
  await Deno.writeTextFile(`${dir.path}/bad.key`, "not-a-key-SECRETISH\n");
  const cases = [
    ["keygen", "--type", "secret", "--out", `${dir.path}/no/such/dir/x`],
    ["call", "http://127.0.0.1:9/x402/fair-random", "--key-file", `${dir.path}/missing.key`],
    ["call", "http://127.0.0.1:9/x402/fair-random", "--key-file", `${dir.path}/bad.key`],
    ["serve", "--host", "999.1.1.1", "--kv-path", ":memory:"],
  ];
  for (const args of cases) {
    const r = await runCli(args, { cwd: dir.path, env: { DATA_DIR: `${dir.path}/data` } });
    assert.equal(r.code, 1, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`^esim-rails ${args[0]}: .+\\n$`), r.stderr);
    assert.doesNotMatch(r.stderr, /Uncaught|\n {4}at /);
    assert.doesNotMatch(r.stderr, /SECRETISH/, "a key file's content is never echoed");
  }
});
