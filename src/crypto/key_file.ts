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
 * Creation is atomic (`createFileAtomically`): a process starting at the same moment reads
 * either no file or the whole key, never an empty one, and the first writer wins.
 */
export async function loadOrCreateKeyFile(
  path: string,
): Promise<{ secret: Uint8Array; created: boolean }> {
  try {
    return { secret: await readKeyFileStrict(path), created: false };
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  const secret = crypto.getRandomValues(new Uint8Array(32));
  if (!(await createFileAtomically(path, toHex(secret) + "\n"))) {
    return { secret: await readKeyFile(path), created: false };
  }
  return { secret, created: true };
}

/**
 * Creates `path` holding `text` (mode 0600, parent made 0700) without ever exposing a partial
 * file (the parent is made unless `makeParent: false`): the text goes to a temporary file beside it, which is then hard-linked into place
 * (`link` fails when `path` exists, so an existing file is never replaced). Returns false when
 * `path` already existed.
 */
export async function createFileAtomically(
  path: string,
  text: string,
  options: { makeParent?: boolean } = {},
): Promise<boolean> {
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".";
  if (dir && options.makeParent !== false) {
    await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  }
  const tmp = `${path}.${crypto.randomUUID()}.tmp`;
  await Deno.writeTextFile(tmp, text, { createNew: true, mode: 0o600 });
  try {
    await Deno.link(tmp, path);
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.AlreadyExists) return false;
    throw err;
  } finally {
    await Deno.remove(tmp).catch(() => {});
  }
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
