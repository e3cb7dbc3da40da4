/**
 * Server-side request forgery guard for the log's observer: an MCP endpoint must be https and
 * its host must not be (or resolve to) a private, loopback, link-local or otherwise internal
 * address, unless the operator allows it (`LOG_ALLOW_PRIVATE=1`, for tests and private
 * registries). The answer is checked before connecting; a host that changes its DNS answer
 * between the check and the connection is not caught (document it; the observer sends no
 * credentials and follows no redirects, so what it can reach is only read).
 *
 * @example
 * ```ts
 * import { isPrivateAddress } from "./address.ts";
 * isPrivateAddress("169.254.169.254"); // true
 * isPrivateAddress("1.1.1.1"); // false
 * ```
 */

function v4(addr: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(addr);
  if (!m) return undefined;
  const p = m.slice(1).map(Number);
  return p.every((x) => x <= 255) ? p : undefined;
}

function privateV4([a, b]: number[]): boolean {
  return a === 0 || a === 10 || a === 127 || (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) || (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) || (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19)) ||
    a! >= 224;
}

/** True for loopback, private, link-local, CGNAT, multicast, reserved and unspecified addresses. */
export function isPrivateAddress(addr: string): boolean {
  const a = addr.replace(/^\[|\]$/g, "").toLowerCase();
  const four = v4(a);
  if (four) return privateV4(four);
  if (!a.includes(":")) return false;
  const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a) ??
    /^::(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return privateV4(v4(mapped[1]!) ?? [0, 0]);
  if (a === "::" || a === "::1") return true;
  const first = parseInt(a.split(":")[0] || "0", 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedAddressError";
  }
}

/** Throws `RefusedAddressError` when the endpoint's host is or resolves to a private address. */
export async function assertPublicHost(
  endpoint: string,
  resolve: (host: string) => Promise<string[]> = resolveHost,
): Promise<void> {
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) {
    throw new RefusedAddressError(`${host} is a loopback name`);
  }
  if (v4(host) || host.includes(":")) {
    if (isPrivateAddress(host)) throw new RefusedAddressError(`${host} is not a public address`);
    return;
  }
  const addrs = await resolve(host);
  const bad = addrs.find(isPrivateAddress);
  if (bad) throw new RefusedAddressError(`${host} resolves to ${bad}, not a public address`);
}

async function resolveHost(host: string): Promise<string[]> {
  const out: string[] = [];
  for (const type of ["A", "AAAA"] as const) {
    try {
      out.push(...await Deno.resolveDns(host, type));
    } catch { /* no record of this type; the connection will tell */ }
  }
  return out;
}
