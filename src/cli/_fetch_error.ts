/**
 * Says why a request could not reach a server, naming the URL and the cause in plain words,
 * instead of the bare "fetch failed" of a network error.
 *
 * @example
 * ```ts
 * import { unreachableMessage } from "./_fetch_error.ts";
 * const cause = new Error("client error (Connect): tcp connect error: Connection refused (os error 111)");
 * unreachableMessage("http://127.0.0.1:8402/x402/fair-random", new TypeError("fetch failed", { cause }));
 * // "cannot reach http://127.0.0.1:8402/x402/fair-random: connection refused (is the server running?)"
 * ```
 */

/** A message for a network-level failure to reach `url`, or undefined for any other error. */
export function unreachableMessage(url: string, err: unknown): string | undefined {
  if (!(err instanceof TypeError)) return undefined;
  const detail = [err.message, (err.cause as Error | undefined)?.message].filter(Boolean).join(
    ": ",
  );
  if (!/fetch failed|error sending request|connect|dns|blocked/i.test(detail)) return undefined;
  let why: string;
  if (/connection refused/i.test(detail)) {
    why = "connection refused (is the server running?)";
  } else if (/dns error|lookup address|name or service not known/i.test(detail)) {
    why = "the host name does not resolve";
  } else if (/timed out|timeout/i.test(detail)) {
    why = "the connection timed out";
  } else if (/requests to port \d+ are blocked/i.test(detail)) {
    why = "this port is blocked for HTTP requests";
  } else if (/certificate|tls|ssl/i.test(detail)) {
    why = `TLS failed (${lastPart(detail)})`;
  } else {
    why = lastPart(detail);
  }
  return `cannot reach ${url}: ${why}`;
}

/** The innermost part of a chained error message ("a: b: c (os error 1)" → "c (os error 1)"). */
function lastPart(detail: string): string {
  const parts = detail.split(": ");
  return parts[parts.length - 1]!;
}
