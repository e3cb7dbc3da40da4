/**
 * The runtime lockfile from the full one: `deno.lock` (what `deno task start`, `deno install`
 * and a compiled binary use) must hold only the packages of deno.json "imports" and their
 * dependencies, because Deno installs every package a lockfile names. `deno.test.lock` (used by
 * `deno task test` and `deno task typecheck`) holds those and the test-only packages. This
 * module derives the first from the second; run it to rewrite deno.lock after a merge or a
 * dependency change:
 *
 * ```sh
 * deno run -A tests/support/runtime_lock.ts     # writes deno.lock from deno.test.lock
 * ```
 */

export interface Lockfile {
  version: string;
  specifiers: Record<string, string>;
  npm: Record<string, { integrity: string; dependencies?: string[]; [k: string]: unknown }>;
  workspace?: { dependencies?: string[] };
  [k: string]: unknown;
}

/** `npm:viem@2.57.1`, `npm:/viem@2.57.1/` → `npm:viem@2.57.1`; other values → undefined. */
export function rootSpecifier(value: string): string | undefined {
  const m = /^npm:\/?((?:@[^/]+\/)?[^/@]+@[^/]+)\/?$/.exec(value);
  return m ? `npm:${m[1]}` : undefined;
}

/** The npm specifiers of deno.json "imports", sorted and without duplicates. */
export function runtimeSpecifiers(imports: Record<string, string>): string[] {
  return [...new Set(Object.values(imports).map(rootSpecifier).filter((s) => s !== undefined))]
    .sort() as string[];
}

/** `viem@2.57.1_zod@4.6.7` → `viem`. */
const nameOf = (id: string) => id.split("_")[0]!.replace(/(.)@[^@]+$/, "$1");

/** `full` pruned to the closure of `roots` (npm specifiers of deno.json "imports"). */
export function runtimeLock(full: Lockfile, roots: string[]): Lockfile {
  const byName = new Map<string, string[]>();
  for (const id of Object.keys(full.npm)) {
    byName.set(nameOf(id), [...byName.get(nameOf(id)) ?? [], id]);
  }
  const specifiers: Record<string, string> = {};
  const todo: string[] = [];
  for (const root of roots) {
    const resolved = full.specifiers[root];
    if (resolved === undefined) throw new Error(`${root} is not in the full lockfile`);
    specifiers[root] = resolved;
    todo.push(`${nameOf(root.slice(4))}@${resolved}`);
  }
  const seen = new Set<string>();
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    const entry = full.npm[id];
    if (!entry) throw new Error(`${id} is not in the full lockfile`);
    seen.add(id);
    const deps = [
      ...(entry.dependencies ?? []),
      ...((entry.optionalDependencies as string[] | undefined) ?? []),
    ];
    for (const dep of deps) {
      const alias = dep.includes("@npm:") ? dep.split("@npm:")[1]! : dep;
      if (full.npm[alias]) todo.push(alias);
      else {
        const candidates = byName.get(alias) ?? [];
        if (candidates.length !== 1) throw new Error(`cannot resolve ${dep} of ${id}`);
        todo.push(candidates[0]!);
      }
    }
  }
  const npm = Object.fromEntries(Object.entries(full.npm).filter(([id]) => seen.has(id)));
  return {
    ...full,
    specifiers,
    npm,
    workspace: { ...full.workspace, dependencies: [...roots] },
  };
}

if (import.meta.main) {
  const root = new URL("../../", import.meta.url);
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", root)));
  const full = JSON.parse(await Deno.readTextFile(new URL("deno.test.lock", root))) as Lockfile;
  const lock = runtimeLock(full, runtimeSpecifiers(config.imports));
  await Deno.writeTextFile(new URL("deno.lock", root), JSON.stringify(lock, null, 2) + "\n");
  console.log(`deno.lock: ${Object.keys(lock.npm).length} runtime packages`);
}
