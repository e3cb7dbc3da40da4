/**
 * The registry crawler (DESIGN.md §11): reads the MCP registry's `GET /v0.1/servers`
 * (`cursor`, `limit`, `updated_since`) into the store, then observes every server with a
 * streamable-HTTP remote and appends one observation per server (registry entries without one
 * are logged `not_observable`). It runs no package and contacts only the remote URLs the
 * registry lists. Interrupted crawls resume from the saved cursor (registry pass) or the last
 * observed name (observation pass).
 */
import type { TransparencyLog } from "./log.ts";
import { observeEndpoint, type ObserveOptions } from "./mcp_client.ts";
import {
  failedObservation,
  isServerName,
  normalizeEndpoint,
  type Observation,
  type Outcome,
  type RegistryInfo,
  type ScanSummary,
  sortTools,
} from "./observation.ts";
import { okObservation } from "./ok_observation.ts";
import { ErrorCode, HttpError } from "../http/errors.ts";
import type { CrawlState, RegistryEntry } from "./store.ts";
import type { Tool } from "../security/scan.ts";

/** The registry itself failed: the crawl stops (and resumes from its cursor next time). */
export class RegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RegistryError";
  }
}

export interface CrawlOptions {
  /** Registry base URL, e.g. `https://registry.modelcontextprotocol.io`. */
  registry: string;
  /** Servers observed at once (default 8). */
  concurrency?: number;
  /** Registry page size (default 100, the registry's cap). */
  pageLimit?: number;
  /** Per-server options (deadline, size caps, private addresses, HTTP client). */
  observe?: ObserveOptions;
  /** HTTP client for the registry requests (tests trust their CA with it). */
  registryClient?: Deno.HttpClient;
  /** Progress lines (the CLI writes them to stderr). */
  progress?: (line: string) => void;
  now?: () => Date;
  signal?: AbortSignal;
  /**
   * Scans a server's sorted tool set. Default: in place. `serve` passes one that runs large sets
   * in the scan pool with its deadline, so a server's tool list cannot stall the node's thread.
   */
  scan?: ScanSet;
}

/** Summarises a sorted tool set; fails with 503 `scan_timeout` past its deadline. */
export type ScanSet = (sortedTools: Tool[]) => Promise<ScanSummary>;

export interface CrawlSummary {
  resumed: boolean;
  pages: number;
  registry_entries: number;
  observations: number;
  outcomes: Partial<Record<Outcome, number>>;
  tree_size: number;
}

const OFFICIAL = "io.modelcontextprotocol.registry/official";
const MAX_REMOTES = 3;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** One registry item → our entry; undefined for items we skip (not latest, malformed name). */
export function registryEntryOf(item: unknown): RegistryEntry | undefined {
  if (!isObject(item) || !isObject(item.server)) return undefined;
  const s = item.server;
  const meta = isObject(item._meta) && isObject(item._meta[OFFICIAL]) ? item._meta[OFFICIAL] : {};
  if (meta.isLatest === false) return undefined;
  if (typeof s.name !== "string" || !isServerName(s.name)) return undefined;
  const remotes = Array.isArray(s.remotes)
    ? s.remotes.filter(isObject).filter((r) =>
      typeof r.type === "string" && typeof r.url === "string"
    )
      .slice(0, 10).map((r) => ({ type: String(r.type), url: String(r.url).slice(0, 2048) }))
    : [];
  return {
    name: s.name,
    version: typeof s.version === "string" ? s.version : "",
    status: typeof meta.status === "string" ? meta.status : "active",
    published_at: typeof meta.publishedAt === "string" ? meta.publishedAt : "",
    ...(typeof meta.updatedAt === "string" ? { updated_at: meta.updatedAt } : {}),
    remotes,
  };
}

/** The concrete https streamable-HTTP endpoints of an entry (templated URLs are skipped). */
export function observableEndpoints(entry: RegistryEntry): string[] {
  const out: string[] = [];
  for (const r of entry.remotes) {
    if (r.type !== "streamable-http" || r.url.includes("{")) continue;
    const ep = normalizeEndpoint(r.url);
    if (ep && !out.includes(ep)) out.push(ep);
  }
  return out.slice(0, MAX_REMOTES);
}

