/**
 * The supplier of an unconfigured node (DESIGN.md §12): the reference receiver's built-in demo
 * catalog, in process. It quotes; it never makes an eSIM (the node is in demo mode, so `/order`
 * refuses before reaching it).
 *
 * @example
 * ```ts
 * import { demoSupplier } from "./demo_supplier.ts";
 * const plans = await demoSupplier().catalog();
 * plans.some((p) => p.countries.includes("DE")); // true
 * ```
 */
import { DEMO_CATALOG } from "../../rails/receiver/demo_catalog.ts";
import { type Supplier, SupplierError } from "../../rails/supplier/types.ts";

const REFUSE = "The demo catalog sells nothing: configure SUPPLIER to sell eSIMs";

export function demoSupplier(): Supplier {
  return {
    catalog: () => Promise.resolve(structuredClone([...DEMO_CATALOG])),
    order: () => Promise.reject(new SupplierError("supplier_unavailable", REFUSE, false)),
    profiles: () => Promise.resolve([]),
    cancel: () => Promise.reject(new SupplierError("not_found", REFUSE, false)),
    balance: () => Promise.resolve(null),
  };
}
