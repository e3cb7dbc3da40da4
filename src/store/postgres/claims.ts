/**
 * Payment claims on PostgreSQL. Taking a claim is one conditional statement: insert, or take
 * over a void (expired) row, under the row lock, so exactly one of any number of concurrent
 * callers on any node wins. Versions come from one sequence, so a released and re-taken claim
 * never reuses a token.
 */
import {
  type Claim,
  type ClaimRecord,
  type ClaimRequest,
  type ClaimResult,
  type ClaimStore,
  movedClaimRecord,
  newClaimRecord,
} from "../types.ts";
import type { Db } from "./client.ts";

export class PgClaimStore implements ClaimStore {
  constructor(readonly db: Db) {}

  keyOf(from: string, nonce: string): string[] {
    return [from.toLowerCase(), nonce.toLowerCase()];
  }

  async claim(r: ClaimRequest, nowMs: number): Promise<ClaimResult> {
    const key = this.keyOf(r.from, r.nonce);
    const [from, nonce] = key as [string, string];
    const record = newClaimRecord(r, nowMs);
    for (let attempt = 0; attempt < 3; attempt++) {
      const won = await this.db.run((sql) =>
        sql<{ version: number }[]>`
          INSERT INTO esim_claims (from_addr, nonce, record, expires_at)
          VALUES (${from}, ${nonce}, ${sql.json(record as never)}, ${record.expiresAt})
          ON CONFLICT (from_addr, nonce) DO UPDATE
            SET record = EXCLUDED.record, expires_at = EXCLUDED.expires_at,
                version = nextval('esim_version')
            WHERE esim_claims.expires_at <= ${nowMs}
          RETURNING version`
      );
      if (won.length) {
        return { ok: true, claim: { key, record, versionstamp: String(won[0]!.version) } };
      }
      const cur = await this.get(r.from, r.nonce);
      if (cur) return { ok: false, existing: cur.record, versionstamp: cur.versionstamp };
      // Released between our insert and our read: try again.
    }
    return { ok: false, existing: { ...record, state: "pending" }, versionstamp: "" };
  }

  async release(c: Claim): Promise<boolean> {
    const [from, nonce] = c.key as [string, string];
    const rows = await this.db.run((sql) =>
      sql`DELETE FROM esim_claims WHERE from_addr = ${from} AND nonce = ${nonce}
          AND version = ${Number(c.versionstamp)} RETURNING 1`
    );
    return rows.length === 1;
  }

  async transition(
    c: Claim,
    state: ClaimRecord["state"],
    transaction?: string,
  ): Promise<Claim | null> {
    const [from, nonce] = c.key as [string, string];
    const record = movedClaimRecord(c, state, transaction, Date.now());
    const rows = await this.db.run((sql) =>
      sql<{ version: number }[]>`
        UPDATE esim_claims SET record = ${sql.json(record as never)},
          expires_at = ${record.expiresAt}, version = nextval('esim_version')
        WHERE from_addr = ${from} AND nonce = ${nonce} AND version = ${Number(c.versionstamp)}
        RETURNING version`
    );
    return rows.length ? { key: c.key, record, versionstamp: String(rows[0]!.version) } : null;
  }

  async get(from: string, nonce: string): Promise<Claim | null> {
    const key = this.keyOf(from, nonce);
    const rows = await this.db.run((sql) =>
      sql<{ record: ClaimRecord; version: number }[]>`
        SELECT record, version FROM esim_claims WHERE from_addr = ${key[0]!} AND nonce = ${key[1]!}`
    );
    const row = rows[0];
    return row ? { key, record: row.record, versionstamp: String(row.version) } : null;
  }
}
