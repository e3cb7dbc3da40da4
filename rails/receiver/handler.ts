/**
 * The reference HTTP supplier receiver (spec §4.1): the operator side of the contract, as a
 * Web-standard fetch handler `(req: Request) => Promise<Response>` over a `ReceiverStore`.
 * It is what `esim-rails supplier` serves and the model an operator copies.
 *
 * Order of work for every request: signature headers present, the signature shaped
 * `v1=<64 hex>` and the timestamp within 300000 ms (else 401) → body read up to `maxBodyBytes`
 * within `bodyTimeoutMs` (else 413, 408) → HMAC checked (else 401) → route
 * (404 unknown path, 405 wrong method with `Allow`) → input validated (400 naming the field).
 * Errors: `{"success":false,"error":{"code","message","field"?}}` (DESIGN.md §2).
 *
 * Routes: GET /catalog · POST /orders (idempotent by `transaction_id`; 409 `price_changed`
 * with `error.cost_usd` = the current cost; 409 `conflict` when the `transaction_id` was used
 * for another plan; 404 `not_found` for an unknown plan) · GET /profiles?order_ref= |
 * ?profile_id= (empty until `profileDelayMs` after the order; 404 for an unknown reference) ·
 * POST /profiles/{id}/cancel (unused only, else 409 `conflict`; cancelling twice is fine) ·
 * GET /balance (404 when none) · POST /_sim/profiles/{id}/install (simulation, not part of the
 * contract: marks a profile installed, as a customer's phone would).
 *
 * @example
 * ```ts
 * import { createSupplierReceiver } from "./handler.ts";
 * import { MemoryReceiverStore } from "./store.ts";
 * import { DEMO_CATALOG } from "./demo_catalog.ts";
 * const handler = createSupplierReceiver({
 *   secret: "a shared secret of 16+", store: new MemoryReceiverStore(), catalog: DEMO_CATALOG,
 * });
 * // Deno.serve(handler)  or any server that speaks Request/Response
 * ```
 */
import type { Plan, Profile } from "../supplier/types.ts";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyRequest } from "../supplier/http_signature.ts";
import {
  hasV1Signature,
  MIN_SECRET_LENGTH,
  SIGNATURE_WINDOW_MS,
  timestampProblem,
} from "../hmac.ts";
import { planToWire, profileToWire } from "../supplier/wire.ts";
import { costMicros } from "../pricing.ts";
import type { ReceiverStore, StoredProfile } from "./store.ts";
import { toBase64Url } from "../../src/crypto/hash.ts";
import { BodyTimeoutError, BodyTooLargeError, readBodyLimited } from "../http/read_body.ts";

export interface ReceiverOptions {
  /** The shared secret (16 or more characters). */
  secret: string;
  store: ReceiverStore;
  catalog: readonly Plan[];
  /** How long a new order's profile is "being made" (default 2000 ms). */
  profileDelayMs?: number;
  /** The balance `GET /balance` reports; `null`/absent: 404 (no balance to watch). */
  balanceUsd?: number | null;
  /** SM-DP+ host in activation codes (default `smdp.esim-rails.test`). */
  smdpHost?: string;
  /** Body size limit in bytes (default 65536). */
  maxBodyBytes?: number;
  /** Time allowed for the body to arrive (408 after it); default: no limit. */
  bodyTimeoutMs?: number;
  /** Clock (default `Date.now`). */
  now?: () => number;
  /** Called with unexpected errors (never with secrets); default `console.error`. */
  onError?: (err: unknown) => void;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const invalid = (field: string, message: string) =>
  new Refusal(400, "invalid_input", message, field);

const ID = /^[\x21-\x7e]{1,200}$/; // printable ASCII without spaces

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });
}

function refusalResponse(r: Refusal): Response {
  const error: Record<string, unknown> = { code: r.code, message: r.message, ...r.extra };
  if (r.field) error.field = r.field;
  return json(r.status, { success: false, error }, r.headers);
}

