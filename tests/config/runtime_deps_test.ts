/**
 * The runtime graph stays clean: `deno.lock` (used by `deno task start`, `deno install` and a
 * compiled binary) holds only the packages of deno.json "imports" and their dependencies, so a
 * first start downloads only what the server runs. Test-only packages live in `deno.test.lock`
 * (used by `deno task test` and `deno task typecheck`), which must agree with it.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
interface Lock {
  specifiers: Record<string, string>;
  npm: Record<string, { integrity: string; dependencies?: string[] }>;
  workspace: { dependencies: string[] };
}
const readJson = async <T>(name: string): Promise<T> =>
  JSON.parse(await Deno.readTextFile(new URL(name, ROOT)));

/** `npm:viem@2.57.1`, `npm:/viem@2.57.1/` → `npm:viem@2.57.1`. */
function rootSpecifier(value: string): string | undefined {
  const m = /^npm:\/?((?:@[^/]+\/)?[^/@]+@[^/]+)\/?$/.exec(value);
  return m ? `npm:${m[1]}` : undefined;
}

Deno.test("deno.lock holds exactly the runtime imports of deno.json and their dependencies", async () => {
  const config = await readJson<{ imports: Record<string, string> }>("deno.json");
  const lock = await readJson<Lock>("deno.lock");
  const runtime = [...new Set(Object.values(config.imports).map(rootSpecifier))].filter(Boolean)
    .sort();
  assertEquals(Object.keys(lock.specifiers).sort(), runtime);
  assertEquals([...lock.workspace.dependencies].sort(), runtime);
  // Every npm entry is reachable from a runtime specifier.
  const names = (id: string) => id.split("_")[0]!.replace(/@[^@]+$/, "");
  const byName = new Map<string, string[]>();
  for (const id of Object.keys(lock.npm)) {
    byName.set(names(id), [...byName.get(names(id)) ?? [], id]);
  }
  const seen = new Set<string>();
  const todo = Object.entries(lock.specifiers).map(([s, v]) => `${names(s.slice(4) + "_")}@${v}`);
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    assert(lock.npm[id], `deno.lock lacks ${id}`);
    seen.add(id);
    for (const dep of lock.npm[id]!.dependencies ?? []) {
      todo.push(lock.npm[dep] ? dep : byName.get(dep)?.[0] ?? dep);
    }
  }
  assertEquals(Object.keys(lock.npm).filter((id) => !seen.has(id)), []);
});

Deno.test("test-only packages are never in deno.json imports and deno.test.lock agrees with deno.lock", async () => {
  const config = await readJson<{ imports: Record<string, string> }>("deno.json");
  const testOnly = /anvil|solc|@x402\/|@modelcontextprotocol\/|playwright|puppeteer/;
  assertEquals(Object.values(config.imports).filter((v) => testOnly.test(v)), []);
  const lock = await readJson<Lock>("deno.lock");
  const testLock = await readJson<Lock>("deno.test.lock");
  for (const [s, v] of Object.entries(lock.specifiers)) assertEquals(testLock.specifiers[s], v, s);
  for (const [id, e] of Object.entries(lock.npm)) {
    assertEquals(testLock.npm[id]?.integrity, e.integrity, id);
  }
});
