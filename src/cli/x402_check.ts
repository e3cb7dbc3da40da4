/**
 * `esim-rails x402-check <file.json|->`: the x402-check of the paid API, free and offline. The
 * input is the endpoint's request body; the output is the same `result` JSON. Exit 0 when the
 * payment is valid, 1 when not, 2 for unusable input.
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { HttpError } from "../http/errors.ts";

export const command: CliCommand = {
  usage: `Usage: esim-rails x402-check <file.json|->

Checks an x402 payment offline, exactly like POST /x402/x402-check, and prints the result JSON.
The input is that endpoint's body: {"x_payment": "<base64>"} or {"authorization": {...},
"signature": "0x…", "network": "base"}, optionally with "requirements" and "now".
Exit 0 when the payment is valid, 1 when it is not, 2 when the input is unusable.`,

  async run(argv) {
    const { positionals } = await parseFlags(argv, {}, true);
    if (positionals.length !== 1) throw new UsageError("give one input file, or - for stdin");
    const path = positionals[0]!;
    let text: string;
    try {
      text = path === "-"
        ? await new Response(Deno.stdin.readable).text()
        : await Deno.readTextFile(path);
    } catch (e) {
      console.error(`esim-rails x402-check: cannot read ${path}: ${(e as Error).message}`);
      return 2;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      console.error(`esim-rails x402-check: ${path} is not JSON`);
      return 2;
    }
    const { parseCheckInput, runCheck } = await import("../x402/check.ts");
    try {
      const result = runCheck(parseCheckInput(body), Math.floor(Date.now() / 1000));
      console.log(JSON.stringify(result, null, 2));
      return result.valid ? 0 : 1;
    } catch (e) {
      if (e instanceof HttpError) {
        console.error(`esim-rails x402-check: ${e.field ? `'${e.field}': ` : ""}${e.message}`);
        return 2;
      }
      throw e;
    }
  },
};
