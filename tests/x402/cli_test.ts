import { assert, assertEquals } from "./_assert.ts";
import { parseCheckInput, runCheck } from "../../src/x402/check.ts";
import { verifyReceipt } from "../../src/crypto/receipt.ts";
import { KEYS, seller } from "./_sign.ts";
import { withPaywall } from "./_env.ts";
import { runCli } from "../support/process.ts";

/** Runs main.ts as a real subprocess (see tests/support/process.ts). */
const cli = (args: string[], stdin?: string) => runCli(args, { stdin });

const SPEC_INPUT = {
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
  network: "base-sepolia",
  now: 1740672100,
};

Deno.test("esim-rails x402-check prints the endpoint's result JSON for a file and exits 0 when valid", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/in.json`;
    await Deno.writeTextFile(file, JSON.stringify(SPEC_INPUT));
    const r = await cli(["x402-check", file]);
    assertEquals(r.code, 0, r.stderr);
    assertEquals(JSON.parse(r.stdout), runCheck(parseCheckInput(SPEC_INPUT), 0));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("esim-rails x402-check reads stdin and exits 1 for an invalid payment", async () => {
  const r = await cli(["x402-check", "-"], JSON.stringify({ ...SPEC_INPUT, network: "base" }));
  assertEquals(r.code, 1);
  assertEquals(
    JSON.parse(r.stdout).signature_domain.description,
    "made for Base Sepolia USDC ('USDC', 2, 84532)",
  );
});

Deno.test("esim-rails x402-check exits 2 naming the field for unusable input", async () => {
  const r = await cli(["x402-check", "-"], JSON.stringify({ ...SPEC_INPUT, network: "nowhere" }));
  assertEquals(r.code, 2);
  assert(r.stderr.includes("'network'"), r.stderr);
});

Deno.test("esim-rails call pays a paid route and prints result, receipt and PAYMENT-RESPONSE", async () => {
  await withPaywall(async ({ server, chain }) => {
    const dir = await Deno.makeTempDir();
    try {
      const keyFile = `${dir}/buyer.key`;
      await Deno.writeTextFile(keyFile, KEYS.buyer.slice(2) + "\n", { mode: 0o600 });
      const r = await cli([
        "call",
        server.url,
        "--data",
        '{"text":"from the shell"}',
        "--key-file",
        keyFile,
      ]);
      assertEquals(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout);
      assertEquals(out.status, 200);
      assertEquals(out.body.result, { echo: "from the shell" });
      assert(verifyReceipt(server.deps.signer.publicKey, out.body.receipt));
      assertEquals(out.payment_response.success, true);
      assertEquals(await chain.transfersTo(seller.address), 1);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});

Deno.test("esim-rails call refuses terms above --max-usd without signing", async () => {
  await withPaywall(async ({ server, chain }) => {
    const dir = await Deno.makeTempDir();
    try {
      const keyFile = `${dir}/buyer.key`;
      await Deno.writeTextFile(keyFile, KEYS.buyer + "\n");
      const r = await cli([
        "call",
        server.url,
        "--data",
        '{"text":"x"}',
        "--key-file",
        keyFile,
        "--max-usd",
        "0.0005",
      ]);
      assertEquals(r.code, 1);
      assert(r.stderr.includes("The price 0.001 USD is above the cap 0.0005 USD"), r.stderr);
      assert(r.stderr.includes("raise --max-usd"), r.stderr);
      assertEquals(await chain.transfersTo(seller.address), 0);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});
