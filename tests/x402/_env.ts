/** Test helper: a local chain with the token, a funded buyer, and the paywall served over it. */
import { type Chain, startChain } from "../support/chain.ts";
import { LocalSettler } from "../../src/x402/settle_local.ts";
import { fromHex } from "../../src/crypto/hash.ts";
import { buyer, KEYS, seller } from "./_sign.ts";
import { serveEcho, type TestServer } from "./_server.ts";
import type { Settler } from "../../src/x402/settle.ts";
import type { PaywallDeps } from "../../src/x402/paywall.ts";

export function localSettler(chain: Chain): LocalSettler {
  return new LocalSettler({
    privateKey: fromHex(KEYS.facilitator),
    rpcUrl: chain.rpcUrl,
    pollingIntervalMs: 50,
    receiptTimeoutMs: 10_000,
  });
}

/** Runs `fn` with a fresh chain (buyer funded with 1 USDC) and a served paywall; stops both. */
export async function withPaywall(
  fn: (env: { chain: Chain; server: TestServer }) => Promise<void>,
  opts: {
    settler?: (chain: Chain) => Settler | Promise<Settler>;
    limitPayer?: PaywallDeps["limitPayer"];
    fund?: bigint;
  } = {},
): Promise<void> {
  const chain = await startChain();
  let server: TestServer | undefined;
  try {
    if ((opts.fund ?? 1_000_000n) > 0n) await chain.mint(buyer.address, opts.fund ?? 1_000_000n);
    const settler = opts.settler ? await opts.settler(chain) : localSettler(chain);
    server = await serveEcho({ payTo: seller.address, settler, limitPayer: opts.limitPayer });
    await fn({ chain, server });
  } finally {
    await server?.close();
    await chain.stop();
  }
}
