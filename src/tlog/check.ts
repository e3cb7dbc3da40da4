/**
 * transparency-check (DESIGN.md §5, §11): matches a target against the log and builds the
 * signed `log.check/v1` record. Reads the log only; never contacts the server asked about.
 *
 * @example
 * ```ts
 * import { Ed25519Signer } from "../crypto/ed25519.ts";
 * import { Store } from "../store/kv.ts";
 * import { KvTlogStore } from "../store/kv/tlog.ts";
 * import { TransparencyLog } from "./log.ts";
 * import { checkTarget } from "./check.ts";
 * const store = await Store.open(":memory:");
 * const log = new TransparencyLog(new KvTlogStore(store), Ed25519Signer.generate(), "example.com/mcp-log");
 * (await checkTarget(log, { name: "io.example/none" }, new Date())).match; // "not_found"
 * store.close();
 * ```
 */
import { canonicalBytes } from "../crypto/canonical.ts";
import { keyIdOf } from "../crypto/ed25519_core.ts";
import { toBase64, toHex } from "../crypto/hash.ts";
import type { TransparencyLog } from "./log.ts";
import type { Observation, ScanSummary, Target } from "./observation.ts";
import type { IndexEntry } from "./store.ts";

export const CHECK_DOMAIN = "esim-rails.log-check/v1\n";

export type Match = "exact" | "changed" | "name_only" | "endpoint_only" | "mismatch" | "not_found";

export interface ScanDelta {
  score_before: number;
  score_after: number;
  allow_before: boolean;
  allow_after: boolean;
  /** Findings per category, after minus before (categories that did not change are left out). */
  categories: Record<string, number>;
}

export interface Change {
  observed_at: string;
  added: string[];
  removed: string[];
  modified: string[];
  scan_delta: ScanDelta;
}

export interface CheckRecord {
  type: "log.check/v1";
  match: Match;
  target: Target;
  first_seen?: string;
  last_seen?: string;
  observations: number;
  changed: boolean;
  changes: Change[];
  latest?: Observation;
  log: {
    origin: string;
    tree_size: number;
    leaf_index?: number;
    inclusion_proof?: string[];
    checkpoint: string;
  };
  issued_at: string;
  key_id: string;
  signature: string;
}

function merge(a: IndexEntry[], b: IndexEntry[]): IndexEntry[] {
  const seen = new Map<number, IndexEntry>();
  for (const e of [...a, ...b]) seen.set(e.leaf_index, e);
  return [...seen.values()].sort((x, y) => x.leaf_index - y.leaf_index);
}

/** Names tied to these observations, newest first. */
function namesOf(entries: IndexEntry[]): string[] {
  const out: string[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const n = entries[i]!.name;
    if (n !== undefined && !out.includes(n)) out.push(n);
  }
  return out;
}

function scanDelta(before: ScanSummary, after: ScanSummary): ScanDelta {
  const categories: Record<string, number> = {};
  for (const c of new Set([...Object.keys(before.categories), ...Object.keys(after.categories)])) {
    const d = (after.categories[c] ?? 0) - (before.categories[c] ?? 0);
    if (d !== 0) categories[c] = d;
  }
  return {
    score_before: before.score,
    score_after: after.score,
    allow_before: before.allow,
    allow_after: after.allow,
    categories,
  };
}

function diffTools(before: Observation, after: Observation): Omit<Change, "scan_delta"> {
  const old = new Map((before.tools ?? []).map((t) => [t.name, t.sha256]));
  const cur = new Map((after.tools ?? []).map((t) => [t.name, t.sha256]));
  return {
    observed_at: after.observed_at,
    added: [...cur.keys()].filter((n) => !old.has(n)),
    removed: [...old.keys()].filter((n) => !cur.has(n)),
    modified: [...cur.keys()].filter((n) => old.has(n) && old.get(n) !== cur.get(n)),
  };
}

interface Resolution {
  match: Match;
  target: Target;
  history: IndexEntry[];
}

async function resolve(log: TransparencyLog, q: Target): Promise<Resolution> {
  const store = log.store;
  const byName = q.name !== undefined ? await store.byName(q.name) : [];
  const byEp = q.endpoint !== undefined ? await store.byEndpoint(q.endpoint) : [];
  const target: Target = { ...q };
  if (q.name !== undefined && q.endpoint !== undefined) {
    if (!byName.length && !byEp.length) return { match: "not_found", target, history: [] };
    if (!byName.length || !byEp.length || !namesOf(byEp).includes(q.name)) {
      return { match: "mismatch", target, history: merge(byName, byEp) };
    }
    return named(target, merge(byName, byEp));
  }
  if (q.name !== undefined) {
    return byName.length ? named(target, byName) : { match: "not_found", target, history: [] };
  }
  if (!byEp.length) return { match: "not_found", target, history: [] };
  const name = namesOf(byEp)[0];
  if (name === undefined) return { match: "endpoint_only", target, history: byEp };
  target.name = name;
  return named(target, merge(await store.byName(name), byEp));
}

function named(target: Target, history: IndexEntry[]): Resolution {
  const sets = new Set(history.filter((e) => e.outcome === "ok").map((e) => e.tools_sha256));
  const match: Match = sets.size === 0 ? "name_only" : sets.size === 1 ? "exact" : "changed";
  return { match, target, history };
}

/** Builds and signs the record for `query` (name and/or normalised endpoint). */
export async function checkTarget(
  log: TransparencyLog,
  query: Target,
  now: Date,
): Promise<CheckRecord> {
  const { match, target, history } = await resolve(log, query);
  const checkpoint = await log.checkpoint();
  const changes: Change[] = [];
  let prev: IndexEntry | undefined;
  // Name and endpoint of a mismatch are two servers: their tool sets are not one history.
  for (const e of match === "mismatch" ? [] : history) {
    if (e.outcome !== "ok") continue;
    if (prev && prev.tools_sha256 !== e.tools_sha256) {
      const [a, b] = await Promise.all([
        log.observation(prev.leaf_index),
        log.observation(e.leaf_index),
      ]);
      changes.push({ ...diffTools(a, b), scan_delta: scanDelta(a.scan!, b.scan!) });
    }
    prev = e;
  }
  const last = history.at(-1);
  const record: Omit<CheckRecord, "signature"> & { signature?: string } = {
    type: "log.check/v1",
    match,
    target,
    ...(history.length
      ? { first_seen: history[0]!.observed_at, last_seen: last!.observed_at }
      : {}),
    observations: history.length,
    changed: changes.length > 0,
    changes,
    log: { origin: log.origin, tree_size: checkpoint.size, checkpoint: checkpoint.note },
    issued_at: now.toISOString(),
    key_id: keyIdOf(log.publicKey),
  };
  if (last) {
    record.latest = await log.observation(last.leaf_index);
    record.log.leaf_index = last.leaf_index;
    record.log.inclusion_proof = (await log.inclusion(last.leaf_index, checkpoint.size)).map(toHex);
  }
  const message = new Uint8Array([
    ...new TextEncoder().encode(CHECK_DOMAIN),
    ...canonicalBytes(record),
  ]);
  record.signature = toBase64(await log.sign(message));
  return record as CheckRecord;
}
