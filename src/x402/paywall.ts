/**
 * The paywall every paid `/x402/*` route goes through (DESIGN.md §2, §4):
 * `service.parse` (400, nothing charged) → no payment header: 402 with terms → verify (402
 * `payment_invalid` with the x402 reason) → the settler's pre-check of what the chain would do
 * with a payment not claimed before (402 `payment_invalid`, e.g. reason `insufficient_funds`,
 * counted against the caller's IP; 502 when it cannot be made) → claim `(from, nonce)` (402
 * `payment_replayed`) → `limitPayer` (429) → `service.run` → only a returned result is settled
 * (a thrown 400/502 releases the claim and passes through) → failed settlement: 402 with `PAYMENT-RESPONSE`
 * `success:false`, result withheld → 200 `{status:"ok", service, ...envelope}` with
 * `PAYMENT-RESPONSE` and, for envelope "result", a signed receipt.
 *
 * With no `PAY_TO_EVM` (or no way to settle) paid routes answer 503 `payment_not_configured`,
 * never a 402 with a made-up address. The lower-level pieces (`readPayment`, `verifyAndClaim`,
 * `settlePayment`, `releasePayment`) are exported for routes with their own envelope and
 * dynamic price (the seller node's `/order`).
 *
 * @example
 * ```ts ignore
 * import { handlePaid } from "./paywall.ts";
 * const res = await handlePaid(weatherService, await req.json(), req, {
 *   payTo: "0x…", settler, claims, signer, limitPayer: (p) => limiter.check(p),
 * });
 * ```
 */
import type { PaidService } from "../api/service.ts";
import { ErrorCode, HttpError } from "../http/errors.ts";
import type { Ed25519Signer } from "../crypto/ed25519.ts";
import { issueReceipt } from "../crypto/receipt.ts";
import type { Claim, ClaimRecord, ClaimStore } from "./claims.ts";
import { StoreUnavailableError } from "../store/types.ts";
import { HEADER_PAYMENT_REQUIRED, HEADER_PAYMENT_RESPONSE, type UsdcChain } from "./constants.ts";
import {
  encodeBase64Json,
  type ParsedPayment,
  parsePaymentHeader,
  PaymentPayloadError,
} from "./encoding.ts";
import {
  type SettleInput,
  settlementResponse,
  type SettleOutcome,
  type Settler,
} from "./settle.ts";
import {
  PAYMENT_REQUIRED_MESSAGE,
  paymentRequiredHeader,
  paymentRequiredResponse,
  requirementsFor,
  x402ErrorResponse,
} from "./terms.ts";
import { FixedAnswer } from "../http/fixed_answer.ts";
import { paymentHeaderOf } from "../http/payment_header.ts";
import type { PaymentRequirements } from "./types.ts";
// Verification brings secp256k1 and keccak (payers' checksummed addresses come with it): loaded
// by the first request that carries a payment, or started by a 402.
let verifier: typeof import("./verify.ts") | undefined;
async function loadVerifier(): Promise<typeof import("./verify.ts")> {
  return verifier ??= await import("./verify.ts");
}

/**
 * A 402 is usually followed by the same request with a payment: start loading verification
 * (secp256k1, small) so the payment does not wait for it. The in-process settler's chain client
 * (about 30 MB) still loads with the first payment, so a node that only answers 402s stays small.
 */
export function warmPayment(): void {
  if (!verifier) loadVerifier().catch(() => {});
}
import type { KnownPayers } from "./known_payers.ts";

export { requirementsFor };

