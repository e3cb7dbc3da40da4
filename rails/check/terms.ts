/**
 * Check 8, x402 terms on an unpaid order for the cheapest real offer: 402 with a
 * `PAYMENT-REQUIRED` header that decodes (base64 JSON) as x402 version 2, with an `accepts`
 * entry of scheme `exact` on `eip155:8453`, asset USDC on Base, `amount` equal to the offer's
 * `price_usd` × 10^6 exactly (decimal arithmetic, no floats), and a valid `payTo` (equal to the
 * listing's `x402.pay_to` when it names one). Never sends a payment. A node in demo mode sells
 * nothing: that is a warning here, not a failure; so is a node on Base Sepolia (a test network).
 */
import { decodeBase64Json } from "../../src/x402/encoding.ts";
import {
  BASE,
  BASE_SEPOLIA,
  HEADER_PAYMENT_REQUIRED,
  X402_VERSION,
} from "../../src/x402/constants.ts";
import { priceUsdToAtomic } from "../pricing.ts";
import { compareOffers } from "./offer_order.ts";
import { at, errorCode, type Probe, short } from "./_probe.ts";
import { result, type RunState, seen } from "./_result.ts";
import type { CheckResult } from "./types.ts";

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const ZERO_ADDRESS = /^0x0{40}$/;
/** How check 8's warning starts for a node on a test network (the statement names it). */
export const TEST_NETWORK_WARNING = "TEST NETWORK";
/** Most characters of `PAYMENT-REQUIRED` the check decodes. */
const MAX_TERMS_CHARS = 64 * 1024;

