/**
 * `runConformance` against the reference node and against variants that each break one rule:
 * every variant fails (or warns) at exactly its check, and at no earlier one (the full vector
 * of outcomes is asserted).
 */
import assert from "node:assert/strict";
import { runConformance } from "../../rails/check/mod.ts";
import type { Outcome, Report } from "../../rails/check/mod.ts";
import { type Breakage, startNode, startSilentNode, unreachableUrl } from "./_nodes.ts";

const P = "pass", F = "fail", W = "warn", S = "skip";

function vector(report: Report): Outcome[] {
  return report.checks.map((c) => c.outcome);
}

async function check(breakage: Breakage, country = "US"): Promise<Report> {
  await using node = startNode(breakage);
  const report = await runConformance(node.url, { country, timeoutMs: 5000 });
  assert.equal(node.paymentHeaders, 0, "the check never sends a payment header");
  return report;
}

function only(report: Report, name: string) {
  return report.checks.find((c) => c.name === name)!;
}

Deno.test("the reference node is conformant on all nine checks", async () => {
  await using node = startNode();
  const report = await runConformance(node.url, { country: "us", timeoutMs: 5000 });
  assert.deepEqual(vector(report), [P, P, P, P, P, P, P, P, P], JSON.stringify(report, null, 1));
  assert.equal(report.verdict, "conformant");
  assert.equal(report.conformant, true);
  assert.equal(report.country, "US");
  assert.equal(
    report.statement,
    "conformant: esim.quote@v1, esim.status@v1, esim.order@v1 (x402 v2)",
  );
  assert.equal(node.paymentHeaders, 0);
  assert.deepEqual(report.checks.map((c) => c.id), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

Deno.test("the checks run in the order of the spec, one probe after another", async () => {
  await using node = startNode();
  await runConformance(node.url, { country: "US", timeoutMs: 5000 });
  assert.deepEqual(node.requests, [
    "GET /listing.json",
    "POST /quote",
    "POST /quote",
    "POST /quote",
    "POST /quote",
    "POST /status",
    "POST /status",
    "POST /order",
    "POST /order",
    "POST /quote",
    "POST /status",
    "OPTIONS /quote",
    "OPTIONS /status",
  ]);
});

Deno.test("the terms check orders the cheapest offer and matches its price to the unit", async () => {
  const report = await check("none");
  const c = only(report, "x402_terms");
  assert.match(c.reason, /amount 2500000 \(2\.50 USD\)/);
  assert.match(c.reason, /payTo 0x70997970C51812dc3A010C7d01b50e0d17dc79C8/);
});

Deno.test("a listing invalid against its schema fails check 1 only", async () => {
  const report = await check("invalid_listing");
  assert.deepEqual(vector(report), [F, P, P, P, P, P, P, P, P]);
  const c = only(report, "listing");
  assert.match(c.reason, /version/);
  assert.equal(c.evidence[0]!.pointer, "/version");
  assert.equal(c.evidence[0]!.found, '"1"');
  assert.equal(report.verdict, "not_conformant");
  assert.equal(report.conformant, false);
  assert.equal(report.statement, "not conformant: 1 failed (1 listing document)");
});

Deno.test("an offer invalid against offer.json fails check 2; checks needing offers are skipped", async () => {
  const report = await check("invalid_offer");
  assert.deepEqual(vector(report), [P, F, S, P, P, P, P, S, P]);
  const c = only(report, "quote");
  assert.equal(c.evidence[0]!.pointer, "/result/offers/1/price_usd");
  assert.equal(c.evidence[0]!.found, "5.4");
  assert.match(only(report, "cheapest_first").reason, /check 2/);
  assert.equal(report.statement, "not conformant: 1 failed (2 quote answer validity); 2 not run");
});

Deno.test("offers not cheapest first fail check 3 only", async () => {
  const report = await check("unsorted");
  assert.deepEqual(vector(report), [P, P, F, P, P, P, P, P, P]);
  const c = only(report, "cheapest_first");
  assert.equal(c.evidence[0]!.pointer, "/result/offers/1");
  assert.match(c.reason, /comes after offer 0/);
});

Deno.test("equal prices with less data first fail check 3 only", async () => {
  const report = await check("ties_by_data");
  assert.deepEqual(vector(report), [P, P, F, P, P, P, P, P, P]);
  const c = only(report, "cheapest_first");
  assert.equal(c.evidence[0]!.pointer, "/result/offers/2");
  assert.match(c.reason, /more data_bytes must come first/);
});

Deno.test("equal price and data out of offer_id order fail check 3 only", async () => {
  const report = await check("ties_by_id");
  assert.deepEqual(vector(report), [P, P, F, P, P, P, P, P, P]);
  const c = only(report, "cheapest_first");
  assert.equal(c.evidence[0]!.pointer, "/result/offers/3");
  assert.match(c.reason, /ties go by offer_id/);
});

Deno.test("a signature over the wrong bytes fails check 4 only", async () => {
  const report = await check("bad_signature");
  assert.deepEqual(vector(report), [P, P, P, F, P, P, P, P, P]);
  const c = only(report, "signature");
  assert.match(c.reason, /does not verify/);
  assert.equal(c.evidence[0]!.header, "X-Provider-Signature");
  assert.equal(c.evidence[0]!.request, "POST /quote");
});

Deno.test("a signature not bound to the whole request fails check 4 on the second quote", async () => {
  const report = await check("unbound_signature");
  assert.deepEqual(vector(report), [P, P, P, F, P, P, P, P, P]);
  const c = only(report, "signature");
  assert.match(c.reason, /^POST \/quote \{"country":"US","min_days":1\}: .*does not verify/);
});

Deno.test("a listing that publishes another key fails check 4 only", async () => {
  const report = await check("wrong_key");
  assert.deepEqual(vector(report), [P, P, P, F, P, P, P, P, P]);
});

Deno.test("a 500 on bad input fails check 5 only", async () => {
  const report = await check("crash_on_bad_input");
  assert.deepEqual(vector(report), [P, P, P, P, F, P, P, P, P]);
  const c = only(report, "bad_input");
  assert.match(c.reason, /a 5xx on bad input fails/);
  assert.equal(c.evidence[0]!.status, 500);
});

Deno.test("a 404 without code not_found fails check 6 only", async () => {
  const report = await check("not_found_code");
  assert.deepEqual(vector(report), [P, P, P, P, P, F, P, P, P]);
  const c = only(report, "unknown_status");
  assert.equal(c.evidence[0]!.pointer, "/error/code");
  assert.equal(c.evidence[0]!.found, '"unknown_order"');
});

Deno.test("a price quoted for an unknown offer fails check 7 only", async () => {
  const report = await check("price_unknown_offer");
  assert.deepEqual(vector(report), [P, P, P, P, P, P, F, P, P]);
  const c = only(report, "unknown_offer");
  assert.equal(c.evidence[0]!.status, 402);
  assert.equal(c.evidence[0]!.header, "PAYMENT-REQUIRED");
});

Deno.test("terms on the wrong network fail check 8 only", async () => {
  const report = await check("wrong_network");
  assert.deepEqual(vector(report), [P, P, P, P, P, P, P, F, P]);
  const c = only(report, "x402_terms");
  assert.equal(c.evidence[0]!.header, "PAYMENT-REQUIRED");
  assert.equal(c.evidence[0]!.pointer, "/accepts/0/network");
  assert.equal(c.evidence[0]!.found, '"eip155:1"');
});

Deno.test("terms on Base Sepolia (a test network) warn at check 8 and the statement says TEST NETWORK", async () => {
  const report = await check("test_network");
  const c = only(report, "x402_terms");
  assert.equal(c.outcome, "warn");
  assert.match(c.reason, /^TEST NETWORK: .*Base Sepolia \(eip155:84532\), not Base mainnet/);
  assert.equal(report.verdict, "conformant");
  assert.match(report.statement, /on a TEST NETWORK, not Base mainnet/);
});

Deno.test("terms with the wrong amount fail check 8 only", async () => {
  const report = await check("wrong_amount");
  assert.deepEqual(vector(report), [P, P, P, P, P, P, P, F, P]);
  const c = only(report, "x402_terms");
  assert.equal(c.evidence[0]!.pointer, "/accepts/0/amount");
  assert.equal(c.evidence[0]!.found, '"250"');
  assert.equal(c.evidence[0]!.expected, '"2500000"');
});

Deno.test("terms paying another address than the listing's fail check 8 only", async () => {
  const report = await check("wrong_pay_to");
  assert.deepEqual(vector(report), [P, P, P, P, P, P, P, F, P]);
  assert.equal(only(report, "x402_terms").evidence[0]!.pointer, "/accepts/0/payTo");
});

Deno.test("free routes without CORS fail check 9 only", async () => {
  const report = await check("no_cors");
  assert.deepEqual(vector(report), [P, P, P, P, P, P, P, P, F]);
  const c = only(report, "cors");
  assert.equal(c.evidence[0]!.header, "Access-Control-Allow-Origin");
  assert.equal(c.evidence[0]!.found, "(absent)");
});

Deno.test("a node in demo mode warns at check 8 and is still conformant", async () => {
  const report = await check("demo");
  assert.deepEqual(vector(report), [P, P, P, P, P, P, P, W, P]);
  assert.match(only(report, "x402_terms").reason, /demo mode/);
  assert.equal(report.verdict, "conformant");
  assert.equal(
    report.statement,
    "conformant: esim.quote@v1, esim.status@v1; esim.order@v1 in demo mode (sells nothing)",
  );
});

Deno.test("a demo node refusing every order with demo_mode passes check 7 and warns at 8", async () => {
  const report = await check("demo_first");
  assert.deepEqual(vector(report), [P, P, P, P, P, P, P, W, P]);
  assert.match(only(report, "unknown_offer").reason, /demo_mode \(403\) and no price/);
  assert.equal(report.conformant, true);
});

Deno.test("a node whose payments are not configured fails check 8 saying so", async () => {
  const report = await check("payment_not_configured");
  assert.deepEqual(vector(report), [P, P, P, P, P, P, P, F, P]);
  assert.match(only(report, "x402_terms").reason, /payments are not configured .*503/);
});

Deno.test("a country the node does not sell warns at check 2 and leaves the result inconclusive", async () => {
  const report = await check("none", "AQ");
  assert.deepEqual(vector(report), [P, W, P, P, P, P, P, S, P]);
  assert.equal(report.verdict, "inconclusive");
  assert.equal(report.conformant, false);
  assert.match(
    report.statement,
    /^inconclusive: 1 could not run \(8 x402 terms on an unpaid order\)/,
  );
});

Deno.test("an unreachable host fails check 1 with a clear message and skips the rest", async () => {
  const url = unreachableUrl();
  const report = await runConformance(url, { country: "US", timeoutMs: 5000 });
  assert.deepEqual(vector(report), [F, S, S, S, S, S, S, S, S]);
  assert.match(
    report.checks[0]!.reason,
    /^GET \/listing\.json: cannot reach http:\/\/127\.0\.0\.1:\d+: /,
  );
  assert.doesNotMatch(report.checks[0]!.reason, /\n|\sat /);
  assert.match(report.checks[1]!.reason, /the node did not answer check 1 \(unreachable\)/);
});

Deno.test("a node that never answers times out at check 1 within the limit", async () => {
  await using node = startSilentNode();
  const report = await runConformance(node.url, { country: "US", timeoutMs: 200 });
  assert.deepEqual(vector(report), [F, S, S, S, S, S, S, S, S]);
  assert.match(report.checks[0]!.reason, /no answer from .* within 200 ms/);
  assert.deepEqual(node.requests, ["GET /listing.json"]);
});

Deno.test("a node that redirects fails check 1 naming where it points, without following", async () => {
  await using node = startNode();
  const asked: string[] = [];
  const f: typeof fetch = (input, init) => {
    const u = new URL(String(input));
    asked.push(`${init?.method} ${u.pathname}`);
    if (u.pathname === "/listing.json") {
      return Promise.resolve(
        new Response(null, { status: 301, headers: { location: `${node.url}/v2/listing.json` } }),
      );
    }
    return fetch(input, init);
  };
  const report = await runConformance(node.url, { country: "US", timeoutMs: 5000, fetch: f });
  const c = report.checks[0]!;
  assert.equal(c.outcome, "fail");
  assert.match(c.reason, /answered 301, a redirect to http:\/\/.*\/v2\/listing\.json/);
  assert.equal(c.evidence[0]!.header, "Location");
  assert.ok(!asked.includes("GET /v2/listing.json"));
});

Deno.test("runConformance refuses a bad country or URL before any request", async () => {
  await assert.rejects(runConformance("http://127.0.0.1:1", { country: "USA" }), RangeError);
  await assert.rejects(runConformance("ftp://x", { country: "US" }), TypeError);
  await assert.rejects(runConformance("not a url", { country: "US" }), TypeError);
});

Deno.test("runConformance uses the fetch it is given", async () => {
  await using node = startNode();
  const seen: string[] = [];
  const f: typeof fetch = (input, init) => {
    seen.push(`${init?.method} ${new URL(String(input)).pathname}`);
    return fetch(input, init);
  };
  const report = await runConformance(node.url + "/", { country: "US", fetch: f });
  assert.equal(report.conformant, true);
  assert.equal(seen.length, 13);
  assert.equal(seen[0], "GET /listing.json");
});
