/**
 * `esim-rails scan <tools.json|->`: the firewall-scan verdict offline, free, as the endpoint
 * answers it (`{status, service, verdict}`).
 * Exit codes: 0 allow, 1 block, 2 usage or invalid input.
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { readJsonArg } from "./_tools_input.ts";
import { HttpError } from "../http/errors.ts";
import { parseScanInput } from "../security/parse.ts";
import { scanTools } from "../security/scan.ts";

export const command: CliCommand = {
  usage: `Usage: esim-rails scan <tools.json|->

Scans an MCP tools/list (a list of tools, {tools}, or a JSON-RPC tools/list answer) with the
published firewall rules and prints {status, service, verdict} as POST /x402/firewall-scan does.
No network. Exit codes: 0 allow, 1 block, 2 usage or invalid input.`,

  async run(argv) {
    const { positionals } = await parseFlags(argv, {}, true);
    if (positionals.length !== 1) throw new UsageError("give one tools.json file, or - for stdin");
    const raw = await readJsonArg(positionals[0]!);
    const body = Array.isArray(raw) ? { tools: raw } : raw;
    let input;
    try {
      input = parseScanInput(body);
    } catch (err) {
      return invalid("firewall-scan", err);
    }
    const verdict = scanTools(input.tools);
    console.log(JSON.stringify({ status: "ok", service: "firewall-scan", verdict }, null, 2));
    return verdict.allow ? 0 : 1;
  },
};

/** Prints the endpoint's 400 body to stderr and returns exit code 2. */
export function invalid(service: string, err: unknown): number {
  if (!(err instanceof HttpError)) throw err;
  const error: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.field) error.field = err.field;
  console.error(JSON.stringify({ status: "error", service, error }));
  return 2;
}