/** Runs check 8. */
export async function checkTerms(probe: Probe, state: RunState): Promise<CheckResult> {
  if (!state.offers) {
    return result("x402_terms", "skip", "needs an offer from check 2, which failed");
  }
  if (state.offers.length === 0) {
    return result(
      "x402_terms",
      "skip",
      `no offer for ${state.country} to order; run again with a country the node sells`,
    );
  }
  const offer = state.offers.reduce((a, b) => compareOffers(a, b) <= 0 ? a : b);
  const a = await probe.send("POST", "/order", { json: { offer_id: offer.offer_id } });
  const code = errorCode(a.json);
  if (code === "demo_mode") {
    return result(
      "x402_terms",
      "warn",
      `demo mode: the order route answered ${a.status} demo_mode; the node sells nothing, so there are no terms to check`,
      [seen(a, { pointer: "/error/code", found: '"demo_mode"' })],
    );
  }
  if (a.status !== 402) {
    if (state.demo) {
      return result(
        "x402_terms",
        "warn",
        `demo mode: the listing says demo: true and the order route answered ${a.status}; the node sells nothing`,
        [seen(a, { found: short(a.isJson ? a.json : a.text) })],
      );
    }
    const why = code === "payment_not_configured"
      ? `payments are not configured on the node (${a.status} payment_not_configured), so it cannot sell`
      : `an unpaid order for offer ${offer.offer_id} answered ${a.status}; expected 402 with ${HEADER_PAYMENT_REQUIRED}`;
    return result("x402_terms", "fail", why, [
      seen(a, { found: short(a.isJson ? a.json : a.text), expected: "402" }),
    ]);
  }
  const header = a.headers.get(HEADER_PAYMENT_REQUIRED);
  if (header === null) {
    return result("x402_terms", "fail", `402 without a ${HEADER_PAYMENT_REQUIRED} header`, [
      seen(a, { header: HEADER_PAYMENT_REQUIRED, found: "(absent)", expected: "base64 JSON" }),
    ]);
  }
  const ev = (pointer: string, found: unknown, expected: string) =>
    seen(a, { header: HEADER_PAYMENT_REQUIRED, pointer, found: short(found), expected });
  let terms: unknown;
  try {
    terms = decodeBase64Json(header, MAX_TERMS_CHARS);
  } catch (err) {
    return result(
      "x402_terms",
      "fail",
      `${HEADER_PAYMENT_REQUIRED} does not decode as base64 JSON: ${(err as Error).message}`,
      [ev("", header, "base64 of UTF-8 JSON")],
    );
  }
  if (at(terms, "/x402Version") !== X402_VERSION) {
    return result("x402_terms", "fail", "the terms are not x402 version 2", [
      ev("/x402Version", at(terms, "/x402Version"), "2"),
    ]);
  }
  const accepts = at(terms, "/accepts");
  if (!Array.isArray(accepts) || accepts.length === 0) {
    return result("x402_terms", "fail", "the terms have no accepts entry", [
      ev("/accepts", accepts, "a non-empty array"),
    ]);
  }
  const on = (network: string) =>
    accepts.findIndex((r) => at(r, "/scheme") === "exact" && at(r, "/network") === network);
  // Base mainnet is what buyers expect; Base Sepolia (a test network, X402_NETWORK=base-sepolia)
  // is checked the same way and ends in a warning: nothing paid there is real money.
  let chain = BASE;
  let i = on(BASE.network);
  if (i < 0 && on(BASE_SEPOLIA.network) >= 0) {
    chain = BASE_SEPOLIA;
    i = on(BASE_SEPOLIA.network);
  }
  if (i < 0) {
    const first = accepts[0];
    if (at(first, "/scheme") !== "exact") {
      return result("x402_terms", "fail", "no accepts entry has scheme exact", [
        ev("/accepts/0/scheme", at(first, "/scheme"), '"exact"'),
      ]);
    }
    return result("x402_terms", "fail", `no accepts entry is on ${BASE.network} (Base)`, [
      ev("/accepts/0/network", at(first, "/network"), JSON.stringify(BASE.network)),
    ]);
  }
  const p = `/accepts/${i}`;
  const req = accepts[i];
  const asset = at(req, "/asset");
  if (typeof asset !== "string" || asset.toLowerCase() !== chain.usdc.toLowerCase()) {
    return result("x402_terms", "fail", `the asset is not USDC on ${chain.label}`, [
      ev(`${p}/asset`, asset, JSON.stringify(chain.usdc)),
    ]);
  }
  const expected = priceUsdToAtomic(offer.price_usd);
  const amount = at(req, "/amount");
  if (amount !== expected) {
    const why = typeof amount !== "string"
      ? "the amount is not a string of atomic units"
      : `the amount is not the offer price ${offer.price_usd} with 6 decimals`;
    return result("x402_terms", "fail", why, [ev(`${p}/amount`, amount, JSON.stringify(expected))]);
  }
  const payTo = at(req, "/payTo");
  if (typeof payTo !== "string" || !ADDRESS_RE.test(payTo) || ZERO_ADDRESS.test(payTo)) {
    return result("x402_terms", "fail", "payTo is not a valid address", [
      ev(`${p}/payTo`, payTo, "a 20-byte 0x address, not zero"),
    ]);
  }
  if (state.payTo !== undefined && state.payTo.toLowerCase() !== payTo.toLowerCase()) {
    return result("x402_terms", "fail", "payTo is not the listing's x402.pay_to", [
      ev(`${p}/payTo`, payTo, JSON.stringify(state.payTo)),
    ]);
  }
  const summary =
    `402 with x402 v2 terms for offer ${offer.offer_id}: exact on ${chain.network}, USDC, amount ${amount} (${offer.price_usd} USD), payTo ${payTo}`;
  if (state.demo) {
    return result("x402_terms", "warn", `the listing says demo: true, yet: ${summary}`, [
      seen(a, { header: HEADER_PAYMENT_REQUIRED }),
    ]);
  }
  if (chain !== BASE) {
    return result(
      "x402_terms",
      "warn",
      `${TEST_NETWORK_WARNING}: the node takes USDC on ${chain.label} (${chain.network}), not Base mainnet; ${summary}`,
      [ev(`${p}/network`, chain.network, JSON.stringify(BASE.network))],
    );
  }
  return result("x402_terms", "pass", summary, [seen(a, { header: HEADER_PAYMENT_REQUIRED })]);
}
