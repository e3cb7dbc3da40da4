/**
 * Sends the facilitator's transactions with a local nonce counter, so concurrent settlements
 * never race for the account's nonce and only the broadcast itself is serialised (gas
 * estimation and fee look-ups run beside it). Fees are looked up once per block. A transaction
 * still unmined after `replaceAfterMs` is replaced: same nonce, same call, fees raised by
 * `bumpPercent` (nodes require at least 10 %), so a fee spike never leaves a payment stuck.
 *
 * Money safety: a replacement carries the same call, so at most one of the two can ever be
 * mined; the caller accepts whichever receipt appears. When a broadcast fails with an error
 * that says the nonce is stale (another process shares the key, or a crash lost the counter),
 * the counter is re-read from the chain's pending count and the send retried: a transaction
 * that a node refused for its nonce was never accepted, so this cannot send a payment twice.
 */
import type { Hex, PublicClient } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";

export interface SentTx {
  nonce: number;
  /** Every hash broadcast for this nonce, oldest first. */
  hashes: Hex[];
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface TxSenderOptions {
  /** Raise fees and re-send after this long without a receipt (default 20 s). */
  replaceAfterMs?: number;
  /** Fee increase of each replacement, in percent (default 25; nodes need ≥ 10). */
  bumpPercent?: number;
  /** At most this many replacements per transaction (default 3). */
  maxReplacements?: number;
}

/**
 * A broadcast refused because the nonce is taken (nothing was sent): "nonce too low" (another
 * transaction with it is mined), "replacement transaction underpriced" (another one with it is
 * pooled: another process shares the key).
 */
const STALE_NONCE =
  /nonce too low|nonce has already been used|nonce is too low|already imported|replacement transaction underpriced/i;
/** The same, for a fee-bumped replacement of our own transaction: only "already mined" counts. */
const MINED_NONCE = /nonce too low|nonce has already been used|nonce is too low|already imported/i;
const ALREADY_KNOWN = /already known|known transaction/i;

export class TxSender {
  readonly #pub: PublicClient;
  readonly #account: PrivateKeyAccount;
  readonly #chainId: number;
  #nonce: number | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #fees: { block: bigint; at: number; value: Promise<{ max: bigint; tip: bigint }> } | undefined;
  readonly options: Required<TxSenderOptions>;

  constructor(
    pub: PublicClient,
    account: PrivateKeyAccount,
    chainId: number,
    options: TxSenderOptions = {},
  ) {
    this.#pub = pub;
    this.#account = account;
    this.#chainId = chainId;
    this.options = {
      replaceAfterMs: options.replaceAfterMs ?? 20_000,
      bumpPercent: options.bumpPercent ?? 25,
      maxReplacements: options.maxReplacements ?? 3,
    };
  }

  /** EIP-1559 fees for the next block, cached per block (`latestBlock` from the watcher). */
  fees(latestBlock?: bigint): Promise<{ max: bigint; tip: bigint }> {
    const now = Date.now();
    const f = this.#fees;
    const fresh = f && (latestBlock !== undefined ? f.block === latestBlock : now - f.at < 1000);
    if (fresh) return f.value;
    const value = this.#pub.estimateFeesPerGas().then((x) => ({
      max: x.maxFeePerGas,
      tip: x.maxPriorityFeePerGas,
    }));
    value.catch(() => {
      if (this.#fees?.value === value) this.#fees = undefined;
    });
    this.#fees = { block: latestBlock ?? -1n, at: now, value };
    return value;
  }

  /** Signs and broadcasts a call to `to` with a fresh nonce. Throws when the node refuses it. */
  async send(
    call: { to: Hex; data: Hex; gas: bigint },
    latestBlock?: bigint,
  ): Promise<SentTx> {
    const fees = await this.fees(latestBlock);
    return await this.#serial(async () => {
      for (let attempt = 0;; attempt++) {
        const nonce = this.#nonce ?? await this.#pendingNonce();
        try {
          const hash = await this.#broadcast(call, nonce, fees.max, fees.tip);
          this.#nonce = nonce + 1;
          return { nonce, hashes: [hash], maxFeePerGas: fees.max, maxPriorityFeePerGas: fees.tip };
        } catch (e) {
          // Whatever happened, the next send asks the chain: a timed-out broadcast may have
          // been accepted, and a stale counter must not be reused.
          this.#nonce = undefined;
          if (attempt < 3 && STALE_NONCE.test(messageOf(e))) continue;
          throw e;
        }
      }
    });
  }

  /**
   * Re-sends `tx`'s call with the same nonce and raised fees. Returns false when the node says
   * the nonce is already used (the earlier transaction was mined: nothing to replace).
   */
  async replace(tx: SentTx, call: { to: Hex; data: Hex; gas: bigint }): Promise<boolean> {
    const bump = (x: bigint) => x + (x * BigInt(this.options.bumpPercent) + 99n) / 100n;
    const current = await this.fees().catch(() => ({ max: 0n, tip: 0n }));
    const max = maxOf(bump(tx.maxFeePerGas), current.max);
    const tip = maxOf(bump(tx.maxPriorityFeePerGas), current.tip);
    try {
      const hash = await this.#serial(() => this.#broadcast(call, tx.nonce, max, tip));
      tx.hashes.push(hash);
      tx.maxFeePerGas = max;
      tx.maxPriorityFeePerGas = tip;
      return true;
    } catch (e) {
      if (MINED_NONCE.test(messageOf(e))) return false;
      throw e;
    }
  }

  async #broadcast(
    call: { to: Hex; data: Hex; gas: bigint },
    nonce: number,
    maxFeePerGas: bigint,
    maxPriorityFeePerGas: bigint,
  ): Promise<Hex> {
    const serialized = await this.#account.signTransaction({
      type: "eip1559",
      chainId: this.#chainId,
      to: call.to,
      data: call.data,
      gas: call.gas,
      nonce,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    try {
      return await this.#pub.sendRawTransaction({ serializedTransaction: serialized });
    } catch (e) {
      // The node already holds exactly this transaction (a retried broadcast): it is sent.
      if (ALREADY_KNOWN.test(messageOf(e))) {
        const { keccak256 } = await import("viem");
        return keccak256(serialized);
      }
      throw e;
    }
  }

  async #pendingNonce(): Promise<number> {
    return await this.#pub.getTransactionCount({
      address: this.#account.address,
      blockTag: "pending",
    });
  }

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(fn, fn);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function messageOf(e: unknown): string {
  if (e && typeof e === "object") {
    const parts: string[] = [];
    let cur: unknown = e;
    for (let i = 0; i < 6 && cur && typeof cur === "object"; i++) {
      const m = cur as { details?: unknown; message?: unknown };
      parts.push(String(m.details ?? ""), String(m.message ?? ""));
      cur = (cur as { cause?: unknown }).cause;
    }
    return parts.join(" ");
  }
  return String(e);
}
