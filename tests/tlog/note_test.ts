/**
 * Checkpoints in the C2SP signed-note format, checked with WebCrypto (SHA-256 key hash, Ed25519
 * signature), not with the code under test.
 */
import assert from "node:assert/strict";
import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
import {
  openCheckpoint,
  parseVerifierKey,
  signCheckpoint,
  verifierKey,
} from "../../src/tlog/note.ts";
import { logSigner } from "../../src/tlog/signer.ts";

const ORIGIN = "log.example.com:8443/mcp-log";
const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

Deno.test("note: a checkpoint is '<origin>\\n<size>\\n<root>\\n\\n— <origin> <keyhash||sig>' and verifies with WebCrypto", async () => {
  const key = Ed25519Signer.generate();
  const root = crypto.getRandomValues(new Uint8Array(32));
  const note = await signCheckpoint(key, ORIGIN, 42, root);
  const [body, sigLine] = note.split("\n\n");
  assert.equal(body + "\n", `${ORIGIN}\n42\n${btoa(String.fromCharCode(...root))}\n`);
  const m = /^\u2014 (\S+) (\S+)\n$/.exec(sigLine!);
  assert.ok(m, sigLine);
  assert.equal(m[1], ORIGIN);
  const blob = b64(m[2]!);
  assert.equal(blob.length, 68);
  const keyHash = new Uint8Array(
    await crypto.subtle.digest(
      "SHA-256",
      new Uint8Array([...new TextEncoder().encode(ORIGIN), 0x0a, 0x01, ...key.publicKey]),
    ),
  ).slice(0, 4);
  assert.deepEqual(blob.slice(0, 4), keyHash);
  const pub = await crypto.subtle.importKey(
    "raw",
    new Uint8Array(key.publicKey),
    { name: "Ed25519" },
    false,
    [
      "verify",
    ],
  );
  assert.ok(
    await crypto.subtle.verify(
      "Ed25519",
      pub,
      new Uint8Array(blob.slice(4)),
      new TextEncoder().encode(body + "\n"),
    ),
  );
  assert.deepEqual(openCheckpoint(note, ORIGIN, key.publicKey)?.size, 42);
  const vkey = verifierKey(ORIGIN, key.publicKey);
  const [, name, hash, typed] = /^([^+]+)\+([^+]+)\+(.+)$/.exec(vkey)!;
  assert.equal(name, ORIGIN);
  assert.equal(hash, [...keyHash].map((b) => b.toString(16).padStart(2, "0")).join(""));
  assert.deepEqual(b64(typed!), new Uint8Array([1, ...key.publicKey]));
  assert.deepEqual(parseVerifierKey(vkey)?.publicKey, key.publicKey);
});

Deno.test("note: a changed size, root, origin, key or signature is refused", async () => {
  const key = Ed25519Signer.generate();
  const note = await signCheckpoint(key, ORIGIN, 7, new Uint8Array(32));
  assert.ok(openCheckpoint(note, ORIGIN, key.publicKey));
  assert.equal(openCheckpoint(note.replace("\n7\n", "\n8\n"), ORIGIN, key.publicKey), undefined);
  assert.equal(openCheckpoint(note, "other.example/mcp-log", key.publicKey), undefined);
  assert.equal(openCheckpoint(note, ORIGIN, Ed25519Signer.generate().publicKey), undefined);
  const sig = note.slice(note.lastIndexOf(" ") + 1, -1);
  const flipped = b64(sig);
  flipped[10]! ^= 1;
  const tampered = note.replace(sig, btoa(String.fromCharCode(...flipped)));
  assert.equal(openCheckpoint(tampered, ORIGIN, key.publicKey), undefined);
  assert.equal(openCheckpoint(note.replace(/\n$/, ""), ORIGIN, key.publicKey), undefined);
  // An unknown extra signer is ignored; ours still verifies.
  const other = await signCheckpoint(
    Ed25519Signer.generate(),
    "witness.example",
    7,
    new Uint8Array(32),
  );
  const cosigned = note + other.slice(other.indexOf("\u2014"));
  assert.ok(openCheckpoint(cosigned, ORIGIN, key.publicKey));
  assert.equal(
    parseVerifierKey(verifierKey(ORIGIN, key.publicKey).replace(/\+[0-9a-f]{8}\+/, "+00000000+")),
    undefined,
  );
});

Deno.test("note: the native log signer signs exactly as the pure-JS Ed25519 signer", async () => {
  const secret = crypto.getRandomValues(new Uint8Array(32));
  const native = await logSigner(secret);
  const js = new Ed25519Signer(secret);
  const msg = new TextEncoder().encode("log.example/mcp-log\n3\nAAAA\n");
  assert.deepEqual(native.publicKey, js.publicKey);
  assert.deepEqual(await native.sign(msg), js.sign(msg));
});
