/**
 * The EVM watcher against an RPC that fails: nothing is credited, confirmed, dropped or
 * expired while it fails, the scan resumes where it stopped, and the payment is credited once
 * the RPC answers again.
 */
import assert from "node:assert/strict";
import { buyer, seller } from "../x402/_sign.ts";
import { EvmWatcher } from "../../src/shop/evm/watcher.ts";
import { httpRpc, type Rpc, RpcError } from "../../src/shop/evm/rpc.ts";
import { BASE } from "../../src/x402/constants.ts";
import { createOrder, mine, transfer, view, withShop } from "./_env.ts";

Deno.test("shop watcher: while the RPC fails nothing is credited or dropped; it catches up when the RPC is back", async () => {
  await withShop(async ({ url, chain, shop }) => {
    const real = httpRpc(chain.rpcUrl);
    let failing = new Set<string>();
    const rpc: Rpc = {
      call<T>(method: string, params: unknown[]): Promise<T> {
        if (failing.has(method)) return Promise.reject(new RpcError(`${method}: HTTP 503`));
        return real.call<T>(method, params);
      },
    };
    const watcher = new EvmWatcher({
      rpc,
      store: shop.store,
      sink: shop,
      chain: BASE.network,
      chainId: BASE.chainId,
      token: BASE.usdc,
      payTo: seller.address,
      maxRange: 5,
    });
    const o = await createOrder(url);
    await watcher.poll();
    await transfer(chain, buyer, seller.address, o.amount);
    await mine(chain, 12); // more than two scan ranges after the payment

    failing = new Set(["eth_getLogs"]);
    await assert.rejects(() => watcher.poll(), RpcError);
    assert.equal((await view(url, o)).payments.length, 0);

    failing = new Set();
    await watcher.poll();
    let v = await view(url, o);
    assert.equal(v.payments.length, 1, "credited once the RPC answers");
    assert.equal(v.payments[0]!.final, false);

    // Block lookups fail: the payment is neither dropped nor confirmed.
    await mine(chain, 40);
    failing = new Set(["eth_getBlockByNumber"]);
    await assert.rejects(() => watcher.poll(), RpcError);
    v = await view(url, o);
    assert.deepEqual(v.payments.map((p) => p.final), [false]);
    assert.equal(v.status, "awaiting_payment");

    failing = new Set();
    await watcher.poll();
    v = await view(url, o);
    assert.deepEqual(v.payments.map((p) => p.final), [true]);
    assert.notEqual(v.status, "awaiting_payment");
  });
});
