/**
 * Ed25519 identity: signs free answers, receipts and transparency records (DESIGN.md §3).
 * This module loads the pure-JS engine (`@noble/curves`) and re-exports `./ed25519_core.ts`:
 * import it wherever signing or verifying must work synchronously from the start (the CLI,
 * the SDK in `rails/`, tests). The server's start-up modules import `./ed25519_core.ts`
 * instead and load the engine with the first request that needs it.
 *
 * @example
 * ```ts
 * import { Ed25519Signer, verifyEd25519 } from "./ed25519.ts";
 * const signer = Ed25519Signer.generate();
 * const sig = signer.sign(new TextEncoder().encode("hi"));
 * verifyEd25519(signer.publicKey, new TextEncoder().encode("hi"), sig); // true
 * ```
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { useEd25519Engine } from "./ed25519_core.ts";

useEd25519Engine(ed25519);

export * from "./ed25519_core.ts";
