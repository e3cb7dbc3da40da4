/**
 * Export and import of the KV backend's durable records (`esim-rails store export|import`).
 * Rate-limit windows are transient and left out; claims keep their own expiry. The
 * transparency log goes through src/tlog/dump.ts; the storefront's keys are those of shop.ts.
 */
import { CLAIM_GRACE_MS, type ClaimRecord, type DumpRecord, type StoredEvent } from "../types.ts";
import type { OrderRecord } from "../../../rails/node/order_state.ts";
import type { StoredOrder, StoredProfile } from "../../../rails/receiver/store.ts";
import type { Store } from "./kv.ts";
import { tlogDump, tlogRestore } from "../../tlog/dump.ts";
import { type WatchCursor, watched } from "../../shop/store.ts";
import type { ShopOrder, UnattributedTransfer } from "../../shop/types.ts";

const IDEMPOTENCY_KEEP_MS = 30 * 24 * 3600_000;

export async function* kvDump(store: Store): AsyncGenerator<DumpRecord> {
  const kv = store.kv;
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
  yield* tlogDump(store.tlog);
  yield* shopDump(kv);
}

/** The storefront's records (keys as in src/store/kv/shop.ts). */
async function* shopDump(kv: Deno.Kv): AsyncGenerator<DumpRecord> {
  for await (const e of kv.list<ShopOrder>({ prefix: ["shop", "order"] })) {
    yield { kind: "shop_order", order: e.value };
  }
  for await (
    const e of kv.list<{ order_id: string; until: number }>({ prefix: ["shop", "offset"] })
  ) {
    const [, , chain, offset] = e.key as [string, string, string, number];
    yield { kind: "shop_offset", chain, offset, order_id: e.value.order_id, until: e.value.until };
  }
  for await (const e of kv.list<string>({ prefix: ["shop", "nonce"] })) {
    const [, , chain, nonce] = e.key as string[];
    yield { kind: "shop_nonce", chain: chain!, nonce: nonce!, order_id: e.value };
  }
  for await (const e of kv.list<string>({ prefix: ["shop", "credit"] })) {
    yield { kind: "shop_credit", key: String(e.key[2]), order_id: e.value };
  }
  for await (const e of kv.list<UnattributedTransfer>({ prefix: ["shop", "unattributed"] })) {
    yield { kind: "shop_unattributed", transfer: e.value };
  }
  for await (const e of kv.list<WatchCursor>({ prefix: ["shop", "cursor"] })) {
    yield { kind: "shop_cursor", chain: String(e.key[2]), cursor: e.value };
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
    case "tlog_leaf":
    case "tlog_toolset":
    case "tlog_checkpoint":
    case "tlog_registry":
    case "tlog_crawl":
      return await tlogRestore(store.tlog, rec);
    case "shop_order": {
      const key = ["shop", "order", rec.order.order_id];
      const op = kv.atomic().check({ key, versionstamp: null }).set(key, rec.order);
      if (watched(rec.order)) op.set(["shop", "open", rec.order.order_id], rec.order.created_at);
      return (await op.commit()).ok;
    }
    case "shop_offset":
      return await store.insertIfAbsent(["shop", "offset", rec.chain, rec.offset], {
        order_id: rec.order_id,
        until: rec.until,
      });
    case "shop_nonce":
      return await store.insertIfAbsent(
        ["shop", "nonce", rec.chain, rec.nonce.toLowerCase()],
        rec.order_id,
      );
    case "shop_credit":
      return await store.insertIfAbsent(["shop", "credit", rec.key.toLowerCase()], rec.order_id);
    case "shop_unattributed":
      return await store.shop.addUnattributed(rec.transfer);
    case "shop_cursor":
      return await store.insertIfAbsent(["shop", "cursor", rec.chain], rec.cursor);
  }
}
