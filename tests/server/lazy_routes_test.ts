/**
 * Paid services load on their first request: what `serve` loads at start leaves out their work
 * (ECVRF, the security rules, the live-data engine, payment verification), the route answers
 * as a loaded one would, and concurrent first requests share one load.
 */
import type { FixedAnswer } from "../../src/http/fixed_answer.ts";
import assert from "node:assert/strict";
import { lazyPaidRoute } from "../../src/x402/route.ts";
import type { PaywallDeps } from "../../src/x402/paywall.ts";
import type { PaidService, ServiceListing } from "../../src/api/service.ts";
import type { Ctx } from "../../src/http/types.ts";
import { KvClaimStore } from "../../src/store/kv/claims.ts";
import { RemoteSettler } from "../../src/x402/settle_remote.ts";
import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
import { invalidInput } from "../../src/http/errors.ts";
import { decodeBase64Json } from "../../src/x402/encoding.ts";
import { startServerWithPaymentsOn, withPaidTestServer } from "../support/paid_server.ts";
import { startChain } from "../support/chain.ts";
import { spawnServe } from "../support/process.ts";
import { type Receipt, verifyReceipt } from "../../src/crypto/receipt.ts";
import { fromBase64 } from "../../src/crypto/hash.ts";
import { tempDir } from "../support/temp.ts";
import { buyer, KEYS, seller } from "../x402/_sign.ts";
import { payAndFetch } from "../../src/x402/client.ts";
import { FAIR_RANDOM } from "../../src/random/listing.ts";
import { X402_CHECK } from "../../src/x402/check_listing.ts";
import { FIREWALL_SCAN, MCP_DIFF } from "../../src/security/listing.ts";
import { LIVE_DATA } from "../../src/sensors/listing.ts";
import { createFairRandomService } from "../../src/random/service.ts";
import { VrfKey } from "../../src/random/keys.ts";
import { x402CheckService } from "../../src/x402/check_service.ts";
import { firewallScanService, mcpDiffService } from "../../src/security/service.ts";
import { liveDataServices } from "../../src/sensors/service.ts";
import type { LiveData } from "../../src/sensors/live.ts";
import { TRANSPARENCY_CHECK } from "../../src/tlog/listing.ts";
import { transparencyCheckService } from "../../src/tlog/service.ts";
import type { TransparencyLog } from "../../src/tlog/log.ts";

const ROOT = new URL("../../", import.meta.url);

/** The modules `src/cli/serve.ts` loads by static imports (with lazy dynamic imports on, what start loads). */
async function startGraph(): Promise<Set<string>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "--lock=deno.test.lock", "src/cli/serve.ts"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    roots: string[];
    modules: {
      specifier: string;
      dependencies?: { isDynamic?: boolean; code?: { specifier: string } }[];
    }[];
  };
  const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const todo = [...info.roots];
  while (todo.length > 0) {
    const s = todo.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    for (const d of bySpecifier.get(s)?.dependencies ?? []) {
      if (d.code && !d.isDynamic) todo.push(d.code.specifier);
    }
  }
  return new Set([...seen].map((s) => s.startsWith(ROOT.href) ? s.slice(ROOT.href.length) : s));
}

Deno.test("deno.json loads statically analyzable dynamic imports lazily (what start time relies on)", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
  assert.ok(config.unstable.includes("lazy-dynamic-imports"));
});

