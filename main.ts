/**
 * esim-rails: CLI dispatch only. Every subcommand lives in its own module (src/cli/).
 * Exit codes: 0 success, 1 the command failed (one line on stderr, no stack trace), 2 usage error.
 */
import { COMMANDS } from "./src/cli/commands.ts";
import { UsageError } from "./src/cli/args.ts";
import { VERSION } from "./src/version.ts";

function topUsage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) =>
    `  ${name.padEnd(width)}  ${c.summary}`
  );
  return [
    `esim-rails ${VERSION}: paid data/security API and eSIM operator rails over x402`,
    "",
    "Usage: esim-rails <command> [options]",
    "",
    "Commands:",
    ...lines,
    "",
    "Options: --help, --version. Run 'esim-rails <command> --help' for a command's options.",
  ].join("\n");
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    console.log(topUsage());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-V" || name === "version") {
    console.log(`esim-rails ${VERSION}`);
    return 0;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    console.error(`esim-rails: unknown command '${name}'\n\n${topUsage()}`);
    return 2;
  }
  const { command } = await entry.load();
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(command.usage);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`esim-rails ${name}: ${err.message}\n\n${command.usage}`);
      return 2;
    }
    // Anything a command did not report itself (an unwritable --out, an unreadable key file, an
    // address that cannot be bound) is a failure with a one-line message, never a stack trace.
    console.error(`esim-rails ${name}: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
