/**
 * The in-process settlement pipeline on a real chain: the facilitator's own nonce counter, fee
 * bumped replacement of a transaction left unmined, a nonce used by another process, and
 * receipts found by watching blocks (with and without `eth_getBlockReceipts`).
 */
import { assert, assertEquals } from "./_assert.ts";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { parsePaymentHeader } from "../../src/x402/encoding.ts";
import { requirementsFor } from "../../src/x402/terms.ts";
import { LocalSettler } from "../../src/x402/settle_local.ts";
import { fromHex } from "../../src/crypto/hash.ts";
import { buyer, KEYS, makePayment, seller } from "./_sign.ts";
import { anvilChain, startChain } from "../support/chain.ts";
import { rpcProxy } from "./_rpc_proxy.ts";

const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
const facilitator = privateKeyToAccount(KEYS.facilitator);

async function payment() {
  const p = await makePayment({ requirements: terms });
  return { payment: parsePaymentHeader(p.header), requirements: terms };
}

/** Pending transactions of the facilitator in anvil's pool, by nonce. */
async function pooled(rpc: (m: string, p: unknown[]) => Promise<unknown>) {
  const content = await rpc("txpool_content", []) as {
    pending: Record<string, Record<string, { hash: string; maxFeePerGas: string }>>;
  };
  const mine = Object.entries(content.pending).find(([a]) =>
    a.toLowerCase() === facilitator.address.toLowerCase()
  );
  return mine ? mine[1] : {};
}

Deno.test("LocalSettler replaces a transaction left unmined with higher fees; one transfer lands", async () => {
  const chain = await startChain();
  try {
    await chain.mint(buyer.address, 1_000_000n);
    await chain.rpc("evm_setAutomine", [false]);
    const settler = new LocalSettler({
      privateKey: fromHex(KEYS.facilitator),
      rpcUrl: chain.rpcUrl,
      pollingIntervalMs: 20,
      receiptTimeoutMs: 30_000,
      replacement: { replaceAfterMs: 150, maxReplacements: 1 },
    });
    const settling = settler.settle(await payment());
    // Wait until the pool holds a transaction whose fee was raised over the first one's.
    let first: { hash: string; maxFeePerGas: string } | undefined;
    let replaced: { hash: string; maxFeePerGas: string } | undefined;
    for (let i = 0; i < 2000 && !replaced; i++) {
      const tx = (await pooled(chain.rpc))["0"];
      if (tx && !first) first = tx;
      if (tx && first && tx.hash !== first.hash) replaced = tx;
      if (!replaced) await new Promise((r) => setTimeout(r, 10));
    }
    assert(first && replaced, "a replacement reached the pool");
    assert(BigInt(replaced.maxFeePerGas) >= BigInt(first.maxFeePerGas) * 11n / 10n, "fees +10 %");
    await chain.rpc("evm_mine", []);
    const outcome = await settling;
    assertEquals(outcome.success, true, JSON.stringify(outcome));
    assertEquals(outcome.transaction.toLowerCase(), replaced.hash.toLowerCase());
    assertEquals(await chain.transfersTo(seller.address), 1);
    assertEquals(
      await chain.publicClient.getTransactionCount({ address: facilitator.address }),
      1,
      "one transaction mined for the payment",
    );
  } finally {
    await chain.stop();
  }
});

Deno.test("LocalSettler resends with a fresh nonce when another process used its key; no double send", async () => {
  const chain = await startChain();
  try {
    await chain.mint(buyer.address, 1_000_000n);
    const settler = new LocalSettler({
      privateKey: fromHex(KEYS.facilitator),
      rpcUrl: chain.rpcUrl,
      pollingIntervalMs: 20,
    });
    assertEquals((await settler.settle(await payment())).success, true);
    // Another node with the same key sends a transaction: our counter is now stale.
    const otherNode = createWalletClient({
      account: facilitator,
      chain: { ...anvilChain, rpcUrls: { default: { http: [chain.rpcUrl] } } },
      transport: http(chain.rpcUrl),
    });
    const hash = await otherNode.sendTransaction({ to: seller.address, value: 1n });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    const second = await settler.settle(await payment());
    assertEquals(second.success, true, JSON.stringify(second));
    assertEquals(await chain.transfersTo(seller.address), 2);
    assertEquals(
      await chain.publicClient.getTransactionCount({ address: facilitator.address }),
      3,
    );
  } finally {
    await chain.stop();
  }
});

Deno.test("LocalSettler finds receipts on an RPC without eth_getBlockReceipts", async () => {
  const chain = await startChain();
  const proxy = rpcProxy(chain.rpcUrl, {
    refuse: (m) =>
      m === "eth_getBlockReceipts" ? { code: -32601, message: "Method not supported" } : undefined,
  });
  try {
    await chain.mint(buyer.address, 1_000_000n);
    const settler = new LocalSettler({
      privateKey: fromHex(KEYS.facilitator),
      rpcUrl: proxy.url,
      pollingIntervalMs: 20,
    });
    const outcomes = await Promise.all([1, 2, 3].map(async () => settler.settle(await payment())));
    assert(outcomes.every((o) => o.success), JSON.stringify(outcomes));
    assertEquals(await chain.transfersTo(seller.address), 3);
  } finally {
    await proxy.close();
    await chain.stop();
  }
});

Deno.test("LocalSettler settles 30 concurrent payments with 30 transactions and no nonce gap", async () => {
  const chain = await startChain();
  try {
    await chain.mint(buyer.address, 1_000_000n);
    const settler = new LocalSettler({
      privateKey: fromHex(KEYS.facilitator),
      rpcUrl: chain.rpcUrl,
      pollingIntervalMs: 20,
    });
    const inputs = await Promise.all(Array.from({ length: 30 }, payment));
    const outcomes = await Promise.all(inputs.map((i) => settler.settle(i)));
    assert(outcomes.every((o) => o.success), JSON.stringify(outcomes.filter((o) => !o.success)));
    assertEquals(new Set(outcomes.map((o) => o.transaction)).size, 30);
    assertEquals(await chain.transfersTo(seller.address), 30);
    assertEquals(
      await chain.publicClient.getTransactionCount({ address: facilitator.address }),
      30,
    );
  } finally {
    await chain.stop();
  }
});
