/** JSON responses and the error bodies of DESIGN.md §2. */
import { ErrorCode, HttpError } from "./errors.ts";
import type { ErrorSurface } from "./types.ts";

const JSON_TYPE = "application/json; charset=utf-8";

/** A JSON response. `body` is serialised with `JSON.stringify`. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", JSON_TYPE);
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** The error body for `surface`. */
export function errorBody(surface: ErrorSurface, err: HttpError): Record<string, unknown> {
  const error: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.field !== undefined) error.field = err.field;
  if (err.details) Object.assign(error, err.details);
  return surface.kind === "api"
    ? { status: "error", service: surface.service, error }
    : { success: false, error };
}

export function errorResponse(surface: ErrorSurface, err: HttpError): Response {
  const headers = new Headers(err.headers);
  if (err.status === 402 || err.status >= 500) headers.set("cache-control", "no-store");
  return json(errorBody(surface, err), { status: err.status, headers });
}

/** The 500 that reveals nothing but the request id. */
export function internalError(surface: ErrorSurface, requestId: string): Response {
  return errorResponse(
    surface,
    new HttpError(
      500,
      ErrorCode.Internal,
      `Internal error; quote request id ${requestId} to the operator`,
    ),
  );
}

/** Picks the error surface for a path no route matched. */
export function surfaceForPath(pathname: string): ErrorSurface {
  if (pathname.startsWith("/x402/")) {
    const slug = pathname.slice(6).split("/")[0] ?? "";
    return { kind: "api", service: /^[a-z0-9-]{1,64}$/.test(slug) ? slug : "unknown" };
  }
  return { kind: "node" };
}
