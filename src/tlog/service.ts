/**
 * The HTTP surface of the transparency log (DESIGN.md §11):
 * - `POST /x402/transparency-check` ($0.001): `{endpoint?, name?}` → `{status, service, check}`,
 *   read from the log only (the server asked about is never contacted).
 * - `GET /x402/log/checkpoint` (free): the latest signed checkpoint, `text/plain`.
 * - `GET /x402/log/consistency?from=N&to=M` (free): `{from, to, proof: [hex]}`.
 *
 * @example
 * ```ts
 * import { parseCheckInput } from "./service.ts";
 * parseCheckInput({ name: "io.github.owner/server" }); // { name: "io.github.owner/server" }
 * ```
 */
import type { PaidService } from "../api/service.ts";
import { toHex } from "../crypto/hash.ts";
import { invalidInput } from "../http/errors.ts";
import type { Route } from "../http/types.ts";
import { isPrivateAddress } from "./address.ts";
import { type CheckRecord, checkTarget } from "./check.ts";
import type { TransparencyLog } from "./log.ts";
import { isServerName, normalizeEndpoint, type Target } from "./observation.ts";
import { LOG_ROUTES, TRANSPARENCY_CHECK } from "./listing.ts";

export const MAX_ENDPOINT_LENGTH = 2048;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Validates `{endpoint?, name?}`: 400 naming the field. */
export function parseCheckInput(body: unknown, allowPrivate = false): Target {
  if (!isObject(body)) {
    throw invalidInput("endpoint", "Send a JSON object with 'endpoint' (https URL) or 'name'.");
  }
  const out: Target = {};
  if (body.endpoint !== undefined) {
    const raw = body.endpoint;
    const ep = typeof raw === "string" && raw.length <= MAX_ENDPOINT_LENGTH
      ? normalizeEndpoint(raw)
      : undefined;
    if (!ep) {
      throw invalidInput(
        "endpoint",
        `'endpoint' must be an https URL of at most ${MAX_ENDPOINT_LENGTH} characters.`,
      );
    }
    const host = new URL(ep).hostname.toLowerCase();
    if (!allowPrivate && (host === "localhost" || isPrivateAddress(host))) {
      throw invalidInput("endpoint", "'endpoint' must be a public address, not a private one.");
    }
    out.endpoint = ep;
  }
  if (body.name !== undefined) {
    if (typeof body.name !== "string" || !isServerName(body.name)) {
      throw invalidInput("name", "'name' must be a registry name of the form <owner>/<server>.");
    }
    out.name = body.name;
  }
  if (out.endpoint === undefined && out.name === undefined) {
    throw invalidInput("endpoint", "Send 'endpoint' (https URL) or 'name' (<owner>/<server>).");
  }
  return out;
}

export function transparencyCheckService(
  log: TransparencyLog,
  options: { allowPrivate?: boolean } = {},
): PaidService<Target, CheckRecord> {
  return {
    ...TRANSPARENCY_CHECK,
    parse: (body) => parseCheckInput(body, options.allowPrivate),
    run: (input, ctx) => checkTarget(log, input, ctx.now),
  };
}

function wholeNumber(raw: string | null, field: string): number {
  if (raw === null || !/^\d{1,15}$/.test(raw)) {
    throw invalidInput(field, `'${field}' must be a whole number (a tree size).`);
  }
  return Number(raw);
}

/** The free log routes (their shapes: `LOG_ROUTES`). */
export function logRoutes(log: TransparencyLog): Route[] {
  const handlers: Record<string, Route["handler"]> = {
    "GET /x402/log/checkpoint": async () => {
      const { note } = await log.checkpoint();
      return new Response(note, {
        headers: {
          "content-type": "text/plain; charset=utf-8",
          "cache-control": "no-store",
          "access-control-allow-origin": "*",
        },
      });
    },
    "GET /x402/log/consistency": async (ctx) => {
      const from = wholeNumber(ctx.url.searchParams.get("from"), "from");
      const to = wholeNumber(ctx.url.searchParams.get("to"), "to");
      if (from > to) throw invalidInput("from", "'from' must not be larger than 'to'.");
      const size = await log.store.treeSize();
      if (to > size) {
        throw invalidInput("to", `'to' is beyond the tree (size ${size}).`);
      }
      const proof = (await log.consistency(from, to)).map(toHex);
      return ctx.send({ from, to, proof }, { headers: { "cache-control": "no-store" } });
    },
  };
  return LOG_ROUTES.map((shape) => ({
    ...shape,
    handler: handlers[`${shape.method} ${shape.path}`]!,
  }));
}
