/**
 * The webhook outbox on PostgreSQL. Leasing is one statement: due pending rows are picked with
 * `FOR UPDATE SKIP LOCKED` and their due time moved to the lease's end, so concurrent workers
 * on several nodes never lease the same delivery. A try is recorded only if the event's version
 * is still the one leased.
 */
import type { DeliveryStatus, LeasedDelivery, OutboxStore, StoredEvent } from "../types.ts";
import type { Db } from "./client.ts";

export class PgOutboxStore implements OutboxStore {
  constructor(readonly db: Db, readonly now: () => number = Date.now) {}

  async insert(record: StoredEvent): Promise<boolean> {
    const rows = await this.db.run((sql) =>
      sql`INSERT INTO esim_events (id, record, status, due_at, created_at)
          VALUES (${record.id}, ${sql.json(record as never)}, ${record.status},
            ${record.status === "pending" ? record.next_at : null}, ${record.created_at})
          ON CONFLICT (id) DO NOTHING RETURNING 1`
    );
    return rows.length === 1;
  }

  async get(id: string): Promise<StoredEvent | null> {
    const rows = await this.db.run((sql) =>
      sql<{ record: StoredEvent }[]>`SELECT record FROM esim_events WHERE id = ${id}`
    );
    return rows[0]?.record ?? null;
  }

  async nextDue(): Promise<number | null> {
    const rows = await this.db.run((sql) =>
      sql<{ at: number | null }[]>`
        SELECT min(due_at) AS at FROM esim_events WHERE due_at IS NOT NULL`
    );
    return rows[0]?.at ?? null;
  }

  async lease(nowMs: number, leaseMs: number, limit: number): Promise<LeasedDelivery[]> {
    const until = nowMs + leaseMs;
    const rows = await this.db.run((sql) =>
      sql<{ record: StoredEvent; version: number }[]>`
        UPDATE esim_events e SET due_at = ${until}
        FROM (SELECT id FROM esim_events
              WHERE due_at IS NOT NULL AND due_at <= ${nowMs} AND status = 'pending'
              ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED) d
        WHERE e.id = d.id
        RETURNING e.record, e.version`
    );
    return rows.map((r) => ({ event: r.record, due: until, version: String(r.version) }));
  }

  async finish(leased: LeasedDelivery, next: StoredEvent, retentionMs?: number): Promise<boolean> {
    const expires = next.status === "delivered" && retentionMs ? this.now() + retentionMs : null;
    const due = next.status === "pending" ? next.next_at : null;
    const rows = await this.db.run((sql) =>
      sql`UPDATE esim_events SET record = ${sql.json(next as never)}, status = ${next.status},
            due_at = ${due}, expires_at = ${expires}, version = nextval('esim_version')
          WHERE id = ${leased.event.id} AND version = ${Number(leased.version)}
          RETURNING 1`
    );
    return rows.length === 1;
  }

  async unlease(leased: LeasedDelivery): Promise<void> {
    const at = leased.event.next_at ?? leased.due;
    await this.db.run((sql) =>
      sql`UPDATE esim_events SET due_at = ${at}
          WHERE id = ${leased.event.id} AND version = ${Number(leased.version)}
            AND due_at = ${leased.due}`
    );
  }

  async list(options: { status?: DeliveryStatus } = {}): Promise<StoredEvent[]> {
    const now = this.now();
    const rows = await this.db.run((sql) =>
      options.status
        ? sql<{ record: StoredEvent }[]>`
          SELECT record FROM esim_events
          WHERE status = ${options.status} AND (expires_at IS NULL OR expires_at > ${now})
          ORDER BY created_at, id`
        : sql<{ record: StoredEvent }[]>`
          SELECT record FROM esim_events WHERE expires_at IS NULL OR expires_at > ${now}
          ORDER BY created_at, id`
    );
    return rows.map((r) => r.record);
  }
}
