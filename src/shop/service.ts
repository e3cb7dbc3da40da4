/**
 * The people's orders (DESIGN.md §14): create, view, EIP-3009 settlement, attribution of
 * transfers reported by the chain watchers, expiry, the supplier order and delivery.
 *
 * States: `awaiting_payment → paid → supplier_ordered → delivered`; `underpaid` (a final
 * partial payment; still open for a top-up until expiry); `expired` (24 h without a full
 * payment); `refund_due` (paid, but the supplier refused, or paid after expiry when the offer
 * can no longer be sold at that price). A failed EIP-3009 settlement leaves the order
 * `awaiting_payment` (event `order.awaiting_payment`) and its nonce stays indexed, so a later
 * landing of that authorization (until `validBefore`) is still credited.
 *
 * Every change is one compare-and-set on the order (`ShopStore.put`) that also records the
 * transition's event; the events are then handed to the webhook outbox (ids derived from the
 * order, the type and the count: at least once, de-duplicated). Only final payments move an
 * order; a payment seen but not final shows as "confirming". `tick` (and `start`) resumes
 * everything after a restart: events not handed over, settlements in flight, paid orders,
 * supplier orders waiting for their profile, expiries.
 */
import type { Profile, Supplier } from "../../rails/supplier/types.ts";
import { type EsimView, esimView } from "../node/esim_view.ts";

export type { EsimView };
import { SupplierError } from "../../rails/supplier/types.ts";
import { checkStatusToken, statusToken } from "../../rails/node/status_token.ts";
import { createEvent, type WebhookEmitter } from "../../rails/webhooks/event.ts";
import type { CatalogSnapshot } from "../node/catalog_cache.ts";
import { ErrorCode, HttpError, invalidInput } from "../http/errors.ts";
import { toHex } from "../crypto/hash.ts";
import { base58Encode, tronAddressBytes } from "./base58.ts";
import type { ShopStore } from "./store.ts";
import type { PaymentSink, PaymentWatcher, TrackedPayment } from "./watcher.ts";
import type { ObservedTransfer } from "./watcher.ts";
import type { EvmMethod, PayMethod, ShopSettings } from "./settings.ts";
import { ORDER_EVENTS, withEvent } from "./events.ts";
import {
  askedUnits,
  fullyPaid,
  openForPayment,
  paidUnits,
  type ShopOrder,
  type ShopPayment,
  type ShopState,
  stillDue,
  unfinished,
  type Versioned,
  type WatchedAuthorization,
} from "./types.ts";

/** Offsets stay reserved this long after expiry, so a late payment still finds its order. */
export const OFFSET_GRACE_MS = 3 * 24 * 3600_000;

/** The part of a settler the shop uses (src/x402/settle_local.ts). */
export interface ShopSettler {
  settle(input: ShopSettleInput): Promise<ShopSettleOutcome>;
  reconcile(input: ShopSettleInput, tx?: string): Promise<ShopSettleOutcome>;
}
export interface ShopSettleInput {
  payment: {
    x402Version: 2;
    scheme: string;
    network: string;
    payload: {
      signature: `0x${string}`;
      authorization: {
        from: `0x${string}`;
        to: `0x${string}`;
        value: string;
        validAfter: string;
        validBefore: string;
        nonce: `0x${string}`;
      };
    };
    raw: unknown;
  };
  requirements: {
    scheme: string;
    network: string;
    amount: string;
    asset: string;
    payTo: string;
    maxTimeoutSeconds: number;
  };
}
export interface ShopSettleOutcome {
  success: boolean;
  transaction: string;
  pending?: boolean;
  errorReason?: string;
}

export interface ShopServiceDeps {
  store: ShopStore;
  settings: ShopSettings;
  supplier?: Supplier;
  /** The priced catalog (the seller node's cache). */
  catalog: () => Promise<CatalogSnapshot>;
  outbox: WebhookEmitter;
  /** Settler per method (EVM methods with `FACILITATOR_KEY_FILE`). */
  settlers?: Map<string, ShopSettler>;
  now?: () => number;
  log?: (line: string) => void;
}

const SIG_RE = /^0x[0-9a-fA-F]{130}$/;
const ADDR_RE = /^0x[0-9a-fA-F]{40}$/;
const NONCE_RE = /^0x[0-9a-fA-F]{64}$/;
const UINT_RE = /^\d{1,78}$/;

