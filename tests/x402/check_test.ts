import { assert, assertEquals } from "./_assert.ts";
import { boundNonce, parseCheckInput, runCheck } from "../../src/x402/check.ts";
import { x402CheckService } from "../../src/x402/check_service.ts";
import { encodeBase64Json } from "../../src/x402/encoding.ts";
import { requirementsFor } from "../../src/x402/terms.ts";
import { HttpError } from "../../src/http/errors.ts";
import { BASE, BASE_SEPOLIA, KNOWN_CHAINS, usdcDomain } from "../../src/x402/constants.ts";
import { buyer, makePayment, seller } from "./_sign.ts";

/** The example of the x402 specification (specs/schemes/exact/scheme_exact_evm.md). */
const SPEC_EXAMPLE = {
  signature:
    "0x2d6a7588d6acca505cbf0d9a4a227e0c52c6c34008c8e8986a1283259764173608a2ce6496642e377d6da8dbbf5836e9bd15092f9ecab05ded3d6293af148b571c",
  authorization: {
    from: "0x857b06519E91e3A54538791bDbb0E22373e36b66",
    to: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
    value: "10000",
    validAfter: "1740672089",
    validBefore: "1740672154",
    nonce: "0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480",
  },
};
const SPEC_NOW = 1740672100;

function check(body: unknown, now = SPEC_NOW) {
  return runCheck(parseCheckInput(body), now);
}

function field400(body: unknown): string | undefined {
  try {
    parseCheckInput(body);
  } catch (e) {
    assert(e instanceof HttpError);
    assertEquals(e.status, 400);
    return e.field;
  }
  return "no error";
}

Deno.test("x402-check verifies the x402 spec example under Base Sepolia", () => {
  const r = check({ ...SPEC_EXAMPLE, network: "base-sepolia" });
  assertEquals(r.valid, true);
  assertEquals(r.signer, "0x857b06519e91e3a54538791bdbb0e22373e36b66");
  assertEquals(r.domain?.name, "USDC");
});

Deno.test("x402-check names Base Sepolia USDC as the domain of the spec example checked against mainnet terms", () => {
  const terms = requirementsFor({ amount: "10000", payTo: SPEC_EXAMPLE.authorization.to });
  const r = check({ ...SPEC_EXAMPLE, network: "base", requirements: terms });
  assertEquals(r.valid, false);
  assert(r.reasons.includes("invalid_exact_evm_payload_signature"));
  assertEquals(r.signature_domain?.description, "made for Base Sepolia USDC ('USDC', 2, 84532)");
  assertEquals(r.signature_domain?.verifyingContract, BASE_SEPOLIA.usdc);
});

Deno.test("x402-check reads the spec example's full v1 X-PAYMENT header", () => {
  const x = encodeBase64Json({
    x402Version: 1,
    scheme: "exact",
    network: "base-sepolia",
    payload: SPEC_EXAMPLE,
  });
  const r = check({ x_payment: x });
  assertEquals(r.valid, true);
  assertEquals(r.x402_version, 1);
});

Deno.test("x402-check names the domain of a signature made for each known chain", async () => {
  const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
  for (const chain of KNOWN_CHAINS.filter((c) => c.chainId !== BASE.chainId)) {
    const p = await makePayment({ requirements: terms, domain: usdcDomain(chain) });
    const r = check({ x_payment: p.header, requirements: terms }, Math.floor(Date.now() / 1000));
    assertEquals(r.valid, false);
    assertEquals(r.signature_domain?.label, chain.label, chain.label);
    assertEquals(r.signature_domain?.name, chain.tokenName);
  }
});

Deno.test("x402-check names the token-name variant used on Base ('USDC' instead of 'USD Coin')", async () => {
  const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
  const p = await makePayment({
    requirements: terms,
    domain: { ...usdcDomain(BASE), name: "USDC" },
  });
  const r = check({ x_payment: p.header }, Math.floor(Date.now() / 1000));
  assertEquals(r.signature_domain?.description, "made for Base USDC ('USDC', 2, 8453)");
});

Deno.test("x402-check passes a correct v2 payment against its terms", async () => {
  const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
  const p = await makePayment({ requirements: terms });
  const r = check({ x_payment: p.header, requirements: terms }, Math.floor(Date.now() / 1000));
  assertEquals(r.valid, true, JSON.stringify(r.checks));
  assertEquals(r.signer, buyer.address.toLowerCase());
  assertEquals(r.terms.fields.map((f) => f.ok), [true, true, true, true]);
  assertEquals(r.nonce_binding.status, "unbindable");
});

