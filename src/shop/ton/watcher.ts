/**
 * The TON watcher (DESIGN.md §14): polls toncenter v3 `GET /api/v3/jetton/transfers` for USDT
 * jetton transfers to `PAY_TO_TON` (`direction=in`, the real USDT master only,
 * `transaction_aborted` false), and `GET /api/v3/transactions` of the shop's wallet for the
 * `transfer_notification` (op `0x7362d09c`) that the shop's own jetton wallet sent in the same
 * trace. That shop-side transaction is committed, not aborted and not bounced, or nothing is
 * credited (a transfer that bounced at the shop's jetton wallet sends no notification). Its hash
 * keys the payment (`ton:<hex hash>`); the text comment (the order id) attributes it.
 *
 * toncenter lists committed transactions only; rows marked `emulated` or with `finality`
 * `pending` are skipped anyway. Pages are read with `offset`; the cursor (`start_utime`) trails
 * by ten minutes so a transfer indexed late is still read. Any failure throws out of `poll`.
 */
import { RpcError } from "../evm/rpc.ts";
import type { HttpGet } from "../http_get.ts";
import type { ShopStore } from "../store.ts";
import { type PaymentSink, type PaymentWatcher, type PollResult, remember } from "../watcher.ts";
import { hashHex, tonRaw } from "./address.ts";
import { textComment } from "./comment.ts";

const TRAIL_S = 600;
/** The first poll looks back this far: an order is open 24 hours, a late payment 3 days more. */
const FIRST_LOOKBACK_S = 4 * 24 * 3600;
const PAGE = 256;
const MAX_PAGES = 40;
/** `transfer_notification#7362d09c` (TEP-74). */
export const TRANSFER_NOTIFICATION = "0x7362d09c";

interface JettonTransfer {
  query_id: string;
  source: string | null;
  destination: string | null;
  amount: string;
  source_wallet: string;
  jetton_master: string;
  transaction_hash: string;
  transaction_lt: string;
  transaction_now: number;
  transaction_aborted: boolean;
  forward_payload: string | null;
  /** Present in newer index versions; older ones give only `forward_payload`. */
  decoded_forward_payload?: { type?: string; comment?: string } | null;
  trace_id: string | null;
}

interface TonMessage {
  source: string | null;
  destination: string | null;
  opcode: string | null;
  bounced: boolean | null;
}

interface TonTransaction {
  account: string;
  hash: string;
  lt: string;
  now: number;
  trace_id: string | null;
  description: { aborted?: boolean; compute_ph?: { success?: boolean } } | null;
  in_msg: TonMessage | null;
  emulated?: boolean;
  finality?: string;
}

export interface TonWatcherOptions {
  api: HttpGet;
  store: ShopStore;
  sink: PaymentSink;
  /** CAIP-2 `ton:-239`. */
  chain: string;
  /** USDT jetton master (either form). */
  master: string;
  payTo: string;
  now?: () => number;
}

export class TonWatcher implements PaymentWatcher {
  readonly chain: string;
  readonly #o: TonWatcherOptions;
  readonly #now: () => number;
  readonly #payToRaw: string;
  readonly #masterRaw: string;
  /** Transfers already reported (this process; a restart reads them again, keys dedupe). */
  readonly #done = new Set<string>();

  constructor(o: TonWatcherOptions) {
    this.#o = o;
    this.chain = o.chain;
    this.#now = o.now ?? Date.now;
    this.#payToRaw = tonRaw(o.payTo) ?? "";
    this.#masterRaw = tonRaw(o.master) ?? "";
  }

