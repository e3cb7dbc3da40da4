/**
 * The paid service the paywall benchmarks put behind `handlePaid`: it checks one string field and
 * echoes it, so what they time is the paywall, not the work.
 */
import { invalidInput } from "../src/http/errors.ts";
import type { PaidService } from "../src/api/service.ts";

export const ECHO_SERVICE: PaidService<{ text: string }, unknown> = {
  slug: "bench",
  priceUsd: "0.001",
  description: "bench",
  envelope: "result",
  capabilityId: "bench@v1",
  parse(body) {
    const t = (body as { text?: unknown } | null)?.text;
    if (typeof t !== "string") throw invalidInput("text", "Send 'text'");
    return { text: t };
  },
  run: (i) => i,
};
