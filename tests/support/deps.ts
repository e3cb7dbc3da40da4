/**
 * Test-only npm packages, pinned here with full specifiers and kept out of deno.json "imports"
 * so that `deno task start` and a compiled binary never download them (their versions live in
 * deno.test.lock). Tests and benchmarks import them from this file. Add new test-only packages
 * here in the same form. (The local chain's anvil and solc are pinned in chain.ts, which
 * `esim-rails dev` loads without pulling in the rest.)
 */
export { wrapFetchWithPayment, x402Client } from "npm:@x402/fetch@2.27.0";
export { ExactEvmScheme, toFacilitatorEvmSigner } from "npm:@x402/evm@2.27.0";
export { ExactEvmScheme as ExactEvmFacilitatorScheme } from "npm:@x402/evm@2.27.0/exact/facilitator";
export { registerExactEvmScheme } from "npm:@x402/evm@2.27.0/exact/facilitator";
export { x402Facilitator } from "npm:@x402/core@2.27.0/facilitator";
export { validatePaymentRequired } from "npm:@x402/core@2.27.0/schemas";
export {
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
} from "npm:@x402/core@2.27.0/http";
// The official server stack, for bench/paid_e2e.ts's baseline.
export { Hono } from "npm:hono@4.13.19";
export { paymentMiddleware, x402ResourceServer } from "npm:@x402/hono@2.27.0";
export { ExactEvmScheme as ExactEvmServerScheme } from "npm:@x402/evm@2.27.0/exact/server";
// The official MCP SDK's server classes, for the transparency log's fake MCP servers.
export { Server } from "npm:@modelcontextprotocol/sdk@1.32.2/server/index.js";
export { WebStandardStreamableHTTPServerTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/server/webStandardStreamableHttp.js";
export { ListToolsRequestSchema } from "npm:@modelcontextprotocol/sdk@1.32.2/types.js";
// node-postgres, the alternative PostgreSQL client bench/store.ts measures against `postgres`.
export { default as pg } from "npm:pg@8.23.1";
// Real TON addresses and text-comment payloads (BOC) for the toncenter fake.
export { Address as TonAddress, beginCell } from "npm:@ton/core@0.63.1";
// Real Solana keys, addresses and program-derived token accounts for the Solana RPC fake.
export {
  getAddressEncoder,
  getAddressFromPublicKey,
  getProgramDerivedAddress,
} from "npm:@solana/addresses@8.4.0";
export { generateKeyPair, signBytes } from "npm:@solana/keys@8.4.0";
