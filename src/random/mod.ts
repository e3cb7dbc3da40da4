/**
 * fair-random: ECVRF (RFC 9381) draws. Public surface of `src/random/`.
 *
 * Server wiring: `loadVrfKeySet({keyFile, retiredKeysFile})` at start-up, then
 * `createFairRandomService(set.key)` for `POST /x402/fair-random` and `set.listing` merged into
 * the body of `GET /x402/keys`.
 *
 * @example
 * ```ts
 * import { createFairRandomService, VrfKey } from "./mod.ts";
 * const svc = createFairRandomService(VrfKey.generate());
 * console.log(svc.slug); // "fair-random"
 * ```
 */
export {
  parseSuite,
  PROOF_LENGTH,
  proofToHash,
  prove,
  type Suite,
  SUITE_ELL2,
  SUITE_TAI,
  SUITES,
  validateKey,
  verify,
  VerifyFailure,
  type VerifyFailureReason,
  type VerifyResult,
  vrfPublicKey,
  VrfSecretKey,
} from "./ecvrf.ts";
export {
  DEFAULT_NUM_BYTES,
  draw,
  type DrawResult,
  MAX_NUM_BYTES,
  MAX_SEED_BYTES,
  verifyDraw,
  type VerifyDrawResult,
} from "./draw.ts";
export {
  DEFAULT_VRF_KEY_FILE,
  loadVrfKey,
  loadVrfKeySet,
  parseRetiredVrfKeys,
  readRetiredVrfKeys,
  readVrfKey,
  RetiredKeysError,
  VrfKey,
  type VrfKeyEntry,
  type VrfKeySet,
  vrfKeysListing,
} from "./keys.ts";
export { createFairRandomService, type FairRandomInput, parseFairRandomInput } from "./service.ts";