Deno.test("serve's start-up modules leave out every paid service's work, the node's, log's and home page's routes until their first request", async () => {
  const graph = await startGraph();
  // What must be there: the route table with every listing, the paywall and the kernel.
  for (
    const m of [
      "src/server/routes.ts",
      "src/random/listing.ts",
      "src/security/listing.ts",
      "src/sensors/listing.ts",
      "src/x402/check_listing.ts",
      "src/x402/paywall.ts",
      "src/http/app.ts",
      // The shapes of the route groups that load on first request, and what must run at boot:
      // the seller node (resume of unfinished orders) and the webhook outbox (redeliveries).
      "src/node/route_table.ts",
      "src/tlog/listing.ts",
      "src/server/home_listing.ts",
      "src/node/seller_node.ts",
      "src/webhooks/queue.ts",
    ]
  ) assert.ok(graph.has(m), `${m} is loaded at start`);
  // What must not: each service's work and payment verification.
  const lazy = [...graph].filter((m) =>
    // No npm package at all (loading one costs the start its resolution), so neither the
    // pure-JS Ed25519 (src/crypto/ed25519.ts loads it; start uses ed25519_core.ts) nor the
    // free-answer signer that imports it.
    m.startsWith("npm:") ||
    /^src\/crypto\/ed25519\.ts$/.test(m) ||
    /^rails\/node\/free_answer\.ts$/.test(m) ||
    /^src\/security\/(?!listing\.ts)/.test(m) ||
    /^src\/random\/(ecvrf|service|draw|keys)\.ts$/.test(m) ||
    /^src\/sensors\/(live|service|place|mod)\.ts$/.test(m) ||
    /^src\/x402\/(verify|eip3009|check|check_service|address)\.ts$/.test(m) ||
    /^src\/tlog\/(crawler|schedule|ok_observation|service|check|address)\.ts$/.test(m) ||
    // The seller node's routes (quote, status, listing, order) with the listing's schemas, and
    // the home page: their modules load on their first request.
    /^src\/node\/(routes|quote_cache|esim_view)\.ts$/.test(m) ||
    /^rails\/node\/(listing|status_token|inputs)\.ts$/.test(m) ||
    /^rails\/(schema_docs\.ts|spec\/)/.test(m) ||
    /^src\/server\/home\.ts$/.test(m) ||
    // Webhook events and their signatures: loaded with the first event, or by a configured
    // worker when it starts.
    /^rails\/webhooks\/(event|sign)\.ts$/.test(m) ||
    /^rails\/supplier\/http_signature\.ts$/.test(m) ||
    /^src\/shop\/(mod|routes|pages|html)\.ts$/.test(m) ||
    /secp256k1|sha3/.test(m)
  );
  assert.deepEqual(lazy, []);
});

// ---- the lazy route itself ----

const LISTING: ServiceListing = {
  slug: "bench",
  priceUsd: "0.001",
  description: "a test service",
  envelope: "result",
  capabilityId: "test.echo@v1",
};

const echoService: PaidService<{ text: string }, unknown> = {
  ...LISTING,
  parse(body) {
    const t = (body as { text?: unknown } | null)?.text;
    if (typeof t !== "string") throw invalidInput("text", "Send 'text'");
    return { text: t };
  },
  run: (i) => i,
};

async function withDeps(fn: (deps: PaywallDeps) => Promise<void>) {
  const kv = await Deno.openKv(":memory:");
  try {
    await fn({
      payTo: seller.address,
      settler: new RemoteSettler({ url: "http://127.0.0.1:9" }),
      claims: new KvClaimStore(kv),
      signer: Ed25519Signer.generate(),
    });
  } finally {
    kv.close();
  }
}

function ctxFor(body: unknown): Ctx {
  const req = new Request("http://127.0.0.1/x402/bench", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    req,
    json: () => Promise.resolve(body),
    rateLimit() {},
    overLimit: () => null,
    sendFixed: (answer: FixedAnswer) => answer.response(),
    clientIp: "127.0.0.1",
  } as unknown as Ctx;
}

