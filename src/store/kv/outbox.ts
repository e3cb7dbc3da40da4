/**
 * The webhook outbox on Deno KV: `["webhooks", "event", id]` → event, and a due index
 * `["webhooks", "due", at, id]` ordered by due time. Leasing moves a delivery's index entry
 * `leaseMs` ahead in one commit checked on the entry, so one worker tries it at a time.
 */
import type { DeliveryStatus, LeasedDelivery, OutboxStore, StoredEvent } from "../types.ts";

const EVENT_PREFIX = ["webhooks", "event"] as const;
const DUE_PREFIX = ["webhooks", "due"] as const;

function eventKey(id: string): Deno.KvKey {
  return [...EVENT_PREFIX, id];
}

function dueKey(at: number, id: string): Deno.KvKey {
  return [...DUE_PREFIX, at, id];
}

export class KvOutboxStore implements OutboxStore {
  constructor(readonly kv: Deno.Kv) {}

  async insert(record: StoredEvent): Promise<boolean> {
    const op = this.kv.atomic().check({ key: eventKey(record.id), versionstamp: null })
      .set(eventKey(record.id), record);
    if (record.next_at !== null) op.set(dueKey(record.next_at, record.id), record.id);
    return (await op.commit()).ok;
  }

  async get(id: string): Promise<StoredEvent | null> {
    return (await this.kv.get<StoredEvent>(eventKey(id))).value;
  }

  async nextDue(): Promise<number | null> {
    for await (const e of this.kv.list({ prefix: [...DUE_PREFIX] }, { limit: 1 })) {
      return e.key[2] as number;
    }
    return null;
  }

  async lease(nowMs: number, leaseMs: number, limit: number): Promise<LeasedDelivery[]> {
    const out: LeasedDelivery[] = [];
    const selector = { prefix: [...DUE_PREFIX], end: [...DUE_PREFIX, nowMs + 1] };
    for await (const due of this.kv.list<string>(selector, { limit })) {
      const id = due.key[3] as string;
      const ev = await this.kv.get<StoredEvent>(eventKey(id));
      if (!ev.value || ev.value.status !== "pending") {
        await this.kv.atomic().check(due).delete(due.key).commit(); // stale index entry
        continue;
      }
      const until = nowMs + leaseMs;
      const res = await this.kv.atomic().check(due).check(ev).delete(due.key)
        .set(dueKey(until, id), id).commit();
      if (res.ok) out.push({ event: ev.value, due: until, version: ev.versionstamp });
    }
    return out;
  }

  async finish(leased: LeasedDelivery, next: StoredEvent, retentionMs?: number): Promise<boolean> {
    const id = leased.event.id;
    const op = this.kv.atomic()
      .check({ key: eventKey(id), versionstamp: leased.version })
      .set(
        eventKey(id),
        next,
        next.status === "delivered" && retentionMs ? { expireIn: retentionMs } : {},
      )
      .delete(dueKey(leased.due, id));
    if (next.next_at !== null) op.set(dueKey(next.next_at, id), id);
    return (await op.commit()).ok;
  }

  async unlease(leased: LeasedDelivery): Promise<void> {
    const id = leased.event.id;
    const at = leased.event.next_at ?? leased.due;
    await this.kv.atomic().check({ key: eventKey(id), versionstamp: leased.version })
      .delete(dueKey(leased.due, id)).set(dueKey(at, id), id).commit();
  }

  async list(options: { status?: DeliveryStatus } = {}): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    for await (const entry of this.kv.list<StoredEvent>({ prefix: [...EVENT_PREFIX] })) {
      if (!options.status || entry.value.status === options.status) out.push(entry.value);
    }
    return sortEvents(out);
  }
}

/** Oldest first, ties by id. */
export function sortEvents(events: StoredEvent[]): StoredEvent[] {
  return events.sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1
  );
}
