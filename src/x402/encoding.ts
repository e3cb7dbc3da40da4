/**
 * Header encodings of x402: padded standard base64 of UTF-8 JSON, and a strict parser of the
 * buyer's payment header (`PAYMENT-SIGNATURE` v2, `X-PAYMENT` v1). Attacker input never makes
 * this module throw anything but a `PaymentPayloadError` with an x402 reason name.
 *
 * @example
 * ```ts
 * import { encodeBase64Json, decodeBase64Json } from "./encoding.ts";
 * const h = encodeBase64Json({ a: "é" });
 * decodeBase64Json(h); // { a: "é" }
 * ```
 */
import { MAX_PAYMENT_HEADER_CHARS } from "./constants.ts";
import type { Address, Hex } from "./constants.ts";
import type {
  Authorization,
  ExactEvmPayload,
  PaymentPayloadV1,
  PaymentPayloadV2,
  PaymentRequirements,
} from "./types.ts";

/** Why a payment header could not be read; `reason` is an x402 error reason name. */
export class PaymentPayloadError extends Error {
  constructor(
    readonly reason: "invalid_payload" | "invalid_x402_version",
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "PaymentPayloadError";
  }
}

const B64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** Standard padded base64 of the UTF-8 JSON of `value`. */
export function encodeBase64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

/**
 * Decodes standard base64 (padding optional) of UTF-8 JSON. Throws `PaymentPayloadError`
 * (`invalid_payload`) for text over `maxChars`, bad base64, bad UTF-8 or bad JSON.
 */
export function decodeBase64Json(text: string, maxChars = MAX_PAYMENT_HEADER_CHARS): unknown {
  const t = text.trim();
  if (t.length > maxChars) {
    throw new PaymentPayloadError(
      "invalid_payload",
      `The payment header is ${t.length} characters; at most ${maxChars} are read`,
    );
  }
  if (t.length === 0 || !B64_RE.test(t) || t.length % 4 === 1) {
    throw new PaymentPayloadError("invalid_payload", "The payment header is not base64");
  }
  let bin: string;
  try {
    bin = atob(t.length % 4 === 0 ? t : t + "=".repeat(4 - (t.length % 4)));
  } catch {
    throw new PaymentPayloadError("invalid_payload", "The payment header is not base64");
  }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  let json: string;
  try {
    json = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new PaymentPayloadError("invalid_payload", "The payment header is not UTF-8 text");
  }
  try {
    return JSON.parse(json);
  } catch {
    throw new PaymentPayloadError("invalid_payload", "The payment header is not JSON");
  }
}

/** A payment header after shape checks, normalised to one form for both versions. */
export interface ParsedPayment {
  x402Version: 1 | 2;
  /** v2: the terms the buyer says it accepted. Absent for v1. */
  accepted?: PaymentRequirements;
  scheme: string;
  network: string;
  payload: ExactEvmPayload;
  /** The decoded JSON exactly as sent (forwarded to a remote facilitator). */
  raw: PaymentPayloadV1 | PaymentPayloadV2;
}

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const NONCE_RE = /^0x[0-9a-fA-F]{64}$/;
const HEX_RE = /^0x(?:[0-9a-fA-F]{2})*$/;
const UINT_RE = /^(?:[0-9]{1,78}|0x[0-9a-fA-F]{1,64})$/;
const UINT256_MAX = (1n << 256n) - 1n;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function fail(message: string, field: string): never {
  throw new PaymentPayloadError("invalid_payload", message, field);
}

function str(o: Record<string, unknown>, key: string, path: string): string {
  const v = o[key];
  if (typeof v !== "string") fail(`'${path}${key}' must be a string`, path + key);
  return v;
}

function uint(o: Record<string, unknown>, key: string, path: string): string {
  const v = str(o, key, path);
  if (!UINT_RE.test(v) || BigInt(v) > UINT256_MAX) {
    fail(`'${path}${key}' must be an unsigned integer as a decimal string`, path + key);
  }
  return BigInt(v).toString();
}

