/**
 * One "node" of bench/store.ts, run as a Web Worker (its own isolate and thread, like a
 * separate process): a Deno.serve answering a paid route through the real paywall (verify,
 * claim in the store, handler, settlement stubbed to succeed at once, receipt) over either
 * backend. Posts `{ port }` once listening; any message back stops it.
 */
import { handlePaid } from "../src/x402/paywall.ts";
import { openStore } from "../src/store/open.ts";
import { Ed25519Signer } from "../src/crypto/ed25519.ts";
import { ECHO_SERVICE } from "./_echo_service.ts";
import type { Settler } from "../src/x402/settle.ts";

interface Init {
  kvPath: string;
  storeUrl?: string;
  payTo: string;
}

const self = globalThis as unknown as {
  onmessage: ((e: MessageEvent<Init>) => void) | null;
  postMessage(m: unknown): void;
  close(): void;
};

/** Settlement stubbed the same way for both backends: success at once, no chain. */
const settler: Settler = {
  mode: "local",
  settle: (input) =>
    Promise.resolve({
      success: true,
      transaction: "0x" + "11".repeat(32),
      network: input.requirements.network,
      payer: input.payment.payload.authorization.from,
    }),
  reconcile: (input) =>
    Promise.resolve({
      success: true,
      transaction: "0x" + "11".repeat(32),
      network: input.requirements.network,
      payer: input.payment.payload.authorization.from,
    }),
} as Settler;

const service = ECHO_SERVICE;

let started = false;
self.onmessage = async (e) => {
  if (started) {
    self.close();
    return;
  }
  started = true;
  const store = await openStore({ kvPath: e.data.kvPath, storeUrl: e.data.storeUrl });
  const deps = {
    payTo: e.data.payTo,
    settler,
    claims: store.claims,
    signer: Ed25519Signer.generate(),
  };
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (req) => handlePaid(service, await req.json(), req, deps),
  );
  self.postMessage({ port: server.addr.port });
};
