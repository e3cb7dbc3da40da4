/**
 * `esim-rails log verify`: re-checks a whole stored log. Every leaf is re-hashed and compared
 * with the stored leaf hash, every stored checkpoint's signature is checked and its root is
 * recomputed from the leaves, and every checkpoint is proven consistent with the latest one
 * (with proofs built from the stored subtree hashes, checked against the recomputed roots).
 */
// Checkpoint signatures are checked synchronously: the Ed25519 engine loads with this module.
import "../crypto/ed25519.ts";
import { toHex } from "../crypto/hash.ts";
import { type Hash, leafHash, nodeHash, verifyConsistency } from "./merkle.ts";
import { openCheckpoint } from "./note.ts";
import type { TransparencyLog } from "./log.ts";

export interface AuditReport {
  valid: boolean;
  tree_size: number;
  leaves_checked: number;
  checkpoints_checked: number;
  problems: string[];
}

/** MTH of the leaves pushed so far, kept as a stack of complete subtrees. */
class CompactRange {
  #stack: { size: number; hash: Hash }[] = [];

  push(h: Hash) {
    let cur = { size: 1, hash: h };
    while (this.#stack.length && this.#stack.at(-1)!.size === cur.size) {
      const left = this.#stack.pop()!;
      cur = { size: cur.size * 2, hash: nodeHash(left.hash, cur.hash) };
    }
    this.#stack.push(cur);
  }

  root(): Hash | undefined {
    let r: Hash | undefined;
    for (let i = this.#stack.length - 1; i >= 0; i--) {
      r = r ? nodeHash(this.#stack[i]!.hash, r) : this.#stack[i]!.hash;
    }
    return r;
  }
}

const MAX_PROBLEMS = 100;

export async function auditLog(
  log: TransparencyLog,
  progress: (line: string) => void = () => {},
): Promise<AuditReport> {
  const problems: string[] = [];
  const note = (p: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  const size = await log.store.treeSize();
  const checkpoints: { size: number; note: string }[] = [];
  for await (const c of log.store.checkpoints()) checkpoints.push(c);
  const wanted = new Map<number, Hash | undefined>(checkpoints.map((c) => [c.size, undefined]));
  const range = new CompactRange();
  let expected = 0;
  for await (const { index, leaf } of log.store.leaves(0, size)) {
    if (index !== expected) note(`leaves ${expected}..${index - 1} are missing`);
    expected = index + 1;
    const h = leafHash(leaf);
    const stored = await log.store.node(0, index);
    if (!stored || toHex(stored) !== toHex(h)) {
      note(`leaf ${index}: its hash differs from the stored one`);
    }
    try {
      const o = JSON.parse(new TextDecoder().decode(leaf));
      if (o?.type !== "log.observation/v1") note(`leaf ${index}: not a log.observation/v1`);
    } catch {
      note(`leaf ${index}: not JSON`);
    }
    range.push(h);
    if (wanted.has(index + 1)) wanted.set(index + 1, range.root());
    if ((index + 1) % 10_000 === 0) progress(`log verify: ${index + 1}/${size} leaves`);
  }
  if (expected !== size) note(`the tree has ${size} leaves but ${expected} are stored`);

  const latest = checkpoints.at(-1);
  let latestOpened;
  for (const c of checkpoints) {
    const cp = openCheckpoint(c.note, log.origin, log.publicKey);
    if (!cp) {
      note(`checkpoint ${c.size}: the signature does not verify for origin ${log.origin}`);
      continue;
    }
    if (cp.size !== c.size) note(`checkpoint ${c.size}: it says tree size ${cp.size}`);
    const root = c.size === 0 ? undefined : wanted.get(c.size);
    if (c.size > size) note(`checkpoint ${c.size}: beyond the tree (${size})`);
    else if (root && toHex(root) !== toHex(cp.root)) {
      note(`checkpoint ${c.size}: its root is not the root of the stored leaves`);
    }
    if (c === latest) latestOpened = cp;
  }
  if (latest && latestOpened && latest.size <= size) {
    for (const c of checkpoints) {
      const cp = openCheckpoint(c.note, log.origin, log.publicKey);
      if (!cp || c === latest || c.size === 0) continue;
      const proof = await log.consistency(c.size, latest.size).catch(() => undefined);
      if (!proof || !verifyConsistency(c.size, latest.size, cp.root, latestOpened.root, proof)) {
        note(`checkpoint ${c.size} is not consistent with the latest (${latest.size})`);
      }
    }
  }
  return {
    valid: problems.length === 0,
    tree_size: size,
    leaves_checked: expected,
    checkpoints_checked: checkpoints.length,
    problems,
  };
}
