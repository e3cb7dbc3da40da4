/**
 * The storefront's JSON API and pages on bad input, in demo mode and when switched off:
 * 4xx naming the field, a fresh quote when a price changed, pages that work without
 * JavaScript and load nothing from elsewhere.
 */
import assert from "node:assert/strict";
import { api, createOrder, firstOffer, withShop } from "./_env.ts";
import { DEMO_CATALOG } from "../../rails/receiver/demo_catalog.ts";
import { startTestServer } from "../support/server.ts";

const errorOf = (b: Record<string, unknown>) =>
  b.error as { code: string; field?: string; message: string; offer?: { price_usd: string } };

Deno.test("shop api: unknown offer or method, bad bodies and bad authorizations are 4xx naming the field", async () => {
  await withShop(async ({ url }) => {
    const offer = await firstOffer(url);
    const cases: [unknown, number, string, string][] = [
      [{ offer_id: "off_doesnotexist", method: "evm:8453:usdc" }, 400, "invalid_input", "offer_id"],
      [{ offer_id: offer.offer_id, method: "evm:1:usdc" }, 400, "invalid_input", "method"],
      [{ offer_id: offer.offer_id }, 400, "invalid_input", "method"],
      [{ method: "evm:8453:usdc" }, 400, "invalid_input", "offer_id"],
      [[1, 2], 400, "invalid_input", "body"],
    ];
    for (const [body, status, code, field] of cases) {
      const r = await api(`${url}/shop/api/orders`, { body });
      assert.equal(r.status, status, JSON.stringify(body));
      assert.equal(r.body.success, false);
      assert.equal(errorOf(r.body).code, code);
      assert.equal(errorOf(r.body).field, field);
    }
    const o = await createOrder(url);
    const good = {
      from: "0x1111111111111111111111111111111111111111",
      to: o.pay.address,
      value: o.price.toString(),
      validAfter: "0",
      validBefore: "1",
      nonce: "0x" + "00".repeat(32),
    };
    const sig = "0x" + "11".repeat(64) + "1b";
    const auth = (authorization: unknown, signature: unknown = sig) =>
      api(`${url}/shop/api/orders/${o.id}/authorization?token=${o.token}`, {
        body: { authorization, signature },
      });
    for (
      const [patch, field] of [
        [{ to: "0x2222222222222222222222222222222222222222" }, "authorization.to"],
        [{ value: (o.price + 1n).toString() }, "authorization.value"],
        [{ validAfter: String(2 ** 40) }, "authorization.validAfter"],
        [{}, "authorization.validBefore"],
      ] as [Record<string, string>, string][]
    ) {
      const r = await auth({ ...good, ...patch });
      assert.equal(r.status, 400, field);
      assert.equal(errorOf(r.body).field, field);
    }
    const r = await auth(undefined);
    assert.equal(errorOf(r.body).field, "authorization");
    // Wrong token on the authorization route: 404, nothing looked at.
    const nf = await api(`${url}/shop/api/orders/${o.id}/authorization?token=x`, {
      body: { authorization: good, signature: sig },
    });
    assert.equal(nf.status, 404);
  });
});

Deno.test("shop api: an offer whose price changed answers price_changed with the fresh offer; the page shows the new prices", async () => {
  await withShop(async ({ url, restartReceiver }) => {
    const offer = await firstOffer(url);
    await restartReceiver(
      DEMO_CATALOG.map((p) => p.id === offer.plan_id ? { ...p, costUsd: p.costUsd + 2 } : p),
    );
    const r = await api(`${url}/shop/api/orders`, {
      body: { offer_id: offer.offer_id, plan_id: offer.plan_id, method: "evm:8453:usdc" },
    });
    assert.equal(r.status, 409, JSON.stringify(r.body));
    assert.equal(errorOf(r.body).code, "price_changed");
    assert.notEqual(errorOf(r.body).offer?.price_usd, offer.price_usd);
    // The form path sends the buyer back to the country page with a notice.
    const form = await fetch(`${url}/shop/order`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        offer_id: offer.offer_id,
        plan_id: offer.plan_id,
        method: "evm:8453:usdc",
        cc: "US",
      }),
      redirect: "manual",
    });
    await form.body?.cancel();
    assert.equal(form.status, 303);
    assert.equal(form.headers.get("location"), "/shop/c/US?changed=1");
    const page = await (await fetch(`${url}${form.headers.get("location")}`)).text();
    assert.match(page, /price of that plan changed/);
  }, { env: { CATALOG_CACHE_SECONDS: "0" } });
});

