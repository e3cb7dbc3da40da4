/**
 * Signed receipts (DESIGN.md §3): Ed25519 over `esim-rails.receipt/v1\n` + canonical JSON of
 * the receipt without `signature`. Pure, shared by the API, the seller node and `verify`.
 */
import { canonicalJson } from "./canonical.ts";
import { canonicalSha256, fromBase64, toBase64 } from "./hash.ts";
import { type Ed25519Signer, verifyEd25519 } from "./ed25519_core.ts";

export const RECEIPT_DOMAIN = "esim-rails.receipt/v1\n";

export interface ReceiptPayment {
  scheme: string;
  network: string;
  asset: string;
  amount: string;
  payer: string;
  pay_to: string;
  transaction: string;
}

export interface Receipt {
  id: string;
  service: string;
  capability_id: string;
  input_sha256: string;
  result_sha256: string;
  payment: ReceiptPayment;
  issued_at: string;
  key_id: string;
  signature: string;
}

function receiptMessage(unsigned: Omit<Receipt, "signature">): Uint8Array {
  return new TextEncoder().encode(RECEIPT_DOMAIN + canonicalJson(unsigned));
}

/** Builds and signs a receipt for a paid result. */
export function issueReceipt(
  signer: Ed25519Signer,
  fields: {
    service: string;
    capability_id: string;
    input: unknown;
    result: unknown;
    payment: ReceiptPayment;
    now?: Date;
  },
): Receipt {
  const unsigned: Omit<Receipt, "signature"> = {
    id: crypto.randomUUID(),
    service: fields.service,
    capability_id: fields.capability_id,
    input_sha256: canonicalSha256(fields.input),
    result_sha256: canonicalSha256(fields.result),
    payment: fields.payment,
    issued_at: (fields.now ?? new Date()).toISOString(),
    key_id: signer.keyId,
  };
  return { ...unsigned, signature: toBase64(signer.sign(receiptMessage(unsigned))) };
}

/** True when `receipt.signature` is a valid signature by `publicKey` over the rest. */
export function verifyReceipt(publicKey: Uint8Array, receipt: Receipt): boolean {
  const { signature, ...unsigned } = receipt;
  if (typeof signature !== "string") return false;
  let sig: Uint8Array;
  try {
    sig = fromBase64(signature);
  } catch {
    return false;
  }
  return verifyEd25519(publicKey, receiptMessage(unsigned), sig);
}
