import assert from "node:assert/strict";
import { Ed25519Signer, keyIdOf, verifyEd25519 } from "../../src/crypto/ed25519.ts";
import { fromHex, sha256Hex, toHex } from "../../src/crypto/hash.ts";
import { issueReceipt, verifyReceipt } from "../../src/crypto/receipt.ts";

// RFC 8032 §7.1, tests 1-3 and SHA(abc).
const RFC8032 = [
  {
    name: "TEST 1 (empty message)",
    secret: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
    public: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
    message: "",
    signature:
      "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
  },
  {
    name: "TEST 2 (one byte)",
    secret: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
    public: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
    message: "72",
    signature:
      "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
  },
  {
    name: "TEST 3 (two bytes)",
    secret: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
    public: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
    message: "af82",
    signature:
      "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
  },
];

for (const v of RFC8032) {
  Deno.test(`Ed25519Signer reproduces RFC 8032 ${v.name}`, () => {
    const signer = new Ed25519Signer(fromHex(v.secret));
    assert.equal(toHex(signer.publicKey), v.public);
    assert.equal(toHex(signer.sign(fromHex(v.message))), v.signature);
    assert.equal(verifyEd25519(fromHex(v.public), fromHex(v.message), fromHex(v.signature)), true);
  });
}

Deno.test("verifyEd25519() rejects a flipped bit, a wrong key and malformed lengths", () => {
  const v = RFC8032[1]!;
  const sig = fromHex(v.signature);
  sig[5]! ^= 1;
  assert.equal(verifyEd25519(fromHex(v.public), fromHex(v.message), sig), false);
  assert.equal(
    verifyEd25519(fromHex(RFC8032[0]!.public), fromHex(v.message), fromHex(v.signature)),
    false,
  );
  assert.equal(verifyEd25519(new Uint8Array(31), fromHex(v.message), fromHex(v.signature)), false);
  assert.equal(verifyEd25519(fromHex(v.public), fromHex(v.message), new Uint8Array(63)), false);
});

Deno.test("keyIdOf() is the first 16 hex characters of SHA-256 of the public key", () => {
  const pub = fromHex(RFC8032[0]!.public);
  assert.equal(keyIdOf(pub), sha256Hex(pub).slice(0, 16));
  assert.equal(new Ed25519Signer(fromHex(RFC8032[0]!.secret)).keyId, keyIdOf(pub));
});

Deno.test("Ed25519Signer never serialises its secret", () => {
  const signer = new Ed25519Signer(fromHex(RFC8032[0]!.secret));
  const text = JSON.stringify({ signer });
  assert.equal(text.includes(RFC8032[0]!.secret), false);
  assert.match(text, /"key_id"/);
});

const PAYMENT = {
  scheme: "exact",
  network: "eip155:8453",
  asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  amount: "1000",
  payer: "0x0000000000000000000000000000000000000001",
  pay_to: "0x0000000000000000000000000000000000000002",
  transaction: "0x" + "ab".repeat(32),
};

Deno.test("issueReceipt() signs a receipt that verifyReceipt() accepts and binds input and result", () => {
  const signer = Ed25519Signer.generate();
  const receipt = issueReceipt(signer, {
    service: "fair-random",
    capability_id: "svc.draw@v1",
    input: { seed: "x" },
    result: { output: "00" },
    payment: PAYMENT,
  });
  assert.equal(receipt.key_id, signer.keyId);
  assert.equal(receipt.input_sha256, sha256Hex('{"seed":"x"}'));
  assert.equal(verifyReceipt(signer.publicKey, receipt), true);
  assert.equal(
    verifyReceipt(signer.publicKey, { ...receipt, result_sha256: "00".repeat(32) }),
    false,
  );
  assert.equal(
    verifyReceipt(signer.publicKey, { ...receipt, payment: { ...PAYMENT, amount: "1" } }),
    false,
  );
  assert.equal(verifyReceipt(Ed25519Signer.generate().publicKey, receipt), false);
  assert.equal(verifyReceipt(signer.publicKey, { ...receipt, signature: "%%%" }), false);
});
