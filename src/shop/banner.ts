/** The storefront's line in the `serve` banner: where it is and which methods it sells with. */
import type { Shop } from "./mod.ts";

export function describeShop(shop: Shop, url: string): string {
  const s = shop.settings;
  const methods = s.methods.map((m) => `${m.method} (${m.kind === "evm" ? m.name : m.label})`).join(
    ", ",
  );
  if (!methods) {
    return `storefront "${s.storeName}": ${url}/shop/ shows plans; no payment method (set PAY_TO_EVM and RPC_URL or RPC_URL_<CHAIN>, or PAY_TO_TON, PAY_TO_TRON, PAY_TO_SOLANA)`;
  }
  const signed = !s.methods.some((m) => m.kind === "evm")
    ? "transfers"
    : s.facilitatorKey
    ? "wallet signatures and transfers"
    : "transfers only (no FACILITATOR_KEY_FILE)";
  return `storefront "${s.storeName}": ${url}/shop/ (${methods}; ${signed})`;
}
