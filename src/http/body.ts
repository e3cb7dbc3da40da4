/**
 * Reading a JSON request body within a size limit (the limit itself is enforced by
 * `readBodyLimited`, shared with the SDK's receivers): 415 for a body that is not JSON, 413 over
 * the limit, 400 naming `body` for empty, non-UTF-8 or unparsable JSON.
 */
import { ErrorCode, HttpError, invalidInput } from "./errors.ts";
import { BodyTooLargeError, readBodyLimited } from "../../rails/http/read_body.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

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
  let bytes: Uint8Array;
  try {
    bytes = await readBodyLimited(req, limit);
  } catch (err) {
    if (err instanceof BodyTooLargeError) {
      throw new HttpError(
        413,
        ErrorCode.PayloadTooLarge,
        `The request body is larger than ${limit} bytes`,
        {
          field: "body",
        },
      );
    }
    throw invalidInput("body", "The request body could not be read");
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw invalidInput("body", "The request body is not valid UTF-8");
  }
  if (text.trim() === "") {
    throw invalidInput("body", "The request body is empty; send a JSON object");
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw invalidInput("body", `The request body is not valid JSON: ${(err as Error).message}`);
  }
}
