/**
 * TON addresses: the user-friendly form (36 bytes in base64 or base64url: flags, workchain,
 * 32-byte account, CRC16-XMODEM) and the raw form `<workchain>:<64 hex>` that toncenter v3
 * answers with (upper case). Only what the watcher needs to compare them.
 */

/** USDT on TON: the jetton master (user-friendly form, as wallets and links write it). */
export const TON_USDT_MASTER = "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs";

function crc16(data: Uint8Array): number {
  let crc = 0;
  for (const b of data) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** The raw form `<wc>:<HEX>` (upper case) of a TON address in either form, or null. */
export function tonRaw(address: string): string | null {
  const raw = /^(-?\d{1,3}):([0-9a-fA-F]{64})$/.exec(address);
  if (raw) return `${Number(raw[1])}:${raw[2]!.toUpperCase()}`;
  if (!/^[A-Za-z0-9_\-+/]{48}$/.test(address)) return null;
  let bytes: Uint8Array;
  try {
    const b64 = address.replace(/-/g, "+").replace(/_/g, "/");
    bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  if (bytes.length !== 36) return null;
  const crc = crc16(bytes.subarray(0, 34));
  if (bytes[34] !== crc >> 8 || bytes[35] !== (crc & 0xff)) return null;
  const flags = bytes[0]! & 0x3f; // 0x80 marks a test-network address
  if (flags !== 0x11 && flags !== 0x51) return null;
  const wc = bytes[1]! > 127 ? bytes[1]! - 256 : bytes[1]!;
  const hex = Array.from(bytes.subarray(2, 34), (x) => x.toString(16).padStart(2, "0")).join("");
  return `${wc}:${hex.toUpperCase()}`;
}

/** A toncenter base64 hash as hex (lower case): stable and case-insensitive as a key. */
export function hashHex(b64: string): string | null {
  try {
    const bytes = Uint8Array.from(
      atob(b64.replace(/-/g, "+").replace(/_/g, "/")),
      (c) => c.charCodeAt(0),
    );
    if (bytes.length !== 32) return null;
    return Array.from(bytes, (x) => x.toString(16).padStart(2, "0")).join("");
  } catch {
    return null;
  }
}
