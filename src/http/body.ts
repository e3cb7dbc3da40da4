/**
 * Reading a JSON request body within a size limit. The limit is enforced on the declared
 * `Content-Length` first and then while streaming (a chunked body cannot sneak past it).
 */
import { ErrorCode, HttpError, invalidInput } from "./errors.ts";

export async function readJsonBody(req: Request, limit: number): Promise<unknown> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new HttpError(
      415,
      ErrorCode.InvalidInput,
      `Send the body as JSON with 'Content-Type: application/json'${
        type ? ` (got '${type.slice(0, 64)}')` : ""
      }`,
      { field: "content-type" },
    );
  }
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  const text = await readLimited(req, limit);
  if (text.trim() === "") {
    throw invalidInput("body", "The request body is empty; send a JSON object");
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw invalidInput("body", `The request body is not valid JSON: ${(err as Error).message}`);
  }
}

function tooLarge(limit: number): HttpError {
  return new HttpError(
    413,
    ErrorCode.PayloadTooLarge,
    `The request body is larger than ${limit} bytes`,
    {
      field: "body",
    },
  );
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

async function readLimited(req: Request, limit: number): Promise<string> {
  // A declared length within the limit (checked by the caller) bounds the body: the server does
  // not deliver more than Content-Length, so the whole-body fast path is safe and much cheaper
  // than reading chunk by chunk.
  if (req.headers.has("content-length")) {
    let bytes: ArrayBuffer;
    try {
      bytes = await req.arrayBuffer();
    } catch {
      throw invalidInput("body", "The request body could not be read");
    }
    if (bytes.byteLength > limit) throw tooLarge(limit);
    try {
      return utf8.decode(bytes);
    } catch {
      throw invalidInput("body", "The request body is not valid UTF-8");
    }
  }
  // (Touching `req.body` turns it into a stream, which the fast path above avoids.)
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw invalidInput("body", "The request body could not be read");
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    all.set(c, offset);
    offset += c.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(all);
  } catch {
    throw invalidInput("body", "The request body is not valid UTF-8");
  }
}
