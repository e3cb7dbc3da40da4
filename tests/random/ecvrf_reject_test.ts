/**
 * ECVRF_verify refuses everything RFC 9381 §5.3 / §5.4.4 / §5.4.5 says is INVALID: tampered
 * proofs, another seed, another key, small-order keys, non-canonical point encodings, s >= q.
 */
import assert from "node:assert/strict";
import { mulAddUnsafe } from "@noble/curves/abstract/curve.js";
import { ED25519_TORSION_SUBGROUP } from "@noble/curves/ed25519.js";
import { fromHex, toHex } from "../../src/crypto/hash.ts";
import {
  challengeGeneration,
  decodeProof,
  encodeToCurve,
  prove,
  SUITE_ELL2,
  SUITE_TAI,
  validateKey,
  verify,
  VerifyFailure,
  vrfPublicKey,
} from "../../src/random/ecvrf.ts";
import { intToLE, leToInt, P, Point, Q } from "../../src/random/_edwards.ts";
import { testBytes } from "./_support.ts";

const SK = testBytes("reject-sk", 32);
const PK = vrfPublicKey(SK);
const ALPHA = new TextEncoder().encode("raffle 2026-11-21 #3");
const PI = prove(SK, ALPHA);

function reasonOf(r: ReturnType<typeof verify>): string {
  return r.valid ? "valid" : r.reason;
}

/** The 8 points of order dividing 8, derived here: the torsion part q*T of curve points T. */
function smallOrderPoints(): Point[] {
  let gen: Point | undefined;
  for (let i = 0; !gen; i++) {
    let T: Point;
    try {
      T = Point.fromBytes(testBytes(`torsion-${i}`, 32));
    } catch {
      continue;
    }
    const t = mulAddUnsafe(Point, [T], [Q], true); // q*T: kills the prime-order part
    if (!t.double().double().is0()) gen = t; // order exactly 8
  }
  const pts: Point[] = [Point.ZERO];
  for (let i = 1; i < 8; i++) pts.push(pts[i - 1]!.add(gen));
  return pts;
}

/** Every encoding with y in [p, 2^255): y' = y + p for y < 19, both sign bits. */
function nonCanonicalEncodings(): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let y = 0n; y + P < 1n << 255n; y++) {
    for (const sign of [0, 0x80]) {
      const b = intToLE(y + P, 32);
      b[31] = b[31]! | sign;
      out.push(b);
    }
  }
  return out;
}

Deno.test("the proof under test is valid to begin with", () => {
  assert.equal(reasonOf(verify(PK, ALPHA, PI)), "valid");
});

Deno.test("verify() refuses a proof with any single byte changed", () => {
  for (let i = 0; i < PI.length; i++) {
    const t = PI.slice();
    t[i] = t[i]! ^ (1 << (i % 8));
    const r = verify(PK, ALPHA, t);
    assert.equal(r.valid, false, `byte ${i}`);
  }
});

Deno.test("verify() refuses the proof for another seed", () => {
  const r = verify(PK, new TextEncoder().encode("raffle 2026-11-21 #4"), PI);
  assert.equal(reasonOf(r), VerifyFailure.ChallengeMismatch);
});

Deno.test("verify() refuses the proof under another key", () => {
  const other = vrfPublicKey(testBytes("reject-other-sk", 32));
  assert.equal(reasonOf(verify(other, ALPHA, PI)), VerifyFailure.ChallengeMismatch);
});

Deno.test("verify() refuses a TAI proof checked as ELL2 and the other way round", () => {
  assert.equal(reasonOf(verify(PK, ALPHA, PI, SUITE_ELL2)), VerifyFailure.ChallengeMismatch);
  const ell2 = prove(SK, ALPHA, SUITE_ELL2);
  assert.equal(reasonOf(verify(PK, ALPHA, ell2, SUITE_ELL2)), "valid");
  assert.equal(reasonOf(verify(PK, ALPHA, ell2, SUITE_TAI)), VerifyFailure.ChallengeMismatch);
});

