import { KvClaimStore } from "../../src/store/kv/claims.ts";
import { assert, assertEquals } from "./_assert.ts";
import {
  describePayments,
  PaymentConfigError,
  paywallFromConfig,
  paywallFromEnv,
} from "../../src/x402/config.ts";
import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
import { RemoteSettler } from "../../src/x402/settle_remote.ts";
import { requirementsFor } from "../../src/x402/terms.ts";
import { makePayment, seller } from "./_sign.ts";
import { serveEcho } from "./_server.ts";

async function withKv<T>(fn: (kv: Deno.Kv) => Promise<T>): Promise<T> {
  const kv = await Deno.openKv(":memory:");
  try {
    return await fn(kv);
  } finally {
    kv.close();
  }
}

async function configError(env: Record<string, string>): Promise<string> {
  return await withKv(async (kv) => {
    try {
      await paywallFromEnv(env, { claims: new KvClaimStore(kv), signer: Ed25519Signer.generate() });
    } catch (e) {
      assert(e instanceof PaymentConfigError);
      return e.variable;
    }
    return "no error";
  });
}

Deno.test("paywallFromEnv() leaves payments unconfigured without PAY_TO_EVM and says so", async () => {
  await withKv(async (kv) => {
    const deps = await paywallFromEnv({}, {
      claims: new KvClaimStore(kv),
      signer: Ed25519Signer.generate(),
    });
    assertEquals(deps.payTo, undefined);
    assert(describePayments(deps).includes("NOT CONFIGURED"));
  });
});

Deno.test("paywallFromEnv() picks the remote facilitator from FACILITATOR_URL", async () => {
  await withKv(async (kv) => {
    const deps = await paywallFromEnv(
      { PAY_TO_EVM: seller.address, FACILITATOR_URL: "https://facilitator.example" },
      { claims: new KvClaimStore(kv), signer: Ed25519Signer.generate() },
    );
    assertEquals(deps.settler?.mode, "remote");
    assert(describePayments(deps).includes(seller.address));
  });
});

Deno.test("paywallFromEnv() refuses a malformed PAY_TO_EVM, FACILITATOR_URL or half of in-process settlement", async () => {
  assertEquals(await configError({ PAY_TO_EVM: "0x123" }), "PAY_TO_EVM");
  assertEquals(await configError({ FACILITATOR_URL: "ftp://x" }), "FACILITATOR_URL");
  assertEquals(await configError({ RPC_URL: "http://127.0.0.1:8545" }), "FACILITATOR_KEY_FILE");
  assertEquals(await configError({ FACILITATOR_KEY_FILE: "/nonexistent" }), "RPC_URL");
});

Deno.test("an unreachable facilitator answers 502 and charges nothing; the payment stays usable", async () => {
  // A port that was just closed: connections are refused.
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const server = await serveEcho({
    payTo: seller.address,
    settler: new RemoteSettler({ url: `http://127.0.0.1:${port}` }),
  });
  try {
    const terms = requirementsFor({ priceUsd: "0.001", payTo: seller.address });
    const p = await makePayment({ requirements: terms });
    const res = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", "PAYMENT-SIGNATURE": p.header },
      body: JSON.stringify({ text: "x" }),
    });
    assertEquals(res.status, 502);
    assertEquals((await res.json()).error.code, "upstream_failed");
    assertEquals(server.service.runs, 0);
    assertEquals(await server.deps.claims.get(p.authorization.from, p.authorization.nonce), null);
  } finally {
    await server.close();
  }
});

Deno.test("paywallFromConfig() settles in-process with a facilitator key and RPC URL", async () => {
  await withKv((kv) => {
    const deps = paywallFromConfig(
      {
        payToEvm: seller.address,
        rpcUrl: "http://127.0.0.1:8545",
        facilitatorKey: new Uint8Array(32).fill(7),
      },
      {
        claims: new KvClaimStore(kv),
        signer: Ed25519Signer.generate(),
        publicOrigin: "https://api.example",
      },
    );
    assertEquals(deps.settler?.mode, "local");
    assertEquals(deps.publicOrigin, "https://api.example");
    assert(describePayments(deps).includes("in-process"));
    return Promise.resolve();
  });
});
