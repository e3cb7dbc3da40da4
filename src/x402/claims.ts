/**
 * Replay protection: a payment's `(from, nonce)` is claimed atomically in Deno KV before the
 * handler runs, so one authorization buys at most one answer even when copies arrive at once.
 * Records carry their own expiry time because KV's `expireIn` is lazy (DESIGN.md §9).
 *
 * States: `pending` (handler running) → released (deleted, on 400/502) or `settling` (sent to
 * the chain, outcome unknown) → `settled`.
 *
 * @example
 * ```ts
 * import { ClaimStore } from "./claims.ts";
 * const kv = await Deno.openKv(":memory:");
 * const claims = new ClaimStore(kv);
 * const auth = {
 *   from: "0x857b06519E91e3A54538791bDbb0E22373e36b66",
 *   nonce: "0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480",
 *   validBefore: String(Math.floor(Date.now() / 1000) + 60),
 *   service: "weather-now",
 * };
 * const first = await claims.claim(auth, Date.now());
 * const second = await claims.claim(auth, Date.now());
 * if (!first.ok || second.ok) throw new Error("one authorization, one claim");
 * await claims.release(first.claim);
 * kv.close();
 * ```
 */

/** A claim record as stored. */
export interface ClaimRecord {
  state: "pending" | "settling" | "settled";
  service: string;
  /** Unix ms when claimed. */
  claimedAt: number;
  /** Unix ms after which the record is void (the authorization has expired on chain). */
  expiresAt: number;
  /** Settlement transaction, once known. */
  transaction?: string;
}

/** A claim held by this request. */
export interface Claim {
  key: Deno.KvKey;
  record: ClaimRecord;
  versionstamp: string;
}

/** What identifies an authorization for replay purposes. */
export interface ClaimRequest {
  from: string;
  nonce: string;
  /** The authorization's validBefore (unix seconds). */
  validBefore: string;
  service: string;
}

/** Keep void records readable a little past expiry; KV deletes them lazily after that. */
const GRACE_MS = 60_000;
/** How long a payment whose settlement outcome was unknown stays collectable. */
const SETTLING_KEEP_MS = 7 * 24 * 3600_000;
/** A claim lives as long as its authorization could still be used on chain, at most this long. */
const MAX_KEEP_MS = 10 * 365 * 24 * 3600_000;

export class ClaimStore {
  constructor(readonly kv: Deno.Kv, readonly prefix: Deno.KvKey = ["x402", "claim"]) {}

  keyOf(from: string, nonce: string): Deno.KvKey {
    return [...this.prefix, from.toLowerCase(), nonce.toLowerCase()];
  }

  /**
   * Claims `(from, nonce)`; exactly one of any number of concurrent callers gets `ok: true`.
   * A loser gets the record that beat it (to tell a replay from a pending settlement).
   */
  async claim(
    r: ClaimRequest,
    nowMs: number,
  ): Promise<
    { ok: true; claim: Claim } | { ok: false; existing: ClaimRecord; versionstamp: string }
  > {
    const key = this.keyOf(r.from, r.nonce);
    const vb = BigInt(r.validBefore);
    const vbMs = vb * 1000n > BigInt(nowMs + MAX_KEEP_MS) ? nowMs + MAX_KEEP_MS : Number(vb) * 1000;
    const expiresAt = Math.min(Math.max(vbMs, nowMs + GRACE_MS), nowMs + MAX_KEEP_MS);
    const record: ClaimRecord = {
      state: "pending",
      service: r.service,
      claimedAt: nowMs,
      expiresAt,
    };
    const expireIn = expiresAt - nowMs + GRACE_MS;
    for (let attempt = 0; attempt < 3; attempt++) {
      const cur = await this.kv.get<ClaimRecord>(key);
      if (cur.versionstamp !== null && cur.value && cur.value.expiresAt > nowMs) {
        return { ok: false, existing: cur.value, versionstamp: cur.versionstamp };
      }
      // Absent, or present but void (lazy expiry): take it only if nobody changed it meanwhile.
      const res = await this.kv.atomic().check(cur).set(key, record, { expireIn }).commit();
      if (res.ok) return { ok: true, claim: { key, record, versionstamp: res.versionstamp } };
    }
    // Lost every race (others claimed and released in between): answer as a replay, never crash
    // on a record that is gone again.
    const cur = await this.kv.get<ClaimRecord>(key);
    return {
      ok: false,
      existing: cur.value ?? { ...record, state: "pending" },
      versionstamp: cur.versionstamp ?? "",
    };
  }

  /** Releases a pending claim (the answer was 400/502 and nothing was charged). */
  async release(c: Claim): Promise<boolean> {
    const res = await this.kv.atomic().check({ key: c.key, versionstamp: c.versionstamp }).delete(
      c.key,
    ).commit();
    return res.ok;
  }

  /** Moves a claim to a new state, only if nobody else changed it since `c` was read. */
  async transition(
    c: Claim,
    state: ClaimRecord["state"],
    transaction?: string,
  ): Promise<Claim | null> {
    const record: ClaimRecord = { ...c.record, state, ...(transaction ? { transaction } : {}) };
    // A settlement in flight must stay collectable after the authorization's window closes.
    if (state === "settling") {
      record.expiresAt = Math.max(record.expiresAt, Date.now() + SETTLING_KEEP_MS);
    }
    const expireIn = Math.max(record.expiresAt - Date.now(), 0) + GRACE_MS;
    const res = await this.kv.atomic().check({ key: c.key, versionstamp: c.versionstamp }).set(
      c.key,
      record,
      { expireIn },
    ).commit();
    return res.ok ? { key: c.key, record, versionstamp: res.versionstamp } : null;
  }

  /** Reads the claim of `(from, nonce)` if any (void records included). */
  async get(from: string, nonce: string): Promise<Claim | null> {
    const key = this.keyOf(from, nonce);
    const cur = await this.kv.get<ClaimRecord>(key);
    return cur.versionstamp === null || !cur.value
      ? null
      : { key, record: cur.value, versionstamp: cur.versionstamp };
  }
}
