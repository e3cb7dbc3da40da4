/**
 * `GET /` (DESIGN.md §12): what this server sells, each paid endpoint with its price and an
 * example request, the node's routes, the public keys and how to verify, how to pay. A small
 * HTML page for people (no framework, no external assets) and the same facts as JSON for
 * `Accept: application/json`. Built from the route table as registered, so an endpoint added
 * later appears here by itself; computed once, on the first request.
 *
 * @example
 * ```ts ignore
 * const routes: Route[] = [...];
 * routes.push(homeRoute(() => routes, services));
 * ```
 */
import type { Route } from "../http/types.ts";
import type { Services } from "./services.ts";
import { VERSION } from "../version.ts";
import { networkOf } from "../x402/networks.ts";
import { HOME_ROUTE } from "./home_listing.ts";

export interface HomeOptions {
  /**
   * Hook for the storefront: when set (e.g. `"/shop/"` when the shop is on), `GET /` from a
   * browser redirects there; `Accept: application/json` still gets the JSON document.
   */
  redirectTo?: string;
}

export interface HomeDocument {
  name: string;
  version: string;
  sells: string[];
  /** Present and true only when payments are on a test network. */
  test_network?: true;
  demo_mode: boolean;
  payments: {
    configured: boolean;
    network: string;
    network_label: string;
    asset: string;
    pay_to: string | null;
    how_to_pay: string[];
  };
  paid_endpoints: {
    method: string;
    path: string;
    url: string;
    price_usd: string;
    description: string;
    example_request?: unknown;
    example_command?: string;
    /** The endpoint's work calls public services on the internet. */
    needs_internet?: boolean;
  }[];
  routes: { method: string; path: string; summary?: string; price_usd?: string }[];
  keys: {
    signer: { alg: "Ed25519"; key: string; key_id: string };
    published_at: string[];
    how_to_verify: string[];
  };
}

/** The `GET /` route over the final route table (`routes()` is read on the first request). */
export function homeRoute(
  routes: () => readonly Route[],
  services: Services,
  options: HomeOptions = {},
): Route {
  let cached: { json: string; html: string } | undefined;
  const build = () => {
    const doc = homeDocument(routes(), services);
    return { json: JSON.stringify(doc), html: homeHtml(doc) };
  };
  return {
    ...HOME_ROUTE,
    handler: (ctx) => {
      cached ??= build();
      if (wantsJson(ctx.req.headers.get("accept"))) {
        return ctx.sendJsonText(cached.json, { headers: { vary: "Accept" } });
      }
      if (options.redirectTo) {
        return new Response(null, {
          status: 302,
          headers: { location: options.redirectTo, vary: "Accept" },
        });
      }
      return new Response(cached.html, {
        headers: {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
          "x-content-type-options": "nosniff",
          vary: "Accept",
        },
      });
    },
  };
}

/** JSON when the client asks for it and not for HTML first. */
function wantsJson(accept: string | null): boolean {
  if (!accept) return false;
  const a = accept.toLowerCase();
  const json = a.indexOf("application/json");
  if (json < 0) return false;
  const html = a.indexOf("text/html");
  return html < 0 || json < html;
}

export function homeDocument(routes: readonly Route[], services: Services): HomeDocument {
  const { config, paywall } = services;
  const base = config.publicUrl.replace(/\/+$/, "");
  const network = networkOf(config.payment.network);
  const configured = Boolean(paywall.payTo && paywall.settler);
  const listed = routes.filter((r) => r.method !== "OPTIONS" && !r.path.endsWith("/invoke"));
  const paid = listed.filter((r) => r.info?.priceUsd !== undefined);
  const exampleCommand = (r: Route) =>
    r.info?.priceUsd && r.info.priceUsd !== "from quote" && r.info.example !== undefined
      ? callCommand(`${base}${r.path}`, r.info.example, "buyer.key")
      : undefined;
  const signer = config.signer.publicJwk();
  return {
    name: config.sellerName,
    version: VERSION,
    sells: [
      "Paid HTTP APIs under /x402/*: pay per call with USDC over x402 (no account, no API key).",
      config.demoMode
        ? "eSIMs: quotes from the catalog (this node is in demo mode and sells nothing yet)."
        : "eSIMs: quote with POST /quote, buy with POST /order (x402, USDC).",
    ],
    ...(network.test ? { test_network: true as const } : {}),
    demo_mode: config.demoMode,
    payments: {
      configured,
      network: network.chain.network,
      network_label: network.label,
      asset: network.chain.usdc,
      pay_to: paywall.payTo ?? null,
      how_to_pay: configured
        ? [
          "POST without payment: the answer is 402 with the terms in the PAYMENT-REQUIRED header.",
          `Sign an EIP-3009 transferWithAuthorization of USDC on ${network.label} for the amount, send it in PAYMENT-SIGNATURE and POST again.`,
          "Any x402 v2 client does this (for example @x402/fetch), or: esim-rails call <url> --data '<json>' --key-file <buyer key>.",
        ]
        : [
          "Payments are not configured on this node yet: paid routes answer 503 payment_not_configured.",
          "Try the whole flow locally with test money: esim-rails dev",
        ],
    },
    paid_endpoints: paid.map((r) => ({
      method: r.method,
      path: r.path,
      url: `${base}${r.path}`,
      price_usd: r.info!.priceUsd!,
      description: r.info!.summary,
      ...(r.info!.example !== undefined ? { example_request: r.info!.example } : {}),
      ...(exampleCommand(r) ? { example_command: exampleCommand(r) } : {}),
      ...(r.info!.needsInternet ? { needs_internet: true } : {}),
    })),
    routes: listed.map((r) => ({
      method: r.method,
      path: r.path,
      ...(r.info?.summary ? { summary: r.info.summary } : {}),
      ...(r.info?.priceUsd ? { price_usd: r.info.priceUsd } : {}),
    })),
    keys: {
      signer,
      published_at: [`${base}/x402/keys`, `${base}/listing.json`],
      how_to_verify: [
        "Paid answers carry a receipt signed with Ed25519 (key_id above); check it offline:",
        `esim-rails verify receipt answer.json --public-key ${signer.key}`,
        "Free answers carry X-Provider-Signature: esim-rails verify answer (see --help).",
        "fair-random proofs: esim-rails random verify.",
      ],
    },
  };
}

