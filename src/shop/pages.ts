/**
 * The storefront pages (server-rendered; DESIGN.md §14): countries, a country's offers, the
 * order page (payment, live status, delivery with the QR code, activation string and install
 * links). Each builder returns the HTML text; `routes.ts` serves it.
 */
import type { Offer } from "../../rails/node/offers.ts";
import { countryName, esc, formatData, page } from "./html.ts";
import type { PayMethod, ShopSettings } from "./settings.ts";
import type { EsimView } from "./service.ts";
import { formatUnits, type PayView } from "./pay.ts";
import { paidUnits, type ShopOrder, stillDue, unfinished } from "./types.ts";
import { qrSvg } from "./qr.ts";

export function homePage(s: ShopSettings, countries: string[]): string {
  const sorted = countries.map((cc) => ({ cc, name: countryName(cc) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const options = sorted.map((c) => `<option value="${c.cc}">${esc(c.name)}</option>`).join("");
  const links = sorted.map((c) => `<li><a href="/shop/c/${c.cc}">${esc(c.name)}</a></li>`).join(
    "",
  );
  return page({
    title: "eSIMs for your trip",
    storeName: s.storeName,
    tokens: tokensOf(s),
    demo: s.demo,
    body: `<h1>Mobile data for your trip</h1>` +
      `<p>Pick the country you are going to, compare plans, pay with ${
        tokensOf(s)
      } and get your eSIM.</p>` +
      `<form action="/shop/c" method="get"><label for="cc">Country</label> ` +
      `<select id="cc" name="cc" required>${options}</select> <button type="submit">Show plans</button></form>` +
      `<h2>All countries</h2><ul class="countries">${links}</ul>`,
  });
}

export function countryPage(
  s: ShopSettings,
  cc: string,
  offers: Offer[],
  notice?: string,
): string {
  const methods = s.methods;
  const select = methods.length > 1
    ? (id: string) =>
      `<label class="sr" for="m-${id}">Pay with</label><select id="m-${id}" name="method">${
        methods.map((m) => `<option value="${m.method}">${esc(methodLabel(m))}</option>`).join("")
      }</select> `
    : (_: string) =>
      methods[0] ? `<input type="hidden" name="method" value="${methods[0].method}">` : "";
  const rows = offers.map((o) =>
    `<tr><td>${esc(o.name)}</td><td>${formatData(o.data_bytes)}</td><td>${o.days}</td>` +
    `<td>${esc(o.price_usd)}</td><td>` +
    (methods.length && !s.demo
      ? `<form action="/shop/order" method="post"><input type="hidden" name="offer_id" value="${
        esc(o.offer_id)
      }"><input type="hidden" name="plan_id" value="${esc(o.plan_id)}">` +
        `<input type="hidden" name="cc" value="${cc}">${
          select(o.offer_id)
        }<button type="submit" aria-label="Buy ${esc(o.name)} for ${
          esc(o.price_usd)
        } USD">Buy</button></form>`
      : `<span class="note">${s.demo ? "demo" : "not on sale"}</span>`) +
    `</td></tr>`
  ).join("");
  const name = countryName(cc);
  return page({
    title: `eSIM plans for ${name}`,
    storeName: s.storeName,
    tokens: tokensOf(s),
    demo: s.demo,
    body: `<h1>eSIM plans for ${esc(name)}</h1>` +
      (notice ? `<p class="warn" role="alert">${esc(notice)}</p>` : "") +
      (offers.length
        ? `<table><caption class="sr">Plans, cheapest first</caption><thead><tr><th scope="col">Plan</th><th scope="col">Data</th><th scope="col">Days</th><th scope="col">Price (USD)</th><th scope="col"><span class="sr">Buy</span></th></tr></thead><tbody>${rows}</tbody></table>`
        : `<p>No plans for ${esc(name)} right now.</p>`) +
      `<p><a href="/shop/">Other countries</a></p>`,
  });
}

/** The stablecoins this store takes. */
function tokensOf(s: ShopSettings): string {
  const set = new Set(s.methods.map((m) => m.kind === "evm" ? "USDC" : m.token));
  if (!set.size) set.add("USDC");
  return [...set].sort().join(" or ");
}

/** The stablecoin an order is paid in. */
function tokenOf(o: ShopOrder): string {
  return o.method.startsWith("ton:") || o.method.startsWith("tron:") ? "USDT" : "USDC";
}

export function methodLabel(m: PayMethod): string {
  return m.label;
}

const STATUS_TEXT: Record<string, string> = {
  awaiting_payment: "Waiting for your payment",
  underpaid: "Part of the price has arrived: please pay the rest",
  paid: "Paid: your eSIM is being prepared",
  supplier_ordered: "Paid: your eSIM is being prepared",
  delivered: "Your eSIM is ready",
  expired: "This order expired: no full payment arrived within 24 hours",
  refund_due: "We could not deliver this eSIM: you will be refunded",
};

export interface OrderPageInput {
  settings: ShopSettings;
  order: ShopOrder;
  token: string;
  pay?: PayView;
  method?: PayMethod;
  esim?: EsimView;
  esimError?: string;
}

export function orderPage(i: OrderPageInput): string {
  const o = i.order;
  const live = unfinished(o.state) || o.payments.some((p) => !p.final);
  const parts: string[] = [
    `<h1>${esc(o.offer_name)}</h1>`,
    `<p role="status" id="order-status" class="${
      o.state === "delivered"
        ? "ok"
        : o.state === "expired" || o.state === "refund_due"
        ? "warn"
        : ""
    }"><strong>${esc(STATUS_TEXT[o.state] ?? o.state)}</strong></p>`,
    `<p class="note">Order <span class="mono">${esc(o.order_id)}</span> · ${
      formatData(o.data_bytes)
    }, ${o.days} days · ${
      esc(o.price_usd)
    } USD. Keep this page's address: it is your access to the order.</p>`,
  ];
  const confirming = o.payments.filter((p) => !p.final);
  if (confirming.length) {
    parts.push(
      `<p class="ok">Payment seen: ${
        formatUnits(confirming.reduce((a, p) => a + BigInt(p.units), 0n))
      } ${tokenOf(o)}, waiting for the network to confirm it.</p>`,
    );
  }
  const sending = o.authorizations.some((a) => a.state === "settling" || a.state === "settled");
  if (sending && !o.payments.length) {
    parts.push(`<p class="ok">Your signed payment was sent; waiting for the network.</p>`);
  }
  if (o.error && o.state === "awaiting_payment") {
    parts.push(`<p class="warn" role="alert">${esc(o.error.message)}. You can pay again.</p>`);
  }
  if (i.pay && i.method && (o.state === "awaiting_payment" || o.state === "underpaid")) {
    parts.push(...payStep(o, i.method, i.pay, sending));
  }
  if (o.state === "delivered") {
    if (i.esim) {
      const code = i.esim.activation_code;
      parts.push(
        `<h2>Install your eSIM</h2><p>Scan this code, shown on another screen, with the phone that will use the eSIM (Settings → Mobile data → Add eSIM). On that phone itself, use an install link below or enter the code by hand.</p>`,
        `<div class="qr">${qrSvg(code, "eSIM activation code")}</div>`,
        `<p>Or enter the activation code by hand:</p><p><code id="activation">${
          esc(code)
        }</code></p>`,
        `<ul>`,
        code.startsWith("LPA:")
          ? `<li><a href="https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${
            encodeURIComponent(code)
          }">Install on iPhone (iOS 17.4 or later)</a></li>`
          : "",
        i.esim.install_url
          ? `<li><a href="${esc(i.esim.install_url)}">Install link from the provider</a></li>`
          : "",
        `</ul>`,
        i.esim.iccid
          ? `<p class="note">ICCID <span class="mono">${esc(i.esim.iccid)}</span></p>`
          : "",
      );
    } else {
      parts.push(
        `<p class="warn">${
          esc(i.esimError ?? "The eSIM details are not available right now; reload in a minute.")
        }</p>`,
      );
    }
  }
  if (o.state === "refund_due" || (o.state === "expired" && paidUnits(o) > 0n)) {
    parts.push(
      `<p>Contact ${esc(i.settings.storeName)} with your order number for the refund of ${
        formatUnits(paidUnits(o))
      } ${tokenOf(o)}.</p>`,
    );
  }
  const data = {
    order_id: o.order_id,
    token: i.token,
    status: o.state,
    payments: o.payments.length,
    live,
    amount: formatUnits(BigInt(o.price_units)),
    eip3009: !sending && o.state === "awaiting_payment" ? i.pay?.eip3009 ?? null : null,
  };
  parts.push(
    `<script type="application/json" id="order-data">${
      JSON.stringify(data).replace(/</g, "\\u003c")
    }</script>`,
  );
  return page({
    title: STATUS_TEXT[o.state] ?? "Order",
    storeName: i.settings.storeName,
    tokens: tokensOf(i.settings),
    body: parts.join(""),
    refresh: live ? 15 : undefined,
    script: "/shop/wallet.js",
  });
}

/** The payment step of the order page: what to send, where, and how the shop knows it is yours. */
function payStep(o: ShopOrder, m: PayMethod, pay: PayView, sending: boolean): string[] {
  const due = stillDue(o);
  const token = m.kind === "evm" ? "USDC" : m.token;
  const amount = `<strong class="mono">${formatUnits(due)} ${token}</strong> (${due} units)`;
  const to = `<span class="mono" id="pay-to">${esc(o.pay_to)}</span>`;
  const out = [`<h2>Pay with ${esc(m.label)}</h2>`];
  if (m.kind === "evm" && !sending && pay.eip3009) {
    out.push(
      `<section id="pay-wallet" hidden aria-labelledby="w-h"><h3 id="w-h">With a browser wallet</h3><ul id="wallets" class="plain"></ul></section>`,
    );
  }
  out.push(`<p id="pay-status" role="status" aria-live="polite"></p>`);
  if (m.kind === "evm") {
    out.push(
      `<h3>With any wallet</h3><p>Send exactly ${amount} on ${
        esc(m.chain.label)
      } to ${to}. The exact amount tells us it is yours.</p>`,
    );
  } else if (m.kind === "ton") {
    out.push(
      `<p>Send ${amount} on TON to ${to} with this text comment: <code id="pay-memo">${
        esc(o.memo ?? o.order_id)
      }</code>. The comment tells us it is yours: without it we cannot match your payment.</p>`,
    );
  } else if (m.kind === "solana") {
    out.push(
      `<p>Scan the code with a Solana wallet (Solana Pay) or open the link: it sends ${amount} to ${to} with this order's reference, which tells us it is yours.</p>`,
    );
  } else {
    out.push(
      `<p>Send exactly ${amount} (USDT, TRC-20) on TRON to ${to}. The exact amount tells us it is yours: send it in one transfer if you can. The code below is the address.</p>`,
    );
  }
  out.push(
    m.kind === "tron"
      ? ""
      : `<p><a class="btn" id="pay-link" href="${esc(pay.uri)}">Open in wallet</a></p>`,
    `<div class="qr" id="pay-qr" data-uri="${esc(pay.uri)}">${pay.qr_svg}</div>`,
    `<p class="note">Open until ${esc(o.expires_at.replace("T", " ").slice(0, 16))} UTC.</p>`,
  );
  return out;
}

export function messagePage(s: ShopSettings, title: string, message: string): string {
  return page({
    title,
    storeName: s.storeName,
    tokens: tokensOf(s),
    body: `<h1>${esc(title)}</h1><p role="alert">${
      esc(message)
    }</p><p><a href="/shop/">Back to the store</a></p>`,
  });
}
