/**
 * What the transparency log needs from storage. Backends implement this (Deno KV:
 * src/store/kv/tlog.ts; PostgreSQL: src/store/postgres/tlog.ts); the log itself (log.ts) never touches a database directly.
 *
 * The one rule every backend keeps: `append` is atomic. The leaf, its complete-subtree hashes,
 * its index entries and the new tree size are written together or not at all, and only when
 * the tree size is still `batch.index` (so two writers never both take one index). A crash
 * mid-append leaves the previous, consistent log.
 */
import type { Hash } from "./merkle.ts";
import type { Outcome } from "./observation.ts";

/** One observation as the per-target indexes list it (enough to pick leaves without reading them). */
export interface IndexEntry {
  leaf_index: number;
  observed_at: string;
  outcome: Outcome;
  name?: string;
  endpoint?: string;
  tools_sha256?: string;
}

export interface AppendLeaf {
  /** The leaf: canonical JSON of the observation. */
  leaf: Uint8Array;
  /** Complete-subtree hashes this leaf completes (level 0 is the leaf hash). */
  nodes: { level: number; index: number; hash: Hash }[];
  /** Listed under `entry.name` and under `entry.endpoint` when present. */
  entry: IndexEntry;
}

export interface AppendBatch {
  /** The first new leaf's index: the tree size before the append. */
  index: number;
  /** Consecutive leaves from `index` on. */
  leaves: AppendLeaf[];
}

/** A registry entry as the crawler keeps it between crawls. */
export interface RegistryEntry {
  name: string;
  version: string;
  status: string;
  published_at: string;
  updated_at?: string;
  /** `remotes[]` of server.json: transport type and URL. */
  remotes: { type: string; url: string }[];
}

/** Where an interrupted crawl resumes. */
export interface CrawlState {
  /** `registry`: paging the registry from `cursor`; `observe`: observing names after `after`. */
  phase: "registry" | "observe" | "done";
  cursor?: string;
  after?: string;
  /** `updated_since` of the registry pass in progress (absent: read everything). */
  since?: string;
  /** When the crawl in progress started (becomes the next `since` once it completes). */
  started_at: string;
  /** When the last crawl completed. */
  completed_at?: string;
}

export interface TlogStore {
  /** Most leaf bytes one atomic append may carry (the backend's transaction limit). */
  readonly maxBatchBytes: number;
  treeSize(): Promise<number>;
  /**
   * Atomic, conditional append of consecutive leaves (see above). False when the tree size is
   * no longer `batch.index`. Callers keep a batch within `maxBatchBytes`.
   */
  append(batch: AppendBatch): Promise<boolean>;
  /** The leaf at `index`, or null beyond the tree. */
  leaf(index: number): Promise<Uint8Array | null>;
  /** Leaves `[start, end)` in order. */
  leaves(start: number, end: number): AsyncIterable<{ index: number; leaf: Uint8Array }>;
  /** A complete-subtree hash, or null when that subtree is not complete. */
  node(level: number, index: number): Promise<Hash | null>;
  byName(name: string): Promise<IndexEntry[]>;
  byEndpoint(endpoint: string): Promise<IndexEntry[]>;
  /** Keeps a full tool set under its `tools_sha256` (idempotent); true when newly kept. */
  putToolSet(sha256: string, tools: unknown[]): Promise<boolean>;
  getToolSet(sha256: string): Promise<unknown[] | null>;
  getCrawlState(): Promise<CrawlState | null>;
  setCrawlState(state: CrawlState): Promise<void>;
  putRegistryEntry(entry: RegistryEntry): Promise<void>;
  getRegistryEntry(name: string): Promise<RegistryEntry | null>;
  /** Registry entries in name order, strictly after `after`. */
  registryEntries(after?: string): AsyncIterable<RegistryEntry>;
  /**
   * Stores a signed checkpoint for `size` (first one kept: signing is deterministic); true
   * when it was not stored yet.
   */
  putCheckpoint(size: number, note: string): Promise<boolean>;
  latestCheckpoint(): Promise<{ size: number; note: string } | null>;
  /** Every stored checkpoint, by size. */
  checkpoints(): AsyncIterable<{ size: number; note: string }>;
}
