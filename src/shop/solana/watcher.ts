/**
 * The Solana watcher (DESIGN.md §14): for every open `solana:usdc` order, asks
 * `getSignaturesForAddress(<the order's reference>)` at `finalized`, then `getTransaction`
 * (`jsonParsed`, `maxSupportedTransactionVersion: 0`) for each new signature, and credits the
 * change of the shop's USDC token balance in that transaction (`pre/postTokenBalances` entries
 * of the USDC mint owned by `PAY_TO_SOLANA`), not the amount of any transfer instruction. A
 * failed transaction (`meta.err`) or one that does not raise the shop's balance credits
 * nothing. The signature keys the payment (`solana:<signature>`); the reference attributes it.
 *
 * Everything is read at `finalized`, so a payment is final when reported. Any RPC failure
 * throws out of `poll`; the shop's loop retries with backoff.
 */
import { type Rpc, RpcError } from "../evm/rpc.ts";
import type { ShopStore } from "../store.ts";
import type { PaymentSink, PaymentWatcher, PollResult } from "../watcher.ts";
import { openForPayment } from "../types.ts";

const PAGE = 1000;
const MAX_PAGES = 10;
/** The RPC's answer for a transaction newer than `maxSupportedTransactionVersion`. */
const UNSUPPORTED_VERSION = -32015;

interface SignatureInfo {
  signature: string;
  slot: number;
  err: unknown;
  memo: string | null;
  blockTime: number | null;
  confirmationStatus?: string | null;
}

interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string; decimals: number };
}

interface ParsedTransaction {
  slot: number;
  blockTime: number | null;
  version?: number | "legacy";
  meta: {
    err: unknown;
    preTokenBalances?: TokenBalance[] | null;
    postTokenBalances?: TokenBalance[] | null;
  } | null;
  transaction: {
    signatures: string[];
    message: { accountKeys: { pubkey: string; signer: boolean; writable: boolean }[] };
  };
}

export interface SolanaWatcherOptions {
  rpc: Rpc;
  store: ShopStore;
  sink: PaymentSink;
  /** CAIP-2 `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  chain: string;
  mint: string;
  payTo: string;
  now?: () => number;
  log?: (line: string) => void;
}

export class SolanaWatcher implements PaymentWatcher {
  readonly chain: string;
  readonly #o: SolanaWatcherOptions;
  readonly #now: () => number;

  constructor(o: SolanaWatcherOptions) {
    this.#o = o;
    this.chain = o.chain;
    this.#now = o.now ?? Date.now;
  }

  async caughtUpAt(): Promise<number> {
    return (await this.#o.store.getCursor(this.chain))?.caught_up_at ?? 0;
  }

  async poll(): Promise<PollResult> {
    const started = this.#now();
    const { store, sink } = this.#o;
    for (const p of await sink.tracked(this.chain)) await sink.confirm(this.chain, p.key);
    let transfers = 0;
    let head = 0;
    for (const id of await store.unfinishedIds()) {
      const o = (await store.get(id))?.order;
      if (!o || o.chain !== this.chain || !o.reference || !openForPayment(o.state)) continue;
      for (const sig of await this.#signatures(o.reference)) {
        head = Math.max(head, sig.slot);
        if (sig.err !== null || (await store.creditedTo(`solana:${sig.signature}`))) continue;
        if (await this.#report(sig.signature, o.reference)) transfers++;
      }
    }
    await store.setCursor(this.chain, { next_block: head, caught_up_at: started });
    return { scanned: 1, transfers, head };
  }

  /** Finalized signatures that mention `reference`, oldest first (every page). */
  async #signatures(reference: string): Promise<SignatureInfo[]> {
    const all: SignatureInfo[] = [];
    let before: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const list = await this.#o.rpc.call<SignatureInfo[]>("getSignaturesForAddress", [
        reference,
        { commitment: "finalized", limit: PAGE, ...(before ? { before } : {}) },
      ]);
      if (!Array.isArray(list)) throw new RpcError("getSignaturesForAddress: unexpected shape");
      all.push(
        ...list.filter((s) => typeof s?.signature === "string" && Number.isSafeInteger(s.slot)),
      );
      if (list.length < PAGE) break;
      before = list[list.length - 1]!.signature;
    }
    return all.reverse();
  }

  /** Credits the transaction if it raised the shop's USDC balance; true when reported. */
  async #report(signature: string, reference: string): Promise<boolean> {
    const { rpc, sink, mint, payTo } = this.#o;
    let tx: ParsedTransaction | null;
    try {
      tx = await rpc.call<ParsedTransaction | null>("getTransaction", [signature, {
        encoding: "jsonParsed",
        commitment: "finalized",
        maxSupportedTransactionVersion: 0,
      }]);
    } catch (err) {
      if (err instanceof RpcError && err.code === UNSUPPORTED_VERSION) {
        this.#o.log?.(`solana ${signature}: transaction version not supported, not credited`);
        return false;
      }
      throw err;
    }
    if (!tx) return false; // not finalized on this node yet: next poll
    if (!tx.meta || !tx.transaction?.message?.accountKeys) {
      throw new RpcError("getTransaction: unexpected shape");
    }
    if (tx.meta.err !== null && tx.meta.err !== undefined) return false;
    const keys = tx.transaction.message.accountKeys;
    if (!keys.some((k) => k.pubkey === reference)) return false;
    const shop = (b: TokenBalance) => b.mint === mint && b.owner === payTo;
    const pre = new Map<number, bigint>();
    for (const b of tx.meta.preTokenBalances ?? []) {
      if (shop(b)) pre.set(b.accountIndex, BigInt(b.uiTokenAmount.amount));
    }
    let delta = 0n;
    for (const b of tx.meta.postTokenBalances ?? []) {
      if (!shop(b) || !/^\d+$/.test(b.uiTokenAmount.amount)) continue;
      delta += BigInt(b.uiTokenAmount.amount) - (pre.get(b.accountIndex) ?? 0n);
    }
    if (delta <= 0n) return false;
    const key = `solana:${signature}`;
    await sink.observe({
      chain: this.chain,
      key,
      ref: signature,
      payer: keys.find((k) => k.signer)?.pubkey ?? "",
      units: delta.toString(),
      block: tx.slot,
      blockHash: "",
      memo: reference,
      at: tx.blockTime ? tx.blockTime * 1000 : undefined,
    });
    await sink.confirm(this.chain, key);
    return true;
  }
}
