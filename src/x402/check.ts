/**
 * x402-check: an offline, deterministic diagnosis of an x402 `exact` EVM payment before it is
 * submitted (spec §1, §2.5; DESIGN.md §4). Every check is reported with ok/failed and the x402
 * reason name; the seller terms are compared field by field; the nonce binding is `bound`,
 * `mismatch` or `unbindable`; a failing signature is tried under every known USDC domain and
 * the domain it was actually made for is named. Smart-wallet signatures (longer than 65 bytes,
 * or ERC-6492) are reported as not verifiable offline. Pure.
 *
 * @example
 * ```ts
 * import { parseCheckInput, runCheck } from "./check.ts";
 * const r = runCheck(parseCheckInput({
 *   signature: "0x2d6a7588d6acca505cbf0d9a4a227e0c52c6c34008c8e8986a1283259764173608a2ce6496642e377d6da8dbbf5836e9bd15092f9ecab05ded3d6293af148b571c",
 *   authorization: {
 *   from: "0x857b06519E91e3A54538791bDbb0E22373e36b66",
 *   to: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
 *   value: "10000",
 *   validAfter: "1740672089",
 *   validBefore: "1740672154",
 *   nonce: "0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480",
 * },
 *   network: "base",
 * }), 1740672100);
 * r.valid; // false
 * r.signature_domain?.description; // "made for Base Sepolia USDC ('USDC', 2, 84532)"
 * ```
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import { invalidInput } from "../http/errors.ts";
import {
  chainById,
  chainByNetwork,
  type Eip712Domain,
  KNOWN_CHAINS,
  MIN_VALIDITY_SECONDS,
  SCHEME_EXACT,
} from "./constants.ts";
import {
  decodeBase64Json,
  parseExactEvmPayload,
  parsePaymentObject,
  PaymentPayloadError,
} from "./encoding.ts";
import { authorizationDigest, recoverSigner, splitSignature } from "./eip3009.ts";
import type { ExactEvmPayload, PaymentRequirements } from "./types.ts";
import { jsonEqual, Reason, signatureProblemMessage } from "./verify.ts";
import { fromHex, toHex } from "../crypto/hash.ts";

/** Validated input of x402-check. */
export interface CheckInput {
  x402Version: 1 | 2 | null;
  scheme: string;
  /** Network as sent. */
  network: string;
  chainId: number | null;
  payload: ExactEvmPayload;
  accepted?: PaymentRequirements;
  resourceUrl?: string;
  requirements?: Partial<PaymentRequirements> & { resource?: string };
  now?: number;
}

/** One check of the result. */
export interface CheckItem {
  check: string;
  /** true passed, false failed, null not applicable (skipped). */
  ok: boolean | null;
  reason?: string;
  message: string;
}

