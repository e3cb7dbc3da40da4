/**
 * The synchronous SHA-256 and HMAC-SHA256 (src/crypto/sha256.ts) give WebCrypto's results for
 * every length around the block and padding boundaries, for large and offset inputs, and for
 * keys shorter than, equal to and longer than a block; and the FIPS 180-4 examples.
 */
import assert from "node:assert/strict";
import { hmacSha256, sha256 } from "../../src/crypto/sha256.ts";
import { toHex } from "../../src/crypto/hash.ts";

async function webDigest(data: Uint8Array): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(data))));
}

async function webHmac(key: Uint8Array, data: Uint8Array): Promise<string> {
  const k = await crypto.subtle.importKey(
    "raw",
    new Uint8Array(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return toHex(new Uint8Array(await crypto.subtle.sign("HMAC", k, new Uint8Array(data))));
}

// Deterministic pseudo-random bytes (xorshift), so a failure names a reproducible input.
function bytes(n: number, seed: number): Uint8Array {
  let x = seed | 1;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

Deno.test("sha256 gives the FIPS 180-4 example digests", () => {
  const enc = new TextEncoder();
  assert.equal(
    toHex(sha256(enc.encode("abc"))),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
  assert.equal(
    toHex(sha256(enc.encode("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))),
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  );
  assert.equal(
    toHex(sha256(new Uint8Array(0))),
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  );
});

Deno.test("sha256 matches WebCrypto for every length from 0 to 300 bytes and for large inputs", async () => {
  for (let n = 0; n <= 300; n++) {
    const data = bytes(n, n + 1);
    assert.equal(toHex(sha256(data)), await webDigest(data), `length ${n}`);
  }
  for (const n of [4095, 4096, 65_537, 1_000_003]) {
    const data = bytes(n, n);
    assert.equal(toHex(sha256(data)), await webDigest(data), `length ${n}`);
  }
});

Deno.test("sha256 hashes a view into a larger buffer, not the whole buffer", async () => {
  const buf = bytes(500, 7);
  for (const [from, to] of [[1, 1], [3, 70], [13, 141], [100, 500]] as const) {
    const view = buf.subarray(from, to);
    assert.equal(toHex(sha256(view)), await webDigest(view.slice()), `bytes ${from}..${to}`);
  }
});

Deno.test("hmacSha256 matches WebCrypto for short, block-sized and long keys", async () => {
  for (const keyLen of [1, 16, 32, 63, 64, 65, 100, 200]) {
    for (const msgLen of [0, 1, 55, 56, 64, 119, 1000]) {
      const key = bytes(keyLen, keyLen * 7 + 1), msg = bytes(msgLen, msgLen * 3 + 2);
      assert.equal(
        toHex(hmacSha256(key, msg)),
        await webHmac(key, msg),
        `key ${keyLen} bytes, message ${msgLen} bytes`,
      );
    }
  }
});

Deno.test("hmacSha256 gives the RFC 4231 test case 2 result", () => {
  const enc = new TextEncoder();
  assert.equal(
    toHex(hmacSha256(enc.encode("Jefe"), enc.encode("what do ya want for nothing?"))),
    "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
  );
});
