/**
 * Key files (DESIGN.md §3): one 32-byte secret as 64 hex characters, with or without `0x`,
 * surrounding whitespace ignored. An existing file is used as given and never overwritten; a
 * missing default key is generated with mode 0600. Deno-only (file system).
 */
import { fromHex, toHex } from "./hash.ts";

export class KeyFileError extends Error {
  constructor(readonly path: string, message: string) {
    super(message);
    this.name = "KeyFileError";
  }
}

/** Parses the text of a key file into 32 bytes. */
export function parseKeyText(text: string, path = "<key>"): Uint8Array {
  const t = text.trim();
  const hex = t.startsWith("0x") || t.startsWith("0X") ? t.slice(2) : t;
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
    throw new KeyFileError(path, `Key file ${path} must hold 64 hex characters (32 bytes)`);
  }
  return fromHex(hex);
}

export async function readKeyFile(path: string): Promise<Uint8Array> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (err) {
    throw new KeyFileError(path, `Cannot read key file ${path}: ${(err as Error).message}`);
  }
  return parseKeyText(text, path);
}

/**
 * Reads `path`, or creates it with a fresh random key (mode 0600) when it does not exist.
 * `createNew` makes creation atomic, so two starts never overwrite each other's key.
 */
export async function loadOrCreateKeyFile(
  path: string,
): Promise<{ secret: Uint8Array; created: boolean }> {
  try {
    return { secret: await readKeyFileStrict(path), created: false };
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".";
  if (dir) await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  const secret = crypto.getRandomValues(new Uint8Array(32));
  try {
    await Deno.writeTextFile(path, toHex(secret) + "\n", { createNew: true, mode: 0o600 });
  } catch (err) {
    if (err instanceof Deno.errors.AlreadyExists) {
      return { secret: await readKeyFile(path), created: false };
    }
    throw err;
  }
  return { secret, created: true };
}

async function readKeyFileStrict(path: string): Promise<Uint8Array> {
  const text = await Deno.readTextFile(path); // NotFound propagates to the caller
  return parseKeyText(text, path);
}

/** Reads a secret (not a key) from a `*_FILE`: the content, trimmed. */
export async function readSecretFile(path: string): Promise<string> {
  try {
    return (await Deno.readTextFile(path)).trim();
  } catch (err) {
    throw new KeyFileError(path, `Cannot read secret file ${path}: ${(err as Error).message}`);
  }
}