async function readBody(req: Request, limit: number, timeoutMs?: number): Promise<Uint8Array> {
  try {
    return await readBodyLimited(req, limit, timeoutMs);
  } catch (err) {
    if (err instanceof BodyTooLargeError) {
      throw new Refusal(413, "payload_too_large", `The body is over the ${limit}-byte limit`);
    }
    if (err instanceof BodyTimeoutError) {
      throw new Refusal(
        408,
        "invalid_input",
        `The body did not arrive within ${timeoutMs} ms`,
        "body",
        {},
        {
          connection: "close",
        },
      );
    }
    throw new Refusal(400, "invalid_input", "The request body could not be read", "body");
  }
}

function parseJsonObject(raw: Uint8Array, allowEmpty: boolean): Record<string, unknown> {
  if (raw.length === 0) {
    if (allowEmpty) return {};
    throw invalid("body", "Send a JSON object body");
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
  } catch {
    throw invalid("body", "The body is not valid JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalid("body", "The body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

function idField(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  if (v === undefined || v === null || v === "") throw invalid(name, `'${name}' is required`);
  if (typeof v !== "string" || !ID.test(v)) {
    throw invalid(name, `'${name}' must be a string of 1-200 printable characters without spaces`);
  }
  return v;
}

function randomId(prefix: string): string {
  return prefix + toBase64Url(crypto.getRandomValues(new Uint8Array(12)));
}

/** A 19-digit test ICCID (prefix 8999) with its Luhn check digit. */
function demoIccid(): string {
  const r = crypto.getRandomValues(new Uint8Array(14));
  const body = "8999" + Array.from(r, (b) => String(b % 10)).join("");
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

function matchingId(): string {
  const A = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const r = crypto.getRandomValues(new Uint8Array(16));
  const s = Array.from(r, (b) => A[b % A.length]).join("");
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8, 12)}-${s.slice(12)}`;
}

/**
 * Builds the fetch handler of the reference receiver.
 */
export function createSupplierReceiver(
  options: ReceiverOptions,
): (req: Request) => Promise<Response> {
  if (typeof options.secret !== "string" || options.secret.length < MIN_SECRET_LENGTH) {
    throw new TypeError(`The supplier secret must have ${MIN_SECRET_LENGTH} or more characters`);
  }
  const secret = options.secret;
  const store = options.store;
  const delay = options.profileDelayMs ?? 2000;
  const balance = options.balanceUsd ?? null;
  const smdp = options.smdpHost ?? "smdp.esim-rails.test";
  const limit = options.maxBodyBytes ?? 65_536;
  const bodyTimeoutMs = options.bodyTimeoutMs;
  const now = options.now ?? Date.now;
  const onError = options.onError ?? ((err: unknown) => console.error(err));
  const plans = new Map(options.catalog.map((p) => [p.id, p]));
  const catalogBody = JSON.stringify({ plans: options.catalog.map(planToWire) });

  function makeProfile(orderRef: string, plan: Plan, createdAt: number): StoredProfile {
    const activationCode = `LPA:1$${smdp}$${matchingId()}`;
    const profile: Profile = {
      profileId: randomId("prf_"),
      orderRef,
      activationCode,
      iccid: demoIccid(),
      installUrl: "https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=" +
        encodeURIComponent(activationCode),
      apn: "internet",
      state: "released",
      installed: false,
      activated: false,
      dataUsedBytes: 0,
      dataTotalBytes: plan.dataBytes,
    };
    if (plan.unusedValidDays !== undefined) {
      profile.expires = new Date(createdAt + plan.unusedValidDays * 86_400_000).toISOString();
    }
    return { profile, readyAt: createdAt + delay };
  }

  async function postOrder(raw: Uint8Array): Promise<Response> {
    const body = parseJsonObject(raw, false);
    const transactionId = idField(body, "transaction_id");
    const planId = idField(body, "plan_id");
    const cost = body.cost_usd;
    if (cost === undefined || cost === null) throw invalid("cost_usd", "'cost_usd' is required");
    if (typeof cost !== "number" || !Number.isFinite(cost) || cost < 0) {
      throw invalid("cost_usd", "'cost_usd' must be a non-negative number");
    }
    const existing = await store.getOrder(transactionId);
    if (existing) return answerExisting(existing.planId, planId, existing.orderRef);
    const plan = plans.get(planId);
    if (!plan) throw new Refusal(404, "not_found", `No plan '${planId}'`, "plan_id");
    if (costMicros(cost) !== costMicros(plan.costUsd)) {
      throw new Refusal(
        409,
        "price_changed",
        `The cost of plan '${planId}' is ${plan.costUsd} USD, not ${cost}`,
        "cost_usd",
        { cost_usd: plan.costUsd },
      );
    }
    const createdAt = now();
    const orderRef = randomId("ord_");
    const profile = makeProfile(orderRef, plan, createdAt);
    const res = await store.createOrder({
      transactionId,
      orderRef,
      planId,
      costUsd: plan.costUsd,
      createdAt,
      profileIds: [profile.profile.profileId],
    }, [profile]);
    return answerExisting(res.order.planId, planId, res.order.orderRef);
  }

  function answerExisting(storedPlan: string, askedPlan: string, orderRef: string): Response {
    if (storedPlan !== askedPlan) {
      throw new Refusal(
        409,
        "conflict",
        `transaction_id was already used for plan '${storedPlan}'`,
        "transaction_id",
      );
    }
    return json(200, { order_ref: orderRef });
  }

  async function getProfiles(url: URL): Promise<Response> {
    const ref = url.searchParams.get("order_ref");
    const pid = url.searchParams.get("profile_id");
    if (ref !== null && pid !== null) {
      throw invalid("profile_id", "Send either order_ref or profile_id, not both");
    }
    if (ref === null && pid === null) {
      throw invalid("order_ref", "Send order_ref or profile_id in the query string");
    }
    const name = ref !== null ? "order_ref" : "profile_id";
    const value = (ref ?? pid)!;
    if (!ID.test(value)) {
      throw invalid(name, `'${name}' must be 1-200 printable characters without spaces`);
    }
    let records: StoredProfile[];
    if (ref !== null) {
      const order = await store.getOrderByRef(value);
      if (!order) throw new Refusal(404, "not_found", `No order '${value}'`, name);
      records = (await Promise.all(order.profileIds.map((id) => store.getProfile(id))))
        .filter((p): p is StoredProfile => p !== null);
    } else {
      const p = await store.getProfile(value);
      if (!p) throw new Refusal(404, "not_found", `No profile '${value}'`, name);
      records = [p];
    }
    const t = now();
    const ready = records.filter((r) => r.readyAt <= t).map((r) => profileToWire(r.profile));
    return json(200, { profiles: ready });
  }

  async function cancel(profileId: string, raw: Uint8Array): Promise<Response> {
    parseJsonObject(raw, true);
    let conflict = false;
    const rec = await store.updateProfile(profileId, (cur) => {
      conflict = false;
      if (cur.profile.state === "cancelled") return null;
      if (cur.profile.installed || cur.profile.activated) {
        conflict = true;
        return null;
      }
      cur.profile.state = "cancelled";
      return cur;
    });
    if (!rec) throw new Refusal(404, "not_found", `No profile '${profileId}'`, "profile_id");
    if (conflict) {
      throw new Refusal(
        409,
        "conflict",
        `Profile '${profileId}' has been installed; only unused profiles can be cancelled`,
        "profile_id",
      );
    }
    return json(200, { cancelled: true });
  }

  async function simulateInstall(profileId: string, raw: Uint8Array): Promise<Response> {
    parseJsonObject(raw, true);
    let conflict = false;
    const rec = await store.updateProfile(profileId, (cur) => {
      conflict = cur.profile.state === "cancelled";
      if (conflict) return null;
      cur.profile.installed = true;
      cur.profile.state = "installed";
      return cur;
    });
    if (!rec) throw new Refusal(404, "not_found", `No profile '${profileId}'`, "profile_id");
    if (conflict) {
      throw new Refusal(409, "conflict", `Profile '${profileId}' is cancelled`, "profile_id");
    }
    return json(200, { installed: true });
  }

  function method(req: Request, allowed: string): void {
    if (req.method !== allowed) {
      throw new Refusal(405, "method_not_allowed", `Use ${allowed}`, undefined, {}, {
        Allow: allowed,
      });
    }
  }

  function profileIdFrom(segment: string): string {
    let id: string;
    try {
      id = decodeURIComponent(segment);
    } catch {
      throw invalid("profile_id", "The profile id in the path is not valid percent-encoding");
    }
    if (!ID.test(id)) {
      throw invalid("profile_id", "'profile_id' must be 1-200 printable characters");
    }
    return id;
  }

  async function route(req: Request, url: URL, raw: Uint8Array): Promise<Response> {
    const path = url.pathname;
    switch (path) {
      case "/catalog":
        method(req, "GET");
        return new Response(catalogBody, {
          headers: { "Content-Type": "application/json; charset=utf-8" },
        });
      case "/orders":
        method(req, "POST");
        return await postOrder(raw);
      case "/profiles":
        method(req, "GET");
        return await getProfiles(url);
      case "/balance":
        method(req, "GET");
        if (balance === null) {
          throw new Refusal(404, "not_found", "There is no balance to watch");
        }
        return json(200, { usd: balance });
    }
    const m = /^\/(_sim\/)?profiles\/([^/]+)\/(cancel|install)$/.exec(path);
    if (m && (m[1] === undefined) === (m[3] === "cancel")) {
      method(req, "POST");
      const id = profileIdFrom(m[2]!);
      return m[3] === "cancel" ? await cancel(id, raw) : await simulateInstall(id, raw);
    }
    throw new Refusal(404, "not_found", `No route ${path}`);
  }

  return async function supplierReceiver(req: Request): Promise<Response> {
    try {
      const ts = req.headers.get(TIMESTAMP_HEADER);
      const sig = req.headers.get(SIGNATURE_HEADER);
      if (!ts || !sig) {
        throw new Refusal(
          401,
          "unauthorized",
          `Sign the request: ${TIMESTAMP_HEADER} and ${SIGNATURE_HEADER} are required`,
        );
      }
      const t = now();
      const problem = timestampProblem(ts, t, SIGNATURE_WINDOW_MS);
      if (problem) {
        throw new Refusal(
          401,
          "unauthorized",
          problem === "stale"
            ? `${TIMESTAMP_HEADER} is more than ${SIGNATURE_WINDOW_MS} ms away from this clock`
            : `${TIMESTAMP_HEADER} must be milliseconds since the Unix epoch`,
        );
      }
      // The HMAC covers the body, so it can only be checked once the body is read: everything
      // that can be refused without the body is refused first, and the body read is bounded.
      if (!hasV1Signature(sig)) {
        throw new Refusal(
          401,
          "unauthorized",
          `${SIGNATURE_HEADER} must carry v1=<64 hex digits>`,
        );
      }
      const raw = await readBody(req, limit, bodyTimeoutMs);
      const url = new URL(req.url);
      const verdict = verifyRequest(secret, {
        method: req.method,
        pathWithQuery: url.pathname + url.search,
        body: raw,
        timestamp: ts,
        signature: sig,
      }, t);
      if (!verdict.ok) {
        throw new Refusal(401, "unauthorized", "The request signature does not match");
      }
      return await route(req, url, raw);
    } catch (err) {
      if (err instanceof Refusal) return refusalResponse(err);
      onError(err);
      return json(500, {
        success: false,
        error: { code: "internal_error", message: "The supplier failed; try again later" },
      });
    }
  };
}
