/**
 * In-process settlement: our facilitator key (`FACILITATOR_KEY_FILE`, secp256k1) calls USDC
 * `transferWithAuthorization(from,to,value,validAfter,validBefore,nonce,v,r,s)` through
 * `RPC_URL` with viem, waits for the receipt and checks the `Transfer` log.
 *
 * Money safety: before sending, an authorization already used on chain is looked up, and if its
 * `AuthorizationUsed` transaction moved exactly our price from the payer to us (a front-run), it
 * counts as paid. A revert is a refusal unless that same lookup finds the payment. A timeout or
 * RPC error after broadcasting is `pending`: the caller keeps the claim and withholds the result
 * until `reconcile` sees the transfer, so the buyer is never served unpaid nor charged twice.
 *
 * @example
 * ```ts ignore
 * import { LocalSettler } from "./settle_local.ts";
 * const s = new LocalSettler({ privateKey, rpcUrl: "http://127.0.0.1:8545" });
 * const outcome = await s.settle({ payment, requirements });
 * ```
 */
import {
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Log,
  parseEventLogs,
  type PublicClient,
  TransactionReceiptNotFoundError,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainByNetwork, type Hex } from "./constants.ts";
import { splitSignature } from "./eip3009.ts";
import {
  paid,
  pending,
  refused,
  type SettleInput,
  type SettleOutcome,
  type Settler,
} from "./settle.ts";
import { toHex } from "../crypto/hash.ts";

