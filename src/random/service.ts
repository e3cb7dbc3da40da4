/**
 * `POST /x402/fair-random` ($0.006, `svc.draw@v1`): verifiable random bytes bound to a caller
 * seed, with an ECVRF proof anyone can check offline (DESIGN.md §6). Built from the VRF key,
 * never from the Ed25519 signing key.
 *
 * @example
 * ```ts
 * import { createFairRandomService } from "./service.ts";
 * import { VrfKey } from "./keys.ts";
 * const svc = createFairRandomService(VrfKey.generate());
 * const input = svc.parse({ seed: "raffle #7", num_bytes: 4 });
 * const result = await svc.run(input, {
 *   url: "http://127.0.0.1/x402/fair-random",
 *   signal: new AbortController().signal,
 *   now: new Date(),
 * });
 * console.log(result.output.length); // 8 hex characters
 * ```
 */
import type { PaidService } from "../api/service.ts";
import { invalidInput } from "../http/errors.ts";
import { DEFAULT_NUM_BYTES, draw, type DrawResult, isValidNumBytes, seedProblem } from "./draw.ts";
import type { VrfKey } from "./keys.ts";
import { FAIR_RANDOM } from "./listing.ts";

export interface FairRandomInput {
  seed: string;
  num_bytes: number;
}

/** Validates the request body; unknown fields are ignored. Throws a 400 naming the field. */
export function parseFairRandomInput(body: unknown): FairRandomInput {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw invalidInput("seed", "Send a JSON object with a string field 'seed'.");
  }
  const b = body as Record<string, unknown>;
  if (!("seed" in b) || b.seed === undefined) {
    throw invalidInput("seed", "'seed' is required: the text the draw is bound to.");
  }
  if (typeof b.seed !== "string") {
    throw invalidInput("seed", "'seed' must be a string of at most 4096 bytes in UTF-8.");
  }
  const problem = seedProblem(b.seed);
  if (problem) throw invalidInput("seed", problem + ".");
  let numBytes = DEFAULT_NUM_BYTES;
  if ("num_bytes" in b && b.num_bytes !== undefined) {
    if (!isValidNumBytes(b.num_bytes)) {
      throw invalidInput("num_bytes", "'num_bytes' must be an integer from 1 to 64 (default 32).");
    }
    numBytes = b.num_bytes;
  }
  return { seed: b.seed, num_bytes: numBytes };
}

/** The fair-random paid service over `vrfKey`. */
export function createFairRandomService(
  vrfKey: VrfKey,
): PaidService<FairRandomInput, DrawResult> {
  return {
    ...FAIR_RANDOM,
    parse: parseFairRandomInput,
    run: (input) => draw(vrfKey, input.seed, input.num_bytes),
  };
}