/** Shape-checks the `payload` of `exact` on EVM; values are normalised to decimal strings. */
export function parseExactEvmPayload(v: unknown, path = "payload."): ExactEvmPayload {
  if (!isObject(v)) fail(`'${path.slice(0, -1)}' must be an object`, path.slice(0, -1));
  const signature = str(v, "signature", path);
  if (!HEX_RE.test(signature)) {
    fail(`'${path}signature' must be 0x-prefixed hex`, path + "signature");
  }
  const a = v.authorization;
  const ap = path + "authorization.";
  if (!isObject(a)) fail(`'${path}authorization' must be an object`, path + "authorization");
  const from = str(a, "from", ap);
  if (!ADDRESS_RE.test(from)) fail(`'${ap}from' must be a 20-byte hex address`, ap + "from");
  const to = str(a, "to", ap);
  if (!ADDRESS_RE.test(to)) fail(`'${ap}to' must be a 20-byte hex address`, ap + "to");
  const nonce = str(a, "nonce", ap);
  if (!NONCE_RE.test(nonce)) fail(`'${ap}nonce' must be 32 bytes of 0x-prefixed hex`, ap + "nonce");
  const authorization: Authorization = {
    from: from as Address,
    to: to as Address,
    value: uint(a, "value", ap),
    validAfter: uint(a, "validAfter", ap),
    validBefore: uint(a, "validBefore", ap),
    nonce: nonce as Hex,
  };
  return { signature: signature as Hex, authorization };
}

/** Shape-checks one `accepts` entry. */
export function parseRequirements(v: unknown, path = "accepted."): PaymentRequirements {
  if (!isObject(v)) fail(`'${path.slice(0, -1)}' must be an object`, path.slice(0, -1));
  const req: PaymentRequirements = {
    scheme: str(v, "scheme", path),
    network: str(v, "network", path),
    amount: str(v, "amount", path),
    asset: str(v, "asset", path),
    payTo: str(v, "payTo", path),
    maxTimeoutSeconds: typeof v.maxTimeoutSeconds === "number"
      ? v.maxTimeoutSeconds
      : fail(`'${path}maxTimeoutSeconds' must be a number`, path + "maxTimeoutSeconds"),
  };
  if (v.extra !== undefined) {
    if (!isObject(v.extra)) fail(`'${path}extra' must be an object`, path + "extra");
    req.extra = v.extra;
  }
  return req;
}

/**
 * Reads a payment from its decoded JSON: v2 (`accepted` + `payload`) or v1
 * (`scheme` + `network` + `payload`).
 */
export function parsePaymentObject(value: unknown): ParsedPayment {
  if (!isObject(value)) fail("The payment must be a JSON object", "");
  const version = value.x402Version;
  if (version === 2) {
    const accepted = parseRequirements(value.accepted);
    const payload = parseExactEvmPayload(value.payload);
    return {
      x402Version: 2,
      accepted,
      scheme: accepted.scheme,
      network: accepted.network,
      payload,
      raw: value as unknown as PaymentPayloadV2,
    };
  }
  if (version === 1) {
    const scheme = str(value, "scheme", "");
    const network = str(value, "network", "");
    const payload = parseExactEvmPayload(value.payload);
    return {
      x402Version: 1,
      scheme,
      network,
      payload,
      raw: value as unknown as PaymentPayloadV1,
    };
  }
  throw new PaymentPayloadError(
    "invalid_x402_version",
    `x402Version ${JSON.stringify(version) ?? "(missing)"} is not supported; send 2 (or 1)`,
    "x402Version",
  );
}

/**
 * Decodes and shape-checks a payment header value.
 *
 * @example
 * ```ts
 * import { parsePaymentHeader } from "./encoding.ts";
 * try { parsePaymentHeader("not base64!"); } catch (e) { (e as PaymentPayloadError).reason; } // "invalid_payload"
 * ```
 */
export function parsePaymentHeader(value: string): ParsedPayment {
  return parsePaymentObject(decodeBase64Json(value));
}
