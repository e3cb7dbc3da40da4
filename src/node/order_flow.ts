/**
 * The agent-order flow (DESIGN.md §7), one step per atomic state transition:
 * `received` (payment verified locally and claimed) → `payment_verified` (the settler's
 * pre-check passed) → `supplier_ordered` (`supplier.order` with transactionId = order id, which
 * the supplier makes idempotent) → `profile_ready` (profiles polled until one appears) →
 * `settled` (the payment settled on chain) → `delivered` (event `agent_order.delivered`).
 * Exits: `refused` (the supplier said no, or the profile never came: the claim is released and
 * nothing is charged) and `settle_failed` → `cancelled` (the eSIM is cancelled through the
 * supplier; event `agent_order.cancelled`).
 *
 * `advance(id)` runs an order from whatever state it is in, so the same code serves a paid
 * request and the resume after a restart. Within one process an order is advanced by one
 * worker at a time; across writers, every move is a compare-and-set on the state read.
 *
 * Test hook (inert in production): `ESIM_RAILS_TEST_EXIT_AT=<state>` makes the process exit
 * (code 86) right after an order reaches that state, or with `after_supplier_order` right after
 * the supplier accepted the order but before the node recorded it, to test the resume.
 *
 * @example
 * ```ts ignore
 * const flow = new OrderFlow({ orders, supplier, paywall, events, ... });
 * const out = await flow.advance(orderId, { waitMs: 30_000 });
 * out.entry.record.state; // "delivered"
 * ```
 */
import type { Profile, Supplier } from "../../rails/supplier/types.ts";
import { SupplierError } from "../../rails/supplier/types.ts";
import { waitForProfiles } from "../../rails/supplier/wait_for_profiles.ts";
import type { OrderRecord, OrderState } from "../../rails/node/order_state.ts";
import {
  EVENT_CANCELLED,
  EVENT_DELIVERED,
  orderEventData,
  type OrderEvents,
} from "../../rails/node/events.ts";
import type { PaywallDeps } from "../x402/paywall.ts";
import { parsePaymentObject } from "../x402/encoding.ts";
import type { SettleInput, SettleOutcome } from "../x402/settle.ts";
import type { PaymentRequirements } from "../x402/types.ts";
import type { OrderEntry, OrderStore } from "./order_store.ts";
import type { CatalogCache } from "./catalog_cache.ts";

export interface OrderFlowDeps {
  orders: OrderStore;
  supplier: Supplier;
  paywall: Pick<PaywallDeps, "claims" | "settler">;
  events: OrderEvents;
  /** Dropped after a `price_changed` refusal, so the next quote shows the new price. */
  catalog?: CatalogCache;
  now?: () => number;
  /** Pause between profile polls (ms), first and largest. */
  pollInitialMs?: number;
  pollMaxMs?: number;
  /** Diagnostics (order ids and states only; never codes or tokens). */
  log?: (line: string) => void;
  /** Test hook: exit the process right after an order reaches this state. */
  exitAt?: string;
  /** This process's lease holder id (default: random per flow). */
  holder?: string;
}

/** An order is leased for this long and renewed while worked on (DESIGN.md §13). */
export const ORDER_LEASE_MS = 15_000;

/** What one `advance` run ended with. */
export interface AdvanceResult {
  entry: OrderEntry;
  /** The profile, when this run fetched it (carries the activation code: never stored). */
  profile?: Profile;
  /** The settlement, when this run settled. */
  settlement?: SettleOutcome;
  /** True when the order is waiting (profile not there yet, settlement pending). */
  waiting?: boolean;
}

export interface AdvanceOptions {
  /** How long to wait for the profile in this run (ms). */
  waitMs: number;
}

/** Seconds before the authorization's `validBefore` by which settlement must be sent. */
const SETTLE_MARGIN_MS = 15_000;

export class OrderFlow {
  readonly #running = new Map<string, Promise<AdvanceResult | null>>();
  readonly #now: () => number;
  readonly #background = new Set<Promise<unknown>>();
  /** Aborted by `stop()`: waits for profiles end at once (the order resumes on next start). */
  readonly #stopping = new AbortController();
  #stopped = false;
  readonly #holder: string;

