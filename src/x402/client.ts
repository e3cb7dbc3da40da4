/**
 * Our own x402 buyer: reads the 402 terms, signs an EIP-3009 authorization with viem and
 * retries with `PAYMENT-SIGNATURE`. Used by `esim-rails call`; refuses terms above a price cap.
 *
 * @example
 * ```ts ignore
 * import { payAndFetch } from "./client.ts";
 * import { privateKeyToAccount } from "viem/accounts";
 * const r = await payAndFetch("http://127.0.0.1:8402/x402/fair-random", { seed: "x" },
 *   privateKeyToAccount("0x…"), { maxAtomic: 10_000n });
 * r.status; r.body; r.settlement;
 * ```
 */
import type { LocalAccount } from "viem";
import {
  atomicToUsd,
  chainByNetwork,
  HEADER_PAYMENT_REQUIRED,
  HEADER_PAYMENT_RESPONSE,
  HEADER_PAYMENT_SIGNATURE,
  type Hex,
  SCHEME_EXACT,
  TRANSFER_WITH_AUTHORIZATION_TYPES,
} from "./constants.ts";
import { decodeBase64Json, encodeBase64Json } from "./encoding.ts";
import type {
  Authorization,
  PaymentPayloadV2,
  PaymentRequired,
  PaymentRequirements,
  SettlementResponse,
} from "./types.ts";
import { toHex } from "../crypto/hash.ts";

/**
 * Picks the first `exact` entry in that chain's USDC on a known EVM chain with an EIP-712 domain
 * in `extra`. Another asset is never paid: the price cap is in USD (USDC units), and a server
 * naming another token (with other decimals or value) could otherwise take more than the cap.
 */
export function chooseRequirements(pr: PaymentRequired): PaymentRequirements | undefined {
  return pr.accepts.find((r) => {
    const chain = r.scheme === SCHEME_EXACT ? chainByNetwork(r.network) : undefined;
    return chain !== undefined && typeof r.asset === "string" &&
      r.asset.toLowerCase() === chain.usdc.toLowerCase() &&
      typeof r.extra?.name === "string" && typeof r.extra?.version === "string";
  });
}

/**
 * Longest authorization window the client signs by default (seconds). A seller asking for more
 * gets nothing signed unless the caller raises the cap (`esim-rails call --max-timeout-s`).
 */
export const DEFAULT_MAX_TIMEOUT_CAP_SECONDS = 900;

/**
 * Why `maxTimeoutSeconds` of terms cannot be signed (not a whole number of seconds, zero, or
 * above `cap`), or null when it can. A string such as "300" is refused: signing
 * `now + "300"` would make an authorization valid for thousands of years.
 */
export function timeoutProblem(value: unknown, cap: number): string | null {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    return `The terms' maxTimeoutSeconds '${
      String(value).slice(0, 40)
    }' is not a positive whole number`;
  }
  if (value > cap) {
    return `The terms ask for an authorization valid ${value} s, above the cap ${cap} s`;
  }
  return null;
}

/** Signs a v2 payment for `requirements`. */
export async function createPayment(
  account: LocalAccount,
  requirements: PaymentRequirements,
  resource?: PaymentRequired["resource"],
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<PaymentPayloadV2> {
  const chain = chainByNetwork(requirements.network);
  if (!chain) throw new RangeError(`Unsupported network ${requirements.network}`);
  const problem = timeoutProblem(requirements.maxTimeoutSeconds, Number.MAX_SAFE_INTEGER);
  if (problem) throw new RangeError(problem);
  const authorization: Authorization = {
    from: account.address,
    to: requirements.payTo as Hex,
    value: requirements.amount,
    validAfter: "0",
    validBefore: String(nowSeconds + requirements.maxTimeoutSeconds),
    nonce: `0x${toHex(crypto.getRandomValues(new Uint8Array(32)))}`,
  };
  const signature = await account.signTypedData({
    domain: {
      name: requirements.extra!.name as string,
      version: requirements.extra!.version as string,
      chainId: chain.chainId,
      verifyingContract: requirements.asset as Hex,
    },
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: "TransferWithAuthorization",
    message: {
      from: authorization.from,
      to: authorization.to,
      value: BigInt(authorization.value),
      validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore),
      nonce: authorization.nonce,
    },
  });
  return {
    x402Version: 2,
    ...(resource ? { resource } : {}),
    accepted: requirements,
    payload: { signature, authorization },
  };
}

/** The outcome of a paid call. */
export interface PaidCall {
  status: number;
  body: unknown;
  /** Decoded `PAYMENT-RESPONSE`, when the server sent one. */
  settlement?: SettlementResponse;
  /** The terms that were paid, when a payment was made. */
  paid?: PaymentRequirements;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POSTs `data` as JSON; on 402 pays the terms (at most `maxAtomic` units, an authorization
 * valid at most `maxTimeoutSeconds`, default `DEFAULT_MAX_TIMEOUT_CAP_SECONDS`) and retries
 * once. Throws `RangeError` when the terms are unusable or above a cap (nothing is signed then).
 */
export async function payAndFetch(
  url: string,
  data: unknown,
  account: LocalAccount,
  opts: { maxAtomic: bigint; maxTimeoutSeconds?: number; fetch?: typeof fetch },
): Promise<PaidCall> {
  const f = opts.fetch ?? fetch;
  const init = {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(data),
  };
  const first = await f(url, init);
  if (first.status !== 402) return { status: first.status, body: await readBody(first) };
  const header = first.headers.get(HEADER_PAYMENT_REQUIRED);
  await first.body?.cancel();
  if (!header) throw new RangeError("The server answered 402 without a PAYMENT-REQUIRED header");
  const pr = decodeBase64Json(header) as PaymentRequired;
  if (!pr || !Array.isArray(pr.accepts)) {
    throw new RangeError("PAYMENT-REQUIRED holds no 'accepts' list");
  }
  const req = chooseRequirements(pr);
  if (!req) {
    throw new RangeError("No payment terms this client can pay (exact, USDC on a known EVM chain)");
  }
  if (!/^[0-9]+$/.test(req.amount)) {
    throw new RangeError(
      `The terms' amount '${String(req.amount).slice(0, 40)}' is not a whole number`,
    );
  }
  if (BigInt(req.amount) > opts.maxAtomic) {
    throw new RangeError(
      `The price ${atomicToUsd(req.amount)} USD is above the cap ${
        atomicToUsd(opts.maxAtomic)
      } USD`,
    );
  }
  const window = timeoutProblem(
    req.maxTimeoutSeconds,
    opts.maxTimeoutSeconds ?? DEFAULT_MAX_TIMEOUT_CAP_SECONDS,
  );
  if (window) throw new RangeError(window);
  const payment = await createPayment(account, req, pr.resource);
  const second = await f(url, {
    ...init,
    headers: { ...init.headers, [HEADER_PAYMENT_SIGNATURE]: encodeBase64Json(payment) },
  });
  const sr = second.headers.get(HEADER_PAYMENT_RESPONSE);
  let settlement: SettlementResponse | undefined;
  try {
    settlement = sr ? decodeBase64Json(sr) as SettlementResponse : undefined;
  } catch {
    settlement = undefined;
  }
  return { status: second.status, body: await readBody(second), settlement, paid: req };
}
