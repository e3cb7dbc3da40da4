/**
 * Checkpoints in the C2SP signed-note format (c2sp.org/signed-note, c2sp.org/tlog-checkpoint),
 * signed with the log's Ed25519 key:
 *
 * ```text
 * <origin>
 * <tree size>
 * <base64 root hash>
 *
 * — <key name> <base64(4-byte key hash || Ed25519 signature)>
 * ```
 *
 * The key hash is the first 4 bytes of SHA-256(key name || 0x0A || 0x01 || public key); the
 * verifier key string is `<name>+<hex key hash>+<base64(0x01 || public key)>`. Pure (no Deno APIs).
 *
 * @example
 * ```ts
 * import { Ed25519Signer } from "../crypto/ed25519.ts";
 * import { openCheckpoint, signCheckpoint } from "./note.ts";
 * const key = Ed25519Signer.generate();
 * const note = await signCheckpoint(key, "example.com/mcp-log", 0, new Uint8Array(32));
 * openCheckpoint(note, "example.com/mcp-log", key.publicKey)?.size; // 0
 * ```
 */
import { verifyEd25519 } from "../crypto/ed25519_core.ts";
import type { NoteSigner } from "./signer.ts";
import { fromBase64, sha256Bytes, toBase64, toHex } from "../crypto/hash.ts";

const ED25519 = 0x01;
const DASH = "\u2014";
const enc = new TextEncoder();

/** The 4-byte key hash of an Ed25519 note key. */
export function noteKeyHash(name: string, publicKey: Uint8Array): Uint8Array {
  const n = enc.encode(name);
  const buf = new Uint8Array(n.length + 2 + publicKey.length);
  buf.set(n);
  buf[n.length] = 0x0a;
  buf[n.length + 1] = ED25519;
  buf.set(publicKey, n.length + 2);
  return sha256Bytes(buf).slice(0, 4);
}

/** `<name>+<hex key hash>+<base64(0x01 || key)>`. */
export function verifierKey(name: string, publicKey: Uint8Array): string {
  const typed = new Uint8Array(33);
  typed[0] = ED25519;
  typed.set(publicKey, 1);
  return `${name}+${toHex(noteKeyHash(name, publicKey))}+${toBase64(typed)}`;
}

/** Parses a verifier key string; undefined unless it is a well-formed Ed25519 key. */
export function parseVerifierKey(
  vkey: string,
): { name: string; publicKey: Uint8Array } | undefined {
  // The name has no '+'; the base64 key may.
  const m = /^([^+\s]+)\+([0-9a-f]{8})\+(\S+)$/.exec(vkey);
  if (!m) return undefined;
  const [, name, hashHex, b64] = m as unknown as [string, string, string, string];
  try {
    const typed = fromBase64(b64);
    if (typed.length !== 33 || typed[0] !== ED25519 || !/^[0-9a-f]{8}$/.test(hashHex)) {
      return undefined;
    }
    const publicKey = typed.slice(1);
    if (toHex(noteKeyHash(name, publicKey)) !== hashHex) return undefined;
    return { name, publicKey };
  } catch {
    return undefined;
  }
}

export function checkpointBody(origin: string, size: number, root: Uint8Array): string {
  return `${origin}\n${size}\n${toBase64(root)}\n`;
}

/** Signs the checkpoint of `size`/`root`; the key name is the origin. */
export async function signCheckpoint(
  key: NoteSigner,
  origin: string,
  size: number,
  root: Uint8Array,
): Promise<string> {
  const body = checkpointBody(origin, size, root);
  const sig = await key.sign(enc.encode(body));
  const blob = new Uint8Array(4 + sig.length);
  blob.set(noteKeyHash(origin, key.publicKey));
  blob.set(sig, 4);
  return `${body}\n${DASH} ${origin} ${toBase64(blob)}\n`;
}

export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
}

/**
 * Parses a signed checkpoint and checks it: the origin, and a signature line by `publicKey`
 * under the key name `origin` that verifies (other signature lines are ignored, as the format
 * requires). Undefined when anything is wrong.
 */
export function openCheckpoint(
  note: string,
  origin: string,
  publicKey: Uint8Array,
): Checkpoint | undefined {
  const split = note.lastIndexOf("\n\n");
  if (split < 0 || !note.endsWith("\n")) return undefined;
  const body = note.slice(0, split + 1);
  const sigLines = note.slice(split + 2, -1).split("\n");
  // The format allows no control characters but newline.
  for (let i = 0; i < note.length; i++) {
    const c = note.charCodeAt(i);
    if (c < 0x20 && c !== 0x0a) return undefined;
  }
  const lines = body.slice(0, -1).split("\n");
  if (lines.length < 3 || lines[0] !== origin) return undefined;
  const size = lines[1]!;
  if (!/^(0|[1-9][0-9]{0,15})$/.test(size) || !Number.isSafeInteger(Number(size))) {
    return undefined;
  }
  let root: Uint8Array;
  try {
    root = fromBase64(lines[2]!);
  } catch {
    return undefined;
  }
  if (root.length !== 32) return undefined;
  const want = toHex(noteKeyHash(origin, publicKey));
  const msg = enc.encode(body);
  for (const line of sigLines) {
    const m = /^\u2014 (\S+) (\S+)$/.exec(line);
    if (!m || m[1] !== origin) continue;
    let blob: Uint8Array;
    try {
      blob = fromBase64(m[2]!);
    } catch {
      continue;
    }
    if (blob.length !== 68 || toHex(blob.slice(0, 4)) !== want) continue;
    if (verifyEd25519(publicKey, msg, blob.slice(4))) return { origin, size: Number(size), root };
  }
  return undefined;
}
