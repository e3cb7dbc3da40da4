/**
 * `esim-rails log observe|crawl|verify`: feeding and auditing the transparency log of MCP
 * servers (DESIGN.md §11) in the configured store (KV_PATH, LOG_KEY_FILE, PUBLIC_URL).
 * Only `observe --endpoint` and `crawl` talk to MCP servers; neither runs a package.
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { readJsonArg } from "./_tools_input.ts";
import { invalid } from "./scan.ts";
import { type Config, ConfigError, loadConfig } from "../config/config.ts";
import { StoreError } from "../store/kv.ts";
import { openStore } from "../store/open.ts";
import { logOrigin, TransparencyLog } from "../tlog/log.ts";
import { observeEndpoint } from "../tlog/mcp_client.ts";
import { failedObservation, isServerName, normalizeEndpoint } from "../tlog/observation.ts";
import { okObservation } from "../tlog/ok_observation.ts";
import { crawl, RegistryError } from "../tlog/crawler.ts";
import { auditLog } from "../tlog/audit.ts";
import { logSigner } from "../tlog/signer.ts";
import { parseScanInput } from "../security/parse.ts";
import type { Tool } from "../security/scan.ts";

const USAGE = `Usage:
  esim-rails log observe --endpoint <https url> [--name <owner/server>] [--timeout <s>]
  esim-rails log observe --tools <file|-> --name <owner/server> [--endpoint <https url>]
  esim-rails log crawl [--registry <url>] [--concurrency <n>] [--timeout <s>]
  esim-rails log verify

  observe   looks at one MCP server over streamable HTTP (initialize, tools/list; no
            credentials, no redirects) or takes its tools/list from a file (the same input as
            'scan'), and appends the observation. Prints {leaf_index, tree_size, observation}.
  crawl     reads the MCP registry (GET /v0.1/servers, default MCP_REGISTRY_URL) and observes
            every server with a streamable-HTTP remote; resumes an interrupted crawl. Progress on
            stderr. Exit 0 when the registry was read to the end, 1 when the registry failed.
  verify    re-checks the whole stored log: every leaf hash, every checkpoint signature and root,
            every checkpoint consistent with the latest. Exit 0 valid, 1 not.

  --kv-path <file>  the store (default KV_PATH, else ./data/esim-rails.kv)
  --timeout <s>     per-server deadline in seconds (default 10)
  --concurrency <n> servers observed at once (default 8)

The log key (LOG_KEY_FILE, default ./data/log.key) signs checkpoints; the origin is
<host of PUBLIC_URL>/mcp-log. LOG_ALLOW_PRIVATE=1 allows private and loopback addresses.`;

function positiveInt(v: string | undefined, flag: string, def: number, max: number): number {
  if (v === undefined) return def;
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > max) {
    throw new UsageError(`${flag} takes a whole number from 1 to ${max}`);
  }
  return Number(v);
}

async function openLog(kvPath: string | undefined) {
  const env = Deno.env.toObject();
  if (kvPath !== undefined) env.KV_PATH = kvPath;
  const config: Config = await loadConfig(env);
  // STORE_URL (PostgreSQL, shared with the nodes) when set, else the KV file.
  const store = await openStore({ kvPath: config.kvPath, storeUrl: config.storeUrl });
  const log = new TransparencyLog(
    store.tlog,
    await logSigner(config.tlog.secret),
    logOrigin(config.publicUrl),
  );
  return { config, store, log };
}

async function withLog(
  kvPath: string | undefined,
  fn: (ctx: Awaited<ReturnType<typeof openLog>>) => Promise<number>,
): Promise<number> {
  let ctx;
  try {
    ctx = await openLog(kvPath);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof StoreError) {
      console.error(`esim-rails log: ${err.message}`);
      return 1;
    }
    throw err;
  }
  try {
    return await fn(ctx);
  } finally {
    await ctx.store.close();
  }
}

async function observe(argv: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(argv, {
    endpoint: { type: "string" },
    name: { type: "string" },
    tools: { type: "string" },
    timeout: { type: "string" },
    "kv-path": { type: "string" },
  }, true);
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const name = values.name;
  if (name !== undefined && !isServerName(name)) {
    throw new UsageError("--name must be a registry name of the form <owner>/<server>");
  }
  let endpoint: string | undefined;
  if (values.endpoint !== undefined) {
    endpoint = normalizeEndpoint(values.endpoint);
    if (!endpoint) throw new UsageError("--endpoint must be an https URL");
  }
  if (values.tools === undefined && endpoint === undefined) {
    throw new UsageError("give --endpoint <https url>, or --tools <file> with --name");
  }
  if (values.tools !== undefined && name === undefined) {
    throw new UsageError("--tools needs --name <owner/server>");
  }
  const timeout = positiveInt(values.timeout, "--timeout", 10, 600);
  let tools: Tool[] | undefined;
  if (values.tools !== undefined) {
    const raw = await readJsonArg(values.tools);
    try {
      tools = parseScanInput(Array.isArray(raw) ? { tools: raw } : raw).tools;
    } catch (err) {
      return invalid("log", err);
    }
  }
  return await withLog(values["kv-path"], async ({ config, log }) => {
    const target = { name, endpoint };
    const at = () => new Date().toISOString();
    let observation;
    if (tools) {
      observation = okObservation(target, at(), tools);
    } else {
      const r = await observeEndpoint(endpoint!, {
        timeoutMs: timeout * 1000,
        allowPrivate: config.tlog.allowPrivate,
      });
      if (r.outcome === "ok") {
        tools = r.tools;
        observation = okObservation(target, at(), r.tools, { server_info: r.server_info });
      } else {
        console.error(`esim-rails log observe: ${r.outcome}: ${r.detail}`);
        observation = failedObservation(target, at(), r.outcome);
      }
    }
    const leafIndex = await log.append(observation, tools);
    const cp = await log.checkpoint();
    console.log(
      JSON.stringify({ leaf_index: leafIndex, tree_size: cp.size, observation }, null, 2),
    );
    return 0;
  });
}

async function crawlCommand(argv: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(argv, {
    registry: { type: "string" },
    concurrency: { type: "string" },
    timeout: { type: "string" },
    "kv-path": { type: "string" },
  }, true);
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const concurrency = positiveInt(values.concurrency, "--concurrency", 8, 64);
  const timeout = positiveInt(values.timeout, "--timeout", 10, 600);
  return await withLog(values["kv-path"], async ({ config, log }) => {
    const registry = values.registry ?? config.tlog.registryUrl;
    if (!registry) throw new UsageError("give --registry <url> (or set MCP_REGISTRY_URL)");
    try {
      new URL(registry);
    } catch {
      throw new UsageError("--registry must be an absolute URL");
    }
    const abort = new AbortController();
    const stop = () => abort.abort();
    Deno.addSignalListener("SIGINT", stop);
    try {
      const summary = await crawl(log, {
        registry,
        concurrency,
        observe: { timeoutMs: timeout * 1000, allowPrivate: config.tlog.allowPrivate },
        progress: (line) => console.error(line),
        signal: abort.signal,
      });
      console.log(JSON.stringify(summary, null, 2));
      return 0;
    } catch (err) {
      if (err instanceof RegistryError || abort.signal.aborted) {
        console.error(
          `esim-rails log crawl: ${
            abort.signal.aborted ? "interrupted" : err instanceof Error ? err.message : err
          } (the next crawl resumes from here)`,
        );
        return 1;
      }
      throw err;
    } finally {
      Deno.removeSignalListener("SIGINT", stop);
    }
  });
}

async function verifyCommand(argv: string[]): Promise<number> {
  const { values, positionals } = await parseFlags(argv, { "kv-path": { type: "string" } }, true);
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  return await withLog(values["kv-path"], async ({ log }) => {
    const report = await auditLog(log, (line) => console.error(line));
    console.log(JSON.stringify(report, null, 2));
    return report.valid ? 0 : 1;
  });
}

export const command: CliCommand = {
  usage: USAGE,
  run(argv) {
    const [sub, ...rest] = argv;
    if (sub === "observe") return observe(rest);
    if (sub === "crawl") return crawlCommand(rest);
    if (sub === "verify") return verifyCommand(rest);
    if (sub === undefined) throw new UsageError("give observe, crawl or verify");
    throw new UsageError(`unknown log command '${sub}': use observe, crawl or verify`);
  },
};
