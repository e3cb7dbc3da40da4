import { assert, assertEquals } from "./_assert.ts";
import { decodeBase64Json, parsePaymentHeader } from "../../src/x402/encoding.ts";
import { requirementsFor } from "../../src/x402/terms.ts";
import { LocalSettler } from "../../src/x402/settle_local.ts";
import { RemoteSettler } from "../../src/x402/settle_remote.ts";
import { KvClaimStore } from "../../src/store/kv/claims.ts";
import { fromHex } from "../../src/crypto/hash.ts";
import { buyer, KEYS, makePayment, seller } from "./_sign.ts";
import { localSettler, withPaywall } from "./_env.ts";
import { serveEcho } from "./_server.ts";
import { startChain } from "../support/chain.ts";
import { rpcProxy } from "./_rpc_proxy.ts";

const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });

function post(url: string, header: string, text = "pending") {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "PAYMENT-SIGNATURE": header },
    body: JSON.stringify({ text }),
  });
}

Deno.test("a settlement that does not confirm in time withholds the result; the same payment collects once it lands", async () => {
  await withPaywall(async ({ server, chain }) => {
    await chain.rpc("evm_setAutomine", [false]);
    const p = await makePayment({ requirements: terms });
    const first = await post(server.url, p.header, "withheld-result");
    assertEquals(first.status, 402);
    const text = await first.text();
    assert(!text.includes("withheld-result"));
    assertEquals(JSON.parse(text).error.code, "settlement_failed");
    const pr = decodeBase64Json(first.headers.get("payment-response")!) as Record<string, string>;
    assertEquals(pr.success, false);
    assertEquals(pr.errorReason, "settlement_pending");
    assert(String(pr.transaction).startsWith("0x"), "the broadcast transaction is named");

    // Still in the mempool: asking again neither serves nor sends a second transfer.
    const again = await post(server.url, p.header, "withheld-result");
    assertEquals(again.status, 402);
    assertEquals((await again.json()).error.code, "settlement_failed");

    await chain.rpc("evm_mine", []);
    const collected = await post(server.url, p.header, "now-paid");
    assertEquals(collected.status, 200, await collected.clone().text());
    const body = await collected.json();
    assertEquals(body.result, { echo: "now-paid" });
    assertEquals(body.receipt.payment.transaction, pr.transaction);

    const replay = await post(server.url, p.header, "again");
    assertEquals(replay.status, 402);
    assertEquals((await replay.json()).error.code, "payment_replayed");
    assertEquals(await chain.transfersTo(seller.address), 1);
  }, {
    settler: (chain) =>
      new LocalSettler({
        privateKey: fromHex(KEYS.facilitator),
        rpcUrl: chain.rpcUrl,
        pollingIntervalMs: 50,
        receiptTimeoutMs: 400,
      }),
  });
});

Deno.test("LocalSettler refuses to settle through an RPC serving another chain", async () => {
  await withPaywall(async ({ chain }) => {
    await chain.rpc("anvil_setChainId", [84532]);
    const s = new LocalSettler({
      privateKey: fromHex(KEYS.facilitator),
      rpcUrl: chain.rpcUrl,
      pollingIntervalMs: 50,
    });
    const p = await makePayment({ requirements: terms });
    const { parsePaymentObject } = await import("../../src/x402/encoding.ts");
    const out = await s.settle({ payment: parsePaymentObject(p.payload), requirements: terms });
    assertEquals(out.success, false);
    assertEquals(out.errorReason, "unexpected_settle_error");
    assertEquals(await chain.authorizationState(buyer.address, p.authorization.nonce), false);
  });
});

Deno.test("a remote facilitator that times out on /settle leaves the payment pending and the result withheld", async () => {
  // A facilitator that verifies but never finishes settling.
  const hang = Promise.withResolvers<void>();
  const fac = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    await req.text();
    if (new URL(req.url).pathname === "/verify") {
      return Response.json({ isValid: true, payer: buyer.address });
    }
    await hang.promise;
    return Response.json({
      success: false,
      errorReason: "late",
      transaction: "",
      network: "eip155:8453",
    });
  });
  const server = await serveEcho({
    payTo: seller.address,
    settler: new RemoteSettler({ url: `http://127.0.0.1:${fac.addr.port}`, settleTimeoutMs: 300 }),
  });
  try {
    const p = await makePayment({ requirements: terms });
    const res = await post(server.url, p.header, "not-yet");
    assertEquals(res.status, 402);
    assert(!(await res.clone().text()).includes("not-yet"));
    assertEquals((await res.json()).error.code, "settlement_failed");
    const pr = decodeBase64Json(res.headers.get("payment-response")!) as Record<string, unknown>;
    assertEquals(pr.errorReason, "settlement_pending");
    const claim = await server.deps.claims.get(buyer.address, p.authorization.nonce);
    assertEquals(claim?.record.state, "settling");
  } finally {
    hang.resolve();
    await server.close();
    await fac.shutdown();
  }
});

