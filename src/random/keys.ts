/**
 * The ECVRF key of fair-random (DESIGN.md §3, §6): its own key file (`VRF_KEY_FILE`, default
 * `./data/vrf.key`, 64 hex characters = the 32-byte RFC 8032 secret key), generated on first
 * start like the signing key and never the Ed25519 signing key. Retired public keys stay
 * published: the operator lists them in `VRF_RETIRED_KEYS_FILE`, one hex public key per line
 * (blank lines and `#` comments ignored), so draws made with an old key remain checkable.
 *
 * @example
 * ```ts
 * import { loadVrfKey, readRetiredVrfKeys, vrfKeysListing } from "./keys.ts";
 * const dir = await Deno.makeTempDir();
 * const { key, created } = await loadVrfKey(`${dir}/vrf.key`); // created: true the first time
 * const retired = await readRetiredVrfKeys(undefined); // no file configured: []
 * const body = vrfKeysListing(key, retired); // {vrf: [{suite, public_key, key_id, status}]}
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
import { keyIdOf } from "../crypto/ed25519.ts";
import { fromHex, toHex } from "../crypto/hash.ts";
import { loadOrCreateKeyFile, readKeyFile } from "../crypto/key_file.ts";
import { type Suite, SUITE_TAI, validateKey, VrfSecretKey } from "./ecvrf.ts";
import { type VrfKeyEntry, vrfKeysListing } from "./listing.ts";

export { type VrfKeyEntry, vrfKeysListing };

/** Default `VRF_KEY_FILE`. */
export const DEFAULT_VRF_KEY_FILE = "./data/vrf.key";

/** The active VRF key: proves draws; its secret never leaves this object. */
export class VrfKey {
  readonly publicKey: Uint8Array;
  readonly publicKeyHex: string;
  readonly keyId: string;
  readonly suite: Suite;
  readonly #secret: VrfSecretKey;

  constructor(secretKey: Uint8Array, suite: Suite = SUITE_TAI) {
    this.#secret = new VrfSecretKey(secretKey);
    this.publicKey = this.#secret.publicKey;
    this.publicKeyHex = toHex(this.publicKey);
    this.keyId = keyIdOf(this.publicKey);
    this.suite = suite;
  }

  /** A fresh random key (tests, tools). */
  static generate(suite: Suite = SUITE_TAI): VrfKey {
    return new VrfKey(crypto.getRandomValues(new Uint8Array(32)), suite);
  }

  /** ECVRF_prove over `alpha` with this key's suite (or the one given). */
  prove(alpha: Uint8Array, suite: Suite = this.suite): Uint8Array {
    return this.#secret.prove(alpha, suite);
  }

  /** Never serialise the secret by accident. */
  toJSON(): VrfKeyEntry {
    return vrfKeysListing(this, []).vrf[0]!;
  }
}

/**
 * Loads the VRF key from `path`, creating it (mode 0600, 32 random bytes as hex) when the file
 * does not exist. An existing file is used as given and never overwritten.
 */
export async function loadVrfKey(
  path: string = DEFAULT_VRF_KEY_FILE,
): Promise<{ key: VrfKey; created: boolean }> {
  const { secret, created } = await loadOrCreateKeyFile(path);
  return { key: new VrfKey(secret), created };
}

/** Reads an existing VRF key file (the offline CLI: never creates one). */
export async function readVrfKey(path: string, suite: Suite = SUITE_TAI): Promise<VrfKey> {
  return new VrfKey(await readKeyFile(path), suite);
}

export class RetiredKeysError extends Error {
  constructor(readonly path: string, readonly line: number, message: string) {
    super(message);
    this.name = "RetiredKeysError";
  }
}

/**
 * Parses the text of a retired-keys file: one 64-hex-character public key per line (optional
 * `0x`), `#` starts a comment, blank lines are skipped. Every key must be a valid ECVRF public
 * key (canonical point, not of small order). Duplicates are kept once, in file order.
 */
export function parseRetiredVrfKeys(text: string, path = "<retired keys>"): Uint8Array[] {
  const out: Uint8Array[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (line === "") return;
    const hex = line.replace(/^0x/i, "");
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
      throw new RetiredKeysError(
        path,
        i + 1,
        `${path} line ${i + 1}: expected a public key as 64 hex characters`,
      );
    }
    const pk = fromHex(hex);
    const v = validateKey(pk);
    if (!v.ok) {
      throw new RetiredKeysError(path, i + 1, `${path} line ${i + 1}: ${v.reason}`);
    }
    const norm = hex.toLowerCase();
    if (!seen.has(norm)) {
      seen.add(norm);
      out.push(pk);
    }
  });
  return out;
}

/**
 * Reads `VRF_RETIRED_KEYS_FILE`. `undefined` (not configured) gives no retired keys; a
 * configured file that cannot be read is an error, so a typo does not silently unpublish keys.
 */
export async function readRetiredVrfKeys(path: string | undefined): Promise<Uint8Array[]> {
  if (path === undefined || path === "") return [];
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (err) {
    throw new RetiredKeysError(path, 0, `Cannot read ${path}: ${(err as Error).message}`);
  }
  return parseRetiredVrfKeys(text, path);
}

/** Everything the server needs from the VRF keys at start-up. */
export interface VrfKeySet {
  key: VrfKey;
  /** True when the key file was just generated (say so in the start banner). */
  created: boolean;
  retired: Uint8Array[];
  /** The `vrf` part of `GET /x402/keys`. */
  listing: { vrf: VrfKeyEntry[] };
}

/**
 * Start-up helper: loads (or creates) `VRF_KEY_FILE` and reads `VRF_RETIRED_KEYS_FILE`.
 *
 * @example
 * ```ts
 * import { loadVrfKeySet } from "./keys.ts";
 * const dir = await Deno.makeTempDir();
 * const vrf = await loadVrfKeySet({ keyFile: `${dir}/vrf.key` });
 * console.log(vrf.listing.vrf[0]?.status); // "active"
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function loadVrfKeySet(
  opts: { keyFile?: string; retiredKeysFile?: string } = {},
): Promise<VrfKeySet> {
  const { key, created } = await loadVrfKey(opts.keyFile ?? DEFAULT_VRF_KEY_FILE);
  const retired = await readRetiredVrfKeys(opts.retiredKeysFile);
  return { key, created, retired, listing: vrfKeysListing(key, retired) };
}
