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

export async function readBodyLimited(req: Request, limit: number): Promise<Uint8Array> {
  const declared = req.headers.get("content-length");
  if (declared !== null) {
    if (Number(declared) > limit) throw new BodyTooLargeError(limit);
    let buffer: ArrayBuffer;
    try {
      buffer = await req.arrayBuffer();
    } catch (cause) {
      throw new BodyReadError({ cause });
    }
    if (buffer.byteLength > limit) throw new BodyTooLargeError(limit);
    return new Uint8Array(buffer);
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw new BodyTooLargeError(limit);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw err;
    throw new BodyReadError({ cause: err });
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
