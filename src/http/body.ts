/**
 * Reading a JSON request body within a size limit (the limit itself is enforced by
 * `readBodyLimited`, shared with the SDK's receivers): 415 for a body that is not JSON, 413 over
 * the limit, 400 naming `body` for empty, non-UTF-8 or unparsable JSON. A body that parses but
 * has no canonical form (DESIGN.md §3: every input is hashed canonically) is a 400 too, naming
 * the field: a number out of range (`1e400` parses to `Infinity`) or nesting deeper than
 * `MAX_JSON_DEPTH`.
 */
import { ErrorCode, HttpError, invalidInput } from "./errors.ts";
import {
  BodyTimeoutError,
  BodyTooLargeError,
  readBodyLimited,
} from "../../rails/http/read_body.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });
/** A digit followed by an exponent mark: where a JSON number could overflow to `Infinity`. */
const EXPONENT = /[0-9][eE]/;

export function readJsonBody(
  req: Request,
  limit: number,
  timeoutMs?: number,
): Promise<unknown> {
  const header = req.headers.get("content-type") ?? "";
  // The usual header, exactly, skips the parse.
  const type = header === "application/json" ? header : header.split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) {
    return Promise.reject(
      new HttpError(
        415,
        ErrorCode.InvalidInput,
        `Send the body as JSON with 'Content-Type: application/json'${
          type ? ` (got '${type.slice(0, 64)}')` : ""
        }`,
        { field: "content-type" },
      ),
    );
  }
  // `then` rather than an async function: one promise step less on every request with a body.
  return readBodyLimited(req, limit, timeoutMs).then(parseJsonBytes, (err) => {
    throw readFailure(err, limit, timeoutMs);
  });
}

/** The answer to a body that could not be read: 408, 413, else 400 naming `body`. */
function readFailure(err: unknown, limit: number, timeoutMs?: number): HttpError {
  if (err instanceof BodyTimeoutError) {
    // A slow body holds a connection: refuse it and close the connection.
    return new HttpError(
      408,
      ErrorCode.InvalidInput,
      `The request body did not arrive within ${timeoutMs} ms`,
      { field: "body", headers: { connection: "close" } },
    );
  }
  if (err instanceof BodyTooLargeError) {
    return new HttpError(
      413,
      ErrorCode.PayloadTooLarge,
      `The request body is larger than ${limit} bytes`,
      {
        field: "body",
      },
    );
  }
  return invalidInput("body", "The request body could not be read");
}

/** A JSON body's bytes to its value; 400 naming the field for what has no canonical form. */
function parseJsonBytes(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw invalidInput("body", "The request body is not valid UTF-8");
  }
  if (text.trim() === "") {
    throw invalidInput("body", "The request body is empty; send a JSON object");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw invalidInput("body", `The request body is not valid JSON: ${(err as Error).message}`);
  }
  // A text this short cannot nest too deep, and without an exponent its numbers cannot
  // overflow (that takes over 300 digits): the usual small body skips the walk.
  if (text.length > MAX_JSON_DEPTH || EXPONENT.test(text)) {
    const problem = jsonShapeProblem(value);
    if (problem) throw invalidInput(problem.field, problem.message);
  }
  return value;
}

/**
 * How deep a request body may nest (the top-level value is depth 0). Far above any real input,
 * well below the canonical-JSON limit, so every accepted body can be hashed.
 */
export const MAX_JSON_DEPTH = 128;

/**
 * The first part of a parsed JSON value that has no canonical form: a non-finite number or
 * nesting deeper than `MAX_JSON_DEPTH`. Iterative, so a hostile body cannot overflow the stack.
 *
 * @example
 * ```ts
 * import { jsonShapeProblem } from "./body.ts";
 * jsonShapeProblem(JSON.parse('{"a":[1e400]}'))?.field; // "a.0"
 * jsonShapeProblem({ a: [1] }); // null
 * ```
 */
export function jsonShapeProblem(value: unknown): { field: string; message: string } | null {
  // Each entry links to its parent, so paths are built only for the answer (no copying).
  type Entry = { v: unknown; key: string; depth: number; parent: Entry | null };
  const pathOf = (e: Entry): string[] => {
    const out: string[] = [];
    for (let at: Entry | null = e; at && at.parent; at = at.parent) out.push(at.key);
    return out.reverse();
  };
  const stack: Entry[] = [{ v: value, key: "", depth: 0, parent: null }];
  while (stack.length > 0) {
    const e = stack.pop()!;
    const v = e.v;
    if (typeof v === "number" && !Number.isFinite(v)) {
      const path = pathOf(e);
      const field = path.length ? path.join(".") : "body";
      return { field, message: `The number at '${field}' is out of range` };
    }
    if (v === null || typeof v !== "object") continue;
    if (e.depth >= MAX_JSON_DEPTH) {
      const path = pathOf(e);
      return {
        field: path.slice(0, 8).join(".") + (path.length > 8 ? ".…" : ""),
        message: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`,
      };
    }
    const depth = e.depth + 1;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ v: v[i], key: String(i), depth, parent: e });
      }
    } else {
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj);
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ v: obj[keys[i]!], key: keys[i]!, depth, parent: e });
      }
    }
  }
  return null;
}
