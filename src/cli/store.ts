/**
 * `esim-rails store migrate|export|import` (DESIGN.md §13): creates or upgrades the PostgreSQL
 * schema, and moves a node's durable records (claims, orders, webhook events, supplier-order
 * idempotency, receiver orders, key fingerprints) between backends as JSON lines, e.g. from
 * the KV file to PostgreSQL. The store is PostgreSQL when `STORE_URL` is set (unless
 * `--kv-path` is given), otherwise the KV file. Import only adds records that are absent, so
 * running it twice is harmless.
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { maskStoreUrl } from "../config/config.ts";
import { openStore } from "../store/open.ts";
import {
  type DataStore,
  DUMP_KINDS,
  type DumpRecord,
  RestoreConflictError,
} from "../store/types.ts";

const USAGE = `Usage: esim-rails store <migrate|export|import> [options]

  migrate   create or upgrade the PostgreSQL schema at STORE_URL (idempotent; concurrent runs
            wait for each other). Without STORE_URL there is nothing to migrate (KV).
  export    write every durable record as JSON lines (to --out, default stdout)
  import    read JSON lines (from --in, default stdin) into the store; records already
            there are left as they are

The store is PostgreSQL at STORE_URL when it is set, otherwise the Deno KV file.
  --kv-path <file>  use this Deno KV file (overrides STORE_URL; default KV_PATH, else
                    DATA_DIR/esim-rails.kv); the server must not be running on it
  --out <file>      export: write here instead of stdout (created with mode 0600)
  --in <file>       import: read from here instead of stdin

Moving a node from KV to PostgreSQL (stop it first):
  esim-rails store export --kv-path ./data/esim-rails.kv --out node.jsonl
  STORE_URL=postgres://... esim-rails store import --in node.jsonl`;

export const command: CliCommand = {
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = await parseFlags(argv, {
      "kv-path": { type: "string" },
      out: { type: "string" },
      in: { type: "string" },
    }, true);
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    const action = positionals[0];
    if (positionals.length !== 1 || !["migrate", "export", "import"].includes(action!)) {
      throw new UsageError("give one of: migrate, export, import");
    }
    if (values.out !== undefined && action !== "export") {
      throw new UsageError("--out is for export");
    }
    if (values.in !== undefined && action !== "import") throw new UsageError("--in is for import");
    const storeUrl = values["kv-path"] === undefined
      ? Deno.env.get("STORE_URL")?.trim() || undefined
      : undefined;
    const kvPath = values["kv-path"] ?? (Deno.env.get("KV_PATH") ||
      `${(Deno.env.get("DATA_DIR") || "./data").replace(/\/+$/, "")}/esim-rails.kv`);

    if (action === "migrate") {
      if (!storeUrl) {
        console.log("esim-rails store migrate: no STORE_URL; the Deno KV store needs no migration");
        return 0;
      }
      const { openPostgresStore } = await import("../store/postgres/pg_store.ts");
      const { SCHEMA_VERSION } = await import("../store/postgres/schema.ts");
      try {
        const s = await openPostgresStore(storeUrl);
        await s.close();
      } catch (err) {
        console.error(`esim-rails store migrate: ${(err as Error).message}`);
        return 1;
      }
      console.log(
        `esim-rails store migrate: ${maskStoreUrl(storeUrl)} is at schema ${SCHEMA_VERSION}`,
      );
      return 0;
    }

    if (!storeUrl && action === "export" && kvPath !== ":memory:") {
      if (!(await Deno.stat(kvPath).then(() => true, () => false))) {
        console.error(
          `esim-rails store export: no KV file at ${kvPath} (set --kv-path or KV_PATH)`,
        );
        return 1;
      }
    }
    let store: DataStore;
    try {
      store = await openStore({ kvPath, storeUrl });
    } catch (err) {
      console.error(`esim-rails store ${action}: ${(err as Error).message}`);
      return 1;
    }
    try {
      return action === "export"
        ? await exportTo(store, values.out)
        : await importFrom(store, values.in);
    } finally {
      await store.close();
    }
  },
};

async function exportTo(store: DataStore, out: string | undefined): Promise<number> {
  const file = out
    ? await Deno.open(out, { write: true, create: true, truncate: true, mode: 0o600 })
    : undefined;
  const w = (file?.writable ?? Deno.stdout.writable).getWriter();
  const enc = new TextEncoder();
  const counts = new Map<string, number>();
  try {
    let batch = "";
    for await (const rec of store.dump()) {
      counts.set(rec.kind, (counts.get(rec.kind) ?? 0) + 1);
      batch += JSON.stringify(rec) + "\n";
      if (batch.length > 64 * 1024) {
        await w.write(enc.encode(batch));
        batch = "";
      }
    }
    if (batch) await w.write(enc.encode(batch));
  } finally {
    if (file) await w.close();
    else w.releaseLock();
  }
  console.error(`esim-rails store export: ${summary(counts)} from ${store.location}`);
  return 0;
}

async function importFrom(store: DataStore, input: string | undefined): Promise<number> {
  const source = input ? (await Deno.open(input)).readable : Deno.stdin.readable;
  const added = new Map<string, number>();
  let present = 0;
  let lineNo = 0;
  let rest = "";
  const handle = async (line: string): Promise<string | null> => {
    lineNo++;
    if (!line.trim()) return null;
    let rec: DumpRecord;
    try {
      rec = JSON.parse(line);
    } catch {
      return `line ${lineNo} is not JSON`;
    }
    if (!rec || typeof rec !== "object" || !DUMP_KINDS.includes(rec.kind)) {
      return `line ${lineNo}: unknown record kind ${
        JSON.stringify((rec as { kind?: unknown })?.kind)
      }`;
    }
    let written;
    try {
      written = await store.restore(rec);
    } catch (err) {
      if (err instanceof RestoreConflictError) return `line ${lineNo}: ${err.message}`;
      throw err;
    }
    if (written) added.set(rec.kind, (added.get(rec.kind) ?? 0) + 1);
    else present++;
    return null;
  };
  for await (const chunk of source.pipeThrough(new TextDecoderStream())) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop()!;
    for (const line of lines) {
      const problem = await handle(line);
      if (problem) return stop(problem);
    }
  }
  const problem = await handle(rest);
  if (problem) return stop(problem);
  console.error(
    `esim-rails store import: added ${summary(added)}; ${present} already present; ` +
      `into ${store.location}`,
  );
  return 0;

  function stop(problem: string): number {
    console.error(
      `esim-rails store import: ${problem}; stopped there (added ${summary(added)}, ` +
        `${present} already present; running the import again is safe)`,
    );
    return 1;
  }
}

function summary(counts: Map<string, number>): string {
  const parts = [...counts].map(([k, n]) => `${n} ${k}`);
  return parts.length ? parts.join(", ") : "nothing";
}