  constructor(readonly deps: OrderFlowDeps) {
    this.#now = deps.now ?? Date.now;
    this.#holder = deps.holder ?? `node-${crypto.randomUUID()}`;
  }

  /** Work in flight (shutdown waits for it). */
  async idle(): Promise<void> {
    while (this.#running.size > 0 || this.#background.size > 0) {
      await Promise.allSettled([...this.#running.values(), ...this.#background]);
    }
  }

  /**
   * Stops starting new work and cuts short waits for profiles (those orders stay where they
   * are and resume on the next start); steps in flight finish.
   */
  stop(): void {
    this.#stopped = true;
    this.#stopping.abort(new Error("shutting down"));
  }

  /**
   * Runs the order as far as it can go now. Joins a run already in progress for the same
   * order. Null when the order does not exist.
   */
  advance(orderId: string, options: AdvanceOptions): Promise<AdvanceResult | null> {
    const running = this.#running.get(orderId);
    if (running) return running;
    const p = this.#leased(orderId, () => this.#run(orderId, options))
      .finally(() => this.#running.delete(orderId));
    this.#running.set(orderId, p);
    return p;
  }

  /**
   * Runs `work` holding the order's lease, renewed every third of its length, so with several
   * nodes on one database one node at a time works on an order, and an order left by a node
   * that died is taken over once its lease ends. When another node holds it, answers with the
   * order as stored, waiting.
   */
  async #leased(
    orderId: string,
    work: () => Promise<AdvanceResult | null>,
  ): Promise<AdvanceResult | null> {
    const orders = this.deps.orders;
    if (!(await orders.lease(orderId, this.#holder, ORDER_LEASE_MS))) {
      const entry = await orders.get(orderId);
      return entry ? { entry, waiting: true } : null;
    }
    const renew = setInterval(() => {
      orders.lease(orderId, this.#holder, ORDER_LEASE_MS).then((held) => {
        if (!held) this.#log(`order ${orderId}: lease lost to another node`);
      }, (err) => this.#log(`order ${orderId}: lease renewal failed: ${(err as Error).message}`));
    }, ORDER_LEASE_MS / 3);
    try {
      return await work();
    } finally {
      clearInterval(renew);
      await orders.unlease(orderId, this.#holder).catch(() => {});
    }
  }

  /**
   * Continues open orders nobody has touched for a lease's length (a node that died left
   * them); with several nodes on one database every node sweeps now and then.
   */
  async sweep(): Promise<number> {
    let n = 0;
    for (const id of await this.deps.orders.openIds()) {
      if (this.#stopped) break;
      if (this.#running.has(id)) continue;
      const e = await this.deps.orders.get(id);
      if (!e || this.#now() - Date.parse(e.record.updated_at) < ORDER_LEASE_MS) continue;
      this.continueLater(id);
      n++;
    }
    return n;
  }

  /** True while a run of this order is in progress in this process. */
  isRunning(orderId: string): boolean {
    return this.#running.has(orderId);
  }

  /** Continues an order in the background (after a 202, or on start); errors are logged. */
  continueLater(orderId: string): void {
    if (this.#stopped) return;
    const run = (async () => {
      const e = await this.deps.orders.get(orderId);
      if (e && !this.#stopped) {
        await this.advance(orderId, { waitMs: this.#profileBudget(e.record) });
      }
    })().catch((err) =>
      this.#log(`order ${orderId}: background step failed: ${(err as Error).message}`)
    ).finally(() => this.#background.delete(run));
    this.#background.add(run);
  }

  /** Resumes every order left in an intermediate state (called on start). */
  async resumeAll(): Promise<number> {
    const ids = await this.deps.orders.openIds();
    for (const id of ids) {
      if (this.#stopped) break;
      const e = await this.deps.orders.get(id);
      if (!e) continue;
      this.#log(`order ${id}: resuming from ${e.record.state}`);
      await this.advance(id, { waitMs: this.#profileBudget(e.record) }).catch((err) =>
        this.#log(`order ${id}: resume failed: ${(err as Error).message}`)
      );
    }
    return ids.length;
  }

  /** How long the profile may still take: until shortly before the payment expires. */
  #profileBudget(r: OrderRecord): number {
    const vb = Number(this.#authorization(r).validBefore) * 1000;
    return Math.max(0, Math.min(vb - SETTLE_MARGIN_MS - this.#now(), 10 * 60_000));
  }

  #authorization(r: OrderRecord) {
    return (r.payment.raw as {
      payload: { authorization: { from: string; nonce: string; validBefore: string } };
    })
      .payload.authorization;
  }

  #log(line: string): void {
    this.deps.log?.(line);
  }

  async #move(
    entry: OrderEntry,
    to: OrderState,
    patch: Partial<OrderRecord> = {},
  ): Promise<OrderEntry | null> {
    const next = await this.deps.orders.move(entry, to, patch);
    if (!next) {
      this.#log(`order ${entry.record.order_id}: ${entry.record.state} → ${to} lost a race`);
      return null;
    }
    this.#log(`order ${entry.record.order_id}: ${to}`);
    this.#testExit(entry.record.order_id, to);
    return next;
  }

  /** The test hook: inert unless `ESIM_RAILS_TEST_EXIT_AT` names this point. */
  #testExit(orderId: string, point: string): void {
    if (this.deps.exitAt !== point) return;
    this.#log(`order ${orderId}: ${point}`);
    this.#log(`order ${orderId}: test hook ESIM_RAILS_TEST_EXIT_AT=${point}: exiting`);
    Deno.exit(86);
  }

  async #run(orderId: string, options: AdvanceOptions): Promise<AdvanceResult | null> {
    let entry = await this.deps.orders.get(orderId);
    if (!entry) return null;
    let profile: Profile | undefined;
    let settlement: SettleOutcome | undefined;
    for (;;) {
      const r: OrderRecord = entry.record;
      let next: OrderEntry | null = null;
      switch (r.state) {
        case "received":
          next = await this.#move(entry, "payment_verified");
          break;
        case "payment_verified":
          next = await this.#orderAtSupplier(entry);
          break;
        case "supplier_ordered": {
          const got = await this.#waitProfile(entry, options.waitMs);
          if (got === "waiting") return { entry, waiting: true };
          next = got.entry;
          profile = got.profile;
          break;
        }
        case "profile_ready": {
          const got = await this.#settle(entry);
          if (got === "waiting") return { entry, waiting: true, settlement };
          next = got.entry;
          settlement = got.settlement;
          break;
        }
        case "settled":
          // Event first, then the state: a crash in between re-emits the same event id on
          // resume (de-duplicated), instead of losing it.
          await this.#emit(EVENT_DELIVERED, { ...r, state: "delivered" });
          next = await this.#move(entry, "delivered");
          break;
        case "settle_failed":
          next = await this.#cancel(entry);
          if (next === entry) return { entry, waiting: true };
          break;
        default:
          return { entry, profile, settlement }; // delivered, refused, cancelled
      }
      if (!next) {
        // Another writer moved it: report where it is now.
        const now = await this.deps.orders.get(orderId);
        return now ? { entry: now, profile, settlement } : null;
      }
      entry = next;
    }
  }

  async #emit(type: string, r: OrderRecord): Promise<void> {
    try {
      await this.deps.events.emit(type, orderEventData(r));
    } catch (err) {
      this.#log(`order ${r.order_id}: event ${type} not recorded: ${(err as Error).message}`);
    }
  }

  /** Refuses the order and releases the payment's claim: nothing is charged. */
  async #refuse(
    entry: OrderEntry,
    error: { code: string; message: string; retryable?: boolean },
  ): Promise<OrderEntry | null> {
    const next = await this.#move(entry, "refused", { error });
    if (next) {
      const a = this.#authorization(entry.record);
      const claim = await this.deps.paywall.claims.get(a.from, a.nonce);
      if (claim && claim.record.state === "pending") await this.deps.paywall.claims.release(claim);
    }
    return next;
  }

  async #orderAtSupplier(entry: OrderEntry): Promise<OrderEntry | null> {
    const r = entry.record;
    try {
      const { orderRef } = await this.deps.supplier.order({
        transactionId: r.order_id,
        planId: r.plan_id,
        costUsd: r.cost_usd,
      });
      this.#testExit(r.order_id, "after_supplier_order");
      return await this.#move(entry, "supplier_ordered", { order_ref: orderRef });
    } catch (err) {
      const e = asSupplierError(err);
      if (e.code === "price_changed") this.deps.catalog?.invalidate();
      return await this.#refuse(entry, e.toJSON());
    }
  }

  async #waitProfile(
    entry: OrderEntry,
    waitMs: number,
  ): Promise<"waiting" | { entry: OrderEntry | null; profile?: Profile }> {
    const r = entry.record;
    try {
      const list = await waitForProfiles(this.deps.supplier, { orderRef: r.order_ref! }, {
        timeoutMs: waitMs,
        initialDelayMs: this.deps.pollInitialMs ?? 250,
        maxDelayMs: this.deps.pollMaxMs ?? 2_000,
        now: this.#now,
        signal: this.#stopping.signal,
      });
      const profile = list[0]!;
      return {
        entry: await this.#move(entry, "profile_ready", { profile_id: profile.profileId }),
        profile,
      };
    } catch (err) {
      if (this.#stopping.signal.aborted) return "waiting"; // shutting down: resume on next start
      const e = asSupplierError(err);
      if (e.retryable && this.#profileBudget(r) > 0) return "waiting";
      // The profile never came in time (or the supplier refused): the payment is not taken.
      return { entry: await this.#refuse(entry, e.toJSON()) };
    }
  }

  async #settle(
    entry: OrderEntry,
  ): Promise<"waiting" | { entry: OrderEntry | null; settlement: SettleOutcome }> {
    const r = entry.record;
    const { claims, settler } = this.deps.paywall;
    if (!settler) return "waiting"; // payments switched off after the order: keep it for later
    const payment = parsePaymentObject(r.payment.raw);
    const input: SettleInput = {
      payment,
      requirements: r.payment.requirements as unknown as PaymentRequirements,
    };
    const a = payment.payload.authorization;
    const claim = await claims.get(a.from, a.nonce);
    let outcome: SettleOutcome;
    if (claim?.record.state === "settled" && claim.record.transaction) {
      outcome = {
        success: true,
        transaction: claim.record.transaction,
        network: input.requirements.network,
        payer: r.payment.payer,
      };
    } else if (claim?.record.state === "settling") {
      outcome = await settler.reconcile(input, claim.record.transaction);
      if (outcome.success) await claims.transition(claim, "settled", outcome.transaction);
    } else {
      outcome = await settler.settle(input);
      if (claim) {
        if (outcome.success) await claims.transition(claim, "settled", outcome.transaction);
        else if (outcome.pending) {
          await claims.transition(claim, "settling", outcome.transaction || undefined);
        } else await claims.release(claim);
      }
    }
    if (outcome.success) {
      const payment = { ...r.payment, transaction: outcome.transaction };
      return { entry: await this.#move(entry, "settled", { payment }), settlement: outcome };
    }
    if (outcome.pending) return "waiting";
    const next = await this.#move(entry, "settle_failed", {
      error: {
        code: "settlement_failed",
        message: `The payment could not be settled (${outcome.errorReason ?? "unknown"})`,
      },
    });
    return { entry: next, settlement: outcome };
  }

  /** Cancels the eSIM of an order whose payment failed; stays `settle_failed` on error. */
  async #cancel(entry: OrderEntry): Promise<OrderEntry | null> {
    const r = entry.record;
    try {
      if (r.profile_id) await this.deps.supplier.cancel(r.profile_id);
    } catch (err) {
      this.#log(`order ${r.order_id}: cancel failed, will retry: ${(err as Error).message}`);
      return entry;
    }
    await this.#emit(EVENT_CANCELLED, { ...r, state: "cancelled" });
    return await this.#move(entry, "cancelled");
  }
}

/** Any failure as a `SupplierError` (an unexpected one counts as "not now"). */
export function asSupplierError(err: unknown): SupplierError {
  if (err instanceof SupplierError) return err;
  return new SupplierError(
    "supplier_unavailable",
    `The supplier could not be reached: ${(err as Error)?.message ?? String(err)}`,
    true,
    { cause: err },
  );
}
