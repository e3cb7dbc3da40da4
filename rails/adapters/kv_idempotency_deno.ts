/**
 * Deno-only, not in the Node SDK: the Deno KV `IdempotencyStore` now lives with the store's KV
 * backend (src/store/kv/idempotency.ts); re-exported for code that imports it from here.
 */
export { KvIdempotencyStore } from "../../src/store/kv/idempotency.ts";
