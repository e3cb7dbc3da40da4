/**
 * Verification of an x402 `exact` EVM payment against our terms, exactly as DESIGN.md §4 says:
 * `accepted` deep-equals one of our terms; `to == payTo`; `value == amount`; `validAfter < now`
 * (strict, as on chain); `validBefore >= now + 6 s`; a 65-byte signature with `v` 27/28 and low
 * `s`; the recovered signer is `from` under our exact EIP-712 domain. Pure and synchronous; no
 * chain access (balance and nonce state are settlement's business).
 *
 * @example
 * ```ts
 * import { verifyPayment } from "./verify.ts";
 * import { parsePaymentObject } from "./encoding.ts";
 * import { requirementsFor } from "./terms.ts";
 * const auth = {
 *   from: "0x857b06519E91e3A54538791bDbb0E22373e36b66",
 *   to: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
 *   value: "10000",
 *   validAfter: "1740672089",
 *   validBefore: "1740672154",
 *   nonce: "0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480",
 * } as const;
 * const payment = parsePaymentObject({
 *   x402Version: 1, scheme: "exact", network: "base-sepolia",
 *   payload: { signature: "0x2d6a7588d6acca505cbf0d9a4a227e0c52c6c34008c8e8986a1283259764173608a2ce6496642e377d6da8dbbf5836e9bd15092f9ecab05ded3d6293af148b571c", authorization: auth },
 * });
 * const terms = requirementsFor({ amount: "10000", payTo: auth.to });
 * const r = verifyPayment(payment, [terms], { now: 1740672100 });
 * if (r.ok || r.reason !== "invalid_network") throw new Error("a Base Sepolia payment is refused on Base");
 * ```
 */
import {
  chainByNetwork,
  type Eip712Domain,
  MIN_VALIDITY_SECONDS,
  SCHEME_EXACT,
} from "./constants.ts";
import type { ParsedPayment } from "./encoding.ts";
import type { PaymentRequirements } from "./types.ts";
import { authorizationDigest, recoverSigner, splitSignature } from "./eip3009.ts";

// The paywall names payers with it once a payment verifies; loaded together.
export { checksumAddress } from "./address.ts";

/** x402 reason names used by the verifier and x402-check (x402 specification). */
export const Reason = {
  InvalidPayload: "invalid_payload",
  InvalidScheme: "invalid_scheme",
  InvalidNetwork: "invalid_network",
  InvalidX402Version: "invalid_x402_version",
  InvalidPaymentRequirements: "invalid_payment_requirements",
  RecipientMismatch: "invalid_exact_evm_payload_recipient_mismatch",
  ValueMismatch: "invalid_exact_evm_payload_authorization_value_mismatch",
  ValidAfter: "invalid_exact_evm_payload_authorization_valid_after",
  ValidBefore: "invalid_exact_evm_payload_authorization_valid_before",
  Signature: "invalid_exact_evm_payload_signature",
  AssetMismatch: "invalid_exact_evm_payload_asset_mismatch",
} as const;

export type ReasonName = typeof Reason[keyof typeof Reason];

/** Outcome of `verifyPayment`. */
export type VerifyResult =
  | {
    ok: true;
    /** The payer (authorization.from, as sent). */
    payer: string;
    /** Our terms the payment matched. */
    requirements: PaymentRequirements;
    payment: ParsedPayment;
  }
  | { ok: false; reason: ReasonName; message: string; payer?: string };

/** Structural equality of JSON values (object key order is irrelevant). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ak.length === bk.length &&
    ak.every((k) => Object.hasOwn(bo, k) && jsonEqual(ao[k], bo[k]));
}

/** The EIP-712 domain our terms commit to (token name/version from `extra`). */
export function domainOf(req: PaymentRequirements): Eip712Domain | undefined {
  const chain = chainByNetwork(req.network);
  const m = /^eip155:([0-9]{1,12})$/.exec(req.network);
  const chainId = chain?.chainId ?? (m ? Number(m[1]) : undefined);
  const name = req.extra?.name;
  const version = req.extra?.version;
  if (chainId === undefined || typeof name !== "string" || typeof version !== "string") {
    return undefined;
  }
  return { name, version, chainId, verifyingContract: req.asset as `0x${string}` };
}

