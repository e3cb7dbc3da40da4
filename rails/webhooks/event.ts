/**
 * Webhook events (spec: eSIM rails §2.4, §6): `{id, type, created_at, data}` with a unique id
 * receivers de-duplicate by. Every event passes through `scrubEventData`, which guarantees
 * that no activation code, QR link, LPA string, order/status token or secret-looking field is
 * ever part of one (§6 rule 2). Web-standard only: runs on Deno and Node 20+.
 *
 * @example
 * ```ts
 * import { createEvent, EVENT_TYPES } from "./event.ts";
 * const event = createEvent(EVENT_TYPES.AGENT_ORDER_DELIVERED, {
 *   order_id: "ord_1", status: "delivered", activation_code: "LPA:1$smdp.example$X",
 * });
 * event.id; // "evt_..." (unique)
 * "activation_code" in event.data; // false: dropped by the scrubber
 * ```
 */

/** The event kinds of spec §6, as constants shared by code, docs and tests. */
export const EVENT_TYPES = {
  ORDER_CREATED: "order.created",
  ORDER_DELIVERED: "order.delivered",
  ORDER_REFUND_DUE: "order.refund_due",
  ORDER_UNDERPAID: "order.underpaid",
  ORDER_EXPIRED: "order.expired",
  ORDER_AWAITING_PAYMENT: "order.awaiting_payment",
  AGENT_ORDER_DELIVERED: "agent_order.delivered",
  AGENT_ORDER_CANCELLED: "agent_order.cancelled",
} as const;

export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

/** Every known event type, in spec order. */
export const ALL_EVENT_TYPES: readonly EventType[] = Object.values(EVENT_TYPES);

/** Types are `kind.action` in lowercase snake_case (the wire schema's pattern). */
const TYPE_PATTERN = /^[a-z_]+\.[a-z_]+$/;
const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The body of a webhook POST (spec §2.4). */
export interface WebhookEvent<D extends Record<string, unknown> = Record<string, unknown>> {
  id: string;
  type: string;
  /** ISO 8601 UTC. */
  created_at: string;
  data: D;
}

/** `data` of an order event, as in the spec §2.4 sample. Every field is optional. */
export interface OrderEventData {
  order_id?: string;
  status?: string;
  offer_id?: string;
  offer_name?: string;
  /** Decimal string with 2 decimals, e.g. `"4.50"`. */
  price_usd?: string;
  cost_usd?: number;
  /** The payment method, e.g. `"x402"`. */
  method?: string;
  payment?: { ref?: string; payer?: string; units?: string };
  esim_tran_no?: string;
  /** `null` when there is none. */
  error?: string | null;
  /** ISO 8601 UTC: when the order was created. */
  created_at?: string;
  [key: string]: unknown;
}

/**
 * What the seller node and storefront depend on to emit events. `emit` stores the event
 * durably (or does nothing when webhooks are off) and never throws for delivery problems.
 */
export interface WebhookEmitter {
  emit(event: WebhookEvent): Promise<unknown>;
}

/** The emitter used when no `WEBHOOK_URL` is configured: events are off. */
export const NO_WEBHOOKS: WebhookEmitter = { emit: () => Promise.resolve() };

/**
 * Keys never allowed in an event, compared after lowercasing and removing `_`/`-`. Anything
 * containing one of the fragments below is dropped as well.
 */
const FORBIDDEN_KEYS = new Set([
  "activationcode",
  "qrcodeurl",
  "qrcode",
  "qr",
  "installurl",
  "token",
  "statustoken",
  "ordertoken",
  "secret",
  "matchingid",
  "lpa",
  "lpastring",
  "lpacode",
  "smdpaddress",
  "password",
  "authorization",
  "apikey",
  "privatekey",
  "accesscode",
  "confirmationcode",
]);
const FORBIDDEN_FRAGMENTS = [
  "token",
  "secret",
  "password",
  "passwd",
  "activation",
  "matchingid",
  "qrcode",
  "installurl",
  "installationurl",
  "apikey",
  "privatekey",
  "accesscode",
];

/**
 * True when a key must never appear in an event (activation codes, QR/install links, tokens,
 * secrets, matching ids), whatever its spelling: `activation_code`, `activationCode`,
 * `qr-code-url`, `status_token`, `client_secret`, ...
 *
 * @example
 * ```ts
 * import { isForbiddenKey } from "./event.ts";
 * isForbiddenKey("activationCode"); // true
 * isForbiddenKey("order_id"); // false
 * ```
 */
export function isForbiddenKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[_\-\s]/g, "");
  if (FORBIDDEN_KEYS.has(k)) return true;
  return FORBIDDEN_FRAGMENTS.some((f) => k.includes(f));
}

/** `LPA:` (an activation code), raw or URL-encoded, anywhere in a string. */
const LPA_VALUE = /LPA(:|%3A)/i;
/**
 * An activation code without its `LPA:` prefix (`1$<SM-DP+ address>$<matching id>`), as some
 * providers hand it out.
 */
const BARE_ACTIVATION_CODE = /(?<![\w$])1\$[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}\$/;

/**
 * True when a string value must never appear in an event: it holds an LPA activation string,
 * raw (`LPA:1$...`), URL-encoded (as inside an install link) or without its prefix
 * (`1$smdp.example$MATCHING-ID`).
 *
 * @example
 * ```ts
 * import { isForbiddenValue } from "./event.ts";
 * isForbiddenValue("LPA:1$smdp.example$ABC"); // true
 * isForbiddenValue("delivered"); // false
 * ```
 */
export function isForbiddenValue(value: string): boolean {
  return LPA_VALUE.test(value) || BARE_ACTIVATION_CODE.test(value);
}

