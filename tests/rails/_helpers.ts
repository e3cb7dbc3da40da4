/** Shared helpers of the rails tests: an in-process receiver on an ephemeral loopback port. */
import { createSupplierReceiver, type ReceiverOptions } from "../../rails/receiver/handler.ts";
import { MemoryReceiverStore, type ReceiverStore } from "../../rails/receiver/store.ts";
import { KvReceiverStore } from "../../rails/receiver/kv_store_deno.ts";
import { DEMO_CATALOG } from "../../rails/receiver/demo_catalog.ts";
import { signRequest } from "../../rails/supplier/http_signature.ts";

export const SECRET = "test-secret-0123456789abcdef";

/** A clock the test moves by hand. */
export class FakeClock {
  constructor(public t = 1_763_700_000_000) {}
  now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface RunningReceiver {
  url: string;
  clock: FakeClock;
  store: ReceiverStore;
  close(): Promise<void>;
}

/** The two store backends, for case tables that run against both. */
export const STORES: { name: string; open(): Promise<{ store: ReceiverStore; close(): void }> }[] =
  [
    {
      name: "memory store",
      open: () => Promise.resolve({ store: new MemoryReceiverStore(), close: () => {} }),
    },
    {
      name: "Deno KV store",
      open: async () => {
        const kv = await Deno.openKv(":memory:");
        return { store: new KvReceiverStore(kv), close: () => kv.close() };
      },
    },
  ];

/** Starts the reference receiver in-process on 127.0.0.1:0 with a fake clock. */
export async function startReceiver(
  options: Partial<ReceiverOptions> & {
    openStore?: () => Promise<{ store: ReceiverStore; close(): void }>;
  } = {},
): Promise<RunningReceiver> {
  const clock = new FakeClock();
  const opened = options.openStore
    ? await options.openStore()
    : { store: options.store ?? new MemoryReceiverStore(), close: () => {} };
  const handler = createSupplierReceiver({
    secret: SECRET,
    catalog: DEMO_CATALOG,
    profileDelayMs: 2000,
    now: clock.now,
    onError: (err) => {
      throw err;
    },
    ...options,
    store: opened.store,
  });
  let url = "";
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen: ({ port }) => url = `http://127.0.0.1:${port}`,
  }, handler);
  return {
    url,
    clock,
    store: opened.store,
    async close() {
      await server.shutdown();
      opened.close();
    },
  };
}

/** Sends a signed request the way the kit does, with full control over every part. */
export async function signedFetch(
  base: string,
  method: string,
  pathWithQuery: string,
  body: string | undefined,
  opts: { secret?: string; nowMs: number; signedBody?: string; signedPath?: string },
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = signRequest(opts.secret ?? SECRET, {
    method,
    pathWithQuery: opts.signedPath ?? pathWithQuery,
    body: opts.signedBody ?? body ?? "",
  }, opts.nowMs);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(base + pathWithQuery, { method, headers, body });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { _text: text };
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** The `error` member of a receiver error body. */
export function errorOf(body: Record<string, unknown>): { code: string; field?: string } {
  return body.error as { code: string; field?: string };
}
