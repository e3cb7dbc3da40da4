/**
 * The transparency log (DESIGN.md §11): appends observations as RFC 9162 leaves through a
 * `TlogStore`, computes roots and proofs from the stored complete-subtree hashes, and signs
 * C2SP checkpoints with the log key (never the signing key of answers).
 *
 * @example
 * ```ts
 * import { Ed25519Signer } from "../crypto/ed25519.ts";
 * import { Store } from "../store/kv.ts";
 * import { KvTlogStore } from "../store/kv/tlog.ts";
 * import { TransparencyLog } from "./log.ts";
 * import { failedObservation } from "./observation.ts";
 * const store = await Store.open(":memory:");
 * const log = new TransparencyLog(new KvTlogStore(store), Ed25519Signer.generate(), "example.com/mcp-log");
 * await log.append(failedObservation({ name: "io.example/x" }, new Date(0).toISOString(), "unreachable")); // 0
 * (await log.checkpoint()).size; // 1
 * store.close();
 * ```
 */
import type { NoteSigner } from "./signer.ts";
import type { Tool } from "../security/scan.ts";
import {
  completedParents,
  consistencyProof,
  type Hash,
  inclusionProof,
  leafHash,
  type NodeReader,
  rootAt,
} from "./merkle.ts";
import { signCheckpoint, verifierKey } from "./note.ts";
import { leafBytes, type Observation, sortTools } from "./observation.ts";
import type { IndexEntry, TlogStore } from "./store.ts";
import { keyIdOf } from "../crypto/ed25519_core.ts";
import { toBase64 } from "../crypto/hash.ts";

export class LogCorruptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LogCorruptError";
  }
}

const CACHE_MAX = 200_000;

/** `<host of PUBLIC_URL>/mcp-log` (host with a non-default port). */
export function logOrigin(publicUrl: string): string {
  return `${new URL(publicUrl).host}/mcp-log`;
}

/** How the per-target indexes list the observation at leaf `index`. */
export function indexEntryOf(o: Observation, index: number): IndexEntry {
  return {
    leaf_index: index,
    observed_at: o.observed_at,
    outcome: o.outcome,
    ...(o.target.name !== undefined ? { name: o.target.name } : {}),
    ...(o.target.endpoint !== undefined ? { endpoint: o.target.endpoint } : {}),
    ...(o.tools_sha256 ? { tools_sha256: o.tools_sha256 } : {}),
  };
}

export class TransparencyLog {
  readonly store: TlogStore;
  readonly origin: string;
  readonly #key: NoteSigner;
  /** Complete subtrees never change: cache them by `level/index`. */
  readonly #nodes = new Map<string, Hash>();
  #appending: Promise<unknown> = Promise.resolve();
  /** The tree size after this process's last append (a hint; the store's check decides). */
  #size: number | undefined;

  constructor(store: TlogStore, key: NoteSigner, origin: string) {
    this.store = store;
    this.#key = key;
    this.origin = origin;
  }

  get publicKey(): Uint8Array {
    return this.#key.publicKey;
  }