/** What the paywall needs from the server. */
export interface PaywallDeps {
  /** `PAY_TO_EVM`; paid routes answer 503 without it. */
  payTo?: string;
  /** How payments are settled; paid routes answer 503 without it. */
  settler?: Settler;
  /** Replay claims (over the server's Deno KV). */
  claims: ClaimStore;
  /** Signs receipts. */
  signer: Ed25519Signer;
  /** Per-payer rate limit; throws `HttpError` 429 when over. */
  limitPayer?: (payer: string) => void | Promise<void>;
  /**
   * Rate limit for a request whose payment header is unreadable or does not verify (counted
   * against the caller's address, since no payer is proven); throws `HttpError` 429.
   */
  limitUnverified?: () => void | Promise<void>;
  /**
   * Seconds until the caller's address may retry when it is over its rate limit now, else
   * null. Over the limit, only payers in `knownPayers` reach verification; others get 429.
   */
  ipRetryAfter?: () => number | null;
  /** Payers that recently passed verification and the pre-check. */
  knownPayers?: KnownPayers;
  /** Clock (tests). */
  now?: () => Date;
  /** `maxTimeoutSeconds` offered in the terms. */
  maxTimeoutSeconds?: number;
  /** The chain whose USDC the terms ask for (`X402_NETWORK`; default Base mainnet). */
  chain?: UsdcChain;
  /** Public origin (e.g. "https://api.example") for `resource.url`; default: the request's. */
  publicOrigin?: string;
}

/** A verified payment holding its claim, between `verifyAndClaim` and settle/release. */
export interface PaidSession {
  payment: ParsedPayment;
  requirements: PaymentRequirements;
  /** Checksummed payer address. */
  payer: string;
  claim: Claim;
  input: SettleInput;
  /** Set when this request resumes a settlement that was pending and is now confirmed. */
  alreadyPaid?: SettleOutcome;
}

/** A refusal before the handler runs, as a 402 answer's parts. */
export interface PaymentRefusal {
  code: string;
  message: string;
  reason?: string;
  field?: string;
  settlement?: SettleOutcome;
  /** The pre-check could not be made (chain or facilitator unreachable): answer 502. */
  unavailable?: boolean;
}

/**
 * What the paywall takes from the HTTP kernel's request context (`Ctx` has all of it): the
 * caller's rate limits, the payment header the kernel already read, and fixed answers built
 * with the route's headers once.
 */
export interface PaywallCaller {
  readonly clientIp: string;
  /** The payment header as read by the kernel (null: none); undefined: not read yet. */
  readonly paymentHeader?: string | null;
  rateLimit(callerKey: string): void;
  overLimit(callerKey: string): number | null;
  sendFixed(answer: FixedAnswer): Response;
}

/** The public origin without trailing slashes (trimmed once, not per request). */
let trimmedFor: string | undefined;
let trimmed = "";

/** The resource URL a 402 describes: public origin + path (no query). */
export function resourceUrl(req: Request, publicOrigin?: string): string {
  // String slicing instead of `new URL()`: this runs on every unpaid request.
  const u = req.url;
  const q = u.indexOf("?");
  const noQuery = q === -1 ? u : u.slice(0, q);
  if (!publicOrigin) return noQuery;
  if (publicOrigin !== trimmedFor) {
    trimmed = publicOrigin.replace(/\/+$/, "");
    trimmedFor = publicOrigin;
  }
  const p = noQuery.indexOf("/", noQuery.indexOf("//") + 2);
  return trimmed + (p === -1 ? "/" : noQuery.slice(p));
}

/**
 * Reads the payment header: `PAYMENT-SIGNATURE` (v2) first, else `X-PAYMENT` (v1). Null when
 * there is none; throws `PaymentPayloadError` when there is one that cannot be read.
 */
export function readPayment(req: Request): ParsedPayment | null {
  const h = paymentHeaderOf(req);
  if (h === null) return null;
  return parsePaymentHeader(h);
}

/**
 * Verifies a payment against `accepts` and claims it. On success the caller must end the
 * session with `settlePayment` or `releasePayment`.
 *
 * A payment not claimed before is first checked against what the chain would do with it (the
 * settler's `preflight`, when it has one): a payer that cannot pay is refused `payment_invalid`
 * before any work, and before the claim is written (a flood of unfunded payments writes
 * nothing). A payment already claimed skips the check: it is a replay, or a pending settlement
 * collecting its result, whose authorization the chain may already show as used.
 *
 * A payment whose settlement was left pending may collect its result by being sent again, but
 * only to the service that claimed it (`service`), and only when `collectPending` is not false:
 * a route whose pending work carries on by itself (the seller node's `/order`) passes false, so
 * a resent payment can never start a second order on top of the first one.
 */
