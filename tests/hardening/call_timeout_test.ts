/**
 * `esim-rails call` and the buyer client sign only authorizations with a sane validity window
 * (issue: a seller sending `maxTimeoutSeconds: "300"` got an authorization valid for tens of
 * thousands of years, since `now + "300"` concatenates).
 */
import assert from "node:assert/strict";
import { payAndFetch } from "../../src/x402/client.ts";
import { encodeBase64Json } from "../../src/x402/encoding.ts";
import { requirementsFor } from "../../src/x402/terms.ts";
import type { PaymentRequired } from "../../src/x402/types.ts";
import { buyer, KEYS, seller } from "../x402/_sign.ts";
import { runCli } from "../support/process.ts";

/** A seller that always answers 402 with `maxTimeoutSeconds` set to `value`; counts payments. */
function seller402(value: unknown) {
  const terms = { ...requirementsFor({ priceUsd: "0.01", payTo: seller.address }) } as Record<
    string,
    unknown
  >;
  terms.maxTimeoutSeconds = value;
  const required = {
    x402Version: 2,
    error: "payment required",
    resource: { url: "http://x/", description: "", mimeType: "application/json" },
    accepts: [terms],
  } as unknown as PaymentRequired;
  const state = { signed: 0 };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    await req.text();
    if (req.headers.get("payment-signature")) state.signed++;
    return new Response("{}", {
      status: 402,
      headers: { "PAYMENT-REQUIRED": encodeBase64Json(required) },
    });
  });
  return { url: `http://127.0.0.1:${server.addr.port}/`, state, stop: () => server.shutdown() };
}

for (const value of ["300", 1.5, -1, 0, 1e12, null]) {
  Deno.test(`client: terms with maxTimeoutSeconds ${JSON.stringify(value)} get no signed payment`, async () => {
    const s = seller402(value);
    try {
      const error = await payAndFetch(s.url, {}, buyer, { maxAtomic: 100_000n }).then(
        () => null,
        (e) => e,
      );
      assert.ok(error instanceof RangeError, String(error));
      assert.match(error.message, /maxTimeoutSeconds|above the cap/);
      assert.equal(s.state.signed, 0);
    } finally {
      await s.stop();
    }
  });
}

Deno.test("call: a window above the cap is refused unless --max-timeout-s raises it", async () => {
  const dir = await Deno.makeTempDir();
  const s = seller402(3600);
  try {
    await Deno.writeTextFile(`${dir}/buyer.key`, KEYS.buyer.slice(2));
    const refused = await runCli(["call", s.url, "--key-file", `${dir}/buyer.key`]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /3600 s, above the cap 900 s.*--max-timeout-s/);
    assert.equal(s.state.signed, 0);
    const allowed = await runCli([
      "call",
      s.url,
      "--key-file",
      `${dir}/buyer.key`,
      "--max-timeout-s",
      "3600",
    ]);
    assert.equal(allowed.code, 1, "the seller still answers 402");
    assert.equal(s.state.signed, 1, "with the cap raised, the payment is signed");
    const bad = await runCli([
      "call",
      s.url,
      "--key-file",
      `${dir}/buyer.key`,
      "--max-timeout-s",
      "1.5",
    ]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--max-timeout-s/);
  } finally {
    await s.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
