/**
 * Builds the configured supplier (`SUPPLIER`: adapter_a, adapter_b, adapter_c or http) from
 * the loaded configuration. A supplier whose credentials are missing does not stop `serve`
 * (a newcomer's server starts on defaults); it is reported as unavailable with the reason,
 * which the seller node answers as 503 and the start banner prints. Only the configured
 * supplier's module is loaded (the others cost start time and memory for nothing).
 */
import type { Config } from "../config/config.ts";
import type { DataStore } from "../store/types.ts";
import type { Supplier } from "../../rails/supplier/types.ts";
import { demoSupplier } from "./demo_supplier.ts";

export type SupplierSetup = { supplier: Supplier; problem?: undefined } | {
  supplier?: undefined;
  problem: string;
};

class Missing extends Error {}

function need(value: string | undefined, variable: string, kind: string): string {
  if (!value) throw new Missing(`SUPPLIER=${kind} needs ${variable}`);
  return value;
}

export async function buildSupplier(
  config: Config,
  store: Pick<DataStore, "idempotency">,
): Promise<SupplierSetup> {
  const s = config.supplier;
  try {
    switch (s.kind) {
      case "demo":
        return { supplier: demoSupplier() };
      case "http": {
        const url = need(s.url, "SUPPLIER_URL", s.kind);
        const secret = need(s.secret, "SUPPLIER_SECRET_FILE", s.kind);
        const { HttpSupplier } = await import("../../rails/supplier/http_client.ts");
        return { supplier: new HttpSupplier({ url, secret }) };
      }
      case "adapter_a": {
        const accessCode = need(s.adapterA.accessCode, "ADAPTER_A_ACCESS_CODE_FILE", s.kind);
        const secretKey = need(s.adapterA.secretKey, "ADAPTER_A_SECRET_KEY_FILE", s.kind);
        const { EsimAccessSupplier } = await import("../../rails/adapters/esim_access.ts");
        return {
          supplier: new EsimAccessSupplier({ accessCode, secretKey, baseUrl: s.adapterA.baseUrl }),
        };
      }
      case "adapter_b": {
        const clientId = need(s.adapterB.clientId, "ADAPTER_B_CLIENT_ID_FILE", s.kind);
        const clientSecret = need(s.adapterB.clientSecret, "ADAPTER_B_CLIENT_SECRET_FILE", s.kind);
        const { AiraloSupplier } = await import("../../rails/adapters/airalo.ts");
        return {
          supplier: new AiraloSupplier({ clientId, clientSecret, baseUrl: s.adapterB.baseUrl }),
        };
      }
      case "adapter_c": {
        const apiKey = need(s.adapterC.apiKey, "ADAPTER_C_API_KEY_FILE", s.kind);
        const { EsimGoSupplier } = await import("../../rails/adapters/esim_go.ts");
        return {
          supplier: new EsimGoSupplier({
            apiKey,
            baseUrl: s.adapterC.baseUrl,
            // eSIM Go has no idempotency key of its own: remember orders durably in the store.
            idempotency: store.idempotency,
          }),
        };
      }
    }
  } catch (err) {
    return { problem: (err as Error).message };
  }
}
