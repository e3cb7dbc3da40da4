/**
 * snake_case wire shapes of the HTTP supplier contract (spec §4.1) ↔ camelCase Plan/Profile
 * (spec §4.2). Only known fields are carried across; unknown wire fields are dropped (v1 only
 * grows, so a newer operator's extra fields never break an older kit).
 *
 * @example
 * ```ts
 * import { planFromWire, planToWire } from "./wire.ts";
 * const plan = planFromWire({ id: "p1", name: "US 1 GB", countries: ["US"], data_bytes: 1e9, days: 7, cost_usd: 2.5 });
 * planToWire(plan).cost_usd; // 2.5
 * ```
 */
import type { Plan, PlanKind, Profile } from "./types.ts";

/** A plan as on the wire (`plan.json`). */
export interface WirePlan {
  id: string;
  name: string;
  countries: string[];
  kind?: PlanKind;
  data_bytes: number;
  days: number;
  speed?: string;
  networks?: string[];
  top_up?: boolean;
  unused_valid_days?: number;
  cost_usd: number;
}

/** A profile as on the wire (`profile.json`). */
export interface WireProfile {
  profile_id: string;
  order_ref: string;
  activation_code: string;
  iccid?: string;
  qr_code_url?: string;
  install_url?: string;
  apn?: string;
  expires?: string;
  state?: string;
  installed?: boolean;
  data_used_bytes?: number;
  data_total_bytes?: number;
  activated?: boolean;
}

const PLAN_FIELDS: [keyof Plan, keyof WirePlan][] = [
  ["id", "id"],
  ["name", "name"],
  ["countries", "countries"],
  ["kind", "kind"],
  ["dataBytes", "data_bytes"],
  ["days", "days"],
  ["speed", "speed"],
  ["networks", "networks"],
  ["topUp", "top_up"],
  ["unusedValidDays", "unused_valid_days"],
  ["costUsd", "cost_usd"],
];

const PROFILE_FIELDS: [keyof Profile, keyof WireProfile][] = [
  ["profileId", "profile_id"],
  ["orderRef", "order_ref"],
  ["activationCode", "activation_code"],
  ["iccid", "iccid"],
  ["qrCodeUrl", "qr_code_url"],
  ["installUrl", "install_url"],
  ["apn", "apn"],
  ["expires", "expires"],
  ["state", "state"],
  ["installed", "installed"],
  ["dataUsedBytes", "data_used_bytes"],
  ["dataTotalBytes", "data_total_bytes"],
  ["activated", "activated"],
];

function copy<A, B>(from: A, pairs: [keyof A, keyof B][]): B {
  const out: Record<string, unknown> = {};
  for (const [a, b] of pairs) {
    const v = from[a];
    if (v !== undefined) out[b as string] = Array.isArray(v) ? [...v] : v;
  }
  return out as B;
}

function flip<A, B>(pairs: [A, B][]): [B, A][] {
  return pairs.map(([a, b]) => [b, a]);
}

/** camelCase Plan → wire plan. */
export function planToWire(plan: Plan): WirePlan {
  return copy<Plan, WirePlan>(plan, PLAN_FIELDS);
}

/** Wire plan (already schema-valid) → camelCase Plan. */
export function planFromWire(wire: WirePlan): Plan {
  return copy<WirePlan, Plan>(wire, flip(PLAN_FIELDS));
}

/** camelCase Profile → wire profile. */
export function profileToWire(profile: Profile): WireProfile {
  return copy<Profile, WireProfile>(profile, PROFILE_FIELDS);
}

/** Wire profile (already schema-valid) → camelCase Profile. */
export function profileFromWire(wire: WireProfile): Profile {
  return copy<WireProfile, Profile>(wire, flip(PROFILE_FIELDS));
}
