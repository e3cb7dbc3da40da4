/**
 * Reads an MCP server's tool list over streamable HTTP, as the transparency log observes it:
 * `initialize`, `notifications/initialized`, `tools/list` with cursor pagination, JSON or SSE
 * answers. No credentials, no `tools/call`, no redirects, one overall deadline, a byte cap and a
 * tool cap. Every failure becomes an outcome, never an exception.
 *
 * @example
 * ```ts
 * import { observeEndpoint } from "./mcp_client.ts";
 * (await observeEndpoint("http://example.com/mcp")).outcome; // "not_observable"
 * ```
 */
import { HttpError } from "../http/errors.ts";
import { parseToolList } from "../security/parse.ts";
import type { Tool } from "../security/scan.ts";
import { VERSION } from "../version.ts";
import { assertPublicHost, RefusedAddressError } from "./address.ts";
import type { Outcome } from "./observation.ts";

export const PROTOCOL_VERSION = "2025-11-25";

export interface ObserveOptions {
  /** Deadline for the whole exchange (default 10 s). */
  timeoutMs?: number;
  /** Cap on the bytes read from all answers together (default 5 MiB). */
  maxBytes?: number;
  /** Most tools kept before the answer is called a protocol error (default 500). */
  maxTools?: number;
  /** Allow private, loopback and link-local addresses (`LOG_ALLOW_PRIVATE=1`). */
  allowPrivate?: boolean;
  /** A Deno HTTP client (tests pass one that trusts their CA). */
  client?: Deno.HttpClient;
  signal?: AbortSignal;
}

export type ObserveResult =
  | { outcome: "ok"; tools: Tool[]; server_info?: { name: string; version: string } }
  | { outcome: Exclude<Outcome, "ok">; detail: string };

class Fail extends Error {
  constructor(readonly outcome: Exclude<Outcome, "ok">, detail: string) {
    super(detail);
  }
}

interface Session {
  endpoint: string;
  id?: string;
  protocol?: string;
  budget: { left: number };
  signal: AbortSignal;
  client?: Deno.HttpClient;
}

/** Reads at most `budget.left` bytes of a body as text. */
async function readCapped(res: Response, budget: { left: number }): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    budget.left -= value.length;
    if (budget.left < 0) {
      await reader.cancel().catch(() => {});
      throw new Fail("protocol_error", "the answers exceed the size limit");
    }
    parts.push(value);
  }
  return new TextDecoder().decode(await new Blob(parts as BlobPart[]).arrayBuffer());
}

/** Reads SSE events until one carries the JSON-RPC response with `id`. */
async function readSse(res: Response, id: number, budget: { left: number }): Promise<unknown> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value) {
        budget.left -= value.length;
        if (budget.left < 0) throw new Fail("protocol_error", "the answers exceed the size limit");
        buf += value.replaceAll("\r\n", "\n");
        let cut;
        while ((cut = buf.indexOf("\n\n")) >= 0) {
          const event = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const data = event.split("\n").filter((l) => l.startsWith("data:"))
            .map((l) => l.slice(5).replace(/^ /, "")).join("\n");
          if (!data) continue;
          const msg = parseJson(data);
          if (isResponse(msg, id)) return msg;
        }
      }
      if (done) throw new Fail("protocol_error", "the event stream ended without an answer");
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Fail("protocol_error", "the answer is not JSON");
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isResponse(msg: unknown, id: number): msg is Record<string, unknown> {
  return isObject(msg) && msg.id === id && ("result" in msg || "error" in msg);
}

function statusFailure(res: Response): Fail {
  if (res.status === 401 || res.status === 403) {
    return new Fail("auth_required", `HTTP ${res.status}: the server requires authorization`);
  }
  if (res.status >= 300 && res.status < 400) {
    return new Fail("protocol_error", `HTTP ${res.status}: redirects are not followed`);
  }
  if (res.status >= 500) return new Fail("unreachable", `HTTP ${res.status}`);
  return new Fail("protocol_error", `HTTP ${res.status}`);
}

async function post(s: Session, body: unknown): Promise<Response> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  if (s.id) headers["mcp-session-id"] = s.id;
  if (s.protocol) headers["mcp-protocol-version"] = s.protocol;
  try {
    return await fetch(s.endpoint, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      redirect: "manual",
      signal: s.signal,
      ...(s.client ? { client: s.client } : {}),
    } as RequestInit);
  } catch (err) {
    if (s.signal.aborted) throw new Fail("unreachable", "no answer before the deadline");
    throw new Fail("unreachable", `cannot connect: ${(err as Error).message}`);
  }
}

