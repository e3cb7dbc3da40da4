/**
 * Export and import of the KV backend's durable records (`esim-rails store export|import`).
 * Rate-limit windows are transient and left out; claims keep their own expiry.
 */
import { CLAIM_GRACE_MS, type ClaimRecord, type DumpRecord, type StoredEvent } from "../types.ts";
import type { OrderRecord } from "../../../rails/node/order_state.ts";
import type { StoredOrder, StoredProfile } from "../../../rails/receiver/store.ts";
import type { Store } from "./kv.ts";

const IDEMPOTENCY_KEEP_MS = 30 * 24 * 3600_000;

export async function* kvDump(kv: Deno.Kv): AsyncGenerator<DumpRecord> {
  for await (const e of kv.list<string>({ prefix: ["meta"] })) {
    if (e.key[1] !== "ping") yield { kind: "meta", name: String(e.key[1]), value: e.value };
  }
  for await (const e of kv.list<ClaimRecord>({ prefix: ["x402", "claim"] })) {
    yield { kind: "claim", from: String(e.key[2]), nonce: String(e.key[3]), record: e.value };
  }
  for await (const e of kv.list<OrderRecord>({ prefix: ["node", "order"] })) {
    const open = (await kv.get(["node", "open", e.value.order_id])).versionstamp !== null;
    yield { kind: "order", record: e.value, open };
  }
  for await (const e of kv.list<StoredEvent>({ prefix: ["webhooks", "event"] })) {
    yield { kind: "event", record: e.value };
  }
  for await (const e of kv.list<string>({ prefix: ["supplier_orders"] })) {
    yield { kind: "idempotency", key: String(e.key[1]), value: e.value };
  }
  for await (const e of kv.list<StoredOrder>({ prefix: ["supplier", "order"] })) {
    yield { kind: "receiver_order", order: e.value };
  }
  for await (const e of kv.list<StoredProfile>({ prefix: ["supplier", "profile"] })) {
    yield { kind: "receiver_profile", profile: e.value };
  }
}

export async function kvRestore(store: Store, rec: DumpRecord): Promise<boolean> {
  const kv = store.kv;
  switch (rec.kind) {
    case "meta":
      return await store.insertIfAbsent(["meta", rec.name], rec.value);
    case "claim": {
      const key = ["x402", "claim", rec.from.toLowerCase(), rec.nonce.toLowerCase()];
      const expireIn = Math.max(rec.record.expiresAt - Date.now(), 0) + CLAIM_GRACE_MS;
      return await store.insertIfAbsent(key, rec.record, { expireIn });
    }
    case "order":
      return (await store.orders.create(rec.record, rec.open)) !== null;
    case "event":
      return await store.outbox.insert(rec.record);
    case "idempotency":
      return await store.insertIfAbsent(["supplier_orders", rec.key], rec.value, {
        expireIn: IDEMPOTENCY_KEEP_MS,
      });
    case "receiver_order": {
      const key = ["supplier", "order", rec.order.transactionId];
      const res = await kv.atomic().check({ key, versionstamp: null }).set(key, rec.order)
        .set(["supplier", "order_ref", rec.order.orderRef], rec.order.transactionId).commit();
      return res.ok;
    }
    case "receiver_profile":
      return await store.insertIfAbsent(
        ["supplier", "profile", rec.profile.profile.profileId],
        rec.profile,
      );
  }
}