Deno.test("x402-check reports wrong amount, recipient and window with the spec reason names", async () => {
  const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
  const now = Math.floor(Date.now() / 1000);
  const p = await makePayment({
    requirements: terms,
    authorization: {
      value: "5",
      to: buyer.address,
      validAfter: String(now + 100),
      validBefore: String(now + 3),
    },
  });
  const r = check({ x_payment: p.header, requirements: terms }, now);
  assertEquals(r.valid, false);
  for (
    const reason of [
      "invalid_exact_evm_payload_recipient_mismatch",
      "invalid_exact_evm_payload_authorization_value_mismatch",
      "invalid_exact_evm_payload_authorization_valid_after",
      "invalid_exact_evm_payload_authorization_valid_before",
    ]
  ) assert(r.reasons.includes(reason), reason);
  assert(!r.reasons.includes("invalid_exact_evm_payload_signature"));
});

Deno.test("x402-check reports a payment on another network as invalid_network", async () => {
  const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
  const sepoliaTerms = {
    ...terms,
    network: BASE_SEPOLIA.network,
    asset: BASE_SEPOLIA.usdc,
    extra: { name: "USDC", version: "2" },
  };
  const p = await makePayment({ requirements: sepoliaTerms });
  const r = check({ x_payment: p.header, requirements: terms }, Math.floor(Date.now() / 1000));
  assert(r.reasons.includes("invalid_network"));
});

Deno.test("x402-check says bound for a nonce derived from the resource URL and salt", async () => {
  const url = "https://api.example/x402/weather-now";
  const terms = {
    ...requirementsFor({
      priceUsd: "0.001",
      payTo: seller.address,
      extra: { nonceSalt: "0xabcd" },
    }),
    resource: url,
  };
  const nonce = boundNonce(url, "0xabcd");
  const p = await makePayment({ requirements: terms, authorization: { nonce } });
  const r = check({ x_payment: p.header, requirements: terms }, Math.floor(Date.now() / 1000));
  assertEquals(r.nonce_binding.status, "bound");
  const q = await makePayment({ requirements: terms });
  const r2 = check({ x_payment: q.header, requirements: terms }, Math.floor(Date.now() / 1000));
  assertEquals(r2.nonce_binding.status, "mismatch");
  assertEquals(r2.valid, false);
});

Deno.test("x402-check reports a smart-wallet signature as not verifiable offline", () => {
  const long = SPEC_EXAMPLE.signature + "00".repeat(40);
  const r = check({ ...SPEC_EXAMPLE, signature: long, network: "base-sepolia" });
  assertEquals(r.valid, false);
  assertEquals(r.verifiable_offline, false);
  const erc6492 = SPEC_EXAMPLE.signature + "00".repeat(64) + "6492".repeat(16);
  const r2 = check({ ...SPEC_EXAMPLE, signature: erc6492, network: "base-sepolia" });
  assertEquals(r2.verifiable_offline, false);
  assert(r2.checks.find((c) => c.check === "signature_format")!.message.includes("ERC-6492"));
});

Deno.test("x402-check input errors are 400 naming the field", () => {
  assertEquals(field400({}), "x_payment");
  assertEquals(field400({ x_payment: "@@" }), "x_payment");
  assertEquals(field400({ x_payment: 5 }), "x_payment");
  assertEquals(field400({ ...SPEC_EXAMPLE }), "network");
  assertEquals(field400({ ...SPEC_EXAMPLE, network: "solana" }), "network");
  assertEquals(field400({ ...SPEC_EXAMPLE, network: "base", now: 1.5 }), "now");
  assertEquals(field400({ ...SPEC_EXAMPLE, network: "base", requirements: [] }), "requirements");
  assertEquals(
    field400({
      ...SPEC_EXAMPLE,
      network: "base",
      authorization: { ...SPEC_EXAMPLE.authorization, nonce: "0x12" },
    }),
    "authorization.nonce",
  );
  assertEquals(field400({ ...SPEC_EXAMPLE, network: "base", x_payment: "abcd" }), "x_payment");
});

Deno.test("x402CheckService declares the spec's slug, price and capability", () => {
  assertEquals(x402CheckService.slug, "x402-check");
  assertEquals(x402CheckService.priceUsd, "0.003");
  assertEquals(x402CheckService.capabilityId, "x402.authorization.check@v1");
  assertEquals(x402CheckService.envelope, "result");
});

Deno.test("x402-check is deterministic for the same input and now", () => {
  const a = check({ ...SPEC_EXAMPLE, network: "base" });
  const b = check({ ...SPEC_EXAMPLE, network: "base" });
  assertEquals(a, b);
});