export async function verifyAndClaim(
  payment: ParsedPayment,
  accepts: PaymentRequirements[],
  deps: Pick<PaywallDeps, "claims" | "settler" | "now" | "knownPayers">,
  service: string,
  opts: { collectPending?: boolean } = {},
): Promise<{ ok: true; session: PaidSession } | { ok: false; refusal: PaymentRefusal }> {
  const nowMs = (deps.now?.() ?? new Date()).getTime();
  const a = payment.payload.authorization;
  const collectable = (r: ClaimRecord) =>
    r.state === "settling" && r.service === service && opts.collectPending !== false &&
    deps.settler !== undefined;
  const { checksumAddress, Reason, verifyPayment } = verifier ?? await loadVerifier();
  const v = verifyPayment(payment, accepts, { now: Math.floor(nowMs / 1000) });
  if (!v.ok) {
    // Expired since its settlement was sent? The same payment may still collect its result.
    if (v.reason === Reason.ValidBefore && deps.settler) {
      const held = await deps.claims.get(a.from, a.nonce);
      if (held && collectable(held.record)) {
        const again = verifyPayment(payment, accepts, {
          now: Math.floor(nowMs / 1000),
          skipWindow: true,
        });
        if (again.ok) {
          return await collectPending(held, { payment, requirements: again.requirements }, deps);
        }
      }
    }
    return {
      ok: false,
      refusal: { code: ErrorCode.PaymentInvalid, message: v.message, reason: v.reason },
    };
  }
  const input: SettleInput = { payment, requirements: v.requirements };
  const payer = checksumAddress(a.from);
  const preflight = deps.settler?.preflight;
  if (preflight && !(await deps.claims.get(a.from, a.nonce))) {
    const pre = await preflight.call(deps.settler, input);
    if (!pre.ok) {
      return {
        ok: false,
        refusal: pre.unavailable
          ? {
            code: ErrorCode.UpstreamFailed,
            message: "The payment facilitator is unreachable; nothing was charged, retry later",
            unavailable: true,
          }
          : { code: ErrorCode.PaymentInvalid, message: pre.message, reason: pre.reason },
      };
    }
  }
  deps.knownPayers?.add(payer);
  const c = await deps.claims.claim(
    { from: a.from, nonce: a.nonce, validBefore: a.validBefore, service },
    nowMs,
  );
  if (c.ok) {
    return {
      ok: true,
      session: { payment, requirements: v.requirements, payer, claim: c.claim, input },
    };
  }
  if (collectable(c.existing)) {
    const held: Claim = {
      key: deps.claims.keyOf(a.from, a.nonce),
      record: c.existing,
      versionstamp: c.versionstamp,
    };
    return await collectPending(held, input, deps);
  }
  return { ok: false, refusal: replayed() };
}

function replayed(): PaymentRefusal {
  return {
    code: ErrorCode.PaymentReplayed,
    message: "This payment authorization was already used; sign a new one with a fresh nonce",
  };
}

/**
 * A claim whose settlement was left pending: look at the settlement again; when it has landed,
 * exactly one request moves the claim to settled and is served (no second transfer is sent).
 */
async function collectPending(
  held: Claim,
  input: SettleInput,
  deps: Pick<PaywallDeps, "claims" | "settler">,
): Promise<{ ok: true; session: PaidSession } | { ok: false; refusal: PaymentRefusal }> {
  const outcome = await deps.settler!.reconcile(input, held.record.transaction).catch(() => null);
  if (outcome?.success) {
    const won = await deps.claims.transition(held, "settled", outcome.transaction);
    if (!won) return { ok: false, refusal: replayed() };
    return {
      ok: true,
      session: {
        payment: input.payment,
        requirements: input.requirements,
        // Reached only from verifyAndClaim, once verification is loaded.
        payer: verifier!.checksumAddress(input.payment.payload.authorization.from),
        claim: won,
        input,
        alreadyPaid: outcome,
      },
    };
  }
  return {
    ok: false,
    refusal: {
      code: ErrorCode.SettlementFailed,
      message: !outcome || outcome.pending
        ? "The settlement of this payment is still pending; retry with the same payment later"
        : "This payment's settlement failed; sign a new payment",
      reason: outcome?.errorReason ?? "settlement_pending",
      settlement: outcome ?? undefined,
    },
  };
}

