/**
 * The seller node's routes (spec §4.3): free signed `POST /quote` (+ `/quote/invoke`),
 * `POST /status` (+ `/status/invoke`) and `GET /listing.json` with CORS, and `POST /order`
 * paid with x402 (no CORS). Errors use the node surface
 * `{"success":false,"error":{code,message,field?}}`.
 *
 * @example
 * ```ts ignore
 * const routes = sellerNodeRoutes(node, services.paywall);
 * ```
 */
import type { Ctx, Route } from "../http/types.ts";
import { ErrorCode, HttpError, invalidInput } from "../http/errors.ts";
import { canonicalJson } from "../crypto/canonical.ts";
import { sha256Hex, toBase64Url } from "../crypto/hash.ts";
import { issueReceipt } from "../crypto/receipt.ts";
import { ed25519Loaded, loadEd25519 } from "../crypto/ed25519_core.ts";
import { paymentsConfigured } from "../config/config.ts";
import {
  type PaywallDeps,
  readPayment,
  refuseFlooding,
  releasePayment,
  resourceUrl,
  verifyAndClaim,
  warmPayment,
} from "../x402/paywall.ts";
import { encodeBase64Json, PaymentPayloadError } from "../x402/encoding.ts";
import { paymentRequired, requirementsFor } from "../x402/terms.ts";
import { networkOf } from "../x402/networks.ts";
import { HEADER_PAYMENT_REQUIRED, HEADER_PAYMENT_RESPONSE } from "../x402/constants.ts";
import { settlementResponse, type SettleOutcome } from "../x402/settle.ts";
import type { PaymentRequirements } from "../x402/types.ts";
import type { Profile } from "../../rails/supplier/types.ts";
import { esimView } from "./esim_view.ts";
import { quoteOffers } from "../../rails/node/offers.ts";
import { SIGNATURE_HEADER } from "../../rails/node/signature_header.ts";
import { checkStatusToken, statusToken } from "../../rails/node/status_token.ts";
import {
  buildListing,
  CAPABILITY_ORDER,
  CAPABILITY_QUOTE,
  CAPABILITY_STATUS,
} from "../../rails/node/listing.ts";
import { isOpen, type OrderRecord, type OrderState } from "../../rails/node/order_state.ts";
import { QuoteCache, quoteKey } from "./quote_cache.ts";
import type { SellerNode } from "./seller_node.ts";
import type { AdvanceResult } from "./order_flow.ts";
import { SELLER_NODE_ROUTES } from "./route_table.ts";

// The input parsers bring the schema validator (ajv): loaded by the first request that needs
// them, not at start. Every request still validates; the first one waits for the load.
type Inputs = typeof import("../../rails/node/inputs.ts");
let inputs: Inputs | undefined;
async function loadInputs(): Promise<Inputs> {
  return inputs ??= await import("../../rails/node/inputs.ts");
}

// Answers and receipts are signed with the pure-JS Ed25519 (synchronous): its engine loads
// with the first answer to sign, not at start.
type FreeAnswers = typeof import("../../rails/node/free_answer.ts");
let freeAnswers: FreeAnswers | undefined;
async function loadFreeAnswers(): Promise<FreeAnswers> {
  return freeAnswers ??= await import("../../rails/node/free_answer.ts");
}

const SIGNATURE_HEADER_LC = SIGNATURE_HEADER.toLowerCase();
/** Open states whose next step is the settlement, its delivery or the cancel (no profile wait). */
const SETTLEMENT_STATES: ReadonlySet<OrderState> = new Set([
  "profile_ready",
  "settled",
  "settle_failed",
]);

