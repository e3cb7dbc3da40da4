/**
 * The checker reads what any node sends: malformed listings, quotes and payment terms fail the
 * right check with the offending field named, and never make the checker throw.
 */
import assert from "node:assert/strict";
import { formatReport, runConformance } from "../../rails/check/mod.ts";
import type { CheckName, Report } from "../../rails/check/mod.ts";
import { startNode, type Tamper } from "./_nodes.ts";

async function run(tamper: Tamper): Promise<Report> {
  await using node = startNode("none", tamper);
  return await runConformance(node.url, { country: "US", timeoutMs: 5000 });
}

/** Asserts that exactly `name` failed (others pass, or skip when listed) and returns it. */
function failsOnly(report: Report, name: CheckName, skipped: CheckName[] = []) {
  for (const c of report.checks) {
    const want = c.name === name ? "fail" : skipped.includes(c.name) ? "skip" : "pass";
    assert.equal(c.outcome, want, `${c.name}: ${c.reason}`);
  }
  return report.checks.find((c) => c.name === name)!;
}

const listingCases: [string, Tamper["listing"], string | undefined, RegExp][] = [
  ["a listing that is not JSON", () => "<html>hello</html>", undefined, /not a JSON object/],
  ["a listing that is a JSON array", () => [], undefined, /not a JSON object/],
  ["a listing of 3 MiB", () => " ".repeat(3 << 20), undefined, /larger than 2097152 bytes/],
  [
    "a key that is not 32 bytes",
    (d) => ({ ...d, public_key: { ...(d.public_key as object), key: "AAAA" } }),
    "/public_key/key",
    /listing\.json/,
  ],
  [
    "a key_id that is not the key's",
    (d) => ({ ...d, public_key: { ...(d.public_key as object), key_id: "0123456789abcdef" } }),
    "/public_key/key_id",
    /first 16 hex/,
  ],
  [
    "no order capability",
    (d) => ({ ...d, capabilities: (d.capabilities as unknown[]).slice(0, 2) }),
    "/capabilities",
    /does not list esim\.order@v1/,
  ],
  ["no x402 block", ({ x402: _, ...d }) => d, "/x402", /'x402' is required/],
];

for (const [what, listing, pointer, reason] of listingCases) {
  Deno.test(`check 1 fails on ${what}`, async () => {
    // Without a usable key or product id, the signature check cannot run.
    const keyless = pointer === undefined || pointer === "/public_key/key";
    const c = failsOnly(await run({ listing }), "listing", keyless ? ["signature"] : []);
    assert.match(c.reason, reason);
    assert.equal(c.evidence[0]!.pointer, pointer);
  });
}

Deno.test("check 2 fails on a result for another country", async () => {
  const c = failsOnly(
    await run({ quoteResult: (r) => ({ ...r, country: "GB" }) }),
    "quote",
    ["cheapest_first", "x402_terms"],
  );
  assert.equal(c.evidence[0]!.pointer, "/result/country");
});

Deno.test("check 2 fails on a result without quoted_at", async () => {
  const c = failsOnly(
    await run({ quoteResult: ({ quoted_at: _, ...r }) => r }),
    "quote",
    ["cheapest_first", "x402_terms"],
  );
  assert.equal(c.evidence[0]!.pointer, "/result/quoted_at");
});

