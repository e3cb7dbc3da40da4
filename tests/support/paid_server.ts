/**
 * A real `serve` with payments on, settling in-process on a fresh local anvil chain: the buyer
 * (tests/x402/_sign.ts) holds 1 USDC, the facilitator key is on disk, and the seller's address
 * receives. The chain and server are stopped when `fn` ends, also when it throws.
 */
import { type Chain, startChain } from "./chain.ts";
import { startTestServer, type TestServer } from "./server.ts";
import type { StartOptions } from "../../src/server/server.ts";
import { tempDir } from "./temp.ts";
import { buyer, KEYS, seller } from "../x402/_sign.ts";

export interface PaidTestServer {
  srv: TestServer;
  chain: Chain;
  /** The seller's USDC balance (atomic units). */
  balance: () => Promise<bigint>;
}

export async function withPaidTestServer(
  env: Record<string, string>,
  fn: (paid: PaidTestServer) => Promise<void>,
): Promise<void> {
  const chain = await startChain();
  await using dir = await tempDir();
  try {
    await chain.mint(buyer.address, 1_000_000n);
    const keyFile = `${dir.path}/facilitator.key`;
    await Deno.writeTextFile(keyFile, KEYS.facilitator);
    await using srv = await startTestServer({
      PAY_TO_EVM: seller.address,
      FACILITATOR_KEY_FILE: keyFile,
      RPC_URL: chain.rpcUrl,
      ...env,
    });
    await fn({ srv, chain, balance: () => chain.balanceOf(seller.address) });
  } finally {
    await chain.stop();
  }
}

/**
 * A real `serve` with payments on (in-process settlement) whose chain is unreachable: enough for
 * 402 terms, input checks and lazy loading, where no payment is ever settled. The facilitator key's
 * directory is removed with the server.
 */
export async function startServerWithPaymentsOn(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const dir = await Deno.makeTempDir({ prefix: "esim-rails-key-" });
  const removeDir = () => Deno.remove(dir, { recursive: true }).catch(() => {});
  try {
    const keyFile = `${dir}/facilitator.key`;
    await Deno.writeTextFile(keyFile, KEYS.facilitator);
    const srv = await startTestServer({
      PAY_TO_EVM: seller.address,
      FACILITATOR_KEY_FILE: keyFile,
      RPC_URL: "http://127.0.0.1:9",
      ...env,
    }, options);
    return {
      ...srv,
      async [Symbol.asyncDispose]() {
        await srv[Symbol.asyncDispose]();
        await removeDir();
      },
    };
  } catch (err) {
    await removeDir();
    throw err;
  }
}
