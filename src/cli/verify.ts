/**
 * `esim-rails verify receipt|answer`: offline verification of what a server signs (DESIGN.md
 * §1, §3), with nothing but the public key. ECVRF proofs are `esim-rails random verify`.
 * Exit 0 valid, 1 invalid (the JSON says why), 2 usage.
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { readJsonFileArg } from "./_tools_input.ts";
import { keyIdOf } from "../crypto/ed25519.ts";
import { canonicalSha256, fromBase64, fromHex } from "../crypto/hash.ts";
import { type Receipt, verifyReceipt } from "../crypto/receipt.ts";
import { verifyFreeAnswer } from "../../rails/check/free_answer.ts";
import { parseLogKey, verifyCheckRecord } from "../tlog/verify.ts";

const USAGE = `Usage:
  esim-rails verify receipt <file.json|-> --public-key <key>
  esim-rails verify answer  <file.json|-> --signature <base64> --input <input.json>
                            --capability-id <id> --product-id <id> --public-key <key>
  esim-rails verify log-check <file.json|-> --log-key <key>

  receipt  <file> is a receipt, a paid answer / delivery that carries one under "receipt"
           (then its result_sha256 must also match the answer's "result" or the delivery),
           or what \`esim-rails call\` printed (its "body" is the answer).
  answer   <file> is a free answer body {success, result} (or the bare result); --signature is
           its X-Provider-Signature header, --input the request body that was sent.
  log-check <file> is a transparency-check answer {status, service, check} or the bare check
           record; checks the record signature, the checkpoint signature and the inclusion
           proof of its latest observation.
  --log-key     the log key from GET /x402/keys "log": its verifier_key
                (<origin>+<hash>+<base64>), its base64 key, or 64 hex characters
  --public-key  the Ed25519 key: base64 of the 32 raw bytes (listing public_key.key,
                /x402/keys signer.key) or 64 hex characters

Prints {"valid": true, ...} and exits 0, or {"valid": false, "reason": ...} and exits 1.`;

function publicKeyArg(v: string | undefined): Uint8Array {
  if (!v) throw new UsageError("--public-key <base64|hex> is required");
  let key: Uint8Array | undefined;
  try {
    key = /^(0x)?[0-9a-fA-F]{64}$/.test(v) ? fromHex(v) : fromBase64(v);
  } catch { /* reported below */ }
  if (!key || key.length !== 32) {
    throw new UsageError("--public-key must be 32 bytes (base64 or 64 hex)");
  }
  return key;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function print(out: Record<string, unknown>): number {
  console.log(JSON.stringify(out, null, 2));
  return out.valid ? 0 : 1;
}

function checkReceipt(input: unknown, key: Uint8Array): Record<string, unknown> {
  // `esim-rails call` prints {status, payment_response, body}: the answer is its body.
  const doc = isObject(input) && isObject(input.body) && "payment_response" in input
    ? input.body
    : input;
  const receipt = isObject(doc) && isObject(doc.receipt) ? doc.receipt : doc;
  if (!isObject(receipt) || typeof receipt.signature !== "string") {
    return {
      valid: false,
      reason:
        "no receipt found (expected a receipt, an answer with 'receipt', or the output of esim-rails call)",
    };
  }
  const r = receipt as unknown as Receipt;
  if (r.key_id !== keyIdOf(key)) {
    return {
      valid: false,
      reason: `signed by key_id ${r.key_id}, not by this key (${keyIdOf(key)})`,
    };
  }
  if (!verifyReceipt(key, r)) return { valid: false, reason: "the signature does not verify" };
  if (isObject(doc) && doc.receipt === receipt) {
    // A paid answer binds `result`; a delivery is its own result (without the receipt).
    const { receipt: _r, ...rest } = doc;
    const result = "result" in doc ? doc.result : rest;
    if (canonicalSha256(result) !== r.result_sha256) {
      return { valid: false, reason: "result_sha256 does not match the answer's result" };
    }
  }
  return {
    valid: true,
    receipt_id: r.id,
    key_id: r.key_id,
    service: r.service,
    capability_id: r.capability_id,
    issued_at: r.issued_at,
    payment: r.payment,
  };
}

export const command: CliCommand = {
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = await parseFlags(argv, {
      "public-key": { type: "string" },
      signature: { type: "string" },
      input: { type: "string" },
      "capability-id": { type: "string" },
      "product-id": { type: "string" },
      "log-key": { type: "string" },
    }, true);
    const [what, file, ...extra] = positionals;
    if (!file || extra.length > 0) {
      throw new UsageError("give one kind (receipt|answer|log-check) and one file");
    }
    if (what === "log-check") {
      const logKey = values["log-key"] ? parseLogKey(values["log-key"]) : undefined;
      if (!logKey) {
        throw new UsageError("--log-key must be the verifier_key, base64 or 64 hex characters");
      }
      return print(verifyCheckRecord(await readJsonFileArg(file), logKey));
    }
    const key = publicKeyArg(values["public-key"]);
    if (what === "receipt") return print(checkReceipt(await readJsonFileArg(file), key));
    if (what !== "answer") {
      throw new UsageError(`unknown kind '${what}': use receipt, answer or log-check`);
    }
    const { signature } = values;
    const capabilityId = values["capability-id"];
    const productId = values["product-id"];
    if (!signature || !values.input || !capabilityId || !productId) {
      throw new UsageError("answer needs --signature, --input, --capability-id and --product-id");
    }
    const body = await readJsonFileArg(file);
    const result = isObject(body) && "result" in body ? body.result : body;
    const input = await readJsonFileArg(values.input);
    const problem = verifyFreeAnswer(key, { capabilityId, productId, input, result }, signature);
    return print(
      problem
        ? { valid: false, reason: problem }
        : { valid: true, key_id: keyIdOf(key), capability_id: capabilityId },
    );
  },
};
