/**
 * Observations (DESIGN.md §11): what the log records each time a server is looked at, and the
 * hashes anyone can recompute. A leaf of the log is the canonical JSON of one observation. An
 * `ok` observation carries a firewall-scan summary: it is built in `ok_observation.ts`, so the
 * log (loaded at start) does not load the scan rules until a server is observed.
 *
 * @example
 * ```ts
 * import { toolsSha256 } from "./observation.ts";
 * toolsSha256([{ name: "echo" }]).length; // 64
 * ```
 */
import { canonicalBytes } from "../crypto/canonical.ts";
import { canonicalSha256 } from "../crypto/hash.ts";
import type { Tool } from "../security/scan.ts";

export const OUTCOMES = [
  "ok",
  "auth_required",
  "unreachable",
  "protocol_error",
  "not_observable",
] as const;
export type Outcome = typeof OUTCOMES[number];

export interface Target {
  name?: string;
  endpoint?: string;
}

export interface ScanSummary {
  rules_version: string;
  allow: boolean;
  score: number;
  categories: Record<string, number>;
}

export interface RegistryInfo {
  status: string;
  version: string;
  published_at: string;
}

export interface Observation {
  type: "log.observation/v1";
  target: Target;
  observed_at: string;
  outcome: Outcome;
  server_info?: { name: string; version: string };
  tools_sha256?: string;
  tools?: { name: string; sha256: string }[];
  scan?: ScanSummary;
  registry?: RegistryInfo;
}

/** Tools sorted by name (stable for equal names), as hashed. */
export function sortTools(tools: readonly Tool[]): Tool[] {
  return tools.slice().sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** `tools_sha256`: SHA-256 (hex) of the canonical JSON of the tools sorted by name. */
export function toolsSha256(tools: readonly Tool[]): string {
  return canonicalSha256(sortTools(tools));
}

/** The target with only the fields it has (no `undefined` keys in the hashed JSON). */
export function cleanTarget(t: Target): Target {
  const out: Target = {};
  if (t.name !== undefined) out.name = t.name;
  if (t.endpoint !== undefined) out.endpoint = t.endpoint;
  return out;
}

/** A failed (or impossible) observation: no tools, hash or scan. */
export function failedObservation(
  target: Target,
  observedAt: string,
  outcome: Exclude<Outcome, "ok">,
  extra: { server_info?: { name: string; version: string }; registry?: RegistryInfo } = {},
): Observation {
  const o: Observation = {
    type: "log.observation/v1",
    target: cleanTarget(target),
    observed_at: observedAt,
    outcome,
  };
  if (extra.server_info) o.server_info = extra.server_info;
  if (extra.registry) o.registry = extra.registry;
  return o;
}

/** The leaf bytes: canonical JSON of the observation. */
export function leafBytes(o: Observation): Uint8Array {
  return canonicalBytes(o);
}

const NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

/** A registry name `<owner>/<server>` (the registry's pattern, 3–200 characters). */
export function isServerName(v: string): boolean {
  return v.length >= 3 && v.length <= 200 && NAME.test(v);
}

/**
 * The endpoint as the log keys it: an absolute https URL without fragment or credentials,
 * host lower-cased and default port dropped (what `URL` does). Undefined when not https.
 */
export function normalizeEndpoint(raw: string): string | undefined {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return undefined;
  }
  if (u.protocol !== "https:" || u.username || u.password || !u.hostname) return undefined;
  u.hash = "";
  return u.href;
}
