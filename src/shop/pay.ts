/**
 * What the buyer is asked to pay (the `pay` object of DESIGN.md §14) and the wallet link,
 * encoded in `qr_svg`: EIP-681 `ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<units>`;
 * TON `ton://transfer/<to>?jetton=<master>&amount=<units>&text=<order id>`; Solana Pay
 * `solana:<owner>?amount=<decimal>&spl-token=<mint>&reference=<key>&label=..&message=..`; TRON
 * has no link standard, so its "link" is the bare address (what TRON wallets scan) and the
 * amount is shown beside it. EVM orders also carry `pay.eip3009`: what the page asks the wallet to sign
 * (exactly the price; the per-order nonce attributes it).
 */
import { usdcDomain } from "../x402/constants.ts";
import type { PayMethod } from "./settings.ts";
import { paidUnits, type ShopOrder, stillDue } from "./types.ts";
import { qrSvg } from "./qr.ts";

export interface PayView {
  method: string;
  chain: string;
  address: string;
  asset: string;
  amount_units: string;
  /** TON: the text comment to send with the transfer. */
  memo?: string;
  /** Solana: the Solana Pay reference key. */
  reference?: string;
  uri: string;
  qr_svg: string;
  eip3009?: {
    domain: { name: string; version: string; chainId: number; verifyingContract: string };
    to: string;
    value: string;
    validAfter: string;
    validBefore: string;
    nonce: string;
  };
}

/** The EIP-681 link of a USDC transfer. */
export function eip681(token: string, chainId: number, to: string, units: bigint): string {
  return `ethereum:${token}@${chainId}/transfer?address=${to}&uint256=${units}`;
}

/** The `ton://transfer` link of a USDT jetton transfer with a text comment. */
export function tonLink(to: string, master: string, units: bigint, text: string): string {
  return `ton://transfer/${to}?jetton=${master}&amount=${units}&text=${encodeURIComponent(text)}`;
}

/** A Solana Pay transfer request (amount in token units, shortest decimal form). */
export function solanaPayUrl(
  to: string,
  mint: string,
  units: bigint,
  reference: string,
  label: string,
  message: string,
): string {
  const q = new URLSearchParams({
    amount: decimalUnits(units),
    "spl-token": mint,
    reference,
    label,
    message,
  });
  return `solana:${to}?${q.toString().replace(/\+/g, "%20")}`;
}

/** `signed`: the shop can settle EIP-3009 authorizations for this method. */
export function payView(o: ShopOrder, m: PayMethod, signed = true, label = ""): PayView {
  const due = stillDue(o);
  let uri: string;
  let token = "USDC";
  if (m.kind === "evm") uri = eip681(o.asset, m.chain.chainId, o.pay_to, due);
  else if (m.kind === "ton") uri = tonLink(o.pay_to, o.asset, due, o.memo ?? o.order_id);
  else if (m.kind === "solana") {
    uri = solanaPayUrl(o.pay_to, o.asset, due, o.reference!, label, `Order ${o.order_id}`);
  } else uri = o.pay_to;
  if (m.kind !== "evm") token = m.token;
  const view: PayView = {
    method: o.method,
    chain: o.chain,
    address: o.pay_to,
    asset: o.asset,
    amount_units: due.toString(),
    ...(o.memo ? { memo: o.memo } : {}),
    ...(o.reference ? { reference: o.reference } : {}),
    uri,
    qr_svg: qrSvg(
      uri,
      m.kind === "tron"
        ? `Address to send ${formatUnits(due)} ${token} to`
        : `Payment link for ${formatUnits(due)} ${token}`,
    ),
  };
  // The signed path is for an order nothing has been paid to yet (it signs the whole price).
  if (m.kind === "evm" && signed && o.eip3009 && paidUnits(o) === 0n) {
    view.eip3009 = {
      domain: usdcDomain(m.chain),
      to: o.pay_to,
      value: o.price_units,
      validAfter: o.eip3009.valid_after,
      validBefore: o.eip3009.valid_before,
      nonce: o.eip3009.nonce,
    };
  }
  return view;
}

/** 6-decimal units as the shortest decimal ("1.5", "0.01", "12"). */
export function decimalUnits(units: bigint): string {
  const s = units.toString().padStart(7, "0");
  const frac = s.slice(-6).replace(/0+$/, "");
  return frac ? `${s.slice(0, -6)}.${frac}` : s.slice(0, -6);
}

/** 6-decimal units as a decimal string without trailing zeros beyond 2 places. */
export function formatUnits(units: bigint): string {
  const s = units.toString().padStart(7, "0");
  const whole = s.slice(0, -6);
  const frac = s.slice(-6).replace(/0+$/, "").padEnd(2, "0");
  return `${whole}.${frac}`;
}
