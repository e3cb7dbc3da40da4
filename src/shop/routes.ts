/**
 * Routes of the storefront (DESIGN.md §14): the pages under `/shop/` and the JSON API under
 * `/shop/api/` (node error envelope `{success:false, error:{code,message,field?}}`).
 * Mounted only when the storefront is on (`STORE_NAME`).
 */
import type { Ctx, Route } from "../http/types.ts";
import { ErrorCode, HttpError, invalidInput } from "../http/errors.ts";
import { quoteOffers } from "../../rails/node/offers.ts";
import type { CatalogSnapshot } from "../node/catalog_cache.ts";
import { authorizationDigest, recoverSigner, splitSignature } from "../x402/eip3009.ts";
import { usdcDomain } from "../x402/constants.ts";
import type { Authorization } from "../x402/types.ts";
import type { AuthorizationVerifier, ShopService } from "./service.ts";
import { payView } from "./pay.ts";
import { countryPage, homePage, messagePage, orderPage } from "./pages.ts";
import { HTML_HEADERS } from "./html.ts";
import { WALLET_JS } from "./wallet_js.ts";
import { paidUnits, type ShopOrder, stillDue } from "./types.ts";

const NODE = { kind: "node" } as const;
const NO_STORE = { "cache-control": "no-store" };

export interface ShopRouteDeps {
  service: ShopService;
  snapshot: () => Promise<CatalogSnapshot>;
}

/** Offline EIP-3009 signature check against the method's USDC domain. */
export const verifyAuthorization: AuthorizationVerifier = (a, signature, method) => {
  if (method.kind !== "evm") return false;
  const sig = splitSignature(signature);
  if (!sig.ok) return false;
  const digest = authorizationDigest(usdcDomain(method.chain), a as unknown as Authorization);
  return recoverSigner(digest, sig) === a.from.toLowerCase();
};

function html(body: string, status = 200, extra: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...HTML_HEADERS, ...extra } });
}

/** The order as the JSON API shows it (DESIGN.md §14). */
export async function orderJson(
  service: ShopService,
  o: ShopOrder,
): Promise<Record<string, unknown>> {
  const method = service.settings.methods.find((m) => m.method === o.method);
  const out: Record<string, unknown> = {
    order_id: o.order_id,
    status: o.state,
    offer: {
      offer_id: o.offer_id,
      plan_id: o.plan_id,
      name: o.offer_name,
      data_bytes: o.data_bytes,
      days: o.days,
      price_usd: o.price_usd,
    },
    price_usd: o.price_usd,
    pay: method
      ? payView(o, method, service.canSettle(o.method), service.settings.storeName)
      : null,
    paid_units: paidUnits(o, true).toString(),
    due_units: stillDue(o).toString(),
    payments: o.payments.map((p) => ({
      ref: p.ref,
      payer: p.payer,
      units: p.units,
      chain: p.chain,
      final: p.final,
    })),
    created_at: o.created_at,
    updated_at: o.updated_at,
    expires_at: o.expires_at,
  };
  if (o.error) out.error = o.error;
  if (o.state === "delivered") {
    try {
      const esim = await service.esim(o);
      if (esim) out.esim = esim;
    } catch {
      out.esim_unavailable = true;
    }
  }
  return out;
}

async function countries(snapshot: () => Promise<CatalogSnapshot>): Promise<string[]> {
  const set = new Set<string>();
  for (const o of (await snapshot()).catalog.offers) for (const c of o.plan.countries) set.add(c);
  return [...set];
}

async function formBody(ctx: Ctx): Promise<URLSearchParams> {
  const len = Number(ctx.req.headers.get("content-length") ?? "0");
  if (len > 8192) throw new HttpError(413, ErrorCode.PayloadTooLarge, "Form too large");
  const text = await ctx.req.text();
  if (text.length > 8192) throw new HttpError(413, ErrorCode.PayloadTooLarge, "Form too large");
  return new URLSearchParams(text);
}

