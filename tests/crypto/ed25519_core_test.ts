/**
 * `src/crypto/ed25519_core.ts` without the pure-JS engine (what `serve` starts with): key ids
 * and natively derived public keys work, signing refuses with a clear error until
 * `loadEd25519()`, and then signs exactly as `src/crypto/ed25519.ts` does. Run in a process of
 * its own: in this one the tests' imports have already loaded the engine.
 */
import assert from "node:assert/strict";
import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
import { toHex } from "../../src/crypto/hash.ts";

const CORE = new URL("../../src/crypto/ed25519_core.ts", import.meta.url).href;

Deno.test("the Ed25519 core derives keys natively without its engine, refuses to sign until loaded, then signs as ed25519.ts", async () => {
  const secret = new Uint8Array(32).map((_, i) => i * 7 + 1);
  const script = `
    import * as core from ${JSON.stringify(CORE)};
    const secret = new Uint8Array(${JSON.stringify([...secret])});
    const out = { loadedAtStart: core.ed25519Loaded() };
    const signer = await core.Ed25519Signer.load(secret);
    out.keyId = signer.keyId;
    try { signer.sign(new Uint8Array([1])); out.signedEarly = true; }
    catch (e) { out.error = e.message; }
    await Promise.all([core.loadEd25519(), core.loadEd25519()]);
    out.loaded = core.ed25519Loaded();
    out.sig = [...signer.sign(new Uint8Array([1, 2, 3]))];
    console.log(JSON.stringify(out));
  `;
  const res = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--quiet", "--lock=deno.test.lock", script],
    cwd: new URL("../../", import.meta.url),
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(res.code, 0, new TextDecoder().decode(res.stderr));
  const out = JSON.parse(new TextDecoder().decode(res.stdout));
  const reference = new Ed25519Signer(secret);
  assert.equal(out.loadedAtStart, false);
  assert.equal(out.keyId, reference.keyId);
  assert.equal(out.signedEarly, undefined);
  assert.match(out.error, /Ed25519 used before its engine loaded/);
  assert.equal(out.loaded, true);
  assert.equal(toHex(new Uint8Array(out.sig)), toHex(reference.sign(new Uint8Array([1, 2, 3]))));
});
