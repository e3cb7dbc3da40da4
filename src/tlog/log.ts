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
import type { Ed25519Signer } from "../crypto/ed25519.ts";
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
import type { TlogStore } from "./store.ts";
import { keyIdOf } from "../crypto/ed25519.ts";
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

export class TransparencyLog {
  readonly store: TlogStore;
  readonly origin: string;
  readonly #key: Ed25519Signer;
  /** Complete subtrees never change: cache them by `level/index`. */
  readonly #nodes = new Map<string, Hash>();
  #appending: Promise<unknown> = Promise.resolve();

  constructor(store: TlogStore, key: Ed25519Signer, origin: string) {
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

  sign(message: Uint8Array): Uint8Array {
    return this.#key.sign(message);
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
   * leaf index. Appends in this process are serialised; another writer on the same store makes
   * the conditional append fail and it is retried at the next index.
   */
  append(o: Observation, tools?: readonly Tool[]): Promise<number> {
    const run = this.#appending.then(() => this.#append(o, tools));
    this.#appending = run.catch(() => {});
    return run;
  }

  async #append(o: Observation, tools?: readonly Tool[]): Promise<number> {
    if (tools && o.tools_sha256) await this.store.putToolSet(o.tools_sha256, sortTools(tools));
    const leaf = leafBytes(o);
    const lh = leafHash(leaf);
    for (let attempt = 0; attempt < 100; attempt++) {
      const index = await this.store.treeSize();
      const parents = await completedParents(index, lh, this.node);
      const nodes = [{ level: 0, index, hash: lh }, ...parents];
      const entry = {
        leaf_index: index,
        observed_at: o.observed_at,
        outcome: o.outcome,
        ...(o.target.name !== undefined ? { name: o.target.name } : {}),
        ...(o.target.endpoint !== undefined ? { endpoint: o.target.endpoint } : {}),
        ...(o.tools_sha256 ? { tools_sha256: o.tools_sha256 } : {}),
      };
      if (await this.store.append({ index, leaf, nodes, entry })) {
        for (const n of nodes) this.#nodes.set(`${n.level}/${n.index}`, n.hash);
        return index;
      }
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
    const note = signCheckpoint(this.#key, this.origin, size, await this.root(size));
    await this.store.putCheckpoint(size, note);
    return { size, note };
  }
}
