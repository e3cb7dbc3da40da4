/**
 * The paid endpoint `POST /x402/x402-check` ($0.003, capability `x402.authorization.check@v1`):
 * the offline check of `check.ts` behind the paywall.
 *
 * @example
 * ```ts ignore
 * import { x402CheckService } from "./check_service.ts";
 * router.post("/x402/x402-check", (req, body) => handlePaid(x402CheckService, body, req, deps));
 * ```
 */
import type { PaidService } from "../api/service.ts";
import { type CheckInput, type CheckResult, parseCheckInput, runCheck } from "./check.ts";
import { X402_CHECK } from "./check_listing.ts";

export const x402CheckService: PaidService<CheckInput, CheckResult> = {
  ...X402_CHECK,
  parse: parseCheckInput,
  run(input, ctx) {
    return runCheck(input, Math.floor(ctx.now.getTime() / 1000));
  },
};