async function fetchPage(
  opts: CrawlOptions,
  cursor: string | undefined,
  since: string | undefined,
): Promise<{ items: unknown[]; next?: string }> {
  const url = new URL(opts.registry.replace(/\/+$/, "") + "/v0.1/servers");
  url.searchParams.set("limit", String(opts.pageLimit ?? 100));
  if (cursor) url.searchParams.set("cursor", cursor);
  if (since) url.searchParams.set("updated_since", since);
  const timeout = AbortSignal.timeout(30_000);
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: "application/json" },
      signal: opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout,
      ...(opts.registryClient ? { client: opts.registryClient } : {}),
    } as RequestInit);
  } catch (err) {
    throw new RegistryError(`registry ${url.origin} unreachable: ${(err as Error).message}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new RegistryError(
      `registry answered HTTP ${res.status} for ${url.pathname}${url.search}`,
    );
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new RegistryError("registry answer is not JSON");
  }
  if (!isObject(body) || !Array.isArray(body.servers)) {
    throw new RegistryError("registry answer has no 'servers' array");
  }
  const meta = isObject(body.metadata) ? body.metadata : {};
  const next = typeof meta.nextCursor === "string" && meta.nextCursor ? meta.nextCursor : undefined;
  return { items: body.servers, next };
}

/** Observes one registry entry: one observation per observable endpoint, or `not_observable`. */
export async function observeEntry(
  entry: RegistryEntry,
  now: () => Date,
  observe: ObserveOptions,
  scan?: ScanSet,
): Promise<{ observation: Observation; tools?: Tool[] }[]> {
  const registry: RegistryInfo = {
    status: entry.status,
    version: entry.version,
    published_at: entry.published_at,
  };
  const endpoints = entry.status === "deleted" ? [] : observableEndpoints(entry);
  if (!endpoints.length) {
    return [{
      observation: failedObservation({ name: entry.name }, now().toISOString(), "not_observable", {
        registry,
      }),
    }];
  }
  const out = [];
  for (const endpoint of endpoints) {
    const r = await observeEndpoint(endpoint, observe);
    const target = { name: entry.name, endpoint };
    const at = now().toISOString();
    let summary: ScanSummary | undefined;
    if (r.outcome === "ok" && scan) {
      try {
        summary = await scan(sortTools(r.tools));
      } catch (err) {
        if (!(err instanceof HttpError && err.code === ErrorCode.ScanTimeout)) throw err;
        // A tool list too costly to scan is beyond what the log takes, like one over 500 tools.
        out.push({ observation: failedObservation(target, at, "protocol_error", { registry }) });
        continue;
      }
    }
    if (r.outcome === "ok") {
      const extra = { server_info: r.server_info, registry, ...(summary ? { scan: summary } : {}) };
      out.push({ observation: okObservation(target, at, r.tools, extra), tools: r.tools });
    } else {
      out.push({ observation: failedObservation(target, at, r.outcome, { registry }) });
    }
  }
  return out;
}

/** Runs (or resumes) one crawl. Throws `RegistryError` when the registry fails. */
export async function crawl(log: TransparencyLog, opts: CrawlOptions): Promise<CrawlSummary> {
  const now = opts.now ?? (() => new Date());
  const say = opts.progress ?? (() => {});
  const store = log.store;
  const prev = await store.getCrawlState();
  let state: CrawlState;
  const resumed = prev !== null && prev.phase !== "done";
  if (resumed) {
    state = prev!;
    say(`crawl: resuming (${state.phase}${state.cursor ? `, cursor ${state.cursor}` : ""})`);
  } else {
    state = {
      phase: "registry",
      started_at: now().toISOString(),
      ...(prev?.completed_at ? { since: prev.started_at, completed_at: prev.completed_at } : {}),
    };
    await store.setCrawlState(state);
  }
  const summary: CrawlSummary = {
    resumed,
    pages: 0,
    registry_entries: 0,
    observations: 0,
    outcomes: {},
    tree_size: 0,
  };

  while (state.phase === "registry") {
    opts.signal?.throwIfAborted();
    const page = await fetchPage(opts, state.cursor, state.since);
    for (const item of page.items) {
      const entry = registryEntryOf(item);
      if (!entry) continue;
      await store.putRegistryEntry(entry);
      summary.registry_entries++;
    }
    summary.pages++;
    say(
      `crawl: registry page ${summary.pages}: ${page.items.length} entries (${summary.registry_entries} kept)`,
    );
    state = page.next
      ? { ...state, cursor: page.next }
      : { phase: "observe", started_at: state.started_at, completed_at: state.completed_at };
    await store.setCrawlState(state);
  }

  const width = Math.max(1, opts.concurrency ?? 8);
  const observe = { ...opts.observe, signal: opts.signal };
  let batch: RegistryEntry[] = [];
  const flush = async () => {
    const results = await Promise.all(batch.map((e) => observeEntry(e, now, observe, opts.scan)));
    // Stopped mid-batch: what the servers "answered" is our own abort; log none of it.
    opts.signal?.throwIfAborted();
    const items = results.flat();
    await log.appendMany(items);
    for (const { observation } of items) {
      summary.observations++;
      summary.outcomes[observation.outcome] = (summary.outcomes[observation.outcome] ?? 0) + 1;
    }
    state = { ...state, after: batch.at(-1)!.name };
    await store.setCrawlState(state);
    const counts = Object.entries(summary.outcomes).map(([k, v]) => `${k} ${v}`).join(", ");
    say(`crawl: observed ${summary.observations} (${counts})`);
    batch = [];
  };
  for await (const entry of store.registryEntries(state.after)) {
    opts.signal?.throwIfAborted();
    batch.push(entry);
    if (batch.length >= width) await flush();
  }
  if (batch.length) await flush();
  await store.setCrawlState({
    phase: "done",
    started_at: state.started_at,
    completed_at: now().toISOString(),
  });
  summary.tree_size = (await log.checkpoint()).size;
  say(`crawl: done, ${summary.observations} observations, tree size ${summary.tree_size}`);
  return summary;
}
