/**
 * Seller nodes for the conformance check tests, each a real `Deno.serve` on an ephemeral
 * loopback port: a reference node that follows the `esim.*@v1` contract exactly (listing,
 * signed quote and status answers, 400/404 refusals, x402 v2 terms on /order, CORS on the free
 * routes only), and variants that each break ONE rule. Written from the contract, not from
 * the checker: nothing here imports `rails/check/`.
 */
import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
import { canonicalBytes } from "../../src/crypto/canonical.ts";
import { canonicalSha256, toBase64 } from "../../src/crypto/hash.ts";
import { encodeBase64Json } from "../../src/x402/encoding.ts";
import { BASE, BASE_SEPOLIA } from "../../src/x402/constants.ts";
import { priceOffer } from "../../rails/pricing.ts";
import { SCHEMAS, validate } from "../../rails/schemas.ts";

/** The one rule a variant breaks (`none`: the conformant reference node). */
export type Breakage =
  | "none"
  | "invalid_listing"
  | "invalid_offer"
  | "unsorted"
  | "ties_by_data"
  | "ties_by_id"
  | "bad_signature"
  | "unbound_signature"
  | "wrong_key"
  | "crash_on_bad_input"
  | "not_found_code"
  | "price_unknown_offer"
  | "wrong_network"
  | "test_network"
  | "wrong_amount"
  | "wrong_pay_to"
  | "no_cors"
  | "demo"
  | "demo_first"
  | "payment_not_configured";

export const PRODUCT_ID = "esim-rails-reference";
export const PAY_TO = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
/** A fixed key, so golden output is stable. */
export const FIXED_SECRET = new Uint8Array(32).fill(7);

const GB = 1_000_000_000;

/** Plans at operator cost. US has ties: equal price with different data, and equal data. */
const PLANS: {
  id: string;
  name: string;
  countries: string[];
  data_bytes: number;
  days: number;
  cost: string;
  kind: string;
}[] = [
  {
    id: "us-1gb-7d",
    name: "US 1 GB",
    countries: ["US"],
    data_bytes: GB,
    days: 7,
    cost: "2.00",
    kind: "country",
  },
  {
    id: "us-3gb-15d",
    name: "US 3 GB 15 days",
    countries: ["US"],
    data_bytes: 3 * GB,
    days: 15,
    cost: "4.50",
    kind: "country",
  },
  {
    id: "us-3gb-10d",
    name: "US 3 GB 10 days",
    countries: ["US"],
    data_bytes: 3 * GB,
    days: 10,
    cost: "4.50",
    kind: "country",
  },
  {
    id: "us-5gb-30d",
    name: "US 5 GB",
    countries: ["US"],
    data_bytes: 5 * GB,
    days: 30,
    cost: "4.50",
    kind: "country",
  },
  {
    id: "na-2gb-7d",
    name: "North America 2 GB",
    countries: ["US", "CA", "MX"],
    data_bytes: 2 * GB,
    days: 7,
    cost: "4.50",
    kind: "region",
  },
  {
    id: "global-1gb-7d",
    name: "Global 1 GB",
    countries: ["US", "GB", "DE", "FR", "JP"],
    data_bytes: GB,
    days: 7,
    cost: "6.00",
    kind: "global",
  },
  {
    id: "gb-1gb-7d",
    name: "UK 1 GB",
    countries: ["GB"],
    data_bytes: GB,
    days: 7,
    cost: "1.50",
    kind: "country",
  },
];

const PRICING = { marginPct: 20, minMarginUsd: "0.50" };

interface Offer {
  offer_id: string;
  plan_id: string;
  name: string;
  countries: string[];
  kind: string;
  data_bytes: number;
  days: number;
  price_usd: string;
  currency: "USD";
}

function allOffers(): { offer: Offer; atomic: string }[] {
  return PLANS.map((p) => {
    const priced = priceOffer({ planId: p.id, costUsd: p.cost }, PRICING);
    return {
      atomic: priced.priceAtomic,
      offer: {
        offer_id: priced.offerId,
        plan_id: p.id,
        name: p.name,
        countries: p.countries,
        kind: p.kind,
        data_bytes: p.data_bytes,
        days: p.days,
        price_usd: priced.priceUsd,
        currency: "USD",
      },
    };
  });
}

/** Cheapest first; ties by data_bytes descending, then offer_id (DESIGN.md §7). */
function byContractOrder(a: Offer, b: Offer): number {
  const pa = Number(a.price_usd.replace(".", ""));
  const pb = Number(b.price_usd.replace(".", ""));
  if (pa !== pb) return pa - pb;
  if (a.data_bytes !== b.data_bytes) return b.data_bytes - a.data_bytes;
  return a.offer_id < b.offer_id ? -1 : a.offer_id > b.offer_id ? 1 : 0;
}

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

function failure(status: number, code: string, message: string, field?: string): Response {
  return json({ success: false, error: { code, message, ...(field ? { field } : {}) } }, status);
}

