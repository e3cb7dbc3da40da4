/**
 * A local Solana JSON-RPC fake: `getSignaturesForAddress` and `getTransaction` (`jsonParsed`)
 * in the RPC's shapes: signatures newest first with `before` paging and `confirmationStatus`;
 * parsed transactions with `accountKeys` objects, `pre/postTokenBalances` and `meta.err`;
 * `version` present when `maxSupportedTransactionVersion` is sent; a v0 transaction keeps the
 * reference in an address lookup table (`source: "lookupTable"`); a transaction of a version
 * above the one asked for answers error -32015, as the RPC does. Keys, addresses, token
 * accounts (program-derived) and signatures are real (npm `@solana/addresses`, `@solana/keys`).
 * A payment is `confirmed` until `finalize`; `commitment: "finalized"` does not see it before.
 */
import { Failures, json, serve } from "./_server.ts";
import {
  generateKeyPair,
  getAddressEncoder,
  getAddressFromPublicKey,
  getProgramDerivedAddress,
  signBytes,
} from "../support/deps.ts";
import { base58Encode } from "../../src/shop/base58.ts";

export const USDC_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const ATA_PROGRAM = "ATokenGPvbdGVxr1b1hxLyWvWxmMSH5WXAyNjBq5GKDb";

export interface SolPayment {
  signature: string;
  slot: number;
  blockTime: number;
  payer: string;
  to: string;
  reference: string | null;
  units: bigint;
  mint: string;
  version: "legacy" | 0 | 1;
  err: unknown;
  finalized: boolean;
  /** The shop's token balance before. */
  before: bigint;
  /** The shop's associated token account for the mint. */
  shopAta: string;
}

export interface SolanaFake {
  url: string;
  failures: Failures;
  calls: { method: string; params: unknown[] }[];
  /** A real key pair's address. */
  newAddress(): Promise<string>;
  /** A USDC (or `mint`) transfer to `to`'s token account, with `reference` as a read-only key. */
  pay(p: {
    to: string;
    /** Null: a plain transfer without a Solana Pay reference. */
    reference: string | null;
    units: bigint;
    mint?: string;
    version?: "legacy" | 0 | 1;
    err?: unknown;
    finalized?: boolean;
  }): Promise<SolPayment>;
  finalize(signature: string): void;
  maxPage: number;
  close(): Promise<void>;
}

async function ata(owner: string, mint: string): Promise<string> {
  const enc = getAddressEncoder();
  const [pda] = await getProgramDerivedAddress({
    // deno-lint-ignore no-explicit-any
    programAddress: ATA_PROGRAM as any,
    // deno-lint-ignore no-explicit-any
    seeds: [enc.encode(owner as any), enc.encode(TOKEN_PROGRAM as any), enc.encode(mint as any)],
  });
  return pda;
}

