/**
 * A real local chain for payment tests: `anvil` (npm `@foundry-rs/anvil-linux-amd64`) started
 * with `--chain-id 8453` on an ephemeral loopback port, and the EIP-3009 test token of
 * `contracts/TestUSDC.sol` (compiled with the `solc` npm package, cached in `.tmp/` by source
 * hash) placed with `anvil_setCode` at the real Base USDC address, so the production domain
 * and address are what is tested.
 *
 * @example
 * ```ts
 * import { startChain } from "./chain.ts";
 * const chain = await startChain();
 * try {
 *   await chain.mint("0x70997970C51812dc3A010C7d01b50e0d17dc79C8", 1_000_000n);
 * } finally {
 *   await chain.stop();
 * }
 * ```
 */
import {
  type Abi,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { BASE, type UsdcChain } from "../../src/x402/constants.ts";
import { sha256Hex } from "../../src/crypto/hash.ts";
// Test-only packages are pinned here with full specifiers, never in deno.json "imports", so that
// `serve` never downloads them. Importing anvil's manifest makes Deno install its binary.
// deno-lint-ignore no-import-prefix
import anvilManifest from "npm:@foundry-rs/anvil-linux-amd64@1.7.1/package.json" with {
  type: "json",
};

const ROOT = new URL("../../", import.meta.url);
const SOURCE_URL = new URL("contracts/TestUSDC.sol", import.meta.url);
const SOLC_VERSION = "0.8.37";
/** anvil dev account 9 mints and pays gas for setup. */
const MINTER_KEY = "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6";

export interface CompiledToken {
  abi: Abi;
  runtime: `0x${string}`;
}

/**
 * Compiles TestUSDC.sol (or reads the cached artefact), with the EIP-712 domain name of the
 * token it stands for ("USD Coin" on Base, "USDC" on Base Sepolia).
 */
export async function compileToken(tokenName = BASE.tokenName): Promise<CompiledToken> {
  const source = (await Deno.readTextFile(SOURCE_URL)).replace(
    'string public constant name = "USD Coin";',
    `string public constant name = ${JSON.stringify(tokenName)};`,
  );
  const hash = sha256Hex(`${SOLC_VERSION}\n${source}`).slice(0, 16);
  const cacheDir = new URL(".tmp/", ROOT);
  const cacheFile = new URL(`testusdc-${hash}.json`, cacheDir);
  try {
    return JSON.parse(await Deno.readTextFile(cacheFile));
  } catch { /* not cached yet */ }
  // deno-lint-ignore no-import-prefix
  const { default: solc } = await import("npm:solc@0.8.37");
  const input = {
    language: "Solidity",
    sources: { "TestUSDC.sol": { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.deployedBytecode.object"] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
  if (errors.length) throw new Error("solc: " + JSON.stringify(errors));
  const c = out.contracts["TestUSDC.sol"].TestUSDC;
  const compiled: CompiledToken = { abi: c.abi, runtime: `0x${c.evm.deployedBytecode.object}` };
  await Deno.mkdir(cacheDir, { recursive: true });
  const tmp = new URL(`testusdc-${hash}.${crypto.randomUUID()}.tmp`, cacheDir);
  await Deno.writeTextFile(tmp, JSON.stringify(compiled));
  await Deno.rename(tmp, cacheFile);
  return compiled;
}

/** Path of the anvil binary: `ANVIL_BIN` when set, else the one shipped by the npm package. */
export function anvilPath(): string {
  const given = Deno.env.get("ANVIL_BIN");
  if (given) return given;
  const pkg = `node_modules/${anvilManifest.name}/${anvilManifest.bin.anvil}`;
  return new URL(pkg, ROOT).pathname;
}

export interface Chain {
  rpcUrl: string;
  chainId: number;
  token: CompiledToken;
  publicClient: PublicClient;
  /** Mints test USDC (atomic units) to `to`. */
  mint(to: `0x${string}`, amount: bigint): Promise<void>;
  balanceOf(addr: `0x${string}`): Promise<bigint>;
  authorizationState(from: `0x${string}`, nonce: `0x${string}`): Promise<boolean>;
  /** Number of `Transfer` events of the token to `to` since the start of the chain. */
  transfersTo(to: `0x${string}`): Promise<number>;
  /** Raw JSON-RPC call. */
  rpc(method: string, params: unknown[]): Promise<unknown>;
  stop(): Promise<void>;
}

export const anvilChain = defineChain({
  id: BASE.chainId,
  name: "anvil-base",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1"] } },
});

export interface ChainOptions {
  /** The network to stand in for (default Base: chain id 8453, the real USDC address). */
  network?: UsdcChain;
  /** Seconds between blocks (anvil `--block-time`); unset mines one block per transaction. */
  blockTime?: number;
}

/** Starts anvil and installs the token at the network's real USDC address (Base by default). */
export async function startChain(options: ChainOptions = {}): Promise<Chain> {
  const net = options.network ?? BASE;
  const token = await compileToken(net.tokenName);
  const child = new Deno.Command(anvilPath(), {
    args: [
      "--port",
      "0",
      "--host",
      "127.0.0.1",
      "--chain-id",
      String(net.chainId),
      "--accounts",
      "10",
      ...(options.blockTime ? ["--block-time", String(options.blockTime)] : []),
    ],
    stdout: "piped",
    stderr: "null",
    stdin: "null",
  }).spawn();
  let rpcUrl = "";
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  try {
    while (!rpcUrl) {
      const { value, done } = await reader.read();
      if (done) throw new Error("anvil exited before listening");
      buffered += value;
      const m = /Listening on ([0-9.]+:[0-9]+)/.exec(buffered);
      if (m) rpcUrl = `http://${m[1]}`;
    }
  } catch (e) {
    child.kill("SIGKILL");
    await child.status;
    throw e;
  }
  // Keep draining stdout so anvil never blocks on a full pipe.
  const drain = (async () => {
    try {
      while (!(await reader.read()).done) { /* discard */ }
    } catch { /* closed */ }
  })();

  const rpc = async (method: string, params: unknown[]) => {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const j = await res.json();
    if (j.error) throw new Error(`${method}: ${JSON.stringify(j.error)}`);
    return j.result;
  };
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already gone */ }
    await child.status;
    await drain;
  };
  try {
    await rpc("anvil_setCode", [net.usdc, token.runtime]);
    const chain = { ...anvilChain, id: net.chainId, rpcUrls: { default: { http: [rpcUrl] } } };
    const publicClient = createPublicClient({ chain, transport: http(rpcUrl) }) as PublicClient;
    const minter = createWalletClient({
      chain,
      transport: http(rpcUrl),
      account: privateKeyToAccount(MINTER_KEY),
    });
    const read = (functionName: string, args: unknown[]) =>
      publicClient.readContract({ address: net.usdc, abi: token.abi, functionName, args });
    return {
      rpcUrl,
      chainId: net.chainId,
      token,
      publicClient,
      rpc,
      stop,
      async mint(to, amount) {
        const hash = await minter.writeContract({
          address: net.usdc,
          abi: token.abi,
          functionName: "mint",
          args: [to, amount],
        });
        const r = await publicClient.waitForTransactionReceipt({ hash });
        if (r.status !== "success") throw new Error("mint failed");
      },
      async balanceOf(addr) {
        return await read("balanceOf", [addr]) as bigint;
      },
      async authorizationState(from, nonce) {
        return await read("authorizationState", [from, nonce]) as boolean;
      },
      async transfersTo(to) {
        const logs = await publicClient.getContractEvents({
          address: net.usdc,
          abi: token.abi,
          eventName: "Transfer",
          args: { to },
          fromBlock: 0n,
        });
        return logs.filter((l) =>
          (l as unknown as { args: { from: string } }).args.from !==
            "0x0000000000000000000000000000000000000000"
        ).length;
      },
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
