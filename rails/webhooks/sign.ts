/**
 * Webhook signatures (spec: eSIM rails §5, §6, §8). A delivery is a POST with
 * `Content-Type: application/json`, `X-Kit-Event` (the event type), `X-Kit-Timestamp`
 * (milliseconds since the epoch) and `X-Kit-Signature: v1=<hex>`, the HMAC-SHA256 keyed with
 * the shared secret over `timestamp + "." + raw body`. A receiver refuses a wrong signature or
 * a timestamp five minutes or more (≥ 300000 ms) from its clock: note the edge differs from
 * supplier requests, where exactly 300000 ms is still fresh. Web-standard only.
 *
 * @example
 * ```ts
 * import { WebhookSigner, WebhookVerifier } from "./sign.ts";
 * const secret = "a shared secret of 16+ chars";
 * const body = JSON.stringify({ id: "evt_1", type: "order.created", created_at: "2026-01-01T00:00:00Z", data: {} });
 * const headers = new WebhookSigner(secret).sign("order.created", body, 1_700_000_000_000);
 * new WebhookVerifier(secret).verify({
 *   timestamp: headers["X-Kit-Timestamp"], signature: headers["X-Kit-Signature"], body,
 * }, 1_700_000_000_000); // { ok: true }
 * ```
 */
import {
  MIN_SECRET_LENGTH,
  SIGNATURE_WINDOW_MS,
  signV1,
  timestampProblem,
  verifyV1,
} from "../hmac.ts";

import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from "../supplier/http_signature.ts";

export const EVENT_HEADER = "X-Kit-Event";

/** The tolerance of webhook timestamps (spec §8): refused at this distance or more. */
export const WEBHOOK_TOLERANCE_MS = SIGNATURE_WINDOW_MS;

/** Headers of one signed delivery. */
export interface WebhookHeaders {
  "Content-Type": "application/json";
  "X-Kit-Event": string;
  "X-Kit-Timestamp": string;
  "X-Kit-Signature": string;
}

const encoder = new TextEncoder();

function checkSecret(secret: string): void {
  if (typeof secret !== "string" || secret.length < MIN_SECRET_LENGTH) {
    throw new RangeError(
      `The webhook secret must have ${MIN_SECRET_LENGTH} or more characters`,
    );
  }
}

/**
 * The exact bytes that are signed: `${timestamp}.` followed by the raw body. Exported so
 * receivers in other languages can check their implementation against it.
 *
 * @example
 * ```ts
 * import { webhookSigningBytes } from "./sign.ts";
 * new TextDecoder().decode(webhookSigningBytes("1700000000000", "{}")); // "1700000000000.{}"
 * ```
 */
export function webhookSigningBytes(timestamp: string, body: string | Uint8Array): Uint8Array {
  const head = encoder.encode(`${timestamp}.`);
  const raw = typeof body === "string" ? encoder.encode(body) : body;
  const out = new Uint8Array(head.length + raw.length);
  out.set(head, 0);
  out.set(raw, head.length);
  return out;
}

/** Signs deliveries with one shared secret (16 or more characters, checked here). */
export class WebhookSigner {
  readonly #secret: string;

  /** Throws `RangeError` when `secret` is shorter than 16 characters. */
  constructor(secret: string) {
    checkSecret(secret);
    this.#secret = secret;
  }

  /**
   * The headers for POSTing `body` (the exact bytes that will be sent) as an event of `type`.
   *
   * @example
   * ```ts
   * import { WebhookSigner } from "./sign.ts";
   * const h = new WebhookSigner("0123456789abcdef").sign("order.created", "{}", 1000);
   * h["X-Kit-Signature"]; // "v1=<64 hex digits>"
   * ```
   */
  sign(type: string, body: string | Uint8Array, nowMs: number = Date.now()): WebhookHeaders {
    const timestamp = String(Math.floor(nowMs));
    return {
      "Content-Type": "application/json",
      [EVENT_HEADER]: type,
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signV1(this.#secret, webhookSigningBytes(timestamp, body)),
    } as WebhookHeaders;
  }

  /** Never reveal the secret through logging or JSON. */
  toJSON(): string {
    return "[WebhookSigner]";
  }
}

export type WebhookRefusal = "missing" | "malformed" | "stale" | "bad_signature";

export type WebhookVerifyResult = { ok: true } | { ok: false; reason: WebhookRefusal };

/** What a receiver got: header values (possibly absent) and the raw body. */
export interface ReceivedDelivery {
  timestamp: string | null | undefined;
  signature: string | null | undefined;
  body: string | Uint8Array;
}

/** Verifies deliveries for receivers. */
export class WebhookVerifier {
  readonly #secret: string;
  readonly #toleranceMs: number;

  /** Throws `RangeError` when `secret` is shorter than 16 characters. */
  constructor(secret: string, options: { toleranceMs?: number } = {}) {
    checkSecret(secret);
    this.#secret = secret;
    this.#toleranceMs = options.toleranceMs ?? WEBHOOK_TOLERANCE_MS;
  }

  /**
   * `{ok: true}` when both headers are present, the timestamp is less than five minutes
   * from `nowMs` (either direction) and the signature matches in constant time.
   *
   * @example
   * ```ts
   * import { WebhookSigner, WebhookVerifier } from "./sign.ts";
   * const s = "0123456789abcdef";
   * const h = new WebhookSigner(s).sign("order.created", "{}", 0);
   * const v = new WebhookVerifier(s);
   * v.verify({ timestamp: h["X-Kit-Timestamp"], signature: h["X-Kit-Signature"], body: "{}" }, 299_999); // { ok: true }
   * v.verify({ timestamp: h["X-Kit-Timestamp"], signature: h["X-Kit-Signature"], body: "{}" }, 300_000); // stale
   * ```
   */
  verify(delivery: ReceivedDelivery, nowMs: number = Date.now()): WebhookVerifyResult {
    if (!delivery.signature) return { ok: false, reason: "missing" };
    const problem = timestampProblem(delivery.timestamp, nowMs, this.#toleranceMs, "refuse");
    if (problem) return { ok: false, reason: problem };
    const message = webhookSigningBytes(delivery.timestamp!, delivery.body);
    return verifyV1(this.#secret, message, delivery.signature)
      ? { ok: true }
      : { ok: false, reason: "bad_signature" };
  }

  toJSON(): string {
    return "[WebhookVerifier]";
  }
}
