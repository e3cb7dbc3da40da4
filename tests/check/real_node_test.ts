/**
 * The conformance check against our own seller node: `esim-rails serve` with SUPPLIER=http and
 * the reference receiver `esim-rails supplier`, both real subprocesses, and `esim-rails check`
 * as a third. Paid mode (PAY_TO_EVM and a facilitator URL, never contacted since the check never
 * pays) is conformant; demo mode is conformant with a warning at check 8.
 */
import assert from "node:assert/strict";
import { runCli, spawnServe } from "../support/process.ts";
import { tempDir } from "../support/temp.ts";

const PAY_TO = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

async function withOurNode(
  env: Record<string, string>,
  fn: (url: string) => Promise<void>,
): Promise<void> {
  await using dir = await tempDir("esim-check-node-");
  await Deno.writeTextFile(`${dir.path}/supplier-secret`, "supplier-secret-for-check-0123\n");
  await Deno.writeTextFile(`${dir.path}/node-secret`, "node-secret-for-the-check-0123456\n");
  await using supplier = await spawnServe([
    "supplier",
    "--port",
    "0",
    "--kv-path",
    ":memory:",
    "--secret-file",
    `${dir.path}/supplier-secret`,
  ], { cwd: dir.path });
  await using node = await spawnServe(["serve", "--port", "0", "--kv-path", ":memory:"], {
    cwd: dir.path,
    env: {
      SUPPLIER: "http",
      SUPPLIER_URL: supplier.url,
      SUPPLIER_SECRET_FILE: `${dir.path}/supplier-secret`,
      NODE_SECRET_FILE: `${dir.path}/node-secret`,
      RATE_LIMIT_PER_MIN: "100000",
      ...env,
    },
  });
  await fn(node.url);
}

Deno.test("our seller node (serve, SUPPLIER=http) is conformant", async () => {
  await withOurNode({ PAY_TO_EVM: PAY_TO, FACILITATOR_URL: "http://127.0.0.1:9" }, async (url) => {
    const r = await runCli(["check", url, "--country", "US", "--json"]);
    const report = JSON.parse(r.stdout);
    assert.equal(r.code, 0, r.stdout);
    assert.deepEqual(report.checks.map((c: { outcome: string }) => c.outcome), [
      "pass",
      "pass",
      "pass",
      "pass",
      "pass",
      "pass",
      "pass",
      "pass",
      "pass",
    ]);
    assert.equal(
      report.statement,
      "conformant: esim.quote@v1, esim.status@v1, esim.order@v1 (x402 v2)",
    );
    assert.match(report.checks[7].reason, new RegExp(`payTo ${PAY_TO}`));
  });
});

Deno.test("our seller node in demo mode is conformant with a warning at check 8", async () => {
  await withOurNode({ DEMO_MODE: "1" }, async (url) => {
    const r = await runCli(["check", url, "--country", "GB"]);
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /WARN {2}8 {2}x402 terms on an unpaid order +demo mode/);
    assert.match(
      r.stdout,
      /\nconformant: esim\.quote@v1, esim\.status@v1; esim\.order@v1 in demo mode/,
    );
  });
});
