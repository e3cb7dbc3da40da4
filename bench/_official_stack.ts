/**
 * The baseline of `bench/paid_e2e.ts`: the official x402 stack on the same route. A Hono app
 * with `@x402/hono`'s payment middleware, whose facilitator is built in-process from the
 * official `@x402/core` facilitator and `@x402/evm` exact scheme, settling on the same chain
 * with its own key. The route does the same work as ours: parse, ECVRF draw, Ed25519-signed
 * receipt over the result.
 *
 * Run as a child process: `deno run -A bench/_official_stack.ts <rpcUrl> <facilitatorKey> <payTo>`;
 * prints `listening http://127.0.0.1:<port>` once it serves. Test-only packages are imported by
 * full specifier so they stay out of the server's runtime import map.
 */
import {
  ExactEvmServerScheme as ExactEvmServer,
  Hono,
  paymentMiddleware,
  registerExactEvmScheme,
  toFacilitatorEvmSigner,
  x402Facilitator,
  x402ResourceServer,
} from "../tests/support/deps.ts";
import { createWalletClient, defineChain, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createFairRandomService } from "../src/random/service.ts";
import { VrfKey } from "../src/random/keys.ts";
import { Ed25519Signer } from "../src/crypto/ed25519.ts";
import { canonicalJson } from "../src/crypto/canonical.ts";
import { toBase64 } from "../src/crypto/hash.ts";

const [rpcUrl, facilitatorKey, payTo] = Deno.args as [string, `0x${string}`, `0x${string}`];
const chain = defineChain({
  id: 8453,
  name: "anvil-base",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
});
const account = privateKeyToAccount(facilitatorKey);
// The same receipt polling interval as our LocalSettler's default (500 ms), so neither side wins
// by polling the chain more often.
const wc = createWalletClient({ account, chain, transport: http(rpcUrl), pollingInterval: 500 })
  .extend(publicActions);
// deno-lint-ignore no-explicit-any
const any = (x: unknown) => x as any;
const signer = toFacilitatorEvmSigner({
  address: account.address,
  readContract: (a) => wc.readContract(any(a)),
  verifyTypedData: (a) => wc.verifyTypedData(any(a)),
  writeContract: (a) => wc.writeContract(any(a)),
  sendTransaction: (a) => wc.sendTransaction(any(a)),
  waitForTransactionReceipt: (a) => wc.waitForTransactionReceipt(any(a)),
  getCode: (a) => wc.getCode(a),
});
const facilitator = new x402Facilitator();
registerExactEvmScheme(facilitator, { signer, networks: "eip155:8453" });
const localFacilitator = {
  verify: (p: unknown, r: unknown) => facilitator.verify(any(p), any(r)),
  settle: (p: unknown, r: unknown) => facilitator.settle(any(p), any(r)),
  getSupported: () => Promise.resolve(facilitator.getSupported()),
};
const resourceServer = new x402ResourceServer(any(localFacilitator)).register(
  "eip155:8453",
  new ExactEvmServer(),
);

const service = createFairRandomService(VrfKey.generate());
const receiptKey = Ed25519Signer.generate();
const app = new Hono();
app.use(
  paymentMiddleware(
    {
      "POST /x402/fair-random": {
        accepts: { scheme: "exact", price: "$0.006", network: "eip155:8453", payTo },
        description: "Verifiable random bytes (ECVRF)",
        mimeType: "application/json",
      },
    },
    resourceServer,
  ),
);
app.post("/x402/fair-random", async (c) => {
  const input = service.parse(await c.req.json());
  const result = await service.run(input, {
    url: c.req.url,
    signal: c.req.raw.signal,
    now: new Date(),
  });
  const receipt = { service: service.slug, result, issued_at: new Date().toISOString() };
  const signature = toBase64(receiptKey.sign(new TextEncoder().encode(canonicalJson(receipt))));
  return c.json({
    status: "ok",
    service: service.slug,
    result,
    receipt: { ...receipt, signature },
  });
});

const server = Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.log(`listening http://127.0.0.1:${port}`),
}, app.fetch);
Deno.addSignalListener("SIGTERM", () => server.shutdown());
