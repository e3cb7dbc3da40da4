/**
 * The local chain of `esim-rails dev`, as its own process so the server's process never loads
 * test-only packages (anvil, solc) and the runtime lockfile stays as it is: `dev` runs this file
 * with `--lock=deno.test.lock`. It starts the chain (chain.ts), mints test USDC to each address
 * given as `<address>=<atomic units>`, prints one JSON line `{rpc_url, chain_id}`, and stops
 * anvil when its stdin closes (its parent ended, however it ended) or on SIGINT/SIGTERM.
 *
 * @example
 * ```sh
 * deno run -A --lock=deno.test.lock tests/support/sandbox_chain.ts 0xabc...=100000000
 * ```
 */
import { startChain } from "./chain.ts";

const chain = await startChain();
try {
  for (const arg of Deno.args) {
    const [address, amount] = arg.split("=");
    await chain.mint(address as `0x${string}`, BigInt(amount ?? "0"));
  }
} catch (err) {
  await chain.stop();
  throw err;
}
console.log(JSON.stringify({ rpc_url: chain.rpcUrl, chain_id: chain.chainId }));

const done = Promise.withResolvers<void>();
for (const sig of ["SIGINT", "SIGTERM"] as const) Deno.addSignalListener(sig, done.resolve);
(async () => {
  // Parent gone: stdin reaches its end.
  for await (const _ of Deno.stdin.readable) { /* ignore input */ }
  done.resolve();
})();
await done.promise;
await chain.stop();
Deno.exit(0);
