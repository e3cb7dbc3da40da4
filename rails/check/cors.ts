/**
 * Check 9, CORS on the free routes: answers of `/quote` and `/status` (errors included, so a
 * web page can read them) carry `Access-Control-Allow-Origin` (`*` or the asking origin), and
 * an `OPTIONS` preflight of each answers 2xx with that origin and allows the `Content-Type`
 * header (`application/json` is not a CORS-safelisted content type). As in the Fetch
 * standard, `Access-Control-Allow-Methods` is not required: POST is a CORS-safelisted method,
 * so browsers send it whatever that header says. The order route is not asked: the spec does
 * not want CORS there.
 */
import { type Answer, type Probe, randomHex } from "./_probe.ts";
import { result, seen } from "./_result.ts";
import type { CheckResult, Evidence } from "./types.ts";

/** The origin the check claims to be (a reserved name that can never be a real site). */
export const CHECK_ORIGIN = "https://conformance-check.invalid";

function allowsOrigin(a: Answer): boolean {
  const v = a.headers.get("access-control-allow-origin")?.trim();
  return v === "*" || v === CHECK_ORIGIN;
}

function listHas(value: string | null, item: string): boolean {
  if (value === null) return false;
  const items = value.split(",").map((s) => s.trim().toLowerCase());
  return items.includes("*") || items.includes(item.toLowerCase());
}

/** Runs check 9. */
export async function checkCors(probe: Probe, country: string): Promise<CheckResult> {
  const origin = { origin: CHECK_ORIGIN };
  const problems: { reason: string; evidence: Evidence }[] = [];
  const requireOrigin = (a: Answer) => {
    if (!allowsOrigin(a)) {
      problems.push({
        reason: `${a.request} has no Access-Control-Allow-Origin for a web page`,
        evidence: seen(a, {
          header: "Access-Control-Allow-Origin",
          found: a.headers.get("access-control-allow-origin") ?? "(absent)",
          expected: `* or ${CHECK_ORIGIN}`,
        }),
      });
    }
  };
  requireOrigin(await probe.send("POST", "/quote", { json: { country }, headers: origin }));
  requireOrigin(
    await probe.send("POST", "/status", {
      json: { order_id: `ord_conformance_${randomHex(12)}`, token: randomHex(32) },
      headers: origin,
    }),
  );
  for (const path of ["/quote", "/status"]) {
    const a = await probe.send("OPTIONS", path, {
      headers: {
        ...origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    if (a.status < 200 || a.status > 299) {
      problems.push({
        reason: `the preflight ${a.request} answered ${a.status}`,
        evidence: seen(a, { expected: "2xx" }),
      });
      continue;
    }
    requireOrigin(a);
    const headers = a.headers.get("access-control-allow-headers");
    if (!listHas(headers, "content-type")) {
      problems.push({
        reason: `the preflight ${a.request} does not allow the Content-Type header`,
        evidence: seen(a, {
          header: "Access-Control-Allow-Headers",
          found: headers ?? "(absent)",
          expected: "Content-Type",
        }),
      });
    }
  }
  if (problems.length) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
    return result("cors", "fail", problems[0]!.reason + more, problems.map((p) => p.evidence));
  }
  return result(
    "cors",
    "pass",
    "/quote and /status allow any web page; their preflights allow POST with Content-Type",
  );
}
