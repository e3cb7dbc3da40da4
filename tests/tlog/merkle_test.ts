/**
 * The log's Merkle tree against an independent RFC 9162 reference (tests/tlog/_rfc9162.ts):
 * roots, inclusion and consistency proofs byte-for-byte, both verifiers, tampering, proof size.
 */
import assert from "node:assert/strict";
import {
  completedParents,
  consistencyProof,
  type Hash,
  inclusionProof,
  leafHash,
  type NodeReader,
  rootAt,
  rootFromLeaves,
  verifyConsistency,
  verifyInclusion,
} from "../../src/tlog/merkle.ts";
import * as ref from "./_rfc9162.ts";

const enc = new TextEncoder();
const entries = (n: number) => Array.from({ length: n }, (_, i) => enc.encode(`entry ${i}`));

/** Builds the complete-subtree table the way the log does on append. */
async function table(d: Uint8Array[]): Promise<NodeReader> {
  const nodes = new Map<string, Hash>();
  const reader: NodeReader = (level, index) => {
    const h = nodes.get(`${level}/${index}`);
    return h ? Promise.resolve(h) : Promise.reject(new Error(`no node ${level}/${index}`));
  };
  for (let i = 0; i < d.length; i++) {
    const lh = leafHash(d[i]!);
    nodes.set(`0/${i}`, lh);
    for (const p of await completedParents(i, lh, reader)) {
      nodes.set(`${p.level}/${p.index}`, p.hash);
    }
  }
  return reader;
}

Deno.test("merkle: roots equal RFC 9162 MTH for every size 0..70", async () => {
  const d = entries(70);
  const nodes = await table(d);
  for (let n = 0; n <= 70; n++) {
    const want = ref.hex(await ref.mth(d.slice(0, n)));
    assert.equal(ref.hex(await rootAt(nodes, n)), want, `size ${n}`);
    assert.equal(ref.hex(rootFromLeaves(d.slice(0, n).map(leafHash))), want, `size ${n} in memory`);
  }
});

Deno.test("merkle: inclusion proofs are RFC 9162 PATH and verify both ways, for every leaf of sizes 1..40", async () => {
  const d = entries(40);
  const nodes = await table(d);
  for (let n = 1; n <= 40; n++) {
    const root = await rootAt(nodes, n);
    for (let m = 0; m < n; m++) {
      const got = await inclusionProof(nodes, m, n);
      assert.deepEqual(got.map(ref.hex), (await ref.path(m, d.slice(0, n))).map(ref.hex));
      const lh = await ref.leaf(d[m]!);
      assert.equal(ref.hex((await ref.rootFromPath(m, n, lh, got))!), ref.hex(root));
      assert.ok(verifyInclusion(lh, m, n, got, root), `verify ${m} in ${n}`);
      assert.ok(got.length <= Math.ceil(Math.log2(n)), "O(log n) proof");
    }
  }
});

Deno.test("merkle: consistency proofs are RFC 9162 PROOF and verify both ways, for every pair up to 40", async () => {
  const d = entries(40);
  const nodes = await table(d);
  for (let n = 1; n <= 40; n++) {
    const newRoot = await rootAt(nodes, n);
    for (let m = 1; m <= n; m++) {
      const oldRoot = await rootAt(nodes, m);
      const got = await consistencyProof(nodes, m, n);
      assert.deepEqual(got.map(ref.hex), (await ref.proof(m, d.slice(0, n))).map(ref.hex));
      assert.ok(verifyConsistency(m, n, oldRoot, newRoot, got), `verify ${m} -> ${n}`);
      if (m < n) {
        const roots = await ref.rootsFromProof(m, n, oldRoot, got);
        assert.ok(roots, `reference accepts ${m} -> ${n}`);
        assert.equal(ref.hex(roots[0]), ref.hex(oldRoot));
        assert.equal(ref.hex(roots[1]), ref.hex(newRoot));
      }
    }
  }
});

Deno.test("merkle: a tampered leaf, proof hash, index or root fails verification", async () => {
  const d = entries(13);
  const nodes = await table(d);
  const root = await rootAt(nodes, 13);
  const proof = await inclusionProof(nodes, 5, 13);
  const lh = leafHash(d[5]!);
  assert.ok(verifyInclusion(lh, 5, 13, proof, root));
  assert.ok(!verifyInclusion(leafHash(enc.encode("entry 5!")), 5, 13, proof, root));
  assert.ok(!verifyInclusion(lh, 4, 13, proof, root));
  assert.ok(!verifyInclusion(lh, 5, 4, proof, root));
  assert.ok(!verifyInclusion(lh, 5, 13, proof.slice(1), root));
  const bad = proof.map((h) => h.slice());
  bad[1]![0]! ^= 1;
  assert.ok(!verifyInclusion(lh, 5, 13, bad, root));
  const wrongRoot = root.slice();
  wrongRoot[31]! ^= 1;
  assert.ok(!verifyInclusion(lh, 5, 13, proof, wrongRoot));

  const old = await rootAt(nodes, 7);
  const cons = await consistencyProof(nodes, 7, 13);
  assert.ok(verifyConsistency(7, 13, old, root, cons));
  const badCons = cons.map((h) => h.slice());
  badCons[0]![3]! ^= 1;
  assert.ok(!verifyConsistency(7, 13, old, root, badCons));
  assert.ok(!verifyConsistency(7, 13, wrongRoot, root, cons));
  assert.ok(!verifyConsistency(6, 13, old, root, cons));
});
