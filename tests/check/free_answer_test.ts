/** `verifyFreeAnswer` and `compareOffers`, the two pure parts of the check the SDK exports. */
import assert from "node:assert/strict";
import { compareOffers, freeAnswerMessage, verifyFreeAnswer } from "../../rails/check/mod.ts";
import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
import { sha256Hex, toBase64 } from "../../src/crypto/hash.ts";

const signer = new Ed25519Signer(new Uint8Array(32).fill(3));
const answer = {
  capabilityId: "esim.quote@v1",
  productId: "p1",
  input: { country: "US", min_days: 1 },
  result: { country: "US", offers: [], quoted_at: "2026-01-01T00:00:00Z", note: "é" },
};
const good = toBase64(signer.sign(freeAnswerMessage(answer)));

Deno.test("freeAnswerMessage is the canonical JSON of the four signed fields", () => {
  const text = new TextDecoder().decode(freeAnswerMessage(answer));
  const inputSha = sha256Hex('{"country":"US","min_days":1}');
  assert.equal(
    text,
    `{"capability_id":"esim.quote@v1","input_sha256":"${inputSha}","product_id":"p1",` +
      `"result":{"country":"US","note":"é","offers":[],"quoted_at":"2026-01-01T00:00:00Z"}}`,
  );
});

Deno.test("verifyFreeAnswer accepts the signer's signature", () => {
  assert.equal(verifyFreeAnswer(signer.publicKey, answer, good), null);
});

Deno.test("verifyFreeAnswer binds the signature to the input", () => {
  const other = { ...answer, input: { country: "US" } };
  assert.match(verifyFreeAnswer(signer.publicKey, other, good)!, /does not verify/);
});

Deno.test("verifyFreeAnswer binds the signature to the product and capability", () => {
  assert.match(verifyFreeAnswer(signer.publicKey, { ...answer, productId: "p2" }, good)!, /not/);
  assert.match(
    verifyFreeAnswer(signer.publicKey, { ...answer, capabilityId: "esim.status@v1" }, good)!,
    /does not verify/,
  );
});

Deno.test("verifyFreeAnswer names a missing, non-base64 or short signature", () => {
  assert.match(verifyFreeAnswer(signer.publicKey, answer, null)!, /no X-Provider-Signature/);
  assert.match(verifyFreeAnswer(signer.publicKey, answer, "%%")!, /not base64/);
  assert.match(verifyFreeAnswer(signer.publicKey, answer, "AAAA")!, /decodes to 3 bytes/);
});

Deno.test("verifyFreeAnswer refuses another key", () => {
  const other = new Ed25519Signer(new Uint8Array(32).fill(4));
  assert.match(verifyFreeAnswer(other.publicKey, answer, good)!, /does not verify/);
});

Deno.test("compareOffers orders by price, then more data, then offer_id", () => {
  const o = (offer_id: string, price_usd: string, data_bytes: number) => ({
    offer_id,
    price_usd,
    data_bytes,
  });
  const list = [
    o("b", "10.00", 1),
    o("c", "9.99", 1),
    o("a", "9.99", 1),
    o("d", "9.99", 5),
    o("e", "100.00", 9),
  ];
  assert.deepEqual(list.sort(compareOffers).map((x) => x.offer_id), ["d", "a", "c", "b", "e"]);
});
