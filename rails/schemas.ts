/**
 * The `esim.*@v1` JSON Schemas (rails/spec/esim-v1/*.json, JSON Schema 2020-12) and their
 * validators, compiled once with Ajv. The documents live in ./schema_docs.ts (re-exported
 * here), so code that only publishes them does not load Ajv. `$id`s share the base
 * `SCHEMA_BASE`; references between schemas (`offer.json` from `quote-result.json`) resolve
 * against it. The schemas are imported as JSON modules so the SDK bundle carries them. v1 only grows: new optional fields may
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
import { SCHEMA_BASE, type SchemaName, SCHEMAS } from "./schema_docs.ts";

export {
  type JsonSchema,
  SCHEMA_BASE,
  SCHEMA_NAMES,
  type SchemaName,
  SCHEMAS,
} from "./schema_docs.ts";

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
