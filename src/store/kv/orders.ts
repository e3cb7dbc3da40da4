/**
 * Seller-node order records on Deno KV. Every write is one atomic commit checked against the
 * versionstamp the caller read; open orders are also indexed under `["node", "open", id]` in the
 * same commit so a restart finds them without scanning every order. Leases live under
 * `["node", "lease", id]` (one process per KV file, but the contract is the same as on
 * PostgreSQL).
 */
import type { OrderEntry, OrderRecordStore } from "../types.ts";
import type { OrderRecord } from "../../../rails/node/order_state.ts";

const ORDER = ["node", "order"] as const;
const OPEN = ["node", "open"] as const;
const LEASE = ["node", "lease"] as const;

interface Lease {
  holder: string;
  until: number;
}

export class KvOrderRecordStore implements OrderRecordStore {
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
  ): Promise<OrderEntry | null> {
    const key = [...ORDER, record.order_id];
    const atomic = this.kv.atomic().check({ key, versionstamp }).set(key, record);
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

  async lease(orderId: string, holder: string, nowMs: number, untilMs: number): Promise<boolean> {
    const key = [...LEASE, orderId];
    const cur = await this.kv.get<Lease>(key);
    if (cur.value && cur.value.holder !== holder && cur.value.until > nowMs) return false;
    const res = await this.kv.atomic().check(cur).set(key, { holder, until: untilMs }, {
      expireIn: Math.max(untilMs - nowMs, 0) + 60_000,
    }).commit();
    return res.ok;
  }

  async unlease(orderId: string, holder: string): Promise<void> {
    const key = [...LEASE, orderId];
    const cur = await this.kv.get<Lease>(key);
    if (cur.value?.holder === holder) await this.kv.atomic().check(cur).delete(key).commit();
  }
}