Deno.test("the derived small-order points are the 8 distinct torsion points noble lists", () => {
  const ours = smallOrderPoints().map((p) => toHex(p.toBytes())).sort();
  assert.equal(new Set(ours).size, 8);
  assert.deepEqual(ours, [...ED25519_TORSION_SUBGROUP].sort());
});

Deno.test("verify() refuses all 8 small-order public keys (canonical encodings)", () => {
  for (const p of smallOrderPoints()) {
    const pk = p.toBytes();
    assert.equal(reasonOf(verify(pk, ALPHA, PI)), VerifyFailure.PublicKeySmallOrder, toHex(pk));
  }
});

Deno.test("verify() refuses a small-order key even with a proof forged for it", () => {
  // With Y of small order, Gamma = identity and s = 0 give U = -c*Y = -(c mod 8)*Y and V = 0,
  // so trying the 8 values of c mod 8 forges a proof that satisfies the RFC's equations for
  // almost any alpha. Only validate_key stops it.
  const Y = smallOrderPoints()[1]!;
  const pk = Y.toBytes();
  const zero = Point.ZERO.toBytes();
  let forged: { alpha: Uint8Array; pi: Uint8Array } | undefined;
  for (let a = 0; !forged && a < 64; a++) {
    const alpha = new TextEncoder().encode(`forged ${a}`);
    const H = encodeToCurve(SUITE_TAI, pk, alpha).toBytes();
    let U = Point.ZERO;
    for (let j = 0n; j < 8n && !forged; j++, U = U.subtract(Y)) {
      const c = challengeGeneration(SUITE_TAI, [pk, H, zero, U.toBytes(), zero]);
      if (c % 8n === j) {
        const pi = new Uint8Array(80);
        pi.set(zero, 0);
        pi.set(intToLE(c, 16), 32);
        forged = { alpha, pi };
      }
    }
  }
  assert.ok(forged, "a forgery exists");
  assert.equal(reasonOf(verify(pk, forged.alpha, forged.pi)), VerifyFailure.PublicKeySmallOrder);
});

Deno.test("verify() refuses every non-canonical public key encoding (y >= p)", () => {
  const encs = nonCanonicalEncodings();
  assert.equal(encs.length, 38);
  for (const pk of encs) {
    assert.equal(reasonOf(verify(pk, ALPHA, PI)), VerifyFailure.PublicKeyInvalid, toHex(pk));
  }
});

Deno.test("non-canonical encodings refused here include small-order points ZIP-215 would accept", () => {
  // y = p + 1 is the identity and y = p the order-4 points under permissive decoding.
  const identityAlias = intToLE(P + 1n, 32);
  assert.ok(Point.fromBytes(identityAlias, true).is0());
  assert.equal(validateKey(identityAlias).ok, false);
  const order4Alias = intToLE(P, 32);
  assert.ok(Point.fromBytes(order4Alias, true).double().double().is0());
  assert.equal(validateKey(order4Alias).ok, false);
});

Deno.test("verify() refuses a public key with x = 0 and the sign bit set", () => {
  // y = 1 (identity) and y = -1 (order 2) have x = 0; sign bit 1 is not a valid encoding.
  const one = intToLE(1n, 32);
  one[31] = one[31]! | 0x80;
  const minusOne = intToLE(P - 1n, 32);
  minusOne[31] = minusOne[31]! | 0x80;
  for (const pk of [one, minusOne]) {
    assert.equal(reasonOf(verify(pk, ALPHA, PI)), VerifyFailure.PublicKeyInvalid);
  }
});

Deno.test("verify() refuses a public key that is not on the curve", () => {
  let bad: Uint8Array | undefined;
  for (let i = 0; !bad; i++) {
    const b = testBytes(`off-curve-${i}`, 32);
    b[31] = b[31]! & 0x7f;
    try {
      Point.fromBytes(b);
    } catch {
      bad = b;
    }
  }
  assert.equal(reasonOf(verify(bad, ALPHA, PI)), VerifyFailure.PublicKeyInvalid);
});

