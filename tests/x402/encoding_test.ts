import { assert, assertEquals } from "./_assert.ts";
import {
  decodeBase64Json,
  encodeBase64Json,
  parsePaymentHeader,
  PaymentPayloadError,
} from "../../src/x402/encoding.ts";
import { atomicToUsd, usdToAtomic } from "../../src/x402/constants.ts";
import { makePayment, seller } from "./_sign.ts";
import { requirementsFor } from "../../src/x402/terms.ts";

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert(e instanceof PaymentPayloadError, `expected PaymentPayloadError, got ${e}`);
    return e.reason;
  }
  return "no error";
}

Deno.test("usdToAtomic() converts the eight spec prices exactly", () => {
  assertEquals(["0.001", "0.03", "0.006", "0.003"].map(usdToAtomic), [
    "1000",
    "30000",
    "6000",
    "3000",
  ]);
  assertEquals(usdToAtomic("12.5"), "12500000");
  assertEquals(usdToAtomic("0"), "0");
  assertEquals(atomicToUsd("1000"), "0.001");
});

Deno.test("usdToAtomic() refuses more than 6 decimals, signs and exponents", () => {
  for (const bad of ["0.0000001", "-1", "1e-3", ".5", "01", "", "0.1.2"]) {
    let threw = false;
    try {
      usdToAtomic(bad);
    } catch (e) {
      threw = e instanceof RangeError;
    }
    assert(threw, bad);
  }
});

Deno.test("encodeBase64Json() writes padded standard base64 of UTF-8 JSON", () => {
  const h = encodeBase64Json({ a: "é€" });
  assert(h.length % 4 === 0);
  assertEquals(decodeBase64Json(h), { a: "é€" });
});

Deno.test("decodeBase64Json() accepts base64 without padding", () => {
  const h = encodeBase64Json({ ab: 1 }).replace(/=+$/, "");
  assertEquals(decodeBase64Json(h), { ab: 1 });
});

Deno.test("parsePaymentHeader() refuses text that is not base64", () => {
  assertEquals(reasonOf(() => parsePaymentHeader("not base64!")), "invalid_payload");
});

Deno.test("parsePaymentHeader() refuses base64 that is not JSON", () => {
  assertEquals(reasonOf(() => parsePaymentHeader(btoa("hello"))), "invalid_payload");
});

Deno.test("parsePaymentHeader() refuses base64 that is not UTF-8", () => {
  assertEquals(reasonOf(() => parsePaymentHeader(btoa("\xff\xfe\xfd"))), "invalid_payload");
});

Deno.test("parsePaymentHeader() refuses a huge header before decoding it", () => {
  assertEquals(reasonOf(() => parsePaymentHeader("A".repeat(1_000_000))), "invalid_payload");
});

Deno.test("parsePaymentHeader() refuses JSON of the wrong shape, naming the field", () => {
  for (
    const [v, field] of [
      [[], ""],
      [{ x402Version: 2, accepted: {}, payload: {} }, "accepted.scheme"],
      [
        { x402Version: 1, scheme: "exact", network: "base", payload: { signature: "0x00" } },
        "payload.authorization",
      ],
    ] as const
  ) {
    try {
      parsePaymentHeader(encodeBase64Json(v));
      assert(false, "no error");
    } catch (e) {
      assert(e instanceof PaymentPayloadError);
      assertEquals(e.field, field);
    }
  }
});

Deno.test("parsePaymentHeader() reports an unknown x402Version as invalid_x402_version", () => {
  assertEquals(
    reasonOf(() => parsePaymentHeader(encodeBase64Json({ x402Version: 3 }))),
    "invalid_x402_version",
  );
});

Deno.test("parsePaymentHeader() refuses a nonce that is not 32 bytes and a value beyond uint256", async () => {
  const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
  const p = await makePayment({ requirements: terms });
  const short = structuredClone(p.payload);
  short.payload.authorization.nonce = "0x1234";
  assertEquals(reasonOf(() => parsePaymentHeader(encodeBase64Json(short))), "invalid_payload");
  const big = structuredClone(p.payload);
  big.payload.authorization.value = "9".repeat(78);
  assertEquals(reasonOf(() => parsePaymentHeader(encodeBase64Json(big))), "invalid_payload");
});

Deno.test("parsePaymentHeader() reads what the test signer produces", async () => {
  const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
  const p = await makePayment({ requirements: terms });
  const parsed = parsePaymentHeader(p.header);
  assertEquals(parsed.x402Version, 2);
  assertEquals(parsed.accepted, terms);
  assertEquals(parsed.payload.authorization, p.authorization);
});