Deno.test("shop pages: browsing works without JavaScript, loads nothing from elsewhere, and a form order lands on its page", async () => {
  await withShop(async ({ url }) => {
    const home = await fetch(`${url}/shop/`);
    const html = await home.text();
    assert.equal(home.status, 200);
    assert.match(home.headers.get("content-type")!, /text\/html/);
    assert.match(home.headers.get("content-security-policy")!, /default-src 'none'/);
    assert.match(html, /<a href="\/shop\/c\/JP">Japan<\/a>/);
    assert.match(html, /<label for="cc">/);
    assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//, "no external assets");
    const go = await fetch(`${url}/shop/c?cc=de`, { redirect: "manual" });
    await go.body?.cancel();
    assert.equal(go.headers.get("location"), "/shop/c/DE");
    const country = await (await fetch(`${url}/shop/c/DE`)).text();
    assert.match(country, /eSIM plans for Germany/);
    assert.ok(new TextEncoder().encode(country).length < 30_000, "small page");
    const offer = await firstOffer(url, "DE");
    const form = await fetch(`${url}/shop/order`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ offer_id: offer.offer_id, method: "evm:8453:usdc", cc: "DE" }),
      redirect: "manual",
    });
    await form.body?.cancel();
    assert.equal(form.status, 303);
    const loc = form.headers.get("location")!;
    assert.match(loc, /^\/shop\/o\/sho_[0-9a-f]{24}\?token=[A-Za-z0-9_-]{43}$/);
    const order = await fetch(`${url}${loc}`);
    const orderHtml = await order.text();
    assert.equal(order.headers.get("cache-control"), "no-store");
    assert.equal(order.headers.get("referrer-policy"), "no-referrer");
    assert.match(orderHtml, /Waiting for your payment/);
    assert.match(
      orderHtml,
      /href="ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453\/transfer\?address=/,
    );
    assert.match(orderHtml, /<noscript><meta http-equiv="refresh"/);
    const wrong = await fetch(`${url}${loc.replace(/token=.*/, "token=nope")}`);
    assert.equal(wrong.status, 404);
    assert.match(await wrong.text(), /No such order/);
  });
});

Deno.test("shop: DEMO_MODE=1 shows the pages and sells nothing; without STORE_NAME there is no storefront", async () => {
  await withShop(async ({ url }) => {
    const offer = await firstOffer(url);
    const page = await (await fetch(`${url}/shop/c/US`)).text();
    assert.match(page, /Demo store/);
    assert.doesNotMatch(page, /<form action="\/shop\/order"/);
    const r = await api(`${url}/shop/api/orders`, {
      body: { offer_id: offer.offer_id, method: "evm:8453:usdc" },
    });
    assert.equal(r.status, 503);
    assert.equal(errorOf(r.body).code, "demo_mode");
  }, { env: { DEMO_MODE: "1" } });

  const dir = await Deno.makeTempDir();
  try {
    await using off = await startTestServer({ DATA_DIR: dir });
    const r = await fetch(`${off.url}/shop/`);
    await r.body?.cancel();
    assert.equal(r.status, 404);
    const home = await fetch(`${off.url}/`, { headers: { accept: "text/html" } });
    await home.body?.cancel();
    assert.equal(home.status, 200, "without STORE_NAME, GET / is the server's own page");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("GET / sends a browser to /shop/ when the storefront is on; JSON clients still get the description", async () => {
  await withShop(async ({ url }) => {
    const html = await fetch(`${url}/`, {
      headers: { accept: "text/html,application/xhtml+xml" },
      redirect: "manual",
    });
    await html.body?.cancel();
    assert.equal(html.status, 302);
    assert.equal(html.headers.get("location"), "/shop/");
    const json = await fetch(`${url}/`, { headers: { accept: "application/json" } });
    assert.equal(json.status, 200);
    assert.ok(Array.isArray((await json.json()).paid_endpoints));
  });
});