Deno.test("ClaimStore grants exactly one of 20 concurrent claims of one authorization", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const claims = new KvClaimStore(kv);
    const now = Date.now();
    const req = {
      from: buyer.address,
      nonce: "0x" + "11".repeat(32),
      validBefore: String(Math.floor(now / 1000) + 60),
      service: "t",
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => claims.claim(req, now)));
    assertEquals(results.filter((r) => r.ok).length, 1);
    const won = results.find((r) => r.ok)!;
    assert(won.ok);
    assert(await claims.release(won.claim));
    assert((await claims.claim(req, now)).ok, "a released claim can be taken again");
  } finally {
    kv.close();
  }
});

Deno.test("ClaimStore treats a claim past its own expiry as void even while KV still holds it", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const claims = new KvClaimStore(kv);
    const now = Date.now();
    const req = {
      from: buyer.address,
      nonce: "0x" + "22".repeat(32),
      validBefore: String(Math.floor(now / 1000) + 1),
      service: "t",
    };
    assert((await claims.claim(req, now)).ok);
    assert(!(await claims.claim(req, now + 30_000)).ok, "still valid within the grace minute");
    assert((await claims.claim(req, now + 120_000)).ok, "void after expiry");
  } finally {
    kv.close();
  }
});

Deno.test("a pending settlement stays collectable with the same payment after the authorization expires", async () => {
  const chain = await startChain();
  let offsetMs = 0;
  const server = await serveEcho({
    payTo: seller.address,
    now: () => new Date(Date.now() + offsetMs),
    settler: new LocalSettler({
      privateKey: fromHex(KEYS.facilitator),
      rpcUrl: chain.rpcUrl,
      pollingIntervalMs: 50,
      receiptTimeoutMs: 300,
    }),
  });
  try {
    await chain.mint(buyer.address, 1_000_000n);
    await chain.rpc("evm_setAutomine", [false]);
    const now = Math.floor(Date.now() / 1000);
    const p = await makePayment({
      requirements: terms,
      authorization: { validBefore: String(now + 30) },
    });
    const first = await post(server.url, p.header, "late");
    assertEquals(first.status, 402);
    assertEquals((await first.json()).error.code, "settlement_failed");
    await chain.rpc("evm_mine", []);
    offsetMs = 120_000; // our clock is now past validBefore
    const collected = await post(server.url, p.header, "late");
    assertEquals(collected.status, 200, await collected.clone().text());
    assertEquals((await collected.json()).result, { echo: "late" });
    const replay = await post(server.url, p.header, "late");
    assertEquals(replay.status, 402);
    assertEquals((await replay.json()).error.code, "payment_invalid");
    assertEquals(await chain.transfersTo(seller.address), 1);
  } finally {
    await server.close();
    await chain.stop();
  }
});

Deno.test("a payment whose settlement is pending for another service does not buy this one", async () => {
  await withPaywall(async ({ server, chain }) => {
    const p = await makePayment({ requirements: terms });
    const parsed = parsePaymentHeader(p.header);
    // Another route (say an eSIM order of the same price) claimed it and its settlement landed
    // while that route still held it as `settling`.
    const claims = new KvClaimStore(server.kv);
    const a = p.authorization;
    const c = await claims.claim(
      { from: a.from, nonce: a.nonce, validBefore: a.validBefore, service: "order" },
      Date.now(),
    );
    assert(c.ok);
    const paidOut = await localSettler(chain).settle({ payment: parsed, requirements: terms });
    assert(paidOut.success);
    assert(await claims.transition(c.claim, "settling", paidOut.transaction));

    const r = await post(server.url, p.header, "free-ride");
    assertEquals(r.status, 402);
    const text = await r.text();
    assert(!text.includes("free-ride"), "no result of this service");
    assertEquals(JSON.parse(text).error.code, "payment_replayed");
    assertEquals(server.service.runs, 0);
    // The claim still belongs to the other route, untouched.
    assertEquals((await claims.get(a.from, a.nonce))?.record.state, "settling");
    assertEquals((await claims.get(a.from, a.nonce))?.record.service, "order");
  });
});