/** One JSON-RPC request; returns its `result` object. */
async function request(s: Session, id: number, method: string, params: unknown) {
  const res = await post(s, { jsonrpc: "2.0", id, method, params });
  if (!res.ok) {
    await res.body?.cancel();
    throw statusFailure(res);
  }
  const sid = res.headers.get("mcp-session-id");
  if (sid && !s.id) s.id = sid;
  const type = (res.headers.get("content-type") ?? "").toLowerCase();
  let msg: unknown;
  if (type.startsWith("text/event-stream")) {
    msg = await readSse(res, id, s.budget);
  } else if (type.startsWith("application/json")) {
    msg = parseJson(await readCapped(res, s.budget));
    if (Array.isArray(msg)) msg = msg.find((m) => isResponse(m, id));
  } else {
    await res.body?.cancel();
    throw new Fail("protocol_error", `unexpected content type '${type}'`);
  }
  if (!isResponse(msg, id)) throw new Fail("protocol_error", `no answer to ${method}`);
  if ("error" in msg) {
    const e = msg.error as { code?: unknown; message?: unknown };
    throw new Fail("protocol_error", `${method} failed: ${String(e?.message ?? e?.code)}`);
  }
  if (!isObject(msg.result)) throw new Fail("protocol_error", `${method}: result is not an object`);
  return msg.result;
}

function problem(err: unknown): string {
  return err instanceof HttpError ? err.message : String((err as Error)?.message ?? err);
}

/** Observes one endpoint. Never throws for anything the server does. */
export async function observeEndpoint(
  endpoint: string,
  options: ObserveOptions = {},
): Promise<ObserveResult> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { outcome: "not_observable", detail: "not a URL" };
  }
  if (url.protocol !== "https:") return { outcome: "not_observable", detail: "not https" };
  if (!options.allowPrivate) {
    try {
      await assertPublicHost(endpoint);
    } catch (err) {
      if (err instanceof RefusedAddressError) {
        return { outcome: "not_observable", detail: err.message };
      }
      throw err;
    }
  }
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const s: Session = {
    endpoint,
    budget: { left: options.maxBytes ?? 5 * 1024 * 1024 },
    signal,
    client: options.client,
  };
  const maxTools = options.maxTools ?? 500;
  try {
    const init = await request(s, 1, "initialize", {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "esim-rails-log", version: VERSION },
    });
    s.protocol = typeof init.protocolVersion === "string" ? init.protocolVersion : PROTOCOL_VERSION;
    const info = isObject(init.serverInfo) ? init.serverInfo : undefined;
    const note = await post(s, { jsonrpc: "2.0", method: "notifications/initialized" });
    await note.body?.cancel();
    if (!note.ok) throw statusFailure(note);
    const tools: unknown[] = [];
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let id = 2;; id++) {
      const page = await request(s, id, "tools/list", cursor === undefined ? {} : { cursor });
      if (!Array.isArray(page.tools)) {
        throw new Fail("protocol_error", "tools/list has no tools array");
      }
      tools.push(...page.tools);
      if (tools.length > maxTools) {
        throw new Fail("protocol_error", `more than ${maxTools} tools`);
      }
      if (typeof page.nextCursor !== "string" || page.nextCursor === "") break;
      if (cursors.has(page.nextCursor)) throw new Fail("protocol_error", "tools/list cursor loops");
      cursors.add(page.nextCursor);
      cursor = page.nextCursor;
    }
    let parsed: Tool[];
    try {
      parsed = parseToolList(tools, "tools");
    } catch (err) {
      throw new Fail("protocol_error", `invalid tool list: ${problem(err)}`);
    }
    if (s.id) {
      // Be polite: end the session (best effort, within the same deadline).
      await fetch(endpoint, {
        method: "DELETE",
        headers: { "mcp-session-id": s.id, "mcp-protocol-version": s.protocol },
        redirect: "manual",
        signal,
        ...(s.client ? { client: s.client } : {}),
      } as RequestInit).then((r) => r.body?.cancel()).catch(() => {});
    }
    const result: ObserveResult = { outcome: "ok", tools: parsed };
    if (info && typeof info.name === "string") {
      result.server_info = {
        name: info.name,
        version: typeof info.version === "string" ? info.version : "",
      };
    }
    return result;
  } catch (err) {
    if (err instanceof Fail) return { outcome: err.outcome, detail: err.message };
    if (signal.aborted) return { outcome: "unreachable", detail: "no answer before the deadline" };
    return { outcome: "protocol_error", detail: problem(err) };
  }
}