/**
 * Releases a session's claim (nothing was charged: 400, 429, 502). A session collecting a
 * payment that is already on chain goes back to `settling` instead: the payment stays
 * collectable by the same header, never lost with no result served.
 */
export async function releasePayment(
  session: PaidSession,
  deps: Pick<PaywallDeps, "claims">,
): Promise<void> {
  if (session.alreadyPaid) {
    await deps.claims.transition(
      session.claim,
      "settling",
      session.alreadyPaid.transaction || undefined,
    );
    return;
  }
  await deps.claims.release(session.claim);
}

/**
 * Settles a session: paid → claim kept as settled; pending → claim kept as settling (result
 * withheld, the same payment may collect later); refused → claim released.
 */
export async function settlePayment(
  session: PaidSession,
  deps: Pick<PaywallDeps, "claims" | "settler">,
): Promise<SettleOutcome> {
  if (session.alreadyPaid) return session.alreadyPaid;
  if (!deps.settler) throw new Error("settlePayment() needs a settler");
  const outcome = await deps.settler.settle(session.input);
  if (outcome.success) {
    // The money moved: serve the answer even if the store was lost just now. The claim stays
    // `pending` then, which refuses replays all the same.
    await deps.claims.transition(session.claim, "settled", outcome.transaction).catch((err) => {
      if (!(err instanceof StoreUnavailableError)) throw err;
      console.error(`x402: settled ${outcome.transaction} but could not record it: ${err.message}`);
    });
  } else if (outcome.pending) {
    await deps.claims.transition(session.claim, "settling", outcome.transaction || undefined);
  } else {
    await deps.claims.release(session.claim);
  }
  return outcome;
}

/** A service's terms for one configuration, and its plain 402 answers per resource URL. */
interface ServiceTerms {
  payTo: string;
  maxTimeoutSeconds?: number;
  chain?: UsdcChain;
  priceUsd: string;
  accepts: PaymentRequirements[];
  plain: Map<string, FixedAnswer>;
  /** The last plain 402 answered, and its URL (a compare, where the map hashes the URL). */
  lastUrl?: string;
  last?: FixedAnswer;
}

/** Per service object: looked up without building a key string per request. */
const termsCache = new WeakMap<PaidService, ServiceTerms>();

function termsOf(
  service: PaidService,
  payTo: string,
  maxTimeoutSeconds?: number,
  chain?: UsdcChain,
): ServiceTerms {
  let t = termsCache.get(service);
  if (
    !t || t.payTo !== payTo || t.maxTimeoutSeconds !== maxTimeoutSeconds || t.chain !== chain ||
    t.priceUsd !== service.priceUsd
  ) {
    t = {
      payTo,
      maxTimeoutSeconds,
      chain,
      priceUsd: service.priceUsd,
      accepts: [requirementsFor({ priceUsd: service.priceUsd, payTo, maxTimeoutSeconds, chain })],
      plain: new Map(),
    };
    termsCache.set(service, t);
  }
  return t;
}

/** The plain 402 (no payment sent) for a service's terms and resource: built once. */
function plain402(service: PaidService, url: string, terms: ServiceTerms): FixedAnswer {
  if (url === terms.lastUrl) return terms.last!;
  let hit = terms.plain.get(url);
  if (!hit) {
    const header = paymentRequiredHeader({
      service: service.slug,
      url,
      description: service.description,
      accepts: terms.accepts,
    });
    const body = JSON.stringify({
      status: "error",
      service: service.slug,
      error: { code: ErrorCode.PaymentRequired, message: PAYMENT_REQUIRED_MESSAGE },
    });
    hit = new FixedAnswer(402, body, [
      ["Content-Type", "application/json; charset=utf-8"],
      ["Cache-Control", "no-store"],
      [HEADER_PAYMENT_REQUIRED, header],
    ]);
    if (terms.plain.size >= 1024) terms.plain.clear();
    terms.plain.set(url, hit);
  }
  terms.lastUrl = url;
  terms.last = hit;
  return hit;
}

