/**
 * The Deno KV backend's `Store` (moved to src/store/kv/kv.ts); re-exported here so code written
 * against `../store/kv.ts` keeps compiling.
 */
export { Store, type WriteOptions } from "./kv/kv.ts";
export { StoreError } from "./types.ts";