const termCases: [string, Tamper, string | undefined, RegExp][] = [
  ["terms that are not base64", { termsHeader: "%%%not base64%%%" }, "", /does not decode/],
  ["terms that are base64 of text", { termsHeader: btoa("hello") }, "", /not JSON/],
  ["terms of x402 version 1", { terms: (t) => ({ ...t, x402Version: 1 }) }, "/x402Version", /v/],
  ["terms without accepts", { terms: (t) => ({ ...t, accepts: [] }) }, "/accepts", /no accepts/],
  [
    "terms with another scheme",
    { terms: (t) => ({ ...t, accepts: [{ ...accept0(t), scheme: "upto" }] }) },
    "/accepts/0/scheme",
    /scheme exact/,
  ],
  [
    "terms in another asset",
    {
      terms: (t) => ({
        ...t,
        accepts: [{ ...accept0(t), asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e" }],
      }),
    },
    "/accepts/0/asset",
    /not USDC on Base/,
  ],
  [
    "an amount sent as a number",
    { terms: (t) => ({ ...t, accepts: [{ ...accept0(t), amount: 2500000 }] }) },
    "/accepts/0/amount",
    /not a string/,
  ],
  [
    "an amount with a leading zero",
    { terms: (t) => ({ ...t, accepts: [{ ...accept0(t), amount: "02500000" }] }) },
    "/accepts/0/amount",
    /6 decimals/,
  ],
  [
    "the zero address as payTo",
    { terms: (t) => ({ ...t, accepts: [{ ...accept0(t), payTo: "0x" + "0".repeat(40) }] }) },
    "/accepts/0/payTo",
    /not a valid address/,
  ],
  [
    "a payTo that is not an address",
    { terms: (t) => ({ ...t, accepts: [{ ...accept0(t), payTo: "seller.eth" }] }) },
    "/accepts/0/payTo",
    /not a valid address/,
  ],
];

function accept0(t: Record<string, unknown>): Record<string, unknown> {
  return (t.accepts as Record<string, unknown>[])[0]!;
}

for (const [what, tamper, pointer, reason] of termCases) {
  Deno.test(`check 8 fails on ${what}`, async () => {
    const c = failsOnly(await run(tamper), "x402_terms");
    assert.match(c.reason, reason);
    assert.equal(c.evidence[0]!.header, "PAYMENT-REQUIRED");
    assert.equal(c.evidence[0]!.pointer, pointer);
  });
}

Deno.test("check 8 accepts Base among several accepts entries", async () => {
  const report = await run({
    terms: (t) => ({
      ...t,
      accepts: [
        {
          ...accept0(t),
          network: "eip155:84532",
          asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
        },
        accept0(t),
      ],
    }),
  });
  assert.equal(report.conformant, true);
  assert.match(report.checks[7]!.reason, /amount 2500000/);
});

Deno.test("control characters a node sends are shown escaped in the checklist, never raw", async () => {
  await using node = startNode("none", {});
  const f: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (new URL(String(input)).pathname !== "/status" || res.status !== 404) return res;
    await res.body?.cancel();
    const error = { code: "\x1b[2J\x1b[1Anot_found", message: "gone\r" };
    return new Response(JSON.stringify({ success: false, error }), {
      status: 404,
      headers: res.headers,
    });
  };
  const report = await runConformance(node.url, { country: "US", timeoutMs: 5000, fetch: f });
  const c = report.checks.find((x) => x.name === "unknown_status")!;
  assert.equal(c.outcome, "fail");
  const text = formatReport(report, { colour: false });
  // deno-lint-ignore no-control-regex
  assert.ok(!/[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(text), JSON.stringify(text));
  assert.match(text, /\\u001b\[2J/);
});

Deno.test("check 9 passes a preflight without Access-Control-Allow-Methods (POST is CORS-safelisted)", async () => {
  await using node = startNode("none", {});
  const f: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (init?.method !== "OPTIONS") return res;
    const headers = new Headers(res.headers);
    headers.delete("access-control-allow-methods");
    await res.body?.cancel();
    return new Response(null, { status: res.status, headers });
  };
  const report = await runConformance(node.url, { country: "US", timeoutMs: 5000, fetch: f });
  const c = report.checks.find((x) => x.name === "cors")!;
  assert.equal(c.outcome, "pass", c.reason);
});

Deno.test("check 9 fails a preflight that does not allow the Content-Type header", async () => {
  await using node = startNode("none", {});
  const f: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (init?.method !== "OPTIONS") return res;
    const headers = new Headers(res.headers);
    headers.delete("access-control-allow-headers");
    await res.body?.cancel();
    return new Response(null, { status: res.status, headers });
  };
  const report = await runConformance(node.url, { country: "US", timeoutMs: 5000, fetch: f });
  const c = failsOnly(report, "cors");
  assert.match(c.reason, /Content-Type/);
});

Deno.test("check 4 fails a valid-looking 200 quote that carries no signature", async () => {
  await using node = startNode("none", {});
  const f: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (init?.method !== "POST" || new URL(String(input)).pathname !== "/quote") return res;
    const headers = new Headers(res.headers);
    headers.delete("x-provider-signature");
    return new Response(await res.text(), { status: res.status, headers });
  };
  const report = await runConformance(node.url, { country: "US", timeoutMs: 5000, fetch: f });
  const c = failsOnly(report, "signature");
  assert.match(c.reason, /no X-Provider-Signature header/);
  assert.equal(c.evidence[0]!.header, "X-Provider-Signature");
  assert.equal(report.conformant, false);
});
