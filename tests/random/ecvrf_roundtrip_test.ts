/**
 * prove/verify round trips on many keys and seeds, determinism, and the arithmetic shortcuts
 * (shared doubling chain, batched encoding, Jacobi pre-check) against @noble/curves.
 */
import assert from "node:assert/strict";
import { toHex } from "../../src/crypto/hash.ts";
import {
  PROOF_LENGTH,
  proofToHash,
  prove,
  SUITE_ELL2,
  SUITE_TAI,
  SUITES,
  verify,
  vrfPublicKey,
  VrfSecretKey,
} from "../../src/random/ecvrf.ts";
import {
  decodePoint,
  decodePointQuick,
  intToLE,
  leToInt,
  Point,
  Q,
} from "../../src/random/_edwards.ts";
import { encodePoints, mulSameBase } from "../../src/random/_multiply.ts";
import { testBytes } from "./_support.ts";

for (const suite of SUITES) {
  Deno.test(`prove() then verify() round-trips on 24 keys and seeds (${suite})`, () => {
    for (let i = 0; i < 24; i++) {
      const sk = testBytes(`rt-sk-${i}`, 32);
      const alpha = testBytes(`rt-alpha-${i}`, (i * 37) % 300);
      const pi = prove(sk, alpha, suite);
      assert.equal(pi.length, PROOF_LENGTH);
      const r = verify(vrfPublicKey(sk), alpha, pi, suite);
      assert.ok(r.valid, `case ${i}`);
      assert.deepEqual(r.beta, proofToHash(pi, suite));
    }
  });
}

Deno.test("prove() is deterministic: same key and alpha give the same proof", () => {
  const sk = testBytes("det-sk", 32);
  const alpha = new TextEncoder().encode("same seed");
  assert.equal(toHex(prove(sk, alpha)), toHex(prove(sk, alpha)));
  assert.equal(toHex(prove(sk, alpha)), toHex(new VrfSecretKey(sk).prove(alpha)));
});

Deno.test("different seeds and different keys give different outputs", () => {
  const a = testBytes("diff-sk-a", 32);
  const b = testBytes("diff-sk-b", 32);
  const s1 = new TextEncoder().encode("seed 1");
  const s2 = new TextEncoder().encode("seed 2");
  const betas = [
    proofToHash(prove(a, s1)),
    proofToHash(prove(a, s2)),
    proofToHash(prove(b, s1)),
    proofToHash(prove(b, s1), SUITE_ELL2),
  ].map((x) => toHex(x!));
  assert.equal(new Set(betas).size, 4);
});

Deno.test("VrfSecretKey never serialises its secret", () => {
  const sk = testBytes("json-sk", 32);
  const json = JSON.stringify(new VrfSecretKey(sk));
  assert.ok(!json.includes(toHex(sk)));
  assert.deepEqual(JSON.parse(json), { public_key: toHex(vrfPublicKey(sk)) });
});

Deno.test("the secret key must be 32 bytes", () => {
  assert.throws(() => new VrfSecretKey(new Uint8Array(31)), RangeError);
  assert.throws(() => prove(new Uint8Array(64), new Uint8Array(0), SUITE_TAI), RangeError);
});

Deno.test("mulSameBase() equals separate @noble/curves multiplications", () => {
  for (let i = 0; i < 16; i++) {
    const P = Point.BASE.multiply(leToInt(testBytes(`msb-p-${i}`, 32)) % Q || 1n);
    const scalars = [
      leToInt(testBytes(`msb-a-${i}`, 32)) % Q,
      leToInt(testBytes(`msb-b-${i}`, 32)) % Q,
      BigInt(i),
      Q - 1n - BigInt(i),
    ];
    const got = mulSameBase(P, scalars);
    scalars.forEach((s, j) => {
      assert.ok(got[j]!.equals(P.multiplyUnsafe(s)), `point ${i} scalar ${j}`);
    });
  }
});

Deno.test("mulSameBase() is exact on points with a torsion component and scalars above q", () => {
  const T = Point.fromHex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a");
  const P = Point.BASE.multiply(12345n).add(T);
  const s = Q + 5n; // (q + 5)*P = 5*P only for torsion-free P
  const [got] = mulSameBase(P, [s]);
  let want = Point.ZERO;
  for (let i = 0n; i < 5n; i++) want = want.add(P);
  want = want.add(T.multiplyUnsafe(Q % 8n));
  // q*P = q*T (the prime part vanishes), so (q + 5)*P = 5*P + q*T.
  assert.ok(got!.equals(want));
});

Deno.test("encodePoints() matches point.toBytes() for a batch", () => {
  const pts = Array.from(
    { length: 9 },
    (_, i) => Point.BASE.multiply(BigInt(i + 1) * 977n).double().add(Point.BASE),
  );
  assert.deepEqual(encodePoints(pts), pts.map((p) => p.toBytes()));
});

Deno.test("decodePointQuick() agrees with strict decoding on 512 random strings", () => {
  let valid = 0;
  for (let i = 0; i < 512; i++) {
    const b = testBytes(`quick-${i}`, 32);
    const slow = decodePoint(b);
    const fast = decodePointQuick(b);
    assert.equal(fast === null, slow === null, toHex(b));
    if (slow) {
      valid++;
      assert.ok(fast!.equals(slow));
    }
  }
  assert.ok(valid > 150 && valid < 362, `about half decode: ${valid}`);
  // the identity (y = 1, u = 0) decodes through the quick path too
  assert.ok(decodePointQuick(intToLE(1n, 32))!.is0());
});
