/**
 * `esim-rails check <seller_node_url> --country <CC>`: the conformance check of any seller node
 * (spec: eSIM rails §4.4). A pure client: it opens no KV store and writes nothing, so several
 * can run at once. Exit 0 when conformant (warnings allowed), 1 when not (or inconclusive),
 * 2 on usage errors.
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";

export const command: CliCommand = {
  usage: `Usage: esim-rails check <seller_node_url> --country <CC> [--json] [--timeout-ms <n>]

Probes a seller node (ours or anyone's) with the nine checks of esim.*@v1, in order: listing
document, quote answer validity, cheapest first, signature with the listing key, bad input is
400, unknown eSIM is 404 not_found, unknown offer is 400 before any price, x402 terms on an
unpaid order, CORS on the free routes. Calls only the free routes, asks /order for its price
and never pays.

  --country <CC>      two-letter country to quote, e.g. US (required)
  --json              print the report as JSON instead of a checklist
  --timeout-ms <n>    time limit per request, in milliseconds (default 10000)

Exit 0 when the node is conformant (warnings allowed, e.g. demo mode), 1 when it is not or a
check could not run, 2 on usage errors.`,

  async run(argv) {
    const { values, positionals } = await parseFlags(argv, {
      country: { type: "string" },
      json: { type: "boolean" },
      "timeout-ms": { type: "string" },
    }, true);
    if (positionals.length === 0) throw new UsageError("give the seller node URL");
    if (positionals.length > 1) throw new UsageError("give one seller node URL");
    const { normaliseNodeUrl, runConformance, formatReport, DEFAULT_CHECK_TIMEOUT_MS } =
      await import("../../rails/check/mod.ts");
    let target: string;
    try {
      target = normaliseNodeUrl(positionals[0]!);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    const country = values.country;
    if (country === undefined) throw new UsageError("--country is required, e.g. --country US");
    if (!/^[A-Za-z]{2}$/.test(country)) {
      throw new UsageError(`--country must be two letters, e.g. US (got '${country}')`);
    }
    let timeoutMs = DEFAULT_CHECK_TIMEOUT_MS;
    if (values["timeout-ms"] !== undefined) {
      const t = values["timeout-ms"];
      if (!/^[1-9][0-9]{0,8}$/.test(t)) {
        throw new UsageError(`--timeout-ms must be a positive whole number (got '${t}')`);
      }
      timeoutMs = Number(t);
    }
    let report;
    try {
      report = await runConformance(target, { country, timeoutMs });
    } catch (err) {
      console.error(`esim-rails check: ${(err as Error).message}`);
      return 1;
    }
    if (values.json) {
      console.log(JSON.stringify(report, null, 2));
    } else {
      const colour = Deno.stdout.isTerminal() && !Deno.env.get("NO_COLOR");
      console.log(formatReport(report, { colour }));
    }
    return report.conformant ? 0 : 1;
  },
};
