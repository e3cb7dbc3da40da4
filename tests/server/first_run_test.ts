/**
 * First run (DESIGN.md §12): `serve` with no configuration at all (what `deno task start` runs)
 * answers a signed quote for DE from the built-in demo catalog, and an explicit but incomplete
 * SUPPLIER stops the start with exit 1, naming the missing variable.
 */
import assert from "node:assert/strict";
import { runCli, spawnServe } from "../support/process.ts";
import { tempDir } from "../support/temp.ts";
import { verifyFreeAnswer } from "../../rails/check/free_answer.ts";
import { fromBase64 } from "../../src/crypto/hash.ts";

Deno.test("first run: serve with no configuration answers a signed quote for DE from the demo catalog", async () => {
  await using dir = await tempDir();
  await using srv = await spawnServe(["serve", "--port", "0"], { cwd: dir.path });
  assert.match(srv.banner, /works now: quotes, status, listing and check on the built-in demo/);
  const input = { country: "DE" };
  const res = await fetch(`${srv.url}/quote`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.ok(body.result.offers.length > 0, "the demo catalog sells DE");
  const listing = await (await fetch(`${srv.url}/listing.json`)).json();
  assert.equal(listing.demo, true);
  const problem = verifyFreeAnswer(fromBase64(listing.public_key.key), {
    capabilityId: "esim.quote@v1",
    productId: listing.product_id,
    input,
    result: body.result,
  }, res.headers.get("x-provider-signature"));
  assert.equal(problem, null);
  const page = await fetch(`${srv.url}/`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get("content-type")!, /^text\/html/);
  await page.body?.cancel();
  assert.equal(await srv.stop(), 0);
});

for (
  const [supplier, missing, env] of [
    ["http", "SUPPLIER_URL", {}],
    ["adapter_a", "ADAPTER_A_ACCESS_CODE_FILE", {}],
    ["adapter_b", "ADAPTER_B_CLIENT_SECRET_FILE", { ADAPTER_B_CLIENT_ID_FILE: "SELF" }],
    ["adapter_c", "ADAPTER_C_API_KEY_FILE", {}],
  ] as const
) {
  Deno.test(`SUPPLIER=${supplier} without ${missing}: serve exits 1 naming ${missing}`, async () => {
    await using dir = await tempDir();
    const extra: Record<string, string> = {};
    for (const [k, v] of Object.entries(env)) {
      await Deno.writeTextFile(`${dir.path}/id`, "client-id\n");
      extra[k] = v === "SELF" ? `${dir.path}/id` : v;
    }
    const r = await runCli(["serve", "--port", "0", "--kv-path", ":memory:"], {
      cwd: dir.path,
      env: { SUPPLIER: supplier, ...extra },
    });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(
      r.stderr,
      new RegExp(`^esim-rails serve: ${missing}: is required with SUPPLIER=${supplier}`),
    );
  });
}
