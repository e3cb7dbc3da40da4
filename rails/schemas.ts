/**
 * The `esim.*@v1` JSON Schemas (rails/spec/esim-v1/*.json, JSON Schema 2020-12) and their
 * validators, compiled once with Ajv. `$id`s share the base `SCHEMA_BASE`; references between
 * schemas (`offer.json` from `quote-result.json`) resolve against it. The schemas are imported
 * as JSON modules so the SDK bundle carries them. v1 only grows: new optional fields may
 * appear, so no schema forbids unknown properties.
 *
 * @example
 * ```ts
 * import { validate } from "./schemas.ts";
 * validate("quote-input", { country: "us" }); // { ok: true, value: { country: "us" } }
 * validate("quote-input", {}); // { ok: false, field: "country", message: "..." }
 * ```
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
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

let ajv: Ajv2020 | undefined;
const compiled = new Map<SchemaName, ValidateFunction>();

function validatorOf(name: SchemaName): ValidateFunction {
  let fn = compiled.get(name);
  if (fn) return fn;
  if (!ajv) {
    ajv = new Ajv2020({ allErrors: false, strict: true, strictRequired: false });
    for (const s of Object.values(SCHEMAS)) ajv.addSchema(s);
  }
  fn = ajv.getSchema(SCHEMA_BASE + name + ".json");
  if (!fn) throw new Error(`schema ${name} did not compile`);
  compiled.set(name, fn);
  return fn;
}

export type Validation<T> = { ok: true; value: T } | {
  ok: false;
  /** Dotted path of the field at fault (`offers.0.price_usd`), `"body"` for the whole value. */
  field: string;
  message: string;
};

/**
 * Validates `value` against a schema. On failure returns the first error as a field name and
 * a sentence a 400 answer can carry.
 */
export function validate<T = unknown>(name: SchemaName, value: unknown): Validation<T> {
  const fn = validatorOf(name);
  if (fn(value)) return { ok: true, value: value as T };
  const err = fn.errors?.[0];
  return err ? describeError(err) : { ok: false, field: "body", message: "Invalid value" };
}

/** Like `validate`, but throws a `TypeError` naming the field. */
export function assertValid<T = unknown>(name: SchemaName, value: unknown): T {
  const v = validate<T>(name, value);
  if (!v.ok) throw new TypeError(`${name}: ${v.field}: ${v.message}`);
  return v.value;
}

/** The parts of an Ajv error object that `describeError` reads. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  schemaPath?: string;
}

/**
 * Turns one Ajv error into `{field, message}`: the instance path in dotted form, plus the
 * missing or unexpected property where Ajv names it in `params`.
 *
 * @example
 * ```ts
 * import { describeError } from "./schemas.ts";
 * describeError({ instancePath: "", keyword: "required", params: { missingProperty: "country" },
 *   schemaPath: "#/required", message: "must have required property 'country'" });
 * // { ok: false, field: "country", message: "'country' is required" }
 * ```
 */
export function describeError(err: SchemaError): { ok: false; field: string; message: string } {
  const parts = err.instancePath.split("/").slice(1).map((p) =>
    p.replaceAll("~1", "/").replaceAll("~0", "~")
  );
  const params = err.params;
  if (err.keyword === "required" && typeof params.missingProperty === "string") {
    parts.push(params.missingProperty);
    return { ok: false, field: parts.join("."), message: `'${parts.join(".")}' is required` };
  }
  const field = parts.length ? parts.join(".") : "body";
  const what = err.keyword === "pattern"
    ? `must match ${params.pattern}`
    : err.keyword === "const"
    ? `must be ${JSON.stringify(params.allowedValue)}`
    : err.keyword === "enum"
    ? `must be one of ${
      (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")
    }`
    : err.message ?? "is invalid";
  return { ok: false, field, message: `'${field}' ${what}` };
}
