/**
 * Test helper: builds real x402 payments signed with viem (an independent EIP-712
 * implementation), so our verifier is checked against someone else's encoding.
 */
import { privateKeyToAccount } from "viem/accounts";
import type { LocalAccount } from "viem";
import {
  BASE,
  type Eip712Domain,
  type Hex,
  TRANSFER_WITH_AUTHORIZATION_TYPES,
} from "../../src/x402/constants.ts";
import { encodeBase64Json } from "../../src/x402/encoding.ts";
import type { Authorization, PaymentRequirements } from "../../src/x402/types.ts";

/** Deterministic test keys (anvil's well-known dev accounts 0..3). */
export const KEYS = {
  buyer: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  payTo: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  facilitator: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  other: "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
} as const;

export const buyer: LocalAccount = privateKeyToAccount(KEYS.buyer);
export const seller: LocalAccount = privateKeyToAccount(KEYS.payTo);
export const other: LocalAccount = privateKeyToAccount(KEYS.other);

export function randomNonce(): Hex {
  const b = crypto.getRandomValues(new Uint8Array(32));
  return ("0x" + Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("")) as Hex;
}

export function baseDomain(): Eip712Domain {
  return { name: "USD Coin", version: "2", chainId: BASE.chainId, verifyingContract: BASE.usdc };
}

/** Signs an authorization with viem under `domain`. */
export async function signAuthorization(
  account: LocalAccount,
  domain: Eip712Domain,
  a: Authorization,
): Promise<Hex> {
  return await account.signTypedData({
    domain,
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: "TransferWithAuthorization",
    message: {
      from: a.from,
      to: a.to,
      value: BigInt(a.value),
      validAfter: BigInt(a.validAfter),
      validBefore: BigInt(a.validBefore),
      nonce: a.nonce,
    },
  });
}

export interface MakePaymentOptions {
  account?: LocalAccount;
  requirements: PaymentRequirements;
  now?: number;
  authorization?: Partial<Authorization>;
  domain?: Eip712Domain;
  accepted?: PaymentRequirements;
  /** Replace the signature after signing. */
  signature?: (sig: Hex) => Hex;
}

/** A v2 payment object and its `PAYMENT-SIGNATURE` header value. */
export async function makePayment(o: MakePaymentOptions) {
  const account = o.account ?? buyer;
  const now = o.now ?? Math.floor(Date.now() / 1000);
  const authorization: Authorization = {
    from: account.address,
    to: o.requirements.payTo as Hex,
    value: o.requirements.amount,
    validAfter: "0",
    validBefore: String(now + 120),
    nonce: randomNonce(),
    ...o.authorization,
  };
  const domain = o.domain ?? {
    name: o.requirements.extra!.name as string,
    version: o.requirements.extra!.version as string,
    chainId: Number(o.requirements.network.split(":")[1]),
    verifyingContract: o.requirements.asset as Hex,
  };
  let signature = await signAuthorization(account, domain, authorization);
  if (o.signature) signature = o.signature(signature);
  const payload = {
    x402Version: 2 as const,
    resource: { url: "http://test/", description: "test", mimeType: "application/json" },
    accepted: o.accepted ?? o.requirements,
    payload: { signature, authorization },
  };
  return { payload, header: encodeBase64Json(payload), authorization, signature };
}

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The malleable twin of a signature: s' = n - s, v flipped. Valid ECDSA, refused by USDC. */
export function highS(sig: Hex): Hex {
  const body = sig.slice(2);
  const s = BigInt("0x" + body.slice(64, 128));
  const v = parseInt(body.slice(128, 130), 16);
  const s2 = (N - s).toString(16).padStart(64, "0");
  return ("0x" + body.slice(0, 64) + s2 + (v === 27 ? "1c" : "1b")) as Hex;
}

/** Same signature with v as 0/1 (yParity) instead of 27/28. */
export function parityV(sig: Hex): Hex {
  const v = parseInt(sig.slice(130, 132), 16);
  return (sig.slice(0, 130) + (v - 27).toString(16).padStart(2, "0")) as Hex;
}