  async caughtUpAt(): Promise<number> {
    return (await this.#o.store.getCursor(this.chain))?.caught_up_at ?? 0;
  }

  async poll(): Promise<PollResult> {
    const started = this.#now();
    const { store, sink } = this.#o;
    for (const p of await sink.tracked(this.chain)) await sink.confirm(this.chain, p.key);
    const cursor = await store.getCursor(this.chain);
    const start = cursor ? cursor.next_block : Math.floor(started / 1000) - FIRST_LOOKBACK_S;
    const rows = await this.#list<JettonTransfer>("/api/v3/jetton/transfers", "jetton_transfers", {
      owner_address: this.#o.payTo,
      direction: "in",
      jetton_master: this.#o.master,
      start_utime: start,
    });
    const candidates = rows.filter((r) => this.#ours(r) && !this.#done.has(r.transaction_hash));
    let transfers = 0;
    let unresolved = Infinity;
    if (candidates.length) {
      const from = Math.min(...candidates.map((r) => r.transaction_now));
      const notes = new Map<string, TonTransaction>();
      for (
        const t of await this.#list<TonTransaction>("/api/v3/transactions", "transactions", {
          account: this.#o.payTo,
          start_utime: from,
        })
      ) {
        if (this.#notification(t) && t.trace_id) notes.set(t.trace_id, t);
      }
      for (const r of candidates) {
        const note = r.trace_id ? notes.get(r.trace_id) : undefined;
        const hash = note ? hashHex(note.hash) : null;
        if (!note || !hash) {
          // Not delivered to the shop (yet): read again next time, never credited without it.
          unresolved = Math.min(unresolved, r.transaction_now);
          continue;
        }
        const key = `ton:${hash}`;
        // The index decodes text comments; an index that does not leaves the BOC to us.
        const comment = r.decoded_forward_payload?.type === "text_comment"
          ? String(r.decoded_forward_payload.comment ?? "")
          : textComment(r.forward_payload) ?? "";
        await sink.observe({
          chain: this.chain,
          key,
          ref: hash,
          payer: r.source ?? r.source_wallet,
          units: BigInt(r.amount).toString(),
          block: 0,
          blockHash: "",
          memo: comment,
          at: note.now * 1000,
        });
        await sink.confirm(this.chain, key);
        remember(this.#done, r.transaction_hash);
        transfers++;
      }
    }
    // The cursor follows the chain's own clock (the newest row seen), never the node's.
    const newest = Math.max(0, ...rows.map((r) => Number(r?.transaction_now) || 0));
    const next = Math.max(start, Math.min(newest - TRAIL_S, unresolved - 1));
    await store.setCursor(this.chain, { next_block: next, caught_up_at: started });
    return { scanned: 1, transfers, head: newest };
  }

  /** USDT (the real master) to the shop, not aborted, a positive integer amount. */
  #ours(r: JettonTransfer): boolean {
    return Boolean(
      r && r.transaction_aborted === false && typeof r.amount === "string" &&
        /^\d{1,40}$/.test(r.amount) && BigInt(r.amount) > 0n &&
        tonRaw(String(r.jetton_master)) === this.#masterRaw &&
        tonRaw(String(r.destination)) === this.#payToRaw &&
        Number.isSafeInteger(r.transaction_now),
    );
  }

  /** The shop wallet's committed, successful processing of a jetton transfer notification. */
  #notification(t: TonTransaction): boolean {
    return Boolean(
      t && tonRaw(String(t.account)) === this.#payToRaw && t.in_msg &&
        String(t.in_msg.opcode).toLowerCase() === TRANSFER_NOTIFICATION &&
        t.in_msg.bounced !== true && t.description?.aborted === false &&
        t.description.compute_ph?.success !== false && t.emulated !== true &&
        (t.finality === undefined || t.finality !== "pending") && Number.isSafeInteger(t.now),
    );
  }

  /** Every page of a list endpoint (`offset`, ascending by logical time). */
  async #list<T>(
    path: string,
    field: string,
    query: Record<string, string | number>,
  ): Promise<T[]> {
    const out: T[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const r = await this.#o.api.get<Record<string, unknown>>(path, {
        ...query,
        limit: PAGE,
        offset: out.length,
        sort: "asc",
      });
      const rows = r?.[field];
      if (!Array.isArray(rows)) throw new RpcError(`toncenter answered an unexpected shape`);
      out.push(...rows as T[]);
      if (rows.length < PAGE) return out;
    }
    return out;
  }
}
