/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), synchronous, in plain JavaScript.
 *
 * Why not `@noble/hashes`, which the rest of the code uses for its other hashes: these two
 * are needed by modules `serve` loads at start (key ids, the transparency log's tree,
 * webhook and request signatures), and loading any npm package there costs the start about
 * 8 ms (the package resolution, and `sha2.js` building its SHA-512 tables). WebCrypto's digest
 * is asynchronous. `tests/crypto/sha256_test.ts` checks both against WebCrypto.
 *
 * @example
 * ```ts
 * import { hmacSha256, sha256 } from "./sha256.ts";
 * sha256(new TextEncoder().encode("abc")).length; // 32
 * hmacSha256(new Uint8Array(16), new Uint8Array(0)).length; // 32
 * ```
 */

// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K = new Int32Array([
  0x428a2f98,
  0x71374491,
  0xb5c0fbcf,
  0xe9b5dba5,
  0x3956c25b,
  0x59f111f1,
  0x923f82a4,
  0xab1c5ed5,
  0xd807aa98,
  0x12835b01,
  0x243185be,
  0x550c7dc3,
  0x72be5d74,
  0x80deb1fe,
  0x9bdc06a7,
  0xc19bf174,
  0xe49b69c1,
  0xefbe4786,
  0x0fc19dc6,
  0x240ca1cc,
  0x2de92c6f,
  0x4a7484aa,
  0x5cb0a9dc,
  0x76f988da,
  0x983e5152,
  0xa831c66d,
  0xb00327c8,
  0xbf597fc7,
  0xc6e00bf3,
  0xd5a79147,
  0x06ca6351,
  0x14292967,
  0x27b70a85,
  0x2e1b2138,
  0x4d2c6dfc,
  0x53380d13,
  0x650a7354,
  0x766a0abb,
  0x81c2c92e,
  0x92722c85,
  0xa2bfe8a1,
  0xa81a664b,
  0xc24b8b70,
  0xc76c51a3,
  0xd192e819,
  0xd6990624,
  0xf40e3585,
  0x106aa070,
  0x19a4c116,
  0x1e376c08,
  0x2748774c,
  0x34b0bcb5,
  0x391c0cb3,
  0x4ed8aa4a,
  0x5b9cca4f,
  0x682e6ff3,
  0x748f82ee,
  0x78a5636f,
  0x84c87814,
  0x8cc70208,
  0x90befffa,
  0xa4506ceb,
  0xbef9a3f7,
  0xc67178f2,
]);

// The same for the square roots of the first 8 primes: the initial hash value.
const IV = new Int32Array([
  0x6a09e667,
  0xbb67ae85,
  0x3c6ef372,
  0xa54ff53a,
  0x510e527f,
  0x9b05688c,
  0x1f83d9ab,
  0x5be0cd19,
]);

// The message schedule, reused (the functions below never yield while using it).
const W = new Int32Array(64);
const H = new Int32Array(8);

/** Runs the compression function over `n` 64-byte blocks of `view` from `offset`. */
function blocks(view: DataView, offset: number, n: number): void {
  let h0 = H[0]!, h1 = H[1]!, h2 = H[2]!, h3 = H[3]!;
  let h4 = H[4]!, h5 = H[5]!, h6 = H[6]!, h7 = H[7]!;
  for (let blk = 0; blk < n; blk++, offset += 64) {
    for (let i = 0; i < 16; i++) W[i] = view.getInt32(offset + 4 * i);
    for (let i = 16; i < 64; i++) {
      const w15 = W[i - 15]!, w2 = W[i - 2]!;
      const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
      const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
      W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  H[0] = h0, H[1] = h1, H[2] = h2, H[3] = h3, H[4] = h4, H[5] = h5, H[6] = h6, H[7] = h7;
}

/** SHA-256 of `data`. */
export function sha256(data: Uint8Array): Uint8Array {
  H.set(IV);
  // Whole blocks straight from the input; the rest and the padding (0x80, zeros, the length in
  // bits as 64 bits) from a buffer of one or two blocks.
  const whole = data.length >>> 6;
  blocks(new DataView(data.buffer, data.byteOffset, data.byteLength), 0, whole);
  const rest = data.subarray(whole * 64);
  const tail = new Uint8Array(rest.length < 56 ? 64 : 128);
  tail.set(rest);
  tail[rest.length] = 0x80;
  const view = new DataView(tail.buffer);
  view.setUint32(tail.length - 8, Math.floor(data.length / 0x20000000));
  view.setUint32(tail.length - 4, (data.length << 3) >>> 0);
  blocks(view, 0, tail.length >>> 6);
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) ov.setInt32(4 * i, H[i]!);
  return out;
}

/** HMAC-SHA256 of `message` under `key` (RFC 2104; keys over 64 bytes are hashed first). */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const k = new Uint8Array(64);
  k.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = k[i]! ^ 0x36;
    outer[i] = k[i]! ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}