export interface FakeNode extends AsyncDisposable {
  url: string;
  /** Every request as `METHOD /path`. */
  requests: string[];
  /** Requests that carried a payment header (PAYMENT-SIGNATURE or X-PAYMENT). */
  paymentHeaders: number;
  close(): Promise<void>;
}

function listen(handler: (req: Request) => Promise<Response> | Response, onClose = () => {}) {
  const node = { requests: [] as string[], paymentHeaders: 0 };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    node.requests.push(`${req.method} ${new URL(req.url).pathname}`);
    if (req.headers.has("payment-signature") || req.headers.has("x-payment")) {
      node.paymentHeaders++;
    }
    return handler(req);
  });
  const url = `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`;
  let closed: Promise<void> | undefined;
  const close = () => closed ??= (onClose(), server.shutdown());
  return Object.assign(node, { url, close, [Symbol.asyncDispose]: close }) as FakeNode;
}

/** Raw edits for adversarial cases: what the node sends instead of the right thing. */
export interface Tamper {
  /** The listing body (any JSON, or a string sent as is). */
  listing?: (doc: Record<string, unknown>) => unknown;
  /** The decoded x402 terms before encoding. */
  terms?: (terms: Record<string, unknown>) => unknown;
  /** The `PAYMENT-REQUIRED` header value sent as is. */
  termsHeader?: string;
  /** The quote result before signing. */
  quoteResult?: (result: Record<string, unknown>) => unknown;
}

