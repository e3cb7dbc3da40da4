/** Independent checks with the openssl binary (a second implementation, not our code). */
import assert from "node:assert/strict";

/** HMAC-SHA256 hex of `message` computed by `openssl dgst -sha256 -hmac <key>`. */
export async function opensslHmac(key: string, message: Uint8Array | string): Promise<string> {
  const child = new Deno.Command("openssl", {
    args: ["dgst", "-sha256", "-hmac", key],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(typeof message === "string" ? new TextEncoder().encode(message) : message);
  await w.close();
  const out = await child.output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const m = /([0-9a-f]{64})\s*$/.exec(new TextDecoder().decode(out.stdout));
  assert.ok(m, "openssl printed a digest");
  return m[1]!;
}
