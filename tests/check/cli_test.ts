/**
 * `esim-rails check` as a real subprocess against nodes served by this test process: exit codes
 * 0 (conformant), 1 (not), 2 (usage), `--json`, timeouts, and golden output of the checklist.
 */
import assert from "node:assert/strict";
import { runCli } from "../support/process.ts";
import { startNode, startSilentNode, unreachableUrl } from "./_nodes.ts";

const GOLDEN = new URL("./golden/", import.meta.url);

function golden(name: string): Promise<string> {
  return Deno.readTextFile(new URL(name, GOLDEN));
}

Deno.test("check exits 0 and ends with the conformance statement for a conformant node", async () => {
  await using node = startNode();
  const r = await runCli(["check", node.url, "--country", "US"]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, "");
  assert.match(
    r.stdout,
    /\nconformant: esim\.quote@v1, esim\.status@v1, esim\.order@v1 \(x402 v2\)\n$/,
  );
  assert.equal(node.paymentHeaders, 0);
});

Deno.test("check prints the checklist exactly (golden, NO_COLOR)", async () => {
  await using node = startNode();
  const r = await runCli(["check", node.url, "--country", "us"], { env: { NO_COLOR: "1" } });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.replaceAll(node.url, "<node>"), await golden("conformant.txt"));
  assert.equal(r.stdout.includes("\x1b["), false);
});

Deno.test("check prints failures with their evidence (golden)", async () => {
  await using node = startNode("wrong_amount");
  const r = await runCli(["check", node.url, "--country", "US"]);
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stdout.replaceAll(node.url, "<node>"), await golden("wrong_amount.txt"));
});

Deno.test("check exits 1 for a node that breaks a rule", async () => {
  await using node = startNode("bad_signature");
  const r = await runCli(["check", node.url, "--country", "US"]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /FAIL {2}4 {2}signature/);
  assert.match(r.stdout, /\nnot conformant: 1 failed \(4 signature with the listing key\)\n$/);
});

Deno.test("check exits 0 for a node in demo mode, with a warning", async () => {
  await using node = startNode("demo");
  const r = await runCli(["check", node.url, "--country", "US"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /WARN {2}8 {2}x402 terms/);
});

Deno.test("check --json prints the report for machines", async () => {
  await using node = startNode("no_cors");
  const r = await runCli(["check", node.url, "--country", "US", "--json"]);
  assert.equal(r.code, 1);
  const report = JSON.parse(r.stdout);
  assert.equal(report.target, node.url);
  assert.equal(report.country, "US");
  assert.equal(report.verdict, "not_conformant");
  assert.equal(report.conformant, false);
  assert.deepEqual(
    report.checks.map((c: { name: string; outcome: string }) => `${c.name}:${c.outcome}`),
    [
      "listing:pass",
      "quote:pass",
      "cheapest_first:pass",
      "signature:pass",
      "bad_input:pass",
      "unknown_status:pass",
      "unknown_offer:pass",
      "x402_terms:pass",
      "cors:fail",
    ],
  );
  assert.equal(report.checks[8].evidence[0].header, "Access-Control-Allow-Origin");
});

Deno.test("check of an unreachable host exits 1 with a clear message, no stack trace", async () => {
  const url = unreachableUrl();
  const r = await runCli(["check", url, "--country", "US"]);
  assert.equal(r.code, 1);
  assert.equal(r.stderr, "");
  assert.match(r.stdout, /FAIL {2}1 {2}listing document +GET \/listing\.json: cannot reach /);
  assert.doesNotMatch(r.stdout + r.stderr, /^\s+at /m);
});

Deno.test("check --timeout-ms bounds each request to a node that never answers", async () => {
  await using node = startSilentNode();
  const r = await runCli(["check", node.url, "--country", "US", "--timeout-ms", "300"]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /no answer from http:\/\/127\.0\.0\.1:\d+ within 300 ms/);
  assert.doesNotMatch(r.stdout + r.stderr, /^\s+at /m);
});

for (
  const [what, args, message] of [
    ["a missing URL", ["--country", "US"], /give the seller node URL/],
    ["a missing country", ["http://127.0.0.1:1"], /--country is required/],
    ["a bad country", ["http://127.0.0.1:1", "--country", "USA"], /two letters/],
    ["a URL that is not http", ["ftp://example.com", "--country", "US"], /not an http\(s\) URL/],
    ["text that is not a URL", ["node.example", "--country", "US"], /is not a URL/],
    ["a bad timeout", ["http://127.0.0.1:1", "--country", "US", "--timeout-ms", "0"], /positive/],
    ["an unknown flag", ["http://127.0.0.1:1", "--country", "US", "--pay"], /--pay/],
  ] as const
) {
  Deno.test(`check exits 2 on ${what}`, async () => {
    const r = await runCli(["check", ...args]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, message);
    assert.match(r.stderr, /Usage: esim-rails check/);
    assert.equal(r.stdout, "");
  });
}

Deno.test("check --help describes the command and exits 0", async () => {
  const r = await runCli(["check", "--help"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /Usage: esim-rails check <seller_node_url> --country <CC>/);
});

Deno.test("check opens no store and writes nothing in its working directory", async () => {
  await Deno.mkdir(".tmp", { recursive: true });
  const dir = await Deno.makeTempDir({ dir: ".tmp", prefix: "check-cwd-" });
  try {
    await using node = startNode();
    const r = await runCli(["check", node.url, "--country", "US"], { cwd: dir });
    assert.equal(r.code, 0);
    assert.deepEqual(await Array.fromAsync(Deno.readDir(dir)), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
