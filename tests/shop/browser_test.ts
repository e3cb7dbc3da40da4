/**
 * A person buys an eSIM in a real headless Chromium (Debian `chromium`, driven by
 * puppeteer-core): home → country → offers → order → pay with a browser wallet → delivered.
 * The wallet is a test EIP-1193 provider announced through EIP-6963 that signs with a test key
 * (viem) and forwards everything else to anvil. Screenshots are kept under
 * `.tmp/shop-browser/`; the delivery page's QR code is decoded with `zbarimg` (Debian
 * `zbar-tools`) and must equal the activation string shown beside it.
 */
import assert from "node:assert/strict";
import { ARTIFACTS, decodeQr, launchBrowser, missingTools } from "./_browser.ts";
import { buyer, seller } from "../x402/_sign.ts";
import { mine, withShop } from "./_env.ts";

/** Runs in the page before any script: the test wallet, announced via EIP-6963. */
const WALLET_INIT = `(() => {
  const provider = {
    isTestWallet: true,
    request: ({ method, params }) => globalThis.__walletRequest(method, params ?? []).then((r) => {
      const o = JSON.parse(r);
      if (o.error) { const e = new Error(o.error); e.code = 4001; throw e; }
      return o.result;
    }),
    on() {}, removeListener() {},
  };
  const detail = Object.freeze({
    info: { uuid: "2f1c8a52-9d7e-4b8e-a1d3-7f0c2b9e6a11", name: "Test Wallet",
      icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E", rdns: "dev.esim-rails.test" },
    provider,
  });
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
})();`;

Deno.test({
  name: missingTools.length
    ? `shop browser: a person buys an eSIM from country to QR code (skipped: ${
      missingTools.join("; ")
    })`
    : "shop browser: a person buys an eSIM from country to QR code with a browser wallet",
  ignore: missingTools.length > 0,
  // puppeteer keeps its own timers and sockets for the browser's lifetime.
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withShop(async ({ url, chain }) => {
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1 }); // a phone
        const signed: string[] = [];
        await page.exposeFunction("__walletRequest", async (method: string, params: unknown[]) => {
          try {
            switch (method) {
              case "eth_requestAccounts":
              case "eth_accounts":
                return JSON.stringify({ result: [buyer.address] });
              case "eth_chainId":
                return JSON.stringify({ result: "0x" + chain.chainId.toString(16) });
              case "wallet_switchEthereumChain":
                return JSON.stringify({ result: null });
              case "eth_signTypedData_v4": {
                const [from, json] = params as [string, string];
                assert.equal(from.toLowerCase(), buyer.address.toLowerCase());
                const typed = JSON.parse(json);
                delete typed.types.EIP712Domain;
                const signature = await buyer.signTypedData(typed);
                signed.push(signature);
                return JSON.stringify({ result: signature });
              }
              default:
                return JSON.stringify({ result: await chain.rpc(method, params) });
            }
          } catch (err) {
            return JSON.stringify({ error: (err as Error).message });
          }
        });
        await page.evaluateOnNewDocument(WALLET_INIT);
        const shot = (name: string) =>
          page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });

        // Home: countries, reachable without JavaScript (plain links and a GET form).
        const home = await page.goto(`${url}/shop/`);
        assert.equal(home?.status(), 200);
        await shot("1-home");
        await Promise.all([
          page.waitForNavigation(),
          page.click('a[href="/shop/c/US"]'),
        ]);
        assert.match(await page.title(), /United States/);
        await shot("2-offers");
        const prices = await page.$$eval(
          "tbody tr td:nth-child(4)",
          (tds) => tds.map((td) => Number(td.textContent)),
        );
        assert.ok(prices.length >= 2, "several offers");
        assert.deepEqual(prices, [...prices].sort((a, b) => a - b), "cheapest first");

        // Order the cheapest.
        await Promise.all([page.waitForNavigation(), page.click("tbody tr:first-child button")]);
        assert.match(page.url(), /\/shop\/o\/sho_[0-9a-f]{24}\?token=/);
        const orderUrl = page.url();
        await page.waitForSelector("#wallets button");
        await shot("3-order");
        const label = await page.$eval("#wallets button", (b) => b.textContent);
        assert.equal(label, `Pay ${prices[0]!.toFixed(2)} USDC with Test Wallet`);

        // Pay with the wallet; the page posts the authorization and reloads.
        const before = await chain.balanceOf(seller.address);
        await Promise.all([page.waitForNavigation(), page.click("#wallets button")]);
        assert.equal(signed.length, 1);
        const paid = await chain.balanceOf(seller.address) - before;
        assert.equal(paid, BigInt(Math.round(prices[0]! * 100)) * 10_000n);
        await shot("4-paid");

        // Finality: the safe block passes the payment; the page goes live to the delivery.
        await mine(chain, 40);
        await page.waitForSelector("#activation", { timeout: 60_000 });
        await shot("5-delivered");
        const activation = await page.$eval("#activation", (c) => c.textContent ?? "");
        assert.match(activation, /^LPA:1\$/);

        // The QR code decodes to the activation string.
        const qr = await page.$(".qr svg");
        assert.ok(qr);
        const qrFile = `${ARTIFACTS}6-qr.png`;
        assert.equal(await decodeQr(qr, qrFile), activation);

        // The order page survives a reload and a new tab (the token is in the URL).
        const again = await browser.newPage();
        await again.goto(orderUrl);
        assert.equal(await again.$eval("#activation", (c) => c.textContent), activation);
        await again.close();

        // Without JavaScript, with the keyboard only: choose a country in the form, order,
        // and get the payment instructions (the wallet button needs JavaScript and stays hidden).
        const plain = await browser.newPage();
        await plain.setJavaScriptEnabled(false);
        await plain.setViewport({ width: 390, height: 844 });
        await plain.goto(`${url}/shop/`);
        await plain.select("#cc", "DE");
        await plain.focus("form button[type=submit]");
        await Promise.all([plain.waitForNavigation(), plain.keyboard.press("Enter")]);
        assert.match(await plain.title(), /Germany/);
        await plain.focus("tbody tr:first-child button");
        await Promise.all([plain.waitForNavigation(), plain.keyboard.press("Enter")]);
        assert.match(plain.url(), /\/shop\/o\/sho_/);
        assert.equal(await plain.$eval("#pay-wallet", (s) => s.hidden), true);
        assert.match(
          await plain.$eval("a.btn", (a) => a.getAttribute("href") ?? ""),
          /^ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453\/transfer\?address=/,
        );
        assert.ok(await plain.$(".qr svg"));
        await plain.screenshot({ path: `${ARTIFACTS}7-order-without-js.png`, fullPage: true });
        await plain.close();
      } finally {
        await browser.close();
      }
    }, { pollMs: 250 });
  },
});
