/**
 * Shared argument handling for subcommands, on `node:util` `parseArgs` (JSR's `@std/cli` is
 * unreachable from our machines). Unknown flags and missing values are `UsageError`s, which
 * `main.ts` turns into exit code 2 with the subcommand's usage.
 */
import type { parseArgs, ParseArgsConfig } from "node:util";

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

type Options = NonNullable<ParseArgsConfig["options"]>;

type Help = { help: { type: "boolean"; short: "h" } };
type Parsed<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O & Help; strict: true; allowPositionals: boolean }>
>;

/**
 * Parses `argv` strictly; `--help`/`-h` is always accepted and reported as `help: true`.
 * `node:util` (Node compatibility: ~10 ms and ~5 MB) is loaded only when there is something to
 * parse, so `esim-rails serve` configured from the environment starts without it.
 */
export async function parseFlags<O extends Options>(
  argv: string[],
  options: O,
  allowPositionals = false,
): Promise<Parsed<O>> {
  // What parseArgs answers for no arguments (no option here has a default).
  if (argv.length === 0) return { values: Object.create(null), positionals: [] } as Parsed<O>;
  const { parseArgs } = await import("node:util");
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: "boolean", short: "h" } } as O & Help,
      strict: true,
      allowPositionals,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** A command the CLI can run: returns the process exit code. */
export interface CliCommand {
  usage: string;
  run(argv: string[]): Promise<number>;
}

/** Resolves on the first SIGINT or SIGTERM (Ctrl-C, or a service manager's stop). */
export async function untilStopSignal(): Promise<void> {
  const stopped = Promise.withResolvers<void>();
  const stop = () => stopped.resolve();
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  try {
    await stopped.promise;
  } finally {
    Deno.removeSignalListener("SIGINT", stop);
    Deno.removeSignalListener("SIGTERM", stop);
  }
}
