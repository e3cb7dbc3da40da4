import { assert, assertEquals } from "./_assert.ts";
import { hashTypedData } from "viem";
import { authorizationDigest, recoverSigner, splitSignature } from "../../src/x402/eip3009.ts";
import { parsePaymentObject } from "../../src/x402/encoding.ts";
import { requirementsFor } from "../../src/x402/terms.ts";
import { verifyPayment } from "../../src/x402/verify.ts";
import {
  BASE_SEPOLIA,
  TRANSFER_WITH_AUTHORIZATION_TYPES,
  usdcDomain,
} from "../../src/x402/constants.ts";
import {
  baseDomain,
  buyer,
  highS,
  makePayment,
  type MakePaymentOptions,
  other,
  parityV,
  randomNonce,
  seller,
} from "./_sign.ts";

const NOW = 1_900_000_000;
const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });

async function verifyWith(o: Partial<MakePaymentOptions>, accepts = [terms]) {
  const p = await makePayment({ requirements: terms, now: NOW, ...o });
  return verifyPayment(parsePaymentObject(p.payload), accepts, { now: NOW });
}

Deno.test("authorizationDigest() equals viem's hashTypedData for the Base USDC domain", () => {
  const a = {
    from: buyer.address,
    to: seller.address,
    value: "1000",
    validAfter: "0",
    validBefore: "1900000100",
    nonce: randomNonce(),
  };
  const ours = authorizationDigest(baseDomain(), a);
  const viem = hashTypedData({
    domain: baseDomain(),
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: "TransferWithAuthorization",
    message: { ...a, value: 1000n, validAfter: 0n, validBefore: 1900000100n },
  });
  assertEquals("0x" + Array.from(ours, (b) => b.toString(16).padStart(2, "0")).join(""), viem);
});

Deno.test("verifyPayment() accepts a payment signed by viem for our exact terms", async () => {
  const r = await verifyWith({});
  assert(r.ok, JSON.stringify(r));
  assertEquals(r.payer, buyer.address);
});

Deno.test("verifyPayment() refuses an 'accepted' that differs from our terms", async () => {
  const r = await verifyWith({ accepted: { ...terms, maxTimeoutSeconds: 301 } });
  assertEquals(!r.ok && r.reason, "invalid_payment_requirements");
});

Deno.test("verifyPayment() refuses a payment on another network", async () => {
  const r = await verifyWith({ accepted: { ...terms, network: "eip155:84532" } });
  assertEquals(!r.ok && r.reason, "invalid_network");
});

Deno.test("verifyPayment() refuses another scheme", async () => {
  const r = await verifyWith({ accepted: { ...terms, scheme: "upto" } });
  assertEquals(!r.ok && r.reason, "invalid_scheme");
});

Deno.test("verifyPayment() refuses an authorization paying someone else", async () => {
  const r = await verifyWith({ authorization: { to: other.address } });
  assertEquals(!r.ok && r.reason, "invalid_exact_evm_payload_recipient_mismatch");
});

Deno.test("verifyPayment() refuses a value above the price", async () => {
  const r = await verifyWith({ authorization: { value: "1001" } });
  assertEquals(!r.ok && r.reason, "invalid_exact_evm_payload_authorization_value_mismatch");
});

Deno.test("verifyPayment() refuses a value below the price", async () => {
  const r = await verifyWith({ authorization: { value: "999" } });
  assertEquals(!r.ok && r.reason, "invalid_exact_evm_payload_authorization_value_mismatch");
});

Deno.test("verifyPayment() refuses validAfter equal to now (strict, as on chain)", async () => {
  const r = await verifyWith({ authorization: { validAfter: String(NOW) } });
  assertEquals(!r.ok && r.reason, "invalid_exact_evm_payload_authorization_valid_after");
});

Deno.test("verifyPayment() accepts validAfter one second before now", async () => {
  const r = await verifyWith({ authorization: { validAfter: String(NOW - 1) } });
  assert(r.ok);
});

Deno.test("verifyPayment() refuses an expired authorization", async () => {
  const r = await verifyWith({ authorization: { validBefore: String(NOW - 1) } });
  assertEquals(!r.ok && r.reason, "invalid_exact_evm_payload_authorization_valid_before");
});

Deno.test("verifyPayment() refuses validBefore less than 6 s ahead", async () => {
  const r = await verifyWith({ authorization: { validBefore: String(NOW + 5) } });
  assertEquals(!r.ok && r.reason, "invalid_exact_evm_payload_authorization_valid_before");
});

Deno.test("verifyPayment() accepts validBefore exactly 6 s ahead", async () => {
  const r = await verifyWith({ authorization: { validBefore: String(NOW + 6) } });
  assert(r.ok);
});

Deno.test("verifyPayment() refuses a high-s signature", async () => {
  const r = await verifyWith({ signature: highS });
  assertEquals(!r.ok && r.reason, "invalid_exact_evm_payload_signature");
  assert(!r.ok && r.message.includes("low-s"));
});

Deno.test("verifyPayment() refuses v = 0/1", async () => {
  const r = await verifyWith({ signature: parityV });
  assertEquals(!r.ok && r.reason, "invalid_exact_evm_payload_signature");
  assert(!r.ok && r.message.includes("27 or 28"));
});

Deno.test("verifyPayment() refuses a truncated signature", async () => {
  const r = await verifyWith({ signature: (s) => s.slice(0, 128) as `0x${string}` });
  assertEquals(!r.ok && r.reason, "invalid_exact_evm_payload_signature");
});

Deno.test("verifyPayment() refuses a signature by someone other than 'from'", async () => {
  const r = await verifyWith({ account: other, authorization: { from: buyer.address } });
  assertEquals(!r.ok && r.reason, "invalid_exact_evm_payload_signature");
});

Deno.test("verifyPayment() refuses a signature made under the Base Sepolia domain", async () => {
  const r = await verifyWith({ domain: usdcDomain(BASE_SEPOLIA) });
  assertEquals(!r.ok && r.reason, "invalid_exact_evm_payload_signature");
});

Deno.test("verifyPayment() refuses a signature made with token name 'USDC' on Base", async () => {
  const r = await verifyWith({ domain: { ...baseDomain(), name: "USDC" } });
  assertEquals(!r.ok && r.reason, "invalid_exact_evm_payload_signature");
});

Deno.test("verifyPayment() accepts a v1 X-PAYMENT payload on 'base'", async () => {
  const p = await makePayment({ requirements: terms, now: NOW });
  const v1 = { x402Version: 1, scheme: "exact", network: "base", payload: p.payload.payload };
  const r = verifyPayment(parsePaymentObject(v1), [terms], { now: NOW });
  assert(r.ok);
});

Deno.test("verifyPayment() refuses a v1 payload on 'base-sepolia'", async () => {
  const p = await makePayment({ requirements: terms, now: NOW });
  const v1 = {
    x402Version: 1,
    scheme: "exact",
    network: "base-sepolia",
    payload: p.payload.payload,
  };
  const r = verifyPayment(parsePaymentObject(v1), [terms], { now: NOW });
  assertEquals(!r.ok && r.reason, "invalid_network");
});

Deno.test("recoverSigner() recovers the viem signer from our digest", async () => {
  const p = await makePayment({ requirements: terms, now: NOW });
  const sig = splitSignature(p.signature);
  assert(sig.ok);
  assertEquals(
    recoverSigner(authorizationDigest(baseDomain(), p.authorization), sig),
    buyer.address.toLowerCase(),
  );
});
