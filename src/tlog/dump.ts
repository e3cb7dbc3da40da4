/**
 * Export and import of the transparency log (`esim-rails store export|import`), written once
 * over the `TlogStore` interface so both backends move the log the same way. Leaves travel in
 * index order; an import appends each at its own index (the store's conditional append), and
 * recomputes its subtree hashes and index entries, so the imported log verifies exactly as
 * the exported one did. A leaf already there is skipped (so an import can be rerun); a log that
 * differs from the imported one stops the import (`RestoreConflictError`).
 */
import { fromBase64, toBase64 } from "../crypto/hash.ts";
import { type DumpRecord, RestoreConflictError } from "../store/types.ts";
import { indexEntryOf } from "./log.ts";
import { completedParents, type Hash, leafHash } from "./merkle.ts";
import type { Observation } from "./observation.ts";
import type { TlogStore } from "./store.ts";

type TlogRecord = Extract<DumpRecord, { kind: `tlog_${string}` }>;

export async function* tlogDump(store: TlogStore): AsyncGenerator<TlogRecord> {
  const size = await store.treeSize();
  const toolSets = new Set<string>();
  for await (const { index, leaf } of store.leaves(0, size)) {
    yield { kind: "tlog_leaf", index, leaf: toBase64(leaf) };
    const sha = tryObservation(leaf)?.tools_sha256;
    if (sha) toolSets.add(sha);
  }
  for (const sha256 of toolSets) {
    const tools = await store.getToolSet(sha256);
    if (tools) yield { kind: "tlog_toolset", sha256, tools };
  }
  for await (const c of store.checkpoints()) {
    yield { kind: "tlog_checkpoint", size: c.size, note: c.note };
  }
  for await (const entry of store.registryEntries()) yield { kind: "tlog_registry", entry };
  const state = await store.getCrawlState();
  if (state) yield { kind: "tlog_crawl", state };
}

/** Writes one record unless it is there already; true when written. */
export async function tlogRestore(store: TlogStore, rec: TlogRecord): Promise<boolean> {
  switch (rec.kind) {
    case "tlog_leaf":
      return await restoreLeaf(store, rec.index, fromBase64(rec.leaf));
    case "tlog_toolset":
      return await store.putToolSet(rec.sha256, rec.tools);
    case "tlog_checkpoint":
      return await store.putCheckpoint(rec.size, rec.note);
    case "tlog_registry":
      if (await store.getRegistryEntry(rec.entry.name)) return false;
      await store.putRegistryEntry(rec.entry);
      return true;
    case "tlog_crawl":
      if (await store.getCrawlState()) return false;
      await store.setCrawlState(rec.state);
      return true;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function tryObservation(leaf: Uint8Array): Observation | undefined {
  try {
    return JSON.parse(new TextDecoder().decode(leaf)) as Observation;
  } catch {
    return undefined;
  }
}

async function restoreLeaf(store: TlogStore, index: number, leaf: Uint8Array): Promise<boolean> {
  const size = await store.treeSize();
  if (index < size) {
    // Already there, unless the store holds another log: never graft one log onto another.
    const held = await store.leaf(index);
    if (held && sameBytes(held, leaf)) return false;
    throw new RestoreConflictError(
      `the store's transparency log differs at leaf ${index}; import a log into an empty log`,
    );
  }
  if (index > size) {
    throw new RestoreConflictError(
      `tlog_leaf ${index} follows a log of ${size} leaves; leaves must come in order from 0`,
    );
  }
  const o = tryObservation(leaf);
  if (!o?.target) throw new RestoreConflictError(`tlog_leaf ${index} is not an observation`);
  const lh = leafHash(leaf);
  const read = async (level: number, i: number): Promise<Hash> => {
    const h = await store.node(level, i);
    if (!h) throw new RestoreConflictError(`the log is missing subtree hash ${level}/${i}`);
    return h;
  };
  const parents = await completedParents(index, lh, read);
  return await store.append({
    index,
    leaves: [{
      leaf,
      nodes: [{ level: 0, index, hash: lh }, ...parents],
      entry: indexEntryOf(o, index),
    }],
  });
}