export function sellerNodeRoutes(node: SellerNode, paywall: PaywallDeps): Route[] {
  const { config } = node;
  const signer = config.signer;
  const productId = config.productId;

  const signedResponse = async (capabilityId: string, inputCanonical: string, result: unknown) => {
    const { signFreeAnswer } = freeAnswers ?? await loadFreeAnswers();
    const { body, signature } = signFreeAnswer(signer, {
      capabilityId,
      productId,
      inputCanonical,
      result,
    });
    return { body, headers: { [SIGNATURE_HEADER_LC]: signature } };
  };

  // ---- quote ----
  // Keyed on the normalized question and bounded by bytes (src/node/quote_cache.ts): junk
  // fields in a body make no new entries.
  const quotes = new QuoteCache(config.node.quoteCacheBytes);
  node.quotes = quotes;
  const quote = async (ctx: Ctx): Promise<Response> => {
    const body = await ctx.json();
    const parsed = (inputs ?? await loadInputs()).parseQuoteInput(body);
    if (!parsed.ok) throw invalidInput(parsed.field, parsed.message);
    const key = quoteKey(parsed.value);
    const raw = JSON.stringify(body);
    const fresh = node.catalog?.peek();
    const hit = fresh && quotes.get(fresh, key);
    if (hit) {
      // The signature covers the input as sent: another spelling of the same question (extra
      // fields, other key order) gets the same result signed over its own input.
      if (hit.raw === raw) return ctx.sendJsonText(hit.body, { headers: hit.headers });
      const canon = canonicalJson(body);
      const answer = canon === hit.canon
        ? hit
        : await signedResponse(CAPABILITY_QUOTE, canon, hit.result);
      return ctx.sendJsonText(answer.body, { headers: answer.headers });
    }
    const canon = canonicalJson(body);
    const snap = await node.snapshot();
    const result = {
      country: parsed.value.country,
      offers: quoteOffers(snap.catalog, parsed.value),
      quoted_at: snap.quotedAt,
    };
    const answer = await signedResponse(CAPABILITY_QUOTE, canon, result);
    quotes.set(snap, key, { raw, canon, result, ...answer });
    return ctx.sendJsonText(answer.body, { headers: answer.headers });
  };

  // ---- status ----
  const status = async (ctx: Ctx): Promise<Response> => {
    const body = await ctx.json();
    const parsed = (inputs ?? await loadInputs()).parseStatusInput(body);
    if (!parsed.ok) throw invalidInput(parsed.field, parsed.message);
    const { orderId, token } = parsed.value;
    let entry = await node.orders.get(orderId);
    // The token is checked even for an unknown order: both answers look and take the same.
    const tokenOk = checkStatusToken(config.nodeSecret, orderId, token);
    if (!entry || !tokenOk) {
      throw new HttpError(404, ErrorCode.NotFound, "No order with this id and token");
    }
    // A buyer asking about an unfinished order nobody is working on (its settlement was still
    // pending when the background run ended, or a wait ran out) moves it on: the settlement
    // steps at once (a reconcile or a cancel, a few chain/supplier calls), a profile wait in the
    // background.
    if (isOpen(entry.record.state) && !node.flow.isRunning(orderId)) {
      if (SETTLEMENT_STATES.has(entry.record.state)) {
        const out = await node.flow.advance(orderId, { waitMs: 0 }).catch(() => null);
        if (out) entry = out.entry;
      } else {
        node.flow.continueLater(orderId);
      }
    }
    const r = entry.record;
    const result: Record<string, unknown> = {
      order_id: r.order_id,
      offer_id: r.offer_id,
      status: r.state,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
    if (r.state === "delivered" && r.profile_id) {
      const profile = await fetchProfile(node, r.profile_id);
      if (profile) result.esim = esimView(profile);
    }
    const answer = await signedResponse(CAPABILITY_STATUS, canonicalJson(body), result);
    return ctx.sendJsonText(answer.body, {
      headers: { ...answer.headers, "cache-control": "no-store" },
    });
  };

  // ---- listing ----
  const listing = buildListing({
    name: config.sellerName,
    productId,
    demo: config.demoMode,
    publicUrl: config.publicUrl,
    payTo: config.payment.payToEvm ?? null,
    publicKey: signer.publicJwk(),
    network: networkOf(config.payment.network),
  });

  // ---- order ----
  const order = async (ctx: Ctx): Promise<Response> => {
    const body = await ctx.json();
    const parsed = (inputs ?? await loadInputs()).parseOrderInput(body);
    if (!parsed.ok) throw invalidInput(parsed.field, parsed.message);
    const snap = await node.snapshot();
    const offer = snap.catalog.byId.get(parsed.value.offerId);
    if (!offer) {
      throw invalidInput(
        "offer_id",
        `Unknown offer '${parsed.value.offerId.slice(0, 200)}'; ask POST /quote for current offers`,
      );
    }
    if (config.demoMode) {
      throw new HttpError(
        503,
        ErrorCode.DemoMode,
        config.demoReason === "unconfigured"
          ? "This node runs in demo mode on the built-in demo catalog: quotes work, but it sells nothing until the operator configures SUPPLIER"
          : "This node runs in demo mode (DEMO_MODE=1): quotes work, but it sells nothing",
      );
    }
    if (!paymentsConfigured(config) || !paywall.payTo || !paywall.settler) {
      throw new HttpError(
        503,
        ErrorCode.PaymentNotConfigured,
        !config.payment.payToEvm
          ? "Payments are not configured on this node: the operator must set PAY_TO_EVM"
          : "Payments cannot be settled on this node: the operator must set FACILITATOR_URL, or FACILITATOR_KEY_FILE and RPC_URL",
      );
    }
    const url = resourceUrl(ctx.req, paywall.publicOrigin);
    const accepts: PaymentRequirements[] = [
      requirementsFor({
        amount: offer.price.priceAtomic,
        payTo: paywall.payTo,
        maxTimeoutSeconds: paywall.maxTimeoutSeconds,
        chain: paywall.chain,
      }),
    ];
    const description = `eSIM: ${offer.offer.name} (${offer.offer.price_usd} USD)`;
    const refuse402 = (
      code: string,
      message: string,
      extra: { reason?: string; field?: string; settlement?: SettleOutcome; order_id?: string } =
        {},
    ) => {
      const headers: Record<string, string> = {
        [HEADER_PAYMENT_REQUIRED]: encodeBase64Json(
          paymentRequired(
            { url, description },
            accepts,
            code === ErrorCode.PaymentRequired ? undefined : extra.reason ?? message,
          ),
        ),
      };
      if (extra.settlement) {
        headers[HEADER_PAYMENT_RESPONSE] = encodeBase64Json(settlementResponse(extra.settlement));
      }
      const details: Record<string, unknown> = {};
      if (extra.reason) details.reason = extra.reason;
      if (extra.order_id) details.order_id = extra.order_id;
      return new HttpError(402, code, message, { field: extra.field, headers, details });
    };

    let payment;
    try {
      payment = readPayment(ctx.req);
    } catch (e) {
      if (!(e instanceof PaymentPayloadError)) throw e;
      ctx.rateLimit(`ip:${ctx.clientIp}`);
      throw refuse402(ErrorCode.PaymentInvalid, e.message, { reason: e.reason, field: e.field });
    }
    if (payment === null) {
      warmPayment();
      throw refuse402(
        ErrorCode.PaymentRequired,
        `Pay ${offer.offer.price_usd} USD with x402: sign the terms in the PAYMENT-REQUIRED header and retry with PAYMENT-SIGNATURE`,
      );
    }
    refuseFlooding(payment, {
      ipRetryAfter: () => ctx.overLimit(`ip:${ctx.clientIp}`),
      knownPayers: paywall.knownPayers,
    });
    // A resent payment never collects: the order it paid for carries on (and answers /status).
    const v = await verifyAndClaim(payment, accepts, paywall, "order", { collectPending: false });
    if (!v.ok) {
      if (v.refusal.unavailable) {
        throw new HttpError(502, ErrorCode.UpstreamFailed, v.refusal.message);
      }
      // Not a payer (bad signature, or the chain's pre-check, run before any supplier order,
      // says it cannot pay): counted against the caller's address.
      if (v.refusal.code === ErrorCode.PaymentInvalid) ctx.rateLimit(`ip:${ctx.clientIp}`);
      throw refuse402(v.refusal.code, v.refusal.message, {
        reason: v.refusal.reason,
        field: v.refusal.field,
        settlement: v.refusal.settlement,
      });
    }
    const session = v.session;
    try {
      ctx.rateLimit(`payer:${session.payer}`);
    } catch (e) {
      await releasePayment(session, paywall);
      throw e;
    }

    // The order record: from here on the flow owns the payment's claim.
    const now = new Date((node.flow.deps.now ?? Date.now)()).toISOString();
    const record: OrderRecord = {
      order_id: "ord_" + toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
      state: "received",
      offer_id: offer.offer.offer_id,
      plan_id: offer.plan.id,
      offer_name: offer.offer.name,
      price_usd: offer.price.priceUsd,
      price_atomic: offer.price.priceAtomic,
      cost_usd: offer.plan.costUsd,
      created_at: now,
      updated_at: now,
      input_sha256: sha256Hex(canonicalJson(body)),
      payment: {
        payer: session.payer,
        raw: session.payment.raw,
        requirements: session.requirements as unknown as Record<string, unknown>,
      },
    };
    if (!(await node.orders.create(record))) {
      await releasePayment(session, paywall);
      throw new Error("order id collision");
    }
    const out = await node.flow.advance(record.order_id, {
      waitMs: config.node.orderWaitSeconds * 1000,
    });
    if (!out) throw new Error(`order ${record.order_id} vanished`);
    return await answerOrder(ctx, node, out, body, refuse402);
  };

  const handlers: Record<string, Route["handler"]> = {
    "POST /quote": quote,
    "POST /quote/invoke": quote,
    "POST /status": status,
    "POST /status/invoke": status,
    "GET /listing.json": (ctx) => ctx.send(listing),
    "POST /order": order,
  };
  return SELLER_NODE_ROUTES.map((shape) => ({
    ...shape,
    handler: handlers[`${shape.method} ${shape.path}`]!,
  }));
}

async function fetchProfile(node: SellerNode, profileId: string): Promise<Profile | undefined> {
  try {
    const list = await node.supplier().profiles({ profileId });
    return list[0];
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(
      503,
      ErrorCode.SupplierUnavailable,
      "The eSIM details cannot be fetched from the supplier right now; retry later",
      { cause: err },
    );
  }
}

/** Turns the end of an order run into the HTTP answer. */
async function answerOrder(
  ctx: Ctx,
  node: SellerNode,
  out: AdvanceResult,
  body: unknown,
  refuse402: (
    code: string,
    message: string,
    extra?: { reason?: string; settlement?: SettleOutcome; order_id?: string },
  ) => HttpError,
): Promise<Response> {
  const r = out.entry.record;
  const config = node.config;
  // Receipts are signed synchronously below.
  if (!ed25519Loaded()) await loadEd25519();
  const token = statusToken(config.nodeSecret, r.order_id);
  const requirements = r.payment.requirements as unknown as PaymentRequirements;
  const receiptFor = (result: unknown, transaction: string) =>
    issueReceipt(config.signer, {
      service: "order",
      capability_id: CAPABILITY_ORDER,
      input: body,
      result,
      payment: {
        scheme: requirements.scheme,
        network: requirements.network,
        asset: requirements.asset,
        amount: requirements.amount,
        payer: r.payment.payer,
        pay_to: requirements.payTo,
        transaction,
      },
    });
  switch (r.state) {
    case "delivered": {
      const profile = out.profile ??
        (r.profile_id ? await fetchProfile(node, r.profile_id) : undefined);
      const delivery: Record<string, unknown> = {
        order_id: r.order_id,
        offer_id: r.offer_id,
        status: "delivered",
        status_token: token,
      };
      if (profile) delivery.esim = esimView(profile);
      const transaction = r.payment.transaction ?? "";
      const headers: Record<string, string> = { "cache-control": "no-store" };
      headers[HEADER_PAYMENT_RESPONSE] = encodeBase64Json({
        success: true,
        transaction,
        network: requirements.network,
        payer: r.payment.payer,
      });
      return ctx.send({ ...delivery, receipt: receiptFor(delivery, transaction) }, { headers });
    }
    case "refused": {
      const e = r.error ?? { code: "supplier_unavailable", message: "", retryable: true };
      if (e.retryable) {
        throw new HttpError(
          503,
          ErrorCode.SupplierUnavailable,
          `The supplier could not take the order right now (${e.code}); nothing was charged, retry later`,
          { headers: { "retry-after": "30" }, details: { order_id: r.order_id } },
        );
      }
      throw new HttpError(
        409,
        e.code,
        `The supplier refused the order (${e.code}); nothing was charged` +
          (e.code === "price_changed" ? ". Ask POST /quote for the current offers" : ""),
        { details: { order_id: r.order_id } },
      );
    }
    case "settle_failed":
    case "cancelled":
      throw refuse402(
        ErrorCode.SettlementFailed,
        `The payment could not be settled (${
          out.settlement?.errorReason ?? "unknown"
        }); nothing was charged, the eSIM was cancelled and is withheld`,
        { reason: out.settlement?.errorReason, settlement: out.settlement, order_id: r.order_id },
      );
    default: {
      // Waiting for the eSIM (or a settlement to confirm): answer `pending` now, finish later.
      node.flow.continueLater(r.order_id);
      const delivery = {
        order_id: r.order_id,
        offer_id: r.offer_id,
        status: "pending",
        status_token: token,
      };
      return ctx.send({ ...delivery, receipt: receiptFor(delivery, "") }, {
        status: 202,
        headers: { "cache-control": "no-store" },
      });
    }
  }
}
