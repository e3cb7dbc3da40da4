/** The listing of `POST /x402/fair-random` (src/random/service.ts does the work). */
import type { ServiceListing } from "../api/service.ts";

export const FAIR_RANDOM: ServiceListing = {
  slug: "fair-random",
  priceUsd: "0.006",
  example: { seed: "raffle #7", num_bytes: 8 },
  description:
    "Verifiable random bytes (ECVRF, RFC 9381) bound to your seed, with a proof anyone can check offline",
  envelope: "result",
  capabilityId: "svc.draw@v1",
};
