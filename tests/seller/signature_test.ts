/**
 * Free-answer signatures checked independently of our code: the canonical form rebuilt here
 * (sorted keys, no spaces), hashed with node:crypto, and the Ed25519 signature verified by
 * `openssl pkeyutl -verify` with the key from the listing.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { Buffer } from "node:buffer";
import { NODE_SECRET, postJson } from "./_env.ts";
import { statusToken } from "../../rails/node/status_token.ts";
import { withFreeNode } from "./_free.ts";

/** Canonical JSON written for this test only: keys sorted at every depth, no whitespace. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${
      Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) =>
        `${JSON.stringify(k)}:${canonical(o[k])}`
      ).join(",")
    }}`;
  }
  return JSON.stringify(v);
}

/** SPKI PEM of a raw 32-byte Ed25519 public key (RFC 8410 prefix). */
function pemOf(rawB64: string): string {
  const raw = Buffer.from(rawB64, "base64");
  assert.equal(raw.length, 32);
  const der = Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), raw]);
  return `-----BEGIN PUBLIC KEY-----\n${der.toString("base64")}\n-----END PUBLIC KEY-----\n`;
}

async function opensslVerify(dir: string, pem: string, message: string, sigB64: string) {
  const tag = crypto.randomUUID();
  await Deno.writeTextFile(`${dir}/key-${tag}.pem`, pem);
  await Deno.writeFile(`${dir}/msg-${tag}`, new TextEncoder().encode(message));
  await Deno.writeFile(`${dir}/sig-${tag}`, Buffer.from(sigB64, "base64"));
  const out = await new Deno.Command("openssl", {
    args: [
      "pkeyutl",
      "-verify",
      "-pubin",
      "-inkey",
      `${dir}/key-${tag}.pem`,
      "-rawin",
      "-in",
      `${dir}/msg-${tag}`,
      "-sigfile",
      `${dir}/sig-${tag}`,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { ok: out.code === 0, text: new TextDecoder().decode(out.stdout) };
}

Deno.test("quote signatures verify with openssl over the request-bound canonical form", async () => {
  await withFreeNode(async ({ url, dir }) => {
    const listing = await (await fetch(`${url}/listing.json`)).json();
    const pem = pemOf(listing.public_key.key);
    // Key order and spacing of the request do not matter: the input is hashed canonically.
    const raw = '{ "min_days": 1,  "country": "jp" }';
    const r = await postJson(`${url}/quote`, raw);
    assert.equal(r.status, 200);
    const sig = r.headers.get("x-provider-signature")!;
    const message = canonical({
      capability_id: "esim.quote@v1",
      product_id: listing.product_id,
      input_sha256: createHash("sha256").update(canonical(JSON.parse(raw))).digest("hex"),
      result: r.body.result,
    });
    const v = await opensslVerify(dir, pem, message, sig);
    assert.ok(v.ok, v.text);
    assert.match(v.text, /Signature Verified Successfully/);
    // Bound to the request: the same answer claimed for another input does not verify.
    const other = canonical({
      capability_id: "esim.quote@v1",
      product_id: listing.product_id,
      input_sha256: createHash("sha256").update(canonical({ country: "JP" })).digest("hex"),
      result: r.body.result,
    });
    assert.equal((await opensslVerify(dir, pem, other, sig)).ok, false);
  });
});

Deno.test("status signatures verify with openssl, and a changed result does not", async () => {
  await withFreeNode(async ({ url, dir, server }) => {
    // A real order record, written through the node's store (no payment needed to sign status).
    const node = server.server.services.node;
    const now = new Date().toISOString();
    await node.orders.create({
      order_id: "ord_sigtest",
      state: "refused",
      offer_id: "off_x",
      plan_id: "us-1gb-7d",
      offer_name: "US",
      price_usd: "2.30",
      price_atomic: "2300000",
      cost_usd: 1.8,
      created_at: now,
      updated_at: now,
      input_sha256: "00",
      payment: { payer: "0x0", raw: {}, requirements: {} },
    });
    const input = { order_id: "ord_sigtest", token: statusToken(NODE_SECRET, "ord_sigtest") };
    const r = await postJson(`${url}/status`, input);
    assert.equal(r.status, 200, r.text);
    const listing = await (await fetch(`${url}/listing.json`)).json();
    const sig = r.headers.get("x-provider-signature")!;
    const parts = {
      capability_id: "esim.status@v1",
      product_id: listing.product_id,
      input_sha256: createHash("sha256").update(canonical(input)).digest("hex"),
      result: r.body.result,
    };
    const pem = pemOf(listing.public_key.key);
    assert.ok((await opensslVerify(dir, pem, canonical(parts), sig)).ok);
    const changed = { ...parts, result: { ...(r.body.result as object), status: "delivered" } };
    assert.equal((await opensslVerify(dir, pem, canonical(changed), sig)).ok, false);
  });
});
