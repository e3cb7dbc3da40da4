/**
 * The TRON watcher (DESIGN.md §14): polls TronGrid
 * `GET /v1/accounts/{PAY_TO_TRON}/transactions/trc20?only_to=true&only_confirmed=true` for USDT
 * (TRC-20) transfers to the shop, page by page (`fingerprint`), and reads each new transaction's
 * confirmed events (`/v1/transactions/{txid}/events`) for the event index that keys the payment
 * (`tron:<txid>:<event index>`). Only confirmed (solidified, irreversible) data is read, so every
 * transfer is final when reported. Amounts are integer strings, never floats.
 *
 * The cursor (`min_timestamp`) trails the indexer's clock by ten minutes, so an entry that is
 * confirmed late is still read; re-reading is harmless (keys are credited once). Any failure
 * (HTTP error, 429, a wrong shape) throws out of `poll` before anything is reported wrongly.
 */
import { RpcError } from "../evm/rpc.ts";
import type { HttpGet } from "../http_get.ts";
import type { ShopStore } from "../store.ts";
import { type PaymentSink, type PaymentWatcher, type PollResult, remember } from "../watcher.ts";
import { tronAddress, tronHex20 } from "../base58.ts";

/** How far behind the indexer's clock the cursor stays (late confirmations). */
const TRAIL_MS = 10 * 60_000;
/** The first poll looks back this far: an order is open 24 hours, a late payment 3 days more. */
const FIRST_LOOKBACK_MS = 4 * 24 * 3600_000;
const MAX_PAGES = 50;

interface Trc20Row {
  transaction_id: string;
  token_info: { symbol?: string; address: string; decimals: number; name?: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: string;
  value: string;
}

interface Trc20Page {
  data: Trc20Row[];
  success: boolean;
  meta?: { at?: number; page_size?: number; fingerprint?: string };
}

interface TronEvent {
  block_number: number;
  block_timestamp: number;
  contract_address: string;
  event_index: number;
  event_name: string;
  result: Record<string, string>;
  transaction_id: string;
}

interface EventsPage {
  data: TronEvent[];
  success: boolean;
}

export interface TronWatcherOptions {
  api: HttpGet;
  store: ShopStore;
  sink: PaymentSink;
  /** CAIP-2 `tron:0x2b6653dc`. */
  chain: string;
  /** USDT contract (base58). */
  token: string;
  payTo: string;
  now?: () => number;
  log?: (line: string) => void;
}

const TXID_RE = /^[0-9a-f]{64}$/;
const UINT_RE = /^\d{1,30}$/;

/** An address of an event result (`0x`+20 hex, `41`+20 hex or base58) as `0x`+20 hex. */
function hex20(a: unknown): string | null {
  if (typeof a !== "string") return null;
  if (/^0x[0-9a-fA-F]{40}$/.test(a)) return a.toLowerCase();
  if (/^41[0-9a-fA-F]{40}$/.test(a)) return "0x" + a.slice(2).toLowerCase();
  return tronHex20(a);
}

export class TronWatcher implements PaymentWatcher {
  readonly chain: string;
  readonly #o: TronWatcherOptions;
  readonly #now: () => number;
  readonly #payToHex: string;
  readonly #tokenHex: string;
  /** Transactions whose events were all reported (this process; a restart reads them again). */
  readonly #done = new Set<string>();

  constructor(o: TronWatcherOptions) {
    this.#o = o;
    this.chain = o.chain;
    this.#now = o.now ?? Date.now;
    this.#payToHex = tronHex20(o.payTo) ?? "";
    this.#tokenHex = tronHex20(o.token) ?? "";
  }

