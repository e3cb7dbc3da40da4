/**
 * Large firewall-scan and mcp-diff inputs run in worker isolates with a deadline.
 *
 * A scan is synchronous: on the server's one JavaScript thread, a big tool list (hundreds of
 * milliseconds) or an input shaped to make some pattern slow (seconds) would stall every other
 * request, settlements included. So inputs above `inlineChars` go to a small pool of workers;
 * a job that runs past its deadline has its worker terminated (nothing inside the scan can be
 * trusted to stop itself) and fails with 503 `scan_timeout`, which the paywall answers without
 * charging. Small inputs, nearly every request, scan in place: a worker round trip would cost
 * more than their scan.
 */
import { ErrorCode, HttpError } from "../http/errors.ts";
import type { ScanJob, ScanReply } from "./scan_worker.ts";
import type { Tool } from "./scan.ts";

/** What a pool job asks for, before the pool numbers it. */
export type PoolJob =
  | { kind: "scan"; tools: Tool[] }
  | { kind: "diff"; old: Tool[]; new: Tool[] };

export interface ScanPoolOptions {
  /** Workers at most (default: the machine's cores, at most 4). */
  size?: number;
  /** How long one job may run in its worker, in ms (default 10,000). */
  deadlineMs?: number;
  /** An idle worker is ended after this many ms (default 30,000). */
  idleMs?: number;
}

interface Pending {
  job: ScanJob;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded the rules (its first message). */
  ready: boolean;
  idleTimer?: ReturnType<typeof setTimeout>;
}

/** Inputs whose JSON is at most this many characters scan in place (a few ms at most). */
export const INLINE_CHARS = 16_384;

export const DEFAULT_DEADLINE_MS = 10_000;

/** How long a new worker may take to load the rules before its job fails. */
const LOAD_DEADLINE_MS = 60_000;

export class ScanPool {
  readonly size: number;
  readonly deadlineMs: number;
  readonly idleMs: number;
  #idle: Slot[] = [];
  #running = 0;
  #queue: Pending[] = [];
  #nextId = 1;
  #closed = false;
  #live = new Set<Slot>();
  #stops = new Set<(err: Error) => void>();
  /** Workers started so far (tests watch it). */
  started = 0;

  constructor(opts: ScanPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? Math.min(4, navigator.hardwareConcurrency || 1));
    this.deadlineMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.idleMs = opts.idleMs ?? 30_000;
  }

  /** Runs a job in a worker; rejects with 503 `scan_timeout` past the deadline. */
  run(job: PoolJob): Promise<unknown> {
    if (this.#closed) return Promise.reject(closedError());
    return new Promise((resolve, reject) => {
      this.#queue.push({ job: { ...job, id: this.#nextId++ } as ScanJob, resolve, reject });
      this.#pump();
    });
  }

  /** Ends every worker; queued and running jobs fail. Idempotent. */
  close(): void {
    this.#closed = true;
    for (const p of this.#queue.splice(0)) p.reject(closedError());
    for (const stop of [...this.#stops]) stop(closedError());
    for (const slot of this.#live) this.#end(slot);
    this.#idle = [];
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      let slot = this.#idle.pop();
      if (!slot) {
        if (this.#running >= this.size) return;
        slot = this.#spawn();
      }
      this.#dispatch(slot, this.#queue.shift()!);
    }
  }

  #spawn(): Slot {
    this.started++;
    const worker = new Worker(new URL("./scan_worker.ts", import.meta.url), { type: "module" });
    const slot: Slot = { worker, ready: false };
    this.#live.add(slot);
    return slot;
  }

  #dispatch(slot: Slot, p: Pending): void {
    clearTimeout(slot.idleTimer);
    this.#running++;
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The deadline counts from dispatch, so a queued job does not spend its time waiting.
    const finish = (err: Error | undefined, value?: unknown, reuse = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      this.#stops.delete(stop);
      this.#running--;
      slot.worker.onmessage = null;
      slot.worker.onerror = null;
      if (reuse && !this.#closed) this.#park(slot);
      else this.#end(slot);
      if (err) p.reject(err);
      else p.resolve(value);
      if (!this.#closed) this.#pump();
    };
    const stop = (err: Error) => finish(err);
    this.#stops.add(stop);
    const timeout = (ms: number, what: string) =>
      setTimeout(() => {
        finish(
          new HttpError(
            503,
            ErrorCode.ScanTimeout,
            `${what} within ${ms / 1000} s; nothing was charged.`,
            {
              headers: { "retry-after": "1" },
            },
          ),
        );
      }, ms);
    const start = () => {
      clearTimeout(timer);
      timer = timeout(this.deadlineMs, "The scan did not finish (send fewer or shorter tools)");
      slot.worker.postMessage(p.job);
    };
    slot.worker.onmessage = (e: MessageEvent<ScanReply>) => {
      const r = e.data;
      if ("ready" in r) {
        slot.ready = true;
        start();
      } else if (r.id !== p.job.id) return;
      else if ("error" in r) finish(new Error(r.error), undefined, true);
      else finish(undefined, r.value, true);
    };
    slot.worker.onerror = (e) => {
      e.preventDefault();
      finish(new Error(`the scan worker failed: ${e.message}`));
    };
    // A new worker's deadline starts once it has loaded the rules; loading has its own bound.
    if (slot.ready) start();
    else timer = timeout(LOAD_DEADLINE_MS, "The scanner did not start");
  }

  #park(slot: Slot): void {
    this.#idle.push(slot);
    // An idle worker holds memory for nothing; its timer must not keep the process alive.
    const timer = setTimeout(() => {
      this.#idle = this.#idle.filter((s) => s !== slot);
      this.#end(slot);
    }, this.idleMs);
    Deno.unrefTimer(timer);
    slot.idleTimer = timer;
  }

  #end(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    slot.worker.terminate();
    this.#live.delete(slot);
  }
}

function closedError(): Error {
  return new HttpError(503, ErrorCode.Internal, "The server is shutting down", {
    headers: { "retry-after": "1" },
  });
}

/** JSON size of a job's input: what decides whether it runs in place. */
export function jobChars(job: PoolJob): number {
  return job.kind === "scan"
    ? JSON.stringify(job.tools).length
    : JSON.stringify(job.old).length + JSON.stringify(job.new).length;
}

let shared: ScanPool | undefined;
let sharedOptions: ScanPoolOptions = {};

/** The process-wide pool of the paid security routes, started on first use. */
export function scanPool(): ScanPool {
  return shared ??= new ScanPool(sharedOptions);
}

/** Sets the shared pool's options (`serve` passes `SCAN_TIMEOUT_MS`); a pool set up otherwise ends. */
export function configureScanPool(opts: ScanPoolOptions): void {
  const same = JSON.stringify(opts) === JSON.stringify(sharedOptions);
  sharedOptions = opts;
  if (!same) closeScanPool();
}

/** Ends the shared pool's workers (server shutdown): no worker outlives the server. */
export function closeScanPool(): void {
  shared?.close();
  shared = undefined;
}

/**
 * Runs a scan or diff: in place when its input is small, else in the pool with its deadline.
 *
 * @example
 * ```ts
 * import { boundedRun } from "./scan_pool.ts";
 * const v = await boundedRun({ kind: "scan", tools: [{ name: "echo" }] }, () => ({ allow: true }));
 * ```
 */
export function boundedRun<T>(job: PoolJob, inPlace: () => T, pool = scanPool()): Promise<T> {
  if (jobChars(job) <= INLINE_CHARS) return Promise.resolve().then(inPlace);
  return pool.run(job) as Promise<T>;
}
