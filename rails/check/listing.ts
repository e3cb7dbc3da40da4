/**
 * Check 1, listing document: `GET /listing.json` answers 200 with JSON valid against the
 * listing schema, the Ed25519 public key decodes to 32 bytes, `key_id` is the first 16 hex
 * characters of its SHA-256, and the three `esim.*@v1` capabilities are listed.
 *
 * The key and product id are kept for check 4 even when the document fails its schema, so one
 * broken field does not hide whether the signatures are right.
 */
import { validate } from "../schemas.ts";
import { fromBase64 } from "../../src/crypto/hash.ts";
import { keyIdOf } from "../../src/crypto/ed25519.ts";
import { at, pointerOf, type Probe, short } from "./_probe.ts";
import { result, type RunState, seen } from "./_result.ts";
import type { CheckResult } from "./types.ts";

/** Capabilities a seller node lists (spec §2.3). */
export const REQUIRED_CAPABILITIES = ["esim.quote@v1", "esim.status@v1", "esim.order@v1"];

/** Runs check 1 and records the key, product id, demo flag and pay-to in `state`. */
export async function checkListing(probe: Probe, state: RunState): Promise<CheckResult> {
  const a = await probe.send("GET", "/listing.json");
  const location = a.headers.get("location");
  if (a.status >= 300 && a.status < 400 && location !== null) {
    return result(
      "listing",
      "fail",
      `GET /listing.json answered ${a.status}, a redirect to ${
        location.slice(0, 200)
      }; the check follows no redirects: give the node's final URL`,
      [seen(a, { header: "Location", found: short(location, 200), expected: "200" })],
    );
  }
  if (a.status !== 200) {
    return result("listing", "fail", `GET /listing.json answered ${a.status}, expected 200`, [
      seen(a, { expected: "200" }),
    ]);
  }
  if (!a.isJson || typeof a.json !== "object" || a.json === null || Array.isArray(a.json)) {
    return result("listing", "fail", "the listing is not a JSON object", [
      seen(a, { found: short(a.text, 80), expected: "a JSON object" }),
    ]);
  }
  const doc = a.json;
  // Keep what later checks need, whatever the schema says.
  const key = at(doc, "/public_key/key");
  let keyBytes: Uint8Array | undefined;
  if (typeof key === "string") {
    try {
      keyBytes = fromBase64(key);
    } catch { /* reported below */ }
  }
  if (keyBytes?.length === 32) {
    state.publicKey = keyBytes;
    state.keyId = keyIdOf(keyBytes);
  }
  const productId = at(doc, "/product_id");
  if (typeof productId === "string") state.productId = productId;
  state.demo = at(doc, "/demo") === true;
  const payTo = at(doc, "/x402/pay_to");
  if (typeof payTo === "string") state.payTo = payTo;

  const v = validate("listing", doc);
  if (!v.ok) {
    const pointer = pointerOf("", v.field);
    return result(
      "listing",
      "fail",
      `the listing is not valid against listing.json: ${v.message}`,
      [
        seen(a, { pointer, found: short(at(doc, pointer)) }),
      ],
    );
  }
  if (keyBytes?.length !== 32) {
    return result("listing", "fail", "public_key.key is not base64 of 32 bytes", [
      seen(a, { pointer: "/public_key/key", found: short(key), expected: "base64 of 32 bytes" }),
    ]);
  }
  const keyId = at(doc, "/public_key/key_id");
  if (keyId !== state.keyId) {
    return result(
      "listing",
      "fail",
      "public_key.key_id is not the first 16 hex characters of SHA-256 of the key",
      [seen(a, { pointer: "/public_key/key_id", found: short(keyId), expected: state.keyId })],
    );
  }
  const caps = (at(doc, "/capabilities") as { capability_id: string }[]).map((c) =>
    c.capability_id
  );
  const missing = REQUIRED_CAPABILITIES.filter((c) => !caps.includes(c));
  if (missing.length) {
    return result("listing", "fail", `the listing does not list ${missing.join(", ")}`, [
      seen(a, {
        pointer: "/capabilities",
        found: short(caps),
        expected: short(REQUIRED_CAPABILITIES),
      }),
    ]);
  }
  const demo = state.demo ? "; demo: true" : "";
  return result(
    "listing",
    "pass",
    `valid; Ed25519 key ${state.keyId}, product '${productId}'${demo}`,
    [seen(a)],
  );
}
