/**
 * Opens the node's store from its configuration: PostgreSQL when `STORE_URL` is set (schema
 * migrated, retried for up to 10 s at start, DESIGN.md §13), otherwise the Deno KV file at
 * `KV_PATH`. With `STORE_URL` set, `KV_PATH` is not opened.
 *
 * @example
 * ```ts
 * import { openStore } from "./open.ts";
 * const store = await openStore({ kvPath: ":memory:" });
 * store.backend; // "kv"
 * await store.close();
 * ```
 */
import { type DataStore, StoreError } from "./types.ts";
import { Store } from "./kv/kv.ts";

export interface StoreSettings {
  kvPath: string;
  storeUrl?: string;
}

export interface OpenOptions {
  /** How long an unreachable database is retried at start (default 10 s). */
  retryMs?: number;
}

export async function openStore(s: StoreSettings, options: OpenOptions = {}): Promise<DataStore> {
  if (!s.storeUrl) return await Store.open(s.kvPath);
  const { openPostgresStore } = await import("./postgres/pg_store.ts");
  return await openPostgresStore(s.storeUrl, { retryMs: options.retryMs ?? 10_000 });
}

/** What every node sharing a store must agree on (DESIGN.md §13). */
export interface NodeIdentity {
  /** Variable → the public key id or fingerprint derived from its contents. */
  [variable: string]: string;
}

/**
 * Records the node's key ids at first start and refuses (StoreError naming the variable) when
 * this node's differ from what the store holds.
 */
export async function checkNodeIdentity(store: DataStore, identity: NodeIdentity): Promise<void> {
  for (const [variable, value] of Object.entries(identity)) {
    const stored = await store.meta.claim(`key:${variable}`, value);
    if (stored !== value) {
      throw new StoreError(
        `${variable} differs from the one the other nodes on this store use ` +
          `(store has ${stored}, this node has ${value}); every node needs the same ${variable}`,
      );
    }
  }
}

/** A fingerprint of a secret that can be stored without revealing it. */
export async function secretFingerprint(secret: string): Promise<string> {
  const data = new TextEncoder().encode(`esim-rails node secret fingerprint\0${secret}`);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return "sha256:" + [...hash.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