/** The x402-check result. */
export interface CheckResult {
  valid: boolean;
  x402_version: number | null;
  network: string | null;
  payer: string;
  signer: string | null;
  domain: Eip712Domain | null;
  checks: CheckItem[];
  reasons: string[];
  terms: {
    compared: boolean;
    fields: { field: string; expected: unknown; actual: unknown; ok: boolean }[];
  };
  nonce_binding: {
    status: "bound" | "mismatch" | "unbindable";
    expected?: string;
    message: string;
  };
  signature_domain:
    | {
      label: string;
      network: string;
      name: string;
      version: string;
      chainId: number;
      verifyingContract: string;
      description: string;
    }
    | null;
  verifiable_offline: boolean;
  now: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Resolves `base`, `base-sepolia`, `eip155:<id>` (and other known v1 names) to a chain id. */
export function chainIdOf(network: string): number | null {
  const c = chainByNetwork(network);
  if (c) return c.chainId;
  const m = /^eip155:([1-9][0-9]{0,15})$/.exec(network.trim());
  return m ? Number(m[1]) : null;
}

function parseRequirementsInput(v: unknown): CheckInput["requirements"] {
  if (v === undefined) return undefined;
  if (!isObject(v)) {
    throw invalidInput("requirements", "'requirements' must be an object (an accepts entry)");
  }
  const out: Record<string, unknown> = {};
  for (const k of ["scheme", "network", "amount", "asset", "payTo", "resource"] as const) {
    if (v[k] === undefined) continue;
    if (typeof v[k] !== "string") {
      throw invalidInput(`requirements.${k}`, `'requirements.${k}' must be a string`);
    }
    out[k] = v[k];
  }
  if (out.amount !== undefined && !/^[0-9]{1,78}$/.test(out.amount as string)) {
    throw invalidInput(
      "requirements.amount",
      "'requirements.amount' must be atomic units as a decimal string",
    );
  }
  if (v.maxTimeoutSeconds !== undefined) {
    if (typeof v.maxTimeoutSeconds !== "number") {
      throw invalidInput(
        "requirements.maxTimeoutSeconds",
        "'requirements.maxTimeoutSeconds' must be a number",
      );
    }
    out.maxTimeoutSeconds = v.maxTimeoutSeconds;
  }
  if (v.extra !== undefined) {
    if (!isObject(v.extra)) {
      throw invalidInput("requirements.extra", "'requirements.extra' must be an object");
    }
    out.extra = v.extra;
  }
  return out as CheckInput["requirements"];
}

/** Validates the request body; throws `HttpError` 400 naming the field. */
export function parseCheckInput(body: unknown): CheckInput {
  if (!isObject(body)) throw invalidInput("", "The body must be a JSON object");
  const hasX = body.x_payment !== undefined;
  const hasA = body.authorization !== undefined || body.signature !== undefined;
  if (hasX && hasA) {
    throw invalidInput(
      "x_payment",
      "Send either 'x_payment' or 'authorization' + 'signature' + 'network', not both",
    );
  }
  let now: number | undefined;
  if (body.now !== undefined) {
    if (typeof body.now !== "number" || !Number.isSafeInteger(body.now) || body.now < 0) {
      throw invalidInput("now", "'now' must be unix seconds as a non-negative integer");
    }
    now = body.now;
  }
  const requirements = parseRequirementsInput(body.requirements);
  if (hasX) {
    if (typeof body.x_payment !== "string") {
      throw invalidInput("x_payment", "'x_payment' must be a base64 string");
    }
    try {
      const p = parsePaymentObject(decodeBase64Json(body.x_payment));
      const resourceUrl =
        p.x402Version === 2 && isObject((p.raw as { resource?: unknown }).resource)
          ? (p.raw as { resource: { url?: unknown } }).resource.url
          : undefined;
      return {
        x402Version: p.x402Version,
        scheme: p.scheme,
        network: p.network,
        chainId: chainIdOf(p.network),
        payload: p.payload,
        accepted: p.accepted,
        resourceUrl: typeof resourceUrl === "string" ? resourceUrl : undefined,
        requirements,
        now,
      };
    } catch (e) {
      if (e instanceof PaymentPayloadError) {
        throw invalidInput(e.field ? `x_payment.${e.field}` : "x_payment", e.message);
      }
      throw e;
    }
  }
  if (body.authorization === undefined) {
    throw invalidInput(
      "x_payment",
      "Send 'x_payment', or 'authorization' + 'signature' + 'network'",
    );
  }
  if (typeof body.signature !== "string") {
    throw invalidInput("signature", "'signature' must be a 0x-hex string");
  }
  if (typeof body.network !== "string") {
    throw invalidInput(
      "network",
      "'network' is required with 'authorization': base, base-sepolia or eip155:<chain id>",
    );
  }
  const chainId = chainIdOf(body.network);
  if (chainId === null) {
    throw invalidInput(
      "network",
      `Unknown network '${body.network}': use base, base-sepolia or eip155:<chain id>`,
    );
  }
  let payload: ExactEvmPayload;
  try {
    payload = parseExactEvmPayload(
      { signature: body.signature, authorization: body.authorization },
      "",
    );
  } catch (e) {
    if (e instanceof PaymentPayloadError) throw invalidInput(e.field ?? "authorization", e.message);
    throw e;
  }
  return {
    x402Version: null,
    scheme: SCHEME_EXACT,
    network: body.network,
    chainId,
    payload,
    requirements,
    now,
  };
}

/** Human name of a domain, e.g. "Base Sepolia USDC ('USDC', 2, 84532)". */
export function describeDomain(label: string, d: Eip712Domain): string {
  return `${label} USDC ('${d.name}', ${d.version}, ${d.chainId})`;
}

/** Every known USDC domain: each chain's USDC under both name variants. */
export function knownDomains(): { label: string; network: string; domain: Eip712Domain }[] {
  const out = [];
  for (const c of KNOWN_CHAINS) {
    const names = c.tokenName === "USD Coin" ? ["USD Coin", "USDC"] : ["USDC", "USD Coin"];
    for (const name of names) {
      out.push({
        label: c.label,
        network: c.network,
        domain: { name, version: "2", chainId: c.chainId, verifyingContract: c.usdc },
      });
    }
  }
  return out;
}

function saltBytes(salt: string): Uint8Array {
  if (/^0x([0-9a-fA-F]{2})*$/.test(salt)) return fromHex(salt);
  return new TextEncoder().encode(salt);
}

/** The bound nonce: keccak256(utf8(resource_url) || salt). */
export function boundNonce(resourceUrl: string, salt: string): `0x${string}` {
  const u = new TextEncoder().encode(resourceUrl);
  const s = saltBytes(salt);
  const buf = new Uint8Array(u.length + s.length);
  buf.set(u, 0);
  buf.set(s, u.length);
  return `0x${toHex(keccak_256(buf))}`;
}

/** Runs every check at time `now` (unix seconds; the input's `now` wins when given). */
export function runCheck(input: CheckInput, nowSeconds: number): CheckResult {
  const now = input.now ?? Math.floor(nowSeconds);
  const a = input.payload.authorization;
  const req = input.requirements;
  const acc = input.accepted;
  const checks: CheckItem[] = [];
  const add = (check: string, ok: boolean | null, reason: string, message: string) =>
    checks.push({ check, ok, ...(ok === false ? { reason } : {}), message });

  // Scheme and network.
  add("scheme", input.scheme === SCHEME_EXACT, Reason.InvalidScheme, `scheme '${input.scheme}'`);
  const reqChainId = req?.network !== undefined ? chainIdOf(req.network) : null;
  if (input.chainId === null) {
    add("network", false, Reason.InvalidNetwork, `Unknown network '${input.network}'`);
  } else if (req?.network !== undefined) {
    add(
      "network",
      reqChainId === input.chainId,
      Reason.InvalidNetwork,
      reqChainId === input.chainId
        ? `Payment and terms are both on chain ${input.chainId}`
        : `Payment is on '${input.network}' but the terms ask for '${req.network}'`,
    );
  } else {
    add("network", true, Reason.InvalidNetwork, `Chain ${input.chainId}`);
  }

  // The domain the payment must be signed under.
  const chainId = input.chainId ?? reqChainId;
  const chain = chainId !== null ? chainById(chainId) : undefined;
  const extraOf = (x?: Record<string, unknown>) =>
    x && typeof x.name === "string" && typeof x.version === "string"
      ? { name: x.name, version: x.version }
      : undefined;
  const nv = extraOf(req?.extra) ?? extraOf(acc?.extra) ??
    (chain ? { name: chain.tokenName, version: "2" } : undefined);
  const asset = req?.asset ?? acc?.asset ?? chain?.usdc;
  const domain: Eip712Domain | null =
    chainId !== null && nv && asset && /^0x[0-9a-fA-F]{40}$/.test(asset)
      ? { ...nv, chainId, verifyingContract: asset as `0x${string}` }
      : null;

  // Signature.
  const sig = splitSignature(input.payload.signature);
  let signer: string | null = null;
  let verifiable = true;
  let signatureDomain: CheckResult["signature_domain"] = null;
  if (!sig.ok) {
    verifiable = !(sig.problem === "smart_wallet" || sig.problem === "erc6492");
    add(
      "signature_format",
      false,
      Reason.Signature,
      verifiable ? signatureProblemMessage(sig.problem) : signatureProblemMessage(sig.problem) +
        "; it can only be checked on chain (ERC-1271), not offline",
    );
    add(
      "signature",
      null,
      Reason.Signature,
      "Not checked: the signature format is not a 65-byte EOA signature",
    );
  } else {
    add("signature_format", true, Reason.Signature, "65 bytes, v 27/28, low s");
    if (!domain) {
      add(
        "signature",
        false,
        Reason.Signature,
        "No EIP-712 domain is known for this network; give requirements.asset and requirements.extra",
      );
    } else {
      signer = recoverSigner(authorizationDigest(domain, a), sig);
      const ok = signer === a.from.toLowerCase();
      add(
        "signature",
        ok,
        Reason.Signature,
        ok
          ? `Signed by ${a.from} under ${
            describeDomain(chain?.label ?? `chain ${domain.chainId}`, domain)
          }`
          : `Not signed by ${a.from} under ${
            describeDomain(chain?.label ?? `chain ${domain.chainId}`, domain)
          }`,
      );
      if (!ok) {
        for (const k of knownDomains()) {
          if (jsonEqual(k.domain, domain)) continue;
          if (recoverSigner(authorizationDigest(k.domain, a), sig) === a.from.toLowerCase()) {
            signatureDomain = {
              label: k.label,
              network: k.network,
              ...k.domain,
              description: `made for ${describeDomain(k.label, k.domain)}`,
            };
            break;
          }
        }
      }
    }
  }

  // Validity window.
  add(
    "valid_after",
    BigInt(a.validAfter) < BigInt(now),
    Reason.ValidAfter,
    `validAfter ${a.validAfter} must be before now (${now})`,
  );
  add(
    "valid_before",
    BigInt(a.validBefore) >= BigInt(now + MIN_VALIDITY_SECONDS),
    Reason.ValidBefore,
    `validBefore ${a.validBefore} must be at least ${MIN_VALIDITY_SECONDS} s after now (${now})`,
  );

  // Seller terms: the given requirements, else the v2 payload's own `accepted`.
  const terms = req ?? acc;
  const fields: CheckResult["terms"]["fields"] = [];
  if (terms?.payTo !== undefined) {
    const ok = terms.payTo.toLowerCase() === a.to.toLowerCase();
    fields.push({ field: "payTo", expected: terms.payTo, actual: a.to, ok });
    add(
      "recipient",
      ok,
      Reason.RecipientMismatch,
      `Authorization pays ${a.to}; terms pay ${terms.payTo}`,
    );
  } else add("recipient", null, Reason.RecipientMismatch, "No terms to compare payTo with");
  if (terms?.amount !== undefined) {
    const ok = BigInt(terms.amount) === BigInt(a.value);
    fields.push({ field: "amount", expected: terms.amount, actual: a.value, ok });
    add(
      "value",
      ok,
      Reason.ValueMismatch,
      `Authorization value ${a.value}; terms amount ${terms.amount}`,
    );
  } else add("value", null, Reason.ValueMismatch, "No terms to compare the amount with");
  if (req?.asset !== undefined) {
    const actual = acc?.asset ?? chain?.usdc;
    const ok = actual !== undefined && actual.toLowerCase() === req.asset.toLowerCase();
    fields.push({ field: "asset", expected: req.asset, actual: actual ?? null, ok });
    add(
      "asset",
      ok,
      Reason.InvalidPaymentRequirements,
      `Payment asset ${actual ?? "unknown"}; terms asset ${req.asset}`,
    );
  }
  if (req?.network !== undefined) {
    fields.push({
      field: "network",
      expected: req.network,
      actual: input.network,
      ok: reqChainId === input.chainId,
    });
  }
  if (req && acc) {
    const mismatched = (Object.keys(req) as (keyof PaymentRequirements)[])
      .filter((k) => k !== ("resource" as string) && !jsonEqual(req[k], acc[k]));
    add(
      "accepted",
      mismatched.length === 0,
      Reason.InvalidPaymentRequirements,
      mismatched.length === 0
        ? "'accepted' matches the terms"
        : `'accepted' differs from the terms in: ${mismatched.join(", ")}`,
    );
  }

  // Nonce binding.
  const salt = (req?.extra?.nonceSalt ?? acc?.extra?.nonceSalt) as unknown;
  const url = req?.resource ?? input.resourceUrl;
  let nonce_binding: CheckResult["nonce_binding"];
  if (typeof salt === "string" && salt.length > 0 && typeof url === "string") {
    const expected = boundNonce(url, salt);
    nonce_binding = expected.toLowerCase() === a.nonce.toLowerCase()
      ? { status: "bound", expected, message: "The nonce is keccak256(resource_url || salt)" }
      : {
        status: "mismatch",
        expected,
        message: "The nonce is not keccak256(resource_url || salt)",
      };
    add(
      "nonce_binding",
      nonce_binding.status === "bound",
      "invalid_exact_evm_payload_nonce_binding",
      nonce_binding.message,
    );
  } else {
    nonce_binding = {
      status: "unbindable",
      message: "The terms carry no extra.nonceSalt (or no resource URL): a random nonce is fine",
    };
  }

  const reasons = [...new Set(checks.filter((c) => c.ok === false).map((c) => c.reason!))];
  return {
    valid: checks.every((c) => c.ok !== false) && verifiable && sig.ok && signer !== null,
    x402_version: input.x402Version,
    network: chainId !== null ? `eip155:${chainId}` : null,
    payer: a.from,
    signer,
    domain,
    checks,
    reasons,
    terms: { compared: fields.length > 0, fields },
    nonce_binding,
    signature_domain: signatureDomain,
    verifiable_offline: verifiable,
    now,
  };
}
