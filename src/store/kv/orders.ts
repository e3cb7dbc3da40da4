/**
 * Seller-node order records on Deno KV. Every write is one atomic commit checked against the
 * versionstamp the caller read; open orders are also indexed under `["node", "open", id]` in the
 * same commit so a restart finds them without scanning every order.
 */
import type { OrderEntry, OrderRecordStore } from "../types.ts";
import type { OrderRecord } from "../../../rails/node/order_state.ts";

const ORDER = ["node", "order"] as const;
const OPEN = ["node", "open"] as const;

interface Lease {
  holder: string;
  until: number;
}

export class KvOrderRecordStore implements OrderRecordStore {
  /**
   * Leases are held in memory: a KV file has one process (DESIGN.md §9), so a lease left by a
   * process that died must not outlive it (its orders resume at once on restart).
   */
  readonly #leases = new Map<string, Lease>();

  constructor(readonly kv: Deno.Kv) {}

  async create(record: OrderRecord, open: boolean): Promise<OrderEntry | null> {
    const key = [...ORDER, record.order_id];
    const atomic = this.kv.atomic().check({ key, versionstamp: null }).set(key, record);
    if (open) atomic.set([...OPEN, record.order_id], record.created_at);
    const res = await atomic.commit();
    return res.ok ? { record, versionstamp: res.versionstamp } : null;
  }

  async get(orderId: string): Promise<OrderEntry | null> {
    const e = await this.kv.get<OrderRecord>([...ORDER, orderId]);
    return e.value && e.versionstamp ? { record: e.value, versionstamp: e.versionstamp } : null;
  }

  async replace(
    versionstamp: string,
    record: OrderRecord,
    open: boolean,
    expiresAtMs?: number,
  ): Promise<OrderEntry | null> {
    const key = [...ORDER, record.order_id];
    // KV drops an expired value lazily (DESIGN.md §9): readable a little longer, never forever.
    const expireIn = expiresAtMs === undefined ? undefined : Math.max(1, expiresAtMs - Date.now());
    const atomic = this.kv.atomic().check({ key, versionstamp }).set(
      key,
      record,
      expireIn === undefined ? undefined : { expireIn },
    );
    if (open) atomic.set([...OPEN, record.order_id], record.created_at);
    else atomic.delete([...OPEN, record.order_id]);
    const res = await atomic.commit();
    return res.ok ? { record, versionstamp: res.versionstamp } : null;
  }

  async openIds(): Promise<string[]> {
    const ids: { id: string; at: string }[] = [];
    for await (const e of this.kv.list<string>({ prefix: [...OPEN] })) {
      ids.push({ id: String(e.key[e.key.length - 1]), at: e.value });
    }
    return ids.sort((a, b) => a.at < b.at ? -1 : a.at > b.at ? 1 : 0).map((x) => x.id);
  }

  async list(): Promise<OrderRecord[]> {
    const out: OrderRecord[] = [];
    for await (const e of this.kv.list<OrderRecord>({ prefix: [...ORDER] })) out.push(e.value);
    return out.sort((a, b) =>
      a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0
    );
  }

  lease(orderId: string, holder: string, nowMs: number, untilMs: number): Promise<boolean> {
    const cur = this.#leases.get(orderId);
    if (cur && cur.holder !== holder && cur.until > nowMs) return Promise.resolve(false);
    this.#leases.set(orderId, { holder, until: untilMs });
    return Promise.resolve(true);
  }

  unlease(orderId: string, holder: string): Promise<void> {
    if (this.#leases.get(orderId)?.holder === holder) this.#leases.delete(orderId);
    return Promise.resolve();
  }
}
