/**
 * The storefront's store on Deno KV (`ShopStore`, src/shop/store.ts), over the project's
 * `Store`. Every order change is one atomic commit: the order (checked against the version
 * read), its open index, its unique-amount offset reservation and the idempotency keys of its
 * credited payments. All of the storefront's Deno KV use lives in this file.
 *
 * Keys: `shop/order/<id>`, `shop/open/<id>`, `shop/offset/<chain>/<n>`, `shop/nonce/<chain>/<nonce>`,
 * `shop/credit/<key>`, `shop/unattributed/<key>`, `shop/cursor/<chain>`.
 *
 * @example
 * ```ts ignore
 * const shop = new KvShopStore(await Store.open(":memory:"));
 * const created = await shop.create(order, Date.now() + 86_400_000);
 * ```
 */
import type { Store } from "../kv.ts";
import { type CreateRefusal, type ShopStore, type WatchCursor, watched } from "../../shop/store.ts";
import type { ShopOrder, UnattributedTransfer, Versioned } from "../../shop/types.ts";

const P = "shop";
const orderKey = (id: string): Deno.KvKey => [P, "order", id];
const openKey = (id: string): Deno.KvKey => [P, "open", id];
const offsetKey = (chain: string, n: number): Deno.KvKey => [P, "offset", chain, n];
const nonceKey = (chain: string, nonce: string): Deno.KvKey => [
  P,
  "nonce",
  chain,
  nonce.toLowerCase(),
];
const creditKey = (key: string): Deno.KvKey => [P, "credit", key.toLowerCase()];

interface OffsetReservation {
  order_id: string;
  until: number;
}

export class KvShopStore implements ShopStore {
  constructor(readonly store: Store) {}

  get #kv(): Deno.Kv {
    return this.store.kv;
  }

  async create(order: ShopOrder, reserveUntil: number): Promise<Versioned | CreateRefusal> {
    const key = orderKey(order.order_id);
    const atomic = this.#kv.atomic().check({ key, versionstamp: null }).set(key, order);
    if (order.offset > 0) {
      const ok = offsetKey(order.chain, order.offset);
      const held = await this.#kv.get<OffsetReservation>(ok);
      const now = Date.parse(order.created_at);
      if (held.value && held.value.until > now) return "offset_taken";
      atomic.check({ key: ok, versionstamp: held.versionstamp }).set(
        ok,
        {
          order_id: order.order_id,
          until: reserveUntil,
        } satisfies OffsetReservation,
      );
    }
    if (watched(order)) atomic.set(openKey(order.order_id), order.created_at);
    const res = await atomic.commit();
    if (res.ok) return { order, version: res.versionstamp };
    return (await this.#kv.get(key)).versionstamp ? "exists" : "offset_taken";
  }

  async get(orderId: string): Promise<Versioned | null> {
    const e = await this.#kv.get<ShopOrder>(orderKey(orderId));
    return e.value && e.versionstamp ? { order: e.value, version: e.versionstamp } : null;
  }

  async put(
    prev: Versioned,
    next: ShopOrder,
    opts: { credit?: string[]; uncredit?: string[] } = {},
  ): Promise<Versioned | null> {
    const key = orderKey(next.order_id);
    const atomic = this.#kv.atomic().check({ key, versionstamp: prev.version }).set(key, next);
    for (const k of opts.credit ?? []) {
      const ck = creditKey(k);
      const cur = await this.#kv.get<string>(ck);
      if (cur.value && cur.value !== next.order_id) return null;
      atomic.check({ key: ck, versionstamp: cur.versionstamp }).set(ck, next.order_id);
    }
    for (const k of opts.uncredit ?? []) atomic.delete(creditKey(k));
    if (watched(next)) atomic.set(openKey(next.order_id), next.created_at);
    else atomic.delete(openKey(next.order_id));
    const res = await atomic.commit();
    return res.ok ? { order: next, version: res.versionstamp } : null;
  }

  async orderByOffset(chain: string, offset: number, nowMs: number): Promise<string | null> {
    const r = (await this.#kv.get<OffsetReservation>(offsetKey(chain, offset))).value;
    return r && r.until > nowMs ? r.order_id : null;
  }

  async indexNonce(chain: string, nonce: string, orderId: string): Promise<void> {
    await this.#kv.set(nonceKey(chain, nonce), orderId);
  }

  async orderByNonce(chain: string, nonce: string): Promise<string | null> {
    return (await this.#kv.get<string>(nonceKey(chain, nonce))).value;
  }

  async creditedTo(key: string): Promise<string | null> {
    return (await this.#kv.get<string>(creditKey(key))).value;
  }

  async unfinishedIds(): Promise<string[]> {
    const ids: { id: string; at: string }[] = [];
    for await (const e of this.#kv.list<string>({ prefix: [P, "open"] })) {
      ids.push({ id: String(e.key[e.key.length - 1]), at: e.value });
    }
    return ids.sort((a, b) => a.at < b.at ? -1 : a.at > b.at ? 1 : 0).map((x) => x.id);
  }

  async list(limit = 1000): Promise<ShopOrder[]> {
    const all: ShopOrder[] = [];
    for await (const e of this.#kv.list<ShopOrder>({ prefix: [P, "order"] })) all.push(e.value);
    all.sort((a, b) => a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);
    return all.slice(0, limit);
  }

  async addUnattributed(t: UnattributedTransfer): Promise<boolean> {
    const k: Deno.KvKey = [P, "unattributed", t.key.toLowerCase()];
    return (await this.#kv.atomic().check({ key: k, versionstamp: null }).set(k, t).commit()).ok;
  }

  async removeUnattributed(key: string): Promise<void> {
    await this.#kv.delete([P, "unattributed", key.toLowerCase()]);
  }

  async listUnattributed(): Promise<UnattributedTransfer[]> {
    const out: UnattributedTransfer[] = [];
    for await (const e of this.#kv.list<UnattributedTransfer>({ prefix: [P, "unattributed"] })) {
      out.push(e.value);
    }
    return out;
  }

  async getCursor(chain: string): Promise<WatchCursor | null> {
    return (await this.#kv.get<WatchCursor>([P, "cursor", chain])).value;
  }

  async setCursor(chain: string, cursor: WatchCursor): Promise<void> {
    await this.#kv.set([P, "cursor", chain], cursor);
  }
}
