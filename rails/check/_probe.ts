/**
 * HTTP probes of the conformance check: one request with a time limit (body included), a
 * bounded body read, and JSON parsing that never throws. Transport failures (refused
 * connection, DNS, TLS, timeout) become a `TransportError` with a sentence for people, never a
 * stack trace. Web APIs only.
 */

/** Largest answer body read (bytes); a node sending more fails the check that asked. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** The node could not be asked: no connection, or no answer in time. */
export class TransportError extends Error {
  constructor(
    readonly kind: "timeout" | "unreachable" | "too_large",
    message: string,
    /** The probe, e.g. `GET /listing.json`. */
    readonly request: string,
  ) {
    super(message);
    this.name = "TransportError";
  }
}

/** An answer as the checks read it. */
export interface Answer {
  /** The probe label, e.g. `POST /quote`. */
  request: string;
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, when `isJson`. */
  json: unknown;
  isJson: boolean;
}

export interface ProbeRequest {
  /** A JSON body (sent with `Content-Type: application/json`). */
  json?: unknown;
  /** A raw body sent as is with `Content-Type: application/json` (for malformed input). */
  raw?: string;
  headers?: Record<string, string>;
}

/** Sends requests to one node with the same fetch and time limit. */
export class Probe {
  readonly base: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;

  constructor(base: string, fetchFn: typeof fetch, timeoutMs: number) {
    this.base = base;
    this.#fetch = fetchFn;
    this.#timeoutMs = timeoutMs;
  }

  /** `path` starts with `/`; it is appended to the base URL (which may carry a path). */
  async send(method: string, path: string, req: ProbeRequest = {}): Promise<Answer> {
    const request = `${method} ${path}`;
    const headers = new Headers(req.headers);
    let body: string | undefined;
    if (req.json !== undefined || req.raw !== undefined) {
      headers.set("content-type", "application/json");
      body = req.raw ?? JSON.stringify(req.json);
    }
    const url = this.base + path;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.#timeoutMs);
    try {
      const res = await this.#fetch(url, {
        method,
        headers,
        body,
        redirect: "manual",
        signal: controller.signal,
      });
      const text = await readText(res, request);
      let json: unknown = undefined;
      let isJson = false;
      try {
        json = JSON.parse(text);
        isJson = true;
      } catch { /* not JSON: the checks say so */ }
      return { request, status: res.status, headers: res.headers, text, json, isJson };
    } catch (err) {
      if (err instanceof TransportError) throw err;
      if (timedOut) {
        throw new TransportError(
          "timeout",
          `${request}: no answer from ${this.base} within ${this.#timeoutMs} ms`,
          request,
        );
      }
      throw new TransportError(
        "unreachable",
        `${request}: cannot reach ${this.base}: ${describe(err)}`,
        request,
      );
    } finally {
      clearTimeout(timer);
    }
  }
}

async function readText(res: Response, request: string): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw new TransportError(
        "too_large",
        `${request}: the answer is larger than ${MAX_BODY_BYTES} bytes; the check reads no more`,
        request,
      );
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(all);
}

/** One line for a fetch failure: the innermost cause's message (Deno and Node differ). */
function describe(err: unknown): string {
  let e: unknown = err;
  let message = err instanceof Error ? err.message : String(err);
  for (let i = 0; i < 5 && e instanceof Error && e.cause !== undefined; i++) {
    e = e.cause;
    if (e instanceof Error && e.message) message = e.message;
    else if (typeof e === "object" && e && "code" in e) message = String(e.code);
  }
  // Deno: "error sending request for url (…): client error (Connect): <what happened>".
  const m = /error sending request for url \([^)]*\): (?:client error \(\w+\): )?(.*)/.exec(
    message,
  );
  return (m ? m[1]! : message).split("\n")[0]!.slice(0, 300);
}

/** A random lowercase hex string of `bytes` bytes (identifiers that cannot exist). */
export function randomHex(bytes: number): string {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/** JSON text of a value, shortened for evidence. */
export function short(value: unknown, max = 120): string {
  let s: string;
  try {
    s = value === undefined ? "(absent)" : JSON.stringify(value) ?? String(value);
  } catch {
    s = String(value);
  }
  return s.length > max ? s.slice(0, max - 1) + "…" : s;
}

/** The value at a JSON pointer (RFC 6901), or undefined. */
export function at(value: unknown, pointer: string): unknown {
  if (pointer === "") return value;
  let v: unknown = value;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** A dotted field name from `validate()` as a JSON pointer under `prefix`. */
export function pointerOf(prefix: string, field: string): string {
  if (field === "body" || field === "") return prefix;
  return prefix + "/" +
    field.split(".").map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
}

/** `{success:false, error:{code, message}}` → the code; undefined for any other shape. */
export function errorCode(body: unknown): string | undefined {
  const code = at(body, "/error/code");
  return typeof code === "string" ? code : undefined;
}

/** True when the body is the contract's error shape `{success:false, error:{code, message}}`. */
export function isErrorShape(body: unknown): boolean {
  return at(body, "/success") === false && typeof at(body, "/error/code") === "string" &&
    typeof at(body, "/error/message") === "string";
}
