import assert from "node:assert/strict";
import { ed25519 } from "@noble/curves/ed25519.js";
import {
  Ed25519Signer,
  knownPublicKey,
  loadEd25519PublicKey,
  verifyEd25519,
} from "../../src/crypto/ed25519.ts";
import { vrfPublicKey } from "../../src/random/ecvrf.ts";
import { VrfKey } from "../../src/random/keys.ts";
import { logSigner } from "../../src/tlog/signer.ts";

const secrets = () => Array.from({ length: 8 }, () => crypto.getRandomValues(new Uint8Array(32)));

Deno.test("Ed25519Signer.load derives the same public key natively as the pure-JS derivation", async () => {
  for (const secret of secrets()) {
    const loaded = await Ed25519Signer.load(secret);
    assert.deepEqual(knownPublicKey(secret), ed25519.getPublicKey(secret));
    assert.deepEqual(loaded.publicKey, ed25519.getPublicKey(secret));
    const msg = new TextEncoder().encode("answer");
    assert.ok(verifyEd25519(loaded.publicKey, msg, loaded.sign(msg)));
  }
});

Deno.test("the VRF key of a natively loaded secret is the RFC 9381 public key (x*B)", async () => {
  for (const secret of secrets()) {
    await loadEd25519PublicKey(secret);
    assert.deepEqual(new VrfKey(secret).publicKey, vrfPublicKey(secret.slice()));
  }
});

Deno.test("a secret changed in place after loading is derived again, not served from memory", async () => {
  const secret = crypto.getRandomValues(new Uint8Array(32));
  await loadEd25519PublicKey(secret);
  secret[0] = secret[0]! ^ 0xff;
  assert.equal(knownPublicKey(secret), undefined);
  assert.deepEqual(new Ed25519Signer(secret).publicKey, ed25519.getPublicKey(secret));
});

Deno.test("the log signer of a loaded key signs what the pure-JS signer signs", async () => {
  const secret = crypto.getRandomValues(new Uint8Array(32));
  await loadEd25519PublicKey(secret);
  const log = await logSigner(secret);
  const msg = new TextEncoder().encode("checkpoint");
  assert.deepEqual(await log.sign(msg), ed25519.sign(msg, secret));
  assert.deepEqual(log.publicKey, ed25519.getPublicKey(secret));
});
