/**
 * `serve` with `STORE_URL` (PostgreSQL) and `STORE_NAME`: two nodes on one database run the
 * storefront and the transparency log. An order created on one node is paid by a plain
 * transfer, both nodes' watchers see it and it is credited once and delivered once; a paid
 * transparency-check on the other node answers from the shared log, whose whole content
 * `esim-rails log verify` then checks. Skipped with the reason where PostgreSQL is missing.
 */
import assert from "node:assert/strict";
import { pgSkip, pgSuffix, startPostgres } from "../support/postgres.ts";
import { startTestServer } from "../support/server.ts";
import { runCli } from "../support/process.ts";
import { tempDir } from "../support/temp.ts";
import { createOrder, mine, transfer, view, withShop } from "../shop/_env.ts";
import { buyer, seller } from "../x402/_sign.ts";
import { payAndFetch } from "../../src/x402/client.ts";
import { okObservation } from "../../src/tlog/ok_observation.ts";
import { tool } from "../fakes/mcp_http.ts";

const PUBLIC_URL = "https://shop.example.com";

function hex32(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
}

Deno.test({
  name:
    `serve on PostgreSQL: the storefront and transparency-check work across two nodes sharing one database${pgSuffix()}`,
  ignore: pgSkip !== null,
  async fn() {
    await using pg = await startPostgres();
    await using keys = await tempDir();
    const storeUrl = await pg.createDatabase();
    // With STORE_URL keys are never generated: every node is given the same files.
    for (const k of ["signer", "vrf", "log"]) {
      await Deno.writeTextFile(`${keys.path}/${k}.key`, hex32());
    }
    const nodeKeys = {
      SIGNER_KEY_FILE: `${keys.path}/signer.key`,
      VRF_KEY_FILE: `${keys.path}/vrf.key`,
      LOG_KEY_FILE: `${keys.path}/log.key`,
    };
    await withShop(async ({ url, chain, shop, received, server, env }) => {
      assert.equal(server.server.services.store.backend, "postgres");
      // A second node on the same database and keys.
      await using other = await startTestServer({ ...env, DATA_DIR: server.dataDir }, {
        shopPollMs: 0,
        shopLog: () => {},
        nodeLog: () => {},
      });
      const shop2 = other.server.services.shop!.service;

      const o = await createOrder(url);
      assert.equal((await view(other.url, o)).status, "awaiting_payment", "seen by node 2");
      await transfer(chain, buyer, seller.address, o.amount);
      await Promise.all([shop.tick(), shop2.tick()]);
      assert.equal((await view(url, o)).payments.length, 1, "seen, not final yet");
      await mine(chain, 40);
      // Both watchers scan the same blocks: the payment is credited to the order once.
      const end = Date.now() + 30_000;
      while ((await view(url, o)).status !== "delivered") {
        if (Date.now() > end) throw new Error("timed out waiting for delivery");
        await Promise.all([shop.tick(), shop2.tick()]);
        await new Promise((r) => setTimeout(r, 50));
      }
      const v = await view(other.url, o);
      assert.equal(v.payments.length, 1);
      assert.equal(v.paid_units, o.amount.toString(), "credited once");
      assert.match(v.esim!.activation_code, /^LPA:1\$/);
      await received.next("order.delivered", o.id);
      assert.deepEqual(received.typesOf(o.id), ["order.created", "order.delivered"]);
      assert.equal(received.duplicates, 0);

      // The log is shared: an observation appended through node 1 answers a check on node 2.
      const observed = okObservation(
        { name: "io.example/weather", endpoint: "https://weather.example.com/mcp" },
        "2026-02-01T00:00:00.000Z",
        [tool("forecast")],
      );
      await server.server.services.tlog.append(observed, [tool("forecast")]);
      await other.server.services.tlog.append({
        ...observed,
        observed_at: "2026-02-02T00:00:00.000Z",
      });
      const before = await chain.balanceOf(seller.address);
      const call = await payAndFetch(
        `${other.url}/x402/transparency-check`,
        { name: "io.example/weather", endpoint: "https://weather.example.com/mcp" },
        buyer,
        { maxAtomic: 1000n },
      );
      assert.equal(call.status, 200, JSON.stringify(call.body));
      const check = (call.body as { check: { match: string } }).check;
      assert.equal(check.match, "exact");
      assert.equal((await chain.balanceOf(seller.address)) - before, 1000n);

      const verified = await runCli(["log", "verify"], {
        env: {
          STORE_URL: storeUrl,
          PUBLIC_URL,
          ...nodeKeys,
          NODE_SECRET_FILE: env.NODE_SECRET_FILE!,
        },
      });
      assert.equal(verified.code, 0, verified.stdout + verified.stderr);
      assert.equal(JSON.parse(verified.stdout).tree_size, 2);
    }, { env: { STORE_URL: storeUrl, PUBLIC_URL, ...nodeKeys } });
  },
});