Deno.test("LocalSettler.reconcile does not call a transfer mined between its reads expired", async () => {
  const chain = await startChain();
  let proxy: ReturnType<typeof rpcProxy> | undefined;
  try {
    await chain.mint(buyer.address, 1_000_000n);
    await chain.rpc("evm_setAutomine", [false]);
    const p = await makePayment({ requirements: terms });
    const input = { payment: parsePaymentHeader(p.header), requirements: terms };
    const sent = await new LocalSettler({
      privateKey: fromHex(KEYS.facilitator),
      rpcUrl: chain.rpcUrl,
      pollingIntervalMs: 50,
      receiptTimeoutMs: 300,
    }).settle(input);
    assert(sent.pending && sent.transaction.startsWith("0x"));

    // Right after the reconcile's first look at the chain, the transfer is mined (before
    // validBefore), and then a block past validBefore.
    let armed = true;
    proxy = rpcProxy(chain.rpcUrl, {
      async after(method) {
        if (!armed || (method !== "eth_call" && method !== "eth_getBlockByNumber")) return;
        armed = false;
        await chain.rpc("evm_mine", []);
        await chain.rpc("evm_setNextBlockTimestamp", [Number(p.authorization.validBefore) + 1]);
        await chain.rpc("evm_mine", []);
      },
    });
    const viaProxy = new LocalSettler({ privateKey: fromHex(KEYS.facilitator), rpcUrl: proxy.url });
    const looked = await viaProxy.reconcile(input, sent.transaction);
    assert(looked.success || looked.pending, `not refused: ${JSON.stringify(looked)}`);
    assertEquals(await chain.transfersTo(seller.address), 1);
    const again = await viaProxy.reconcile(input, sent.transaction);
    assertEquals(again.success, true);
    assertEquals(again.transaction, sent.transaction);
  } finally {
    await proxy?.close();
    await chain.stop();
  }
});

Deno.test("LocalSettler: an authorization used on chain whose payment cannot be looked up is pending, not refused", async () => {
  const chain = await startChain();
  let proxy: ReturnType<typeof rpcProxy> | undefined;
  try {
    await chain.mint(buyer.address, 1_000_000n);
    const p = await makePayment({ requirements: terms });
    const input = { payment: parsePaymentHeader(p.header), requirements: terms };
    const first = await localSettler(chain).settle(input);
    assertEquals(first.success, true);

    // A restarted node settles the same payment again while the RPC cannot search logs.
    proxy = rpcProxy(chain.rpcUrl, { fail: (m) => m === "eth_getLogs" });
    const s = new LocalSettler({ privateKey: fromHex(KEYS.facilitator), rpcUrl: proxy.url });
    const again = await s.settle(input);
    assertEquals(again.success, false);
    assertEquals(again.pending, true, JSON.stringify(again));
    assert(!String(again.errorMessage).includes(proxy.url), "no RPC URL in the message");
    const looked = await s.reconcile(input);
    assertEquals(looked.pending, true, JSON.stringify(looked));
    // Knowing its transaction, it needs no log search.
    assertEquals((await s.reconcile(input, first.transaction)).success, true);
    assertEquals(await chain.transfersTo(seller.address), 1);
  } finally {
    await proxy?.close();
    await chain.stop();
  }
});

Deno.test("a remote facilitator that answers /settle with a server error leaves the payment pending, not released", async () => {
  // A facilitator (or the gateway in front of it) failing with a JSON 5xx after /verify passed.
  const fac = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    await req.text();
    if (new URL(req.url).pathname === "/verify") {
      return Response.json({ isValid: true, payer: buyer.address });
    }
    return Response.json({ success: false, errorReason: "unexpected_settle_error" }, {
      status: 502,
    });
  });
  const server = await serveEcho({
    payTo: seller.address,
    settler: new RemoteSettler({ url: `http://127.0.0.1:${fac.addr.port}` }),
  });
  try {
    const p = await makePayment({ requirements: terms });
    const res = await post(server.url, p.header, "unknown-outcome");
    assertEquals(res.status, 402);
    assert(!(await res.clone().text()).includes("unknown-outcome"));
    const pr = decodeBase64Json(res.headers.get("payment-response")!) as Record<string, unknown>;
    assertEquals(pr.errorReason, "settlement_pending");
    const claim = await server.deps.claims.get(buyer.address, p.authorization.nonce);
    assertEquals(claim?.record.state, "settling", "kept: the transfer may have gone out");
  } finally {
    await server.close();
    await fac.shutdown();
  }
});

