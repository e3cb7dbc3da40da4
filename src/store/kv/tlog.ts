/**
 * The transparency log's storage (src/tlog/store.ts) on Deno KV. Every Deno KV call of the log
 * lives here. Values are at most 64 KiB in KV, so leaves and tool sets are stored in chunks;
 * an append is one atomic operation guarded by the tree size's versionstamp.
 *
 * @example
 * ```ts
 * import { Store } from "../kv.ts";
 * import { KvTlogStore } from "./tlog.ts";
 * const store = await Store.open(":memory:");
 * await new KvTlogStore(store).treeSize(); // 0
 * store.close();
 * ```
 */
import type { Store } from "../kv.ts";
import type {
  AppendBatch,
  CrawlState,
  IndexEntry,
  RegistryEntry,
  TlogStore,
} from "../../tlog/store.ts";

const P = "tlog";
const CHUNK = 60_000;
const SIZE: Deno.KvKey = [P, "size"];

function chunks(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) out.push(bytes.slice(i, i + CHUNK));
  return out.length ? out : [new Uint8Array(0)];
}

function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export class KvTlogStore implements TlogStore {
  /** KV allows 800 KB per atomic operation; leave room for keys, nodes and index entries. */
  readonly maxBatchBytes = 480_000;
  readonly #kv: Deno.Kv;

  constructor(store: Store) {
    this.#kv = store.kv;
  }

  async treeSize(): Promise<number> {
    return Number((await this.#kv.get<number>(SIZE)).value ?? 0);
  }

  async append(batch: AppendBatch): Promise<boolean> {
    const current = await this.#kv.get<number>(SIZE);
    if (Number(current.value ?? 0) !== batch.index) return false;
    const op = this.#kv.atomic().check({ key: SIZE, versionstamp: current.versionstamp });
    batch.leaves.forEach((l, k) => {
      const index = batch.index + k;
      chunks(l.leaf).forEach((c, i) => op.set([P, "leaf", index, i], c));
      for (const n of l.nodes) op.set([P, "node", n.level, n.index], n.hash);
      const e = l.entry;
      if (e.name !== undefined) op.set([P, "by_name", e.name, index], e);
      if (e.endpoint !== undefined) op.set([P, "by_endpoint", e.endpoint, index], e);
    });
    op.set(SIZE, batch.index + batch.leaves.length);
    return (await op.commit()).ok;
  }

  async leaf(index: number): Promise<Uint8Array | null> {
    const parts: Uint8Array[] = [];
    for await (const e of this.#kv.list<Uint8Array>({ prefix: [P, "leaf", index] })) {
      parts.push(e.value);
    }
    return parts.length ? join(parts) : null;
  }

  async *leaves(start: number, end: number) {
    let cur = -1;
    let parts: Uint8Array[] = [];
    const it = this.#kv.list<Uint8Array>({ start: [P, "leaf", start], end: [P, "leaf", end] }, {
      batchSize: 500,
    });
    for await (const e of it) {
      const i = e.key[2] as number;
      if (i !== cur && parts.length) {
        yield { index: cur, leaf: join(parts) };
        parts = [];
      }
      cur = i;
      parts.push(e.value);
    }
    if (parts.length) yield { index: cur, leaf: join(parts) };
  }

  async node(level: number, index: number): Promise<Uint8Array | null> {
    return (await this.#kv.get<Uint8Array>([P, "node", level, index])).value;
  }

  async #index(kind: string, key: string): Promise<IndexEntry[]> {
    const out: IndexEntry[] = [];
    for await (
      const e of this.#kv.list<IndexEntry>({ prefix: [P, kind, key] }, { batchSize: 500 })
    ) out.push(e.value);
    return out;
  }

  byName(name: string): Promise<IndexEntry[]> {
    return this.#index("by_name", name);
  }

  byEndpoint(endpoint: string): Promise<IndexEntry[]> {
    return this.#index("by_endpoint", endpoint);
  }

  async putToolSet(sha256: string, tools: unknown[]): Promise<boolean> {
    if ((await this.#kv.get([P, "toolset_n", sha256])).value !== null) return false;
    const parts = chunks(new TextEncoder().encode(JSON.stringify(tools)));
    // Chunks first, the count last: a reader sees a tool set only once it is whole.
    for (let i = 0; i < parts.length; i += 10) {
      const op = this.#kv.atomic();
      parts.slice(i, i + 10).forEach((c, j) => op.set([P, "toolset", sha256, i + j], c));
      await op.commit();
    }
    const n: Deno.KvKey = [P, "toolset_n", sha256];
    return (await this.#kv.atomic().check({ key: n, versionstamp: null }).set(n, parts.length)
      .commit()).ok;
  }

  async getToolSet(sha256: string): Promise<unknown[] | null> {
    const n = (await this.#kv.get<number>([P, "toolset_n", sha256])).value;
    if (n === null) return null;
    const parts: Uint8Array[] = [];
    for await (const e of this.#kv.list<Uint8Array>({ prefix: [P, "toolset", sha256] })) {
      parts.push(e.value);
    }
    return JSON.parse(new TextDecoder().decode(join(parts.slice(0, n))));
  }

  async getCrawlState(): Promise<CrawlState | null> {
    return (await this.#kv.get<CrawlState>([P, "crawl"])).value;
  }

  async setCrawlState(state: CrawlState): Promise<void> {
    await this.#kv.set([P, "crawl"], state);
  }

  async putRegistryEntry(entry: RegistryEntry): Promise<void> {
    await this.#kv.set([P, "registry", entry.name], entry);
  }

  async getRegistryEntry(name: string): Promise<RegistryEntry | null> {
    return (await this.#kv.get<RegistryEntry>([P, "registry", name])).value;
  }

  async *registryEntries(after?: string) {
    const sel: Deno.KvListSelector = after === undefined
      ? { prefix: [P, "registry"] }
      : { prefix: [P, "registry"], start: [P, "registry", after + "\0"] };
    for await (const e of this.#kv.list<RegistryEntry>(sel)) yield e.value;
  }

  async putCheckpoint(size: number, note: string): Promise<boolean> {
    const key = [P, "checkpoint", size];
    return (await this.#kv.atomic().check({ key, versionstamp: null }).set(key, note).commit()).ok;
  }

  async latestCheckpoint(): Promise<{ size: number; note: string } | null> {
    for await (
      const e of this.#kv.list<string>({ prefix: [P, "checkpoint"] }, { reverse: true, limit: 1 })
    ) {
      return { size: e.key[2] as number, note: e.value };
    }
    return null;
  }

  async *checkpoints() {
    for await (const e of this.#kv.list<string>({ prefix: [P, "checkpoint"] })) {
      yield { size: e.key[2] as number, note: e.value };
    }
  }
}
