/**
 * What fair-random publishes without loading the ECVRF prover: the listing of
 * `POST /x402/fair-random` (src/random/service.ts does the work) and the `vrf` part of
 * `GET /x402/keys` (an ECVRF public key is the RFC 8032 Ed25519 public key of the same secret).
 */
import type { ServiceListing } from "../api/service.ts";
import { keyIdOf } from "../crypto/ed25519_core.ts";
import { toHex } from "../crypto/hash.ts";
import type { Suite } from "./suites.ts";

export const FAIR_RANDOM: ServiceListing = {
  slug: "fair-random",
  priceUsd: "0.006",
  example: { seed: "raffle #7", num_bytes: 8 },
  description:
    "Verifiable random bytes (ECVRF, RFC 9381) bound to your seed, with a proof anyone can check offline",
  envelope: "result",
  capabilityId: "svc.draw@v1",
};

export interface VrfKeyEntry {
  suite: Suite;
  public_key: string;
  key_id: string;
  status: "active" | "retired";
}

function keyEntry(pk: Uint8Array, status: "active" | "retired", suite: Suite): VrfKeyEntry {
  return { suite, public_key: toHex(pk), key_id: keyIdOf(pk), status };
}

/**
 * The `vrf` part of `GET /x402/keys`: the active key first, then every retired key (a retired
 * entry equal to the active key is left out).
 */
export function vrfKeysListing(
  active: { publicKey: Uint8Array; suite: Suite },
  retired: Uint8Array[],
): { vrf: VrfKeyEntry[] } {
  const activeHex = toHex(active.publicKey);
  const entries = [keyEntry(active.publicKey, "active", active.suite)];
  for (const pk of retired) {
    if (toHex(pk) === activeHex) continue;
    entries.push(keyEntry(pk, "retired", active.suite));
  }
  return { vrf: entries };
}