/** Quotes one argument for a POSIX shell. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

/** The `esim-rails call` line that pays `url` with `body` (as printed on `GET /` and by `dev`). */
export function callCommand(url: string, body: unknown, keyFile: string, extra = ""): string {
  return `esim-rails call ${shellQuote(url)} --data ${shellQuote(JSON.stringify(body))} ` +
    `--key-file ${shellQuote(keyFile)}${extra}`;
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export function homeHtml(d: HomeDocument): string {
  const testBanner = d.test_network
    ? `<p class="warn">TEST NETWORK: payments here use ${
      esc(d.payments.network_label)
    } test USDC, not real money.</p>`
    : "";
  const demo = d.demo_mode ? `<p class="note">Demo mode: quotes work, nothing is sold.</p>` : "";
  const paid = d.paid_endpoints.map((p) =>
    `<tr><td><code>${esc(p.method)} ${esc(p.path)}</code></td><td>${
      esc(p.price_usd === "from quote" ? "from quote" : `$${p.price_usd}`)
    }</td><td>${esc(p.description)}${
      p.example_command
        ? `<pre>${esc(p.example_command)}</pre>`
        : p.example_request !== undefined
        ? `<pre>${esc(JSON.stringify(p.example_request))}</pre>`
        : ""
    }</td></tr>`
  ).join("");
  const routes = d.routes.map((r) =>
    `<li><code>${esc(r.method)} ${esc(r.path)}</code>${
      r.summary ? ` &mdash; ${esc(r.summary)}` : ""
    }</li>`
  ).join("");
  const list = (xs: string[]) => xs.map((x) => `<li>${esc(x)}</li>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(d.name)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#222}
code,pre{font:13px ui-monospace,monospace;background:#f4f4f4}pre{padding:.4rem;overflow-x:auto;white-space:pre-wrap}
table{border-collapse:collapse;width:100%}td{border-top:1px solid #ddd;padding:.4rem;vertical-align:top}
.warn{background:#fff3cd;border:1px solid #e0b000;padding:.5rem;font-weight:bold}.note{background:#eef;padding:.5rem}
</style></head><body>
<h1>${esc(d.name)}</h1>
<p>esim-rails ${
    esc(d.version)
  } &middot; <a href="/listing.json">listing.json</a> &middot; <a href="/x402/keys">keys</a> &middot; JSON: send <code>Accept: application/json</code></p>
${testBanner}${demo}
<h2>What this server sells</h2><ul>${list(d.sells)}</ul>
<h2>Paid endpoints</h2>
<table>${paid}</table>
<h2>How to pay</h2>
<p>USDC on ${esc(d.payments.network_label)} (<code>${esc(d.payments.asset)}</code>)${
    d.payments.pay_to ? `, paid to <code>${esc(d.payments.pay_to)}</code>` : ""
  }.</p>
<ol>${list(d.payments.how_to_pay)}</ol>
<h2>Public keys and how to verify</h2>
<p>Signing key <code>${esc(d.keys.signer.key_id)}</code>: <code>${esc(d.keys.signer.key)}</code></p>
<ul>${list(d.keys.how_to_verify)}</ul>
<h2>All routes</h2><ul>${routes}</ul>
</body></html>
`;
}
