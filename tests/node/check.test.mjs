// Node 20 test of the built SDK's conformance check (dist/sdk/, from `deno task build:sdk`):
// runConformance with Node's own fetch against the reference seller node and broken variants
// (tests/check/_nodes.ts, served by a Deno subprocess).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { startDenoScript } from "./_deno_script.mjs";
// A computed specifier, so `deno check tests/` does not need the build output to exist.
const SDK = new URL("../../dist/sdk/index.js", import.meta.url).href;
const { runConformance, formatReport } = await import(SDK);

let script;
let nodes;

before(async () => {
  script = await startDenoScript("tests/check/serve_nodes.ts");
  nodes = script.info;
});

after(async () => {
  await script?.stop();
});

const outcomes = (r) => r.checks.map((c) => c.outcome).join(",");

test("runConformance on Node finds the reference node conformant", async () => {
  const r = await runConformance(nodes.none, { country: "US" });
  assert.equal(outcomes(r), "pass,pass,pass,pass,pass,pass,pass,pass,pass");
  assert.equal(r.statement, "conformant: esim.quote@v1, esim.status@v1, esim.order@v1 (x402 v2)");
  assert.match(formatReport(r), /PASS {2}4 {2}signature with the listing key/);
});

test("runConformance on Node fails a bad signature at check 4", async () => {
  const r = await runConformance(nodes.bad_signature, { country: "US" });
  assert.equal(outcomes(r), "pass,pass,pass,fail,pass,pass,pass,pass,pass");
});

test("runConformance on Node fails a wrong amount at check 8", async () => {
  const r = await runConformance(nodes.wrong_amount, { country: "US" });
  assert.equal(outcomes(r), "pass,pass,pass,pass,pass,pass,pass,fail,pass");
});

test("runConformance on Node warns for demo mode and stays conformant", async () => {
  const r = await runConformance(nodes.demo, { country: "US" });
  assert.equal(outcomes(r), "pass,pass,pass,pass,pass,pass,pass,warn,pass");
  assert.equal(r.conformant, true);
});

test("runConformance on Node reports an unreachable host without throwing", async () => {
  const r = await runConformance("http://127.0.0.1:1", { country: "US", timeoutMs: 2000 });
  assert.equal(r.checks[0].outcome, "fail");
  assert.match(r.checks[0].reason, /cannot reach http:\/\/127\.0\.0\.1:1: /);
  assert.equal(r.checks[1].outcome, "skip");
});
