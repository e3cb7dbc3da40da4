/**
 * The EVM chain watcher: polls `eth_getLogs` for USDC `Transfer`s to `PAY_TO_EVM` in bounded
 * block ranges, reports each with the key `chainId:txHash:logIndex`, and re-checks every
 * credited payment's block hash until its block is at or below the `safe` block (3 blocks
 * behind the head where a chain has no `safe` tag). Blocks above `safe` are scanned again on
 * every poll, so a transfer re-mined into another block after a reorganisation is found again.
 * A transfer of exactly a multiple of 10000 units is looked up in its receipt for an
 * `AuthorizationUsed` event (an EIP-3009 payment, attributed by its nonce).
 *
 * Any RPC failure throws out of `poll` before anything is reported wrongly; the caller retries
 * with backoff. `caughtUpAt` advances only when a poll reached the head.
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import type { ShopStore } from "../store.ts";
import type { PaymentSink, PaymentWatcher, PollResult } from "../watcher.ts";
import type { Rpc } from "./rpc.ts";

const enc = new TextEncoder();
function topic(sig: string): string {
  return "0x" + Array.from(keccak_256(enc.encode(sig)), (b) => b.toString(16).padStart(2, "0"))
    .join("");
}
export const TRANSFER_TOPIC = topic("Transfer(address,address,uint256)");
export const AUTHORIZATION_USED_TOPIC = topic("AuthorizationUsed(address,bytes32)");

/** Chains without a `safe` tag count a block final this many blocks below the head. */
export const FALLBACK_CONFIRMATIONS = 3;

interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
}

interface RpcBlock {
  number: string;
  hash: string;
  timestamp: string;
}

export interface EvmWatcherOptions {
  rpc: Rpc;
  store: ShopStore;
  sink: PaymentSink;
  /** CAIP-2, e.g. `eip155:8453`. */
  chain: string;
  chainId: number;
  token: string;
  payTo: string;
  /** Largest `eth_getLogs` range (blocks). */
  maxRange?: number;
  now?: () => number;
}

function addrTopic(a: string): string {
  return "0x" + a.toLowerCase().replace(/^0x/, "").padStart(64, "0");
}
const hexNum = (h: string) => Number(BigInt(h));

export class EvmWatcher implements PaymentWatcher {
  readonly chain: string;
  readonly #o: EvmWatcherOptions;
  readonly #now: () => number;
  /** Whether the chain answers the `safe` tag (learnt on first use). */
  #safeTag: boolean | undefined;

  constructor(o: EvmWatcherOptions) {
    this.#o = o;
    this.chain = o.chain;
    this.#now = o.now ?? Date.now;
  }

  async caughtUpAt(): Promise<number> {
    return (await this.#o.store.getCursor(this.chain))?.caught_up_at ?? 0;
  }

  async #safeBlock(head: number): Promise<number> {
    if (this.#safeTag !== false) {
      try {
        const b = await this.#o.rpc.call<RpcBlock | null>("eth_getBlockByNumber", ["safe", false]);
        if (b) {
          this.#safeTag = true;
          return hexNum(b.number);
        }
      } catch (err) {
        // Only an explicit "unknown tag" answer means the chain has none; anything else is a
        // failure of this poll.
        if (this.#safeTag === true || !/safe|tag|invalid|unknown|support/i.test(String(err))) {
          throw err;
        }
      }
      this.#safeTag = false;
    }
    return Math.max(0, head - FALLBACK_CONFIRMATIONS);
  }

  async poll(): Promise<PollResult> {
    const started = this.#now();
    const { rpc, store, sink } = this.#o;
    const head = hexNum(await rpc.call<string>("eth_blockNumber", []));
    const safe = await this.#safeBlock(head);
    // 1. Credited payments not final yet: still in the block we saw them in?
    for (const p of await sink.tracked(this.chain)) {
      const b = await rpc.call<RpcBlock | null>("eth_getBlockByNumber", [
        "0x" + p.block.toString(16),
        false,
      ]);
      if (!b && p.block > head) continue; // a lagging RPC node: look again next time
      if (!b || b.hash.toLowerCase() !== p.blockHash.toLowerCase()) {
        // Reorganised out (a re-mined copy is found again by the scan below, with its new key).
        await sink.drop(this.chain, p.key);
      } else if (p.block <= safe) {
        await sink.confirm(this.chain, p.key);
      }
    }
    // 2. Scan from the first unsafe block (or the cursor, if behind) to the head.
    const cursor = await store.getCursor(this.chain);
    let from = Math.min(cursor ? cursor.next_block : head, safe + 1);
    let transfers = 0;
    let scanned = 0;
    const range = this.#o.maxRange ?? 2_000;
    while (from <= head) {
      const to = Math.min(head, from + range - 1);
      transfers += await this.#scan(from, to);
      scanned += to - from + 1;
      from = to + 1;
      // Progress is kept per range, so a long catch-up resumes where it stopped.
      const reached = from > head;
      await store.setCursor(this.chain, {
        next_block: from,
        caught_up_at: reached ? started : (cursor?.caught_up_at ?? 0),
      });
    }
    if (scanned === 0) {
      await store.setCursor(this.chain, { next_block: head + 1, caught_up_at: started });
    }
    return { scanned, transfers, head };
  }

  async #scan(from: number, to: number): Promise<number> {
    const { rpc, sink, token, payTo, chainId } = this.#o;
    const logs = await rpc.call<RpcLog[]>("eth_getLogs", [{
      address: token,
      fromBlock: "0x" + from.toString(16),
      toBlock: "0x" + to.toString(16),
      topics: [TRANSFER_TOPIC, null, addrTopic(payTo)],
    }]);
    let n = 0;
    for (const log of logs) {
      if (log.removed || log.topics.length < 3) continue;
      const payer = "0x" + log.topics[1]!.slice(26);
      const units = BigInt(log.data === "0x" ? "0" : log.data);
      let authNonce: string | undefined;
      if (units > 0n && units % 10_000n === 0n) {
        authNonce = await this.#authNonce(log.transactionHash, payer);
      }
      await sink.observe({
        chain: this.chain,
        key: `${chainId}:${log.transactionHash.toLowerCase()}:${hexNum(log.logIndex)}`,
        ref: log.transactionHash.toLowerCase(),
        payer,
        units: units.toString(),
        block: hexNum(log.blockNumber),
        blockHash: log.blockHash.toLowerCase(),
        authNonce,
      });
      n++;
    }
    return n;
  }

  /** The nonce of an `AuthorizationUsed` by `payer` in the transaction, if any. */
  async #authNonce(tx: string, payer: string): Promise<string | undefined> {
    const receipt = await this.#o.rpc.call<{ logs: RpcLog[] } | null>(
      "eth_getTransactionReceipt",
      [tx],
    );
    for (const l of receipt?.logs ?? []) {
      if (
        l.address.toLowerCase() === this.#o.token.toLowerCase() &&
        l.topics[0] === AUTHORIZATION_USED_TOPIC &&
        l.topics[1]?.toLowerCase() === addrTopic(payer)
      ) return l.topics[2]!.toLowerCase();
    }
    return undefined;
  }
}
