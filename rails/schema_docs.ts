/**
 * The `esim.*@v1` JSON Schema documents (rails/spec/esim-v1/*.json, JSON Schema 2020-12) by
 * name, without a validator: what a listing publishes needs only the documents, and loading
 * them costs nothing next to the validator (`validate` in ./schemas.ts, which compiles them).
 *
 * @example
 * ```ts
 * import { SCHEMAS } from "./schema_docs.ts";
 * SCHEMAS["quote-input"].$id; // "https://esim-rails.dev/spec/esim-v1/quote-input.json"
 * ```
 */
import plan from "./spec/esim-v1/plan.json" with { type: "json" };
import profile from "./spec/esim-v1/profile.json" with { type: "json" };
import offer from "./spec/esim-v1/offer.json" with { type: "json" };
import quoteInput from "./spec/esim-v1/quote-input.json" with { type: "json" };
import orderInput from "./spec/esim-v1/order-input.json" with { type: "json" };
import quoteResult from "./spec/esim-v1/quote-result.json" with { type: "json" };
import statusInput from "./spec/esim-v1/status-input.json" with { type: "json" };
import statusResult from "./spec/esim-v1/status-result.json" with { type: "json" };
import delivery from "./spec/esim-v1/delivery.json" with { type: "json" };
import listing from "./spec/esim-v1/listing.json" with { type: "json" };
import webhookEvent from "./spec/esim-v1/webhook-event.json" with { type: "json" };

/** Base of every schema `$id`: `${SCHEMA_BASE}<name>.json`. */
export const SCHEMA_BASE = "https://esim-rails.dev/spec/esim-v1/";

/** The schema names of `esim.*@v1`, one file each under `rails/spec/esim-v1/`. */
export type SchemaName =
  | "plan"
  | "profile"
  | "offer"
  | "quote-input"
  | "quote-result"
  | "order-input"
  | "status-input"
  | "status-result"
  | "delivery"
  | "listing"
  | "webhook-event";

/** A JSON Schema document (each has `$schema`, `$id` and `title`). */
export type JsonSchema = { $id: string; [key: string]: unknown };

/** The schema documents by name. Treat as read-only. */
export const SCHEMAS: Readonly<Record<SchemaName, JsonSchema>> = {
  plan,
  profile,
  offer,
  "quote-input": quoteInput,
  "quote-result": quoteResult,
  "order-input": orderInput,
  "status-input": statusInput,
  "status-result": statusResult,
  delivery,
  listing,
  "webhook-event": webhookEvent,
};

export const SCHEMA_NAMES = Object.keys(SCHEMAS) as SchemaName[];
