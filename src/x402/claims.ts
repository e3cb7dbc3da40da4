/**
 * Replay protection: a payment's `(from, nonce)` is claimed atomically in the store before the
 * handler runs, so one authorization buys at most one answer even when copies arrive at once,
 * on one node or many (DESIGN.md §9, §13). The store interface and the records are in
 * src/store/types.ts; the backends in src/store/kv/claims.ts and src/store/postgres/claims.ts.
 *
 * States: `pending` (handler running) → released (deleted, on 400/502) or `settling` (sent to
 * the chain, outcome unknown) → `settled`.
 */
export type { Claim, ClaimRecord, ClaimRequest, ClaimResult, ClaimStore } from "../store/types.ts";
