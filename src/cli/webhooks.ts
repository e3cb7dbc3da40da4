/**
 * `esim-rails webhooks listen`: the reference webhook receiver (spec: eSIM rails §6 rule 4) for
 * operators to test their setup. Verifies every delivery (204, or 401 for a bad signature or a
 * timestamp five minutes or more away, 400 for a malformed body), de-duplicates by `id` and
 * prints each new event as one JSON line on stdout. The first stdout line is the banner
 * `esim-rails webhooks: listening on http://HOST:PORT` (tests parse it); duplicates and
 * refusals are reported on stderr, so stdout stays one event per line (pipe it to `jq`).
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { readSecretFile } from "../crypto/key_file.ts";
import { MIN_SECRET_LENGTH } from "../../rails/hmac.ts";
import { createWebhookReceiver } from "../../rails/webhooks/receiver.ts";
import { serveGuarded } from "../http/serve_guarded.ts";
import { ConfigError, loadConnectionLimits } from "../config/config.ts";

export const DEFAULT_WEBHOOK_PORT = 8788;

const USAGE = `Usage: esim-rails webhooks listen --secret-file <file> [--port <n>] [--host <addr>]

Runs the reference webhook receiver: verifies X-Kit-Signature (HMAC-SHA256 over timestamp,
".", raw body) and X-Kit-Timestamp (refused five minutes or more away), answers 204, 401 or
400, de-duplicates by event id and prints every new event as one JSON line on stdout.
Point WEBHOOK_URL at it, with WEBHOOK_SECRET_FILE holding the same secret.

  --secret-file <file>  the shared secret, 16+ characters (default: WEBHOOK_SECRET_FILE)
  --port <n>            port (default ${DEFAULT_WEBHOOK_PORT}; 0 = any free port)
  --host <addr>         bind address (default 127.0.0.1; 0.0.0.0 for all interfaces)
  --dedupe <n>          how many recent event ids to remember (default 10000)`;

export const command: CliCommand = {
  usage: USAGE,
  async run(argv) {
    const [sub, ...rest] = argv;
    if (sub !== "listen") {
      throw new UsageError(
        sub === undefined ? "missing subcommand" : `unknown subcommand '${sub}'`,
      );
    }
    const { values } = await parseFlags(rest, {
      "secret-file": { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      dedupe: { type: "string" },
    });
    const port = intFlag("--port", values.port, DEFAULT_WEBHOOK_PORT);
    if (port > 65535) throw new UsageError("--port must be at most 65535");
    const dedupe = intFlag("--dedupe", values.dedupe, 10_000);
    if (dedupe < 1) throw new UsageError("--dedupe must be at least 1");
    const host = values.host ?? "127.0.0.1";
    const secretFile = values["secret-file"] ?? Deno.env.get("WEBHOOK_SECRET_FILE");
    if (!secretFile) throw new UsageError("--secret-file is required (or set WEBHOOK_SECRET_FILE)");
    let secret: string;
    try {
      secret = await readSecretFile(secretFile);
    } catch (err) {
      console.error(`esim-rails webhooks: ${(err as Error).message}`);
      return 1;
    }
    if (secret.length < MIN_SECRET_LENGTH) {
      console.error(
        `esim-rails webhooks: the secret in ${secretFile} must have ${MIN_SECRET_LENGTH} or more characters`,
      );
      return 1;
    }

    let limits;
    try {
      limits = loadConnectionLimits(Deno.env.toObject());
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      console.error(`esim-rails webhooks: ${err.message}`);
      return 1;
    }
    const handler = createWebhookReceiver({
      secret,
      bodyTimeoutMs: limits.bodyTimeoutMs,
      dedupeSize: dedupe,
      onEvent: (event, { duplicate }) => {
        if (duplicate) {
          console.error(`esim-rails webhooks: duplicate ${event.id} (${event.type}), not printed`);
        } else {
          console.log(JSON.stringify(event));
        }
      },
      onRefused: (status, reason) =>
        console.error(`esim-rails webhooks: refused ${status}: ${reason}`),
    });

    const stop = new AbortController();
    const onSignal = () => stop.abort();
    Deno.addSignalListener("SIGINT", onSignal);
    Deno.addSignalListener("SIGTERM", onSignal);
    let bound = "";
    let server: ReturnType<typeof serveGuarded>;
    try {
      server = serveGuarded({
        hostname: host,
        limits,
        port,
        signal: stop.signal,
        onListen: ({ hostname, port }) => {
          const h = hostname.includes(":") ? `[${hostname}]` : hostname;
          bound = `http://${h}:${port}`;
        },
      }, handler);
    } catch (err) {
      Deno.removeSignalListener("SIGINT", onSignal);
      Deno.removeSignalListener("SIGTERM", onSignal);
      console.error(
        `esim-rails webhooks: cannot listen on ${host}:${port}: ${(err as Error).message}`,
      );
      return 1;
    }
    console.log(`esim-rails webhooks: listening on ${bound} (secret from ${secretFile})`);
    try {
      await server.finished;
    } finally {
      Deno.removeSignalListener("SIGINT", onSignal);
      Deno.removeSignalListener("SIGTERM", onSignal);
    }
    return 0;
  },
};

function intFlag(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new UsageError(`${name} must be a non-negative integer`);
  return Number(raw);
}
