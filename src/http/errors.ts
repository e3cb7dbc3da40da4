/**
 * One error type for everything the HTTP layer answers with a 4xx/5xx.
 *
 * Handlers throw `HttpError`; the error middleware maps it to the JSON shape of the surface
 * that served the request (DESIGN.md §2). Anything that is not an `HttpError` becomes a logged
 * 500 whose body reveals nothing.
 *
 * @example
 * ```ts
 * import { HttpError, ErrorCode } from "./errors.ts";
 * const err = new HttpError(400, ErrorCode.InvalidInput, "Send 'country' as two letters.", {
 *   field: "country",
 * });
 * err.status; // 400 (a handler would `throw err`)
 * ```
 */

/** Stable wire error codes (DESIGN.md §2). Code, docs and tests share these constants. */
export const ErrorCode = {
  InvalidInput: "invalid_input",
  NotFound: "not_found",
  MethodNotAllowed: "method_not_allowed",
  PaymentRequired: "payment_required",
  PaymentInvalid: "payment_invalid",
  PaymentReplayed: "payment_replayed",
  SettlementFailed: "settlement_failed",
  RateLimited: "rate_limited",
  UpstreamFailed: "upstream_failed",
  PriceChanged: "price_changed",
  Unauthorized: "unauthorized",
  PayloadTooLarge: "payload_too_large",
  PaymentNotConfigured: "payment_not_configured",
  DemoMode: "demo_mode",
  NoDataNearby: "no_data_nearby",
  SupplierUnavailable: "supplier_unavailable",
  Conflict: "conflict",
  StoreUnavailable: "store_unavailable",
  ScanTimeout: "scan_timeout",
  Internal: "internal_error",
} as const;

export type ErrorCodeValue = typeof ErrorCode[keyof typeof ErrorCode];

export interface HttpErrorOptions {
  /** The input field at fault, as a dotted path or JSON pointer. */
  field?: string;
  /** Extra response headers (e.g. `Retry-After`, `Allow`, `PAYMENT-REQUIRED`). */
  headers?: HeadersInit;
  /** Extra members merged into the `error` object of the body. */
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  readonly headers?: HeadersInit;
  readonly details?: Record<string, unknown>;

  constructor(status: number, code: string, message: string, options: HttpErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "HttpError";
    this.status = status;
    this.code = code;
    this.field = options.field;
    this.headers = options.headers;
    this.details = options.details;
  }
}

/** Shorthand for the most common error: a 400 naming the field at fault. */
export function invalidInput(field: string, message: string): HttpError {
  return new HttpError(400, ErrorCode.InvalidInput, message, { field });
}
