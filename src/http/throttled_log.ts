/**
 * A log that says each kind of problem at most once per interval, with a count of the repeats
 * it held back: an attacker who makes every accept fail must not flood the operator's log.
 *
 * @example
 * ```ts
 * import { ThrottledLog } from "./throttled_log.ts";
 * const lines: string[] = [];
 * const log = new ThrottledLog((m) => lines.push(m), 10_000, () => 0);
 * log.report("accept", "accept failed");
 * log.report("accept", "accept failed");
 * lines.length; // 1
 * ```
 */
export class ThrottledLog {
  #last = new Map<string, { at: number; held: number; message: string }>();

  constructor(
    private readonly write: (message: string) => void,
    private readonly intervalMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  report(kind: string, message: string): void {
    const t = this.now();
    const prev = this.#last.get(kind);
    if (prev && t - prev.at < this.intervalMs) {
      prev.held++;
      prev.message = message;
      return;
    }
    const held = prev?.held ? ` (${prev.held} more since the last report)` : "";
    this.#last.set(kind, { at: t, held: 0, message });
    this.write(`${message}${held}`);
  }

  /** Writes the count of held-back repeats (at shutdown). */
  flush(): void {
    for (const [kind, e] of this.#last) {
      if (e.held > 0) this.write(`${e.message} (${e.held} more since the last report)`);
      this.#last.delete(kind);
    }
  }
}
