/**
 * The Solana watcher (DESIGN.md §14): for every open `solana:usdc` order, asks
 * `getSignaturesForAddress(<the order's reference>)` at `finalized`, then `getTransaction`
 * (`jsonParsed`, `maxSupportedTransactionVersion: 0`) for each new signature, and credits the
 * change of the shop's USDC token balance in that transaction (`pre/postTokenBalances` entries
 * of the USDC mint owned by `PAY_TO_SOLANA`), not the amount of any transfer instruction. A
 * failed transaction (`meta.err`) or one that does not raise the shop's balance credits
 * nothing. The signature keys the payment (`solana:<signature>`); the reference attributes it.
 *
 * The shop's USDC associated token account is scanned the same way since the last poll, so a
 * payment to an order that has expired (paid late) or one without any reference (kept for the
 * operator) is found too; an order reference among a transaction's read-only keys attributes it.
 *
 * Everything is read at `finalized`, so a payment is final when reported. Any RPC failure
 * throws out of `poll`; the shop's loop retries with backoff.
 */
import { type Rpc, RpcError } from "../evm/rpc.ts";
import type { ShopStore } from "../store.ts";
import { type PaymentSink, type PaymentWatcher, type PollResult, remember } from "../watcher.ts";
import { openForPayment } from "../types.ts";
import { associatedTokenAccount } from "./ata.ts";

const PAGE = 1000;
/** The first scan of the shop's account looks back this far (open 24 h, paid late 3 days). */
const FIRST_LOOKBACK_S = 4 * 24 * 3600;
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
  /** The shop's USDC associated token account. */
  readonly #account: string;
  /** Transactions of a version above 0 (logged once; never credited). */
  readonly #unsupported = new Set<string>();
  /** Finalized transactions already judged (paying the shop or not): read once per process. */
  readonly #judged = new Set<string>();

  constructor(o: SolanaWatcherOptions) {
    this.#o = o;
    this.chain = o.chain;
    this.#now = o.now ?? Date.now;
    this.#account = associatedTokenAccount(o.payTo, o.mint);
  }

  async caughtUpAt(): Promise<number> {
    return (await this.#o.store.getCursor(this.chain))?.caught_up_at ?? 0;
  }

  async poll(): Promise<PollResult> {
    const started = this.#now();
    const { store, sink } = this.#o;
    for (const p of await sink.tracked(this.chain)) await sink.confirm(this.chain, p.key);
    let transfers = 0;
    // 1. Each open order's reference (the Solana Pay way).
    for (const id of await store.unfinishedIds()) {
      const o = (await store.get(id))?.order;
      if (!o || o.chain !== this.chain || !o.reference || !openForPayment(o.state)) continue;
      for (const sig of (await this.#signatures(o.reference, 0)).reverse()) {
        if (sig.err !== null || (await store.creditedTo(`solana:${sig.signature}`))) continue;
        if (await this.#report(sig.signature, o.reference)) transfers++;
      }
    }
    // 2. The shop's USDC account since the last poll: payments to expired orders (paid late)
    // and payments without a reference (kept for the operator).
    const cursor = await store.getCursor(this.chain);
    const since = cursor?.next_block ?? 0;
    const notBefore = cursor ? 0 : Math.floor(started / 1000) - FIRST_LOOKBACK_S;
    const recent = await this.#signatures(this.#account, since, notBefore);
    let head = since;
    let held = false;
    for (const sig of recent.reverse()) {
      if (sig.err === null && !(await store.creditedTo(`solana:${sig.signature}`))) {
        const r = await this.#report(sig.signature, null);
        if (r === null) held = true; // not served yet by this node: the cursor waits for it
        if (r) transfers++;
      }
      if (!held) head = Math.max(head, sig.slot);
    }
    await store.setCursor(this.chain, { next_block: head, caught_up_at: started });
    return { scanned: 1, transfers, head };
  }

  /**
   * Finalized signatures that mention `address`, newest first, down to slot `sinceSlot`
   * (excluded) and block time `notBefore` (seconds), every page.
   */
  async #signatures(address: string, sinceSlot: number, notBefore = 0): Promise<SignatureInfo[]> {
    const all: SignatureInfo[] = [];
    let before: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const list = await this.#o.rpc.call<SignatureInfo[]>("getSignaturesForAddress", [
        address,
        { commitment: "finalized", limit: PAGE, ...(before ? { before } : {}) },
      ]);
      if (!Array.isArray(list)) throw new RpcError("getSignaturesForAddress: unexpected shape");
      for (const s of list) {
        if (typeof s?.signature !== "string" || !Number.isSafeInteger(s.slot)) continue;
        if (s.slot <= sinceSlot || (notBefore && s.blockTime && s.blockTime < notBefore)) {
          return all;
        }
        all.push(s);
      }
      if (list.length < PAGE) break;
      before = list[list.length - 1]!.signature;
    }
    return all;
  }

  /**
   * Credits the transaction if it raised the shop's USDC balance: true when reported, false when
   * it pays nothing, null when the node does not serve it yet. Without a known `reference`, an
   * order reference among its read-only keys attributes it.
   */
  async #report(signature: string, known: string | null): Promise<boolean | null> {
    if (this.#unsupported.has(signature) || this.#judged.has(signature)) return false;
    const r = await this.#judge(signature, known);
    // A finalized transaction never changes: judged once, unless the node did not serve it yet.
    if (r !== null) remember(this.#judged, signature);
    return r;
  }

  async #judge(signature: string, known: string | null): Promise<boolean | null> {
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
        this.#unsupported.add(signature);
        this.#o.log?.(`solana ${signature}: transaction version not supported, not credited`);
        return false;
      }
      throw err;
    }
    if (!tx) return null; // not finalized on this node yet: next poll
    if (!tx.meta || !tx.transaction?.message?.accountKeys) {
      throw new RpcError("getTransaction: unexpected shape");
    }
    if (tx.meta.err !== null && tx.meta.err !== undefined) return false;
    const keys = tx.transaction.message.accountKeys;
    let reference = known;
    if (reference !== null && !keys.some((k) => k.pubkey === reference)) return false;
    if (reference === null) {
      for (const k of keys) {
        if (k.signer || k.writable) continue;
        if (await this.#o.store.orderByNonce(this.chain, k.pubkey)) {
          reference = k.pubkey;
          break;
        }
      }
    }
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
      memo: reference ?? "",
      at: tx.blockTime ? tx.blockTime * 1000 : undefined,
    });
    await sink.confirm(this.chain, key);
    return true;
  }
}
