/**
 * `esim-rails call <url> --data <json> --key-file <buyer key>`: calls a paid route, paying its
 * x402 terms with our own client (EIP-3009 signed with viem), and prints the answer (result and
 * receipt) with the decoded `PAYMENT-RESPONSE`.
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { readKeyFile } from "../crypto/key_file.ts";
import { toHex } from "../crypto/hash.ts";
import { usdToAtomic } from "../x402/constants.ts";
import { unreachableMessage } from "./_fetch_error.ts";
import { DEFAULT_MAX_TIMEOUT_CAP_SECONDS } from "../x402/client.ts";

export const command: CliCommand = {
  usage:
    `Usage: esim-rails call <url> --data <json> --key-file <file> [--max-usd <amount>] [--max-timeout-s <n>]

Calls a paid x402 route: POSTs the JSON, pays the 402 terms (scheme exact, USDC) with the buyer
key and retries, then prints {status, payment_response, body} as JSON (body holds result and
receipt). Exit 0 on a 2xx answer, 1 otherwise.
  --data <json>      request body (JSON text; default {})
  --key-file <file>  buyer's secp256k1 key (64 hex characters, as written by keygen)
  --max-usd <amount> refuse to pay more than this (default 0.10)
  --max-timeout-s <n> refuse terms whose authorization would stay valid longer than n seconds
                     (default ${DEFAULT_MAX_TIMEOUT_CAP_SECONDS}; non-integer values are always refused)`,

  async run(argv) {
    const { values, positionals } = await parseFlags(argv, {
      data: { type: "string" },
      "key-file": { type: "string" },
      "max-usd": { type: "string" },
      "max-timeout-s": { type: "string" },
    }, true);
    const url = positionals[0];
    if (!url || positionals.length > 1) throw new UsageError("give exactly one <url>");
    try {
      new URL(url);
    } catch {
      throw new UsageError(`'${url}' is not a URL`);
    }
    if (!values["key-file"]) throw new UsageError("--key-file <file> is required");
    let data: unknown = {};
    if (values.data !== undefined) {
      try {
        data = JSON.parse(values.data);
      } catch {
        throw new UsageError("--data must be JSON");
      }
    }
    let maxAtomic: bigint;
    try {
      maxAtomic = BigInt(usdToAtomic(values["max-usd"] ?? "0.10"));
    } catch {
      throw new UsageError("--max-usd must be a USD amount like 0.05");
    }
    let maxTimeoutSeconds = DEFAULT_MAX_TIMEOUT_CAP_SECONDS;
    if (values["max-timeout-s"] !== undefined) {
      if (!/^[1-9]\d{0,8}$/.test(values["max-timeout-s"])) {
        throw new UsageError("--max-timeout-s must be a whole number of seconds, 1 or more");
      }
      maxTimeoutSeconds = Number(values["max-timeout-s"]);
    }
    const { privateKeyToAccount } = await import("viem/accounts");
    const { payAndFetch } = await import("../x402/client.ts");
    const account = privateKeyToAccount(`0x${toHex(await readKeyFile(values["key-file"]))}`);
    try {
      const r = await payAndFetch(url, data, account, { maxAtomic, maxTimeoutSeconds });
      console.log(
        JSON.stringify(
          { status: r.status, payment_response: r.settlement ?? null, body: r.body },
          null,
          2,
        ),
      );
      return r.status >= 200 && r.status < 300 ? 0 : 1;
    } catch (e) {
      const down = unreachableMessage(url, e);
      if (down) {
        console.error(`esim-rails call: ${down}`);
        return 1;
      }
      const message = (e as Error).message;
      const hint = message.includes("s, above the cap")
        ? " (nothing was signed; raise --max-timeout-s)"
        : message.includes("above the cap")
        ? " (nothing was signed; raise --max-usd)"
        : message.includes("maxTimeoutSeconds")
        ? " (nothing was signed)"
        : "";
      console.error(`esim-rails call: ${message}${hint}`);
      return 1;
    }
  },
};
