/**
 * The reference webhook receiver as a fetch handler (spec: eSIM rails §5, §6 rule 4): verifies
 * the signature and timestamp (401 on failure, five minutes or more away is stale), checks the
 * event envelope (400 naming the field, e.g. malformed JSON), de-duplicates by `id` in memory
 * (a bounded set of recent ids; a repeat answers 204 again and is reported as a duplicate) and
 * answers 204. Operators can embed it in any Web-standard server (Deno.serve, Bun, Node with a
 * Request adapter). Web-standard only.
 *
 * @example
 * ```ts
 * import { createWebhookReceiver } from "./receiver.ts";
 * const handler = createWebhookReceiver({
 *   secret: "a shared secret of 16+ chars",
 *   onEvent: (event, { duplicate }) => { if (!duplicate) console.log(event.type, event.id); },
 * });
 * // Deno.serve(handler);
 * ```
 */
import { checkEvent, type WebhookEvent } from "./event.ts";
import { EVENT_HEADER, type WebhookRefusal, WebhookVerifier } from "./sign.ts";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from "../supplier/http_signature.ts";
import { BodyTimeoutError, BodyTooLargeError, readBodyLimited } from "../http/read_body.ts";

export interface ReceivedInfo {
  /** True when this id was already received (the handler still answers 204). */
  duplicate: boolean;
  /** The raw body as received. */
  raw: string;
}

export interface WebhookReceiverOptions {
  /** The shared secret (16 or more characters; shorter throws `RangeError`). */
  secret: string;
  /**
   * Called for every verified event, duplicates included (`info.duplicate`). Throwing makes
   * the answer 500 and forgets the id, so the sender's retry is processed again.
   */
  onEvent?: (event: WebhookEvent, info: ReceivedInfo) => void | Promise<void>;
  /** Called for every refused request with the status and a short reason (never the body). */
  onRefused?: (status: number, reason: string) => void;
  /** Clock in ms (default `Date.now`). */
  now?: () => number;
  /** How many recent ids to remember for de-duplication (default 10000). */
  dedupeSize?: number;
  /** Largest accepted body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Time allowed for the body to arrive (408 after it); default: no limit. */
  bodyTimeoutMs?: number;
}

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const REASONS: Record<WebhookRefusal, string> = {
  missing: "The X-Kit-Signature or X-Kit-Timestamp header is missing",
  malformed: "X-Kit-Timestamp must be milliseconds since the epoch",
  stale: "X-Kit-Timestamp is five minutes or more from this receiver's clock",
  bad_signature: "X-Kit-Signature does not match the body",
};

function errorResponse(r: Refused, headers: Record<string, string> = {}): Response {
  const error: Record<string, string> = { code: r.code, message: r.message };
  if (r.field) error.field = r.field;
  return new Response(JSON.stringify({ success: false, error }), {
    status: r.status,
    headers: { "content-type": "application/json", ...headers },
  });
}

async function readBody(req: Request, limit: number, timeoutMs?: number): Promise<Uint8Array> {
  try {
    return await readBodyLimited(req, limit, timeoutMs);
  } catch (err) {
    if (err instanceof BodyTooLargeError) {
      throw new Refused(413, "payload_too_large", `The body is over the ${limit}-byte limit`);
    }
    if (err instanceof BodyTimeoutError) {
      throw new Refused(
        408,
        "invalid_input",
        `The body did not arrive within ${timeoutMs} ms`,
        "body",
      );
    }
    throw new Refused(400, "invalid_input", "The request body could not be read", "body");
  }
}

/** Remembers the most recent `max` ids (oldest forgotten first). */
class RecentIds {
  readonly #ids = new Set<string>();
  constructor(readonly max: number) {}
  has(id: string): boolean {
    return this.#ids.has(id);
  }
  add(id: string): void {
    this.#ids.add(id);
    while (this.#ids.size > this.max) {
      const oldest = this.#ids.values().next().value as string;
      this.#ids.delete(oldest);
    }
  }
  delete(id: string): void {
    this.#ids.delete(id);
  }
}

/**
 * Builds the receiver's fetch handler. Any path is accepted; only POST (405 otherwise).
 *
 * @example
 * ```ts
 * import { createWebhookReceiver } from "./receiver.ts";
 * const handler = createWebhookReceiver({ secret: "0123456789abcdef" });
 * const res = await handler(new Request("http://x/", { method: "POST", body: "{}" }));
 * res.status; // 401 (no signature)
 * ```
 */
export function createWebhookReceiver(
  options: WebhookReceiverOptions,
): (req: Request) => Promise<Response> {
  const verifier = new WebhookVerifier(options.secret);
  const now = options.now ?? Date.now;
  const seen = new RecentIds(Math.max(1, options.dedupeSize ?? 10_000));
  const limit = options.maxBodyBytes ?? 1024 * 1024;

  async function handle(req: Request): Promise<Response> {
    if (req.method !== "POST") {
      throw new Refused(405, "method_not_allowed", "Send webhook deliveries with POST");
    }
    const raw = await readBody(req, limit, options.bodyTimeoutMs);
    const verdict = verifier.verify({
      timestamp: req.headers.get(TIMESTAMP_HEADER),
      signature: req.headers.get(SIGNATURE_HEADER),
      body: raw,
    }, now());
    if (!verdict.ok) throw new Refused(401, "unauthorized", REASONS[verdict.reason]);

    let text: string;
    let parsed: unknown;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
      parsed = JSON.parse(text);
    } catch {
      throw new Refused(400, "invalid_input", "The body is not valid JSON", "body");
    }
    const checked = checkEvent(parsed);
    if (!checked.ok) throw new Refused(400, "invalid_input", checked.message, checked.field);
    const event = parsed as WebhookEvent;
    const header = req.headers.get(EVENT_HEADER);
    if (header !== null && header !== event.type) {
      throw new Refused(
        400,
        "invalid_input",
        "X-Kit-Event differs from the body's type",
        EVENT_HEADER,
      );
    }

    const duplicate = seen.has(event.id);
    if (!duplicate) seen.add(event.id);
    try {
      await options.onEvent?.(event, { duplicate, raw: text });
    } catch {
      if (!duplicate) seen.delete(event.id);
      throw new Refused(500, "internal_error", "The receiver failed to process the event");
    }
    return new Response(null, { status: 204 });
  }

  return async function webhookReceiver(req: Request): Promise<Response> {
    try {
      return await handle(req);
    } catch (err) {
      const r = err instanceof Refused
        ? err
        : new Refused(400, "invalid_input", "The request could not be read", "body");
      options.onRefused?.(r.status, r.message);
      // 408: the rest of a slow body is not worth reading; the connection is closed.
      const headers: Record<string, string> = r.status === 405
        ? { allow: "POST" }
        : r.status === 408
        ? { connection: "close" }
        : {};
      return errorResponse(r, headers);
    }
  };
}
