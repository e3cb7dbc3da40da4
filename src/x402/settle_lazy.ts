/**
 * In-process settlement whose chain client is loaded on first use. `LocalSettler` pulls in viem
 * (about half a second of module loading), which a server that has not yet been paid does not
 * need: this keeps `serve`'s start fast without changing what settlement does.
 *
 * @example
 * ```ts ignore
 * import { lazyLocalSettler } from "./settle_lazy.ts";
 * const settler = lazyLocalSettler({ privateKey, rpcUrl: "http://127.0.0.1:8545" });
 * await settler.settle(input); // imports settle_local.ts on this first call
 * ```
 */
import type { LocalSettlerOptions } from "./settle_local.ts";
import type { PreflightResult, SettleInput, SettleOutcome, Settler } from "./settle.ts";

export function lazyLocalSettler(options: LocalSettlerOptions): Settler {
  let loaded: Promise<Settler> | undefined;
  const real = () =>
    loaded ??= import("./settle_local.ts").then((m) => new m.LocalSettler(options));
  return {
    mode: "local",
    async preflight(input: SettleInput): Promise<PreflightResult> {
      return await (await real()).preflight!(input);
    },
    async settle(input: SettleInput): Promise<SettleOutcome> {
      return await (await real()).settle(input);
    },
    async reconcile(input: SettleInput, transaction?: string): Promise<SettleOutcome> {
      return await (await real()).reconcile(input, transaction);
    },
  };
}
