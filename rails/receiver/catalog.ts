/**
 * Loading an operator's catalog file for the reference receiver (`--catalog plans.json`): a
 * JSON array of wire plans (snake_case, `plan.json`), or the `{plans: [...]}` answer of
 * `GET /catalog`. Every row is validated; all problems are reported, one line per bad row.
 *
 * @example
 * ```ts
 * import { parseCatalog } from "./catalog.ts";
 * parseCatalog('[{"id":"p","name":"P","countries":["US"],"data_bytes":1,"days":1,"cost_usd":1}]');
 * // { ok: true, plans: [{ id: "p", ..., costUsd: 1 }] }
 * ```
 */
import type { Plan } from "../supplier/types.ts";
import { validate } from "../schemas.ts";
import { planFromWire, type WirePlan } from "../supplier/wire.ts";

export type CatalogResult = { ok: true; plans: Plan[] } | { ok: false; errors: string[] };

export function parseCatalog(text: string): CatalogResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { ok: false, errors: [`not valid JSON: ${(err as Error).message}`] };
  }
  const rows = Array.isArray(doc)
    ? doc
    : doc && typeof doc === "object" && Array.isArray((doc as { plans?: unknown }).plans)
    ? (doc as { plans: unknown[] }).plans
    : null;
  if (!rows) return { ok: false, errors: ['expected a JSON array of plans or {"plans": [...]}'] };
  if (rows.length === 0) return { ok: false, errors: ["the catalog has no plans"] };
  const errors: string[] = [];
  const plans: Plan[] = [];
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const id = row && typeof row === "object" && typeof (row as { id?: unknown }).id === "string"
      ? ` (id '${(row as { id: string }).id}')`
      : "";
    const v = validate<WirePlan>("plan", row);
    if (!v.ok) {
      errors.push(`row ${i + 1}${id}: ${v.message}`);
      return;
    }
    if (seen.has(v.value.id)) {
      errors.push(`row ${i + 1}${id}: duplicate plan id`);
      return;
    }
    seen.add(v.value.id);
    plans.push(planFromWire(v.value));
  });
  return errors.length ? { ok: false, errors } : { ok: true, plans };
}
