/**
 * Servers for bench/paywall.ts, each in its own process so the load generator never shares
 * their event loop:
 *   `paywall`   a bare `Deno.serve` whose handler is the paywall (`handlePaid`: JSON body,
 *               parse, terms, PAYMENT-REQUIRED) for a small paid service;
 *   `serve`     the real server (`startServer`: kernel, rate limiter, paywall) on its own data
 *               directory, payments on;
 *   `constant`  a bare `Deno.serve` that reads the JSON body and answers, from constants, the
 *               402 (body and headers, names in the same order and letter case) that the server
 *               at the URL given as second argument answers to the same request, building the
 *               answer per request;
 *   `constant-clone` the same, cloning one answer built at start.
 * Prints its base URL on stderr.
 */
import { handlePaid } from "../src/x402/paywall.ts";
import { KvClaimStore } from "../src/store/kv/claims.ts";
import { RemoteSettler } from "../src/x402/settle_remote.ts";
import { Ed25519Signer } from "../src/crypto/ed25519.ts";
import { ECHO_SERVICE } from "./_echo_service.ts";
import { loadConfig } from "../src/config/config.ts";
import { startServer } from "../src/server/server.ts";
import { rawExchange } from "../tests/support/raw_http.ts";

export const BODY = '{"seed":"bench","text":"bench"}';
const PAY_TO = "0x00000000000000000000000000000000000a11ce";

async function main(mode: string | undefined) {
  const listen = { hostname: "127.0.0.1", port: 0, onListen() {} };
  if (mode === "paywall") {
    const service = ECHO_SERVICE;
    const deps = {
      payTo: PAY_TO,
      settler: new RemoteSettler({ url: "http://127.0.0.1:9" }),
      claims: new KvClaimStore(await Deno.openKv(":memory:")),
      signer: Ed25519Signer.generate(),
    } as const;
    const server = Deno.serve(
      listen,
      async (req) => handlePaid(service, await req.json(), req, deps),
    );
    console.error(`http://127.0.0.1:${server.addr.port}`);
  } else if (mode === "serve") {
    const dir = await Deno.makeTempDir({ prefix: "esim-rails-bench-" });
    await Deno.writeTextFile(`${dir}/facilitator.key`, `0x${"11".repeat(32)}`);
    const server = await startServer(
      await loadConfig({
        PORT: "0",
        DATA_DIR: dir,
        KV_PATH: ":memory:",
        RATE_LIMIT_PER_MIN: "10000000",
        ACCESS_LOG: "0",
        PAY_TO_EVM: PAY_TO,
        FACILITATOR_KEY_FILE: `${dir}/facilitator.key`,
        RPC_URL: "http://127.0.0.1:9",
      }),
    );
    Deno.addSignalListener("SIGTERM", async () => {
      await server.shutdown();
      await Deno.remove(dir, { recursive: true });
      Deno.exit(0);
    });
    console.error(server.url);
  } else if (mode === "constant" || mode === "constant-clone") {
    const source = Deno.args[1]!;
    // Read off the wire, not with `fetch` (which lowercases and sorts header names): the
    // constant answer must be the same bytes, and Deno sends names in the case it is given
    // (mixed-case names cost it about 0.7 µs more per answer than lowercase ones).
    const raw = await rawExchange(source, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: BODY,
    });
    const split = raw.indexOf("\r\n\r\n");
    const [statusLine, ...lines] = raw.slice(0, split).split("\r\n");
    if (!statusLine!.startsWith("HTTP/1.1 402 ")) {
      throw new Error(`${source} answered ${statusLine}, not 402`);
    }
    const body = raw.slice(split + 4);
    // Every header but the per-request ones, in the order and letter case received.
    const headers = lines.map((l): [string, string] => {
      const colon = l.indexOf(":");
      return [l.slice(0, colon), l.slice(colon + 1).trim()];
    }).filter(([k]) =>
      !["date", "content-length", "x-request-id", "connection"].includes(k.toLowerCase())
    );
    // `constant-clone`: the same answer built once and cloned per request (Deno's fastest way to
    // send a fixed response), a stricter baseline than building it per request.
    const template = new Response(body, { status: 402, headers });
    const server = mode === "constant"
      ? Deno.serve(listen, async (req) => {
        await req.json();
        return new Response(body, { status: 402, headers });
      })
      : Deno.serve(listen, async (req) => {
        await req.json();
        return template.clone();
      });
    console.error(`http://127.0.0.1:${server.addr.port}`);
  } else {
    console.error("usage: _paywall_target.ts paywall|serve|constant|constant-clone <url>");
    Deno.exit(2);
  }
  if (mode !== "serve") Deno.addSignalListener("SIGTERM", () => Deno.exit(0));
}

if (import.meta.main) await main(Deno.args[0]);