Deno.test("ClaimStore: a claim that loses every race to requests claiming and releasing answers as taken, without crashing", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    // Every commit of ours is beaten by another request that claims the key, and releases it
    // again (its handler failed with a 400) right after, before we look a second time.
    const racing = {
      get: kv.get.bind(kv),
      atomic() {
        const op = kv.atomic();
        const commit = op.commit.bind(op);
        op.commit = async () => {
          const k = ["x402", "claim", buyer.address.toLowerCase(), "0x" + "33".repeat(32)];
          await kv.set(k, { state: "pending" });
          const res = await commit();
          await kv.delete(k);
          return res;
        };
        return op;
      },
    } as unknown as Deno.Kv;
    const claims = new KvClaimStore(racing);
    const now = Date.now();
    const got = await claims.claim({
      from: buyer.address,
      nonce: "0x" + "33".repeat(32),
      validBefore: String(Math.floor(now / 1000) + 60),
      service: "t",
    }, now);
    assertEquals(got.ok, false);
    if (!got.ok) assertEquals(got.existing.state, "pending");
  } finally {
    kv.close();
  }
});

Deno.test("a collected payment whose handler then fails stays collectable: charged once, served once", async () => {
  await withPaywall(async ({ server, chain }) => {
    await chain.rpc("evm_setAutomine", [false]);
    const p = await makePayment({ requirements: terms });
    const first = await post(server.url, p.header, "first");
    assertEquals((await first.json()).error.code, "settlement_failed");
    await chain.rpc("evm_mine", []);
    // The payment is on chain now; this retry collects it, but the handler fails upstream.
    const failed = await post(server.url, p.header, "fail-upstream");
    assertEquals(failed.status, 502);
    await failed.body?.cancel();
    const collected = await post(server.url, p.header, "second");
    assertEquals(collected.status, 200, await collected.clone().text());
    assertEquals((await collected.json()).result, { echo: "second" });
    const replay = await post(server.url, p.header, "third");
    assertEquals((await replay.json()).error.code, "payment_replayed");
    assertEquals(await chain.transfersTo(seller.address), 1);
  }, {
    settler: (chain) =>
      new LocalSettler({
        privateKey: fromHex(KEYS.facilitator),
        rpcUrl: chain.rpcUrl,
        pollingIntervalMs: 50,
        receiptTimeoutMs: 300,
      }),
  });
});

Deno.test("LocalSettler.reconcile finds its own settlement however many blocks ago it landed", async () => {
  await withPaywall(async ({ chain }) => {
    await chain.rpc("evm_setAutomine", [false]);
    const settler = new LocalSettler({
      privateKey: fromHex(KEYS.facilitator),
      rpcUrl: chain.rpcUrl,
      pollingIntervalMs: 50,
      receiptTimeoutMs: 300,
      lookbackBlocks: 5n,
    });
    const p = await makePayment({ requirements: terms });
    const input = { payment: parsePaymentHeader(p.header), requirements: terms };
    const sent = await settler.settle(input);
    assert(sent.pending && sent.transaction.startsWith("0x"));
    await chain.rpc("evm_mine", []);
    // The node was down for a long time: the transfer is far behind the log search window.
    await chain.rpc("anvil_mine", ["0x20"]);
    const looked = await settler.reconcile(input, sent.transaction);
    assertEquals(looked.success, true, JSON.stringify(looked));
    assertEquals(looked.transaction, sent.transaction);
    assertEquals(await chain.transfersTo(seller.address), 1);
  });
});

Deno.test("a remote facilitator that refuses on re-check after an unknown outcome keeps the payment pending", async () => {
  // First /settle: a 502 (the transfer may have gone out). Second: "already used", which the
  // facilitator would also say if its own first broadcast paid us. Releasing here would serve
  // nobody and let an order's eSIM be cancelled although the buyer paid.
  let settles = 0;
  const fac = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    await req.text();
    if (new URL(req.url).pathname === "/verify") {
      return Response.json({ isValid: true, payer: buyer.address });
    }
    settles++;
    return settles === 1
      ? Response.json({ success: false, errorReason: "unexpected_settle_error" }, { status: 502 })
      : Response.json({ success: false, errorReason: "invalid_transaction_state" }, {
        status: 400,
      });
  });
  const server = await serveEcho({
    payTo: seller.address,
    settler: new RemoteSettler({ url: `http://127.0.0.1:${fac.addr.port}` }),
  });
  try {
    const p = await makePayment({ requirements: terms });
    const first = await post(server.url, p.header, "x");
    await first.body?.cancel();
    assertEquals(first.status, 402);
    const again = await post(server.url, p.header, "x");
    assertEquals(again.status, 402);
    const pr = decodeBase64Json(again.headers.get("payment-response")!) as Record<string, unknown>;
    assertEquals(pr.errorReason, "settlement_pending");
    assertEquals(settles, 2, "the re-check asked the facilitator again");
    const claim = await server.deps.claims.get(buyer.address, p.authorization.nonce);
    assertEquals(claim?.record.state, "settling", "kept: the earlier settlement may have paid");
  } finally {
    await server.close();
    await fac.shutdown();
  }
});
