/**
 * HTML helpers of the storefront pages: escaping, the page frame (inline CSS, no external
 * assets, readable on a phone, visible keyboard focus, WCAG AA contrast) and formatting.
 */

export function esc(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const CSS =
  `:root{color-scheme:light;--fg:#1a1a1a;--muted:#4a4a4a;--accent:#0b57d0;--bg:#fff;--line:#d0d0d0}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
header,main,footer{max-width:44rem;margin:0 auto;padding:1rem}header{border-bottom:1px solid var(--line)}
header a{color:var(--fg);text-decoration:none;font-weight:700}a{color:var(--accent)}
h1{font-size:1.5rem;margin:.5rem 0}table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.5rem .25rem;border-bottom:1px solid var(--line);vertical-align:top}
button,select,.btn{font:inherit;padding:.5rem .9rem;border:2px solid var(--accent);border-radius:.4rem;background:var(--accent);color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
select{background:#fff;color:var(--fg)}:focus-visible{outline:3px solid #e37400;outline-offset:2px}
.note{color:var(--muted)}.warn{background:#fff4e5;border:1px solid #e37400;padding:.75rem;border-radius:.4rem}
.ok{background:#e6f4ea;border:1px solid #137333;padding:.75rem;border-radius:.4rem}
code,.mono{font-family:ui-monospace,monospace;word-break:break-all}
.qr svg{width:100%;max-width:18rem;height:auto;background:#fff}
ul.countries{columns:2;padding-left:1.2rem}@media(min-width:40rem){ul.countries{columns:3}}
ul.plain{list-style:none;padding:0}ul.plain li{margin:.4rem 0}
.sr{position:absolute;left:-9999px}`;

export interface PageOptions {
  title: string;
  storeName: string;
  body: string;
  /** Seconds after which the page reloads itself (live status without JavaScript). */
  refresh?: number;
  script?: string;
  demo?: boolean;
  /** What the store takes, for the footer ("USDC", "USDC or USDT"). */
  tokens?: string;
}

export function page(o: PageOptions): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    (o.refresh ? `<noscript><meta http-equiv="refresh" content="${o.refresh}"></noscript>` : "") +
    `<meta name="referrer" content="no-referrer">` +
    `<title>${esc(o.title)} · ${esc(o.storeName)}</title><style>${CSS}</style></head><body>` +
    `<header><a href="/shop/">${esc(o.storeName)}</a></header><main id="main">` +
    (o.demo
      ? `<p class="warn" role="status">Demo store: you can look around, nothing is sold.</p>`
      : "") +
    o.body + `</main><footer class="note">Prices in USD, paid in ${o.tokens ?? "USDC"}.</footer>` +
    (o.script ? `<script src="${esc(o.script)}" defer></script>` : "") +
    `</body></html>`;
}

/** Data in GB of 2^30 bytes, up to 2 decimals. */
export function formatData(bytes: number): string {
  const gb = bytes / 2 ** 30;
  return `${Number.isInteger(gb) ? gb : gb.toFixed(gb < 1 ? 2 : 1).replace(/\.?0+$/, "")} GB`;
}

let names: Intl.DisplayNames | undefined;
export function countryName(cc: string): string {
  try {
    names ??= new Intl.DisplayNames(["en"], { type: "region" });
    return names.of(cc) ?? cc;
  } catch {
    return cc;
  }
}

export const HTML_HEADERS: Record<string, string> = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy":
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};