Deno.test("verify() refuses public keys and proofs of the wrong length", () => {
  assert.equal(reasonOf(verify(PK.subarray(0, 31), ALPHA, PI)), VerifyFailure.PublicKeyLength);
  assert.equal(reasonOf(verify(new Uint8Array(33), ALPHA, PI)), VerifyFailure.PublicKeyLength);
  assert.equal(reasonOf(verify(PK, ALPHA, PI.subarray(0, 79))), VerifyFailure.ProofLength);
  assert.equal(
    reasonOf(verify(PK, ALPHA, new Uint8Array([...PI, 0]))),
    VerifyFailure.ProofLength,
  );
});

Deno.test("verify() refuses s + q in place of s (non-canonical scalar)", () => {
  const s = leToInt(PI.subarray(48, 80));
  const t = PI.slice();
  t.set(intToLE(s + Q, 32), 48);
  // (s + q)*B = s*B, so only the range check catches it.
  assert.equal(reasonOf(verify(PK, ALPHA, t)), VerifyFailure.ScalarOutOfRange);
  const max = PI.slice();
  max.fill(0xff, 48);
  assert.equal(reasonOf(verify(PK, ALPHA, max)), VerifyFailure.ScalarOutOfRange);
  const exactlyQ = PI.slice();
  exactlyQ.set(intToLE(Q, 32), 48);
  assert.equal(decodeProof(exactlyQ).ok, false);
});

Deno.test("verify() refuses every non-canonical Gamma encoding", () => {
  for (const g of nonCanonicalEncodings()) {
    const t = PI.slice();
    t.set(g, 0);
    assert.equal(reasonOf(verify(PK, ALPHA, t)), VerifyFailure.GammaInvalid, toHex(g));
  }
});

Deno.test("verify() refuses a Gamma that is not on the curve", () => {
  for (let i = 0;; i++) {
    const g = testBytes(`gamma-off-${i}`, 32);
    g[31] = g[31]! & 0x7f;
    try {
      Point.fromBytes(g);
      continue;
    } catch {
      const t = PI.slice();
      t.set(g, 0);
      assert.equal(reasonOf(verify(PK, ALPHA, t)), VerifyFailure.GammaInvalid);
      return;
    }
  }
});

Deno.test("verify() refuses Gamma replaced by another valid point or by Gamma + a torsion point", () => {
  const gamma = Point.fromBytes(PI.subarray(0, 32));
  for (const other of [gamma.double(), gamma.add(smallOrderPoints()[1]!)]) {
    const t = PI.slice();
    t.set(other.toBytes(), 0);
    assert.equal(reasonOf(verify(PK, ALPHA, t)), VerifyFailure.ChallengeMismatch);
  }
});

Deno.test("validateKey() accepts a key with a torsion component but Y's proofs fail under it", () => {
  // validate_key only refuses keys whose cofactor multiple is the identity; Y + T (T of small
  // order) is a valid key string, but no proof made for Y verifies under it.
  const Y = Point.fromBytes(PK);
  const mixed = Y.add(smallOrderPoints()[1]!).toBytes();
  assert.equal(validateKey(mixed).ok, true);
  assert.equal(reasonOf(verify(mixed, ALPHA, PI)), VerifyFailure.ChallengeMismatch);
});

Deno.test("proofs from the RFC stay valid only for their own alpha (sanity of fixtures)", () => {
  const pk = fromHex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
  const pi = fromHex(
    "8657106690b5526245a92b003bb079ccd1a92130477671f6fc01ad16f26f723f26f8a57ccaed74ee1b190bed1f479d9727d2d0f9b005a6e456a35d4fb0daab1268a1b0db10836d9826a528ca76567805",
  );
  assert.equal(reasonOf(verify(pk, new Uint8Array(0), pi)), "valid");
  assert.equal(reasonOf(verify(pk, new Uint8Array([0]), pi)), VerifyFailure.ChallengeMismatch);
});