export class ShopService implements PaymentSink {
  readonly #d: ShopServiceDeps;
  readonly #now: () => number;
  readonly #watchers: PaymentWatcher[] = [];
  readonly #supplierBackoff = new Map<string, number>();
  /** Per-chain pause after watcher failures (background loop). */
  readonly #watchPause = new Map<PaymentWatcher, { failures: number; until: number }>();
  /** Orders whose settlement is running in this process. */
  readonly #inFlight = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #stopped = true;
  #failures = 0;

  constructor(deps: ShopServiceDeps) {
    this.#d = deps;
    this.#now = deps.now ?? Date.now;
  }

  get settings(): ShopSettings {
    return this.#d.settings;
  }

  get store(): ShopStore {
    return this.#d.store;
  }

  addWatcher(w: PaymentWatcher): void {
    this.#watchers.push(w);
  }

  #log(line: string): void {
    this.#d.log?.(line);
  }

  method(value: unknown): PayMethod {
    const m = this.#d.settings.methods.find((x) => x.method === value);
    if (!m) {
      const offered = this.#d.settings.methods.map((x) => x.method).join(", ") || "none";
      throw invalidInput("method", `Unknown payment method; this store offers: ${offered}`);
    }
    return m;
  }

  /** True when signed (EIP-3009) payments can be settled for `method`. */
  canSettle(method: string): boolean {
    return Boolean(this.#d.settlers?.has(method));
  }

  token(orderId: string): string {
    return statusToken(this.#d.settings.secret, orderId);
  }

  // ---- create ---------------------------------------------------------------------------

  /** Starts an order for `offerId`, paid with `method`. Emits `order.created`. */
  async create(
    input: { offer_id?: unknown; method?: unknown; plan_id?: unknown; payer?: unknown },
  ): Promise<Versioned> {
    if (typeof input.offer_id !== "string" || !/^off_[A-Za-z0-9_-]{1,64}$/.test(input.offer_id)) {
      throw invalidInput("offer_id", "Send 'offer_id' from a quote of this store");
    }
    if (typeof input.method !== "string") {
      throw invalidInput("method", "Send 'method', e.g. 'evm:8453:usdc'");
    }
    const method = this.method(input.method);
    // TRON: the buyer may name the address they pay from, so that every transfer from it
    // (e.g. several partial payments of any amount) is attributed to this order.
    let payer: string | undefined;
    if (input.payer !== undefined && input.payer !== null && input.payer !== "") {
      if (method.kind !== "tron") {
        throw invalidInput("payer", "'payer' is taken for 'tron:usdt' orders only");
      }
      if (typeof input.payer !== "string" || !tronAddressBytes(input.payer)) {
        throw invalidInput("payer", "'payer' must be a TRON address (base58, T...)");
      }
      payer = input.payer;
    }
    const snap = await this.#d.catalog();
    const priced = snap.catalog.byId.get(input.offer_id);
    if (!priced) {
      // The offer id changes with the price: a known plan with a new price is a fresh quote.
      const plan = typeof input.plan_id === "string"
        ? snap.catalog.offers.find((o) => o.plan.id === input.plan_id)
        : undefined;
      if (plan) {
        throw new HttpError(
          409,
          ErrorCode.PriceChanged,
          `The price of this plan changed to ${plan.offer.price_usd} USD; here is the fresh offer`,
          { field: "offer_id", details: { offer: plan.offer } },
        );
      }
      throw invalidInput("offer_id", "Unknown offer; ask for a fresh quote");
    }
    if (this.#d.settings.demo) {
      throw new HttpError(
        503,
        ErrorCode.DemoMode,
        "This store is a demo: it shows, it sells nothing",
      );
    }
    if (!this.#d.supplier) {
      throw new HttpError(503, ErrorCode.SupplierUnavailable, "The supplier is not configured");
    }
    const now = this.#now();
    const priceUnits = BigInt(priced.offer.price_usd.replace(".", "")) * 10_000n;
    const expires = now + this.#d.settings.expiryMs;
    for (let attempt = 0; attempt < 64; attempt++) {
      const id = "sho_" + toHex(crypto.getRandomValues(new Uint8Array(12)));
      // The unique-amount offset only where the amount attributes the payment (EVM, TRON);
      // TON attributes by the comment (the order id), Solana by a fresh reference key.
      const offset = method.kind === "evm" || method.kind === "tron"
        ? 1 + (crypto.getRandomValues(new Uint16Array(1))[0]! % 9999)
        : 0;
      const nonce = "0x" + toHex(crypto.getRandomValues(new Uint8Array(32)));
      const reference = method.kind === "solana"
        ? base58Encode(crypto.getRandomValues(new Uint8Array(32)))
        : undefined;
      let order: ShopOrder = {
        order_id: id,
        offer_id: priced.offer.offer_id,
        offer_name: priced.offer.name,
        plan_id: priced.plan.id,
        data_bytes: priced.plan.dataBytes,
        days: priced.plan.days,
        cost_usd: priced.plan.costUsd,
        price_usd: priced.offer.price_usd,
        price_units: priceUnits.toString(),
        method: method.method,
        chain: method.network,
        asset: method.asset,
        pay_to: method.payTo,
        offset,
        ...(method.kind === "evm"
          ? {
            eip3009: {
              nonce,
              valid_after: "0",
              valid_before: String(Math.floor(expires / 1000)),
            },
          }
          : {}),
        ...(method.kind === "ton" ? { memo: id } : {}),
        ...(payer ? { payer } : {}),
        ...(reference ? { reference } : {}),
        authorizations: [],
        state: "awaiting_payment",
        payments: [],
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
        expires_at: new Date(expires).toISOString(),
        error: null,
        event_counts: {},
        pending_events: [],
      };
      order = withEvent(order, ORDER_EVENTS.created, now);
      const res = await this.#d.store.create(order, expires + OFFSET_GRACE_MS);
      if (res === "offset_taken" || res === "exists") continue;
      if (order.eip3009) await this.#d.store.indexNonce(order.chain, nonce, id);
      if (reference) await this.#d.store.indexNonce(order.chain, reference, id);
      await this.#flush(res);
      return res;
    }
    throw new HttpError(503, ErrorCode.Conflict, "Too many open orders right now; retry shortly");
  }

  /** The order if `token` is its status token; 404 `not_found` otherwise (no enumeration). */
  async find(orderId: string, token: string | null): Promise<Versioned> {
    const ok = /^sho_[0-9a-f]{24}$/.test(orderId) &&
      checkStatusToken(this.#d.settings.secret, orderId, token ?? undefined);
    const v = ok ? await this.#d.store.get(orderId) : null;
    if (!v) throw new HttpError(404, ErrorCode.NotFound, "No such order (or the token is wrong)");
    return v;
  }

  /** The eSIM of a delivered order, fetched from the supplier now (never stored). */
  async esim(o: ShopOrder): Promise<EsimView | undefined> {
    if (o.state !== "delivered" || !o.order_ref || !this.#d.supplier) return undefined;
    const list = await this.#d.supplier.profiles({ orderRef: o.order_ref });
    const p = list.find((x) => x.profileId === o.profile_id) ?? list[0];
    return p ? esimView(p) : undefined;
  }

  // ---- EIP-3009 -------------------------------------------------------------------------

  /**
   * Takes the buyer's signed authorization for the order and settles it. Refuses (nothing
   * charged) a wrong payee, amount, nonce or signature, or an order not open for it.
   */
  async authorize(v: Versioned, body: unknown, verify: AuthorizationVerifier): Promise<Versioned> {
    const o = v.order;
    const method = this.method(o.method);
    const settler = this.#d.settlers?.get(o.method);
    if (method.kind !== "evm") {
      throw new HttpError(409, ErrorCode.Conflict, "Signed payments are for EVM orders only");
    }
    if (!settler) {
      throw new HttpError(
        503,
        ErrorCode.PaymentNotConfigured,
        "Signed payments are not set up on this store (FACILITATOR_KEY_FILE); pay by transfer",
      );
    }
    const b = (body ?? {}) as { authorization?: Record<string, unknown>; signature?: unknown };
    const a = b.authorization;
    if (!a || typeof a !== "object") invalid("authorization", "Send 'authorization'");
    const from = str(a.from), to = str(a.to), value = str(a.value);
    const validAfter = str(a.validAfter), validBefore = str(a.validBefore), nonce = str(a.nonce);
    if (!ADDR_RE.test(from)) invalid("authorization.from", "must be a 0x address");
    if (!ADDR_RE.test(to) || to.toLowerCase() !== o.pay_to.toLowerCase()) {
      invalid("authorization.to", `must be the store's address ${o.pay_to}`);
    }
    if (value !== o.price_units) invalid("authorization.value", `must be ${o.price_units}`);
    if (!UINT_RE.test(validAfter) || BigInt(validAfter) > BigInt(Math.floor(this.#now() / 1000))) {
      invalid("authorization.validAfter", "must be a time in the past");
    }
    if (!UINT_RE.test(validBefore) || validBefore !== o.eip3009?.valid_before) {
      invalid("authorization.validBefore", `must be ${o.eip3009?.valid_before}`);
    }
    if (!NONCE_RE.test(nonce) || nonce.toLowerCase() !== o.eip3009?.nonce.toLowerCase()) {
      invalid("authorization.nonce", "must be this order's nonce");
    }
    const signature = str(b.signature);
    if (!SIG_RE.test(signature)) invalid("signature", "must be a 65-byte 0x signature");
    if (!verify({ from, to, value, validAfter, validBefore, nonce }, signature, method)) {
      throw new HttpError(400, ErrorCode.PaymentInvalid, "The signature is not the payer's", {
        field: "signature",
      });
    }
    if (o.state !== "awaiting_payment") {
      throw new HttpError(
        409,
        ErrorCode.Conflict,
        o.state === "underpaid"
          ? "Part of this order is paid already; pay the rest by transfer"
          : `This order is ${o.state}; it takes no payment now`,
      );
    }
    if (o.authorizations.some((x) => x.state === "settling" || x.state === "settled")) {
      throw new HttpError(409, ErrorCode.PaymentReplayed, "A payment for this order is in flight");
    }
    const auth: WatchedAuthorization = {
      from: from.toLowerCase(),
      nonce: nonce.toLowerCase(),
      valid_before: validBefore,
      valid_after: validAfter,
      value,
      state: "settling",
      signature,
    };
    const taken = await this.#d.store.put(v, {
      ...o,
      authorizations: [...o.authorizations, auth],
      updated_at: this.#iso(),
    });
    if (!taken) throw new HttpError(409, ErrorCode.Conflict, "The order changed; reload it");
    return await this.#settling(o.order_id, () => this.#settle(taken, auth, settler, method));
  }

  /** Runs one settlement of an order at a time in this process. */
  async #settling<T>(id: string, fn: () => Promise<T>): Promise<T> {
    this.#inFlight.add(id);
    try {
      return await fn();
    } finally {
      this.#inFlight.delete(id);
    }
  }

  async #settle(
    v: Versioned,
    auth: WatchedAuthorization,
    settler: ShopSettler,
    method: EvmMethod,
    reconcile = false,
  ): Promise<Versioned> {
    const o = v.order;
    const input: ShopSettleInput = {
      payment: {
        x402Version: 2,
        scheme: "exact",
        network: o.chain,
        payload: {
          signature: auth.signature as `0x${string}`,
          authorization: {
            from: auth.from as `0x${string}`,
            to: o.pay_to as `0x${string}`,
            value: auth.value ?? o.price_units,
            validAfter: auth.valid_after ?? "0",
            validBefore: auth.valid_before,
            nonce: auth.nonce as `0x${string}`,
          },
        },
        raw: {},
      },
      requirements: {
        scheme: "exact",
        network: method.chain.network,
        amount: o.price_units,
        asset: o.asset,
        payTo: o.pay_to,
        maxTimeoutSeconds: 300,
      },
    };
    const out = reconcile ? await settler.reconcile(input, auth.tx) : await settler.settle(input);
    if (out.pending) {
      this.#log(`order ${o.order_id}: settlement pending`);
      if (out.transaction && !auth.tx) {
        return await this.#change(o.order_id, (cur) => ({
          ...cur,
          authorizations: cur.authorizations.map((x) =>
            x.nonce === auth.nonce ? { ...x, tx: out.transaction } : x
          ),
        })) ?? v;
      }
      return v;
    }
    const settled = out.success;
    this.#log(`order ${o.order_id}: settlement ${settled ? "sent" : "refused"}`);
    const next = await this.#change(o.order_id, (cur) => {
      const authorizations = cur.authorizations.map((x): WatchedAuthorization =>
        x.nonce === auth.nonce && x.state === "settling"
          ? {
            from: x.from,
            nonce: x.nonce,
            valid_before: x.valid_before,
            state: settled ? "settled" : "failed",
            ...(settled ? { tx: out.transaction } : {}),
          }
          : x
      );
      let n: ShopOrder = { ...cur, authorizations };
      if (!settled && cur.state === "awaiting_payment") {
        n = withEvent(
          {
            ...n,
            error: {
              code: "settlement_failed",
              message: `The signed payment could not be settled (${out.errorReason ?? "refused"})`,
            },
          },
          ORDER_EVENTS.awaitingPayment,
          this.#now(),
        );
      }
      return n;
    });
    if (!settled) {
      throw new HttpError(
        402,
        ErrorCode.SettlementFailed,
        `The payment could not be settled (${
          out.errorReason ?? "refused"
        }); nothing was charged and the order is open again`,
      );
    }
    return next ?? v;
  }

  // ---- watcher sink ---------------------------------------------------------------------

  async observe(t: ObservedTransfer): Promise<void> {
    if (await this.#d.store.creditedTo(t.key)) return;
    const orderId = await this.#attribute(t);
    if (!orderId) {
      const added = await this.#d.store.addUnattributed({
        key: t.key,
        chain: t.chain,
        ref: t.ref,
        payer: t.payer,
        units: t.units,
        block: t.block,
        seen_at: this.#iso(),
        reason: t.memo !== undefined
          ? "no open order has this comment or reference"
          : "no open order asks for this amount",
      });
      // The unsafe blocks are scanned on every poll: say it once.
      if (added) this.#log(`unattributed transfer ${t.key} of ${t.units} units`);
      return;
    }
    const payment: ShopPayment = {
      key: t.key,
      ref: t.ref,
      payer: normPayer(t.payer),
      units: t.units,
      chain: t.chain,
      block: t.block,
      block_hash: t.blockHash,
      final: false,
      via: t.authNonce ? "eip3009" : "transfer",
    };
    const ok = await this.#change(orderId, (cur) => {
      if (cur.payments.some((p) => p.key === t.key)) return undefined;
      return { ...cur, payments: [...cur.payments, payment] };
    }, { credit: [t.key] });
    if (ok) this.#log(`order ${orderId}: payment ${t.key} seen (${t.units} units)`);
  }

  /** Which order a transfer pays (DESIGN.md §14 attribution rules), or null. */
  async #attribute(t: ObservedTransfer): Promise<string | null> {
    const s = this.#d.store;
    const units = BigInt(t.units);
    if (t.authNonce) {
      const id = await s.orderByNonce(t.chain, t.authNonce);
      if (!id) return null;
      const v = await s.get(id);
      if (!v || units !== BigInt(v.order.price_units)) return null;
      return payable(v.order) ? id : null;
    }
    if (t.memo !== undefined) {
      // TON comment (the order id) or Solana reference: names the order, never the amount.
      const memo = t.memo.trim().toLowerCase();
      const id = /^sho_[0-9a-f]{24}$/.test(memo) ? memo : await s.orderByNonce(t.chain, memo);
      const v = id ? await s.get(id) : null;
      if (v && v.order.chain === t.chain && payable(v.order) && !olderThan(t, v.order)) {
        return v.order.order_id;
      }
      return null;
    }
    const offset = Number(units % 10_000n);
    if (offset > 0) {
      const id = await s.orderByOffset(t.chain, offset, this.#now());
      const v = id ? await s.get(id) : null;
      if (v && payable(v.order) && v.order.chain === t.chain && !olderThan(t, v.order)) {
        const due = askedUnits(v.order) - paidUnits(v.order);
        if (units === due || units < due) return v.order.order_id;
      }
    }
    // From the address the buyer named (TRON), or a top-up from an address that already paid
    // part of an open order.
    for (const id of await s.unfinishedIds()) {
      const v = await s.get(id);
      const o = v?.order;
      if (
        o && o.chain === t.chain && payable(o) && !olderThan(t, o) &&
        (o.payer === t.payer || o.payments.some((p) => p.payer === normPayer(t.payer)))
      ) return id;
    }
    return null;
  }

  async confirm(chain: string, key: string): Promise<void> {
    const id = await this.#d.store.creditedTo(key);
    if (!id) return;
    await this.#change(id, (cur) => {
      const p = cur.payments.find((x) => x.key === key && x.chain === chain);
      if (!p || p.final) return undefined;
      const n: ShopOrder = {
        ...cur,
        payments: cur.payments.map((x) => x.key === key ? { ...x, final: true } : x),
      };
      return this.#afterFinalPayment(n);
    });
    await this.#d.store.removeUnattributed(key);
    await this.#advance(id);
  }

  /** The state after a payment became final. */
  #afterFinalPayment(o: ShopOrder): ShopOrder {
    const now = this.#now();
    if (fullyPaid(o, true)) {
      if (o.state === "expired") {
        // Paid after expiry: sell it if the offer is still sold at that price (checked in
        // `#advance`, which needs the catalog); mark paid with a note.
        return {
          ...o,
          state: "paid",
          error: { code: "paid_after_expiry", message: "Paid after the order expired" },
        };
      }
      if (openForPayment(o.state)) return { ...o, state: "paid", error: null };
      return o;
    }
    if (openForPayment(o.state) && paidUnits(o, true) > 0n) {
      return withEvent({ ...o, state: "underpaid" }, ORDER_EVENTS.underpaid, now);
    }
    return o;
  }

  async drop(chain: string, key: string): Promise<void> {
    const id = await this.#d.store.creditedTo(key);
    if (!id) return;
    await this.#change(id, (cur) => {
      const p = cur.payments.find((x) => x.key === key && x.chain === chain);
      if (!p || p.final) return undefined;
      return { ...cur, payments: cur.payments.filter((x) => x.key !== key) };
    }, { uncredit: [key] });
    this.#log(`order ${id}: payment ${key} dropped by a reorganisation`);
  }

  async tracked(chain: string): Promise<TrackedPayment[]> {
    const out: TrackedPayment[] = [];
    for (const id of await this.#d.store.unfinishedIds()) {
      const v = await this.#d.store.get(id);
      for (const p of v?.order.payments ?? []) {
        if (p.chain === chain && !p.final) {
          out.push({ key: p.key, ref: p.ref, block: p.block, blockHash: p.block_hash });
        }
      }
    }
    // Payments to orders already expired (paid after expiry) are unfinished too.
    return out;
  }

  // ---- background work ------------------------------------------------------------------

  /**
   * One pass over everything: watchers, then every unfinished order. Throws the first watcher
   * failure (after the orders were moved). In the background loop (`paced`), a chain whose
   * watcher failed waits its own growing pause (up to a minute) while the others go on, and
   * watcher failures are only logged.
   */
  async tick(paced = false): Promise<void> {
    const caughtUp = new Map<string, number>();
    let failed: unknown;
    for (const w of this.#watchers) {
      const pause = this.#watchPause.get(w);
      if (paced && pause && pause.until > Date.now()) continue;
      try {
        await w.poll();
        this.#watchPause.delete(w);
        caughtUp.set(w.chain, await w.caughtUpAt());
      } catch (err) {
        // That chain's orders neither expire nor get credited this time; the others go on.
        const failures = (pause?.failures ?? 0) + 1;
        const wait = Math.min(60_000, 1_000 * 2 ** Math.min(failures, 6));
        this.#watchPause.set(w, { failures, until: Date.now() + wait });
        if (paced) {
          this.#log(
            `watching ${w.chain} failed (${failures}), retrying in ${wait} ms: ${
              (err as Error).message
            }`,
          );
        }
        failed ??= err;
      }
    }
    for (const id of await this.#d.store.unfinishedIds()) {
      await this.#advance(id, caughtUp);
    }
    if (failed && !paced) throw failed;
  }

  /** Moves one order as far as it goes now. */
  async #advance(id: string, caughtUp?: Map<string, number>): Promise<void> {
    let v = await this.#d.store.get(id);
    if (!v) return;
    if (v.order.pending_events.length) v = await this.#flush(v);
    const o = v.order;
    const now = this.#now();
    switch (o.state) {
      case "awaiting_payment":
      case "underpaid": {
        const settling = o.authorizations.find((x) => x.state === "settling" && x.signature);
        const settler = this.#d.settlers?.get(o.method);
        if (settling && settler) {
          // Left by a restart (or still in flight elsewhere): look at the chain, or send it if
          // we never did (the nonce makes a second landing impossible, so nothing is charged twice).
          if (!this.#inFlight.has(id)) {
            await this.#settling(
              id,
              () =>
                this.#settle(
                  v!,
                  settling,
                  settler,
                  this.method(o.method) as EvmMethod,
                  Boolean(settling.tx),
                ),
            ).catch(() => {});
          }
          return;
        }
        const watched = caughtUp?.get(o.chain) ?? 0;
        const expiresAt = Date.parse(o.expires_at);
        // A payment seen but not final, or one the shop settled that the watcher has not
        // seen yet, keeps the order open.
        const confirming = o.payments.some((p) => !p.final) ||
          o.authorizations.some((a) => a.state === "settled") && o.payments.length === 0;
        // Expire only once the chain was scanned after the deadline and nothing is in flight:
        // an RPC outage never expires an order wrongly.
        if (now >= expiresAt && watched >= expiresAt && !confirming && !settling) {
          await this.#change(
            id,
            (cur) =>
              openForPayment(cur.state) && !cur.payments.some((p) => !p.final)
                ? withEvent({ ...cur, state: "expired" }, ORDER_EVENTS.expired, now)
                : undefined,
          );
        }
        return;
      }
      case "paid":
        return await this.#orderAtSupplier(v);
      case "supplier_ordered":
        return await this.#deliver(v);
      default:
        return;
    }
  }

  async #orderAtSupplier(v: Versioned): Promise<void> {
    const o = v.order;
    const supplier = this.#d.supplier;
    if (!supplier || (this.#supplierBackoff.get(o.order_id) ?? 0) > this.#now()) return;
    if (o.error?.code === "paid_after_expiry") {
      // Still sold at that price? The offer id is derived from plan, cost and price.
      let sold: boolean;
      try {
        sold = (await this.#d.catalog()).catalog.byId.has(o.offer_id);
      } catch {
        return; // catalog unavailable: try again later
      }
      if (!sold) {
        await this.#change(o.order_id, (cur) =>
          cur.state === "paid"
            ? withEvent(
              {
                ...cur,
                state: "refund_due",
                error: {
                  code: "price_changed",
                  message: "Paid after expiry; the offer is no longer sold at that price",
                },
              },
              ORDER_EVENTS.refundDue,
              this.#now(),
            )
            : undefined);
        return;
      }
    }
    try {
      const { orderRef } = await supplier.order({
        transactionId: o.order_id,
        planId: o.plan_id,
        costUsd: o.cost_usd,
      });
      await this.#change(
        o.order_id,
        (cur) =>
          cur.state === "paid"
            ? { ...cur, state: "supplier_ordered", order_ref: orderRef }
            : undefined,
      );
      this.#supplierBackoff.delete(o.order_id);
      await this.#advance(o.order_id);
    } catch (err) {
      const e = err instanceof SupplierError ? err : null;
      if (e && !e.retryable) {
        await this.#change(o.order_id, (cur) =>
          cur.state === "paid"
            ? withEvent(
              {
                ...cur,
                state: "refund_due",
                error: { code: e.code, message: e.message },
              },
              ORDER_EVENTS.refundDue,
              this.#now(),
            )
            : undefined);
        return;
      }
      this.#retryLater(o.order_id, err);
    }
  }

  async #deliver(v: Versioned): Promise<void> {
    const o = v.order;
    const supplier = this.#d.supplier;
    if (!supplier || !o.order_ref || (this.#supplierBackoff.get(o.order_id) ?? 0) > this.#now()) {
      return;
    }
    let list: Profile[];
    try {
      list = await supplier.profiles({ orderRef: o.order_ref });
    } catch (err) {
      return this.#retryLater(o.order_id, err);
    }
    const p = list[0];
    if (!p) return; // being made: next tick
    await this.#change(o.order_id, (cur) =>
      cur.state === "supplier_ordered"
        ? withEvent(
          { ...cur, state: "delivered", profile_id: p.profileId, error: null },
          ORDER_EVENTS.delivered,
          this.#now(),
        )
        : undefined);
  }

  #retryLater(id: string, err: unknown): void {
    const prev = this.#supplierBackoff.get(id);
    const wait = Math.min(60_000, prev ? 5_000 : 1_000);
    this.#supplierBackoff.set(id, this.#now() + wait);
    this.#log(`order ${id}: supplier not reachable, retrying: ${(err as Error).message}`);
  }

  /**
   * Starts the background loop: a tick every `intervalMs`; a failing chain backs off on its own
   * (see `tick`), any other failure (the store) backs the whole loop off.
   */
  start(intervalMs = 2_000): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    const loop = async () => {
      if (this.#stopped) return;
      let wait = intervalMs;
      try {
        await this.tick(true);
        this.#failures = 0;
      } catch (err) {
        this.#failures++;
        wait = Math.min(60_000, intervalMs * 2 ** Math.min(this.#failures, 5));
        this.#log(
          `watch failed (${this.#failures}), retrying in ${wait} ms: ${(err as Error).message}`,
        );
      }
      if (!this.#stopped) this.#timer = setTimeout(() => this.#running = loop(), wait);
    };
    this.#running = loop();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  // ---- store helpers --------------------------------------------------------------------

  #iso(): string {
    return new Date(this.#now()).toISOString();
  }

  /**
   * Applies `fn` to the current order and writes it (compare-and-set, retried on conflict);
   * `undefined` from `fn` leaves it. Events recorded by `fn` are then handed to the outbox.
   */
  async #change(
    id: string,
    fn: (cur: ShopOrder) => ShopOrder | undefined,
    opts: { credit?: string[]; uncredit?: string[] } = {},
  ): Promise<Versioned | null> {
    for (let i = 0; i < 32; i++) {
      const v = await this.#d.store.get(id);
      if (!v) return null;
      const next = fn(v.order);
      if (!next) return null;
      const written = await this.#d.store.put(v, { ...next, updated_at: this.#iso() }, opts);
      if (written) {
        if (written.order.state !== v.order.state) {
          this.#log(`order ${id}: ${v.order.state} → ${written.order.state}`);
        }
        return await this.#flush(written);
      }
      if (opts.credit && (await this.#creditTaken(opts.credit, id))) return null;
    }
    throw new Error(`order ${id}: too much contention`);
  }

  async #creditTaken(keys: string[], id: string): Promise<boolean> {
    for (const k of keys) {
      const to = await this.#d.store.creditedTo(k);
      if (to && to !== id) return true;
    }
    return false;
  }

  /** Hands recorded events to the outbox, then clears them from the order. */
  async #flush(v: Versioned): Promise<Versioned> {
    if (!v.order.pending_events.length) return v;
    for (const e of v.order.pending_events) {
      await this.#d.outbox.emit(
        createEvent(e.type, e.data, { id: e.id, nowMs: Date.parse(e.created_at) }),
      );
    }
    const sent = new Set(v.order.pending_events.map((e) => e.id));
    for (let i = 0; i < 32; i++) {
      const cur = await this.#d.store.get(v.order.order_id);
      if (!cur) return v;
      const left = cur.order.pending_events.filter((e) => !sent.has(e.id));
      if (left.length === cur.order.pending_events.length) return cur;
      const w = await this.#d.store.put(cur, { ...cur.order, pending_events: left });
      if (w) return w;
    }
    return v;
  }
}

/** Verifies an EIP-3009 signature offline for the method's token domain. */
export type AuthorizationVerifier = (
  a: {
    from: string;
    to: string;
    value: string;
    validAfter: string;
    validBefore: string;
    nonce: string;
  },
  signature: string,
  method: PayMethod,
) => boolean;

/** EVM addresses compare in lower case; base58 and base64 addresses are case-sensitive. */
function normPayer(a: string): string {
  return a.startsWith("0x") ? a.toLowerCase() : a;
}

/** A transfer made before the order existed never pays it (chain time, whole seconds). */
function olderThan(t: ObservedTransfer, o: ShopOrder): boolean {
  return t.at !== undefined && t.at < Math.floor(Date.parse(o.created_at) / 1000) * 1000;
}

/** Open for a payment, or expired (a payment after expiry is still credited). */
function payable(o: ShopOrder): boolean {
  return openForPayment(o.state) || o.state === "expired";
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

function invalid(field: string, message: string): never {
  throw invalidInput(field, `'${field}' ${message}`);
}

export { stillDue, unfinished };
export type { ShopState };
