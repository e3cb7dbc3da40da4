/** `POST /x402/fair-random` as a PaidService: input parsing table and the result. */
import assert from "node:assert/strict";
import { HttpError } from "../../src/http/errors.ts";
import { fromHex, sha256Hex } from "../../src/crypto/hash.ts";
import { verify } from "../../src/random/ecvrf.ts";
import { verifyDraw } from "../../src/random/draw.ts";
import { VrfKey } from "../../src/random/keys.ts";
import { createFairRandomService, parseFairRandomInput } from "../../src/random/service.ts";
import { testBytes } from "./_support.ts";

const KEY = new VrfKey(testBytes("service-key", 32));
const SVC = createFairRandomService(KEY);
const CTX = {
  url: "http://127.0.0.1/x402/fair-random",
  signal: new AbortController().signal,
  now: new Date(0),
};

function fieldOf(body: unknown): string | undefined {
  try {
    parseFairRandomInput(body);
  } catch (err) {
    assert.ok(err instanceof HttpError, String(err));
    assert.equal(err.status, 400);
    assert.equal(err.code, "invalid_input");
    return err.field;
  }
  return undefined;
}

Deno.test("the fair-random service has the spec's slug, price, capability and envelope", () => {
  assert.equal(SVC.slug, "fair-random");
  assert.equal(SVC.priceUsd, "0.006");
  assert.equal(SVC.capabilityId, "svc.draw@v1");
  assert.equal(SVC.envelope, "result");
  assert.ok(SVC.description.length > 0);
});

Deno.test("parse() accepts a seed, defaults num_bytes to 32 and ignores unknown fields", () => {
  assert.deepEqual(SVC.parse({ seed: "abc" }), { seed: "abc", num_bytes: 32 });
  assert.deepEqual(SVC.parse({ seed: "abc", num_bytes: 1, extra: [1] }), {
    seed: "abc",
    num_bytes: 1,
  });
  assert.deepEqual(SVC.parse({ seed: "", num_bytes: 64 }), { seed: "", num_bytes: 64 });
});

const BAD_NUM_BYTES: unknown[] = [0, 65, 1.5, "3", null, true, -1, 1e3, [8], { n: 8 }, 32.0001];
for (const n of BAD_NUM_BYTES) {
  Deno.test(`parse() refuses num_bytes ${JSON.stringify(n)} with a 400 naming num_bytes`, () => {
    assert.equal(fieldOf({ seed: "x", num_bytes: n }), "num_bytes");
  });
}

const BAD_BODIES: [string, unknown][] = [
  ["a missing seed", { num_bytes: 4 }],
  ["a null seed", { seed: null }],
  ["a numeric seed", { seed: 5 }],
  ["an object seed", { seed: {} }],
  ["an array seed", { seed: ["a"] }],
  ["a null body", null],
  ["an array body", [{ seed: "a" }]],
  ["a string body", "seed"],
  ["a lone surrogate in the seed", { seed: "a\ud800b" }],
];
for (const [what, body] of BAD_BODIES) {
  Deno.test(`parse() refuses ${what} with a 400 naming seed`, () => {
    assert.equal(fieldOf(body), "seed");
  });
}

const BYTE_LIMIT_CASES: [string, string, boolean][] = [
  ["4096 ASCII bytes", "a".repeat(4096), true],
  ["4097 ASCII bytes", "a".repeat(4097), false],
  ["2048 two-byte characters (4096 bytes)", "é".repeat(2048), true],
  ["2048 two-byte characters and one ASCII (4097 bytes)", "é".repeat(2048) + "a", false],
  ["1365 three-byte characters and one ASCII (4096 bytes)", "€".repeat(1365) + "a", true],
  ["1365 three-byte characters and two ASCII (4097 bytes)", "€".repeat(1365) + "ab", false],
  ["1024 four-byte characters (4096 bytes, 2048 UTF-16 units)", "😀".repeat(1024), true],
  ["1024 four-byte characters and one ASCII (4097 bytes)", "😀".repeat(1024) + "a", false],
];
for (const [what, seed, ok] of BYTE_LIMIT_CASES) {
  Deno.test(`parse() ${ok ? "accepts" : "refuses"} a seed of ${what}`, () => {
    assert.equal(new TextEncoder().encode(seed).length, ok ? 4096 : 4097);
    assert.equal(fieldOf({ seed }), ok ? undefined : "seed");
  });
}

Deno.test("run() returns the DESIGN §6 result with a proof that verifies", async () => {
  const seed = "Ziehung 2026 — Los Nr. 7";
  const r = await SVC.run(SVC.parse({ seed, num_bytes: 12 }), CTX);
  assert.deepEqual(Object.keys(r).sort(), [
    "beta",
    "key_id",
    "num_bytes",
    "output",
    "proof",
    "public_key",
    "seed_sha256",
    "suite",
  ]);
  assert.equal(r.suite, "ECVRF-EDWARDS25519-SHA512-TAI");
  assert.equal(r.public_key, KEY.publicKeyHex);
  assert.equal(r.key_id, KEY.keyId);
  assert.equal(r.seed_sha256, sha256Hex(new TextEncoder().encode(seed)));
  assert.match(r.proof, /^[0-9a-f]{160}$/);
  assert.match(r.beta, /^[0-9a-f]{128}$/);
  assert.equal(r.num_bytes, 12);
  assert.equal(r.output, r.beta.slice(0, 24));
  const v = verify(KEY.publicKey, new TextEncoder().encode(seed), fromHex(r.proof));
  assert.ok(v.valid);
  assert.deepEqual(v.beta, fromHex(r.beta));
});

Deno.test("run() gives the same output for the same seed, also from a new service instance", async () => {
  const input = SVC.parse({ seed: "same seed" });
  const a = await SVC.run(input, CTX);
  const b = await createFairRandomService(new VrfKey(testBytes("service-key", 32))).run(input, CTX);
  assert.deepEqual(a, b);
});

Deno.test("run() output for num_bytes n is the prefix of the output for 64", async () => {
  const full = await SVC.run(SVC.parse({ seed: "prefix", num_bytes: 64 }), CTX);
  for (const n of [1, 7, 32, 63]) {
    const r = await SVC.run(SVC.parse({ seed: "prefix", num_bytes: n }), CTX);
    assert.equal(r.output, full.output.slice(0, 2 * n));
    assert.equal(r.proof, full.proof);
  }
  assert.equal(full.output, full.beta);
});

Deno.test("run() outputs differ between seeds and between keys", async () => {
  const other = createFairRandomService(new VrfKey(testBytes("service-other", 32)));
  const a = await SVC.run(SVC.parse({ seed: "s1" }), CTX);
  const b = await SVC.run(SVC.parse({ seed: "s2" }), CTX);
  const c = await other.run(other.parse({ seed: "s1" }), CTX);
  assert.equal(new Set([a.output, b.output, c.output]).size, 3);
});

Deno.test("verifyDraw() rebuilds the endpoint's result from public data only", async () => {
  const r = await SVC.run(SVC.parse({ seed: "offline", num_bytes: 5 }), CTX);
  const v = verifyDraw(fromHex(r.public_key), "offline", r.proof, 5);
  assert.deepEqual(v, { valid: true, result: r });
  assert.deepEqual(verifyDraw(fromHex(r.public_key), "offline!", r.proof, 5), {
    valid: false,
    reason: "challenge_mismatch",
  });
});
