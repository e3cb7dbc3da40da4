/**
 * The storefront with TON, TRON and Solana payments on local fakes (toncenter v3, TronGrid,
 * Solana JSON-RPC, tests/fakes/) beside the usual anvil chain: `withChains` starts the fakes,
 * points `TONCENTER_URL`, `TRONGRID_URL` and `SOLANA_RPC_URL` at them with API key files, and
 * sets `PAY_TO_TON`, `PAY_TO_TRON` and `PAY_TO_SOLANA` to real addresses.
 */
import { api, firstOffer, type ShopEnv, type ShopEnvOptions, withShop } from "./_env.ts";
import { randomTonAddress, startToncenterFake, type ToncenterFake } from "../fakes/toncenter.ts";
import { startTronGridFake, type TronGridFake } from "../fakes/trongrid.ts";
import { type SolanaFake, startSolanaFake } from "../fakes/solana_rpc.ts";
import { tronAddress } from "../../src/shop/base58.ts";

export const TONCENTER_KEY = "toncenter-test-key-0123456789";
export const TRONGRID_KEY = "7d3c2a10-trongrid-test-key";

export interface ChainsEnv extends ShopEnv {
  ton: ToncenterFake;
  tron: TronGridFake;
  sol: SolanaFake;
  payTo: { ton: string; tron: string; solana: string };
}

/** A random TRON account address (base58check of 0x41 + 20 bytes). */
export function randomTronAddress(): string {
  return tronAddress(new Uint8Array([0x41, ...crypto.getRandomValues(new Uint8Array(20))]));
}

export async function withChains(fn: (e: ChainsEnv) => Promise<void>, o: ShopEnvOptions = {}) {
  const ton = startToncenterFake({ apiKey: TONCENTER_KEY });
  const tron = startTronGridFake({ apiKey: TRONGRID_KEY });
  const sol = startSolanaFake();
  const keyDir = await Deno.makeTempDir({ prefix: "esim-chains-" });
  try {
    await Deno.writeTextFile(`${keyDir}/toncenter.key`, TONCENTER_KEY + "\n");
    await Deno.writeTextFile(`${keyDir}/trongrid.key`, TRONGRID_KEY + "\n");
    const payTo = {
      ton: randomTonAddress(),
      tron: randomTronAddress(),
      solana: await sol.newAddress(),
    };
    await withShop((e) => fn({ ...e, ton, tron, sol, payTo }), {
      ...o,
      env: {
        PAY_TO_TON: payTo.ton,
        PAY_TO_TRON: payTo.tron,
        PAY_TO_SOLANA: payTo.solana,
        TONCENTER_URL: ton.url,
        TONCENTER_API_KEY_FILE: `${keyDir}/toncenter.key`,
        TRONGRID_URL: tron.url,
        TRONGRID_API_KEY_FILE: `${keyDir}/trongrid.key`,
        SOLANA_RPC_URL: sol.url,
        ...o.env,
      },
    });
  } finally {
    await Promise.all([ton.close(), tron.close(), sol.close()]);
    await Deno.remove(keyDir, { recursive: true }).catch(() => {});
  }
}

export interface ChainOrder {
  id: string;
  token: string;
  price: bigint;
  amount: bigint;
  pay: {
    method: string;
    chain: string;
    address: string;
    asset: string;
    amount_units: string;
    memo?: string;
    reference?: string;
    uri: string;
    qr_svg: string;
  };
}

/** Creates an order paid with `method` through the JSON API. */
export async function chainOrder(url: string, method: string, country = "US"): Promise<ChainOrder> {
  const offer = await firstOffer(url, country);
  const r = await api(`${url}/shop/api/orders`, { body: { offer_id: offer.offer_id, method } });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  const pay = r.body.pay as ChainOrder["pay"];
  return {
    id: r.body.order_id as string,
    token: r.body.status_token as string,
    price: BigInt(offer.price_usd.replace(".", "")) * 10_000n,
    amount: BigInt(pay.amount_units),
    pay,
  };
}