/** The part of the USDC ABI we use. */
export const USDC_ABI = [
  {
    type: "function",
    name: "transferWithAuthorization",
    stateMutability: "nonpayable",
    inputs: [
      { name: "from", type: "address" },
      { name: "to", type: "address" },
      { name: "value", type: "uint256" },
      { name: "validAfter", type: "uint256" },
      { name: "validBefore", type: "uint256" },
      { name: "nonce", type: "bytes32" },
      { name: "v", type: "uint8" },
      { name: "r", type: "bytes32" },
      { name: "s", type: "bytes32" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "authorizationState",
    stateMutability: "view",
    inputs: [{ name: "authorizer", type: "address" }, { name: "nonce", type: "bytes32" }],
    outputs: [{ name: "", type: "bool" }],
  },
  {
    type: "function",
    name: "balanceOf",
    stateMutability: "view",
    inputs: [{ name: "account", type: "address" }],
    outputs: [{ name: "", type: "uint256" }],
  },
  {
    type: "event",
    name: "Transfer",
    inputs: [
      { name: "from", type: "address", indexed: true },
      { name: "to", type: "address", indexed: true },
      { name: "value", type: "uint256", indexed: false },
    ],
  },
  {
    type: "event",
    name: "AuthorizationUsed",
    inputs: [
      { name: "authorizer", type: "address", indexed: true },
      { name: "nonce", type: "bytes32", indexed: true },
    ],
  },
] as const;

export interface LocalSettlerOptions {
  /** The facilitator's 32-byte secp256k1 secret. */
  privateKey: Uint8Array;
  rpcUrl: string;
  /** How long to wait for a receipt before answering `pending` (default 60 s). */
  receiptTimeoutMs?: number;
  /** Receipt polling interval (default 500 ms). */
  pollingIntervalMs?: number;
  /** How many blocks back to search for a front-run transfer (default 20 000). */
  lookbackBlocks?: bigint;
}

export class LocalSettler implements Settler {
  readonly mode = "local" as const;
  readonly address: Hex;
  readonly #opts: LocalSettlerOptions;
  readonly #account: ReturnType<typeof privateKeyToAccount>;
  #clients = new Map<number, { pub: PublicClient; chain: Chain; checked?: Promise<void> }>();
  /** Sends are serialised so concurrent settlements never race for the account's nonce. */
  #sendQueue: Promise<unknown> = Promise.resolve();

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#sendQueue.then(fn, fn);
    this.#sendQueue = run.catch(() => undefined);
    return run;
  }

  constructor(opts: LocalSettlerOptions) {
    this.#opts = opts;
    this.#account = privateKeyToAccount(`0x${toHex(opts.privateKey)}`);
    this.address = this.#account.address;
  }

  #client(chainId: number) {
    let c = this.#clients.get(chainId);
    if (!c) {
      const chain = defineChain({
        id: chainId,
        name: `eip155:${chainId}`,
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [this.#opts.rpcUrl] } },
      });
      const pub = createPublicClient({
        chain,
        transport: http(this.#opts.rpcUrl, { timeout: 20_000, retryCount: 1 }),
        pollingInterval: this.#opts.pollingIntervalMs ?? 500,
      }) as PublicClient;
      c = { pub, chain };
      this.#clients.set(chainId, c);
    }
    // The RPC must serve the chain of the terms: never send an authorization to another chain.
    c.checked ??= c.pub.getChainId().then((id) => {
      if (id !== chainId) throw new Error(`RPC_URL serves chain ${id}, terms need ${chainId}`);
    }).catch((e) => {
      c!.checked = undefined;
      throw e;
    });
    return c;
  }

  async settle(input: SettleInput): Promise<SettleOutcome> {
    const a = input.payment.payload.authorization;
    const chain = chainByNetwork(input.requirements.network);
    if (!chain) return refused(input, "invalid_network");
    const sig = splitSignature(input.payment.payload.signature);
    if (!sig.ok) return refused(input, "invalid_exact_evm_payload_signature");
    let c;
    try {
      c = this.#client(chain.chainId);
      await c.checked;
    } catch (e) {
      return refused(input, "unexpected_settle_error", shortMessage(e));
    }
    const asset = input.requirements.asset as Hex;
    // 1. Already used on chain? Then it is paid (front-run to us, or our own earlier send before
    // a crash) or can never pay us.
    let used: boolean;
    try {
      used = await c.pub.readContract({
        address: asset,
        abi: USDC_ABI,
        functionName: "authorizationState",
        args: [a.from, a.nonce],
      });
    } catch (e) {
      return refused(input, "unexpected_settle_error", shortMessage(e));
    }
    if (used) {
      let tx: Hex | null;
      try {
        tx = await this.#findPayment(c.pub, input);
      } catch (e) {
        // Used, but the lookup failed: it may have paid us. Never release it as refused.
        return pending(input, "", shortMessage(e));
      }
      return tx
        ? paid(input, tx)
        : refused(input, "invalid_transaction_state", "Authorization already used on chain");
    }
    // 2. Send. viem estimates gas first, so a transfer that would revert is refused unsent.
    let hash: Hex;
    try {
      const wallet = createWalletClient({
        chain: c.chain,
        account: this.#account,
        transport: http(this.#opts.rpcUrl, { timeout: 20_000, retryCount: 0 }),
      });
      const r = `0x${sig.r.toString(16).padStart(64, "0")}` as Hex;
      const s = `0x${sig.s.toString(16).padStart(64, "0")}` as Hex;
      // Nodes sharing one facilitator key (DESIGN.md §13) may race for the account's nonce:
      // a send refused for its nonce was not taken, so it is sent again with a fresh one (the
      // authorization itself can be used once on chain, so this can never pay twice).
      hash = await retryOnNonceConflict(() =>
        this.#serial(() =>
          wallet.writeContract({
            address: asset,
            abi: USDC_ABI,
            functionName: "transferWithAuthorization",
            args: [
              a.from,
              a.to,
              BigInt(a.value),
              BigInt(a.validAfter),
              BigInt(a.validBefore),
              a.nonce,
              sig.v,
              r,
              s,
            ],
          })
        )
      );
    } catch (e) {
      if (isRevert(e)) {
        const tx = await this.#findPayment(c.pub, input).catch(() => null);
        if (tx) return paid(input, tx);
        return refused(input, reasonOfRevert(e), shortMessage(e));
      }
      // Unknown whether the node took it: look at the chain before deciding.
      return withMessage(
        await this.reconcile(input).catch(() => pending(input, "")),
        shortMessage(e),
      );
    }
    // 3. Wait for the receipt and check the Transfer log.
    try {
      const receipt = await c.pub.waitForTransactionReceipt({
        hash,
        timeout: this.#opts.receiptTimeoutMs ?? 60_000,
      });
      if (receipt.status === "success" && hasTransfer(receipt.logs, input)) {
        return paid(input, hash);
      }
      const tx = await this.#findPayment(c.pub, input);
      if (tx) return paid(input, tx);
      return refused(
        input,
        "invalid_exact_evm_transaction_failed",
        `Transaction ${hash} did not pay`,
      );
    } catch (e) {
      return withMessage(
        await this.reconcile(input, hash).catch(() => pending(input, hash)),
        shortMessage(e),
      );
    }
  }

  /** Never throws: a chain that cannot be asked leaves the payment `pending`. */
  async reconcile(input: SettleInput, transaction?: string): Promise<SettleOutcome> {
    try {
      return await this.#reconcile(input, transaction);
    } catch (e) {
      // `shortMessage`: a viem error's full message names the RPC URL (often with an API key).
      return pending(input, transaction ?? "", shortMessage(e));
    }
  }

  async #reconcile(input: SettleInput, transaction?: string): Promise<SettleOutcome> {
    const a = input.payment.payload.authorization;
    const chain = chainByNetwork(input.requirements.network);
    if (!chain) return refused(input, "invalid_network");
    const c = this.#client(chain.chainId);
    await c.checked;
    // The block first, then the authorization's state (read at that block or later): "unused,
    // and a block past validBefore exists" then means it can never land. The other order could
    // miss a transfer mined between the two reads and call a paid settlement expired.
    const block = await c.pub.getBlock();
    const used = await c.pub.readContract({
      address: input.requirements.asset as Hex,
      abi: USDC_ABI,
      functionName: "authorizationState",
      args: [a.from, a.nonce],
    });
    if (used) {
      const tx = await this.#findPayment(c.pub, input, transaction);
      return tx
        ? paid(input, tx)
        : refused(input, "invalid_transaction_state", "Authorization used without paying us");
    }
    // Not used yet: it can still land while the authorization is valid.
    if (block.timestamp >= BigInt(a.validBefore)) {
      return refused(
        input,
        "invalid_exact_evm_payload_authorization_valid_before",
        "Authorization expired unused",
      );
    }
    return pending(input, transaction ?? "");
  }

  /**
   * The transaction in which this authorization was used and paid us exactly, if any: the one we
   * sent (`known`, found however old it is), else one in the last `lookbackBlocks` blocks.
   */
  async #findPayment(pub: PublicClient, input: SettleInput, known?: string): Promise<Hex | null> {
    if (known && /^0x[0-9a-fA-F]{64}$/.test(known)) {
      // Not found (dropped, or replaced by a front-run) falls through to the log search; any
      // other error propagates (the caller then answers `pending`, never a refusal).
      const receipt = await pub.getTransactionReceipt({ hash: known as Hex }).catch((e) => {
        if (e instanceof TransactionReceiptNotFoundError) return null;
        throw e;
      });
      if (receipt?.status === "success" && hasTransfer(receipt.logs, input)) return known as Hex;
    }
    const a = input.payment.payload.authorization;
    const asset = input.requirements.asset as Hex;
    const latest = await pub.getBlockNumber({ cacheTime: 0 });
    const lookback = this.#opts.lookbackBlocks ?? 20_000n;
    const logs = await pub.getLogs({
      address: asset,
      event: USDC_ABI[4],
      args: { authorizer: a.from, nonce: a.nonce },
      fromBlock: latest > lookback ? latest - lookback : 0n,
      toBlock: "latest",
    });
    for (const log of logs) {
      if (!log.transactionHash) continue;
      const receipt = await pub.getTransactionReceipt({ hash: log.transactionHash });
      if (receipt.status === "success" && hasTransfer(receipt.logs, input)) {
        return log.transactionHash;
      }
    }
    return null;
  }
}

