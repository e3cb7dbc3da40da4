/**
 * Deno-only: the reference receiver's Deno KV store now lives with the store's KV backend
 * (src/store/kv/receiver.ts); re-exported for code that imports it from here.
 */
export { KvReceiverStore } from "../../src/store/kv/receiver.ts";
