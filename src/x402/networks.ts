/**
 * The networks a node can take USDC on (`X402_NETWORK`, DESIGN.md §12): Base mainnet (real
 * money, the default) and Base Sepolia (faucet USDC, domain name "USDC", chain 84532), which is
 * marked TEST NETWORK wherever it shows.
 *
 * @example
 * ```ts
 * import { networkOf } from "./networks.ts";
 * networkOf("base-sepolia").chain.network; // "eip155:84532"
 * networkOf("base-sepolia").test; // true
 * ```
 */
import { BASE, BASE_SEPOLIA, type UsdcChain } from "./constants.ts";

export interface X402NetworkInfo {
  /** The `X402_NETWORK` value. */
  name: "base" | "base-sepolia";
  chain: UsdcChain;
  /** True on a test network: nothing paid there is real money. */
  test: boolean;
  /** For people: "Base (eip155:8453)" or "Base Sepolia (eip155:84532), TEST NETWORK". */
  label: string;
}

const NETWORKS: Record<X402NetworkInfo["name"], X402NetworkInfo> = {
  base: { name: "base", chain: BASE, test: false, label: `Base (${BASE.network})` },
  "base-sepolia": {
    name: "base-sepolia",
    chain: BASE_SEPOLIA,
    test: true,
    label: `Base Sepolia (${BASE_SEPOLIA.network}), TEST NETWORK`,
  },
};

/** The network of an `X402_NETWORK` value (already validated by the configuration). */
export function networkOf(name: X402NetworkInfo["name"] = "base"): X402NetworkInfo {
  return NETWORKS[name];
}

/** The network whose CAIP-2 id is `network`, if it is one a node can use. */
export function networkByCaip(network: string): X402NetworkInfo | undefined {
  return Object.values(NETWORKS).find((n) => n.chain.network === network);
}