Deno.test("a lazy paid route loads its service once for concurrent first requests, then answers as loaded", async () => {
  await withDeps(async (deps) => {
    let loads = 0;
    const gate = Promise.withResolvers<void>();
    const route = lazyPaidRoute(LISTING, async () => {
      loads++;
      await gate.promise;
      return echoService as PaidService;
    }, deps);
    assert.equal(route.path, "/x402/bench");
    assert.equal(route.info?.priceUsd, "0.001");
    assert.equal(loads, 0, "nothing loads before the first request");
    // Each handler asks for the service before its first await: all eight wait on one load.
    const pending = Array.from(
      { length: 8 },
      (_, i) => route.handler(ctxFor(i % 2 ? { text: "x" } : { nope: 1 })),
    );
    assert.equal(loads, 1);
    gate.resolve();
    const answers = await Promise.allSettled(pending);
    assert.equal(loads, 1);
    answers.forEach((a, i) => {
      if (i % 2) {
        assert.equal(a.status, "fulfilled");
        const res = (a as PromiseFulfilledResult<Response>).value;
        assert.equal(res.status, 402);
        assert.ok(res.headers.get("payment-required"));
      } else {
        // Bad input: a 400 naming the field, as from a loaded route.
        assert.equal(a.status, "rejected");
        const err = (a as PromiseRejectedResult).reason as { status: number; field?: string };
        assert.equal(err.status, 400);
        assert.equal(err.field, "text");
      }
    });
    assert.equal((await route.handler(ctxFor({ text: "y" }))).status, 402);
    assert.equal(loads, 1);
  });
});

Deno.test("a lazy paid route whose load fails fails those requests and loads again on the next one", async () => {
  await withDeps(async (deps) => {
    let loads = 0;
    const route = lazyPaidRoute(LISTING, () => {
      loads++;
      return loads === 1
        ? Promise.reject(new Error("module not found"))
        : Promise.resolve(echoService as PaidService);
    }, deps);
    const failed = await Promise.allSettled([
      route.handler(ctxFor({ text: "x" })),
      route.handler(ctxFor({ text: "x" })),
    ]);
    assert.deepEqual(failed.map((f) => f.status), ["rejected", "rejected"]);
    assert.equal(loads, 1);
    assert.equal((await route.handler(ctxFor({ text: "x" }))).status, 402);
    assert.equal(loads, 2);
  });
});

Deno.test("a lazy paid route refuses a loaded service that is not the one it lists", async () => {
  await withDeps(async (deps) => {
    const route = lazyPaidRoute(
      { ...LISTING, slug: "other" },
      () => Promise.resolve(echoService as PaidService),
      deps,
    );
    await assert.rejects(() => route.handler(ctxFor({ text: "x" })) as Promise<Response>, /bench/);
  });
});

Deno.test("each paid service's listing is what its module serves (price, description, envelope, capability, example)", () => {
  const pick = (s: PaidService) => ({
    slug: s.slug,
    priceUsd: s.priceUsd,
    description: s.description,
    example: s.example,
    needsInternet: s.needsInternet,
    envelope: s.envelope,
    capabilityId: s.capabilityId,
  });
  const live = liveDataServices({} as LiveData);
  const pairs: [ServiceListing, PaidService][] = [
    [FAIR_RANDOM, createFairRandomService(VrfKey.generate()) as PaidService],
    [X402_CHECK, x402CheckService as PaidService],
    [FIREWALL_SCAN, firewallScanService as PaidService],
    [MCP_DIFF, mcpDiffService as PaidService],
    ...LIVE_DATA.map((l, i): [ServiceListing, PaidService] => [l, live[i]!]),
    [TRANSPARENCY_CHECK, transparencyCheckService({} as TransparencyLog) as PaidService],
  ];
  for (const [listing, service] of pairs) {
    assert.deepEqual(pick(service), pick(listing as PaidService));
  }
});

// ---- through the real server ----

