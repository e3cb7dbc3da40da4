/**
 * The supplier interface (spec: eSIM rails §4.2): the five operations through which a storefront
 * or seller node reaches the source of eSIMs, with the Plan and Profile types in camelCase.
 * The HTTP supplier contract (§4.1) carries the same fields in snake_case (see `wire.ts`).
 *
 * Types chosen where the spec says "not shown" (DESIGN.md §7, README):
 * - Plan: `kind` is `"country" | "region" | "global"`; `speed` is free text (e.g. `"5G"`);
 *   `networks` is a list of network operator names; `topUp` is a boolean (the plan can be
 *   topped up); `unusedValidDays` is an integer (days an uninstalled eSIM stays valid);
 *   `dataBytes`, `days` are non-negative integers; `costUsd` a non-negative number.
 * - Profile: `expires` is an ISO 8601 UTC timestamp; `state` is free text (values not shown;
 *   the reference receiver uses `released`, `installed`, `cancelled`); `installed` and
 *   `activated` are booleans; `dataUsedBytes`, `dataTotalBytes` non-negative integers;
 *   `iccid`, `qrCodeUrl`, `installUrl`, `apn` strings.
 *
 * @example
 * ```ts
 * import type { Supplier } from "./types.ts";
 * async function cheapest(s: Supplier, cc: string) {
 *   const plans = (await s.catalog()).filter((p) => p.countries.includes(cc));
 *   return plans.sort((a, b) => a.costUsd - b.costUsd)[0];
 * }
 * ```
 */

/** Plan kinds named by the spec. */
export type PlanKind = "country" | "region" | "global";

/** A plan sold by a supplier, at the operator's cost. */
export interface Plan {
  id: string;
  name: string;
  /** Two uppercase letters each (ISO 3166-1 alpha-2). */
  countries: string[];
  kind?: PlanKind;
  /** Data allowance in bytes (integer). */
  dataBytes: number;
  /** Validity in days (integer). */
  days: number;
  /** Free text, e.g. `"4G"`, `"5G"`. */
  speed?: string;
  /** Network operator names. */
  networks?: string[];
  /** Whether the eSIM can be topped up. */
  topUp?: boolean;
  /** Days an unused (not installed) eSIM stays valid. */
  unusedValidDays?: number;
  /** The operator's cost in USD. */
  costUsd: number;
}

/** An eSIM profile made for an order. */
export interface Profile {
  profileId: string;
  orderRef: string;
  /** LPA activation code, e.g. `LPA:1$smdp.example.com$MATCHING-ID`. */
  activationCode: string;
  iccid?: string;
  qrCodeUrl?: string;
  installUrl?: string;
  apn?: string;
  /** ISO 8601 UTC timestamp. */
  expires?: string;
  /** Free text; values not fixed by the spec. */
  state?: string;
  installed?: boolean;
  dataUsedBytes?: number;
  dataTotalBytes?: number;
  activated?: boolean;
}

/** Input of `Supplier.order`. */
export interface OrderInput {
  /** The kit's own id for this purchase; the same id always gives the same `orderRef`. */
  transactionId: string;
  planId: string;
  /** The cost the kit priced the offer with; a supplier refuses when it is no longer right. */
  costUsd: number;
}

/** Input of `Supplier.profiles`: exactly one of the two. */
export type ProfilesQuery = { orderRef: string; profileId?: undefined } | {
  profileId: string;
  orderRef?: undefined;
};

/** The five operations of a supplier (spec §4.2). Every failure is a `SupplierError`. */
export interface Supplier {
  /** Plans sold, at the operator's cost. */
  catalog(): Promise<Plan[]>;
  /** Idempotent by `transactionId`; refuses with `price_changed` when `costUsd` differs. */
  order(input: OrderInput): Promise<{ orderRef: string }>;
  /** Empty while the profile is being made. */
  profiles(query: ProfilesQuery): Promise<Profile[]>;
  /** Cancels an unused profile; resolves `true`. */
  cancel(profileId: string): Promise<true>;
  /** `null` when there is no balance to watch. */
  balance(): Promise<{ usd: number } | null>;
}

/** Stable `SupplierError` codes. Adapters may add their own; these are the shared ones. */
export const SupplierErrorCode = {
  PriceChanged: "price_changed",
  NotFound: "not_found",
  InvalidRequest: "invalid_request",
  Conflict: "conflict",
  Unauthorized: "unauthorized",
  RateLimited: "rate_limited",
  Unavailable: "supplier_unavailable",
  Timeout: "timeout",
  NetworkError: "network_error",
  BadResponse: "bad_supplier_response",
  InsufficientBalance: "insufficient_balance",
  ProfileTimeout: "profile_timeout",
} as const;

export interface SupplierErrorOptions {
  /** HTTP status of the supplier's answer, when there was one. */
  status?: number;
  cause?: unknown;
}

/**
 * A supplier failure (spec §4.2). `retryable: true` means "not now" (outage, rate limit,
 * timeout); `retryable: false` means "no" (unknown plan, `price_changed`, empty balance).
 * A refusal is never charged to the buyer.
 *
 * @example
 * ```ts
 * import { SupplierError } from "./types.ts";
 * const err = new SupplierError("price_changed", "Plan cost is now 4.20", false);
 * err.retryable; // false
 * ```
 */
export class SupplierError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  readonly status?: number;

  constructor(
    code: string,
    message: string,
    retryable: boolean,
    options: SupplierErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "SupplierError";
    this.code = code;
    this.retryable = retryable;
    this.status = options.status;
  }

  /** The plain `{code, message, retryable}` form, e.g. for logs and order records. */
  toJSON(): { code: string; message: string; retryable: boolean } {
    return { code: this.code, message: this.message, retryable: this.retryable };
  }
}