  async caughtUpAt(): Promise<number> {
    return (await this.#o.store.getCursor(this.chain))?.caught_up_at ?? 0;
  }

  async poll(): Promise<PollResult> {
    const started = this.#now();
    const { api, store, sink, payTo, token } = this.#o;
    // Only confirmed transfers are reported, so anything credited is final (a restart between
    // the credit and the confirmation finishes it here).
    for (const p of await sink.tracked(this.chain)) await sink.confirm(this.chain, p.key);
    const cursor = await store.getCursor(this.chain);
    const min = cursor ? cursor.next_block : started - FIRST_LOOKBACK_MS;
    let fingerprint: string | undefined;
    let serverAt = 0;
    let transfers = 0;
    let unresolved = Infinity;
    for (let page = 0; page < MAX_PAGES; page++) {
      const r = await api.get<Trc20Page>(`/v1/accounts/${payTo}/transactions/trc20`, {
        only_to: true,
        only_confirmed: true,
        contract_address: token,
        order_by: "block_timestamp,asc",
        min_timestamp: min,
        limit: 200,
        fingerprint,
      });
      if (!r || r.success !== true || !Array.isArray(r.data)) {
        throw new RpcError("TronGrid answered an unexpected shape");
      }
      serverAt = Math.max(serverAt, Number(r.meta?.at) || 0);
      for (const row of r.data) {
        // Rows stay in the trailing window for a while: their events are read once.
        if (!this.#ours(row) || this.#done.has(row.transaction_id)) continue;
        const n = await this.#report(row);
        if (n === null) unresolved = Math.min(unresolved, row.block_timestamp);
        else {
          transfers += n;
          remember(this.#done, row.transaction_id);
        }
      }
      fingerprint = typeof r.meta?.fingerprint === "string" && r.meta.fingerprint
        ? r.meta.fingerprint
        : undefined;
      if (!fingerprint) break;
    }
    const trailing = (serverAt || started) - TRAIL_MS;
    const next = Math.max(min, Math.min(trailing, unresolved - 1));
    await store.setCursor(this.chain, { next_block: next, caught_up_at: started });
    return { scanned: 1, transfers, head: serverAt };
  }

  /** A USDT transfer to the shop, in the documented shape (anything else is skipped). */
  #ours(row: Trc20Row): boolean {
    return Boolean(
      row && TXID_RE.test(String(row.transaction_id)) && row.type === "Transfer" &&
        row.to === this.#o.payTo && row.token_info?.address === this.#o.token &&
        UINT_RE.test(String(row.value)) && Number.isSafeInteger(row.block_timestamp),
    );
  }

  /**
   * Reports the Transfer events of the row's transaction that pay the shop; null when the
   * events are not indexed yet (read again on the next poll).
   */
  async #report(row: Trc20Row): Promise<number | null> {
    const { api, sink } = this.#o;
    const ev = await api.get<EventsPage>(`/v1/transactions/${row.transaction_id}/events`, {
      only_confirmed: true,
    });
    if (!ev || ev.success !== true || !Array.isArray(ev.data)) {
      throw new RpcError("TronGrid answered an unexpected shape (events)");
    }
    let n = 0;
    for (const e of ev.data) {
      if (
        e.event_name !== "Transfer" || hex20(e.contract_address) !== this.#tokenHex ||
        !Number.isSafeInteger(e.event_index) || !e.result
      ) continue;
      const to = hex20(e.result.to ?? e.result["1"]);
      const from = hex20(e.result.from ?? e.result["0"]);
      const value = String(e.result.value ?? e.result["2"] ?? "");
      if (to !== this.#payToHex || !from || !UINT_RE.test(value) || BigInt(value) === 0n) continue;
      const key = `tron:${row.transaction_id}:${e.event_index}`;
      const payer = tronAddress(new Uint8Array([0x41, ...hexBytes(from.slice(2))]));
      await sink.observe({
        chain: this.chain,
        key,
        ref: row.transaction_id,
        payer,
        units: BigInt(value).toString(),
        block: Number.isSafeInteger(e.block_number) ? e.block_number : 0,
        blockHash: "",
        at: row.block_timestamp,
      });
      await sink.confirm(this.chain, key);
      n++;
    }
    return ev.data.length ? n : null;
  }
}

function hexBytes(h: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < h.length; i += 2) out.push(parseInt(h.slice(i, i + 2), 16));
  return out;
}
