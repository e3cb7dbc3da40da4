/**
 * A local TronGrid (TG3) fake: `GET /v1/accounts/{address}/transactions/trc20` and
 * `GET /v1/transactions/{txid}/events`, answering in TronGrid's shapes (snake_case, base58
 * addresses in TRC-20 rows, `0x` hex addresses in event results, `value` a decimal string,
 * millisecond timestamps, `meta.fingerprint` for the next page while there is one). Transfers
 * start unconfirmed; `only_confirmed=true` hides them until `confirm`. The API key, when set,
 * must come as `TRON-PRO-API-KEY`. Failure injection from `_server.ts` (429, 500, malformed).
 */
import { Failures, json, serve } from "./_server.ts";
import { tronHex20 } from "../../src/shop/base58.ts";

export interface TronTransfer {
  txid: string;
  from: string;
  to: string;
  value: string;
  /** TRC-20 contract (base58). */
  contract: string;
  block_timestamp: number;
  block_number: number;
  event_index: number;
  confirmed: boolean;
}

export interface TronGridFake {
  url: string;
  failures: Failures;
  /** Query strings of the requests seen (path + search). */
  requests: { path: string; query: URLSearchParams; key: string | null }[];
  /** Adds an unconfirmed transfer; returns it. */
  transfer(t: Partial<TronTransfer> & { from: string; to: string; value: string }): TronTransfer;
  confirm(txid: string): void;
  /** Page size cap (TronGrid allows up to 200). */
  maxPage: number;
  close(): Promise<void>;
}

const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

function randomTxid(): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(32)),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("");
}

export function startTronGridFake(o: { apiKey?: string } = {}): TronGridFake {
  const transfers: TronTransfer[] = [];
  const failures = new Failures();
  const requests: TronGridFake["requests"] = [];
  let block = 70_000_000;
  const fake: TronGridFake = {
    url: "",
    failures,
    requests,
    maxPage: 200,
    transfer(t) {
      const full: TronTransfer = {
        txid: randomTxid(),
        contract: USDT,
        block_timestamp: Date.now(),
        block_number: ++block,
        event_index: 0,
        confirmed: false,
        ...t,
      };
      transfers.push(full);
      return full;
    },
    confirm(txid) {
      for (const t of transfers) if (t.txid === txid) t.confirmed = true;
    },
    close: () => running.close(),
  };
  const running = serve(async (req) => {
    const u = new URL(req.url);
    requests.push({
      path: u.pathname,
      query: u.searchParams,
      key: req.headers.get("tron-pro-api-key"),
    });
    if (o.apiKey && req.headers.get("tron-pro-api-key") !== o.apiKey) {
      return json({ Error: "ApiKey not exists" }, 401);
    }
    const injected = await failures.take("{not json", { data: "nope" });
    if (injected) return injected;
    const q = u.searchParams;
    const confirmedOnly = q.get("only_confirmed") === "true";
    let m = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(u.pathname);
    if (m) {
      const account = m[1]!;
      const min = Number(q.get("min_timestamp") ?? q.get("min_block_timestamp") ?? 0);
      const limit = Math.min(Number(q.get("limit") ?? 20), 200, fake.maxPage);
      const contract = q.get("contract_address");
      const rows = transfers
        .filter((
          t,
        ) => (q.get("only_to") === "true"
          ? t.to === account
          : t.to === account || t.from === account)
        )
        .filter((t) => !confirmedOnly || t.confirmed)
        .filter((t) => !contract || t.contract === contract)
        .filter((t) => t.block_timestamp >= min)
        .sort((a, b) => a.block_timestamp - b.block_timestamp);
      const start = q.get("fingerprint") ? Number(atob(q.get("fingerprint")!)) : 0;
      const page = rows.slice(start, start + limit);
      const more = start + limit < rows.length;
      const meta: Record<string, unknown> = { at: Date.now(), page_size: page.length };
      if (more) {
        meta.fingerprint = btoa(String(start + limit));
        const next = new URL(u);
        next.searchParams.set("fingerprint", meta.fingerprint as string);
        meta.links = { next: next.toString() };
      }
      return json({
        data: page.map((t) => ({
          transaction_id: t.txid,
          token_info: {
            symbol: t.contract === USDT ? "USDT" : "FAKE",
            address: t.contract,
            decimals: 6,
            name: t.contract === USDT ? "Tether USD" : "Fake USD",
          },
          block_timestamp: t.block_timestamp,
          from: t.from,
          to: t.to,
          type: "Transfer",
          value: t.value,
        })),
        success: true,
        meta,
      });
    }
    m = /^\/v1\/transactions\/([0-9a-f]{64})\/events$/.exec(u.pathname);
    if (m) {
      const evs = transfers.filter((t) => t.txid === m![1] && (!confirmedOnly || t.confirmed));
      return json({
        data: evs.map((t) => {
          const from = tronHex20(t.from)!, to = tronHex20(t.to)!;
          return {
            block_number: t.block_number,
            block_timestamp: t.block_timestamp,
            caller_contract_address: t.contract,
            contract_address: t.contract,
            event_index: t.event_index,
            event_name: "Transfer",
            result: { "0": from, "1": to, "2": t.value, from, to, value: t.value },
            result_type: { from: "address", to: "address", value: "uint256" },
            event: "Transfer(address indexed from, address indexed to, uint256 value)",
            transaction_id: t.txid,
          };
        }),
        success: true,
        meta: { at: Date.now(), page_size: evs.length },
      });
    }
    return json({ success: false, error: "not found", statusCode: 404 }, 404);
  });
  fake.url = running.url;
  return fake;
}
