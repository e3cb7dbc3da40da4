/**
 * Polls `profiles` until the list is non-empty (spec §4.1 rule 3), with a bounded exponential
 * backoff: delays `initialDelayMs`, ×`factor`, capped at `maxDelayMs`, never past the deadline.
 * A retryable `SupplierError` during polling is tolerated until the deadline; a non-retryable
 * one ends the wait. At the deadline: `SupplierError("profile_timeout", retryable: true)`:
 * the order exists, its profile may still come.
 *
 * @example
 * ```ts
 * import { waitForProfiles } from "./wait_for_profiles.ts";
 * // const [profile] = await waitForProfiles(supplier, { orderRef }, { timeoutMs: 60_000 });
 * ```
 */
import { type Profile, type ProfilesQuery, type Supplier, SupplierError } from "./types.ts";

export interface WaitOptions {
  /** Give up after this long (default 120000 ms). */
  timeoutMs?: number;
  /** First pause between polls (default 500 ms). */
  initialDelayMs?: number;
  /** Upper bound of a pause (default 5000 ms). */
  maxDelayMs?: number;
  /** Growth of the pause (default 2). */
  factor?: number;
  /** Aborts the wait. */
  signal?: AbortSignal;
  /** Injectable clock and sleep (tests). */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export async function waitForProfiles(
  supplier: Pick<Supplier, "profiles">,
  query: ProfilesQuery,
  options: WaitOptions = {},
): Promise<Profile[]> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const maxDelay = options.maxDelayMs ?? 5_000;
  const factor = options.factor ?? 2;
  let delay = options.initialDelayMs ?? 500;
  const deadline = now() + timeoutMs;
  let last: SupplierError | undefined;
  let polls = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    polls++;
    try {
      const list = await supplier.profiles(query);
      if (list.length > 0) return list;
      last = undefined;
    } catch (err) {
      if (!(err instanceof SupplierError) || !err.retryable) throw err;
      last = err;
    }
    const left = deadline - now();
    if (left <= 0) break;
    await sleep(Math.min(delay, left), options.signal);
    delay = Math.min(maxDelay, delay * factor);
  }
  const which = query.orderRef !== undefined
    ? `order_ref '${query.orderRef}'`
    : `profile_id '${query.profileId}'`;
  throw new SupplierError(
    "profile_timeout",
    `No profile for ${which} after ${timeoutMs} ms (${polls} polls)` +
      (last ? `; last error: ${last.message}` : ""),
    true,
    { cause: last },
  );
}
