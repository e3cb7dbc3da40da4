/**
 * `runConformance`: probes any seller node with the nine checks of spec §4.4, in order, and
 * returns a report that ends with a conformance statement. It calls only the free routes, asks
 * `/order` for its price and never pays (no payment header is ever sent). Web APIs only, so it
 * runs on Deno and Node 20+. It never throws for anything the node does.
 *
 * Checks that need what an earlier one could not give are `skip` with the reason (e.g. no
 * signature check without a listing key). When the node cannot be reached or stops answering
 * in time, that check fails and every later one is skipped: nothing more can be learned.
 */
import { Probe, TransportError } from "./_probe.ts";
import { result, type RunState } from "./_result.ts";
import { checkListing } from "./listing.ts";
import { checkCheapestFirst, checkQuote } from "./quote.ts";
import { checkSignature } from "./signature.ts";
import { checkBadInput, checkUnknownOffer, checkUnknownStatus } from "./refusals.ts";
import { checkTerms, TEST_NETWORK_WARNING } from "./terms.ts";
import { checkCors } from "./cors.ts";
import {
  type CheckName,
  type CheckResult,
  CHECKS,
  type ConformanceOptions,
  type Report,
  type Verdict,
} from "./types.ts";

/** Default per-request time limit (ms). */
export const DEFAULT_CHECK_TIMEOUT_MS = 10_000;

/**
 * Normalises a seller node URL: http(s) only, no query or fragment, no trailing slash.
 * Throws `TypeError` for anything else.
 *
 * @example
 * ```ts
 * import { normaliseNodeUrl } from "./run.ts";
 * normaliseNodeUrl("http://127.0.0.1:8402/"); // "http://127.0.0.1:8402"
 * ```
 */
export function normaliseNodeUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new TypeError(`'${url}' is not a URL; give the seller node as http(s)://host[:port]`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    throw new TypeError(`'${url}' is not an http(s) URL`);
  }
  if (u.username || u.password) throw new TypeError("the seller node URL must carry no password");
  return u.origin + u.pathname.replace(/\/+$/, "");
}

/**
 * Checks a seller node against `esim.*@v1`.
 *
 * @example
 * ```ts
 * import { runConformance } from "./run.ts";
 * // const report = await runConformance("http://127.0.0.1:8402", { country: "US" });
 * // report.verdict; // "conformant"
 * // report.statement; // "conformant: esim.quote@v1, esim.status@v1, esim.order@v1 (x402 v2)"
 * ```
 */
export async function runConformance(
  baseUrl: string,
  options: ConformanceOptions,
): Promise<Report> {
  const target = normaliseNodeUrl(baseUrl);
  if (!/^[A-Za-z]{2}$/.test(options.country)) {
    throw new RangeError(`country '${options.country}' must be two letters, e.g. US`);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError("timeoutMs must be a positive whole number of milliseconds");
  }
  const country = options.country.toUpperCase();
  const probe = new Probe(target, options.fetch ?? fetch, timeoutMs);
  const state: RunState = { country, demo: false };

  const steps: Record<CheckName, () => Promise<CheckResult> | CheckResult> = {
    listing: () => checkListing(probe, state),
    quote: () => checkQuote(probe, state),
    cheapest_first: () => checkCheapestFirst(state),
    signature: () => checkSignature(probe, state),
    bad_input: () => checkBadInput(probe),
    unknown_status: () => checkUnknownStatus(probe),
    unknown_offer: () => checkUnknownOffer(probe, state),
    x402_terms: () => checkTerms(probe, state),
    cors: () => checkCors(probe, country),
  };

  const checks: CheckResult[] = [];
  let stopped: string | undefined;
  for (const c of CHECKS) {
    if (stopped) {
      checks.push(result(c.name, "skip", stopped));
      continue;
    }
    try {
      checks.push(await steps[c.name]());
    } catch (err) {
      if (err instanceof TransportError) {
        checks.push(result(c.name, "fail", err.message, [{ request: err.request }]));
        if (err.kind !== "too_large") {
          stopped = `not run: the node did not answer check ${c.id} (${
            err.kind === "timeout" ? "timeout" : "unreachable"
          })`;
        }
      } else {
        checks.push(result(c.name, "fail", `the check itself failed: ${(err as Error)?.message}`));
      }
    }
  }
  const verdict = verdictOf(checks);
  return {
    target,
    country,
    checks,
    verdict,
    conformant: verdict === "conformant",
    statement: statementOf(verdict, checks),
  };
}

function verdictOf(checks: CheckResult[]): Verdict {
  if (checks.some((c) => c.outcome === "fail")) return "not_conformant";
  if (checks.some((c) => c.outcome === "skip")) return "inconclusive";
  return "conformant";
}

const label = (c: CheckResult) => `${c.id} ${c.title}`;

function statementOf(verdict: Verdict, checks: CheckResult[]): string {
  const failed = checks.filter((c) => c.outcome === "fail");
  const skipped = checks.filter((c) => c.outcome === "skip");
  const warned = checks.filter((c) => c.outcome === "warn");
  if (verdict === "not_conformant") {
    const notRun = skipped.length ? `; ${skipped.length} not run` : "";
    return `not conformant: ${failed.length} failed (${failed.map(label).join(", ")})${notRun}`;
  }
  if (verdict === "inconclusive") {
    return `inconclusive: ${skipped.length} could not run (${skipped.map(label).join(", ")}): ${
      skipped[0]!.reason
    }`;
  }
  const terms = checks.find((c) => c.name === "x402_terms");
  const testNet = terms?.outcome === "warn" && terms.reason.startsWith(TEST_NETWORK_WARNING);
  const demo = terms?.outcome === "warn" && !testNet;
  const others = warned.filter((c) => c.name !== "x402_terms").length;
  const w = others ? ` (${others} warning${others === 1 ? "" : "s"})` : "";
  if (testNet) {
    return `conformant: esim.quote@v1, esim.status@v1, esim.order@v1 (x402 v2) on a TEST NETWORK, not Base mainnet${w}`;
  }
  return demo
    ? `conformant: esim.quote@v1, esim.status@v1; esim.order@v1 in demo mode (sells nothing)${w}`
    : `conformant: esim.quote@v1, esim.status@v1, esim.order@v1 (x402 v2)${w}`;
}
