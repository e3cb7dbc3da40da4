/**
 * RFC 9381 Appendix B vectors for both shipped suites: every published value (public key,
 * x, H, k, U = k*B, V = k*H, pi, beta; the TAI counter; for ELL2 the hash_to_field and
 * Elligator 2 intermediates) is reproduced, and each proof verifies.
 */
import assert from "node:assert/strict";
import { ed25519_hasher } from "@noble/curves/ed25519.js";
import { fromHex, toHex } from "../../src/crypto/hash.ts";
import {
  ell2Dst,
  encodeToCurveTai,
  proofToHash,
  SUITE_ELL2,
  SUITE_TAI,
  verify,
  vrfPublicKey,
  VrfSecretKey,
} from "../../src/random/ecvrf.ts";
import { encodeToCurveEll2 } from "../../src/random/_ell2.ts";
import { intToLE } from "../../src/random/_edwards.ts";
import { RFC_VECTORS, testBytes } from "./_support.ts";

Deno.test("the vector file holds Examples 16-18 (TAI) and 19-21 (ELL2)", () => {
  assert.deepEqual(
    RFC_VECTORS.map((v) => [v.example, v.suite]),
    [
      [16, SUITE_TAI],
      [17, SUITE_TAI],
      [18, SUITE_TAI],
      [19, SUITE_ELL2],
      [20, SUITE_ELL2],
      [21, SUITE_ELL2],
    ],
  );
});

for (const v of RFC_VECTORS) {
  const name = `Example ${v.example} (${v.suite.endsWith("TAI") ? "TAI" : "ELL2"})`;
  const I = v.intermediate;

  Deno.test(`vrfPublicKey() derives the RFC public key of ${name}`, () => {
    assert.equal(toHex(vrfPublicKey(fromHex(v.sk))), v.pk);
  });

  Deno.test(`prove() reproduces x, H, k, U, V, pi and beta of ${name}`, () => {
    const t = new VrfSecretKey(fromHex(v.sk)).proveTrace(fromHex(v.alpha), v.suite);
    assert.equal(toHex(intToLE(t.x, 32)), I.x, "x");
    assert.equal(toHex(t.H), I.H, "H");
    assert.equal(toHex(t.kString), I.k_string, "k_string");
    assert.equal(toHex(intToLE(t.k, 32)), I.k, "k");
    assert.equal(toHex(t.U), I.U_kB, "U = k*B");
    assert.equal(toHex(t.V), I.V_kH, "V = k*H");
    assert.equal(toHex(t.pi), v.pi, "pi");
    assert.equal(toHex(t.beta), v.beta, "beta");
  });

  Deno.test(`verify() accepts the proof of ${name} and returns its beta`, () => {
    const r = verify(fromHex(v.pk), fromHex(v.alpha), fromHex(v.pi), v.suite);
    assert.deepEqual(r, { valid: true, beta: fromHex(v.beta) });
  });

  Deno.test(`proofToHash() gives the beta of ${name}`, () => {
    assert.equal(toHex(proofToHash(fromHex(v.pi), v.suite)!), v.beta);
  });

  if (v.suite === SUITE_TAI) {
    Deno.test(`try-and-increment stops at the RFC counter of ${name}`, () => {
      const { point, ctr } = encodeToCurveTai(fromHex(v.pk), fromHex(v.alpha));
      assert.equal(String(ctr), I.tai_ctr);
      assert.equal(toHex(point.toBytes()), I.H);
    });
  } else {
    Deno.test(`Elligator 2 intermediates (uniform bytes, u, g(x1)) match ${name}`, () => {
      const msg = new Uint8Array([...fromHex(v.pk), ...fromHex(v.alpha)]);
      const t = encodeToCurveEll2(msg, ell2Dst());
      assert.equal(toHex(t.uniformBytes), I.ell2_uniform_bytes);
      assert.equal(toHex(intToLE(t.u, 32)), I.ell2_u);
      assert.equal(toHex(intToLE(t.gx1, 32)), I.ell2_gx1);
      assert.equal(toHex(t.point.toBytes()), I.H);
    });
  }
}

Deno.test("the ELL2 domain separation tag is 'ECVRF_edwards25519_XMD:SHA-512_ELL2_NU_' || 0x04", () => {
  const want = new Uint8Array([
    ...new TextEncoder().encode("ECVRF_edwards25519_XMD:SHA-512_ELL2_NU_"),
    0x04,
  ]);
  assert.deepEqual(ell2Dst(), want);
});

Deno.test("our Elligator 2 encode_to_curve agrees with @noble/curves' on 64 messages", () => {
  for (let i = 0; i < 64; i++) {
    const msg = testBytes(`ell2-msg-${i}`, i * 7);
    const ours = encodeToCurveEll2(msg, ell2Dst()).point;
    const theirs = ed25519_hasher.encodeToCurve(msg, { DST: ell2Dst() });
    assert.equal(toHex(ours.toBytes()), toHex(theirs.toBytes()), `message ${i}`);
  }
});
