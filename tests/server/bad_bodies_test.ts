/**
 * Bodies that parse as JSON but have no canonical form (a number out of range, absurd nesting)
 * through the real `serve` stack: every route that hashes its input answers 400, never 500.
 */
import assert from "node:assert/strict";
import { startTestServer } from "../support/server.ts";

const ROUTES = [
  "/quote",
  "/quote/invoke",
  "/x402/fair-random",
  "/x402/firewall-scan",
  "/x402/mcp-diff",
];
const BODIES = [
  '{"country":"US","max_price_usd":1e400}',
  '{"seed":"a","num_bytes":1e400}',
  '{"tools":' + "[".repeat(3000) + "]".repeat(3000) + "}",
];

Deno.test("serve answers out-of-range numbers and deep nesting with 400 on every hashing route", async () => {
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args.map(String).join(" "));
  try {
    await using srv = await startTestServer({
      PAY_TO_EVM: "0x" + "11".repeat(20),
      FACILITATOR_URL: "http://127.0.0.1:9",
    });
    for (const path of ROUTES) {
      for (const body of BODIES) {
        const res = await fetch(`${srv.url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        const json = await res.json();
        assert.equal(res.status, 400, `${path} ${body.slice(0, 40)}: ${JSON.stringify(json)}`);
        assert.equal(json.error.code, "invalid_input");
      }
    }
  } finally {
    console.error = original;
  }
  assert.deepEqual(errors, []);
});