export function startSolanaFake(): SolanaFake {
  const payments: SolPayment[] = [];
  const balances = new Map<string, bigint>();
  const failures = new Failures();
  const calls: SolanaFake["calls"] = [];
  let slot = 300_000_000;
  const newAddress = async () => {
    const kp = await generateKeyPair();
    return await getAddressFromPublicKey(kp.publicKey);
  };
  const fake: SolanaFake = {
    url: "",
    failures,
    calls,
    maxPage: 1000,
    newAddress,
    async pay(p) {
      const kp = await generateKeyPair();
      const payer = await getAddressFromPublicKey(kp.publicKey);
      const mint = p.mint ?? USDC_MINT;
      const sig = await signBytes(kp.privateKey, crypto.getRandomValues(new Uint8Array(64)));
      const bkey = `${p.to}:${mint}`;
      const before = balances.get(bkey) ?? 0n;
      if (!p.err) balances.set(bkey, before + p.units);
      const full: SolPayment = {
        signature: base58Encode(sig),
        slot: ++slot,
        blockTime: Math.floor(Date.now() / 1000),
        payer,
        to: p.to,
        reference: p.reference,
        units: p.units,
        mint,
        version: p.version ?? 0,
        err: p.err ?? null,
        finalized: p.finalized ?? true,
        before,
        shopAta: await ata(p.to, mint),
      };
      payments.push(full);
      return full;
    },
    finalize(signature) {
      for (const p of payments) if (p.signature === signature) p.finalized = true;
    },
    close: () => running.close(),
  };
  const tokenBalance = (index: number, mint: string, owner: string, amount: bigint) => ({
    accountIndex: index,
    mint,
    owner,
    programId: TOKEN_PROGRAM,
    uiTokenAmount: {
      amount: amount.toString(),
      decimals: 6,
      uiAmount: amount === 0n ? null : Number(amount) / 1e6,
      uiAmountString: (Number(amount) / 1e6).toString(),
    },
  });
  async function parsed(p: SolPayment, versioned: boolean) {
    const shopAta = await ata(p.to, p.mint);
    const payerAta = await ata(p.payer, p.mint);
    const fromTable = p.version === 0 && p.reference !== null;
    const accountKeys = [
      { pubkey: p.payer, signer: true, writable: true, source: "transaction" },
      { pubkey: payerAta, signer: false, writable: true, source: "transaction" },
      { pubkey: shopAta, signer: false, writable: true, source: "transaction" },
      { pubkey: p.mint, signer: false, writable: false, source: "transaction" },
      { pubkey: TOKEN_PROGRAM, signer: false, writable: false, source: "transaction" },
      ...(p.reference
        ? [{
          pubkey: p.reference,
          signer: false,
          writable: false,
          source: fromTable ? "lookupTable" : "transaction",
        }]
        : []),
    ];
    const payerStart = 1_000_000_000n;
    const after = p.err ? p.before : p.before + p.units;
    const tx: Record<string, unknown> = {
      slot: p.slot,
      blockTime: p.blockTime,
      meta: {
        err: p.err,
        status: p.err ? { Err: p.err } : { Ok: null },
        fee: 5000,
        preBalances: [2_000_000_000, 2_039_280, 2_039_280, 1_461_600, 1, 0],
        postBalances: [1_999_995_000, 2_039_280, 2_039_280, 1_461_600, 1, 0],
        innerInstructions: [],
        logMessages: [
          `Program ${TOKEN_PROGRAM} invoke [1]`,
          "Program log: Instruction: TransferChecked",
          `Program ${TOKEN_PROGRAM} success`,
        ],
        preTokenBalances: [
          tokenBalance(1, p.mint, p.payer, payerStart),
          tokenBalance(2, p.mint, p.to, p.before),
        ],
        postTokenBalances: [
          tokenBalance(1, p.mint, p.payer, p.err ? payerStart : payerStart - p.units),
          tokenBalance(2, p.mint, p.to, after),
        ],
        rewards: [],
        loadedAddresses: fromTable && p.reference
          ? { readonly: [p.reference], writable: [] }
          : { readonly: [], writable: [] },
        computeUnitsConsumed: 6200,
      },
      transaction: {
        signatures: [p.signature],
        message: {
          accountKeys,
          recentBlockhash: base58Encode(crypto.getRandomValues(new Uint8Array(32))),
          instructions: [{
            program: "spl-token",
            programId: TOKEN_PROGRAM,
            parsed: {
              type: "transferChecked",
              info: {
                source: payerAta,
                mint: p.mint,
                destination: shopAta,
                // With a reference appended, jsonParsed names the authority
                // `multisigAuthority` and lists the reference under `signers`.
                ...(p.reference
                  ? { multisigAuthority: p.payer, signers: [p.reference] }
                  : { authority: p.payer }),
                tokenAmount: {
                  amount: p.units.toString(),
                  decimals: 6,
                  uiAmount: Number(p.units) / 1e6,
                  uiAmountString: (Number(p.units) / 1e6).toString(),
                },
              },
            },
            stackHeight: null,
          }],
          ...(fromTable
            ? {
              addressTableLookups: [{
                accountKey: base58Encode(crypto.getRandomValues(new Uint8Array(32))),
                readonlyIndexes: [0],
                writableIndexes: [],
              }],
            }
            : {}),
        },
      },
    };
    if (versioned) tx.version = p.version;
    return tx;
  }
  const running = serve(async (req) => {
    const body = await req.json().catch(() => null) as
      | { id: number; method: string; params: unknown[] }
      | null;
    if (!body) {
      return json({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null });
    }
    calls.push({ method: body.method, params: body.params });
    const injected = await failures.take('{"jsonrpc":', { jsonrpc: "2.0", id: body.id });
    if (injected) return injected;
    const ok = (result: unknown) => json({ jsonrpc: "2.0", result, id: body.id });
    const cfg = (body.params[1] ?? {}) as Record<string, unknown>;
    const finalizedOnly = (cfg.commitment ?? "finalized") === "finalized";
    if (body.method === "getSignaturesForAddress") {
      const addr = String(body.params[0]);
      let list = payments.filter((p) =>
        (p.reference === addr || p.shopAta === addr) && (!finalizedOnly || p.finalized)
      )
        .sort((a, b) => b.slot - a.slot);
      if (cfg.before) {
        const i = list.findIndex((p) => p.signature === cfg.before);
        list = i >= 0 ? list.slice(i + 1) : [];
      }
      const limit = Math.min(Number(cfg.limit ?? 1000), 1000, fake.maxPage);
      return ok(
        list.slice(0, limit).map((p) => ({
          signature: p.signature,
          slot: p.slot,
          err: p.err,
          memo: null,
          blockTime: p.blockTime,
          confirmationStatus: p.finalized ? "finalized" : "confirmed",
        })),
      );
    }
    if (body.method === "getTransaction") {
      const p = payments.find((x) => x.signature === body.params[0]);
      if (!p || (finalizedOnly && !p.finalized)) return ok(null);
      const max = cfg.maxSupportedTransactionVersion;
      const v = p.version === "legacy" ? -1 : p.version;
      if (v >= 0 && (typeof max !== "number" || max < v)) {
        return json({
          jsonrpc: "2.0",
          error: {
            code: -32015,
            message: `Transaction version (${v}) is not supported by the requesting client. ` +
              `Please try the request again with the following configuration parameter: ` +
              `"maxSupportedTransactionVersion": ${v}`,
          },
          id: body.id,
        });
      }
      if (cfg.encoding !== "jsonParsed") {
        return json({
          jsonrpc: "2.0",
          error: { code: -32602, message: "fake serves jsonParsed only" },
          id: body.id,
        });
      }
      return ok(await parsed(p, typeof max === "number"));
    }
    return json({
      jsonrpc: "2.0",
      error: { code: -32601, message: "Method not found" },
      id: body.id,
    });
  });
  fake.url = running.url;
  return fake;
}