const MAX_DEPTH = 8;

function scrubValue(value: unknown, depth: number, path: string, dropped: string[]): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case "string":
      if (isForbiddenValue(value)) {
        dropped.push(path);
        return undefined;
      }
      return value;
    case "number":
      return Number.isFinite(value) ? value : undefined;
    case "boolean":
      return value;
    case "bigint":
      return value.toString();
    case "object":
      break;
    default:
      return undefined; // functions, symbols, undefined
  }
  if (depth >= MAX_DEPTH) {
    dropped.push(path);
    return undefined;
  }
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    value.forEach((item, i) => {
      const v = scrubValue(item, depth + 1, `${path}[${i}]`, dropped);
      if (v !== undefined) out.push(v);
    });
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const sub = path ? `${path}.${key}` : key;
    if (isForbiddenKey(key)) {
      dropped.push(sub);
      continue;
    }
    const clean = scrubValue(v, depth + 1, sub, dropped);
    if (clean !== undefined) out[key] = clean;
  }
  return out;
}

/**
 * Returns a JSON-safe deep copy of `data` without any forbidden key (see `isForbiddenKey`)
 * and without any string value holding an LPA activation string; `dropped` lists the paths
 * that were removed (names only, never values). Dates become ISO strings, bigints decimal
 * strings; functions, symbols, non-finite numbers and nesting deeper than 8 levels are dropped.
 *
 * @example
 * ```ts
 * import { scrubEventData } from "./event.ts";
 * const { data, dropped } = scrubEventData({ order_id: "o1", esim: { activation_code: "LPA:1$x$y" } });
 * // data: { order_id: "o1", esim: {} }, dropped: ["esim.activation_code"]
 * ```
 */
export function scrubEventData(
  data: Record<string, unknown>,
): { data: Record<string, unknown>; dropped: string[] } {
  const dropped: string[] = [];
  const clean = scrubValue(data ?? {}, 0, "", dropped);
  const obj = clean && typeof clean === "object" && !Array.isArray(clean)
    ? clean as Record<string, unknown>
    : {};
  return { data: obj, dropped };
}

/**
 * A new unique event id: `evt_` followed by 32 hex digits (128 random bits).
 *
 * @example
 * ```ts
 * import { newEventId } from "./event.ts";
 * newEventId(); // "evt_3f9c..."
 * ```
 */
export function newEventId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return "evt_" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface CreateEventOptions {
  /**
   * A caller-chosen id (letters, digits, `_ . : -`, at most 200). Use a stable one, e.g.
   * `evt_${orderId}_delivered`, when an event may be emitted again after a restart: the
   * outbox stores an id once, and receivers de-duplicate by it. Default: `newEventId()`.
   */
  id?: string;
  /** Clock, milliseconds since the epoch (default `Date.now()`). */
  nowMs?: number;
}

/**
 * Builds an event of `type` with scrubbed `data`. Throws `TypeError` for a malformed type or id.
 *
 * @example
 * ```ts
 * import { createEvent, EVENT_TYPES } from "./event.ts";
 * const e = createEvent(EVENT_TYPES.ORDER_DELIVERED, { order_id: "ord_1", status: "delivered" }, { nowMs: 0 });
 * // { id: "evt_...", type: "order.delivered", created_at: "1970-01-01T00:00:00.000Z", data: {...} }
 * ```
 */
export function createEvent(
  type: EventType | string,
  data: OrderEventData | Record<string, unknown>,
  options: CreateEventOptions = {},
): WebhookEvent {
  if (typeof type !== "string" || !TYPE_PATTERN.test(type)) {
    throw new TypeError(`Event type "${String(type)}" is not of the form "kind.action"`);
  }
  const id = options.id ?? newEventId();
  if (typeof id !== "string" || !ID_PATTERN.test(id)) {
    throw new TypeError(`Event id "${String(id)}" must be 1-200 characters of [A-Za-z0-9_.:-]`);
  }
  return {
    id,
    type,
    created_at: new Date(options.nowMs ?? Date.now()).toISOString(),
    data: scrubEventData(data as Record<string, unknown>).data,
  };
}

/**
 * Checks the envelope of an event received or about to be stored and returns a scrubbed
 * copy, or the name of the first bad field.
 *
 * @example
 * ```ts
 * import { checkEvent } from "./event.ts";
 * checkEvent({ id: "evt_1", type: "order.created", created_at: "2026-01-01T00:00:00Z", data: {} }).ok; // true
 * checkEvent({ id: "", type: "order.created" }); // { ok: false, field: "id", message: ... }
 * ```
 */
export function checkEvent(
  value: unknown,
): { ok: true; event: WebhookEvent } | { ok: false; field: string; message: string } {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, field: "body", message: "The event must be a JSON object" };
  }
  const e = value as Record<string, unknown>;
  if (typeof e.id !== "string" || !ID_PATTERN.test(e.id)) {
    return { ok: false, field: "id", message: "id must be 1-200 characters of [A-Za-z0-9_.:-]" };
  }
  if (typeof e.type !== "string" || !TYPE_PATTERN.test(e.type)) {
    return { ok: false, field: "type", message: 'type must look like "order.delivered"' };
  }
  if (typeof e.created_at !== "string" || !ISO_UTC.test(e.created_at)) {
    return { ok: false, field: "created_at", message: "created_at must be ISO 8601 UTC" };
  }
  if (!e.data || typeof e.data !== "object" || Array.isArray(e.data)) {
    return { ok: false, field: "data", message: "data must be an object" };
  }
  return {
    ok: true,
    event: {
      id: e.id,
      type: e.type,
      created_at: e.created_at,
      data: scrubEventData(e.data as Record<string, unknown>).data,
    },
  };
}
