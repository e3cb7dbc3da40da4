/**
 * Scalar-multiplication helpers for ECVRF proving. Private to `src/random/`.
 *
 * A proof multiplies the same point H by two secret scalars (Gamma = x*H, V = k*H). Done one
 * after the other, each multiplication pays its own ~252 doublings; here both share one
 * doubling chain (Yao's right-to-left fixed-window method with buckets), which is what keeps
 * proving near the Ed25519 signing rate. The chain runs on raw BigInt extended coordinates
 * (a = -1 formulas from the Explicit-Formulas Database: dbl-2008-bbjlp / dbl-2008-hwcd for
 * doubling, add-2008-hwcd-3 for addition), skipping T where no addition follows. Every window
 * adds exactly one point per scalar (to a throwaway accumulator when the digit is 0), so the
 * sequence of point operations does not depend on the scalars; as everywhere in JavaScript
 * BigInt code, the field arithmetic itself is not constant-time.
 */
import { FpInvertBatch } from "@noble/curves/abstract/modular.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import { Fp, P, Point } from "./_edwards.ts";

const D2 = (2n * ed25519.Point.CURVE().d) % P;
const P2 = 2n * P;

/** Extended coordinates (X:Y:Z:T), x = X/Z, y = Y/Z, xy = T/Z; components in [0, P). */
interface Ext {
  X: bigint;
  Y: bigint;
  Z: bigint;
  T: bigint;
}

/** A point prepared for addition: (Y - X, Y + X, 2d·T, 2Z). */
interface Cached {
  ymx: bigint;
  ypx: bigint;
  t2d: bigint;
  z2: bigint;
}

const IDENTITY: Ext = { X: 0n, Y: 1n, Z: 1n, T: 0n };

function cache(p: Ext): Cached {
  return {
    ymx: p.Y >= p.X ? p.Y - p.X : p.Y - p.X + P,
    ypx: p.Y + p.X,
    t2d: (p.T * D2) % P,
    z2: 2n * p.Z,
  };
}

function negCached(c: Cached): Cached {
  return { ymx: c.ypx, ypx: c.ymx, t2d: c.t2d === 0n ? 0n : P - c.t2d, z2: c.z2 };
}

/** add-2008-hwcd-3 (a = -1, k = 2d): p + q with q cached. 8M. */
function addCached(p: Ext, q: Cached): Ext {
  const ymx = p.Y >= p.X ? p.Y - p.X : p.Y - p.X + P;
  const A = (ymx * q.ymx) % P;
  const B = ((p.Y + p.X) * q.ypx) % P;
  const C = (p.T * q.t2d) % P;
  const D = (p.Z * q.z2) % P;
  const E = B - A + P; // (0, 2P)
  const F = D - C + P;
  const G = D + C;
  const H = B + A;
  return { X: (E * F) % P, Y: (G * H) % P, T: (E * H) % P, Z: (F * G) % P };
}

/**
 * Doubling (a = -1) from (X:Y:Z); T of the input is not used. With `withT` it is
 * dbl-2008-hwcd (4M + 4S, gives T), otherwise dbl-2008-bbjlp's projective form (3M + 4S).
 */
function double(p: Ext, withT: boolean): Ext {
  const A = (p.X * p.X) % P;
  const B = (p.Y * p.Y) % P;
  const C = 2n * ((p.Z * p.Z) % P); // < 2P
  const s = p.X + p.Y;
  const E = ((s * s) % P) + P2 - A - B; // 2XY, in (0, 3P)
  const G = B - A + P; // y^2 - x^2 scaled, in (0, 2P)
  const F = G - C + P2; // > 0
  const H = P2 - A - B; // -(A + B), > 0
  return {
    X: (E * F) % P,
    Y: (G * H) % P,
    Z: (F * G) % P,
    T: withT ? (E * H) % P : 0n,
  };
}

function fromPoint(p: Point): Ext {
  return { X: p.X, Y: p.Y, Z: p.Z, T: p.T };
}

function toPoint(p: Ext): Point {
  return new Point(p.X, p.Y, p.Z, p.T);
}

const W = 4;
const HALF = 1 << (W - 1); // digits in [-HALF + 1, HALF]
/** 64 windows of 4 bits cover scalars below 2^255 including the final carry. */
const WINDOWS = 64;

/** Signed fixed-window digits of n (LSB first): n = Σ d[i]·16^i, d[i] ∈ [-7, 8]. */
function signedDigits(n: bigint): number[] {
  if (n < 0n || n >> 255n !== 0n) throw new RangeError("Scalar out of range");
  const d: number[] = [];
  let v = n;
  for (let i = 0; i < WINDOWS; i++) {
    let w = Number(v & 15n);
    v >>= 4n;
    if (w > HALF) {
      w -= 16;
      v += 1n;
    }
    d.push(w);
  }
  return d;
}

/**
 * `[s0*P, s1*P, ...]` for scalars 0 <= s < 2^255, sharing one chain of doublings of P. Exact
 * for any P: no scalar is reduced.
 */
export function mulSameBase(point: Point, scalars: bigint[]): Point[] {
  const digits = scalars.map(signedDigits);
  const buckets = scalars.map(() => new Array<Ext>(HALF + 1).fill(IDENTITY));
  let sink = IDENTITY;
  let base = fromPoint(point);
  for (let w = 0; w < WINDOWS; w++) {
    const pos = cache(base);
    const neg = negCached(pos);
    for (let i = 0; i < scalars.length; i++) {
      const d = digits[i]![w]!;
      const b = buckets[i]!;
      if (d > 0) b[d] = addCached(b[d]!, pos);
      else if (d < 0) b[-d] = addCached(b[-d]!, neg);
      else sink = addCached(sink, pos);
    }
    if (w !== WINDOWS - 1) {
      for (let j = 1; j <= W; j++) base = double(base, j === W);
    }
  }
  // Σ j·bucket[j] by running sums: 2·HALF additions per scalar.
  return buckets.map((b) => {
    let running = IDENTITY;
    let sum = IDENTITY;
    for (let j = HALF; j >= 1; j--) {
      running = addCached(running, cache(b[j]!));
      sum = addCached(sum, cache(running));
    }
    return toPoint(sum);
  });
}

/** point_to_string for several points with one field inversion. */
export function encodePoints(points: Point[]): Uint8Array[] {
  const inv = FpInvertBatch(Fp, points.map((p) => p.Z));
  return points.map((p, i) => {
    const iz = inv[i];
    if (iz === undefined) return p.toBytes(); // Z = 0 never happens for valid points
    const x = Fp.mul(p.X, iz);
    let y = Fp.mul(p.Y, iz);
    const out = new Uint8Array(32);
    for (let j = 0; j < 32; j++) {
      out[j] = Number(y & 0xffn);
      y >>= 8n;
    }
    if (x & 1n) out[31] = out[31]! | 0x80;
    return out;
  });
}