/** True when `logs` hold the token's Transfer of exactly the price from the payer to payTo. */
export function hasTransfer(logs: readonly Log[], input: SettleInput): boolean {
  const a = input.payment.payload.authorization;
  const asset = input.requirements.asset.toLowerCase();
  const events = parseEventLogs({ abi: USDC_ABI, eventName: "Transfer", logs: logs as Log[] });
  return events.some((e) =>
    e.address.toLowerCase() === asset &&
    e.args.from.toLowerCase() === a.from.toLowerCase() &&
    e.args.to.toLowerCase() === input.requirements.payTo.toLowerCase() &&
    e.args.value === BigInt(input.requirements.amount)
  );
}

function isRevert(e: unknown): boolean {
  if (!(e instanceof BaseError)) return false;
  if (e.walk((x) => x instanceof ContractFunctionRevertedError)) return true;
  return /revert|exceeds balance|insufficient funds for gas/i.test(e.message);
}

function reasonOfRevert(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  if (/exceeds balance/i.test(m)) return "insufficient_funds";
  if (/used or canceled/i.test(m)) return "invalid_transaction_state";
  if (/not yet valid/i.test(m)) return "invalid_exact_evm_payload_authorization_valid_after";
  if (/expired/i.test(m)) return "invalid_exact_evm_payload_authorization_valid_before";
  if (/signature/i.test(m)) return "invalid_exact_evm_payload_signature";
  if (/insufficient funds for gas/i.test(m)) return "unexpected_settle_error";
  return "invalid_exact_evm_transaction_failed";
}

/** Keeps the error that made the outcome uncertain (for logs; never sent to the buyer). */
function withMessage(o: SettleOutcome, message: string): SettleOutcome {
  return o.success || o.errorMessage ? o : { ...o, errorMessage: message };
}

function shortMessage(e: unknown): string {
  if (e instanceof BaseError) return e.shortMessage;
  return e instanceof Error ? e.message : String(e);
}

/**
 * A send refused because another sender took the account's nonce (nothing was sent): "nonce
 * too low" (theirs is mined), "replacement transaction underpriced" (theirs is pooled).
 */
function isNonceConflict(e: unknown): boolean {
  for (let x = e as { details?: string; message?: string; cause?: unknown } | undefined; x;) {
    const m = `${x.details ?? ""} ${x.message ?? ""}`;
    if (/nonce too low|replacement transaction underpriced|nonce has already been used/i.test(m)) {
      return true;
    }
    x = x.cause as typeof x;
  }
  return false;
}

async function retryOnNonceConflict<T>(send: () => Promise<T>, tries = 4): Promise<T> {
  for (let i = 1;; i++) {
    try {
      return await send();
    } catch (e) {
      if (i >= tries || !isNonceConflict(e)) throw e;
    }
  }
}
