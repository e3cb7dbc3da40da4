import assert from "node:assert/strict";
import { canonicalJson } from "../../src/crypto/canonical.ts";
import { canonicalSha256, sha256Hex } from "../../src/crypto/hash.ts";

const CASES: [string, unknown, string][] = [
  ["sorts keys", { b: 1, a: 2 }, '{"a":2,"b":1}'],
  [
    "sorts at every depth",
    { z: { y: 1, x: [{ d: 1, c: 2 }] } },
    '{"z":{"x":[{"c":2,"d":1}],"y":1}}',
  ],
  ["keeps array order", [3, 1, 2], "[3,1,2]"],
  ["no whitespace", { a: [1, { b: null }] }, '{"a":[1,{"b":null}]}'],
  ["keeps non-ASCII as is", { "é": "日本語 ✓" }, '{"é":"日本語 ✓"}'],
  [
    "escapes like JSON.stringify",
    { s: 'quote " back \\ nl \n tab \t ctl \u0001' },
    '{"s":"quote \\" back \\\\ nl \\n tab \\t ctl \\u0001"}',
  ],
  ["lone surrogates as JSON.stringify writes them", { s: "\ud800" }, '{"s":"\\ud800"}'],
  [
    "numbers as JSON.stringify",
    { a: 1e21, b: 0.1, c: -0, d: 1.5e-7, e: 100 },
    '{"a":1e+21,"b":0.1,"c":0,"d":1.5e-7,"e":100}',
  ],
  // UTF-16 code-unit order: "\uff61" (U+FF61) sorts before "\ud83d\ude00" (U+1F600)? No: 0xD83D < 0xFF61.
  [
    "orders keys by UTF-16 code units",
    { "\uff61": 1, "😀": 2, "a": 3, "Z": 4 },
    '{"Z":4,"a":3,"😀":2,"｡":1}',
  ],
  ["drops undefined members like JSON.stringify", { a: undefined, b: 1 }, '{"b":1}'],
  ["undefined in arrays becomes null", [undefined, 1], "[null,1]"],
  ["empty containers", { a: {}, b: [] }, '{"a":{},"b":[]}'],
  ["top-level scalars", "x", '"x"'],
];

for (const [name, input, expected] of CASES) {
  Deno.test(`canonicalJson() ${name}`, () => {
    assert.equal(canonicalJson(input), expected);
  });
}

Deno.test("canonicalJson() agrees with JSON.stringify on already-sorted input", () => {
  const value = { a: [1, "two", { b: true, c: null }], d: "ünï" };
  assert.equal(canonicalJson(value), JSON.stringify(value));
});

Deno.test("canonicalJson() refuses NaN and Infinity", () => {
  assert.throws(() => canonicalJson({ a: NaN }), TypeError);
  assert.throws(() => canonicalJson([Infinity]), TypeError);
});

Deno.test("canonicalJson() refuses absurd nesting instead of overflowing the stack", () => {
  let deep: unknown = 1;
  for (let i = 0; i < 10_000; i++) deep = [deep];
  assert.throws(() => canonicalJson(deep), RangeError);
});

Deno.test("sha256Hex() matches the FIPS 180-2 'abc' vector", () => {
  assert.equal(
    sha256Hex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("canonicalSha256() hashes the canonical form, not the key order", () => {
  assert.equal(canonicalSha256({ b: 1, a: 2 }), canonicalSha256({ a: 2, b: 1 }));
  assert.equal(canonicalSha256({ a: 2, b: 1 }), sha256Hex('{"a":2,"b":1}'));
});
