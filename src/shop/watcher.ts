/**
 * What a chain watcher reports and to whom. A watcher (EVM now; TON, TRON, Solana later) finds
 * transfers to the shop, reports each with its idempotency key, re-checks them until they reach
 * its chain's finality, and reports a payment that a reorganisation removed. The TON, TRON and
 * Solana watchers read only final data (committed, confirmed, finalized) and confirm at once. The order logic
 * (`ShopService`) is the sink and knows nothing about any chain.
 */

/** A transfer to the shop as seen on a chain. */
export interface ObservedTransfer {
  /** CAIP-2 chain id. */
  chain: string;
  /** Idempotency key: `chainId:txHash:logIndex` on EVM. */
  key: string;
  /** Transaction hash. */
  ref: string;
  payer: string;
  /** 6-decimal units. */
  units: string;
  block: number;
  blockHash: string;
  /** The EIP-3009 nonce, when the transfer came through `transferWithAuthorization`. */
  authNonce?: string;
  /**
   * What names the order on chains that attribute by it: the TON text comment, or a Solana Pay
   * reference key found in the transaction. Such a transfer is never attributed by amount.
   */
  memo?: string;
  /** Chain time of the transfer (ms); a transfer older than an order never pays it. */
  at?: number;
}

/** A credited payment that has not reached finality yet. */
export interface TrackedPayment {
  key: string;
  ref: string;
  block: number;
  blockHash: string;
}

export interface PaymentSink {
  /** A transfer was seen (possibly again): attribute and credit it once. */
  observe(t: ObservedTransfer): Promise<void>;
  /** The payment reached finality on its chain. */
  confirm(chain: string, key: string): Promise<void>;
  /** The payment is gone (reorganised out): un-credit it. */
  drop(chain: string, key: string): Promise<void>;
  /** Credited payments on `chain` not final yet. */
  tracked(chain: string): Promise<TrackedPayment[]>;
}

export interface PollResult {
  /** Blocks scanned in this poll. */
  scanned: number;
  /** Transfers reported. */
  transfers: number;
  /** The head the poll reached. */
  head: number;
}

export interface PaymentWatcher {
  /** CAIP-2 chain id. */
  readonly chain: string;
  /** One pass: re-check tracked payments, scan new blocks. Throws on RPC failure. */
  poll(): Promise<PollResult>;
  /** Wall time (ms) of the last poll that reached the head; 0 before. */
  caughtUpAt(): Promise<number>;
}

/** Adds to a bounded memo of work done (past 10,000 entries it starts over: a re-read, no harm). */
export function remember(set: Set<string>, key: string): void {
  if (set.size >= 10_000) set.clear();
  set.add(key);
}