export function shopRoutes(d: ShopRouteDeps): Route[] {
  const { service } = d;
  const s = service.settings;
  const orderUrl = (id: string) => `/shop/o/${id}?token=${encodeURIComponent(service.token(id))}`;
  const page = (handler: (ctx: Ctx) => Promise<Response>) => async (ctx: Ctx) => {
    try {
      return await handler(ctx);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      return html(
        messagePage(s, err.status === 404 ? "Not found" : "Sorry", err.message),
        err.status,
      );
    }
  };
  return [
    {
      method: "GET",
      path: "/shop/",
      errors: NODE,
      handler: page(async () => html(homePage(s, await countries(d.snapshot)))),
    },
    {
      method: "GET",
      path: "/shop",
      errors: NODE,
      handler: () => new Response(null, { status: 308, headers: { location: "/shop/" } }),
    },
    {
      method: "GET",
      path: "/shop/wallet.js",
      errors: NODE,
      handler: () =>
        new Response(WALLET_JS, {
          headers: {
            "content-type": "text/javascript; charset=utf-8",
            "cache-control": "public, max-age=300",
            "x-content-type-options": "nosniff",
          },
        }),
    },
    {
      method: "GET",
      path: "/shop/c",
      errors: NODE,
      handler: (ctx) => {
        const cc = (ctx.url.searchParams.get("cc") ?? "").toUpperCase();
        if (!/^[A-Z]{2}$/.test(cc)) {
          return html(messagePage(s, "Choose a country", "Pick a country from the list."), 400);
        }
        return new Response(null, { status: 303, headers: { location: `/shop/c/${cc}` } });
      },
    },
    {
      method: "GET",
      path: "/shop/c/:cc",
      errors: NODE,
      handler: page(async (ctx) => {
        const cc = ctx.params.cc!.toUpperCase();
        if (!/^[A-Z]{2}$/.test(cc)) throw invalidInput("cc", "A country is two letters, e.g. US");
        const offers = quoteOffers((await d.snapshot()).catalog, { country: cc });
        const notice = ctx.url.searchParams.get("changed")
          ? "The price of that plan changed. Here are the current prices."
          : undefined;
        return html(countryPage(s, cc, offers, notice));
      }),
    },
    {
      method: "POST",
      path: "/shop/order",
      errors: NODE,
      handler: page(async (ctx) => {
        const f = await formBody(ctx);
        const cc = (f.get("cc") ?? "").toUpperCase();
        try {
          const v = await service.create({
            offer_id: f.get("offer_id") ?? undefined,
            method: f.get("method") ?? undefined,
            plan_id: f.get("plan_id") ?? undefined,
          });
          return new Response(null, {
            status: 303,
            headers: { location: orderUrl(v.order.order_id), ...NO_STORE },
          });
        } catch (err) {
          if (
            err instanceof HttpError && err.code === ErrorCode.PriceChanged && /^[A-Z]{2}$/.test(cc)
          ) {
            return new Response(null, {
              status: 303,
              headers: { location: `/shop/c/${cc}?changed=1` },
            });
          }
          throw err;
        }
      }),
    },
    {
      method: "GET",
      path: "/shop/o/:id",
      errors: NODE,
      handler: page(async (ctx) => {
        const token = ctx.url.searchParams.get("token");
        const v = await service.find(ctx.params.id!, token);
        const o = v.order;
        const method = s.methods.find((m) => m.method === o.method);
        let esim, esimError;
        try {
          esim = await service.esim(o);
        } catch {
          esimError =
            "The eSIM details could not be fetched from the provider right now; reload in a minute.";
        }
        return html(
          orderPage({
            settings: s,
            order: o,
            token: token!,
            method,
            pay: method
              ? payView(o, method, service.canSettle(o.method), service.settings.storeName)
              : undefined,
            esim,
            esimError,
          }),
          200,
          NO_STORE,
        );
      }),
    },
    // ---- JSON API ----
    {
      method: "POST",
      path: "/shop/api/orders",
      errors: NODE,
      handler: async (ctx) => {
        const body = await ctx.json();
        if (!body || typeof body !== "object" || Array.isArray(body)) {
          throw invalidInput("body", "Send a JSON object {offer_id, method}");
        }
        const v = await service.create(body as Record<string, unknown>);
        const o = v.order;
        const method = s.methods.find((m) => m.method === o.method)!;
        return ctx.send({
          order_id: o.order_id,
          status: o.state,
          price_usd: o.price_usd,
          pay: payView(o, method, service.canSettle(o.method), service.settings.storeName),
          expires_at: o.expires_at,
          status_token: service.token(o.order_id),
        }, { status: 201, headers: NO_STORE });
      },
    },
    {
      method: "GET",
      path: "/shop/api/orders/:id",
      errors: NODE,
      handler: async (ctx) => {
        const v = await service.find(ctx.params.id!, ctx.url.searchParams.get("token"));
        return ctx.send(await orderJson(service, v.order), { headers: NO_STORE });
      },
    },
    {
      method: "POST",
      path: "/shop/api/orders/:id/authorization",
      errors: NODE,
      handler: async (ctx) => {
        const v = await service.find(ctx.params.id!, ctx.url.searchParams.get("token"));
        const next = await service.authorize(v, await ctx.json(), verifyAuthorization);
        return ctx.send(await orderJson(service, next.order), { headers: NO_STORE });
      },
    },
  ];
}
