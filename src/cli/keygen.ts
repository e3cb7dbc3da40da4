/**
 * `esim-rails keygen`: creates key files in the formats of DESIGN.md §3. Never overwrites an
 * existing file (exit 1 and say so). Prints only public material.
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { Ed25519Signer } from "../crypto/ed25519.ts";
import { toHex } from "../crypto/hash.ts";
import { createFileAtomically } from "../crypto/key_file.ts";
import { fromHex } from "../crypto/hash.ts";

const TYPES = ["ed25519", "vrf", "secp256k1", "secret"] as const;
type KeyType = typeof TYPES[number];

export const command: CliCommand = {
  usage: `Usage: esim-rails keygen --type <ed25519|vrf|secp256k1|secret> --out <file>

Creates a key file with mode 0600 and prints its public part. Never overwrites a file.
  --type ed25519     signing identity (SIGNER_KEY_FILE): 64 hex characters
  --type vrf         ECVRF key (VRF_KEY_FILE): 64 hex characters, RFC 8032 secret key
  --type secp256k1   EVM key (FACILITATOR_KEY_FILE, buyer keys): 64 hex characters
  --type secret      shared secret (NODE_SECRET_FILE, WEBHOOK_SECRET_FILE, SUPPLIER_SECRET_FILE):
                     43 base64url characters (32 random bytes)
  --out <file>       where to write (required)`,

  async run(argv) {
    const { values } = await parseFlags(argv, {
      type: { type: "string" },
      out: { type: "string" },
    });
    const type = values.type as KeyType | undefined;
    if (!type || !TYPES.includes(type)) {
      throw new UsageError("--type must be one of " + TYPES.join(", "));
    }
    if (!values.out) throw new UsageError("--out <file> is required");
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const text = type === "secret"
      ? btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(
        /=+$/,
        "",
      )
      : toHex(bytes);
    // Atomic: a reader never sees the file empty or half written.
    if (!(await createFileAtomically(values.out, text + "\n", { makeParent: false }))) {
      console.error(`esim-rails keygen: ${values.out} exists; it is never overwritten`);
      return 1;
    }
    console.log(JSON.stringify(await describe(type, text, values.out), null, 2));
    return 0;
  },
};

async function describe(
  type: KeyType,
  text: string,
  path: string,
): Promise<Record<string, string>> {
  if (type === "secret") return { type, file: path };
  if (type === "secp256k1") {
    const { privateKeyToAccount } = await import("viem/accounts");
    return { type, file: path, address: privateKeyToAccount(`0x${text}`).address };
  }
  const signer = new Ed25519Signer(fromHex(text));
  return { type, file: path, public_key: toHex(signer.publicKey), key_id: signer.keyId };
}
