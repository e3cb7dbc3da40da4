/**
 * `esim-rails diff <old.json> <new.json>`: mcp-diff offline, free, printing
 * `{status, service, capability_id, result}` as POST /x402/mcp-diff does (no receipt offline).
 * Exit codes: 0 unchanged, changed or review; 1 suspicious; 2 usage or invalid input.
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { readJsonArg } from "./_tools_input.ts";
import { invalid } from "./scan.ts";
import { parseDiffInput } from "../security/parse.ts";
import { diffTools } from "../security/diff.ts";

export const command: CliCommand = {
  usage: `Usage: esim-rails diff <old.json> <new.json>

Compares the approved tools/list (old) with the current one (new); each file holds a list of
tools, {tools}, or a JSON-RPC tools/list answer ('-' reads one of them from stdin). Prints
{status, service, capability_id, result} as POST /x402/mcp-diff does. No network.
Exit codes: 0 unchanged, changed or review; 1 suspicious; 2 usage or invalid input.`,

  async run(argv) {
    const { positionals } = await parseFlags(argv, {}, true);
    if (positionals.length !== 2) throw new UsageError("give two files: <old.json> <new.json>");
    if (positionals[0] === "-" && positionals[1] === "-") {
      throw new UsageError("only one of the two files can be stdin");
    }
    const old = await readJsonArg(positionals[0]!);
    const cur = await readJsonArg(positionals[1]!);
    let input;
    try {
      input = parseDiffInput({ old, new: cur });
    } catch (err) {
      return invalid("mcp-diff", err);
    }
    const result = diffTools(input.old, input.new);
    console.log(
      JSON.stringify(
        { status: "ok", service: "mcp-diff", capability_id: "mcp.tools.diff@v1", result },
        null,
        2,
      ),
    );
    return result.verdict === "suspicious" ? 1 : 0;
  },
};
