/**
 * Payment claims on Deno KV: a payment's `(from, nonce)` is claimed with one atomic commit
 * checked against what was read, so one authorization buys at most one answer even when copies
 * arrive at once. Records carry their own expiry time because KV's `expireIn` is lazy
 * (DESIGN.md §9).
 *
 * @example
 * ```ts
 * import { KvClaimStore } from "./claims.ts";
 * const kv = await Deno.openKv(":memory:");
 * const claims = new KvClaimStore(kv);
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
import {
  type Claim,
  CLAIM_GRACE_MS,
  type ClaimRecord,
  type ClaimRequest,
  type ClaimResult,
  type ClaimStore,
  movedClaimRecord,
  newClaimRecord,
} from "../types.ts";

export class KvClaimStore implements ClaimStore {
  constructor(readonly kv: Deno.Kv, readonly prefix: Deno.KvKey = ["x402", "claim"]) {}

  keyOf(from: string, nonce: string): string[] {
    return [from.toLowerCase(), nonce.toLowerCase()];
  }

  #kvKey(key: readonly string[]): Deno.KvKey {
    return [...this.prefix, ...key];
  }

  async claim(r: ClaimRequest, nowMs: number): Promise<ClaimResult> {
    const key = this.keyOf(r.from, r.nonce);
    const kvKey = this.#kvKey(key);
    const record = newClaimRecord(r, nowMs);
    const expireIn = record.expiresAt - nowMs + CLAIM_GRACE_MS;
    for (let attempt = 0; attempt < 3; attempt++) {
      const cur = await this.kv.get<ClaimRecord>(kvKey);
      if (cur.versionstamp !== null && cur.value && cur.value.expiresAt > nowMs) {
        return { ok: false, existing: cur.value, versionstamp: cur.versionstamp };
      }
      // Absent, or present but void (lazy expiry): take it only if nobody changed it meanwhile.
      const res = await this.kv.atomic().check(cur).set(kvKey, record, { expireIn }).commit();
      if (res.ok) return { ok: true, claim: { key, record, versionstamp: res.versionstamp } };
    }
    // Lost every race (others claimed and released in between): answer as a replay, never crash
    // on a record that is gone again.
    const cur = await this.kv.get<ClaimRecord>(kvKey);
    return {
      ok: false,
      existing: cur.value ?? { ...record, state: "pending" },
      versionstamp: cur.versionstamp ?? "",
    };
  }

  async release(c: Claim): Promise<boolean> {
    const kvKey = this.#kvKey(c.key);
    const res = await this.kv.atomic().check({ key: kvKey, versionstamp: c.versionstamp })
      .delete(kvKey).commit();
    return res.ok;
  }

  async transition(
    c: Claim,
    state: ClaimRecord["state"],
    transaction?: string,
  ): Promise<Claim | null> {
    const now = Date.now();
    const record = movedClaimRecord(c, state, transaction, now);
    const expireIn = Math.max(record.expiresAt - now, 0) + CLAIM_GRACE_MS;
    const kvKey = this.#kvKey(c.key);
    const res = await this.kv.atomic().check({ key: kvKey, versionstamp: c.versionstamp })
      .set(kvKey, record, { expireIn }).commit();
    return res.ok ? { key: c.key, record, versionstamp: res.versionstamp } : null;
  }

  async get(from: string, nonce: string): Promise<Claim | null> {
    const key = this.keyOf(from, nonce);
    const cur = await this.kv.get<ClaimRecord>(this.#kvKey(key));
    return cur.versionstamp === null || !cur.value
      ? null
      : { key, record: cur.value, versionstamp: cur.versionstamp };
  }
}
