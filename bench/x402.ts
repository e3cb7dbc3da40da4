/**
 * x402 benchmarks, each a ratio against a baseline measured in the same run:
 *  1. payments verified per second: our verifier (header decode + `verifyPayment`) against the
 *     official `@x402/evm` facilitator's `verify` (header decode with `@x402/core`), same
 *     payloads; its signer answers from memory (no RPC), so on-chain simulation is off.
 *     Target: ours ≥ 1.0×.
 *  2. 402 answers per second: the paywall (JSON body, parse, terms, PAYMENT-REQUIRED) against a
 *     bare `Deno.serve` hello-world, measured with `wrk` (fallback: an in-process fetch loop).
 *     Target ≥ 0.7×.
 *
 * Run: `deno run -A bench/x402.ts` (a few seconds).
 */
import { privateKeyToAccount } from "viem/accounts";
import {
  decodePaymentSignatureHeader,
  ExactEvmFacilitatorScheme as ExactEvmScheme,
} from "../tests/support/deps.ts";
import { requirementsFor } from "../src/x402/terms.ts";
import { parsePaymentHeader } from "../src/x402/encoding.ts";
import { verifyPayment } from "../src/x402/verify.ts";
import { createPayment } from "../src/x402/client.ts";
import { encodeBase64Json } from "../src/x402/encoding.ts";
import { handlePaid } from "../src/x402/paywall.ts";
import { KvClaimStore } from "../src/store/kv/claims.ts";
import { RemoteSettler } from "../src/x402/settle_remote.ts";
import { Ed25519Signer } from "../src/crypto/ed25519.ts";
import { ECHO_SERVICE } from "./_echo_service.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? "1.5");
const buyer = privateKeyToAccount(
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
);
const payTo =
  privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d").address;
const terms = requirementsFor({ priceUsd: "0.001", payTo });

// ---- 1. verification ----
const headers: string[] = [];
for (let i = 0; i < 200; i++) headers.push(encodeBase64Json(await createPayment(buyer, terms)));

async function rate(fn: (h: string) => unknown | Promise<unknown>): Promise<number> {
  for (let i = 0; i < 50; i++) await fn(headers[i % headers.length]!); // warm-up
  let n = 0;
  const end = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  while (performance.now() < end) {
    for (let i = 0; i < 20; i++) await fn(headers[(n + i) % headers.length]!);
    n += 20;
  }
  return n / ((performance.now() - t0) / 1000);
}

const ours = await rate((h) => {
  const r = verifyPayment(parsePaymentHeader(h), [terms], { now: Math.floor(Date.now() / 1000) });
  if (!r.ok) throw new Error("ours refused: " + r.reason);
});

const memorySigner = {
  getAddresses: () => [payTo] as const,
  readContract: () => Promise.resolve(undefined),
  verifyTypedData: () => Promise.resolve(true),
  writeContract: () => Promise.reject(new Error("no writes in a benchmark")),
  sendTransaction: () => Promise.reject(new Error("no writes in a benchmark")),
  waitForTransactionReceipt: () => Promise.reject(new Error("no writes in a benchmark")),
  getCode: ({ address }: { address: string }) =>
    Promise.resolve(
      address.toLowerCase() === terms.asset.toLowerCase() ? "0x6080" as const : "0x" as const,
    ),
};
// deno-lint-ignore no-explicit-any
const official = new ExactEvmScheme(memorySigner as any);
const theirs = await rate(async (h) => {
  const payload = decodePaymentSignatureHeader(h);
  // deno-lint-ignore no-explicit-any
  const r = await official.verify(payload as any, terms as any);
  if (!r.isValid) throw new Error("official refused: " + r.invalidReason);
});

console.log(
  `verify: ours ${ours.toFixed(0)}/s, @x402/evm ${theirs.toFixed(0)}/s, ratio ${
    (ours / theirs).toFixed(2)
  }x (target >= 1.0)`,
);