/** The body of a paid 200 for a service's envelope. */
export function paidEnvelope(
  service: PaidService,
  result: unknown,
  receipt?: unknown,
): Record<string, unknown> {
  switch (service.envelope) {
    case "check":
      return { status: "ok", service: service.slug, check: result };
    case "verdict":
      return { status: "ok", service: service.slug, verdict: result };
    default:
      return {
        status: "ok",
        service: service.slug,
        capability_id: service.capabilityId,
        result,
        receipt,
      };
  }
}

/**
 * Runs one paid request end to end and answers it. Throws `HttpError` from `parse` (400),
 * `limitPayer` (429) and `run` (400/502) after releasing the claim; the server's error
 * middleware renders those.
 */
export function handlePaid(
  service: PaidService,
  body: unknown,
  req: Request,
  deps: PaywallDeps,
): Promise<Response> {
  // Not an `async` function: the plain 402 comes back already resolved, without the promise
  // steps of an `await` (measured: about 0.2 µs of a 12 µs answer).
  try {
    const out = answerPaid(service, body, req, deps);
    return out instanceof Promise ? out : Promise.resolve(out);
  } catch (err) {
    return Promise.reject(err);
  }
}

/**
 * `handlePaid` for the HTTP kernel: the rate limits are the caller's (`ctx`), and the plain 402
 * (no payment header, the usual answer) comes back synchronously, without a promise, built from
 * a template the kernel keeps per route. Throws (or rejects) as `handlePaid` does.
 */
export function answerPaid(
  service: PaidService,
  body: unknown,
  req: Request,
  deps: PaywallDeps,
  caller?: PaywallCaller,
): Response | Promise<Response> {
  const parsed = service.parse(body);
  if (service.prepare) {
    return Promise.resolve(service.prepare(parsed)).then((input) =>
      answerPrepared(service, body, input, req, deps, caller)
    );
  }
  return answerPrepared(service, body, parsed, req, deps, caller);
}

function answerPrepared(
  service: PaidService,
  body: unknown,
  input: unknown,
  req: Request,
  deps: PaywallDeps,
  caller: PaywallCaller | undefined,
): Response | Promise<Response> {
  if (!deps.payTo || !deps.settler) {
    return x402ErrorResponse(503, service.slug, {
      code: ErrorCode.PaymentNotConfigured,
      message: !deps.payTo
        ? "Payments are not configured on this server: the operator must set PAY_TO_EVM"
        : "Payments cannot be settled on this server: the operator must set FACILITATOR_URL, or FACILITATOR_KEY_FILE and RPC_URL",
    });
  }
  const url = resourceUrl(req, deps.publicOrigin);
  const terms = termsOf(service, deps.payTo, deps.maxTimeoutSeconds, deps.chain);
  const header = caller?.paymentHeader !== undefined ? caller.paymentHeader : paymentHeaderOf(req);
  if (header === null) {
    warmPayment();
    const answer = plain402(service, url, terms);
    return caller ? caller.sendFixed(answer) : answer.response();
  }
  return paidCall(
    service,
    body,
    input,
    req,
    caller ? withCaller(deps, caller) : deps,
    url,
    terms.accepts,
    header,
  );
}

/**
 * The caller's rate limits as paywall hooks, keyed as the kernel counts (`payer:<address>`,
 * `ip:<address>`). Made only for requests that carry a payment header.
 */
function withCaller(deps: PaywallDeps, caller: PaywallCaller): PaywallDeps {
  return {
    ...deps,
    limitPayer: (payer) => caller.rateLimit(`payer:${payer.toLowerCase()}`),
    limitUnverified: () => caller.rateLimit(`ip:${caller.clientIp}`),
    ipRetryAfter: () => caller.overLimit(`ip:${caller.clientIp}`),
  };
}

