/** Test helper: a storefront order record with sensible defaults (EVM, awaiting payment). */
import type { ShopOrder } from "../../src/shop/types.ts";

export function shopOrder(id: string, offset: number, patch: Partial<ShopOrder> = {}): ShopOrder {
  const at = patch.created_at ?? new Date().toISOString();
  return {
    order_id: id,
    offer_id: "off_x",
    offer_name: "Test 1 GB 7 days",
    plan_id: "p1",
    data_bytes: 2 ** 30,
    days: 7,
    cost_usd: 1,
    price_usd: "2.30",
    price_units: "2300000",
    method: "evm:8453:usdc",
    chain: "eip155:8453",
    asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    pay_to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    offset,
    authorizations: [],
    state: "awaiting_payment",
    payments: [],
    created_at: at,
    updated_at: at,
    expires_at: at,
    event_counts: {},
    pending_events: [],
    ...patch,
  };
}
