/**
 * The reference receiver's built-in demo catalog (DESIGN.md §7): several plans per country at
 * different costs (US, GB, DE, FR, JP, ES, IT), two regional Europe plans and a global plan,
 * so quotes and cheapest-first ordering mean something out of the box. Data sizes use
 * 1 GB = 2^30 bytes. Costs are made up.
 *
 * @example
 * ```ts
 * import { DEMO_CATALOG } from "./demo_catalog.ts";
 * DEMO_CATALOG.filter((p) => p.countries.includes("JP")).length; // 4 (3 JP plans + global)
 * ```
 */
import type { Plan } from "../supplier/types.ts";

const GB = 2 ** 30;

// deno-fmt-ignore
const EUROPE = [
  "AT", "BE", "BG", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GB", "GR", "HR",
  "HU", "IE", "IS", "IT", "LT", "LU", "LV", "MT", "NL", "NO", "PL", "PT", "RO", "SE", "SI",
  "SK",
];

// deno-fmt-ignore
const GLOBAL = [
  ...EUROPE, "US", "CA", "MX", "BR", "AR", "JP", "KR", "CN", "HK", "SG", "TH", "VN", "ID",
  "MY", "PH", "IN", "AU", "NZ", "AE", "TR", "IL", "ZA", "EG", "MA",
];

function country(
  cc: string,
  label: string,
  gb: number,
  days: number,
  costUsd: number,
  extra: Partial<Plan> = {},
): Plan {
  return {
    id: `${cc.toLowerCase()}-${gb}gb-${days}d`,
    name: `${label} ${gb} GB ${days} days`,
    countries: [cc],
    kind: "country",
    dataBytes: gb * GB,
    days,
    costUsd,
    ...extra,
  };
}

export const DEMO_CATALOG: readonly Plan[] = Object.freeze([
  country("US", "United States", 1, 7, 1.8, { speed: "5G", networks: ["T-Mobile", "AT&T"] }),
  country("US", "United States", 3, 30, 4.5, { speed: "5G", networks: ["T-Mobile", "AT&T"] }),
  country("US", "United States", 10, 30, 11, {
    speed: "5G",
    networks: ["T-Mobile", "AT&T"],
    topUp: true,
  }),
  country("GB", "United Kingdom", 1, 7, 1.5, { speed: "4G", networks: ["EE", "Three"] }),
  country("GB", "United Kingdom", 5, 30, 5.2, { speed: "5G", networks: ["EE", "Three"] }),
  country("GB", "United Kingdom", 20, 30, 14, { speed: "5G", topUp: true }),
  country("DE", "Germany", 1, 7, 1.4, { speed: "4G", networks: ["Telekom", "Vodafone"] }),
  country("DE", "Germany", 3, 15, 4.9, { speed: "4G" }),
  country("DE", "Germany", 5, 30, 4.9, { speed: "5G", networks: ["Telekom"] }),
  country("DE", "Germany", 10, 30, 8.3, { speed: "5G", topUp: true }),
  country("FR", "France", 1, 7, 1.4, { speed: "4G", networks: ["Orange", "SFR"] }),
  country("FR", "France", 3, 15, 3.1, { speed: "4G" }),
  country("FR", "France", 10, 30, 8.5, { speed: "5G", topUp: true }),
  country("JP", "Japan", 1, 7, 2.1, { speed: "5G", networks: ["Docomo", "SoftBank"] }),
  country("JP", "Japan", 5, 15, 6.4, { speed: "5G", networks: ["Docomo", "SoftBank"] }),
  country("JP", "Japan", 20, 30, 17.5, { speed: "5G", topUp: true, unusedValidDays: 180 }),
  country("ES", "Spain", 3, 30, 3.3, { speed: "4G" }),
  country("IT", "Italy", 3, 30, 3.4, { speed: "4G" }),
  {
    id: "eu-5gb-30d",
    name: "Europe 5 GB 30 days",
    countries: EUROPE,
    kind: "region",
    dataBytes: 5 * GB,
    days: 30,
    speed: "4G",
    topUp: true,
    unusedValidDays: 180,
    costUsd: 6,
  },
  {
    id: "eu-20gb-30d",
    name: "Europe 20 GB 30 days",
    countries: EUROPE,
    kind: "region",
    dataBytes: 20 * GB,
    days: 30,
    speed: "5G",
    topUp: true,
    unusedValidDays: 180,
    costUsd: 15.5,
  },
  {
    id: "global-3gb-30d",
    name: "Global 3 GB 30 days",
    countries: GLOBAL,
    kind: "global",
    dataBytes: 3 * GB,
    days: 30,
    speed: "4G",
    unusedValidDays: 180,
    costUsd: 12,
  },
]);