/** Starts the reference seller node, or a variant breaking one rule. */
export function startNode(breakage: Breakage = "none", tamper: Tamper = {}): FakeNode {
  const signer = new Ed25519Signer(FIXED_SECRET);
  const listed = breakage === "wrong_key" ? new Ed25519Signer(new Uint8Array(32).fill(9)) : signer;
  const offers = allOffers();
  const demo = breakage === "demo" || breakage === "demo_first";
  const cors: Record<string, string> = breakage === "no_cors"
    ? {}
    : { "access-control-allow-origin": "*" };
  let base = "";

  const listing = () => ({
    name: "Reference seller node",
    product_id: PRODUCT_ID,
    version: breakage === "invalid_listing" ? "1" : "1.0.0",
    demo,
    public_key: listed.publicJwk(),
    capabilities: [
      cap("esim.quote@v1", "POST", "/quote", "quote-input", "quote-result", "free"),
      cap("esim.status@v1", "POST", "/status", "status-input", "status-result", "free"),
      cap("esim.order@v1", "POST", "/order", "delivery", "delivery", { amount_usd: "from quote" }),
    ],
    order_url: `${base}/order`,
    x402: { scheme: "exact", network: BASE.network, asset: BASE.usdc, pay_to: PAY_TO },
  });
  const cap = (
    id: string,
    method: string,
    path: string,
    input: keyof typeof SCHEMAS,
    output: keyof typeof SCHEMAS,
    price: unknown,
  ) => ({
    capability_id: id,
    method,
    url: base + path,
    input_schema: id === "esim.order@v1"
      ? { $id: `${base}/order#input`, type: "object", required: ["offer_id"] }
      : SCHEMAS[input],
    result_schema: SCHEMAS[output],
    price,
  });

  const signed = (capabilityId: string, input: unknown, result: unknown): Response => {
    const message = breakage === "bad_signature" ? canonicalBytes(result) : canonicalBytes({
      capability_id: capabilityId,
      product_id: PRODUCT_ID,
      // unbound_signature: hashes only the country, not the whole request.
      input_sha256: canonicalSha256(
        breakage === "unbound_signature"
          ? { country: (input as { country: unknown }).country }
          : input,
      ),
      result,
    });
    return json({ success: true, result }, 200, {
      ...cors,
      "x-provider-signature": toBase64(signer.sign(message)),
    });
  };

  const badInput = (message: string, field: string): Response => {
    if (breakage === "crash_on_bad_input") {
      return json({ success: false, error: { code: "internal", message: "oops" } }, 500, cors);
    }
    const r = failure(400, "invalid_input", message, field);
    for (const [k, v] of Object.entries(cors)) r.headers.set(k, v);
    return r;
  };

  const readJson = async (req: Request): Promise<{ ok: true; value: unknown } | { ok: false }> => {
    try {
      return { ok: true, value: JSON.parse(await req.text()) };
    } catch {
      return { ok: false };
    }
  };

  const quote = async (req: Request): Promise<Response> => {
    const body = await readJson(req);
    if (!body.ok) return badInput("The body is not JSON", "body");
    const v = validate<{ country: string }>("quote-input", body.value);
    if (!v.ok) return badInput(v.message, v.field);
    const country = v.value.country.toUpperCase();
    const list = offers.map((o) => o.offer).filter((o) => o.countries.includes(country))
      .sort(byContractOrder);
    if (breakage === "unsorted") list.reverse();
    // US offers at 5.40: [1] 5 GB, [2] and [3] 3 GB (ordered by offer_id), [4] 2 GB.
    if (breakage === "ties_by_data") [list[1], list[2]] = [list[2]!, list[1]!];
    if (breakage === "ties_by_id") [list[2], list[3]] = [list[3]!, list[2]!];
    const shown: unknown[] = list.map((o) => ({ ...o }));
    if (breakage === "invalid_offer" && shown.length > 1) {
      shown[1] = { ...list[1], price_usd: Number(list[1]!.price_usd) };
    }
    const result = { country, offers: shown, quoted_at: new Date().toISOString() };
    return signed("esim.quote@v1", body.value, tamper.quoteResult?.(result) ?? result);
  };

  const status = async (req: Request): Promise<Response> => {
    const body = await readJson(req);
    if (!body.ok) return badInput("The body is not JSON", "body");
    const v = validate("status-input", body.value);
    if (!v.ok) return badInput(v.message, v.field);
    // This node has sold nothing: every order is unknown.
    const code = breakage === "not_found_code" ? "unknown_order" : "not_found";
    const r = failure(404, code, "No such order, or the token is wrong");
    for (const [k, v] of Object.entries(cors)) r.headers.set(k, v);
    return r;
  };

  const terms = (atomic: string, description: string) => ({
    x402Version: 2,
    error: "payment_required",
    resource: { url: `${base}/order`, description, mimeType: "application/json" },
    accepts: [{
      scheme: "exact",
      network: breakage === "wrong_network"
        ? "eip155:1"
        : breakage === "test_network"
        ? BASE_SEPOLIA.network
        : BASE.network,
      amount: atomic,
      asset: breakage === "test_network" ? BASE_SEPOLIA.usdc : BASE.usdc,
      payTo: breakage === "wrong_pay_to" ? "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" : PAY_TO,
      maxTimeoutSeconds: 300,
      extra: { name: "USD Coin", version: "2" },
    }],
  });
  const paymentRequired = (atomic: string, description: string): Response =>
    json(
      { success: false, error: { code: "payment_required", message: "Pay with x402" } },
      402,
      {
        "payment-required": tamper.termsHeader ??
          encodeBase64Json(
            tamper.terms ? tamper.terms(terms(atomic, description)) : terms(atomic, description),
          ),
        "cache-control": "no-store",
      },
    );

  const order = async (req: Request): Promise<Response> => {
    const body = await readJson(req);
    if (!body.ok) return failure(400, "invalid_input", "The body is not JSON", "body");
    if (breakage === "demo_first") {
      return failure(403, "demo_mode", "This node is in demo mode and sells nothing");
    }
    const offerId = (body.value as { offer_id?: unknown } | null)?.offer_id;
    if (typeof offerId !== "string" || offerId === "") {
      return failure(400, "invalid_input", "'offer_id' is required", "offer_id");
    }
    const found = offers.find((o) => o.offer.offer_id === offerId);
    if (!found) {
      if (breakage === "price_unknown_offer") return paymentRequired("1000000", "eSIM");
      return failure(400, "invalid_input", `Unknown offer '${offerId}'; quote again`, "offer_id");
    }
    if (demo) return failure(503, "demo_mode", "This node is in demo mode and sells nothing");
    if (breakage === "payment_not_configured") {
      return failure(503, "payment_not_configured", "Payments cannot be settled on this node");
    }
    const atomic = breakage === "wrong_amount"
      ? found.offer.price_usd.replace(".", "") // cents instead of 6 decimals
      : found.atomic;
    return paymentRequired(atomic, found.offer.name);
  };

  const preflight = (): Response => {
    if (breakage === "no_cors") {
      return new Response(null, { status: 405, headers: { allow: "POST" } });
    }
    return new Response(null, {
      status: 204,
      headers: {
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "POST, OPTIONS",
        "access-control-allow-headers": "Content-Type",
        "access-control-max-age": "600",
      },
    });
  };

  const node = listen(async (req) => {
    const path = new URL(req.url).pathname;
    const route = `${req.method} ${path}`;
    switch (route) {
      case "GET /listing.json": {
        const doc = tamper.listing ? tamper.listing(listing()) : listing();
        if (typeof doc === "string") return new Response(doc, { headers: cors });
        return json(doc, 200, cors);
      }
      case "POST /quote":
      case "POST /quote/invoke":
        return await quote(req);
      case "POST /status":
      case "POST /status/invoke":
        return await status(req);
      case "POST /order":
        return await order(req);
      case "OPTIONS /quote":
      case "OPTIONS /status":
        return preflight();
      case "GET /healthz":
        return json({ ok: true }, 200);
    }
    return failure(404, "not_found", `No route ${route}`);
  });
  base = node.url;
  return node;
}

/** A node that accepts connections and never answers (until closed). */
export function startSilentNode(): FakeNode {
  const waiting: (() => void)[] = [];
  return listen(
    () =>
      new Promise<Response>((resolve) =>
        waiting.push(() => resolve(new Response("late", { status: 503 })))
      ),
    () => waiting.splice(0).forEach((w) => w()),
  );
}

/** A loopback URL where nothing listens (a port just released). */
export function unreachableUrl(): string {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return `http://127.0.0.1:${port}`;
}