Deno.test("a fresh server answers concurrent first calls to every paid route as a loaded one: 402 terms, or the same 400", async () => {
  await using srv = await startServerWithPaymentsOn();
  const listings = [
    FAIR_RANDOM,
    X402_CHECK,
    FIREWALL_SCAN,
    MCP_DIFF,
    ...LIVE_DATA,
    TRANSPARENCY_CHECK,
  ];
  const post = (slug: string, body: unknown) =>
    fetch(`${srv.url}/x402/${slug}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  // Three good and one bad body per route, all at once, before anything is loaded.
  const calls = listings.flatMap((l) => [
    post(l.slug, l.example).then(async (r) => ({ l, bad: false, r, body: await r.json() })),
    post(l.slug, l.example).then(async (r) => ({ l, bad: false, r, body: await r.json() })),
    post(l.slug, [1, 2]).then(async (r) => ({ l, bad: true, r, body: await r.json() })),
    post(l.slug, l.example).then(async (r) => ({ l, bad: false, r, body: await r.json() })),
  ]);
  const rules = fetch(`${srv.url}/x402/firewall-rules`).then((r) => r.json());
  for (const { l, bad, r, body } of await Promise.all(calls)) {
    if (bad) {
      assert.equal(r.status, 400, `${l.slug}: ${JSON.stringify(body)}`);
      assert.equal(body.error.code, "invalid_input");
      // The same refusal as once the service is loaded.
      const again = await post(l.slug, [1, 2]);
      assert.deepEqual(await again.json(), body);
    } else {
      assert.equal(r.status, 402, `${l.slug}: ${JSON.stringify(body)}`);
      const terms = decodeBase64Json(r.headers.get("payment-required")!) as {
        resource: { description: string };
      };
      assert.equal(terms.resource.description, l.description);
    }
  }
  assert.equal(typeof (await rules).block_threshold, "number");
});

Deno.test("concurrent first paid calls on a fresh server are each served and settled once", async () => {
  await withPaidTestServer({}, async ({ srv, chain }) => {
    const calls = await Promise.all(
      ["a", "b", "c"].map((seed) =>
        payAndFetch(`${srv.url}/x402/fair-random`, { seed }, buyer, { maxAtomic: 10_000n })
      ),
    );
    for (const c of calls) {
      assert.equal(c.status, 200, JSON.stringify(c.body));
      assert.equal((c.body as { capability_id: string }).capability_id, "svc.draw@v1");
    }
    assert.equal(await chain.balanceOf(seller.address), 3n * 6000n);
    assert.equal(await chain.transfersTo(seller.address), 3);
  });
});

Deno.test("a fresh serve process signs its first paid answer's receipt with the key it publishes", async () => {
  // A process of its own: in this one the tests' imports have already loaded the pure-JS
  // Ed25519 that serve loads with its first paid request.
  const chain = await startChain();
  await using dir = await tempDir();
  try {
    await chain.mint(buyer.address, 1_000_000n);
    const keyFile = `${dir.path}/facilitator.key`;
    await Deno.writeTextFile(keyFile, KEYS.facilitator);
    await using srv = await spawnServe(["serve", "--port", "0"], {
      cwd: dir.path,
      env: {
        DATA_DIR: `${dir.path}/data`,
        KV_PATH: ":memory:",
        PAY_TO_EVM: seller.address,
        FACILITATOR_KEY_FILE: keyFile,
        RPC_URL: chain.rpcUrl,
      },
    });
    // x402-check: a service whose own modules do not load the pure-JS Ed25519.
    const call = await payAndFetch(`${srv.url}/x402/x402-check`, X402_CHECK.example, buyer, {
      maxAtomic: 10_000n,
    });
    assert.equal(call.status, 200, JSON.stringify(call.body));
    const { receipt } = call.body as { receipt: Receipt };
    const keys = await (await fetch(`${srv.url}/x402/keys`)).json();
    assert.equal(receipt.key_id, keys.signer.key_id);
    assert.ok(verifyReceipt(fromBase64(keys.signer.key), receipt));
    assert.ok(!verifyReceipt(fromBase64(keys.signer.key), { ...receipt, issued_at: "x" }));
    assert.equal(await srv.stop(), 0);
  } finally {
    await chain.stop();
  }
});
