/**
 * `esim-rails orders`: people's storefront orders and agents' orders from the KV file, newest
 * first, with what needs a human (refund due, underpaid, expired with a payment, a failed
 * settlement) and the transfers no order claimed. Deno KV allows one process per file: while
 * `esim-rails serve` holds it, this command says so and exits 1.
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { StoreError } from "../store/kv.ts";
import { openStore } from "../store/open.ts";
import type { DataStore } from "../store/types.ts";
import { OrderStore } from "../node/order_store.ts";
import { agentRow, type OperatorRow, shopRow, unattributedNeeds } from "../shop/operator.ts";

const USAGE =
  `Usage: esim-rails orders [--status <s>[,<s>...]] [--needs-human] [--json] [--kv-path <file>]

Lists people's (storefront) and agents' orders, newest first, with what needs a human:
refunds due, underpaid or expired orders holding a payment, failed settlements, and
transfers to PAY_TO_EVM that no order claimed.

  --status <list>   only these states (e.g. refund_due,underpaid; storefront states:
                    awaiting_payment, underpaid, paid, supplier_ordered, delivered, expired,
                    refund_due; agent states: received ... delivered, refused, cancelled)
  --needs-human     only orders (and transfers) that need a human
  --json            one JSON object per line ({"kind":"shop"|"agent"|"unattributed",...})
  --kv-path <file>  Deno KV file (default: KV_PATH, else DATA_DIR/esim-rails.kv, else
                    ./data/esim-rails.kv); the server must not be running on it`;

export const command: CliCommand = {
  usage: USAGE,
  async run(argv) {
    const { values } = await parseFlags(argv, {
      status: { type: "string" },
      "needs-human": { type: "boolean" },
      json: { type: "boolean" },
      "kv-path": { type: "string" },
    });
    const statuses = values.status?.split(",").map((s) => s.trim()).filter(Boolean);
    if (values.status !== undefined && (!statuses || statuses.length === 0)) {
      throw new UsageError("--status needs one or more states, comma-separated");
    }
    for (const s of statuses ?? []) {
      if (!/^[a-z_]{1,40}$/.test(s)) throw new UsageError(`--status: "${s}" is not a state name`);
    }
    const storeUrl = Deno.env.get("STORE_URL")?.trim() || undefined;
    const kvPath = values["kv-path"] ?? Deno.env.get("KV_PATH") ??
      `${Deno.env.get("DATA_DIR") || "./data"}/esim-rails.kv`;
    if (!storeUrl && kvPath !== ":memory:") {
      try {
        await Deno.stat(kvPath);
      } catch {
        console.error(`esim-rails orders: no KV file at ${kvPath} (set --kv-path or KV_PATH)`);
        return 1;
      }
    }
    // STORE_URL (PostgreSQL, readable while the nodes run) when set, else the KV file.
    let store: DataStore;
    try {
      store = await openStore({ kvPath, storeUrl });
    } catch (err) {
      if (err instanceof StoreError) {
        console.error(
          storeUrl ? `esim-rails orders: ${err.message}` : `esim-rails orders: ${err.message}. ` +
            `If esim-rails serve is running on it, stop it first or point --kv-path at a copy of ` +
            `the file made together with its -wal file`,
        );
        return 1;
      }
      throw err;
    }
    let rows: OperatorRow[];
    let transfers;
    try {
      const shop = store.shop;
      rows = [
        ...(await shop.list(100_000)).map(shopRow),
        ...(await new OrderStore(store).list()).map(agentRow),
      ];
      transfers = await shop.listUnattributed();
    } finally {
      await store.close();
    }
    rows.sort((a, b) => a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);
    rows = rows.filter((r) =>
      (!statuses || statuses.includes(r.status)) && (!values["needs-human"] || r.needs)
    );
    const showTransfers = !statuses;
    if (values.json) {
      for (const r of rows) console.log(JSON.stringify(r));
      if (showTransfers) {
        for (const t of transfers) {
          console.log(JSON.stringify({ kind: "unattributed", ...t, needs: unattributedNeeds(t) }));
        }
      }
      return 0;
    }
    if (rows.length === 0) {
      console.log("No orders" + (statuses ? ` in ${statuses.join(", ")}` : "") + ".");
    }
    for (const r of rows) {
      console.log(
        `${r.created_at}  ${r.kind.padEnd(5)}  ${r.status.padEnd(16)}  ${
          r.price_usd.padStart(7)
        } USD  ${r.method.padEnd(14)}  ${r.order_id}  ${r.offer_name}`,
      );
      if (r.needs) console.log(`    needs a human: ${r.needs}`);
    }
    if (showTransfers && transfers.length) {
      console.log("");
      for (const t of transfers) console.log(`${t.seen_at}  ${unattributedNeeds(t)}`);
    }
    const human = rows.filter((r) => r.needs).length + (showTransfers ? transfers.length : 0);
    console.log(`${rows.length} order(s); ${human} need a human.`);
    return 0;
  },
};
