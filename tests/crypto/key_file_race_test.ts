/**
 * Two (or more) server starts racing for the same missing key file, as separate processes:
 * every one ends with the same key, exactly one created it, and none read it empty.
 */
import assert from "node:assert/strict";
import { tempDir } from "../support/temp.ts";

const KEY_FILE = new URL("../../src/crypto/key_file.ts", import.meta.url).href;

/** A child that waits for "go" on stdin, then loads or creates the key and prints the result. */
const CHILD = `
import { loadOrCreateKeyFile } from ${JSON.stringify(KEY_FILE)};
import { toHex } from ${JSON.stringify(new URL("../../src/crypto/hash.ts", import.meta.url).href)};
console.log("ready");
const buf = new Uint8Array(8);
await Deno.stdin.read(buf);
const r = await loadOrCreateKeyFile(Deno.args[0]);
console.log(JSON.stringify({ key: toHex(r.secret), created: r.created }));
`;

Deno.test("key file: processes starting at the same moment all get the one key, created once, never empty", async () => {
  for (let round = 0; round < 3; round++) {
    await using dir = await tempDir();
    const path = `${dir.path}/data/signer.key`;
    const children = Array.from({ length: 4 }, () =>
      new Deno.Command(Deno.execPath(), {
        args: ["eval", "--quiet", CHILD, path],
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn());
    const readers = children.map((c) => c.stdout.pipeThrough(new TextDecoderStream()).getReader());
    // Release them together once every process is up.
    for (const r of readers) assert.equal((await r.read()).value?.trim(), "ready");
    await Promise.all(children.map(async (c) => {
      const w = c.stdin.getWriter();
      await w.write(new TextEncoder().encode("go\n"));
      await w.close();
    }));
    const results: { key: string; created: boolean }[] = [];
    for (const [i, r] of readers.entries()) {
      let out = "";
      for (let x = await r.read(); !x.done; x = await r.read()) out += x.value;
      const status = await children[i]!.status;
      const err = new TextDecoder().decode(await new Response(children[i]!.stderr).arrayBuffer());
      assert.equal(status.code, 0, err);
      results.push(JSON.parse(out.trim()));
    }
    assert.equal(results.filter((r) => r.created).length, 1, JSON.stringify(results));
    assert.equal(new Set(results.map((r) => r.key)).size, 1);
    assert.equal(await Deno.readTextFile(path), results[0]!.key + "\n");
    assert.deepEqual([...Deno.readDirSync(`${dir.path}/data`)].map((e) => e.name), ["signer.key"]);
  }
});
