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
  defineChain,
  encodeFunctionData,
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
  type PreflightResult,
  refused,
  type SettleInput,
  type SettleOutcome,
  type Settler,
} from "./settle.ts";
import { toHex } from "../crypto/hash.ts";
import { type SentTx, TxSender, type TxSenderOptions } from "./tx_sender.ts";
import { ReceiptWatcher } from "./receipt_watcher.ts";

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
  /** How often the block watcher asks for the newest block (default 200 ms). */
  pollingIntervalMs?: number;
  /** How many blocks back to search for a front-run transfer (default 20 000). */
  lookbackBlocks?: bigint;
  /** Replacement of unmined transactions with higher fees (see `TxSender`). */
  replacement?: TxSenderOptions;
}

interface ChainClient {
  pub: PublicClient;
  chain: Chain;
  sender: TxSender;
  watcher: ReceiptWatcher;
  checked?: Promise<void>;
}

export class LocalSettler implements Settler {
  readonly mode = "local" as const;
  readonly address: Hex;
  readonly #opts: LocalSettlerOptions;
  readonly #account: ReturnType<typeof privateKeyToAccount>;
  #clients = new Map<number, ChainClient>();
  /** Pre-check results of the latest block seen, per chain (see `preflight`). */
  #preflights = new Map<
    number,
    { block: bigint; results: Map<string, Promise<PreflightResult>> }
  >();

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
        pollingInterval: this.#opts.pollingIntervalMs ?? 200,
      }) as PublicClient;
      c = {
        pub,
        chain,
        sender: new TxSender(pub, this.#account, chainId, this.#opts.replacement),
        watcher: new ReceiptWatcher(pub, { intervalMs: this.#opts.pollingIntervalMs ?? 200 }),
      };
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

  /**
   * What the chain would do with this authorization now: an `eth_call` of
   * `transferWithAuthorization` at the latest block, as the facilitator account. Run before any
   * paid work, so a payer with no funds (or a signature the token rejects) is refused before
   * the handler runs. Results are kept for the rest of the block (a retried payment costs no
   * second call). An authorization already used on chain passes: `settle` finds out whether
   * it paid us (a front-run) or not.
   */
  async preflight(input: SettleInput): Promise<PreflightResult> {
    const a = input.payment.payload.authorization;
    const chain = chainByNetwork(input.requirements.network);
    if (!chain) return { ok: false, reason: "invalid_network", message: "Unknown network" };
    const sig = splitSignature(input.payment.payload.signature);
    if (!sig.ok) {
      return {
        ok: false,
        reason: "invalid_exact_evm_payload_signature",
        message: "The authorization's signature is malformed",
      };
    }
    let c;
    let block: bigint;
    try {
      c = this.#client(chain.chainId);
      await c.checked;
      // Uncached: a payer who just funded the address must not meet a refusal of the block before.
      block = await c.pub.getBlockNumber({ cacheTime: 0 });
    } catch {
      return {
        ok: false,
        reason: "unexpected_verify_error",
        message: "The chain cannot be reached to check the payment",
        unavailable: true,
      };
    }
    let perBlock = this.#preflights.get(chain.chainId);
    if (!perBlock || perBlock.block !== block) {
      if (perBlock && perBlock.block > block) return await this.#simulate(c.pub, input, sig, block);
      this.#preflights.set(chain.chainId, perBlock = { block, results: new Map() });
    }
    const key =
      `${input.requirements.asset}:${input.requirements.payTo}:${a.from}:${a.nonce}:${input.payment.payload.signature}`
        .toLowerCase();
    let result = perBlock.results.get(key);
    if (!result) {
      result = this.#simulate(c.pub, input, sig, block);
      // Bounded: a flood of distinct payers within one block must not grow memory.
      if (perBlock.results.size < 10_000) perBlock.results.set(key, result);
    }
    return await result;
  }

  async #simulate(
    pub: PublicClient,
    input: SettleInput,
    sig: { v: number; r: bigint; s: bigint },
    block: bigint,
  ): Promise<PreflightResult> {
    try {
      await pub.simulateContract({
        address: input.requirements.asset as Hex,
        abi: USDC_ABI,
        functionName: "transferWithAuthorization",
        args: transferArgs(input, sig),
        account: this.#account.address,
        blockNumber: block,
      });
      return { ok: true };
    } catch (e) {
      if (!isRevert(e)) {
        return {
          ok: false,
          reason: "unexpected_verify_error",
          message: "The chain cannot be reached to check the payment",
          unavailable: true,
        };
      }
      const reason = reasonOfRevert(e);
      if (reason === "invalid_transaction_state") return { ok: true };
      return {
        ok: false,
        reason,
        message: PREFLIGHT_MESSAGES[reason] ?? PREFLIGHT_MESSAGES.other!,
      };
    }
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
    // 2. Estimate gas (beside other settlements: only the broadcast is serialised), so a
    // transfer that would revert is refused unsent; then send with the sender's own nonce.
    const args = transferArgs(input, sig);
    let sent: SentTx;
    let call: { to: Hex; data: Hex; gas: bigint };
    try {
      const gas = await c.pub.estimateContractGas({
        address: asset,
        abi: USDC_ABI,
        functionName: "transferWithAuthorization",
        args,
        account: this.#account,
      });
      call = {
        to: asset,
        data: encodeFunctionData({
          abi: USDC_ABI,
          functionName: "transferWithAuthorization",
          args,
        }),
        // Headroom: state can change between the estimate and the block.
        gas: gas + gas / 5n,
      };
      sent = await c.sender.send(call, c.watcher.latest);
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
    // 3. Wait for the receipt (of the transaction or of a fee-bumped replacement) and check
    // the Transfer log.
    let hash = sent.hashes[0]!;
    try {
      const receipt = await this.#waitMined(c, sent, call);
      if (!receipt) throw new Error(`No receipt for ${sent.hashes.join(", ")} in time`);
      hash = receipt.transactionHash;
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

  /**
   * Waits up to `receiptTimeoutMs` for any of `sent`'s transactions; every `replaceAfterMs`
   * without one, the call is re-sent with the same nonce and higher fees.
   */
  async #waitMined(c: ChainClient, sent: SentTx, call: { to: Hex; data: Hex; gas: bigint }) {
    const deadline = Date.now() + (this.#opts.receiptTimeoutMs ?? 60_000);
    const hashes = new Set(sent.hashes.map((h) => h.toLowerCase()));
    let replacements = 0;
    for (;;) {
      const left = deadline - Date.now();
      const canReplace = replacements < c.sender.options.maxReplacements;
      const step = canReplace ? Math.min(left, c.sender.options.replaceAfterMs) : left;
      const receipt = await c.watcher.wait(hashes, Math.max(0, step));
      if (receipt || Date.now() >= deadline || !canReplace) return receipt;
      replacements++;
      const replaced = await c.sender.replace(sent, call).catch(() => false);
      if (!replaced) return await c.watcher.wait(hashes, Math.max(0, deadline - Date.now()));
      hashes.add(sent.hashes.at(-1)!.toLowerCase());
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

/** Buyer-facing messages of a failed pre-check (no chain internals). */
const PREFLIGHT_MESSAGES: Record<string, string> = {
  insufficient_funds:
    "Insufficient funds: the payer's USDC balance is below the price; fund the address or pay from another one",
  invalid_exact_evm_payload_signature: "The token contract rejects the authorization's signature",
  invalid_exact_evm_payload_authorization_valid_after:
    "The authorization is not valid yet at the chain's latest block",
  invalid_exact_evm_payload_authorization_valid_before:
    "The authorization has expired at the chain's latest block",
  other: "The payment would fail on chain; nothing was charged",
};

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

/** The arguments of USDC `transferWithAuthorization` for this payment and its split signature. */
function transferArgs(input: SettleInput, sig: { v: number; r: bigint; s: bigint }) {
  const a = input.payment.payload.authorization;
  const word = (x: bigint) => `0x${x.toString(16).padStart(64, "0")}` as Hex;
  return [
    a.from,
    a.to,
    BigInt(a.value),
    BigInt(a.validAfter),
    BigInt(a.validBefore),
    a.nonce,
    sig.v,
    word(sig.r),
    word(sig.s),
  ] as const;
}
