import { assertEquals } from "./_assert.ts";
import { getAddress } from "viem";
import { checksumAddress } from "../../src/x402/eip3009.ts";

Deno.test("checksumAddress() gives viem's EIP-55 form for random and edge-case addresses", () => {
  const cases = [
    "0x0000000000000000000000000000000000000000",
    "0xffffffffffffffffffffffffffffffffffffffff",
    "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
    "0xFB6916095CA1DF60BB79CE92CE3EA74C37C5D359",
  ];
  for (let i = 0; i < 200; i++) {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    cases.push("0x" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""));
  }
  for (const c of cases) assertEquals(checksumAddress(c), getAddress(c), c);
});
