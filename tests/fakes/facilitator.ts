/**
 * A real x402 facilitator for tests, assembled from the official `@x402/core` facilitator and
 * the `@x402/evm` exact scheme, served on an ephemeral loopback port with the HTTP API
 * (`POST /verify`, `POST /settle`, `GET /supported`) and settling on the given RPC (anvil).
 */
import {
  registerExactEvmScheme,
  toFacilitatorEvmSigner,
  x402Facilitator,
} from "../support/deps.ts";
import { createWalletClient, defineChain, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export interface FakeFacilitator {
  url: string;
  calls: { verify: number; settle: number };
  close(): Promise<void>;
}

export function startFacilitator(
  opts: { rpcUrl: string; privateKey: `0x${string}`; chainId?: number },
): FakeFacilitator {
  const chainId = opts.chainId ?? 8453;
  const chain = defineChain({
    id: chainId,
    name: "anvil",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const account = privateKeyToAccount(opts.privateKey);
  const wc = createWalletClient({ account, chain, transport: http(opts.rpcUrl) }).extend(
    publicActions,
  );
  // deno-lint-ignore no-explicit-any
  const anyArgs = (x: unknown) => x as any;
  const signer = toFacilitatorEvmSigner({
    address: account.address,
    readContract: (a) => wc.readContract(anyArgs(a)),
    verifyTypedData: (a) => wc.verifyTypedData(anyArgs(a)),
    writeContract: (a) => wc.writeContract(anyArgs(a)),
    sendTransaction: (a) => wc.sendTransaction(anyArgs(a)),
    waitForTransactionReceipt: (a) => wc.waitForTransactionReceipt({ ...a, pollingInterval: 50 }),
    getCode: (a) => wc.getCode(a),
  });
  const facilitator = new x402Facilitator();
  registerExactEvmScheme(facilitator, { signer, networks: `eip155:${chainId}` });
  const calls = { verify: 0, settle: 0 };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const path = new URL(req.url).pathname;
    if (req.method === "GET" && path === "/supported") {
      return Response.json(facilitator.getSupported());
    }
    if (req.method !== "POST" || (path !== "/verify" && path !== "/settle")) {
      return new Response("not found", { status: 404 });
    }
    const body = await req.json();
    const out = path === "/verify"
      ? (calls.verify++, await facilitator.verify(body.paymentPayload, body.paymentRequirements))
      : (calls.settle++, await facilitator.settle(body.paymentPayload, body.paymentRequirements));
    return Response.json(out);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    calls,
    close: () => server.shutdown(),
  };
}
