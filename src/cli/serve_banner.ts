/**
 * The two lines of the start banner that tell a newcomer what works right now and what to do
 * next (DESIGN.md §12), from the loaded configuration and the services as built.
 *
 * @example
 * ```ts ignore
 * for (const line of firstRunLines(config, services, "http://127.0.0.1:8402")) console.log(line);
 * ```
 */
import type { Config } from "../config/config.ts";
import type { Services } from "../server/services.ts";
import { networkOf } from "../x402/networks.ts";

export function firstRunLines(config: Config, services: Services, url: string): string[] {
  const paying = Boolean(services.paywall.payTo && services.paywall.settler);
  const selling = !config.demoMode && !services.supplier.problem;
  const test = networkOf(config.payment.network).test ? " (TEST NETWORK)" : "";
  const works = [
    selling
      ? "quotes, status, listing and check"
      : config.demoReason === "unconfigured"
      ? "quotes, status, listing and check on the built-in demo catalog (demo mode)"
      : "quotes, status, listing and check (demo mode, no sales)",
    paying ? `paid /x402/* routes${test}` : "",
    paying && selling ? `eSIM orders${test}` : "",
  ].filter(Boolean).join("; ");
  const next: string[] = [];
  if (!paying) {
    next.push(
      "set PAY_TO_EVM and FACILITATOR_URL (or FACILITATOR_KEY_FILE + RPC_URL) to take USDC",
    );
  }
  if (config.demoReason === "unconfigured") next.push("set SUPPLIER to sell eSIMs");
  if (!paying || !selling) next.push("`esim-rails dev` runs a local sandbox with test money");
  next.push(`open ${url}/ for the routes and prices`);
  return [`  works now: ${works}`, `  next: ${next.join("; ")}`];
}
