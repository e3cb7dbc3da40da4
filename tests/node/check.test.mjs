// Node 20 test of the built SDK's conformance check (dist/sdk/, from `deno task build:sdk`):
// runConformance with Node's own fetch against the reference seller node and broken variants
// (tests/check/_nodes.ts, served by a Deno subprocess).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
// A computed specifier, so `deno check tests/` does not need the build output to exist.
const SDK = new URL("../../dist/sdk/index.js", import.meta.url).href;
const { runConformance, formatReport } = await import(SDK);

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DENO = process.env.DENO_BIN || "deno";

let child;
let nodes;

before(async () => {
  child = spawn(DENO, ["run", "-A", "tests/check/serve_nodes.ts"], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  nodes = await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line && out.includes("\n")) resolve(JSON.parse(line));
    });
    child.on("exit", (code) => reject(new Error(`nodes exited (${code}): ${out}${err}`)));
  });
});

after(async () => {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
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
