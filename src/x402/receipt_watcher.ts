/**
 * Waits for transaction receipts by watching blocks, not by polling each transaction: one
 * `eth_blockNumber` per interval for all waiting settlements, and for each new block one
 * `eth_getBlockReceipts` (or, where an RPC lacks it, one receipt look-up per waiting hash).
 * With 64 settlements in flight that is a handful of RPC calls per block instead of 64 every
 * polling interval, and a receipt is seen within one interval of its block.
 *
 * @example
 * ```ts ignore
 * const watcher = new ReceiptWatcher(publicClient, { intervalMs: 100 });
 * const receipt = await watcher.wait(["0x…"], 60_000); // null on timeout
 * ```
 */
import type { Hex, PublicClient, TransactionReceipt } from "viem";

interface Waiter {
  hashes: Set<string>;
  resolve(r: TransactionReceipt | null): void;
  timer: ReturnType<typeof setTimeout>;
}

export class ReceiptWatcher {
  readonly #pub: PublicClient;
  readonly #intervalMs: number;
  readonly #waiters = new Set<Waiter>();
  #last: bigint | undefined;
  #loop: Promise<void> | undefined;
  #blockReceipts = true;
  /** The newest block number seen (fees are cached per block with it). */
  latest: bigint | undefined;

  constructor(pub: PublicClient, options: { intervalMs?: number } = {}) {
    this.#pub = pub;
    this.#intervalMs = options.intervalMs ?? 200;
  }

  /**
   * The receipt of the first of `hashes` to be mined, or null after `timeoutMs`. `hashes` may
   * grow while waiting (a replacement transaction is added to the same set).
   */
  wait(hashes: Hex[] | Set<string>, timeoutMs: number): Promise<TransactionReceipt | null> {
    const set = hashes instanceof Set ? hashes : new Set(hashes.map((h) => h.toLowerCase()));
    return new Promise((resolve) => {
      const waiter: Waiter = {
        hashes: set,
        resolve: (r) => {
          clearTimeout(waiter.timer);
          this.#waiters.delete(waiter);
          resolve(r);
        },
        timer: setTimeout(() => waiter.resolve(null), timeoutMs),
      };
      this.#waiters.add(waiter);
      // Mined before we started watching (an instant-mining chain): look once directly.
      this.#checkDirect([waiter]).catch(() => {});
      this.#loop ??= this.#run();
    });
  }

  async #run(): Promise<void> {
    try {
      while (this.#waiters.size > 0) {
        try {
          await this.#tick();
        } catch { /* a failed poll is retried on the next interval */ }
        if (this.#waiters.size === 0) break;
        await new Promise((r) => setTimeout(r, this.#intervalMs));
      }
    } finally {
      this.#loop = undefined;
      // A waiter added between the last check and clearing the loop still needs one.
      if (this.#waiters.size > 0) this.#loop = this.#run();
    }
  }

  async #tick(): Promise<void> {
    const head = await this.#pub.getBlockNumber({ cacheTime: 0 });
    this.latest = head;
    if (this.#last === undefined) {
      // First look: anything mined up to `head` is found by asking for each receipt (asked
      // after reading `head`); later ticks read only the blocks after it.
      await this.#checkDirect([...this.#waiters]);
      this.#last = head;
      return;
    }
    if (head <= this.#last) return;
    const from = this.#last + 1n;
    if (this.#blockReceipts && head - from < 32n) {
      for (let n = from; n <= head; n++) {
        const receipts = await this.#receiptsOf(n);
        if (receipts === null) break; // unsupported: fall back below
        this.#deliver(receipts);
      }
    }
    if (!this.#blockReceipts || head - from >= 32n) await this.#checkDirect([...this.#waiters]);
    this.#last = head;
  }

  async #receiptsOf(block: bigint): Promise<TransactionReceipt[] | null> {
    try {
      // deno-lint-ignore no-explicit-any
      const raw = await (this.#pub as any).request({
        method: "eth_getBlockReceipts",
        params: [`0x${block.toString(16)}`],
      }) as unknown[] | null;
      const { formatTransactionReceipt } = await import("viem");
      // deno-lint-ignore no-explicit-any
      return (raw ?? []).map((r) => formatTransactionReceipt(r as any));
    } catch (e) {
      if (/not supported|does not exist|not found|unknown method|-32601/i.test(String(e))) {
        this.#blockReceipts = false;
        return null;
      }
      throw e;
    }
  }

  #deliver(receipts: TransactionReceipt[]): void {
    for (const r of receipts) {
      const h = r.transactionHash.toLowerCase();
      for (const w of this.#waiters) if (w.hashes.has(h)) w.resolve(r);
    }
  }

  async #checkDirect(waiters: Waiter[]): Promise<void> {
    await Promise.all(waiters.flatMap((w) =>
      [...w.hashes].map(async (h) => {
        const r = await this.#pub.getTransactionReceipt({ hash: h as Hex }).catch(() => null);
        if (r) w.resolve(r);
      })
    ));
  }
}
