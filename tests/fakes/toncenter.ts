/**
 * A local toncenter v3 fake: `GET /api/v3/jetton/transfers` and `GET /api/v3/transactions`,
 * answering in the index's shapes (raw upper-case `0:HEX` addresses, base64 hashes, string
 * logical times, `transaction_aborted`, `decoded_forward_payload` for text comments, `offset`
 * paging, ascending or descending by lt). Addresses and the comment payloads are real (npm
 * `@ton/core`): the forward payload is the BOC of a TEP-74 text comment. A delivered transfer
 * also puts the shop wallet's `transfer_notification` (op 0x7362d09c) in the same trace; a
 * bounced one does not. The API key, when set, must come as `X-API-Key`.
 */
import { Buffer } from "node:buffer";
import { Failures, json, serve } from "./_server.ts";
import { beginCell, TonAddress } from "../support/deps.ts";

export const TON_USDT = "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs";

export interface TonTransfer {
  /** Hash (base64) of the source jetton wallet's transaction. */
  hash: string;
  lt: bigint;
  now: number;
  source: string;
  source_wallet: string;
  destination: string;
  amount: string;
  master: string;
  comment: string | null;
  aborted: boolean;
  trace_id: string;
  /** The shop wallet's notification transaction (null: bounced, never delivered). */
  notification: { hash: string; lt: bigint; now: number; aborted: boolean } | null;
}

export interface ToncenterFake {
  url: string;
  failures: Failures;
  requests: { path: string; query: URLSearchParams; key: string | null }[];
  /** A jetton transfer to `to` (any address form). */
  transfer(t: {
    from: string;
    to: string;
    amount: string;
    comment?: string | null;
    master?: string;
    aborted?: boolean;
    bounced?: boolean;
    now?: number;
  }): TonTransfer;
  maxPage: number;
  /** False: answer like an index version without `decoded_forward_payload`. */
  decodes: boolean;
  close(): Promise<void>;
}

const raw = (a: string) => TonAddress.parse(a).toRawString().toUpperCase();
const b64hash = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));

/** A random user-friendly TON wallet address (non-bounceable, as wallets show them). */
export function randomTonAddress(): string {
  return new TonAddress(0, Buffer.from(crypto.getRandomValues(new Uint8Array(32)))).toString({
    bounceable: false,
  });
}

export function startToncenterFake(o: { apiKey?: string } = {}): ToncenterFake {
  const transfers: TonTransfer[] = [];
  const failures = new Failures();
  const requests: ToncenterFake["requests"] = [];
  let lt = 58_123_456_000_001n;
  const fake: ToncenterFake = {
    url: "",
    failures,
    requests,
    maxPage: 1000,
    decodes: true,
    transfer(t) {
      const now = t.now ?? Math.floor(Date.now() / 1000);
      const trace = b64hash();
      const ok = !t.aborted && !t.bounced;
      const full: TonTransfer = {
        hash: trace,
        lt: lt += 1000n,
        now,
        source: raw(t.from),
        source_wallet: raw(randomTonAddress()),
        destination: raw(t.to),
        amount: t.amount,
        master: raw(t.master ?? TON_USDT),
        comment: t.comment === undefined ? null : t.comment,
        aborted: Boolean(t.aborted),
        trace_id: trace,
        notification: ok ? { hash: b64hash(), lt: lt += 1000n, now, aborted: false } : null,
      };
      transfers.push(full);
      return full;
    },
    close: () => running.close(),
  };
  const page = <T>(rows: T[], q: URLSearchParams) => {
    const limit = Math.min(Number(q.get("limit") ?? 10), 1000, fake.maxPage);
    const offset = Number(q.get("offset") ?? 0);
    return rows.slice(offset, offset + limit);
  };
  const sorted = <T extends { lt: bigint }>(rows: T[], q: URLSearchParams) =>
    rows.sort((a, b) =>
      (q.get("sort") === "asc" ? 1 : -1) * (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0)
    );
  const running = serve(async (req) => {
    const u = new URL(req.url);
    const q = u.searchParams;
    requests.push({ path: u.pathname, query: q, key: req.headers.get("x-api-key") });
    if (o.apiKey && req.headers.get("x-api-key") !== o.apiKey) {
      return json({ error: "API key does not exist" }, 401);
    }
    const injected = await failures.take("<html>bad gateway", { result: [] });
    if (injected) return injected;
    const start = Number(q.get("start_utime") ?? 0);
    if (u.pathname === "/api/v3/jetton/transfers") {
      const owner = q.get("owner_address") ?? q.get("address");
      const master = q.get("jetton_master");
      const rows = sorted(
        transfers.filter((t) =>
          (!owner || (q.get("direction") === "in" ? t.destination === raw(owner) : true)) &&
          (!master || t.master === raw(master)) && t.now >= start
        ),
        q,
      );
      return json({
        jetton_transfers: page(rows, q).map((t) => ({
          query_id: "0",
          source: t.source,
          destination: t.destination,
          amount: t.amount,
          source_wallet: t.source_wallet,
          jetton_master: t.master,
          transaction_hash: t.hash,
          transaction_lt: t.lt.toString(),
          transaction_now: t.now,
          transaction_aborted: t.aborted,
          response_destination: t.source,
          custom_payload: null,
          decoded_custom_payload: null,
          forward_ton_amount: "1",
          forward_payload: t.comment === null ? null : beginCell().storeUint(0, 32)
            .storeStringTail(t.comment).endCell().toBoc().toString("base64"),
          ...(fake.decodes
            ? {
              decoded_forward_payload: t.comment === null
                ? null
                : { type: "text_comment", "@type": "text_comment", comment: t.comment },
            }
            : {}),
          trace_id: t.trace_id,
        })),
        address_book: {},
        metadata: {},
      });
    }
    if (u.pathname === "/api/v3/transactions") {
      const account = raw(q.get("account") ?? "");
      const rows = sorted(
        transfers.filter((t) => t.notification && t.destination === account && t.now >= start)
          .map((t) => ({ t, n: t.notification!, lt: t.notification!.lt })),
        q,
      );
      return json({
        transactions: page(rows, q).map(({ t, n }) => ({
          account: t.destination,
          hash: n.hash,
          lt: n.lt.toString(),
          now: n.now,
          mc_block_seqno: 50_000_000,
          trace_id: t.trace_id,
          prev_trans_hash: b64hash(),
          prev_trans_lt: (n.lt - 1000n).toString(),
          orig_status: "active",
          end_status: "active",
          total_fees: "1000000",
          description: {
            type: "ord",
            aborted: n.aborted,
            destroyed: false,
            credit_first: false,
            compute_ph: { skipped: false, success: true, exit_code: 0 },
          },
          block_ref: { workchain: 0, shard: "8000000000000000", seqno: 55_000_000 },
          in_msg: {
            hash: b64hash(),
            source: raw(randomTonAddress()),
            destination: t.destination,
            value: "1",
            fwd_fee: "0",
            ihr_fee: "0",
            created_lt: (n.lt - 1n).toString(),
            created_at: String(n.now),
            opcode: "0x7362d09c",
            decoded_opcode: "jetton_notify",
            bounce: false,
            bounced: false,
            message_content: { hash: b64hash(), body: "", decoded: null },
            init_state: null,
          },
          out_msgs: [],
          emulated: false,
        })),
        address_book: {},
      });
    }
    return json({ error: "not found" }, 404);
  });
  fake.url = running.url;
  return fake;
}
