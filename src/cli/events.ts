/**
 * `esim-rails events`: lists the webhook events stored in the KV file with their delivery
 * status and attempts (DESIGN.md §7: an event that failed all tries stays visible). Deno KV
 * allows one process per file: while `esim-rails serve` holds the file, this command says so
 * and exits 1 (stop the server, or read a copy of the file and its `-wal` file).
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { Store, StoreError } from "../store/kv.ts";
import type { DataStore } from "../store/types.ts";
import { openStore } from "../store/open.ts";
import { maskStoreUrl } from "../config/config.ts";
import { type DeliveryStatus, listEvents, type StoredEvent } from "../webhooks/queue.ts";

const USAGE =
  `Usage: esim-rails events [--failed | --pending | --delivered] [--json] [--kv-path <file>]

Lists stored webhook events, oldest first, with their delivery status and attempts.

  --failed          only events that failed all tries
  --pending         only events still waiting for a try
  --delivered       only acknowledged events (kept 7 days)
  --json            one JSON object per line instead of a table
  --limit <n>       only the newest n events
  --kv-path <file>  Deno KV file (default: KV_PATH, else DATA_DIR/esim-rails.kv, else
                    ./data/esim-rails.kv); the server must not be running on it`;

export const command: CliCommand = {
  usage: USAGE,
  async run(argv) {
    const { values } = await parseFlags(argv, {
      failed: { type: "boolean" },
      pending: { type: "boolean" },
      delivered: { type: "boolean" },
      json: { type: "boolean" },
      limit: { type: "string" },
      "kv-path": { type: "string" },
    });
    const chosen = (["failed", "pending", "delivered"] as const).filter((s) => values[s]);
    if (chosen.length > 1) throw new UsageError("use only one of --failed, --pending, --delivered");
    const status: DeliveryStatus | undefined = chosen[0];
    let limit: number | undefined;
    if (values.limit !== undefined) {
      if (!/^\d{1,9}$/.test(values.limit) || Number(values.limit) < 1) {
        throw new UsageError("--limit must be a positive integer");
      }
      limit = Number(values.limit);
    }
    const storeUrl = values["kv-path"] === undefined ? Deno.env.get("STORE_URL") : undefined;
    if (storeUrl) {
      // The shared PostgreSQL store: readable while the nodes run.
      let pg: DataStore;
      try {
        pg = await openStore({ kvPath: "", storeUrl });
      } catch (err) {
        console.error(`esim-rails events: ${(err as Error).message}`);
        return 1;
      }
      try {
        return print(await listEvents(pg, { status, limit }), maskStoreUrl(storeUrl));
      } finally {
        await pg.close();
      }
    }
    const kvPath = values["kv-path"] ?? Deno.env.get("KV_PATH") ??
      `${Deno.env.get("DATA_DIR") || "./data"}/esim-rails.kv`;
    if (kvPath !== ":memory:") {
      try {
        await Deno.stat(kvPath);
      } catch {
        console.error(`esim-rails events: no KV file at ${kvPath} (set --kv-path or KV_PATH)`);
        return 1;
      }
    }
    let store: Store;
    try {
      store = await Store.open(kvPath);
    } catch (err) {
      if (err instanceof StoreError) {
        console.error(
          `esim-rails events: ${err.message}. If esim-rails serve is running on it, stop it ` +
            `first or point --kv-path at a copy of the file made together with its -wal file ` +
            `(recent events are only there): cp ${kvPath} ${kvPath}-wal <dir>/`,
        );
        return 1;
      }
      throw err;
    }
    let events: StoredEvent[];
    try {
      events = await listEvents(store, { status, limit });
    } finally {
      store.close();
    }
    return print(events, kvPath);

    function print(events: StoredEvent[], where: string): number {
      if (values.json) {
        for (const e of events) {
          const { body, ...rest } = e;
          console.log(JSON.stringify({ ...rest, event: JSON.parse(body) }));
        }
        return 0;
      }
      if (events.length === 0) {
        console.log(`No ${status ?? "stored"} webhook events in ${where}.`);
        return 0;
      }
      for (const e of events) console.log(formatEvent(e));
      console.log(`${events.length} event(s)${status ? ` (${status})` : ""} in ${where}`);
      return 0;
    }
  },
};

/** One line per event, then one indented line per try. */
export function formatEvent(e: StoredEvent): string {
  const lines = [`${e.created_at}  ${e.status.padEnd(9)}  ${e.type.padEnd(24)}  ${e.id}`];
  for (const a of e.attempts) {
    const what = a.status !== undefined ? `HTTP ${a.status}` : `error: ${a.error}`;
    lines.push(`    try ${a.n} at ${a.at} (${a.duration_ms} ms): ${what}`);
  }
  if (e.status === "pending" && e.next_at !== null) {
    lines.push(`    next try at ${new Date(e.next_at).toISOString()}`);
  }
  return lines.join("\n");
}
