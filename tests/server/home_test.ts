/**
 * `GET /`: a small HTML page with no external assets by default, the same facts as JSON for
 * `Accept: application/json`, built from the route table (a paid route registered later is
 * listed too), and the storefront's redirect hook.
 */
import assert from "node:assert/strict";
import { startTestServer } from "../support/server.ts";
import { homeDocument, homeRoute } from "../../src/server/home.ts";
import { buildRoutes } from "../../src/server/routes.ts";
import type { Ctx, Route } from "../../src/http/types.ts";
import { paidRoute } from "../../src/x402/route.ts";
import type { PaidService } from "../../src/api/service.ts";

const PAID = {
  "/x402/fair-random": "0.006",
  "/x402/x402-check": "0.003",
  "/x402/firewall-scan": "0.001",
  "/x402/mcp-diff": "0.003",
  "/x402/weather-now": "0.001",
  "/x402/air-quality-now": "0.001",
  "/x402/nearby-sensors": "0.03",
  "/x402/transparency-check": "0.001",
};

Deno.test("GET / is a small HTML page without external assets listing paid endpoints, prices, routes and keys", async () => {
  await using srv = await startTestServer({}, { nodeLog: () => {} });
  const res = await fetch(`${srv.url}/`, { headers: { accept: "text/html,*/*" } });
  const html = await res.text();
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /^text\/html; charset=utf-8/);
  assert.match(res.headers.get("content-security-policy")!, /default-src 'none'/);
  assert.ok(html.length < 32 * 1024, `small: ${html.length} bytes`);
  assert.doesNotMatch(html, /<script|<link|<img|src=|url\(/i, "no scripts or external assets");
  for (const [path, price] of Object.entries(PAID)) {
    assert.ok(html.includes(`POST ${path}`), path);
    assert.ok(html.includes(`$${price}`), price);
  }
  const keys = await (await fetch(`${srv.url}/x402/keys`)).json();
  assert.ok(html.includes(keys.signer.key_id));
  assert.match(html, /esim-rails call /);
  assert.match(html, /POST \/quote/);
});

Deno.test("GET / with Accept: application/json: paid endpoints with price and a working example, routes, keys, how to pay", async () => {
  await using srv = await startTestServer({
    PAY_TO_EVM: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    FACILITATOR_URL: "http://127.0.0.1:1",
  }, { nodeLog: () => {} });
  const res = await fetch(`${srv.url}/`, { headers: { accept: "application/json" } });
  assert.match(res.headers.get("content-type")!, /^application\/json/);
  const doc = await res.json();
  assert.deepEqual(
    Object.fromEntries(
      doc.paid_endpoints.filter((p: { path: string }) => p.path.startsWith("/x402/")).map((
        p: { path: string; price_usd: string },
      ) => [p.path, p.price_usd]),
    ),
    PAID,
  );
  const order = doc.paid_endpoints.find((p: { path: string }) => p.path === "/order");
  assert.equal(order.price_usd, "from quote");
  // Each example is valid input: unpaid, its endpoint answers with the 402 terms, not a 400.
  for (const p of doc.paid_endpoints.filter((p: { path: string }) => p.path !== "/order")) {
    assert.ok(p.example_request, p.path);
    assert.match(p.example_command, /^esim-rails call http:\/\/127\.0\.0\.1:\d+\/x402\//);
    const r = await fetch(p.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(p.example_request),
    });
    await r.body?.cancel();
    assert.equal(r.status, 402, p.path);
  }
  const paths = doc.routes.map((r: { method: string; path: string }) => `${r.method} ${r.path}`);
  for (const p of ["GET /", "GET /healthz", "POST /quote", "POST /status", "GET /listing.json"]) {
    assert.ok(paths.includes(p), p);
  }
  const keys = await (await fetch(`${srv.url}/x402/keys`)).json();
  assert.deepEqual(doc.keys.signer, keys.signer);
  assert.match(doc.keys.how_to_verify.join("\n"), /esim-rails verify receipt/);
  assert.equal(doc.payments.configured, true);
  assert.equal(doc.payments.network, "eip155:8453");
  assert.equal(doc.payments.pay_to, "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
  assert.match(doc.payments.how_to_pay.join(" "), /PAYMENT-REQUIRED.*PAYMENT-SIGNATURE/);
  assert.equal(doc.demo_mode, true);
  assert.equal(doc.test_network, undefined);
});

Deno.test("GET / lists a paid route registered after it was built", async () => {
  await using srv = await startTestServer({}, { nodeLog: () => {} });
  const services = srv.server.services;
  const routes = buildRoutes(services);
  const later: PaidService = {
    slug: "added-later",
    priceUsd: "0.002",
    description: "An endpoint another module adds",
    envelope: "verdict",
    example: { q: 1 },
    parse: (b) => b,
    run: () => ({}),
  };
  routes.push(paidRoute(later, services.paywall));
  const doc = homeDocument(routes, services);
  const p = doc.paid_endpoints.find((e) => e.path === "/x402/added-later");
  assert.deepEqual(
    [p?.price_usd, p?.description, p?.example_request],
    ["0.002", "An endpoint another module adds", { q: 1 }],
  );
});

Deno.test("GET / storefront hook: browsers are redirected, JSON clients still get the document", async () => {
  await using srv = await startTestServer({}, { nodeLog: () => {} });
  const routes: Route[] = [];
  const home = homeRoute(() => routes, srv.server.services, { redirectTo: "/shop/" });
  routes.push(home);
  const ctx = (accept: string) =>
    ({
      req: new Request("http://x/", { headers: { accept } }),
      sendJsonText: (text: string) =>
        new Response(text, { headers: { "content-type": "application/json" } }),
    }) as unknown as Ctx;
  const browser = await home.handler(ctx("text/html"));
  assert.deepEqual([browser.status, browser.headers.get("location")], [302, "/shop/"]);
  const json = await home.handler(ctx("application/json"));
  assert.equal(json.status, 200);
  assert.equal((await json.json()).routes[0].path, "/");
});
