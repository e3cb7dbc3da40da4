/**
 * `esim-rails random prove|verify`: fair-random draws offline, printing the same JSON result
 * as `POST /x402/fair-random`. `verify` exits 0 when the proof is valid, 1 with the reason when
 * it is not; usage errors exit 2.
 */
import { type CliCommand, parseFlags, UsageError } from "./args.ts";
import { fromHex } from "../crypto/hash.ts";
import { KeyFileError } from "../crypto/key_file.ts";
import { parseSuite, type Suite, SUITE_TAI } from "../random/ecvrf.ts";
import {
  DEFAULT_NUM_BYTES,
  draw,
  isValidNumBytes,
  seedProblem,
  verifyDraw,
} from "../random/draw.ts";
import { readVrfKey } from "../random/keys.ts";

const USAGE = `Usage:
  esim-rails random prove  --key-file <file> --seed <text> [--num-bytes n] [--suite TAI|ELL2]
  esim-rails random verify --public-key <hex> --seed <text> --proof <hex> [--num-bytes n]
                           [--suite TAI|ELL2]

ECVRF (RFC 9381) draws: alpha is the UTF-8 bytes of --seed (at most 4096 bytes), the output is
the first --num-bytes (1..64, default 32) bytes of beta. Both print the JSON result of
POST /x402/fair-random: {suite, public_key, key_id, seed_sha256, proof, beta, output, num_bytes}.

  prove    --key-file holds the 32-byte RFC 8032 secret key as 64 hex characters (VRF_KEY_FILE)
  verify   exit 0 and the result when the proof is valid; exit 1 and the reason when not
  --suite  ECVRF-EDWARDS25519-SHA512-TAI (default, what the server uses) or ...-ELL2`;

function parseNumBytes(v: string | undefined): number {
  if (v === undefined) return DEFAULT_NUM_BYTES;
  const n = /^[0-9]+$/.test(v) ? Number(v) : NaN;
  if (!isValidNumBytes(n)) throw new UsageError("--num-bytes must be an integer from 1 to 64");
  return n;
}

function parseSeed(v: string | undefined): string {
  if (v === undefined) throw new UsageError("--seed <text> is required");
  const problem = seedProblem(v);
  if (problem) throw new UsageError(problem.replace("'seed'", "--seed"));
  return v;
}

function parseSuiteFlag(v: string | undefined): Suite {
  if (v === undefined) return SUITE_TAI;
  const s = parseSuite(v);
  if (!s) throw new UsageError("--suite must be TAI or ELL2");
  return s;
}

function parseHexFlag(name: string, v: string | undefined): Uint8Array {
  if (v === undefined) throw new UsageError(`--${name} <hex> is required`);
  try {
    return fromHex(v.trim());
  } catch {
    throw new UsageError(`--${name} must be hex`);
  }
}

async function prove(argv: string[]): Promise<number> {
  const { values } = await parseFlags(argv, {
    "key-file": { type: "string" },
    seed: { type: "string" },
    "num-bytes": { type: "string" },
    suite: { type: "string" },
  });
  const keyFile = values["key-file"];
  if (!keyFile) throw new UsageError("--key-file <file> is required");
  const seed = parseSeed(values.seed);
  const numBytes = parseNumBytes(values["num-bytes"]);
  const suite = parseSuiteFlag(values.suite);
  let key;
  try {
    key = await readVrfKey(keyFile, suite);
  } catch (err) {
    if (err instanceof KeyFileError) {
      console.error(`esim-rails random prove: ${err.message}`);
      return 1;
    }
    throw err;
  }
  console.log(JSON.stringify(draw(key, seed, numBytes), null, 2));
  return 0;
}

async function verify(argv: string[]): Promise<number> {
  const { values } = await parseFlags(argv, {
    "public-key": { type: "string" },
    seed: { type: "string" },
    proof: { type: "string" },
    "num-bytes": { type: "string" },
    suite: { type: "string" },
  });
  const publicKey = parseHexFlag("public-key", values["public-key"]);
  const seed = parseSeed(values.seed);
  const proof = parseHexFlag("proof", values.proof);
  const numBytes = parseNumBytes(values["num-bytes"]);
  const suite = parseSuiteFlag(values.suite);
  const r = verifyDraw(publicKey, seed, proof, numBytes, suite);
  if (!r.valid) {
    console.log(JSON.stringify({ valid: false, reason: r.reason }));
    console.error(`esim-rails random verify: proof is not valid (${r.reason})`);
    return 1;
  }
  console.log(JSON.stringify(r.result, null, 2));
  return 0;
}

export const command: CliCommand = {
  usage: USAGE,
  async run(argv) {
    const [sub, ...rest] = argv;
    if (sub === "prove") return await prove(rest);
    if (sub === "verify") return await verify(rest);
    throw new UsageError(
      sub === undefined ? "missing subcommand: prove or verify" : `unknown subcommand '${sub}'`,
    );
  },
};
