/**
 * Reads a request body with a size limit, for every server in the project (the kernel, the
 * reference supplier receiver, the webhook receiver). Web APIs only (Deno and Node 20+).
 *
 * The limit is checked on the declared `Content-Length` first and then while streaming, so a
 * chunked body cannot sneak past it. With a declared length the body is read whole, which is
 * much cheaper than chunk by chunk (servers deliver no more than `Content-Length`).
 *
 * @example
 * ```ts
 * import { BodyTooLargeError, readBodyLimited } from "./read_body.ts";
 * const bytes = await readBodyLimited(new Request("http://x", { method: "POST", body: "{}" }), 1024);
 * bytes.length; // 2
 * ```
 */

/** The body is larger than the limit. Callers map it to their own 413. */
export class BodyTooLargeError extends RangeError {
  constructor(readonly limit: number) {
    super(`The body is over the ${limit}-byte limit`);
    this.name = "BodyTooLargeError";
  }
}

/** The body could not be read (client went away mid-body). */
export class BodyReadError extends Error {
  constructor(options?: ErrorOptions) {
    super("The request body could not be read", options);
    this.name = "BodyReadError";
  }
}

/**
 * The body did not arrive within the time allowed (a slow-body client holding a connection).
 * Callers map it to their own 408 and close the connection.
 */
export class BodyTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The body did not arrive within ${timeoutMs} ms`);
    this.name = "BodyTimeoutError";
  }
}

/** Rejects with `BodyTimeoutError` after `ms`; `clear` stops the timer. */
function deadline(ms: number): { promise: Promise<never>; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BodyTimeoutError(ms)), ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

const PENDING = Symbol("pending");

/**
 * Resolves after a few microtask turns, no I/O: later than reading a body that is already
 * buffered (two turns, measured on Deno 2.9), far sooner than any network wait.
 */
async function soon(): Promise<typeof PENDING> {
  for (let i = 0; i < 4; i++) await null;
  return PENDING;
}

/**
 * Reads the body, at most `limit` bytes, within `timeoutMs` when given (0 or undefined: no
 * time limit).
 */
export async function readBodyLimited(
  req: Request,
  limit: number,
  timeoutMs?: number,
): Promise<Uint8Array> {
  const declared = req.headers.get("content-length");
  if (declared !== null) {
    if (Number(declared) > limit) throw new BodyTooLargeError(limit);
    let buffer: ArrayBuffer;
    const read = req.arrayBuffer();
    let timer: ReturnType<typeof deadline> | undefined;
    try {
      // A body that has fully arrived is read within a few microtask turns: only a body still
      // on its way gets a timer (a timer per request was a visible share of a 402's cost).
      const early = timeoutMs ? await Promise.race([read, soon()]) : await read;
      if (early !== PENDING) {
        buffer = early;
      } else {
        timer = deadline(timeoutMs!);
        buffer = await Promise.race([read, timer.promise]);
      }
    } catch (cause) {
      read.catch(() => {}); // settles when the connection closes
      if (cause instanceof BodyTimeoutError) throw cause;
      throw new BodyReadError({ cause });
    } finally {
      timer?.clear();
    }
    if (buffer.byteLength > limit) throw new BodyTooLargeError(limit);
    return new Uint8Array(buffer);
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const timer = timeoutMs ? deadline(timeoutMs) : undefined;
  try {
    for (;;) {
      const { done, value } = timer
        ? await Promise.race([reader.read(), timer.promise])
        : await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw new BodyTooLargeError(limit);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof BodyTimeoutError) await reader.cancel().catch(() => {});
    if (err instanceof BodyTooLargeError || err instanceof BodyTimeoutError) throw err;
    throw new BodyReadError({ cause: err });
  } finally {
    timer?.clear();
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
