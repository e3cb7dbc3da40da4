/**
 * What the buyer is asked to pay (the `pay` object of DESIGN.md §14) and the wallet link:
 * EIP-681 `ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<units>`, encoded in
 * `qr_svg`. EVM orders also carry `pay.eip3009`: what the page asks the wallet to sign
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

/** `signed`: the shop can settle EIP-3009 authorizations for this method. */
export function payView(o: ShopOrder, m: PayMethod, signed = true): PayView {
  const due = stillDue(o);
  const uri = eip681(o.asset, m.chain.chainId, o.pay_to, due);
  const view: PayView = {
    method: o.method,
    chain: o.chain,
    address: o.pay_to,
    asset: o.asset,
    amount_units: due.toString(),
    uri,
    qr_svg: qrSvg(uri, `Payment link for ${formatUnits(due)} USDC`),
  };
  // The signed path is for an order nothing has been paid to yet (it signs the whole price).
  if (signed && o.eip3009 && paidUnits(o) === 0n) {
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

/** 6-decimal units as a decimal string without trailing zeros beyond 2 places. */
export function formatUnits(units: bigint): string {
  const s = units.toString().padStart(7, "0");
  const whole = s.slice(0, -6);
  const frac = s.slice(-6).replace(/0+$/, "").padEnd(2, "0");
  return `${whole}.${frac}`;
}
