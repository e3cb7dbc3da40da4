/**
 * An independent RFC 9162 reference, written from the RFC's recursive definitions (§2.1.1 MTH,
 * §2.1.3.1 PATH, §2.1.4.1 PROOF/SUBPROOF) and hashed with WebCrypto, not with the code under
 * test. Its verifiers rebuild the roots by following those definitions backwards (not the
 * bit-walk algorithms of §2.1.3.2/§2.1.4.2 that src/tlog/merkle.ts uses).
 */
export type H = Uint8Array;

async function sha(...parts: Uint8Array[]): Promise<H> {
  const buf = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    buf.set(p, o);
    o += p.length;
  }
  return new Uint8Array(await crypto.subtle.digest("SHA-256", buf));
}

export const leaf = (d: Uint8Array) => sha(new Uint8Array([0]), d);
export const node = (l: H, r: H) => sha(new Uint8Array([1]), l, r);

function k(n: number): number {
  let x = 1;
  while (x * 2 < n) x *= 2;
  return x;
}

/** MTH(D[n]) over raw entries. */
export async function mth(d: Uint8Array[]): Promise<H> {
  if (d.length === 0) return await sha();
  if (d.length === 1) return await leaf(d[0]!);
  const s = k(d.length);
  return await node(await mth(d.slice(0, s)), await mth(d.slice(s)));
}

/** PATH(m, D[n]). */
export async function path(m: number, d: Uint8Array[]): Promise<H[]> {
  if (d.length <= 1) return [];
  const s = k(d.length);
  return m < s
    ? [...await path(m, d.slice(0, s)), await mth(d.slice(s))]
    : [...await path(m - s, d.slice(s)), await mth(d.slice(0, s))];
}

async function subproof(m: number, d: Uint8Array[], b: boolean): Promise<H[]> {
  if (m === d.length) return b ? [] : [await mth(d)];
  const s = k(d.length);
  return m <= s
    ? [...await subproof(m, d.slice(0, s), b), await mth(d.slice(s))]
    : [...await subproof(m - s, d.slice(s), false), await mth(d.slice(0, s))];
}

/** PROOF(m, D[n]). */
export const proof = (m: number, d: Uint8Array[]) => subproof(m, d, true);

/** Rebuilds the root from a leaf hash and PATH(m, D[n]); undefined if the proof has the wrong shape. */
export async function rootFromPath(m: number, n: number, h: H, p: H[]): Promise<H | undefined> {
  const rest = p.slice();
  const walk = async (m: number, n: number): Promise<H | undefined> => {
    if (n === 1) return h;
    const last = rest.pop();
    if (!last) return undefined;
    const s = k(n);
    if (m < s) {
      const l = await walk(m, s);
      return l && await node(l, last);
    }
    const r = await walk(m - s, n - s);
    return r && await node(last, r);
  };
  const root = await walk(m, n);
  return rest.length === 0 ? root : undefined;
}

/** Rebuilds [old root, new root] from PROOF(m, D[n]) given the old root; undefined if malformed. */
export async function rootsFromProof(
  m: number,
  n: number,
  oldRoot: H,
  p: H[],
): Promise<[H, H] | undefined> {
  const rest = p.slice();
  const walk = async (m: number, n: number, b: boolean): Promise<[H, H] | undefined> => {
    if (m === n) {
      if (b) return [oldRoot, oldRoot];
      const h = rest.pop();
      return h && [h, h];
    }
    const last = rest.pop();
    if (!last) return undefined;
    const s = k(n);
    if (m <= s) {
      const r = await walk(m, s, b);
      return r && [r[0], await node(r[1], last)];
    }
    const r = await walk(m - s, n - s, false);
    return r && [await node(last, r[0]), await node(last, r[1])];
  };
  const roots = await walk(m, n, true);
  return roots && rest.length === 0 ? roots : undefined;
}

export function hex(h: H): string {
  return [...h].map((b) => b.toString(16).padStart(2, "0")).join("");
}
