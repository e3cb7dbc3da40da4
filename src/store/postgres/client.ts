/**
 * The PostgreSQL connection pool (npm `postgres`, chosen over `pg` for its pipelined pooled
 * client and measured lower claim latency; see bench/store.ts) and the mapping of connection
 * failures to `StoreUnavailableError`, which the HTTP layer answers with 503.
 */
import postgres from "postgres";
import { StoreUnavailableError } from "../types.ts";
import { maskStoreUrl } from "../../config/config.ts";

export type Sql = postgres.Sql<Record<string, never>>;
export type TxSql = postgres.TransactionSql<Record<string, never>>;

export { StoreUnavailableError };

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  // Server-side: admin shutdown, crash shutdown, cannot connect now, too many connections.
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/** True for errors that mean "the database is not reachable", not "the statement failed". */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; name?: string; message?: string } | undefined;
  if (!e) return false;
  if (e.code && CONNECTION_CODES.has(e.code)) return true;
  return e.name === "ConnectionRefused" || e.name === "ConnectionReset" ||
    /connection (refused|reset|closed|ended)|broken pipe/i.test(e.message ?? "");
}

export function openPool(url: string, max = 10): Sql {
  return postgres(url, {
    max,
    // Fail fast so a lost database becomes a 503, not a hung request.
    connect_timeout: 3,
    idle_timeout: 60,
    onnotice: () => {},
    // Bigints (versions, ms timestamps) come back as JS numbers: all are < 2^53.
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (x: number) => String(x),
        parse: (x: string) => Number(x),
      },
    },
  }) as unknown as Sql;
}

/** Runs `fn`, turning connection failures into `StoreUnavailableError` naming the store. */
export async function guard<T>(url: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isConnectionError(err)) {
      throw new StoreUnavailableError(
        `PostgreSQL at STORE_URL ${maskStoreUrl(url)} is unreachable: ${(err as Error).message}`,
        { cause: err },
      );
    }
    throw err;
  }
}

/** A pool with its (masked-on-output) URL: what every PostgreSQL sub-store holds. */
export class Db {
  constructor(readonly sql: Sql, readonly url: string) {}

  /** Runs one statement or transaction, mapping connection failures to 503-able errors. */
  run<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    return guard(this.url, () => fn(this.sql));
  }
}
