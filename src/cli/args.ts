/**
 * Shared argument handling for subcommands, on `node:util` `parseArgs` (JSR's `@std/cli` is
 * unreachable from our machines). Unknown flags and missing values are `UsageError`s, which
 * `main.ts` turns into exit code 2 with the subcommand's usage.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Parses `argv` strictly; `--help`/`-h` is always accepted and reported as `help: true`. */
export function parseFlags<O extends Options>(
  argv: string[],
  options: O,
  allowPositionals = false,
) {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: "boolean", short: "h" } } as O & {
        help: { type: "boolean"; short: "h" };
      },
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
