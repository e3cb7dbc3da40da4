/**
 * Payers that recently passed verification and the chain's pre-check (bounded: the oldest are
 * forgotten first). A caller address over its rate limit still reaches the paywall with these
 * payers (DESIGN.md §2: a verified payer is limited by its own quota); any other payment from
 * that address is answered 429 before its signature is even checked, so a flood of made-up
 * payers costs a lookup per request instead of a signature recovery.
 *
 * @example
 * ```ts
 * import { KnownPayers } from "./known_payers.ts";
 * const known = new KnownPayers(2);
 * known.add("0xAbC");
 * known.has("0xabc"); // true
 * ```
 */
export class KnownPayers {
  #set = new Set<string>();

  constructor(readonly max = 10_000) {}

  add(address: string): void {
    const a = address.toLowerCase();
    this.#set.delete(a); // re-inserted as the newest
    this.#set.add(a);
    if (this.#set.size > this.max) this.#set.delete(this.#set.values().next().value!);
  }

  has(address: string): boolean {
    return this.#set.has(address.toLowerCase());
  }
}