/** A request that carries a payment header: read, verify, claim, run, settle. */
async function paidCall(
  service: PaidService,
  body: unknown,
  input: unknown,
  req: Request,
  deps: PaywallDeps,
  url: string,
  accepts: PaymentRequirements[],
  header: string,
): Promise<Response> {
  const answer402 = (r: PaymentRefusal) =>
    paymentRequiredResponse({
      service: service.slug,
      url,
      description: service.description,
      accepts,
      code: r.code,
      message: r.message,
      reason: r.reason,
      field: r.field,
      settlement: r.settlement ? settlementResponse(r.settlement) : undefined,
    });

  let payment: ParsedPayment;
  try {
    payment = parsePaymentHeader(header);
  } catch (e) {
    if (!(e instanceof PaymentPayloadError)) throw e;
    await deps.limitUnverified?.();
    return answer402({
      code: ErrorCode.PaymentInvalid,
      message: e.message,
      reason: e.reason,
      field: e.field,
    });
  }
  refuseFlooding(payment, deps);

  const v = await verifyAndClaim(payment, accepts, deps, service.slug);
  if (!v.ok) {
    if (v.refusal.unavailable) {
      throw new HttpError(502, ErrorCode.UpstreamFailed, v.refusal.message);
    }
    // Not a payer (bad signature, or the chain's pre-check says it cannot pay): the caller's
    // address pays for the refusal, not a key made up for the occasion.
    if (v.refusal.code === ErrorCode.PaymentInvalid) await deps.limitUnverified?.();
    return answer402(v.refusal);
  }
  const session = v.session;

  let result: unknown;
  const now = deps.now?.() ?? new Date();
  try {
    await deps.limitPayer?.(session.payer);
    // The signal is read lazily: touching `req.signal` has a cost (and a warning) in Deno.serve.
    result = await service.run(input, {
      url,
      get signal() {
        return req.signal;
      },
      now,
    });
  } catch (e) {
    await releasePayment(session, deps);
    throw e;
  }

  const outcome = await settlePayment(session, deps);
  if (!outcome.success && !outcome.pending) {
    // Refused at settlement: counted against the caller's address too (the refusal stands;
    // over the limit, the next request gets the 429).
    await Promise.resolve(deps.limitUnverified?.()).catch(() => {});
  }
  if (!outcome.success) {
    return answer402({
      code: ErrorCode.SettlementFailed,
      message: outcome.pending
        ? "The payment was sent for settlement but is not confirmed yet; the result is withheld. Retry with the same payment to receive it once it confirms"
        : `The payment could not be settled (${
          outcome.errorReason ?? "unknown"
        }); nothing was charged and the result is withheld`,
      reason: outcome.errorReason,
      settlement: outcome,
    });
  }

  const receipt = service.envelope === "result"
    ? issueReceipt(deps.signer, {
      service: service.slug,
      capability_id: service.capabilityId ?? "",
      input: body,
      result,
      payment: {
        scheme: session.requirements.scheme,
        network: session.requirements.network,
        asset: session.requirements.asset,
        amount: session.requirements.amount,
        payer: session.payer,
        pay_to: session.requirements.payTo,
        transaction: outcome.transaction,
      },
      now,
    })
    : undefined;
  return new Response(JSON.stringify(paidEnvelope(service, result, receipt)), {
    status: 200,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      [HEADER_PAYMENT_RESPONSE]: encodeBase64Json(
        settlementResponse({ ...outcome, payer: session.payer }),
      ),
    },
  });
}

/**
 * An address over its rate limit gets 429 for a payment from a payer not known to pay, before
 * the signature is checked (the expensive part of a refusal); known payers go on to be limited
 * by their own quota.
 */
export function refuseFlooding(
  payment: ParsedPayment,
  deps: Pick<PaywallDeps, "ipRetryAfter" | "knownPayers">,
): void {
  // Without a record of payers, nobody can be told apart: the early refusal is off.
  if (!deps.knownPayers) return;
  const wait = deps.ipRetryAfter?.();
  if (!wait || deps.knownPayers.has(payment.payload.authorization.from)) return;
  throw new HttpError(429, ErrorCode.RateLimited, `Too many requests; retry in ${wait} s`, {
    headers: { "retry-after": String(wait) },
  });
}

/** Renders an `HttpError` in the x402 API shape (for servers/tests without the shared middleware). */
export function x402HttpErrorResponse(service: string, e: HttpError): Response {
  return x402ErrorResponse(e.status, service, {
    code: e.code,
    message: e.message,
    ...(e.field ? { field: e.field } : {}),
    ...(e.details ?? {}),
  }, e.headers);
}

/** The claim store of a node's store (either backend). */
export function claimStore(store: { claims: ClaimStore }): ClaimStore {
  return store.claims;
}
