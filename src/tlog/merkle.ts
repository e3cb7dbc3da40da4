/**
 * RFC 9162 Merkle tree hashing and proofs (§2.1): leaf `SHA-256(0x00 || leaf)`, node
 * `SHA-256(0x01 || left || right)`, inclusion proofs (§2.1.3) and consistency proofs (§2.1.4),
 * with their verification algorithms.
 *
 * Proof generation reads subtree hashes through a `NodeReader`: the hash of the complete,
 * aligned subtree `node(level, index)` = MTH(D[index·2^level : (index+1)·2^level]). Stores keep
 * those (they never change once complete), so any proof or root costs O(log n) reads.
 *
 * @example
 * ```ts
 * import { leafHash, rootFromLeaves } from "./merkle.ts";
 * const root = rootFromLeaves([leafHash(new TextEncoder().encode("a"))]);
 * root.length; // 32
 * ```
 */
import { sha256 } from "../crypto/hash.ts";

export type Hash = Uint8Array;
/** Hash of the complete subtree at `level` (0 = leaf hashes) and position `index`. */
export type NodeReader = (level: number, index: number) => Promise<Hash>;

export function leafHash(leaf: Uint8Array): Hash {
  const buf = new Uint8Array(leaf.length + 1);
  buf[0] = 0;
  buf.set(leaf, 1);
  return sha256(buf);
}

export function nodeHash(left: Hash, right: Hash): Hash {
  const buf = new Uint8Array(65);
  buf[0] = 1;
  buf.set(left, 1);
  buf.set(right, 33);
  return sha256(buf);
}

/** MTH of the empty tree: SHA-256 of the empty string. */
export const EMPTY_ROOT: Hash = sha256(new Uint8Array(0));

/** The largest power of two strictly below `n` (n ≥ 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function isPow2(n: number): boolean {
  return n > 0 && Number.isInteger(Math.log2(n));
}

/**
 * The parents completed by appending leaf `index` (whose hash is `hash`): for each level where
 * the new node is a right child, its parent. `left(level, i)` reads existing complete nodes.
 */
export async function completedParents(
  index: number,
  hash: Hash,
  left: NodeReader,
): Promise<{ level: number; index: number; hash: Hash }[]> {
  const out: { level: number; index: number; hash: Hash }[] = [];
  let i = index;
  let h = hash;
  let level = 0;
  while (i % 2 === 1) {
    h = nodeHash(await left(level, i - 1), h);
    i = (i - 1) / 2;
    level++;
    out.push({ level, index: i, hash: h });
  }
  return out;
}

/** MTH(D[start:end]) from complete-subtree hashes; `start` as RFC 9162's recursion makes it. */
export async function subtreeHash(node: NodeReader, start: number, end: number): Promise<Hash> {
  const n = end - start;
  if (n === 0) return EMPTY_ROOT;
  if (isPow2(n) && start % n === 0) return await node(Math.log2(n), start / n);
  const k = splitPoint(n);
  return nodeHash(
    await subtreeHash(node, start, start + k),
    await subtreeHash(node, start + k, end),
  );
}

/** The root hash of the tree of `size` leaves. */
export function rootAt(node: NodeReader, size: number): Promise<Hash> {
  return subtreeHash(node, 0, size);
}

/** RFC 9162 §2.1.3.1 PATH(m, D[start:end]), leaf side first. */
async function path(node: NodeReader, m: number, start: number, end: number): Promise<Hash[]> {
  const n = end - start;
  if (n <= 1) return [];
  const k = splitPoint(n);
  if (m < k) {
    return [...await path(node, m, start, start + k), await subtreeHash(node, start + k, end)];
  }
  return [...await path(node, m - k, start + k, end), await subtreeHash(node, start, start + k)];
}

/** Inclusion proof of leaf `index` in the tree of `size` leaves. */
export function inclusionProof(node: NodeReader, index: number, size: number): Promise<Hash[]> {
  if (!(index >= 0 && index < size)) throw new RangeError("leaf index outside the tree");
  return path(node, index, 0, size);
}

/** RFC 9162 §2.1.4.1 SUBPROOF(m, D[start:end], b). */
async function subproof(
  node: NodeReader,
  m: number,
  start: number,
  end: number,
  b: boolean,
): Promise<Hash[]> {
  const n = end - start;
  if (m === n) return b ? [] : [await subtreeHash(node, start, end)];
  const k = splitPoint(n);
  if (m <= k) {
    return [
      ...await subproof(node, m, start, start + k, b),
      await subtreeHash(node, start + k, end),
    ];
  }
  return [
    ...await subproof(node, m - k, start + k, end, false),
    await subtreeHash(node, start, start + k),
  ];
}

/** Consistency proof between the trees of `from` and `to` leaves (0 < from ≤ to). */
export function consistencyProof(node: NodeReader, from: number, to: number): Promise<Hash[]> {
  if (!(from >= 0 && from <= to)) throw new RangeError("need 0 <= from <= to");
  if (from === 0 || from === to) return Promise.resolve([]);
  return subproof(node, from, 0, to, true);
}

function equal(a: Hash, b: Hash): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const odd = (x: number) => x % 2 === 1;
const half = (x: number) => Math.floor(x / 2);

/** RFC 9162 §2.1.3.2: does `proof` show leaf hash `leaf` at `index` in the tree `root`/`size`? */
export function verifyInclusion(
  leaf: Hash,
  index: number,
  size: number,
  proof: readonly Hash[],
  root: Hash,
): boolean {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size)) {
    return false;
  }
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equal(r, root);
}

/** RFC 9162 §2.1.4.2: is the tree `second` an append-only extension of `first`? */
export function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Hash,
  secondRoot: Hash,
  proof: readonly Hash[],
): boolean {
  if (!(Number.isSafeInteger(first) && Number.isSafeInteger(second))) return false;
  if (first < 0 || first > second) return false;
  if (first === second) return proof.length === 0 && equal(firstRoot, secondRoot);
  if (first === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  const path = isPow2(first) ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equal(fr, firstRoot) && equal(sr, secondRoot);
}

/** MTH over leaf hashes held in memory (tests, `log verify`). */
export function rootFromLeaves(leaves: readonly Hash[]): Hash {
  if (leaves.length === 0) return EMPTY_ROOT;
  let level = leaves.slice();
  // Bottom-up pairing gives the same tree as RFC 9162's split at the largest power of two.
  while (level.length > 1) {
    const next: Hash[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(nodeHash(level[i]!, level[i + 1]!));
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    level = next;
  }
  return level[0]!;
}
