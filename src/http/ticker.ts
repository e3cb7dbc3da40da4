/**
 * A periodic callback on the runtime's own web timers. In Deno 2.9 the global `setTimeout` and
 * `setInterval` are Node's: their first use loads `node:timers` with its dependencies
 * (`async_hooks`, `util.inspect`), about 6 ms of CPU. The timers every server arms at start (the
 * connection sweeper, the rate-limit flush) use `AbortSignal.timeout` instead, which runs on
 * the web timers Deno has already loaded. Each tick re-arms after the interval; a pending
 * tick keeps the process alive, like a referenced `setInterval`, until `stop()`.
 *
 * @example
 * ```ts
 * import { every } from "./ticker.ts";
 * let n = 0;
 * const t = every(10, () => n++);
 * t.stop();
 * ```
 */
export interface Ticker {
  /** No more ticks; the pending timer no longer keeps the process alive. */
  stop(): void;
}

export function every(ms: number, tick: () => void): Ticker {
  let signal: AbortSignal | undefined;
  const fire = () => {
    arm();
    tick();
  };
  const arm = () => {
    signal = AbortSignal.timeout(ms);
    signal.addEventListener("abort", fire, { once: true });
  };
  arm();
  return {
    stop() {
      signal?.removeEventListener("abort", fire);
      signal = undefined;
    },
  };
}