  /** What `GET /x402/keys` publishes under `log`. */
  keyListing() {
    return {
      alg: "Ed25519" as const,
      key: toBase64(this.#key.publicKey),
      key_id: keyIdOf(this.#key.publicKey),
      origin: this.origin,
      verifier_key: verifierKey(this.origin, this.#key.publicKey),
    };
  }

  async sign(message: Uint8Array): Promise<Uint8Array> {
    return await this.#key.sign(message);
  }

  readonly node: NodeReader = async (level, index) => {
    const k = `${level}/${index}`;
    const hit = this.#nodes.get(k);
    if (hit) return hit;
    const h = await this.store.node(level, index);
    if (!h) throw new LogCorruptError(`missing subtree hash ${k}`);
    if (this.#nodes.size >= CACHE_MAX) this.#nodes.clear();
    this.#nodes.set(k, h);
    return h;
  };

  /**
   * Appends one observation (and keeps its full tool set, content-addressed) and returns its
   * leaf index. See `appendMany`.
   */
  async append(o: Observation, tools?: readonly Tool[]): Promise<number> {
    return (await this.appendMany([{ observation: o, tools }]))[0]!;
  }

  /**
   * Appends observations in order, as few atomic store operations as the backend's size limit
   * allows, and returns their leaf indexes. Appends in this process are serialised; another
   * writer on the same store makes the conditional append fail, and it is redone at the new size.
   */
  appendMany(items: { observation: Observation; tools?: readonly Tool[] }[]): Promise<number[]> {
    const run = this.#appending.then(() => this.#appendMany(items));
    this.#appending = run.catch(() => {});
    return run;
  }

  async #appendMany(
    items: { observation: Observation; tools?: readonly Tool[] }[],
  ): Promise<number[]> {
    for (const { observation: o, tools } of items) {
      if (tools && o.tools_sha256) await this.store.putToolSet(o.tools_sha256, sortTools(tools));
    }
    const leaves = items.map(({ observation: o }) => ({ o, leaf: leafBytes(o) }));
    const out: number[] = [];
    let i = 0;
    while (i < leaves.length) {
      // One batch: as many leaves as fit in the backend's atomic operation (at least one).
      let j = i;
      let bytes = 0;
      while (
        j < leaves.length &&
        (j === i || bytes + leaves[j]!.leaf.length <= this.store.maxBatchBytes) && j - i < 100
      ) {
        bytes += leaves[j]!.leaf.length;
        j++;
      }
      out.push(...await this.#appendBatch(leaves.slice(i, j)));
      i = j;
    }
    return out;
  }

  async #appendBatch(leaves: { o: Observation; leaf: Uint8Array }[]): Promise<number[]> {
    const hashes = leaves.map((l) => leafHash(l.leaf));
    for (let attempt = 0; attempt < 100; attempt++) {
      const start = this.#size ?? await this.store.treeSize();
      // Nodes completed inside this batch are read from `fresh` before the store has them.
      const fresh = new Map<string, Hash>();
      const read: NodeReader = (level, index) => {
        const h = fresh.get(`${level}/${index}`);
        return h ? Promise.resolve(h) : this.node(level, index);
      };
      const batch = [];
      for (let k = 0; k < leaves.length; k++) {
        const index = start + k;
        const o = leaves[k]!.o;
        const lh = hashes[k]!;
        fresh.set(`0/${index}`, lh);
        const parents = await completedParents(index, lh, read);
        for (const p of parents) fresh.set(`${p.level}/${p.index}`, p.hash);
        batch.push({
          leaf: leaves[k]!.leaf,
          nodes: [{ level: 0, index, hash: lh }, ...parents],
          entry: indexEntryOf(o, index),
        });
      }
      if (await this.store.append({ index: start, leaves: batch })) {
        for (const [k, h] of fresh) this.#nodes.set(k, h);
        this.#size = start + leaves.length;
        return leaves.map((_, k) => start + k);
      }
      this.#size = undefined; // another writer appended: start again from the stored size
    }
    throw new LogCorruptError("could not append: too much contention on the log");
  }

  async observation(index: number): Promise<Observation> {
    const leaf = await this.store.leaf(index);
    if (!leaf) throw new LogCorruptError(`missing leaf ${index}`);
    return JSON.parse(new TextDecoder().decode(leaf)) as Observation;
  }

  root(size: number): Promise<Hash> {
    return rootAt(this.node, size);
  }

  inclusion(index: number, size: number): Promise<Hash[]> {
    return inclusionProof(this.node, index, size);
  }

  consistency(from: number, to: number): Promise<Hash[]> {
    return consistencyProof(this.node, from, to);
  }

  /**
   * The latest signed checkpoint, signing one for the current tree size when the log has grown
   * since the last (Ed25519 is deterministic, so two processes sign the same note).
   */
  async checkpoint(): Promise<{ size: number; note: string }> {
    const [size, latest] = await Promise.all([
      this.store.treeSize(),
      this.store.latestCheckpoint(),
    ]);
    if (latest && latest.size >= size) return latest;
    const note = await signCheckpoint(this.#key, this.origin, size, await this.root(size));
    await this.store.putCheckpoint(size, note);
    return { size, note };
  }
}