// ---- 2. 402 answers ----
const service = ECHO_SERVICE;
const kv = await Deno.openKv(":memory:");
const deps = {
  payTo,
  settler: new RemoteSettler({ url: "http://127.0.0.1:9" }),
  claims: new KvClaimStore(kv),
  signer: Ed25519Signer.generate(),
};
const bare = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen() {} },
  () => new Response("ok"),
);
// A second baseline: bare Deno.serve reading the JSON body and answering the same 402 bytes from
// constants, so the ratio against it is the cost of the paywall's own logic.
let constant402: { body: string; header: string } | undefined;
const bare402 = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
  await req.json();
  const res = new Response(constant402!.body, { status: 402 });
  res.headers.set("Content-Type", "application/json; charset=utf-8");
  res.headers.set("Cache-Control", "no-store");
  res.headers.set("PAYMENT-REQUIRED", constant402!.header);
  return res;
});
const paywall = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen() {} },
  async (req) => handlePaid(service, await req.json(), req, deps),
);

async function wrkRate(url: string): Promise<number | null> {
  const script = await Deno.makeTempFile({ suffix: ".lua" });
  await Deno.writeTextFile(
    script,
    `wrk.method = "POST"\nwrk.body = '{"text":"x"}'\nwrk.headers["Content-Type"] = "application/json"\n`,
  );
  try {
    const out = await new Deno.Command("wrk", {
      args: ["-t1", "-c32", "-d1s", "-s", script, url],
      stdout: "piped",
      stderr: "null",
    }).output();
    const m = /Requests\/sec:\s+([0-9.]+)/.exec(new TextDecoder().decode(out.stdout));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  } finally {
    await Deno.remove(script);
  }
}

async function fetchRate(url: string): Promise<number> {
  let n = 0;
  const end = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (performance.now() < end) {
      const r = await fetch(url, {
        method: "POST",
        body: '{"text":"x"}',
        headers: { "content-type": "application/json" },
      });
      await r.arrayBuffer();
      n++;
    }
  }));
  return n / ((performance.now() - t0) / 1000);
}

try {
  const check = await fetch(`http://127.0.0.1:${paywall.addr.port}/x402/bench`, {
    method: "POST",
    body: '{"text":"x"}',
  });
  if (check.status !== 402) throw new Error(`paywall answered ${check.status}, not 402`);
  constant402 = { body: await check.text(), header: check.headers.get("PAYMENT-REQUIRED")! };
  const bare402Url = `http://127.0.0.1:${bare402.addr.port}/x402/bench`;
  const bareUrl = `http://127.0.0.1:${bare.addr.port}/`;
  const payUrl = `http://127.0.0.1:${paywall.addr.port}/x402/bench`;
  let tool = "wrk, best of 3 alternating rounds";
  let b: number | null = null;
  let b4: number | null = null;
  let p: number | null = null;
  for (let round = 0; round < 3; round++) {
    const rb = await wrkRate(bareUrl);
    const rb4 = rb === null ? null : await wrkRate(bare402Url);
    const rp = rb === null ? null : await wrkRate(payUrl);
    if (rb === null || rb4 === null || rp === null) {
      b = b4 = p = null;
      break;
    }
    b = Math.max(b ?? 0, rb);
    b4 = Math.max(b4 ?? 0, rb4);
    p = Math.max(p ?? 0, rp);
  }
  if (b === null || b4 === null || p === null) {
    tool = "fetch loop (install wrk for a fairer load)";
    b = await fetchRate(bareUrl);
    b4 = await fetchRate(bare402Url);
    p = await fetchRate(payUrl);
  }
  console.log(
    `402 answers: paywall ${p.toFixed(0)}/s, bare Deno.serve hello ${b.toFixed(0)}/s, ratio ${
      (p / b).toFixed(2)
    }x (target >= 0.7) [${tool}]`,
  );
  console.log(
    `402 answers: paywall ${
      p.toFixed(0)
    }/s, bare Deno.serve answering the same 402 from constants ${b4.toFixed(0)}/s, ratio ${
      (p / b4).toFixed(2)
    }x`,
  );
} finally {
  await bare.shutdown();
  await bare402.shutdown();
  await paywall.shutdown();
  kv.close();
}