/** Finds which of our terms a payment is for, or the reason none fits. */
export function matchTerms(
  payment: ParsedPayment,
  accepts: readonly PaymentRequirements[],
): { ok: true; requirements: PaymentRequirements } | {
  ok: false;
  reason: ReasonName;
  message: string;
} {
  if (payment.scheme !== SCHEME_EXACT) {
    return {
      ok: false,
      reason: Reason.InvalidScheme,
      message: `Scheme '${payment.scheme}' is not accepted; use 'exact'`,
    };
  }
  if (payment.x402Version === 2) {
    const hit = accepts.find((t) => jsonEqual(payment.accepted, t));
    if (hit) return { ok: true, requirements: hit };
    if (!accepts.some((t) => t.network === payment.network)) {
      return {
        ok: false,
        reason: Reason.InvalidNetwork,
        message: `Network '${payment.network}' is not accepted; pay on ${
          accepts.map((t) => t.network).join(", ")
        }`,
      };
    }
    return {
      ok: false,
      reason: Reason.InvalidPaymentRequirements,
      message:
        "'accepted' does not equal the terms of this endpoint; pay the terms of the 402 answer as given",
    };
  }
  const chain = chainByNetwork(payment.network);
  const hit = chain && accepts.find((t) => t.network === chain.network);
  if (!hit) {
    return {
      ok: false,
      reason: Reason.InvalidNetwork,
      message: `Network '${payment.network}' is not accepted`,
    };
  }
  return { ok: true, requirements: hit };
}

/**
 * Verifies a parsed payment against our terms at time `now` (unix seconds). Cheap checks run
 * first; the signature is recovered last. `skipWindow` is only for collecting a payment whose
 * settlement was already sent while it was valid.
 */
export function verifyPayment(
  payment: ParsedPayment,
  accepts: readonly PaymentRequirements[],
  opts: { now: number; skipWindow?: boolean },
): VerifyResult {
  const a = payment.payload.authorization;
  const payer = a.from;
  const m = matchTerms(payment, accepts);
  if (!m.ok) return { ...m, payer };
  const req = m.requirements;
  if (a.to.toLowerCase() !== req.payTo.toLowerCase()) {
    return {
      ok: false,
      reason: Reason.RecipientMismatch,
      message: `Authorization pays ${a.to}, not ${req.payTo}`,
      payer,
    };
  }
  if (a.value !== req.amount) {
    return {
      ok: false,
      reason: Reason.ValueMismatch,
      message: `Authorization value ${a.value} differs from the price ${req.amount} (atomic units)`,
      payer,
    };
  }
  const now = BigInt(Math.floor(opts.now));
  if (!opts.skipWindow && !(BigInt(a.validAfter) < now)) {
    return {
      ok: false,
      reason: Reason.ValidAfter,
      message: `Authorization is not valid before ${a.validAfter}`,
      payer,
    };
  }
  if (!opts.skipWindow && BigInt(a.validBefore) < now + BigInt(MIN_VALIDITY_SECONDS)) {
    return {
      ok: false,
      reason: Reason.ValidBefore,
      message:
        `Authorization expires at ${a.validBefore}; it must stay valid at least ${MIN_VALIDITY_SECONDS} s`,
      payer,
    };
  }
  const domain = domainOf(req);
  if (!domain) {
    return {
      ok: false,
      reason: Reason.InvalidPaymentRequirements,
      message: "Our terms name no EIP-712 domain",
      payer,
    };
  }
  const sig = splitSignature(payment.payload.signature);
  if (!sig.ok) {
    return {
      ok: false,
      reason: Reason.Signature,
      message: signatureProblemMessage(sig.problem),
      payer,
    };
  }
  const signer = recoverSigner(authorizationDigest(domain, a), sig);
  if (signer === null || signer !== a.from.toLowerCase()) {
    return {
      ok: false,
      reason: Reason.Signature,
      message:
        `The signature is not by ${a.from} under the domain ${domain.name}/${domain.version}/${domain.chainId}`,
      payer,
    };
  }
  return { ok: true, payer, requirements: req, payment };
}

/** Human message for a signature format problem. */
export function signatureProblemMessage(problem: string): string {
  switch (problem) {
    case "smart_wallet":
      return "The signature is longer than 65 bytes (a smart-wallet signature); only 65-byte EOA signatures are accepted";
    case "erc6492":
      return "The signature is an ERC-6492 counterfactual smart-wallet signature; only 65-byte EOA signatures are accepted";
    case "wrong_length":
      return "The signature must be 65 bytes";
    case "bad_v":
      return "The signature's v must be 27 or 28";
    case "high_s":
      return "The signature's s is in the upper half of the curve order (malleable); use a low-s signature";
    case "zero_r_or_s":
      return "The signature's r or s is out of range";
    default:
      return "The signature is not 0x-prefixed hex";
  }
}
