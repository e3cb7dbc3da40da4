import assert from "node:assert/strict";
import { runCli } from "../support/process.ts";
import { tempDir } from "../support/temp.ts";
import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
import { toBase64, toHex } from "../../src/crypto/hash.ts";
import { issueReceipt } from "../../src/crypto/receipt.ts";
import { freeAnswerMessage } from "../../rails/check/free_answer.ts";

const signer = Ed25519Signer.generate();
const KEY = toBase64(signer.publicKey);
const result = { output: "ab12", num_bytes: 2 };
const receipt = issueReceipt(signer, {
  service: "fair-random",
  capability_id: "svc.draw@v1",
  input: { seed: "s" },
  result,
  payment: {
    scheme: "exact",
    network: "eip155:8453",
    asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    amount: "6000",
    payer: "0x0000000000000000000000000000000000000001",
    pay_to: "0x0000000000000000000000000000000000000002",
    transaction: "0x" + "ab".repeat(32),
  },
});
const answer = {
  status: "ok",
  service: "fair-random",
  capability_id: "svc.draw@v1",
  result,
  receipt,
};

async function withFile(value: unknown, fn: (path: string, dir: string) => Promise<void>) {
  await using dir = await tempDir();
  const path = `${dir.path}/doc.json`;
  await Deno.writeTextFile(path, JSON.stringify(value));
  await fn(path, dir.path);
}

Deno.test("verify receipt accepts a paid answer's receipt with the published key (base64 or hex)", async () => {
  await withFile(answer, async (path) => {
    for (const key of [KEY, toHex(signer.publicKey)]) {
      const r = await runCli(["verify", "receipt", path, "--public-key", key]);
      assert.equal(r.code, 0, r.stderr);
      const out = JSON.parse(r.stdout);
      assert.deepEqual([out.valid, out.receipt_id, out.key_id], [true, receipt.id, signer.keyId]);
    }
  });
});

Deno.test("verify receipt accepts what esim-rails call printed, a whole answer and a bare receipt", async () => {
  const callOutput = {
    status: 200,
    payment_response: { success: true, transaction: receipt.payment.transaction },
    body: answer,
  };
  for (const doc of [callOutput, answer, receipt]) {
    await withFile(doc, async (path) => {
      const r = await runCli(["verify", "receipt", path, "--public-key", KEY]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.equal(JSON.parse(r.stdout).valid, true);
    });
  }
  // What call printed still binds the receipt to the answer's result.
  const tampered = { ...callOutput, body: { ...answer, result: { ...result, output: "ffff" } } };
  await withFile(tampered, async (path) => {
    const r = await runCli(["verify", "receipt", path, "--public-key", KEY]);
    assert.equal(r.code, 1);
    assert.match(JSON.parse(r.stdout).reason, /result_sha256/);
  });
});

Deno.test("verify receipt refuses a result that is not the one the receipt signed", async () => {
  await withFile({ ...answer, result: { ...result, output: "ffff" } }, async (path) => {
    const r = await runCli(["verify", "receipt", path, "--public-key", KEY]);
    assert.equal(r.code, 1);
    assert.match(JSON.parse(r.stdout).reason, /result_sha256/);
  });
});

Deno.test("verify receipt refuses a tampered payment and another key", async () => {
  const tampered = { ...receipt, payment: { ...receipt.payment, amount: "1" } };
  await withFile(tampered, async (path) => {
    const r = await runCli(["verify", "receipt", path, "--public-key", KEY]);
    assert.equal(r.code, 1);
    assert.match(JSON.parse(r.stdout).reason, /does not verify/);
  });
  await withFile(receipt, async (path) => {
    const other = toBase64(Ed25519Signer.generate().publicKey);
    const r = await runCli(["verify", "receipt", path, "--public-key", other]);
    assert.equal(r.code, 1);
    assert.match(JSON.parse(r.stdout).reason, /not by this key/);
  });
});

Deno.test("verify answer checks a free answer's X-Provider-Signature against the request", async () => {
  const input = { country: "DE" };
  const quote = { country: "DE", offers: [], quoted_at: "2026-11-21T00:00:00.000Z" };
  const msg = freeAnswerMessage({
    capabilityId: "esim.quote@v1",
    productId: "p1",
    input,
    result: quote,
  });
  const sig = toBase64(signer.sign(msg));
  await withFile({ success: true, result: quote }, async (path, dir) => {
    await Deno.writeTextFile(`${dir}/input.json`, JSON.stringify(input));
    const args = [
      "verify",
      "answer",
      path,
      "--signature",
      sig,
      "--capability-id",
      "esim.quote@v1",
      "--product-id",
      "p1",
      "--public-key",
      KEY,
    ];
    const ok = await runCli([...args, "--input", `${dir}/input.json`]);
    assert.equal(ok.code, 0, ok.stdout + ok.stderr);
    await Deno.writeTextFile(`${dir}/other.json`, JSON.stringify({ country: "FR" }));
    const bad = await runCli([...args, "--input", `${dir}/other.json`]);
    assert.equal(bad.code, 1, "the signature is bound to the request");
  });
});

Deno.test("verify with a malformed key or a missing kind is a usage error (exit 2)", async () => {
  await withFile(receipt, async (path) => {
    assert.equal((await runCli(["verify", "receipt", path, "--public-key", "abc"])).code, 2);
    assert.equal((await runCli(["verify", "bogus", path, "--public-key", KEY])).code, 2);
    assert.equal((await runCli(["verify", "receipt", "--public-key", KEY])).code, 2);
  });
});
