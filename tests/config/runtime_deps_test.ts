/**
 * The runtime graph stays clean: `deno.lock` (used by `deno task start`, `deno install` and a
 * compiled binary) holds only the packages of deno.json "imports" and their dependencies, so a
 * first start downloads only what the server runs. Test-only packages live in `deno.test.lock`
 * (used by `deno task test` and `deno task typecheck`); deno.lock must be exactly that file
 * pruned to the runtime imports (`deno run -A tests/support/runtime_lock.ts` rewrites it).
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { type Lockfile, runtimeLock, runtimeSpecifiers } from "../support/runtime_lock.ts";

const ROOT = new URL("../../", import.meta.url);
const readJson = async <T>(name: string): Promise<T> =>
  JSON.parse(await Deno.readTextFile(new URL(name, ROOT)));

const FIX = "deno.lock must hold only runtime packages: test-only packages go in deno.test.lock " +
  "(run tests with `deno task test`, which passes --lock=deno.test.lock); to rebuild it: " +
  "`deno run -A tests/support/runtime_lock.ts`";

Deno.test("deno.lock is deno.test.lock pruned to the runtime imports of deno.json", async () => {
  const config = await readJson<{ imports: Record<string, string> }>("deno.json");
  const lock = await readJson<Lockfile>("deno.lock");
  const full = await readJson<Lockfile>("deno.test.lock");
  const expected = runtimeLock(full, runtimeSpecifiers(config.imports));
  assertEquals(Object.keys(lock.specifiers).sort(), Object.keys(expected.specifiers).sort(), FIX);
  assertEquals(Object.keys(lock.npm).sort(), Object.keys(expected.npm).sort(), FIX);
  assertEquals(lock, expected, FIX);
});

Deno.test("test-only packages are never in deno.json imports", async () => {
  const config = await readJson<{ imports: Record<string, string> }>("deno.json");
  const testOnly = /anvil|solc|@x402\/|@modelcontextprotocol\/|playwright|puppeteer/;
  assertEquals(Object.values(config.imports).filter((v) => testOnly.test(v)), []);
});
