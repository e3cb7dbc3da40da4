/**
 * Offline verification of what the log publishes, with nothing but the log's public key:
 * a `log.check/v1` record (its signature, its checkpoint's signature and the inclusion proof of
 * its `latest` observation). Pure (no Deno APIs).
 *
 * @example
 * ```ts
 * import { parseLogKey } from "./verify.ts";
 * parseLogKey("not a key"); // undefined
 * ```
 */
import { canonicalBytes } from "../crypto/canonical.ts";
import { keyIdOf, verifyEd25519 } from "../crypto/ed25519.ts";
import { fromBase64, fromHex } from "../crypto/hash.ts";
import { leafHash, verifyInclusion } from "./merkle.ts";
import { openCheckpoint, parseVerifierKey } from "./note.ts";
import { CHECK_DOMAIN } from "./check.ts";

export interface LogKey {
  publicKey: Uint8Array;
  /** The key name when given in verifier-key form (must equal the record's origin). */
  name?: string;
}

/** A log key as the verifier-key string, base64 of 32 bytes, or 64 hex characters. */
export function parseLogKey(v: string): LogKey | undefined {
  const vk = v.includes("+") ? parseVerifierKey(v) : undefined;
  if (vk) return vk;
  try {
    const k = /^(0x)?[0-9a-fA-F]{64}$/.test(v) ? fromHex(v) : fromBase64(v);
    return k.length === 32 ? { publicKey: k } : undefined;
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export type VerifyResult =
  | { valid: true; match: string; tree_size: number; leaf_index?: number; key_id: string }
  | { valid: false; reason: string };

/** Checks a record, an answer `{check}` carrying one, or `esim-rails call`'s `{body: {check}}`. */
export function verifyCheckRecord(doc: unknown, key: LogKey): VerifyResult {
  const answer = isObject(doc) && isObject(doc.body) ? doc.body : doc;
  const rec = isObject(answer) && isObject(answer.check) ? answer.check : answer;
  if (!isObject(rec) || rec.type !== "log.check/v1") {
    return { valid: false, reason: "not a log.check/v1 record" };
  }
  if (typeof rec.signature !== "string") return { valid: false, reason: "no signature" };
  const keyId = keyIdOf(key.publicKey);
  if (rec.key_id !== keyId) {
    return { valid: false, reason: `signed by key_id ${rec.key_id}, not by this key (${keyId})` };
  }
  const { signature, ...unsigned } = rec;
  let sig: Uint8Array;
  try {
    sig = fromBase64(signature);
  } catch {
    return { valid: false, reason: "the signature is not base64" };
  }
  const msg = new Uint8Array([
    ...new TextEncoder().encode(CHECK_DOMAIN),
    ...canonicalBytes(unsigned),
  ]);
  if (!verifyEd25519(key.publicKey, msg, sig)) {
    return { valid: false, reason: "the record signature does not verify" };
  }
  const log = rec.log;
  if (!isObject(log) || typeof log.origin !== "string" || typeof log.checkpoint !== "string") {
    return { valid: false, reason: "the record has no log section" };
  }
  if (key.name !== undefined && key.name !== log.origin) {
    return {
      valid: false,
      reason: `the key is for ${key.name}, the record's log is ${log.origin}`,
    };
  }
  const cp = openCheckpoint(log.checkpoint, log.origin, key.publicKey);
  if (!cp) return { valid: false, reason: "the checkpoint signature does not verify" };
  if (cp.size !== log.tree_size) {
    return { valid: false, reason: "tree_size differs from the checkpoint's" };
  }
  if (rec.latest === undefined) {
    if (rec.match !== "not_found") {
      return { valid: false, reason: "no latest observation for a match other than not_found" };
    }
    return { valid: true, match: "not_found", tree_size: cp.size, key_id: keyId };
  }
  if (typeof log.leaf_index !== "number" || !Array.isArray(log.inclusion_proof)) {
    return { valid: false, reason: "latest observation without leaf_index and inclusion_proof" };
  }
  let proof: Uint8Array[];
  try {
    proof = log.inclusion_proof.map((h) => {
      const b = fromHex(String(h));
      if (b.length !== 32) throw new SyntaxError("hash length");
      return b;
    });
  } catch {
    return { valid: false, reason: "inclusion_proof holds a malformed hash" };
  }
  const leaf = leafHash(canonicalBytes(rec.latest));
  if (!verifyInclusion(leaf, log.leaf_index, cp.size, proof, cp.root)) {
    return { valid: false, reason: "the inclusion proof does not verify against the checkpoint" };
  }
  if (isObject(rec.latest) && rec.last_seen !== rec.latest.observed_at) {
    return { valid: false, reason: "last_seen is not the latest observation's time" };
  }
  return {
    valid: true,
    match: String(rec.match),
    tree_size: cp.size,
    leaf_index: log.leaf_index,
    key_id: keyId,
  };
}
