/**
 * A person pays on TON, TRON and Solana in a real headless Chromium (Debian `chromium`, driven
 * by puppeteer-core): country → choose the method → order page with the wallet link and QR code
 * (decoded by `zbarimg`, Debian `zbar-tools`, and equal to the link) → the chain's fake reports
 * the payment → the page goes live to the delivered eSIM. Screenshots under `.tmp/shop-browser/`.
 */
import assert from "node:assert/strict";
import { ARTIFACTS, decodeQr, launchBrowser, missingTools } from "./_browser.ts";
import { api } from "./_env.ts";
import { type ChainsEnv, randomTronAddress, withChains } from "./_chains.ts";
import { randomTonAddress } from "../fakes/toncenter.ts";

interface Case {
  method: string;
  label: string;
  /** The link the page offers (TRON: the bare address), checked against the order. */
  link: (e: ChainsEnv, pay: Pay) => string;
  /** Makes the chain's fake report the payment of the order. */
  pay: (e: ChainsEnv, pay: Pay) => Promise<void>;
}

interface Pay {
  amount_units: string;
  uri: string;
  memo?: string;
  reference?: string;
}

const CASES: Case[] = [
  {
    method: "ton:usdt",
    label: "USDT on TON",
    link: (e, p) =>
      `ton://transfer/${e.payTo.ton}?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=${p.amount_units}&text=${p.memo}`,
    pay: (e, p) => {
      e.ton.transfer({
        from: randomTonAddress(),
        to: e.payTo.ton,
        amount: p.amount_units,
        comment: p.memo!,
      });
      return Promise.resolve();
    },
  },
  {
    method: "tron:usdt",
    label: "USDT on TRON",
    link: (e) => e.payTo.tron,
    pay: (e, p) => {
      const t = e.tron.transfer({
        from: randomTronAddress(),
        to: e.payTo.tron,
        value: p.amount_units,
      });
      e.tron.confirm(t.txid);
      return Promise.resolve();
    },
  },
  {
    method: "solana:usdc",
    label: "USDC on Solana",
    link: (_e, p) => p.uri,
    pay: async (e, p) => {
      await e.sol.pay({
        to: e.payTo.solana,
        reference: p.reference!,
        units: BigInt(p.amount_units),
      });
    },
  },
];

for (const c of CASES) {
  Deno.test({
    name: missingTools.length
      ? `shop browser ${c.method}: link, QR code and delivery (skipped: ${missingTools.join("; ")})`
      : `shop browser ${c.method}: the order page shows the wallet link and its QR code, and delivers once the chain reports the payment`,
    ignore: missingTools.length > 0,
    // puppeteer keeps its own timers and sockets for the browser's lifetime.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const name = c.method.split(":")[0]!;
      await withChains(async (e) => {
        const browser = await launchBrowser();
        try {
          const page = await browser.newPage();
          await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1 });
          await page.goto(`${e.url}/shop/c/US`);
          const options = await page.$$eval(
            "tbody tr:first-child select option",
            (os) => os.map((o) => [o.getAttribute("value"), o.textContent]),
          );
          assert.ok(
            options.some(([v, t]) => v === c.method && t === c.label),
            `offers ${c.method}`,
          );
          await page.select("tbody tr:first-child select", c.method);
          await Promise.all([page.waitForNavigation(), page.click("tbody tr:first-child button")]);
          const orderUrl = new URL(page.url());
          const id = orderUrl.pathname.split("/").pop()!;
          const token = orderUrl.searchParams.get("token")!;
          const order = await api(`${e.url}/shop/api/orders/${id}?token=${token}`);
          const pay = order.body.pay as Pay;
          assert.match(await page.$eval("h2", (h) => h.textContent ?? ""), new RegExp(c.label));
          assert.equal(await page.$("#pay-wallet"), null, "no EVM wallet button for this chain");
          const link = c.link(e, pay);
          assert.equal(pay.uri, link);
          if (c.method === "tron:usdt") {
            assert.equal(await page.$eval("#pay-to", (s) => s.textContent), e.payTo.tron);
            assert.equal(await page.$("#pay-link"), null, "TRON has no link standard");
          } else {
            assert.equal(await page.$eval("#pay-link", (a) => a.getAttribute("href")), link);
          }
          if (pay.memo) assert.equal(await page.$eval("#pay-memo", (m) => m.textContent), pay.memo);
          await page.screenshot({ path: `${ARTIFACTS}${name}-1-order.png`, fullPage: true });

          // The QR code decodes to the link.
          const qr = await page.$("#pay-qr svg");
          assert.ok(qr);
          const qrFile = `${ARTIFACTS}${name}-2-qr.png`;
          assert.equal(await decodeQr(qr, qrFile), link);

          // The chain reports the payment; the page goes live to the delivered eSIM.
          await c.pay(e, pay);
          await page.waitForSelector("#activation", { timeout: 60_000 });
          await page.screenshot({ path: `${ARTIFACTS}${name}-3-delivered.png`, fullPage: true });
          assert.match(await page.$eval("#activation", (x) => x.textContent ?? ""), /^LPA:1\$/);
        } finally {
          await browser.close();
        }
      }, { pollMs: 250 });
    },
  });
}
