/**
 * Test harness: serves the real paywall for a small real PaidService ("echo-test") with a plain
 * `Deno.serve` on an ephemeral loopback port, the way the server mounts paid routes.
 */
import type { PaidService } from "../../src/api/service.ts";
import { HttpError, invalidInput } from "../../src/http/errors.ts";
import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
import { KvClaimStore } from "../../src/store/kv/claims.ts";
import { handlePaid, type PaywallDeps, x402HttpErrorResponse } from "../../src/x402/paywall.ts";
import type { Settler } from "../../src/x402/settle.ts";

/** Echoes `text`; `"fail-upstream"` throws 502, `"fail-input"` throws 400 from run. */
export function echoService(): PaidService<{ text: string }, { echo: string }> & { runs: number } {
  const svc = {
    runs: 0,
    slug: "echo-test",
    priceUsd: "0.001",
    description: "Echoes text (test service)",
    envelope: "result" as const,
    capabilityId: "test.echo@v1",
    parse(body: unknown) {
      if (
        typeof body !== "object" || body === null ||
        typeof (body as { text?: unknown }).text !== "string"
      ) {
        throw invalidInput("text", "Send 'text' as a string");
      }
      return { text: (body as { text: string }).text };
    },
    run(input: { text: string }) {
      svc.runs++;
      if (input.text === "fail-upstream") {
        throw new HttpError(502, "upstream_failed", "Upstream failed");
      }
      if (input.text === "fail-input") throw invalidInput("text", "Rejected by the handler");
      return { echo: input.text };
    },
  };
  return svc;
}

export interface TestServer {
  url: string;
  deps: PaywallDeps;
  kv: Deno.Kv;
  service: ReturnType<typeof echoService>;
  close(): Promise<void>;
}

export async function serveEcho(
  opts: {
    now?: () => Date;
    payTo?: string;
    settler?: Settler;
    limitPayer?: PaywallDeps["limitPayer"];
    service?: PaidService;
  } = {},
): Promise<TestServer> {
  const kv = await Deno.openKv(":memory:");
  const service = (opts.service ?? echoService()) as ReturnType<typeof echoService>;
  const deps: PaywallDeps = {
    payTo: opts.payTo,
    settler: opts.settler,
    claims: new KvClaimStore(kv),
    signer: Ed25519Signer.generate(),
    limitPayer: opts.limitPayer,
    now: opts.now,
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    let body: unknown;
    try {
      body = await req.json();
    } catch {
      return x402HttpErrorResponse(service.slug, invalidInput("", "The body must be JSON"));
    }
    try {
      return await handlePaid(service, body, req, deps);
    } catch (e) {
      if (e instanceof HttpError) return x402HttpErrorResponse(service.slug, e);
      console.error(e);
      return new Response("internal", { status: 500 });
    }
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/x402/${service.slug}`,
    deps,
    kv,
    service,
    async close() {
      await server.shutdown();
      kv.close();
    },
  };
}
