/**
 * `serve`'s in-process crawl: when `MCP_REGISTRY_URL` is set, crawl it at start and then every
 * `LOG_CRAWL_INTERVAL_MIN` minutes. One crawl at a time; a failing registry is reported and tried
 * again at the next interval (the crawl resumes from its cursor). `stop` aborts a crawl in flight
 * and waits for it, so the store can close.
 */
import { crawl, type CrawlOptions } from "./crawler.ts";
import type { TransparencyLog } from "./log.ts";

export interface CrawlLoop {
  /** Resolves when the crawl in flight (if any) has finished; for tests. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startCrawlLoop(
  log: TransparencyLog,
  options: Omit<CrawlOptions, "signal"> & { intervalMin: number; report?: (line: string) => void },
): CrawlLoop {
  const abort = new AbortController();
  const report = options.report ?? ((line) => console.error(line));
  let running: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    running = (async () => {
      try {
        const s = await crawl(log, { ...options, signal: abort.signal });
        report(
          `log crawl: ${s.observations} observations from ${s.registry_entries} registry entries, tree size ${s.tree_size}`,
        );
      } catch (err) {
        if (!abort.signal.aborted) report(`log crawl failed: ${(err as Error).message}`);
      }
      if (!abort.signal.aborted) timer = setTimeout(run, options.intervalMin * 60_000);
    })();
  };
  run();
  return {
    idle: () => running,
    async stop() {
      abort.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
