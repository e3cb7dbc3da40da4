/**
 * A settlement that does not pay is logged for the operator with why (RPC unreachable, wrong
 * chain, reverted, still pending) and the transaction hash when there is one, never with the
 * signature or the RPC URL.
 */
import assert from "node:assert/strict";
import { requirementsFor } from "../../src/x402/terms.ts";
import { LocalSettler } from "../../src/x402/settle_local.ts";
import { withSettleLog } from "../../src/x402/settle_log.ts";
import { parsePaymentObject } from "../../src/x402/encoding.ts";
import { fromHex } from "../../src/crypto/hash.ts";
import { buyer, KEYS, makePayment, other, seller } from "./_sign.ts";
import { startChain } from "../support/chain.ts";
import { startTestServer } from "../support/server.ts";
import { tempDir } from "../support/temp.ts";

const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });

async function settleLogged(rpcUrl: string, account = buyer, receiptTimeoutMs?: number) {
  const lines: string[] = [];
  const settler = withSettleLog(
    new LocalSettler({
      privateKey: fromHex(KEYS.facilitator),
      rpcUrl,
      pollingIntervalMs: 50,
      receiptTimeoutMs,
    }),
    (l) => lines.push(l),
  );
  const p = await makePayment({ requirements: terms, account });
  const out = await settler.settle({ payment: parsePaymentObject(p.payload), requirements: terms });
  assert.equal(out.success, false);
  assert.equal(lines.length, 1, lines.join("\n"));
  const line = lines[0]!;
  assert.ok(!line.includes(p.signature.slice(2, 20)), "the signature is never logged");
  assert.ok(line.includes(`payer=${account.address}`), line);
  return { line, out };
}

/** A loopback port with nothing listening. */
function closedPort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

Deno.test("settle log: an unreachable RPC is logged as RPC unreachable, without the URL", async () => {
  const rpcUrl = `http://127.0.0.1:${closedPort()}/secret-api-key`;
  const { line } = await settleLogged(rpcUrl);
  assert.match(
    line,
    /^settle_failed settlement failed: RPC unreachable reason=unexpected_settle_error/,
  );
  assert.ok(!line.includes("secret-api-key"), line);
});

Deno.test("settle log: an RPC on another chain, a reverted transfer, a pending transaction with its hash", async () => {
  const chain = await startChain();
  try {
    // Reverted: the payer holds no USDC.
    const reverted = await settleLogged(chain.rpcUrl, other);
    assert.match(reverted.line, /settlement failed: .*reverted.* reason=insufficient_funds/);

    // Pending: sent, not mined in time; the hash is logged.
    await chain.mint(buyer.address, 1_000_000n);
    await chain.rpc("evm_setAutomine", [false]);
    const pending = await settleLogged(chain.rpcUrl, buyer, 300);
    assert.match(pending.line, /^settle_pending settlement not finished: /);
    assert.match(pending.line, / tx=0x[0-9a-f]{64}/);
    assert.ok(pending.line.includes(`tx=${pending.out.transaction}`));
    await chain.rpc("evm_setAutomine", [true]);

    // Wrong chain: the RPC serves 84532, the terms need 8453. anvil may apply the new chain id
    // only after the block that enabling automine starts mining: set it until it reads back.
    for (let i = 0; i < 100 && await chain.rpc("eth_chainId", []) !== "0x14a34"; i++) {
      await chain.rpc("anvil_setChainId", [84532]);
    }
    assert.equal(await chain.rpc("eth_chainId", []), "0x14a34", "anvil serves chain 84532");
    const wrong = await settleLogged(chain.rpcUrl);
    assert.match(wrong.line, /settlement failed: wrong chain \(RPC_URL serves another chain\)/);
    assert.match(wrong.line, /detail="RPC_URL serves chain 84532, terms need 8453"/);
  } finally {
    await chain.stop();
  }
});

Deno.test("settle log: the server's operator log says why a paid call could not be checked; nothing is charged", async () => {
  await using dir = await tempDir();
  await Deno.writeTextFile(`${dir.path}/facilitator.key`, KEYS.facilitator);
  const logs: string[] = [];
  await using srv = await startTestServer({
    PAY_TO_EVM: seller.address,
    FACILITATOR_KEY_FILE: `${dir.path}/facilitator.key`,
    RPC_URL: `http://127.0.0.1:${closedPort()}`,
  }, { nodeLog: (l) => logs.push(l) });
  const t = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
  const p = await makePayment({ requirements: t });
  const res = await fetch(`${srv.url}/x402/firewall-scan`, {
    method: "POST",
    headers: { "content-type": "application/json", "PAYMENT-SIGNATURE": p.header },
    body: JSON.stringify({ tools: [{ name: "echo" }] }),
  });
  // The payment is checked against the chain before any work: with the RPC down it cannot be,
  // so the call is refused as an upstream failure, never charged, and the operator is told why.
  assert.equal(res.status, 502);
  assert.equal((await res.json()).error.code, "upstream_failed");
  assert.ok(
    logs.some((l) =>
      /^check_failed payment check failed: RPC unreachable reason=unexpected_verify_error/.test(l)
    ),
    logs.join("\n"),
  );
  assert.ok(!logs.join("\n").includes(p.signature.slice(2, 20)), "the signature is never logged");
});
