/**
 * The server counts its rate limit in fixed UTC minutes (src/http/rate_limit.ts), so a test that
 * expects an exact run of 429s fails if its requests straddle a minute boundary (the count starts
 * again). `roomInRateWindow` waits for the next minute when less than `needMs` of the current one
 * is left: it waits on the same wall clock the limiter reads, not in place of synchronisation.
 */
export async function roomInRateWindow(needMs = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 50));
}
