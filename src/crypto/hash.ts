/** Hashing and hex/base64 helpers shared by every signed artefact. */
import { sha256 } from "./sha256.ts";

// Modules loaded at start take SHA-256 from here (`./sha256.ts`: no npm package at start).
export { sha256 };
import { canonicalBytes } from "./canonical.ts";

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += HEX[b];
  return out;
}

/** Decodes hex (optional `0x`, either case). Throws `SyntaxError` on anything else. */
export function fromHex(hex: string): Uint8Array {
  const h = hex.startsWith("0x") || hex.startsWith("0X") ? hex.slice(2) : hex;
  if (h.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(h)) throw new SyntaxError("Invalid hex string");
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

/** Decodes standard base64 (padding optional). Throws `SyntaxError` on invalid input. */
export function fromBase64(b64: string): Uint8Array {
  let bin: string;
  try {
    bin = atob(b64);
  } catch {
    throw new SyntaxError("Invalid base64 string");
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function sha256Bytes(data: Uint8Array | string): Uint8Array {
  return sha256(typeof data === "string" ? new TextEncoder().encode(data) : data);
}

/** Lowercase hex SHA-256 of bytes or of a string's UTF-8. */
export function sha256Hex(data: Uint8Array | string): string {
  return toHex(sha256Bytes(data));
}

/** `input_sha256` / `result_sha256`: hex SHA-256 of the canonical JSON of a value. */
export function canonicalSha256(value: unknown): string {
  return toHex(sha256(canonicalBytes(value)));
}

/** Constant-time comparison of two byte strings (length leaks, content does not). */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
